"""Stage 1 on the plane: distances, movement, charges, retreat (checklist rules 42–53, 56–57,
77–90, 114, 116; T-ODD-7, T-ODD-8 [X10, X11], T-ODD-9; ODD-U24, U25, U34, U35, U40)."""

from __future__ import annotations

import pytest

import fracas
from fracas.core.combatant import Status
from fracas.core.errors import EncounterError
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.odnd import attack, decisions, moves, round, space
from fracas.rulesets.odnd.events import Attack, Damage, Distance, IntoMelee, Moved, RollOff
from fracas.rulesets.odnd.policy import OdndPolicy
from fracas.rulesets.odnd.round import Plan

from .conftest import Scene, pc


def actions(s: Scene, who: str) -> dict[str, set[str]]:
    """Each target's declarable actions."""
    out: dict[str, set[str]] = {}
    for p in round.options(s.state, s[who]):
        out.setdefault(p.target.name if p.target else "", set()).add(p.action)
    return out


def test_t_odd_7_encounter_distance_2d6_or_1d3_times_10() -> None:
    s = Scene(("A", [pc("Ann")]), ("B", [pc("Bo")]), conditions={"distance": "roll"})
    s.dice.push(3, 4)  # no surprise: 2d6 = 7 → 70 ft
    round.opening.distance(s.table, s.state)
    assert s.of(Distance)[0].feet == 70 and space.feet(s["Ann"], s["Bo"]) == pytest.approx(70)
    s = Scene(("A", [pc("Ann")]), ("B", [pc("Bo")]), conditions={"distance": "roll"})
    s["Bo"].surprised = True
    s.dice.push(2)  # surprise: 1d3 = 2 → 20 ft (T-ODD-7)
    round.opening.distance(s.table, s.state)
    assert space.feet(s["Ann"], s["Bo"]) == pytest.approx(20)
    s = Scene(
        ("A", [pc("Ann")]), ("B", [pc("Bo")]), conditions={"distance": "roll", "outdoors": True}
    )
    s.dice.push(1, 1)  # outdoors: 2 × 10 yd = 60 ft
    round.opening.distance(s.table, s.state)
    assert space.feet(s["Ann"], s["Bo"]) == pytest.approx(60)


def test_positions_are_all_or_nothing() -> None:
    doc = {
        "ruleset": "odnd",
        "sides": [
            {"name": "A", "combatants": [pc("Ann", position=[0, 0])]},
            {"name": "B", "combatants": [pc("Bo")]},
        ],
    }
    with pytest.raises(EncounterError, match="positions are given"):
        fracas.from_document(doc)


def charger_scene(gap: float, **kw: object) -> Scene:
    return Scene(
        ("A", [pc("Runner", move=6, position=[0, 0], **kw)]),
        ("B", [pc("Foe", position=[gap + 10, 0])]),
    )


@pytest.mark.parametrize(
    ("gap", "expected"), [(30, {"attack"}), (31, {"charge"}), (60, {"charge"}), (61, {"run"})]
)
def test_t_odd_8_x10_half_move_and_attack_or_charge(gap: float, expected: set[str]) -> None:
    """T-ODD-8 [X10]: Turn move 6" = 60 ft: within 30 ft move and attack; 31–60 ft a charge;
    beyond, run (rules 42, 43, 77, 78)."""
    s = charger_scene(gap)
    assert actions(s, "Runner")["Foe"] == expected


def test_t_odd_8_x10_one_charge_per_ten_rounds() -> None:
    s = charger_scene(40)
    s["Runner"].charged_round = 1
    s.state.round = 10
    assert "charge" not in actions(s, "Runner")["Foe"]
    s.state.round = 11
    assert "charge" in actions(s, "Runner")["Foe"]


