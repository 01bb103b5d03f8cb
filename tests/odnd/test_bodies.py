"""Issue 29, "bodies block" (rule 49, rule 52, rule 56, ODD-U25): combatants take room on the
plane; a move or charge goes round foes' places or stops, a line of foes closes the way unless
there is a gap of 10 ft between two of them, and one with no way out cannot retreat. Each
test scripts the dice and choices; each failed before bodies were modelled."""

from __future__ import annotations

import math
from typing import Any

import fracas
from fracas.core.combatant import Status
from fracas.rulesets.odnd import moves, round, space
from fracas.rulesets.odnd.events import Attack, Moved, RollOff, Surrendered
from fracas.rulesets.odnd.round import Plan
from fracas.rulesets.odnd.state import OdndState

from .conftest import Scene, pc


def line(name: str, x: float, ys: list[float], **kw: Any) -> list[dict[str, Any]]:
    return [pc(f"{name} {k + 1}", position=[x, y], **kw) for k, y in enumerate(ys)]


def feet_apart(a: Any, b: Any) -> float:
    return space.feet(a, b)


def test_bodies_a_line_blocks_a_charge() -> None:
    """Rule 56, ODD-U25: a line of men 5 ft apart leaves no gap; a charger (6", 60 ft) whose
    target stands 35 ft beyond the line cannot run through it, and the way round the line's end
    is longer than its move: no charge is offered (straight, 35 ft would be a charge, rule 77)."""
    s = Scene(
        ("A", [pc("Charger", position=[0, 0], move=6)]),
        (
            "B",
            [pc("Target", position=[45, 0]), *line("Guard", 25, [5.0 * k for k in range(-5, 6)])],
        ),
    )
    charger, target = s["Charger"], s["Target"]
    assert space.feet(charger, target) - space.MELEE == 35
    assert not moves.can_charge(s.state, charger, target)
    assert not any(
        p.action == "charge" and p.target is target for p in round.options(s.state, charger)
    )
    assert space.gap(s.state, charger, target) > 60


def test_bodies_a_gap_of_10_ft_lets_a_mover_through() -> None:
    """ODD-U25: two foes 10 ft apart leave room to "move through" (rule 56): the way is
    straight, and both foes, passed within 10 ft and not in melee, get the Retreat's roll-off
    (rule 53)."""
    s = Scene(
        ("A", [pc("Runner", position=[0, 0], move=12)]),
        ("B", [pc("Target", position=[45, 0]), *line("Guard", 20, [-5, 5])]),
    )
    runner, target = s["Runner"], s["Target"]
    assert space.gap(s.state, runner, target) == 35
    round.adopt(s.table, s.state, runner, Plan(target, False, "run"))
    s.dice.push(6, 1, 6, 1)  # a roll-off with each guard: the runner wins both
    round.act(s.table, s.state, runner, runner.attacks_left)
    assert sorted(r.foe for r in s.of(RollOff)) == ["Guard 1", "Guard 2"]
    assert runner.position.y == 0 and abs(space.feet(runner, target) - 5) < 1e-6


def test_bodies_a_gap_under_10_ft_is_closed() -> None:
    """ODD-U25: two foes 9 ft apart close the way between them: the mover goes round (a longer
    way, never between them) and still ends 5 ft from its target."""
    s = Scene(
        ("A", [pc("Runner", position=[0, 0], move=12)]),
        ("B", [pc("Target", position=[45, 0]), *line("Guard", 20, [-4.5, 4.5])]),
    )
    runner, target = s["Runner"], s["Target"]
    assert space.gap(s.state, runner, target) > 35
    round.adopt(s.table, s.state, runner, Plan(target, False, "run"))
    s.dice.push(6, 1, 6, 1)  # a roll-off with each guard passed: the runner wins
    round.act(s.table, s.state, runner, runner.attacks_left)
    (moved,) = s.of(Moved)
    assert moved.feet > 40
    assert "round the bodies in the way" in moved.text()  # the log says why (issue 29)
    assert abs(space.feet(runner, target) - 5) < 1e-6


