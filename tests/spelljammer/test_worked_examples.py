"""The stage-1 worked examples of the Spelljammer checklist (T-SJ-n [W-n]), with scripted
dice: the schedule, the d100 and the table, damage and stun, wounds, casting."""

from __future__ import annotations

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.spelljammer import casting, combat, data, decisions, hitting, initiative
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer import setup as sj_setup
from fracas.rulesets.spelljammer.events import (
    ActionLost,
    Attack,
    Damage,
    GrievousWound,
    Retargeted,
    SpellReleased,
    Stunned,
)
from fracas.rulesets.spelljammer.hitting import CRITICAL, GRIEVOUS, HIT, MISS, classify
from fracas.rulesets.spelljammer.state import Plan

from .conftest import Scene, def40, sheet

MAGE_BOLT = {"name": "Bolt", "caster": "mage", "rank": 8, "knowledge": "SK", "damage": "2d6"}


def duel(**a: object) -> Scene:
    return Scene(("A", [sheet("Att", 0, **a)]), ("B", [sheet("Tgt", 5, DEF=def40())]))


def test_t_sj_1_w3_two_attacks_on_shrinking_dice_and_the_equal_value_shift() -> None:
    """T-SJ-1 [W-3]: 2 attacks, IM +2: 1d10+2 and 1d8+2; d10 5, d8 5 → 7 and 7 → 7 and 6;
    d10 8, d8 3 → 10 and 5."""
    for faces, expected in (((5, 5), [7, 6]), ((8, 3), [10, 5])):
        s = duel(IM=2, attacks=2)
        att = s["Att"]
        att.plan = Plan("attack", s["Tgt"])
        s.dice.push(*faces)
        initiative.roll_attacks(s.table, s.state, att, att.plan)
        assert att.scheduled == expected
        assert sorted(s.state.agenda, reverse=True) == expected
    assert [data.initiative_die(k) for k in range(6)] == [10, 8, 6, 4, 3, 2]  # rules 14–17, P12


def test_t_sj_2_w5_to_hit_sc_112_def_40_needs_72() -> None:
    """T-SJ-2 [W-5]: SC 112 against DEF 40 → 72 or less."""
    s = duel()
    att, tgt = s["Att"], s["Tgt"]
    assert (
        hitting.strike_chance(s.state, att, tgt, None)
        - hitting.defence(s.state, tgt, att, 11, None)
        == 72
    )
    s.dice.push(72, 1, 73)  # a hit (d8 1 → 5 − PROT 0), then a miss
    assert combat.strike(s.table, s.state, att, tgt, 1) == HIT
    assert combat.strike(s.table, s.state, att, tgt, 2) == MISS
    assert [e.modified for e in s.of(Attack)] == [72, 72]


@pytest.mark.parametrize(
    ("roll", "result", "taken", "faces"),
    [(12, HIT, 5, ()), (11, CRITICAL, 20, ()), (5, CRITICAL, 20, ()), (4, GRIEVOUS, 20, (21,))],
)
def test_t_sj_2_w6_critical_and_grievous(
    roll: int, result: str, taken: int, faces: tuple[int, ...]
) -> None:
    """T-SJ-2 [W-6]: ≤11 critical (×2, no PROT), ≤4 grievous (also the wound chance and
    PROT −1). PROT 5, 1d8+4 (class A), d8 = 6; wound chance d100 21 > 20 % → no wound."""
    s = Scene(
        ("A", [sheet("Att", weapons=[{"weapon": "spear", "sc": 112, "damage": "1d8+4"}])]),
        ("B", [sheet("Tgt", 5, DEF=def40(), PROT={"armour": 5})]),
    )
    att, tgt = s["Att"], s["Tgt"]
    s.dice.push(roll, 6, *faces)
    assert combat.strike(s.table, s.state, att, tgt, 1) == result
    combat.land(s.table, s.state)
    assert tgt.hp == 60 - taken
    assert tgt.prot_armour == (4 if result == GRIEVOUS else 5)
    assert not tgt.stunned  # CON 25: 20 is not more than 25
    if result == GRIEVOUS:
        wound = s.of(GrievousWound)[0]
        assert (wound.roll, wound.chance, wound.wound) == (21, 20, "")
    assert s.dice.remaining == 0