def test_t_odd_8_charge_plus_2_double_damage_no_dex_first_attack_only() -> None:
    s = charger_scene(40, DEX=16, level=7)  # 2 attacks; DEX 16 → AC 7 standing
    runner, foe = s["Runner"], s["Foe"]
    round.adopt(s.table, s.state, runner, Plan(foe, False, "charge"))
    s.dice.push(6, 3, 6, 3)  # needs 5+ (FM 7-9), −2 charging: 6 hits → d6 3 + 1 = 4 × 2
    round.act(s.table, s.state, runner, runner.attacks_left)
    first, second = s.of(Attack)
    assert (first.needed, second.needed) == (3, 5) and "charging" in first.rules
    assert [d.amount for d in s.of(Damage)] == [8, 4]
    assert space.feet(runner, foe) <= 10
    # Rule 81: no DEX while charging; the charge ends with its attacks (issue 29 item 5).
    assert attack.armour_class(runner, foe, True, True) == 7


@pytest.mark.parametrize(
    ("foe", "dice", "damage"), [("man", (15, 3, 4), 14), ("ogre", (15, 3, 4, 5), 24)]
)
def test_t_odd_8_x11_lance_from_a_charging_mount(
    foe: str, dice: tuple[int, ...], damage: int
) -> None:
    """T-ODD-8 [X11]: 2d6 × 2 against man-sized foes, 3d6 × 2 against large ones."""
    target = (
        pc("Man", position=[100, 0])
        if foe == "man"
        else {"name": "Man", "template": "ogre", "hp": 60, "position": [100, 0]}
    )
    s = Scene(
        ("A", [pc("Lancer", weapons=["lance"], mounted=True, move=12, position=[0, 0])]),
        ("B", [target]),
    )
    lancer = s["Lancer"]
    round.adopt(s.table, s.state, lancer, Plan(s["Man"], False, "charge"))
    s.dice.push(*dice)
    round.act(s.table, s.state, lancer, 1)
    assert s.of(Damage)[0].amount == damage and s.dice.remaining == 0


def test_set_spear_strikes_an_unmounted_charger_first_and_kills_it() -> None:
    """Rules 83–85: +2, double damage, first; the slain charger does not attack."""
    s = Scene(
        ("A", [pc("Charger", move=6, position=[0, 0], hp=10)]),
        ("B", [pc("Spear", weapons=["spear"], position=[50, 0])]),
    )
    spear, charger = s["Spear"], s["Charger"]
    round.adopt(s.table, s.state, spear, Plan(None, False, "set"))
    round.adopt(s.table, s.state, charger, Plan(spear, False, "charge"))
    s.dice.push(8, 5)  # needs 10 − 2 = 8: hit; d6 5 + 1 = 6 × 2 = 12
    round.act(s.table, s.state, charger, 1)
    assert [a.attacker for a in s.of(Attack)] == ["Spear"]
    assert s.of(Attack)[0].needed == 8 and s.of(Damage)[0].amount == 12 and charger.hp < 0


def test_a_lance_strikes_before_a_set_spear_which_answers() -> None:
    """Rule 87, ODD-U35: lance (reach 3) beats spear (2); the spear still answers at +2, ×2."""
    s = Scene(
        ("A", [pc("Lancer", weapons=["lance"], mounted=True, move=12, position=[0, 0])]),
        ("B", [pc("Spear", weapons=["spear"], position=[100, 0])]),
    )
    spear, lancer = s["Spear"], s["Lancer"]
    round.adopt(s.table, s.state, spear, Plan(None, False, "set"))
    round.adopt(s.table, s.state, lancer, Plan(spear, False, "charge"))
    s.dice.push(15, 1, 1, 12, 2)
    round.act(s.table, s.state, lancer, 1)
    assert [a.attacker for a in s.of(Attack)] == ["Lancer", "Spear"]
    assert [d.amount for d in s.of(Damage)] == [4, 6]