def test_bodies_open_ranks_leave_room() -> None:
    """ODD-U25's "or a line the encounter marks open": a side with `open_ranks` closes no
    gap, so the same 9 ft gap lets the mover through straight."""
    doc_sides = (
        ("A", [pc("Runner", position=[0, 0], move=12)]),
        ("B", [pc("Target", position=[45, 0]), *line("Guard", 20, [-4.5, 4.5])]),
    )
    s = Scene(*doc_sides)
    assert space.gap(s.state, s["Runner"], s["Target"]) > 35
    doc = {
        "ruleset": "odnd",
        "name": "open ranks",
        "sides": [{"name": n, "combatants": cs} for n, cs in doc_sides],
    }
    doc["sides"][1]["open_ranks"] = True
    state = fracas.from_document(doc).ruleset.setup(fracas.from_document(doc).spec)
    assert isinstance(state, OdndState) and state.open_ranks == {"B"}
    runner, target = (
        next(f for f in state.fighters() if f.name == n) for n in ("Runner", "Target")
    )
    assert space.gap(state, runner, target) == 35


def test_bodies_movers_end_on_free_places() -> None:
    """Rule 49 (issue 29: "six orcs within a foot of each other all go away"): three orcs
    advancing on one man end on places of their own round him, each 5 ft from him and at
    least 5 ft from each other."""
    s = Scene(
        ("A", [pc("Hero", position=[0, 0])]),
        ("B", line("Orc", 20, [-5, 0, 5], kind="monster", hd=1)),
    )
    hero = s["Hero"]
    for orc in ("Orc 1", "Orc 2", "Orc 3"):
        o = s[orc]
        round.adopt(s.table, s.state, o, Plan(hero, False))
        moves.advance(s.table, s.state, o, hero)
    orcs = [s["Orc 1"], s["Orc 2"], s["Orc 3"]]
    assert all(space.in_melee(s.state, o, hero) for o in orcs)
    assert all(space.feet(o, hero) >= 5 - 1e-6 for o in orcs)
    pairs = [(a, b) for i, a in enumerate(orcs) for b in orcs[i + 1 :]]
    assert min(feet_apart(a, b) for a, b in pairs) >= 5 - 1e-6


def test_bodies_a_large_body_is_met_at_its_edge() -> None:
    """`data/tables.yaml` `body` (D-C8's rings): a troll's place is 10 ft across, so a man
    advancing on it stops at its edge, 7.5 ft from its centre (still in melee, rule 49)."""
    s = Scene(
        ("A", [pc("Hero", position=[0, 0])]),
        ("B", [{"name": "Troll", "template": "troll", "position": [25, 0], "hp": 30}]),
    )
    hero, troll = s["Hero"], s["Troll"]
    round.adopt(s.table, s.state, hero, Plan(troll, False))
    moves.advance(s.table, s.state, hero, troll)
    assert abs(space.feet(hero, troll) - 7.5) < 1e-6


def test_bodies_a_friend_makes_way() -> None:
    """F-ODD-93: a mover passes through a friend's place (the seed closes the way only with
    a line of foes); it goes straight and the friend gives no roll-off."""
    s = Scene(
        ("A", [pc("Runner", position=[0, 0], move=12), *line("Friend", 20, [-2, 2])]),
        ("B", [pc("Target", position=[45, 0])]),
    )
    assert space.gap(s.state, s["Runner"], s["Target"]) == 35


