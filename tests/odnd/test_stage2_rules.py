"""Stage-2 rules without a worked example of their own: facing (flank, rear, back to the wall,
turning), backstab, firearms, monsters' use of surprise, evasion before a fight, units'
morale, and the encounter schema's new fields."""

from __future__ import annotations

import pytest

import fracas
from fracas.core.combatant import Status
from fracas.core.controllers import best_index
from fracas.core.errors import EncounterError
from fracas.rulesets.odnd import decisions, facing, opening, round, strikes
from fracas.rulesets.odnd.events import Attack, Damage
from fracas.rulesets.odnd.policy import OdndPolicy
from fracas.rulesets.odnd.round import Plan

from .conftest import Scene, pc


def ring(attacker_at: list[float], **defender: object) -> Scene:
    """A defender at (0, 0) facing +x toward a foe at (5, 0); a second attacker elsewhere."""
    return Scene(
        ("A", [pc("Front", position=[5, 0]), pc("Other", position=attacker_at)]),
        ("B", [pc("Def", position=[0, 0], facing=[1, 0], ac=5, shield=True, DEX=16, **defender)]),
    )


@pytest.mark.parametrize(
    ("where", "arc", "bonus"),
    [([5, 0], "front", 0), ([4, 3], "front", 0), ([0, 5], "flank", 1), ([-5, 0], "rear", 2)],
)
def test_t_odd_12_flank_and_rear_by_the_hex_ring(where: list[float], arc: str, bonus: int) -> None:
    """Rules 67, 69, ODD-U20: front within 60°, flank to 120° (+1), rear beyond (+2); no
    shield or DEX from flank or rear."""
    s = ring(where)
    other, d = s["Other"], s["Def"]
    assert facing.arc(s.state, other, d) == arc
    m = strikes.modifiers(s.state, other, d, True)
    assert m.bonus == bonus and m.exposed is (arc != "front")


def test_t_odd_12_flank_takes_shield_and_dex_away() -> None:
    """AC 5, shield, DEX 16 (+2): 2 against the front, 5 from the flank: a FM 1 needs 17 in
    front, and 10 + 4 − 1 (flank) = 13 from the side."""
    s = ring([0, 5])
    s.dice.push(2, 2)
    strikes.strike(s.table, s.state, s["Front"], s["Def"])
    strikes.strike(s.table, s.state, s["Other"], s["Def"])
    assert [a.needed for a in s.of(Attack)] == [17, 13]


def test_rule_64_back_to_the_wall_no_rear_no_gang_up() -> None:
    s = ring([-5, 0], back_to_wall=True)
    d = s["Def"]
    assert facing.arc(s.state, s["Other"], d) == "flank"
    d.declared_against = 3
    assert not strikes.gang_up(d)
    d.back_to_wall = False
    assert strikes.gang_up(d)


def test_rule_68_turning_to_face_the_declared_foe() -> None:
    """F-ODD-48: a fighter faces the foe it declares against (rule 68)."""
    s = ring([0, 5])
    d = s["Def"]
    round.adopt(s.table, s.state, d, Plan(s["Other"], False))
    assert facing.arc(s.state, s["Other"], d) == "front"
    assert facing.arc(s.state, s["Front"], d) == "flank"


def backstab_scene(level: int = 5) -> Scene:
    return Scene(
        ("A", [pc("Front", position=[5, 0]),
               pc("Sneak", cls="thief", level=level, position=[-30, 0])]),
        ("B", [pc("Mark", position=[0, 0], facing=[1, 0], hp=60)]),
    )  # fmt: skip