def test_shooters_holding_for_a_charge_shoot_as_it_begins() -> None:
    """Rule 89, ODD-U34: a shooter who declared against the charger shoots before it closes."""
    s = Scene(
        ("A", [pc("Charger", move=6, position=[0, 0])]),
        ("B", [pc("Foe", position=[50, 0]), pc("Archer", weapons=["bow"], position=[60, 0])]),
    )
    charger, archer = s["Charger"], s["Archer"]
    round.adopt(s.table, s.state, archer, Plan(charger, False))
    round.adopt(s.table, s.state, charger, Plan(s["Foe"], False, "charge"))
    s.dice.push(2, 2)  # the archer misses, then the charger misses
    round.act(s.table, s.state, charger, 1)
    assert [a.attacker for a in s.of(Attack)] == ["Archer", "Charger"]
    assert archer.attacks_left == 0


def retreat_scene() -> Scene:
    return Scene(
        ("A", [pc("Runner", ac=5, shield=True, position=[0, 0])]),
        (
            "B",
            [
                pc("Foe1", position=[5, 0]),
                pc("Foe2", position=[0, 5]),
                pc("Foe3", position=[-5, 0]),
            ],
        ),
    )


def test_t_odd_9_retreat_roll_off_parting_shots_without_shield() -> None:
    """T-ODD-9: the retreater 3; Foe1 5 → a free attack at +2, shield not counted; Foe2 3 (a
    tie) and Foe3 1: none. Then the retreater is gone (rule 52)."""
    s = retreat_scene()
    runner = s["Runner"]
    round.adopt(s.table, s.state, runner, Plan(None, False, "retreat"))
    s.dice.push(3, 5, 12, 1, 3, 1)  # Foe1 5: needs 10 + 4 (AC 5, no shield) − 2 = 12, d6 1 + 1
    # Rule 54 (on by default, F-ODD-55): characters choose whether to give chase (issue 29).
    s.choices.push("give chase or let go", lambda o: o == "let go")
    round.act(s.table, s.state, runner, 0)
    assert [(r.foe, r.free_attack) for r in s.of(RollOff)] == [
        ("Foe1", True), ("Foe2", False), ("Foe3", False),
    ]  # fmt: skip
    assert s.of(Attack)[0].needed == 12 and s.of(Damage)[0].amount == 2
    assert runner.status is Status.FLED and s.of(Moved)[0].feet == 60


def test_retreat_is_free_from_a_foe_engaged_with_another() -> None:
    """Rule 57: disengage freely from an opponent engaged with another foe."""
    s = Scene(
        ("A", [pc("Runner", position=[0, 0]), pc("Friend", position=[20, 0])]),
        ("B", [pc("Foe", position=[10, 0])]),
    )
    assert moves.opponents(s.state, s["Runner"]) == []


def test_passing_by_a_foe_gives_it_the_roll_off() -> None:
    """Rules 53, 56, ODD-U25: a foe within 10 ft of the path, not engaged at the end."""
    s = Scene(
        ("A", [pc("Runner", position=[0, 0])]),
        ("B", [pc("Target", position=[100, 0]), pc("Bystander", position=[50, 8])]),
    )
    runner = s["Runner"]
    round.adopt(s.table, s.state, runner, Plan(s["Target"], False, "run"))
    s.dice.push(2, 6, 5)  # roll-off 2 vs 6: a free attack (5 misses the 8 needed)
    round.act(s.table, s.state, runner, 0)
    assert s.of(RollOff)[0].foe == "Bystander" and s.of(RollOff)[0].free_attack
    assert s.of(Attack)[0].attacker == "Bystander" and s.of(Attack)[0].needed == 8
    assert space.feet(runner, s["Target"]) == pytest.approx(5)


def test_fighting_withdrawal_minus_2_plus_2_and_disengages() -> None:
    """Rule 51, ODD-U24: attacks at −2, +2 defence, half move away, then out of melee."""
    s = Scene(("A", [pc("Back", move=6, position=[0, 0])]), ("B", [pc("Foe", position=[5, 0])]))
    back, foe = s["Back"], s["Foe"]
    round.adopt(s.table, s.state, back, Plan(None, False, "withdraw"))
    assert attack.armour_class(back, foe, True, True) == 7
    s.dice.push(11)
    round.act(s.table, s.state, back, 1)
    assert s.of(Attack)[0].needed == 12
    assert not space.engaged(s.state, back) and space.feet(back, foe) == pytest.approx(35)