def test_t_sj_2_w8_automatic_results() -> None:
    """T-SJ-2 [W-8]: SC 30 against DEF 40 (−10): 01 grievous, 02 critical, 03 hit, 04 miss;
    modified 130: 97 misses."""
    assert [classify(r, -10) for r in (1, 2, 3, 4)] == [GRIEVOUS, CRITICAL, HIT, MISS]
    assert classify(97, 130) == MISS
    assert classify(95, 130) == HIT


def test_t_sj_27_automatic_results_are_floors() -> None:
    """T-SJ-27 (SJ-U8): modified 72, 02 → grievous; modified 17, 03 → critical."""
    assert classify(2, 72) == GRIEVOUS
    assert classify(3, 17) == CRITICAL
    assert classify(1, 5) == GRIEVOUS  # the table has no grievous band at 01–09
    assert classify(2, 5) == CRITICAL


def test_t_sj_23_w7_every_band_at_its_edges() -> None:
    """T-SJ-23 [W-7]: for each band at its low and high modified SC, the top critical number
    is a critical and the next a plain hit; the top grievous number a grievous and the next a
    critical (with the SJ-U8 floors)."""
    bands = data.critical_bands()
    assert len(bands) == 20
    for i, (low, grievous, critical) in enumerate(bands):
        high = bands[i + 1][0] - 1 if i + 1 < len(bands) else 200
        for modified in (low, high):
            assert classify(critical, modified) in (CRITICAL, GRIEVOUS)
            after = classify(critical + 1, modified)
            assert after == (CRITICAL if critical + 1 == 2 else HIT)
            if grievous:
                assert classify(grievous, modified) == GRIEVOUS
                assert classify(grievous + 1, modified) == CRITICAL
    assert data.critical_band(72) == (4, 11)  # T-SJ-2: ≤11 critical, ≤4 grievous
    assert data.critical_band(0) == (0, 0)  # SJ-U9: no band at 0 or below


def test_t_sj_6_w9_stun_thresholds() -> None:
    """T-SJ-6 [W-9]: damage > CON; the table 26→27 … 35→45; Large +2, Giant +4; +1 CON per
    10 maximum HP (or fraction) above 100."""
    assert data.stun_threshold(14) == 14  # 15 stuns, 14 does not
    rows = {26: 27, 27: 29, 28: 31, 29: 33, 30: 35, 31: 37, 32: 39, 33: 41, 34: 43, 35: 45}
    for con, threshold in rows.items():
        assert data.stun_threshold(con) == threshold
    assert data.stun_threshold(36) == 47  # P11: 2·CON − 25 beyond the table
    s = Scene(
        ("A", [sheet("Big", size="large", CON=24), sheet("Huge", size="giant", CON=22)]),
        ("B", [sheet("H100", hp=100), sheet("H101", hp=101), sheet("H130", hp=130)]),
    )
    assert s["Big"].stun_at == 27 and s["Huge"].stun_at == 27  # CON 26: stunned at 28
    assert [s[n].stun_at for n in ("H100", "H101", "H130")] == [25, 27, 31]  # +0, +1, +3
    sheets = s.encounter.spec.sides[1].combatants
    assert [sj_setup.stun_con(c) for c in sheets] == [25, 26, 28]


