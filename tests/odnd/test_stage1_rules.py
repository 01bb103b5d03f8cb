"""The rest of stage 1's tests: spells and their interruption (T-ODD-10), situational
modifiers (T-ODD-12), the bonus matrix (T-ODD-23), initiative (T-ODD-24), morale (T-ODD-26),
movement and missiles (T-ODD-27), the reaction roll (rules 117–118, ODD-U29)."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.odnd import Odnd, attack, decisions, magic, round, strikes
from fracas.rulesets.odnd.events import (
    Attack,
    CannotAct,
    Damage,
    MoraleCheck,
    Moved,
    Reaction,
    Save,
    ShortcutKills,
    Spell,
)
from fracas.rulesets.odnd.round import Plan

from .conftest import Scene, pc

ATTACK = lambda o: o.action == "attack"  # noqa: E731
CAST = lambda o: o.action == "cast"  # noqa: E731


def mage(**kw: Any) -> dict[str, Any]:
    return pc("Mage", cls="magic-user", level=3, weapons=["dagger"], spells=["magic missile"], **kw)


def duel(mage_init: int, orc_init: int, *dice: int) -> Scene:
    """The mage casts at an orc that attacks it; initiative as given."""
    s = Scene(("A", [mage()]), ("B", [{"name": "Orc", "template": "orc", "hp": 20}]))
    s.choices.push(decisions.DECLARE, CAST, ATTACK)
    s.dice.push(mage_init, orc_init, *dice)
    round.play_round(s.table, s.state)
    assert s.dice.remaining == 0
    return s


def test_t_odd_10_simultaneous_hit_save_fails_d6_4_spell_lost() -> None:
    s = duel(4, 4, 15, 3, 2, 4)  # the orc hits (d6 3 + 1); save 2 < 15; d6 4 → lost
    assert s.of(Save)[0].target == 15 and not s.of(Save)[0].passed
    assert s.of(Spell)[0].result == "lost" and s["Mage"].spells == []


def test_t_odd_10_simultaneous_hit_save_fails_d6_5_miscast() -> None:
    s = duel(4, 4, 15, 3, 2, 5, 3)  # d6 5 → miscast, on the only creature in range
    assert s.of(Spell)[0].result == "miscast" and s.of(Damage)[-1].amount == 4


def test_t_odd_10_hit_by_a_foe_who_won_initiative_loses_the_spell() -> None:
    s = duel(2, 5, 15, 3)  # no save: lost (rule 129)
    assert s.of(Save) == [] and s.of(Spell)[0].result == "lost"


def test_t_odd_10_a_caster_who_won_initiative_casts_even_if_hit() -> None:
    s = duel(5, 2, 3, 15, 3)  # magic missile 3 + 1 first, then the orc hits (rule 130)
    assert s.of(Spell)[0].result == "cast" and [d.amount for d in s.of(Damage)] == [4, 4]


def modifiers(s: Scene, a: str, b: str) -> int:
    return strikes.modifiers(s.state, s[a], s[b], False).bonus


@pytest.mark.parametrize(("cover", "bonus"), [(0, 1), (25, -1), (50, -3), (75, -5)])
def test_t_odd_12_cover_against_missiles(cover: int, bonus: int) -> None:
    """Rule 95, ODD-U39: −2/−4/−6 (here with short range +1 at 30 ft, ODD-U6)."""
    s = Scene(
        ("A", [pc("Archer", weapons=["bow"], position=[0, 0])]),
        ("B", [pc("Foe", cover=cover, position=[30, 0])]),
    )
    assert modifiers(s, "Archer", "Foe") == bonus


@pytest.mark.parametrize(
    ("feet", "band"), [(50, "short"), (51, "medium"), (150, "long"), (151, None)]
)
def test_t_odd_12_range_bands_by_distance(feet: int, band: str | None) -> None:
    s = Scene(
        ("A", [pc("Archer", weapons=["bow"], position=[0, 0])]),
        ("B", [pc("Foe", position=[feet, 0])]),
    )
    assert round.space.range_band(s.state, s["Archer"], s["Foe"]) == band


def test_t_odd_12_mounted_polearm_and_high_ground() -> None:
    """Rules 59–61, ODD-U37, U38."""
    s = Scene(
        ("A", [pc("Rider", mounted=True), pc("Hill", elevation=3), pc("Step", elevation=2)]),
        ("B", [pc("Foot"), pc("Pike", weapons=["pike"])]),
    )
    assert (modifiers(s, "Rider", "Foot"), modifiers(s, "Foot", "Rider")) == (1, -1)
    assert (modifiers(s, "Rider", "Pike"), modifiers(s, "Pike", "Rider")) == (0, 0)
    assert (modifiers(s, "Hill", "Foot"), modifiers(s, "Foot", "Hill")) == (1, -1)
    assert modifiers(s, "Step", "Foot") == 0


def test_t_odd_12_parry_and_withdrawal_defence() -> None:
    s = Scene(("A", [pc("Guard")]), ("B", [pc("Foe")]))
    guard, foe = s["Guard"], s["Foe"]
    round.adopt(s.table, s.state, guard, Plan(None, False, "parry"))
    assert attack.armour_class(guard, foe, True, True) == 7 and guard.attacks_left == 0


def test_t_odd_23_class_and_attribute_bonuses() -> None:
    fighter = Scene(
        (
            "A",
            [pc("F", STR=17, DEX=13, weapons=["sword"]), pc("Bo", STR=17, DEX=13, weapons=["bow"])],
        ),
        ("B", [pc("Y")]),  # (a fighter named "B" would be side B's name on side A: refused)
    )
    assert (fighter["F"].primary.to_hit, fighter["F"].primary.damage) == (2, "1d6+3")
    assert (fighter["Bo"].primary.to_hit, fighter["Bo"].primary.damage) == (1, "1d6+2")
    thief = Scene(
        (
            "A",
            [
                pc("T", cls="thief", STR=17, DEX=16),
                pc("J", cls="thief", STR=17, DEX=16, weapons=["javelin"]),
            ],
        ),
        ("B", [pc("Y")]),
    )
    assert (thief["T"].primary.to_hit, thief["T"].primary.damage) == (2, "1d6+3")
    assert thief["J"].primary.damage == "1d6+3"
    mu = Scene(
        (
            "A",
            [
                pc("M", cls="magic-user", STR=16, weapons=["dagger"]),
                pc("N", cls="magic-user", STR=15, weapons=["dagger"]),
                pc("O", cls="magic-user", STR=15, level=6),  # a sword: untrained (ODD-U42)
            ],
        ),
        ("B", [pc("Y")]),
    )
    assert (mu["M"].primary.to_hit, mu["M"].primary.damage) == (1, "1d4+2")
    assert (mu["N"].primary.to_hit, mu["N"].primary.damage) == (0, "1d4+1")
    assert (mu["O"].primary.damage, mu["O"].needed_at_ac9) == ("1d4", 10)
    swash = Scene(
        ("A", [pc("L", STR=13, DEX=18, light_armour=True), pc("C", STR=13, DEX=18, ac=5)]),
        ("B", [pc("Y")]),
        options={"swashbuckler": True},
    )
    assert (swash["L"].primary.to_hit, swash["C"].primary.to_hit) == (3, 1)
    great = Scene(("A", [pc("G", STR=17, DEX=13, weapons=["great bow"])]), ("B", [pc("Y")]))
    assert (great["G"].primary.to_hit, great["G"].primary.damage) == (2, "1d6+3")


def test_t_odd_24_party_die_one_roll_for_the_party() -> None:
    s = Scene(("A", [pc("Ann"), pc("Bo")]), ("B", [pc("Cy")]), conditions={"party_die": True})
    s.dice.push(3, 5)
    round.roll_initiative(s.table, s.state, True)
    assert round.slots(s.state) == [(5, ["B (party)"]), (3, ["A (party)"])]


def test_t_odd_24_the_hasted_act_first_and_roll_off_between_sides() -> None:
    """Rules 125, 126, ODD-U30: hasted fighters go before every slot; hasted on both sides
    roll a d6 each, high first."""
    s = Scene(("A", [pc("Quick", hasted=True)]), ("B", [pc("Slow"), pc("Also", hasted=True)]))
    s.choices.push(decisions.DECLARE, ATTACK, ATTACK, ATTACK)
    s.dice.push(1, 6, 6, 2, 5, 3, 3, 3)  # initiative Quick 1, Slow 6, Also 6; haste 2 vs 5
    round.play_round(s.table, s.state)
    assert [a.attacker for a in s.of(Attack)] == ["Also", "Quick", "Slow"]


def test_t_odd_24_multi_attack_fighters_attack_first_and_last() -> None:
    """Rule 127, ODD-U10: a 7th-level fighter's two attacks split round the slots."""
    s = Scene(("A", [pc("Vet", level=7)]), ("B", [pc("Foe")]))
    s.choices.push(decisions.DECLARE, ATTACK, ATTACK)
    s.dice.push(1, 6, 2, 2, 2)
    round.play_round(s.table, s.state)
    assert [a.attacker for a in s.of(Attack)] == ["Vet", "Foe", "Vet"]