def test_an_engaged_shooter_cannot_fire_and_shots_into_melee_may_go_astray() -> None:
    """ODD-U40: d6 4–6 → an ally engaged with the target; elves never miss that way (46)."""
    s = Scene(
        ("A", [pc("Archer", weapons=["bow"]), pc("Elf", cls="elf", weapons=["bow"]), pc("Ally")]),
        ("B", [pc("Orc")]),
    )
    ally, orc = s["Ally"], s["Orc"]
    round.adopt(s.table, s.state, ally, Plan(orc, False))
    round.adopt(s.table, s.state, s["Archer"], Plan(orc, False))
    round.adopt(s.table, s.state, s["Elf"], Plan(orc, False))
    s.dice.push(5, 3, 3)  # d6 5: the archer's shot goes at the ally; misses; the elf misses
    round.act(s.table, s.state, s["Archer"], 1)
    round.act(s.table, s.state, s["Elf"], 1)
    assert [e.hits_at for e in s.of(IntoMelee)] == ["Ally"]
    assert [(a.attacker, a.target) for a in s.of(Attack)] == [("Archer", "Ally"), ("Elf", "Orc")]
    t = Scene(
        ("A", [pc("Archer", weapons=["bow"], position=[0, 0])]),
        ("B", [pc("Orc", position=[5, 0])]),
    )
    assert actions(t, "Archer").get("Orc", set()) == set()


def policy_pick(s: Scene, who: str) -> Plan:
    options = round.options(s.state, s[who])
    request = ChoiceRequest(s[who], decisions.DECLARE, options)
    return options[OdndPolicy(s.state).choose(request)]


def test_the_policy_charges_sets_spears_and_stands_ready() -> None:
    """The default tactics use the new actions: a charge when the foe is beyond half a move,
    a set spear against a foe that could charge, a parry rather than running into reach."""
    s = Scene(
        ("A", [pc("Knight", move=6, position=[0, 0])]),
        ("B", [pc("Spear", weapons=["spear"], move=6, position=[50, 0])]),
    )
    assert policy_pick(s, "Knight").action == "charge"
    assert policy_pick(s, "Spear").action == "set"
    u = Scene(
        ("A", [pc("Pike1", weapons=["spear"], move=6, position=[0, 0])]),
        ("B", [pc("Pike2", weapons=["spear"], move=6, position=[50, 0])]),
    )
    assert policy_pick(u, "Pike2").action == "set"
    u["Pike1"].spear_set = True
    assert policy_pick(u, "Pike2").action != "set"  # a set foe will not charge
    t = Scene(
        ("A", [pc("Slow", move=6, position=[0, 0])]),
        ("B", [pc("Fast", move=12, position=[100, 0])]),
    )
    assert policy_pick(t, "Slow").action == "parry"  # the fast foe can reach it: stand ready
    assert policy_pick(t, "Fast").action == "charge"


def test_reach_on_the_plane_counts_in_the_pairs_first_round_of_melee() -> None:
    """Rule 58, ODD-U9: the spear strikes the dagger first the round they meet, not after."""
    s = Scene(
        ("A", [pc("Spearman", weapons=["spear"], position=[0, 0])]),
        ("B", [pc("Knifer", weapons=["dagger"], position=[20, 0])]),
        conditions={"reroll_initiative": True},
    )
    for _ in range(2):
        s.choices.push(
            decisions.DECLARE, lambda o: o.action == "attack", lambda o: o.action == "attack"
        )
        s.dice.push(2, 6, 2, 2)  # initiative spear 2, dagger 6; two misses
        round.play_round(s.table, s.state)
        s.state.round += 1
    assert [a.attacker for a in s.of(Attack)] == ["Spearman", "Knifer", "Knifer", "Spearman"]
