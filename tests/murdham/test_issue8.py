"""Issue 8: rules that govern every attack govern counters too; gear wear; exploding dice
everywhere; free dodges against blasts; shields that strike; the readings of the seed."""

from __future__ import annotations

from fracas.rulesets.murdham.attack import attack
from fracas.rulesets.murdham.turn import fall

NO_STUNT = 0


def is_(kind):
    return lambda o: isinstance(o, kind)


# ----------------------------------------------------------------------------- M9: all dice


def test_a_fall_a_larger_shovers_d4_and_hazards_explode(scene):
    """M9: every damage die explodes: a fall's d4 4, 2 is 5; a larger shover's d4 4, 1 is 4;
    a hazard's 1d6 6, 2 is 7."""
    from fracas.rulesets.murdham.attack import NoReaction

    s = scene(
        (
            "A",
            [
                {"name": "Rider", "template": "bandit", "STR": 19, "zone": "a1"},
                {"name": "Troll", "template": "troll", "zone": "b1"},
            ],
        ),
        ("B", [{"name": "Victim", "template": "bandit", "STR": 19, "zone": "b1"}]),
        grid=(3, 1),
        map={"hazards": {"c1": "1d6"}},
    )
    rider = s["Rider"]
    s.dice.push(4, 2)
    fall(s.table, s.state, rider)
    assert rider.health == 19 - 5
    victim = s["Victim"]
    s.choices.push("react", is_(NoReaction))
    s.dice.push(4, 1, 6, 2)  # no STR save against a larger shover; d4 4+1; hazard 6+2
    attack(s.table, s.state, s["Troll"], victim, s.weapon("Troll", "Unarmed"), kind="shove")
    assert victim.zone == "c1"
    assert victim.health == 19 - 4 - 7