def orcs(n: int, **kw: Any) -> dict[str, Any]:
    return {"name": "Orc", "template": "orc", "count": n, "hp": 4, **kw}


def test_t_odd_26_morale_first_death_half_down_and_two_passes() -> None:
    s = Scene(("A", [pc("Hero")]), ("B", [orcs(6, morale=8)]))
    for names, dice in ((["Orc 1"], (4, 4)), (["Orc 2", "Orc 3"], (3, 3))):
        for name in names:
            orc = s[name]
            orc.hp, orc.pending_down = 0, True
            s.state.pending.append(orc)
        s.dice.push(*dice)
        round.settle(s.table, s.state)
    triggers = [(m.trigger, m.passed) for m in s.of(MoraleCheck)]
    assert triggers == [("first death", True), ("half the group down", True)]
    round.check_morale(s.table, s.state, "Orc", ["big upset"])  # two passes: no more (rule 133)
    assert len(s.of(MoraleCheck)) == 2 and s.dice.remaining == 0


def test_big_upset_the_leader_slain() -> None:
    s = Scene(
        ("A", [pc("Hero")]),
        (
            "B",
            [
                orcs(6),
                {"name": "Chief", "template": "orc", "leader": True, "group": "Orc", "hp": 4},
            ],
        ),
    )
    chief = s["Chief"]
    chief.hp, chief.pending_down = 0, True
    s.state.pending.append(chief)
    s.state.first_death["B"] = True
    s.dice.push(6, 6)
    round.settle(s.table, s.state)
    assert [m.trigger for m in s.of(MoraleCheck)] == ["big upset"]
    assert all(s[f"Orc {n}"].status is Status.FLED for n in range(1, 7))