def test_t_sj_6_w10_a_stun_loses_the_later_attacks_and_gives_plus_10() -> None:
    """T-SJ-6 [W-10]: CON 12, attacks on 8 and 4; hit on 6 for 13 → the attack on 4 is gone;
    an attack on him on 2 gets +10 SC."""
    hitter = {"weapon": "axe", "sc": 80, "damage": "1d6+10"}
    s = Scene(
        ("A", [sheet("Fighter", CON=12, attacks=2)]),
        ("B", [sheet("Orc A", 5, weapons=[hitter]), sheet("Orc B", 5, weapons=[hitter])]),
    )
    s.choices.push(decisions.DECLARE, *[lambda p: p.action == "attack" and p.mode == "stand"] * 3)
    s.dice.push(8, 4, 6, 2)  # initiative: the fighter's d10 and d8, the orcs' d10s
    s.dice.push(99)  # segment 8: the fighter misses
    s.dice.push(50, 3)  # segment 6: Orc A hits for 13
    s.dice.push(99)  # segment 2: Orc B misses
    sj_round.play_round(s.table, s.state)
    assert s["Fighter"].stunned is False  # the stun ended with the round
    assert [e.who for e in s.of(Stunned)] == ["Fighter"]
    attacks = s.of(Attack)
    assert [(a.attacker, a.number) for a in attacks] == [("Fighter", 1), ("Orc A", 1), ("Orc B", 1)]
    assert "+10 target stunned" in attacks[2].rules
    assert s.dice.remaining == 0


def test_t_sj_5_w11_wound_levels_and_the_exception() -> None:
    """T-SJ-5 [W-11]: starting 18 → 0 at 18 and 11, −20 at 10, −30 at 5; starting 50 → 0 at
    21, −10 at 20 (SC 112 − DEF 40 − 10 = 62)."""
    s = Scene(
        ("A", [sheet("Low", hp=18), sheet("High", hp=50)]), ("B", [sheet("Tgt", 5, DEF=def40())])
    )
    low, high = s["Low"], s["High"]
    for hp, mod in ((18, 0), (11, 0), (10, -20), (5, -30)):
        low.hp = hp
        assert hitting.wound_modifier(low) == mod
    for hp, mod in ((21, 0), (20, -10)):
        high.hp = hp
        assert hitting.wound_modifier(high) == mod
    tgt = s["Tgt"]
    sc = hitting.strike_chance(s.state, high, tgt, None)
    assert sc - hitting.defence(s.state, tgt, high, 11, None) == 62


def test_t_sj_3_w12_cleric_casting_times() -> None:
    """T-SJ-3 [W-12]: init 8, casting time 5 → goes off on 3; init 3 → −2, same round."""
    cure = {"name": "Cure", "caster": "cleric", "casting_time": 5, "heal": "1d8"}
    for face, release in ((8, 3), (3, -2)):
        s = Scene(("A", [sheet("Cleric", spells=[cure])]), ("B", [sheet("Tgt", 5)]))
        cleric = s["Cleric"]
        cleric.plan = Plan("cast", cleric, spell=cleric.spells[0])
        s.dice.push(face)
        initiative.roll_casting(s.table, s.state, cleric, cleric.plan)
        assert (cleric.cast_start, cleric.release) == (face, release)
        assert [i.kind for i in s.state.agenda[release]] == ["release"]


def test_t_sj_4_w13_mage_casting_times() -> None:
    """T-SJ-4 [W-13]: SK rank 8 → casting time 6; init 9 → 3; init 2 → −4; the table."""
    assert data.mage_casting_time(8, "SK") == 6
    rows = [(1, 6, 7), (5, 6, 7), (6, 5, 6), (10, 5, 6), (11, 4, 5), (15, 4, 5), (16, 3, 4),
            (20, 3, 4), (21, 2, 3), (22, 1, 2)]  # fmt: skip
    for rank, gk, sk in rows:
        assert (data.mage_casting_time(rank, "GK"), data.mage_casting_time(rank, "SK")) == (gk, sk)
    for face, release in ((9, 3), (2, -4)):
        s = Scene(("A", [sheet("Mage", spells=[MAGE_BOLT])]), ("B", [sheet("Tgt", 5)]))
        mage = s["Mage"]
        mage.plan = Plan("cast", s["Tgt"], spell=mage.spells[0])
        s.dice.push(face)
        initiative.roll_casting(s.table, s.state, mage, mage.plan)
        assert mage.release == release