def test_t_odd_12_backstab_first_attack_plus_4_times_3_then_surprise_attacks() -> None:
    """Rules 72, 73, ODD-U17: a 5th-level thief coming from behind unnoticed: +4 and ×3 on
    the first attack; the rest of the round's attacks are surprise attacks (+2 from behind);
    the mark cannot return the attack this round; the round after, advantage (rule 70)."""
    s = backstab_scene()
    sneak, mark = s["Sneak"], s["Mark"]
    round.adopt(s.table, s.state, mark, Plan(s["Front"], False))
    round.adopt(s.table, s.state, sneak, Plan(mark, False))
    sneak.attacks_left = 2  # as if it had two attacks this round
    sneak.round_start = sneak.position  # as `round.declare` records it: 30 ft off
    s.dice.push(6, 3, 8, 3)  # the cleric row (8) − 4 = 4: 3+1 = 4 ×3 = 12; then 8 − 2 = 6
    round.act(s.table, s.state, sneak, 2)
    first, second = s.of(Attack)
    assert (first.needed, second.needed) == (4, 6)
    assert "backstab" in first.rules and "from behind" in second.rules
    assert [d.amount for d in s.of(Damage)] == [12, 4]
    assert s.state.tally["backstabs"] == 1
    assert facing.cannot_return(s.state, mark, sneak)
    s.state.round = 2
    assert facing.followup_edge(s.state, sneak, mark) == 1
    assert facing.followup_edge(s.state, mark, sneak) == -1


def test_backstab_multiplier_by_level() -> None:
    """ODD-U17: ×2 to 4th level, ×3 at 5th–8th, ×4 at 9th–12th."""
    mults = [backstab_scene(level)["Sneak"].backstab_mult for level in (1, 4, 5, 8, 9, 12, 13)]
    assert mults == [2, 2, 3, 3, 4, 4, 5]


def test_no_backstab_when_the_mark_fights_the_thief() -> None:
    s = backstab_scene()
    sneak, mark = s["Sneak"], s["Mark"]
    round.adopt(s.table, s.state, mark, Plan(sneak, False))  # it turns to face the thief
    sneak.position = mark.position.toward(s["Front"].position, -5 * 0.3048)
    mark.facing = (1.0, 0.0)
    assert not facing.can_backstab(s.state, sneak, mark)


def test_rule_96_firearms_anyone_dex_to_hit_no_damage_bonus_and_reload() -> None:
    """Rule 96, ODD-U7, U41, U42: a magic-user may use an arquebus (trained), DEX to hit, no
    STR damage; it fires every other round."""
    s = Scene(("A", [pc("Gunner", cls="magic-user", DEX=16, STR=17, weapons=["arquebus"])]),
              ("B", [pc("Foe")]))  # fmt: skip
    gun = s["Gunner"].primary
    assert (gun.to_hit, gun.damage) == (2, "1d10")
    assert s["Gunner"].needed_at_ac9 == 10  # the magic-user's own row, not untrained
    round.adopt(s.table, s.state, s["Gunner"], Plan(s["Foe"], False))
    s.dice.push(15, 5)
    round.act(s.table, s.state, s["Gunner"], 1)
    round.adopt(s.table, s.state, s["Gunner"], Plan(s["Foe"], False))
    round.act(s.table, s.state, s["Gunner"], 1)
    assert len(s.of(Attack)) == 1  # the second round reloads


def test_odd_u47_intelligent_monsters_hold_against_prey_too_strong() -> None:
    """ODD-U47: with the free round, an intelligent side facing twice its hit dice in levels
    holds; beasts, or against weak prey, attack."""
    for intelligent, levels, holds in ((True, 6, True), (False, 6, False), (True, 1, False)):
        s = Scene(
            ("Goblins", [{"name": "Gob", "template": "goblin", "count": 3, "hp": 3,
                          "intelligent": intelligent}]),
            ("Party", [pc("Hero", level=levels)]),
        )  # fmt: skip
        s.state.surprisers = {"Goblins"}
        s["Hero"].surprised = True
        gob = s["Gob 1"]
        plans = round.options(s.state, gob)
        policy = OdndPolicy(s.state)
        chosen = plans[best_index([policy._plan(gob, p) for p in plans])]
        assert (chosen.action == "parry") is holds


