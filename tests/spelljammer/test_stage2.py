"""The stage-2 worked examples of the Spelljammer checklist (T-SJ-n [W-n]), with scripted
dice: weapon handling, shields and potions, invisible foes, surprise and ambush, shooting
into melee, stuck missiles, picking up a weapon, the alert guard."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.rulesets.spelljammer import combat, decisions, hitting, initiative, options, sight
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.events import Attack, IntoMelee
from fracas.rulesets.spelljammer.hitting import CRITICAL, GRIEVOUS
from fracas.rulesets.spelljammer.state import Plan

from .conftest import Scene, def40, sheet

SWORD: dict[str, Any] = {"weapon": "longsword", "sc": 112, "rank": 5, "damage": "1d8+4"}
DAGGER: dict[str, Any] = {"weapon": "dagger", "sc": 100, "rank": 3, "state": "sheathed"}


def modified(s: Scene, a: str, t: str) -> tuple[int, int]:
    att, tgt = s[a], s[t]
    return (
        hitting.strike_chance(s.state, att, tgt, None),
        hitting.defence(s.state, tgt, att, 11, None),
    )


def test_t_sj_11_w18_sheathe_and_draw() -> None:
    """T-SJ-11 [W-18]: sheathe (−5) + draw (−5) → −10 and one action fewer: 2 attacks, IM +2
    → 1 attack; d10 6 → −2. Drawing alone: −5, both attacks."""
    s = Scene(
        ("A", [sheet("Att", 0, IM=2, attacks=2, weapons=[SWORD, DAGGER])]),
        ("B", [sheet("Tgt", 5)]),
    )
    att = s["Att"]
    dagger = att.arms[1]
    att.plan = Plan("attack", s["Tgt"], handling="switch", arm=dagger)
    s.dice.push(6)
    initiative.roll_attacks(s.table, s.state, att, att.plan)
    assert att.scheduled == [-2]
    draw = Plan("attack", s["Tgt"], handling="draw", arm=dagger)
    assert initiative.attacks_kept(s.state, att, draw) == 2
    assert initiative.modifiers(draw)[0] == -5


def test_t_sj_11_w18_two_minus_five_actions_of_any_kind() -> None:
    """SJ-U30: moving and attacking (−5) and drawing (−5) also cost an action; with the
    option `two_minus_five: weapon_handling` they do not."""
    for option, kept in (("any", 0), ("weapon_handling", 1)):
        s = Scene(
            ("A", [sheet("Att", 0, attacks=2, weapons=[DAGGER | {"weapon": "longsword"}])]),
            ("B", [sheet("Tgt", 10)]),
            options={"two_minus_five": option},
        )
        att = s["Att"]
        plan = Plan("attack", s["Tgt"], "move", handling="draw", arm=att.arms[0])
        assert initiative.attacks_kept(s.state, att, plan) == kept  # 2 → 1 (moving) → …
        assert initiative.modifiers(plan)[0] == -10


@pytest.mark.parametrize(("attacks", "kept"), [(1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_t_sj_11_w19_ready_shield(attacks: int, kept: int) -> None:
    """T-SJ-11 [W-19]: readying a shield takes half a round: 1,2,3,4,5 → 0,1,1,2,2."""
    s = Scene(("A", [sheet("Att", 0, attacks=attacks, shield_slung=True)]), ("B", [sheet("T", 5)]))
    plan = Plan("attack", s["T"]).with_extra("shield", "attacks")
    assert initiative.attacks_kept(s.state, s["Att"], plan) == kept


def test_t_sj_11_w19_a_readied_shield_counts_from_the_next_round() -> None:
    """SJ-U31: no shield DEF while slung or being readied; from the next round it counts
    (option `shield_counts: segment_5`: from segment 5)."""
    for option, at5 in (("next_round", 25), ("segment_5", 40)):
        s = Scene(
            ("A", [sheet("Me", 0, DEF=def40(), shield_slung=True)]),
            ("B", [sheet("Far", 200)]),
            options={"shield_counts": option},
        )
        me, far = s["Me"], s["Far"]
        assert hitting.defence(s.state, me, far, 11, None) == 25  # 40 − shield 15
        s.choices.push(decisions.DECLARE, lambda p: p.action == "shield")
        s.choices.push(decisions.DECLARE, lambda p: p.action == "advance")
        sj_round.begin(s.state)
        sj_round.declare(s.table, s.state)
        initiative.roll_all(s.table, s.state)
        assert hitting.defence(s.state, me, far, 5, None) == at5
        sj_round.end(s.table, s.state)
        assert hitting.defence(s.state, me, far, 11, None) == 40


def test_t_sj_11_w20_drink_potion() -> None:
    """T-SJ-11 [W-20]: 3 attacks → 1; or all 3 with half the movement; refused with an
    enemy within 5 ft as the round starts."""
    potion = [{"name": "Healing", "heal": "2d4+2"}]
    s = Scene(
        ("A", [sheet("Me", 0, attacks=3, TMR=6, hp=40, current_hp=25, potions=potion)]),
        ("B", [sheet("Far", 10)]),  # 2 squares: a stand (with the free move) or a move
    )
    me, far = s["Me"], s["Far"]
    plans = options.plans(s.state, me, None, None)
    paid = [p for p in plans if p.extra == "potion" and p.target is far]
    by_attacks = next(p for p in paid if p.cost == "attacks" and p.mode == "stand")
    assert initiative.attacks_kept(s.state, me, by_attacks) == 1
    standing = next(p for p in paid if p.cost == "movement" and p.mode == "stand")
    assert initiative.attacks_kept(s.state, me, standing) == 3
    me_move = Plan("attack", far, "move")
    assert initiative.attacks_kept(s.state, me, me_move) == 2
    moving = me_move.with_extra("potion", "movement", me.potions[0])
    from fracas.rulesets.spelljammer import movement

    assert movement.allowance(s.state, me, moving) == pytest.approx(1.5)  # ½ TMR, halved
    far.position = me.position.toward(far.position, 1.0)  # now within 5 ft
    assert not any(p.potion for p in options.plans(s.state, me, None, None))
    assert not any(p.action == "drink" for p in options.plans(s.state, me, None, None))


def test_t_sj_11_w20_the_potion_works_at_the_first_initiative_slot() -> None:
    """SJ-U32: the potion takes effect at the drinker's first initiative slot (1d10 + IM when
    it has no attack left)."""
    potion = [{"name": "Healing", "heal": "2d4+2"}]
    s = Scene(
        ("A", [sheet("Me", 0, hp=40, current_hp=10, potions=potion)]),
        ("B", [sheet("Far", 300)]),
    )
    s.choices.push(decisions.DECLARE, lambda p: p.action == "drink")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "advance")
    s.dice.push(7)  # its slot: 1d10 7 → segment 7
    s.dice.push(3, 4)  # 2d4+2 = 9
    sj_round.play_round(s.table, s.state)
    assert s["Me"].hp == 19
    assert s["Me"].potions[0].count == 0


@pytest.mark.parametrize(("roll", "sc", "dfn"), [(30, -40, -20), (20, -20, -10), (10, -10, -5)])
def test_t_sj_12_w28_invisible_foe(roll: int, sc: int, dfn: int) -> None:
    """T-SJ-12 [W-28]: PER 12: d100 30 → −40 SC / −20 DEF; 20 (2×) → −20/−10; 10 (1×) →
    −10/−5, against the unseen foe only; a targeting sense cancels it."""
    s = Scene(
        ("A", [sheet("Me", 0, PER=12, DEF=def40())]),
        (
            "B",
            [
                sheet("Ghost", 5, invisible=True, DEF=def40()),
                sheet("Seer", 5, targeting_sense=True),
            ],
        ),
    )
    s.dice.push(roll)
    sight.roll_sight(s.table, s.state)
    assert s.dice.remaining == 0  # only Me rolls: the ghost and the seer see everyone
    assert modified(s, "Me", "Ghost") == (112 + sc, 40)
    assert modified(s, "Ghost", "Me") == (112, 40 + dfn)
    assert modified(s, "Seer", "Me") == (112, 40)


def test_t_sj_12_lighting_and_not_seeing_take_the_larger() -> None:
    """SJ-U24, SJ-U25: under a cloudy night (−20) an unseen foe (−40) is −40, not −60; with
    `invisible_penalty: both`, −60."""
    for option, expected in (("larger", 72), ("both", 52)):
        s = Scene(
            ("A", [sheet("Me", 0)]),
            ("B", [sheet("Ghost", 5, invisible=True)]),
            conditions={"lighting": "cloudy"},
            options={"invisible_penalty": option},
        )
        s.dice.push(99)
        sight.roll_sight(s.table, s.state)
        assert modified(s, "Me", "Ghost")[0] == expected


def test_t_sj_13_surprise_in_and_out_of_combat() -> None:
    """T-SJ-13: in combat +10 SC and half DEF (floor: 45 → 22); out of combat +25 and only
    always-on magical DEF; surprised once."""
    parts = {"dex": 10, "skill": 15, "shield": 10, "magic_always": 5, "magic_other": 5}
    s = Scene(
        ("A", [sheet("Att", 0)]),
        ("B", [sheet("In", 5, DEF=parts, unaware="in_combat"),
               sheet("Out", -5, DEF=parts, unaware="out_of_combat")]),
    )  # fmt: skip
    assert modified(s, "Att", "In") == (122, 22)
    assert modified(s, "Att", "Out") == (137, 5)
    s.dice.push(99)
    combat.strike(s.table, s.state, s["Att"], s["In"], 1)
    combat.land(s.table, s.state)
    assert modified(s, "Att", "In") == (112, 45)  # no longer unexpected
    assert s.state.tally["surprise attacks"] == 1


def test_t_sj_26_w27_alert_guard() -> None:
    """T-SJ-26 [W-27]: an out-of-combat attack on an alert guard is +10 and half DEF, not +25."""
    s = Scene(
        ("A", [sheet("Att", 0)]),
        ("B", [sheet("Guard", 5, DEF=def40(), unaware="out_of_combat", alert=True)]),
    )
    assert modified(s, "Att", "Guard") == (122, 20)


def ambush_scene(*rolls: int, per: int = 15) -> Scene:
    s = Scene(
        ("Party", [sheet("Warner", 0, PER=per), sheet("Ally", 0, PER=per, DEF=def40())]),
        ("Bandits", [sheet("Bandit", 5)]),
        conditions={"ambush": {"by": "Bandits"}},
    )
    s.dice.push(*rolls)
    from fracas.rulesets.spelljammer import surprise

    s.state.surprise_round = True
    surprise.roll_ambush(s.table, s.state)
    return s


def test_t_sj_14_w26_ambush_warning() -> None:
    """T-SJ-14 [W-26]: PER 15: the warner rolls 12 (1×), the ally 40 (3×, 31–45) → treated as
    2×: no ambusher bonus, one counter-attack. Without a warning, 40 → +10 SC."""
    s = ambush_scene(12, 40)
    assert (s["Warner"].ambush_band, s["Ally"].ambush_band) == (1, 2)
    assert modified(s, "Bandit", "Ally") == (112, 40)
    ally = s["Ally"]
    ally.plan = Plan("attack", s["Bandit"])
    assert initiative.attacks_kept(s.state, ally, ally.plan) == 1
    ally.attacks = 3
    assert initiative.attacks_kept(s.state, ally, ally.plan) == 1  # its 1d10 attack only
    s = ambush_scene(60, 40)  # 4× and 3×: no warning
    assert (s["Warner"].ambush_band, s["Ally"].ambush_band) == (4, 3)
    assert modified(s, "Bandit", "Ally")[0] == 122
    assert modified(s, "Bandit", "Warner")[0] == 132


def test_t_sj_14_completely_surprised_and_what_each_band_may_do() -> None:
    """T-SJ-14: 5× or worse: +30 SC and +2 damage; 3× or worse declare nothing; the
    ambushers are hidden until they strike (SJ-U19)."""
    s = ambush_scene(80, 90)  # 15: 5× is above 60
    assert (s["Warner"].ambush_band, s["Ally"].ambush_band) == (5, 5)
    assert modified(s, "Bandit", "Ally")[0] == 142
    assert [p.action for p in options.plans(s.state, s["Ally"], None, None)] == ["caught"]
    assert s["Bandit"].hidden
    s.dice.push(50, 6)  # a hit: 1d8+4 = 10, +2
    combat.strike(s.table, s.state, s["Bandit"], s["Ally"], 1)
    combat.land(s.table, s.state)
    assert s["Ally"].hp == 60 - 12
    assert not s["Bandit"].hidden


def archer_scene(rank: int, specialist: int = 0, friends: int = 1) -> Scene:
    bow = {"weapon": "longbow", "sc": 112, "rank": rank, "specialist": specialist}
    party = [sheet("Archer", -40, weapons=[bow])]
    party += [sheet(f"Friend{i}", 10, DEF=def40()) for i in range(friends)]
    return Scene(("A", party), ("B", [sheet("Orc", 5, DEF=def40())]))


@pytest.mark.parametrize(
    ("rank", "spec", "roll", "on"),
    [(4, 0, 26, "Friend0"), (4, 0, 27, "Orc"), (40, 0, 5, "Friend0"), (30, 1, 3, "Friend0"),
     (30, 1, 4, "Orc")],
)  # fmt: skip
def test_t_sj_15_w31_shooting_into_melee(rank: int, spec: int, roll: int, on: str) -> None:
    """T-SJ-15 [W-31]: 1 friend, 1 foe: rank 4, d100 26 → 30 → friend; 27 → 31 → foe. Rank
    40: a natural 05 → friend. Rank 30 specialist: 03 → friend; 04 → 39 → foe."""
    s = archer_scene(rank, spec)
    s.dice.push(roll, 99)  # friend or foe, then the shot misses
    combat.strike(s.table, s.state, s["Archer"], s["Orc"], 1)
    shot = s.of(IntoMelee)[0]
    assert (shot.friends, shot.foes, shot.now) == (1, 1, on)
    assert s.of(Attack)[0].target == on


def test_t_sj_15_the_rows_and_the_random_friend() -> None:
    """Rules 248–254, SJ-U45: the printed rows; other counts by the formula, clamped; with
    several friends a roll picks the one hit."""
    from fracas.rulesets.spelljammer import data

    printed = {(1, 1): 30, (1, 2): 20, (1, 3): 10, (2, 1): 40, (3, 1): 50, (3, 2): 45}
    for (f, o), at in printed.items():
        assert data.friend_threshold(f, o) == at
    assert data.friend_threshold(2, 2) == 30
    assert data.friend_threshold(1, 5) == 10 and data.friend_threshold(5, 1) == 50
    s = archer_scene(0, friends=2)
    s.dice.push(40, 2, 99)  # 40 ≤ 40 (2 friends, 1 foe) → a friend; d2 2 → the second
    combat.strike(s.table, s.state, s["Archer"], s["Orc"], 1)
    assert s.of(IntoMelee)[0].now == "Friend1"


@pytest.mark.parametrize(
    ("roll", "got", "attack"), [(10, True, True), (40, True, False), (60, False, False)]
)
def test_t_sj_17_w32_picking_up_a_weapon(roll: int, got: bool, attack: bool) -> None:
    """T-SJ-17 [W-32]: DEX 12: d100 10 (1×) → retrieved, one attack on d10 + IM − 5; 40 (4×)
    → retrieved, no attack; 60 → not retrieved; −15 DEF meanwhile."""
    dropped = dict(SWORD, state="dropped")
    s = Scene(
        ("A", [sheet("Me", 0, DEX=12, DEF=def40(), weapons=[dropped])]), ("B", [sheet("Orc", 5)])
    )
    me = s["Me"]
    plan = next(p for p in options.plans(s.state, me, None, None) if p.action == "pickup")
    me.plan = plan
    assert hitting.defence(s.state, me, s["Orc"], 11, None) == 25
    s.dice.push(roll, *((8,) if attack else ()))
    initiative.roll_all(s.table, s.state)
    assert me.armed is got
    assert me.scheduled == ([3] if attack else [])


@pytest.mark.parametrize(("weapon", "roll", "dex", "bleed"),
                         [("longbow", 10, -2, 1), ("longbow", 3, -3, 1), ("javelin", 10, -3, 2),
                          ("thrown spear", 10, -4, 5)])  # fmt: skip
def test_t_sj_19_w30_stuck_missiles(weapon: str, roll: int, dex: int, bleed: int) -> None:
    """T-SJ-19 [W-30]: an arrow's critical → DEX −2, 1 hp a round; grievous → −3; javelin
    −3 / 2; spear −4 / 5 (S-C1). The bleeding comes at each round's end."""
    w = {"weapon": weapon, "sc": 112, "damage": "1d4"}
    s = Scene(("A", [sheet("Archer", 0, weapons=[w])]), ("B", [sheet("Tgt", 5, DEX=12, IM=0)]))
    tgt = s["Tgt"]
    s.dice.push(roll, 1, *((99,) if roll <= 6 else ()))  # a critical or grievous hit, 1d4 1
    result = combat.strike(s.table, s.state, s["Archer"], tgt, 1)
    assert result == (GRIEVOUS if roll <= 6 else CRITICAL)
    combat.land(s.table, s.state)
    assert tgt.dex == 12 + dex
    hp = tgt.hp
    sj_round.end(s.table, s.state)
    assert tgt.hp == hp - bleed