def test_bodies_the_hemmed_in_cannot_retreat_and_surrender() -> None:
    """Rules 52, 132: an orc ringed by six men 5 ft from it has no opponent to pass round and
    no opening in the line: no retreat is offered, and when its group routs it surrenders."""
    ring = [[5 * math.cos(math.pi * k / 3), 5 * math.sin(math.pi * k / 3)] for k in range(6)]
    s = Scene(
        ("A", [pc(f"Man {k + 1}", position=p) for k, p in enumerate(ring)]),
        ("B", [{"name": "Orc", "template": "orc", "position": [0, 0], "hp": 4}]),
        conditions={"pursuit": False},
    )
    orc = s["Orc"]
    assert not any(p.action == "retreat" for p in round.options(s.state, orc))
    s.dice.push(6, 6)  # morale 8: 12 fails
    round.check_morale(s.table, s.state, "Orc", ["big upset"])
    assert orc.status is Status.SURRENDERED
    assert not s.of(RollOff)
    (why,) = s.of(Surrendered)
    assert "hemmed in" in why.why


def test_bodies_a_gap_in_the_ring_lets_it_retreat() -> None:
    """Rule 52: "through an opening in the line": one man gone leaves his neighbours 8.7 ft
    apart, still closed (ODD-U25); two men gone leave 10 ft, and the orc may retreat."""
    ring = [[5 * math.cos(math.pi * k / 3), 5 * math.sin(math.pi * k / 3)] for k in range(5)]
    s = Scene(
        ("A", [pc(f"Man {k + 1}", position=p) for k, p in enumerate(ring)]),
        ("B", [{"name": "Orc", "template": "orc", "position": [0, 0], "hp": 4}]),
    )
    assert not any(p.action == "retreat" for p in round.options(s.state, s["Orc"]))
    ring = ring[:4]
    s = Scene(
        ("A", [pc(f"Man {k + 1}", position=p) for k, p in enumerate(ring)]),
        ("B", [{"name": "Orc", "template": "orc", "position": [0, 0], "hp": 4}]),
    )
    assert any(p.action == "retreat" for p in round.options(s.state, s["Orc"]))


def test_bodies_charge_round_a_line_meets_its_set_spears() -> None:
    """Bodies × set spears (rules 56, 79, 83): a charger going round the end of a closed line
    of set spears passes within 10 ft of the end spearman, who strikes it first; the charge
    then lands on its target."""
    s = Scene(
        ("A", [pc("Charger", position=[-20, 0], move=12)]),
        ("B", [pc("Target", position=[60, 0]),
               *line("Spear", 30, [-10, -5, 0, 5, 10], weapons=["spear"])]),
    )  # fmt: skip
    charger, target = s["Charger"], s["Target"]
    for k in range(1, 6):
        s[f"Spear {k}"].spear_set = True
    assert moves.can_charge(s.state, charger, target)
    round.adopt(s.table, s.state, charger, Plan(target, False, "charge"))
    s.dice.push(2, 2, 2, 2)  # the spears passed miss, then the charge misses
    round.act(s.table, s.state, charger, charger.attacks_left)
    attackers = [a.attacker for a in s.of(Attack)]
    assert attackers[-1] == "Charger" and {"Spear 1", "Spear 5"} & set(attackers[:-1])
    assert "Spear 3" not in attackers  # the middle of the line is never passed
    (moved,) = s.of(Moved)
    assert moved.feet > 80  # round the line's end, not straight through it
    assert abs(space.feet(charger, target) - 5) < 1e-6


def test_bodies_a_fighting_withdrawal_needs_a_way_out() -> None:
    """Bodies × fighting withdrawal (rules 51, 52): ringed by six foes, a withdrawing fighter
    has nowhere to back off to — it stays in the ring, engaged, and does not disengage."""
    ring = [[5 * math.cos(math.pi * k / 3), 5 * math.sin(math.pi * k / 3)] for k in range(6)]
    s = Scene(
        ("A", [pc("Hero", position=[0, 0])]),
        ("B", [pc(f"Orc {k + 1}", position=p, kind="monster", hd=1) for k, p in enumerate(ring)]),
    )
    hero = s["Hero"]
    round.adopt(s.table, s.state, hero, Plan(None, False, "withdraw"))
    moves.withdraw(s.table, s.state, hero)
    assert space.engaged(s.state, hero)
    assert all(space.feet(hero, s[f"Orc {k + 1}"]) >= 4.5 for k in range(6))