def test_rule_134_evasion_before_a_fight() -> None:
    """Rules 118, 134, ODD-U29: the players flee; the monsters check (2d6 ≤ 8): not pursued,
    they are gone; pursued, each monster picks a quarry."""
    for dice, chased in (((5, 5), False), ((2, 3), True)):
        s = Scene(
            ("Party", [pc("Pip")]),
            ("Beasts", [{"name": "Wolf", "template": "dire wolf", "hp": 10}]),
            conditions={"pursuit": True},
        )
        s.choices.push(decisions.PLAYERS, lambda o: o == "flee")
        if chased:
            s.choices.push(decisions.PURSUE, 0)
        s.dice.push(*dice)
        opening.players_choose(s.table, s.state)
        assert (s["Pip"].status is Status.FLED) is not chased
        assert s["Wolf"].chasing is chased


def test_units_need_normal_men_and_specials_their_dice() -> None:
    base = {"ruleset": "odnd", "name": "t"}
    hero_unit = {"name": "X", "kind": "character", "level": 3, "weapons": ["sword"], "unit": 10,
                 "count": 20}  # fmt: skip
    foe = {"name": "Y", "template": "orc"}
    doc = {**base, "sides": [{"name": "A", "combatants": [hero_unit]},
                             {"name": "B", "combatants": [foe]}]}  # fmt: skip
    with pytest.raises(EncounterError, match="unit"):
        fracas.from_document(doc)
    bad = {"name": "Z", "template": "orc", "on_roll": {"effect": "hold"}}
    doc = {**base, "sides": [{"name": "A", "combatants": [bad]},
                             {"name": "B", "combatants": [foe]}]}  # fmt: skip
    with pytest.raises(EncounterError, match="dice"):
        fracas.from_document(doc)


def test_unit_morale_at_half_its_hit_points() -> None:
    """ODD-U45: a unit checks morale once it has lost half its hit points."""
    s = Scene(
        ("A", [pc("Hero", level=4)]),
        ("B", [{"name": "Bandit", "template": "bandit", "count": 10, "unit": 10}]),
    )
    unit = s["Bandit 1-10"]
    unit.hp, unit.max_hp = 20, 40
    s.dice.push(6, 6)  # 12 > 8: it breaks
    round.settle(s.table, s.state)
    assert unit.status is Status.FLED


def test_rule_108_wanderers_come_in_by_a_random_entrance() -> None:
    """Rule 108, ODD-U46: a d(N) over the encounter's entrances places the wanderers."""
    s = Scene(
        ("Party", [pc("Ann", position=[0, 0])]),
        ("Wanderers", [{"name": "Orc", "template": "orc", "count": 2, "hp": 3}]),
        conditions={"wanderers": "Wanderers", "entrances": [[60, 0], [0, 60], [-60, 0]]},
    )
    s.dice.push(2)
    opening.entrance(s.table, s.state)
    orcs = [s["Orc 1"], s["Orc 2"]]
    assert [(round_feet(o.position.x), round_feet(o.position.y)) for o in orcs] == [
        (0, 60), (0, 65),
    ]  # fmt: skip
    assert s.state.positional


def round_feet(metres: float) -> int:
    return int(metres / 0.3048 + 0.5)


@pytest.mark.parametrize(
    "conditions",
    [
        {"wanderers": "Wanderers"},
        {"entrances": [[0, 0]]},
        {"wanderers": "Nobody", "entrances": [[0, 0]]},
        {"wanderers": "Wanderers", "entrances": [[0, 0]], "distance": 30},
    ],
)
def test_rule_108_wanderers_and_entrances_are_checked(conditions: dict[str, object]) -> None:
    doc = {
        "ruleset": "odnd", "name": "t", "conditions": conditions,
        "sides": [
            {"name": "Party", "combatants": [pc("Ann", position=[0, 0])]},
            {"name": "Wanderers", "combatants": [{"name": "Orc", "template": "orc"}]},
        ],
    }  # fmt: skip
    with pytest.raises(EncounterError):
        fracas.from_document(doc)