def test_t_sj_19_first_aid_pulls_the_missile() -> None:
    """SJ-U46: First Aid on an adjacent ally, d100 ≤ skill: the missile is out, DEX back."""
    w = {"weapon": "longbow", "sc": 112, "damage": "1d4"}
    s = Scene(
        ("A", [sheet("Archer", -60, weapons=[w])]),
        ("B", [sheet("Tgt", 5, DEX=12), sheet("Medic", 10, first_aid=50)]),
    )
    s.dice.push(10, 1)
    combat.strike(s.table, s.state, s["Archer"], s["Tgt"], 1)
    combat.land(s.table, s.state)
    medic = s["Medic"]
    medic.plan = next(p for p in options.plans(s.state, medic, None, None) if p.action == "aid")
    s.dice.push(40)
    sj_round.end(s.table, s.state)
    assert not s["Tgt"].stuck and s["Tgt"].dex == 12


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"conditions": {"ambush": {"by": "Pirates"}}}, "no side is named 'Pirates'"),
        ({"weapons": [SWORD, dict(SWORD, weapon="dagger")]}, "only one weapon can be in hand"),
        ({"weapons": [dict(SWORD, state="lost")]}, "state"),
        ({"potions": [{"name": "P", "heal": "lots"}]}, "heal"),
        ({"conditions": {"hazards": [{"name": "fire", "at": [0, 0]}]}}, "damage"),
    ],
)
def test_stage_2_bad_input_is_a_clear_message(change: dict[str, Any], words: str) -> None:
    """Malformed stage-2 input: an unknown ambushing side, two weapons in hand, an unknown
    weapon state, bad potion dice, a hazard without damage."""
    import fracas
    from fracas.core.errors import EncounterError

    me = sheet("Me", 0, **{k: v for k, v in change.items() if k != "conditions"})
    doc: dict[str, Any] = {
        "ruleset": "spelljammer",
        "sides": [{"name": "A", "combatants": [me]}, {"name": "B", "combatants": [sheet("T", 5)]}],
    }
    if "conditions" in change:
        doc["conditions"] = change["conditions"]
    with pytest.raises(EncounterError, match=words):
        fracas.from_document(doc)