def test_t_sj_28_one_round_spells() -> None:
    """T-SJ-28 (SJ-U36, SJ-U35): a `1 round` spell starts on 10 (a roll of 10 or more) and
    goes off on 0; a lower roll casts nothing this round and starts on 10 next round without
    a roll. Option `one_round_start: general`: a start on 5 goes off on −5; on 4, next round."""
    bless = {"name": "Bless", "caster": "cleric", "casting_time": "1 round", "heal": "1d4"}
    s = Scene(("A", [sheet("Cleric", IM=1, spells=[bless])]), ("B", [sheet("Tgt", 5)]))
    cleric = s["Cleric"]
    spell = cleric.spells[0]
    cleric.plan = Plan("cast", cleric, spell=spell)
    s.dice.push(9)  # 9 + 1 = 10
    initiative.roll_casting(s.table, s.state, cleric, cleric.plan)
    assert (cleric.cast_start, cleric.release) == (10, 0)
    s.state.agenda.clear()
    cleric.casting = None
    s.dice.push(5)  # 6: too low
    initiative.roll_casting(s.table, s.state, cleric, cleric.plan)
    assert cleric.casting is None and cleric.carried is spell and not s.state.agenda
    cleric.plan = Plan("continue", cleric, spell=spell)
    initiative.roll_casting(s.table, s.state, cleric, cleric.plan)  # no die: none scripted
    assert (cleric.cast_start, cleric.release) == (10, 0)
    general = Scene(
        ("A", [sheet("Cleric", spells=[bless])]), ("B", [sheet("Tgt", 5)]),
        options={"one_round_start": "general"},
    )  # fmt: skip
    assert casting.timing(general.state, spell, 5) == (5, -5)
    assert casting.timing(general.state, spell, 4) is None
    assert casting.timing(s.state, spell, 12) == (10, 0)


def test_t_sj_24_w14_def_while_casting() -> None:
    """T-SJ-24 [W-14]: DEF 45 = DEX 10 + skill 10 + shield 15 + magic 10 → 10 from the start
    of casting to the release; 45 again after."""
    parts = {"dex": 10, "skill": 10, "shield": 15, "magic_other": 10}
    s = Scene(("A", [sheet("Mage", DEF=parts, spells=[MAGE_BOLT])]), ("B", [sheet("Orc", 5)]))
    mage, orc = s["Mage"], s["Orc"]
    mage.plan = Plan("cast", orc, spell=mage.spells[0])
    s.dice.push(9)
    initiative.roll_casting(s.table, s.state, mage, mage.plan)
    got = {seg: hitting.defence(s.state, mage, orc, seg, None) for seg in (10, 9, 6, 3, 2)}
    assert got == {10: 45, 9: 10, 6: 10, 3: 10, 2: 45}