def test_t_odd_27_a_caster_moves_10_ft_while_casting() -> None:
    s = Scene(
        ("A", [mage(position=[0, 0])]),
        ("B", [{"name": "Orc", "template": "orc", "hp": 9, "position": [155, 0]}]),
    )
    m = s["Mage"]
    round.adopt(s.table, s.state, m, Plan(s["Orc"], False, "cast", "magic missile"))
    round.act(s.table, s.state, m, 0)
    assert s.of(Moved)[0].feet == 10
    s.dice.push(2)
    magic.resolve_casts(s.table, s.state)
    assert s.of(Spell)[0].result == "cast" and s["Orc"].hp == 6


def test_t_odd_27_elves_and_hobbits_fire_on_the_run() -> None:
    s = Scene(
        (
            "A",
            [
                pc("Elf", cls="elf", weapons=["bow"], position=[0, 0]),
                pc("Man", weapons=["bow"], position=[0, 5]),
                pc("Hob", cls="hobbit", weapons=["sling"], position=[0, 10]),
            ],
        ),
        ("B", [pc("Far", position=[250, 0])]),
    )
    assert any(p.action == "attack" for p in round.options(s.state, s["Elf"]))
    assert not any(p.action == "attack" for p in round.options(s.state, s["Man"]))
    assert any(p.action == "attack" for p in round.options(s.state, s["Hob"]))


def test_t_odd_27_crossbow_fires_reloads_fires_and_untrained_dice() -> None:
    s = Scene(("A", [pc("Xbow", weapons=["crossbow"])]), ("B", [pc("Foe")]))
    xbow, foe = s["Xbow"], s["Foe"]
    for _ in range(3):
        round.adopt(s.table, s.state, xbow, Plan(foe, False))
        s.dice.push(*([2] if not xbow.reloading else []))
        round.act(s.table, s.state, xbow, 1)
    assert len(s.of(Attack)) == 2 and len(s.of(CannotAct)) == 1
    untrained = Scene(
        (
            "A",
            [
                pc("D", weapons=["dagger"], trained=False),
                pc("S", trained=False),
                pc("T", weapons=["two-handed sword"], trained=False),
            ],
        ),
        ("B", [pc("Y")]),
    )
    assert [untrained[n].primary.damage for n in "DST"] == ["1d3", "1d4", "1d6"]