def test_t_sj_21_w2_a_hit_while_casting_loses_the_spell() -> None:
    """T-SJ-21 [W-2]: SK rank 8 (CT 6), d10 9 → due on 3; the orc's d10 5, a hit for 4 on 5
    → the spell is lost (P15 default) and nothing goes off on 3."""
    s = Scene(
        ("Mage", [sheet("Ilsa", CON=11, spells=[MAGE_BOLT], weapons=[])]),
        ("Orc", [sheet("Orc", 5, weapons=[{"weapon": "axe", "sc": 65, "damage": "1d6+3"}])]),
    )
    s.choices.push(decisions.DECLARE, lambda p: p.action == "cast" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.dice.push(9, 5, 50, 1)  # the mage's d10, the orc's d10; the orc's d100 and d6
    sj_round.play_round(s.table, s.state)
    assert [e.what for e in s.of(ActionLost)] == ["Bolt"]
    assert s.of(SpellReleased) == []
    assert s["Ilsa"].spells[0].uses == 0  # rule 5: the spell energy is lost
    assert s["Ilsa"].hp == 56 and s.dice.remaining == 0


def test_t_sj_20_w1_retargeting_when_the_target_falls_first() -> None:
    """T-SJ-20 [W-1]: Harlan d10 9, d100 50 against SC 80 / DEF 0, d8 6 → the ogre (5 hp) is
    down on 9; Derrick's d10 4 → his attack goes to the adjacent goblin on 4 (SJ-U7)."""
    harlan = {"weapon": "longsword", "sc": 80, "damage": "1d8+4"}
    s = Scene(
        ("Party", [sheet("Harlan", 0, weapons=[harlan]), sheet("Derrick", 0)]),
        ("Foes", [sheet("Ogre", 5, hp=5), sheet("Goblin", 5, DEF=def40())]),
    )
    ogre = lambda p: p.action == "attack" and p.target.name == "Ogre" and p.mode == "stand"  # noqa: E731
    s.choices.push(
        decisions.DECLARE, ogre, ogre, lambda p: p.action == "full", lambda p: p.action == "full"
    )
    s.choices.push(decisions.SWITCH, 0)  # stage 2 (SJ-U27): Harlan stays with the ogre
    s.dice.push(9, 4)  # initiative: Harlan, Derrick
    s.dice.push(50, 6)  # segment 9: Harlan hits, 10 damage
    s.dice.push(90)  # segment 4: Derrick, at the goblin, misses
    sj_round.play_round(s.table, s.state)
    assert s["Ogre"].status is Status.DOWN
    assert [(r.who, r.was, r.now) for r in s.of(Retargeted)] == [("Derrick", "Ogre", "Goblin")]
    assert [(a.attacker, a.target) for a in s.of(Attack)] == [
        ("Harlan", "Ogre"),
        ("Derrick", "Goblin"),
    ]


def test_t_sj_22_w4_minus_6_loses_the_attack() -> None:
    """T-SJ-22 [W-4]: run and attack (−7): d10 1 → −6, lost; d10 2 → −5, kept (S-C8)."""
    for face, kept in ((1, []), (2, [-5])):
        s = duel()
        att = s["Att"]
        att.plan = Plan("attack", s["Tgt"], "run")
        s.dice.push(face)
        initiative.roll_attacks(s.table, s.state, att, att.plan)
        assert att.scheduled == kept


def test_t_sj_9_w15_w17_move_or_run_and_attack() -> None:
    """T-SJ-9 [W-15]: move and attack keeps 1,1,2,2,3 of 1–5, −5 on every initiative (2
    attacks, IM +2, d10 6 → 3); [W-17]: run and attack keeps 1,1,1,2,2, −7, −25 SC (SC 112 −
    25 − DEF 40 = 47)."""
    assert [initiative.kept_attacks(n, "move") for n in range(1, 6)] == [1, 1, 2, 2, 3]
    assert [initiative.kept_attacks(n, "run") for n in range(1, 6)] == [1, 1, 1, 2, 2]
    s = duel(IM=2, attacks=2)
    att, tgt = s["Att"], s["Tgt"]
    att.plan = Plan("attack", tgt, "move")
    s.dice.push(6)
    initiative.roll_attacks(s.table, s.state, att, att.plan)
    assert att.scheduled == [3]
    att.plan = Plan("attack", tgt, "run")
    assert (
        hitting.strike_chance(s.state, att, tgt, None)
        - hitting.defence(s.state, tgt, att, 11, None)
        == 47
    )


def test_t_sj_7_w23_w24_defending_full_and_desperate() -> None:
    """T-SJ-7 [W-23]: rank 5: give up 20 → +10, 25 → +12 (not 13), at most 25 offered;
    [W-24]: Full Defense DEF 30 → 48, no attacks; Desperate Defense → 63."""
    s = Scene(("A", [sheet("Def", DEF={"dex": 10, "skill": 20})]), ("B", [sheet("Att", 5)]))
    d, a = s["Def"], s["Att"]
    for give, bonus in ((20, 10), (25, 12)):
        d.plan = Plan("attack", a, sacrifice=give)
        assert hitting.defence(s.state, d, a, 11, None) == 30 + bonus
    from fracas.rulesets.spelljammer import options

    offered = [p.sacrifice for p in options.plans(s.state, d, None, None) if p.action == "attack"]
    assert max(offered) == 25
    d.plan = Plan("full", None)
    assert hitting.defence(s.state, d, a, 11, None) == 48
    d.plan = Plan("desperate", None)
    assert hitting.defence(s.state, d, a, 11, None) == 63
    d.plan = Plan("full", None)
    s.dice.push()  # Full Defense rolls no initiative
    initiative.roll_all(s.table, s.state)
    assert d.scheduled == []


def test_t_sj_8_w21_w22_multiple_attackers_and_tentacles() -> None:
    """T-SJ-8 [W-21]: 3 attackers → +20 each, 2 → +10, 1 → 0; [W-22]: a roper with six
    tentacles (3 pairs) → +20."""
    for n, bonus in ((3, 20), (2, 10), (1, 0)):
        s = Scene(("A", [sheet(f"A{i}") for i in range(n)]), ("B", [sheet("Tgt", 5)]))
        tgt = s["Tgt"]
        for i in range(n):
            a = s[f"A{i}"]
            a.plan = Plan("attack", tgt)
            a.scheduled = [5]
        why: list[str] = []
        hitting.strike_chance(s.state, s["A0"], tgt, why)
        assert (f"+{bonus} multiple attackers" in why) == (bonus > 0)
    s = Scene(("A", [sheet("Roper", tentacle_pairs=3)]), ("B", [sheet("Tgt", 5)]))
    s["Roper"].plan = Plan("attack", s["Tgt"])
    why = []
    hitting.strike_chance(s.state, s["Roper"], s["Tgt"], why)
    assert "+20 multiple attackers" in why


def test_t_sj_16_w35_ranged_modifiers() -> None:
    """T-SJ-16 [W-35]: target stationary +10, walking 0, running −10; soft cover −10, hard
    −20; tiny −10, small −5, large +5, giant +10 — one at a time."""
    bow = [{"weapon": "longbow", "sc": 100, "rank": 5}]

    def bonus(plan_mode: str = "stand", action: str = "attack", **target: object) -> int:
        s = Scene(("A", [sheet("Archer", weapons=bow)]), ("B", [sheet("Tgt", 50, **target)]))
        tgt = s["Tgt"]
        tgt.plan = Plan(action, s["Archer"], plan_mode)
        return hitting.strike_chance(s.state, s["Archer"], tgt, None) - 100

    assert bonus() == 0
    assert bonus("still") == 10
    assert bonus("run") == -10
    assert bonus(cover="soft") == -10 and bonus(cover="hard") == -20
    sizes = {"tiny": -10, "small": -5, "large": 5, "giant": 10}
    assert {k: bonus(size=k) for k in sizes} == sizes
    # Rules 216–219: in the data, though no stage-1 declaration sprints, dodges or rides.
    moves = data.tables()["target_movement"]
    assert (moves["sprinting"], moves["fast_sprinting"], moves["dodging"]) == (-20, -30, -20)
    assert data.tables()["mount_moving"] == -10
    # Rules 234–236: a ranged weapon in melee (an enemy within 5 ft), by specialisation.
    kinds = {"longbow": (-30, -20, -10), "light crossbow": (-20, -15, -10),
             "hand crossbow": (-10, -5, 0)}  # fmt: skip
    for name, expected in kinds.items():
        got = []
        for spec in (0, 1, 2):
            arm = [{"weapon": name, "sc": 100, "specialist": spec}]
            s = Scene(("A", [sheet("Archer", weapons=arm)]), ("B", [sheet("Tgt", 5)]))
            tgt = s["Tgt"]
            tgt.plan = Plan("attack", s["Archer"])
            got.append(hitting.strike_chance(s.state, s["Archer"], tgt, None) - 100)
        assert tuple(got) == expected, name


def test_t_sj_17_w33_off_hand_lighting_encumbrance_stunned() -> None:
    """T-SJ-17 [W-33]: off hand −20 SC / −2 damage (none if ambidextrous); lighting −10 /
    −20 / −40 / −60; encumbered target −10 DEF, attacker −10 SC; stunned target +10."""
    off = [{"weapon": "longsword", "sc": 112, "damage": "1d8+4", "offhand": True}]

    def modified(a: dict[str, object], t: dict[str, object], **extra: object) -> int:
        s = Scene(("A", [sheet("Att", **a)]), ("B", [sheet("Tgt", 5, DEF=def40(), **t)]), **extra)
        att, tgt = s["Att"], s["Tgt"]
        tgt.stunned = bool(t.get("CON") == 1)
        return hitting.strike_chance(s.state, att, tgt, None) - hitting.defence(
            s.state, tgt, att, 11, None
        )

    assert modified({}, {}) == 72
    assert modified({"weapons": off}, {}) == 52
    assert modified({"weapons": off, "ambidextrous": True}, {}) == 72
    lights = {"starry": 62, "cloudy": 52, "unlit": 32, "pitch_black": 12}
    for light, value in lights.items():
        assert modified({}, {}, conditions={"lighting": light}) == value
    assert modified({"darkvision": True}, {}, conditions={"lighting": "unlit"}) == 72
    assert modified({}, {"encumbered": True}) == 82
    assert modified({"encumbered": True}, {}) == 62
    assert modified({}, {"CON": 1}) == 82
    s = Scene(("A", [sheet("Att", weapons=off)]), ("B", [sheet("Tgt", 5)]))
    s.dice.push(50, 6)
    combat.strike(s.table, s.state, s["Att"], s["Tgt"], 1)
    assert s.of(Damage)[0].rolled == 8  # 6 + 4 − 2


def test_t_sj_18_w34_no_movement() -> None:
    """T-SJ-18 [W-34]: no movement: +3 initiative (d10 5, IM +2 → 10), −20 DEF."""
    s = duel(IM=2)
    att, tgt = s["Att"], s["Tgt"]
    att.plan = Plan("attack", tgt, "still")
    s.dice.push(5)
    initiative.roll_attacks(s.table, s.state, att, att.plan)
    assert att.scheduled == [10]
    tgt.plan = Plan("attack", att, "still")
    assert hitting.defence(s.state, tgt, att, 11, None) == 20


def test_t_sj_18_w34_no_movement_broken() -> None:
    """T-SJ-18 [W-34], its second half (rules 23–26, SJ-U38): under no movement, d10 5 and d8
    1 with IM +2 → attacks on 10 and 6; forced to move on 8 → the attack on 6 is lost; DEX 12,
    d100 30 > 24 → it falls, and standing costs half its next round's attacks."""
    from fracas.rulesets.spelljammer import withdrawal
    from fracas.rulesets.spelljammer.events import NoMovementBroken

    s = duel(IM=2, attacks=2, DEX=12)
    att, tgt = s["Att"], s["Tgt"]
    att.plan = Plan("attack", tgt, "still")
    s.dice.push(5, 1)
    initiative.roll_attacks(s.table, s.state, att, att.plan)
    assert att.scheduled == [10, 6]
    s.state.segment = 8
    att.scheduled.remove(10)  # the attack on 10 was made
    s.state.agenda[10][0].done = True
    s.dice.push(30)
    withdrawal.forced_move(s.table, s.state, att)
    broken = s.of(NoMovementBroken)[0]
    assert (broken.lost, broken.roll, broken.needed, broken.falls) == ("attack 2", 30, 24, True)
    assert att.scheduled == [] and all(i.done for i in s.state.agenda[6])
    att.plan = Plan("attack", tgt)
    s.dice.push(7)
    initiative.roll_attacks(s.table, s.state, att, att.plan)  # one attack: the d10 only
    assert att.scheduled == [9] and not att.prone


def test_sj_u17_the_wound_exception_reads_maximum_or_starting_hit_points() -> None:
    """SJ-U17: maximum 50, 18 as the encounter starts: −10 at 18 by default (the maximum is
    not in a level); with `hp_at_encounter_start`, no modifier until 10."""
    for option, at_18 in ((False, -10), (True, 0)):
        s = Scene(
            ("A", [sheet("Hurt", hp=50, current_hp=18)]),
            ("B", [sheet("Tgt", 5)]),
            options={"hp_at_encounter_start": option},
        )
        hurt = s["Hurt"]
        assert hurt.hp == 18 and hurt.max_hp == 50
        assert hitting.wound_modifier(hurt) == at_18
        hurt.hp = 10
        assert hitting.wound_modifier(hurt) == -20