@pytest.mark.parametrize(
    ("dice", "band"), [((1, 2), "hostile"), ((3, 4), "uncertain"), ((6, 5), "friendly")]
)
def test_reaction_roll_gates_the_fight(dice: tuple[int, int], band: str) -> None:
    """Rules 117, 118, 151, ODD-U29."""
    s = Scene(("A", [pc("Hero")]), ("B", [orcs(2)]), conditions={"reaction": True})
    s.dice.push(*dice)
    s.choices.push(decisions.PLAYERS, 0)
    round.opening.reaction(s.table, s.state)
    assert s.of(Reaction)[0].band == band
    assert s.state.no_combat == (band == "friendly")
    assert ("B" in s.state.holding) == (band == "uncertain")
    verdict = Odnd().outcome(s.state)
    assert (verdict is not None and verdict.reason == "no combat") == (band == "friendly")


def test_uncertain_monsters_hold_until_attacked() -> None:
    s = Scene(("A", [pc("Hero")]), ("B", [orcs(1)]), conditions={"reaction": True})
    s.dice.push(3, 4)  # uncertain
    s.choices.push(decisions.PLAYERS, 0)
    s.choices.push(decisions.DECLARE, ATTACK)
    s.dice.push(5, 6, 2)  # initiative hero 5, orcs 6; the hero misses
    round.play_round(s.table, s.state)
    assert any(e.who == "Orc" for e in s.of(CannotAct))
    assert "B" not in s.state.holding  # attacked: they fight from now on


def test_the_averaging_shortcut_as_a_battle_mode() -> None:
    """Rule 24, ODD-U12: 8 attacks needing 7 (FM 7–9 vs AC 7): 5.6 kills → 6 (`up`)."""
    s = Scene(("A", [pc("Aldo", level=8)]), ("B", [orcs(10, ac=7)]), options={"shortcut": "up"})
    s.choices.push(decisions.VICTIM, *[0] * 6)
    aldo = s["Aldo"]
    round.adopt(s.table, s.state, aldo, Plan(s["Orc 1"], True))
    round.act(s.table, s.state, aldo, aldo.attacks_left)
    assert s.of(ShortcutKills)[0].kills == 6 and s.of(Attack) == []
    assert sum(1 for n in range(1, 11) if s[f"Orc {n}"].hp <= 0) == 6


def test_hirelings_check_morale_only_by_option() -> None:
    """ODD-U28: PCs never check; normal men of the players' side only with the option."""
    man = pc("Man", cls="normal man", level=0, hp=3)
    for option, checks in ((False, 0), (True, 1)):
        s = Scene(("A", [man]), ("B", [pc("Foe")]), options={"hireling_morale": option})
        s.dice.push(*([3, 3] if checks else []))
        round.check_morale(s.table, s.state, "Man", ["first death"])
        assert len(s.of(MoraleCheck)) == checks


def test_t_odd_12_behind_gang_up_and_the_follow_up_round() -> None:
    """Rules 63, 69, 70 (ODD-U18, U21): +2 on the surprised, +1 each for more than two
    attackers; the round after, the surprisers attack with advantage."""
    s = Scene(("A", [pc("Ann"), pc("Bo"), pc("Cy")]), ("B", [pc("Foe")]))
    foe = s["Foe"]
    foe.surprised = True
    assert modifiers(s, "Ann", "Foe") == 2
    foe.declared_against = 3
    assert modifiers(s, "Ann", "Foe") == 3
    s.state.from_behind[(s["Ann"].id, foe.id)] = s.state.round  # Ann struck it surprised
    s.state.round += 1
    foe.surprised, foe.followup, foe.declared_against = False, True, 0
    s.state.surprisers = {"A"}
    assert strikes.modifiers(s.state, s["Ann"], foe, False).edge == 1
    assert strikes.modifiers(s.state, foe, s["Ann"], False).edge == -1
    assert strikes.modifiers(s.state, s["Bo"], foe, False).edge == 0  # by pair (issue 29, 6)
