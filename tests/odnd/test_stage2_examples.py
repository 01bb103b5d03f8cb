"""The stage-2 worked examples of the OD&D checklist (T-ODD-n), with scripted dice: grappling,
pursuit, mass combat, manoeuvres, empty hands and subdual, specials, weapon utility."""

from __future__ import annotations

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.odnd import decisions, grapple, holds, mass, pursuit, round, strikes
from fracas.rulesets.odnd.events import (
    Attack,
    ChaseRound,
    Contest,
    Damage,
    Effect,
    Fell,
    Fled,
    KnockedOut,
    Manoeuvre,
    Save,
    Special,
)
from fracas.rulesets.odnd.round import Plan
from fracas.rulesets.odnd.state import Chase

from .conftest import Scene, pc


def orcs(n: int, **kw: object) -> dict[str, object]:
    return {"name": "Orc", "template": "orc", "count": n, "hp": 4, **kw}


def grapple_scene() -> Scene:
    s = Scene(("Hero", [pc("Hero", level=3)]), ("Orcs", [orcs(5)]))
    hero = s["Hero"]
    for k in range(1, 6):
        round.adopt(s.table, s.state, s[f"Orc {k}"], Plan(hero, False, "grapple"))
    return s


def five_orcs_try(s: Scene, d20s: tuple[int, ...]) -> None:
    for k, d20 in enumerate(d20s, start=1):
        s.dice.push(d20)
        round.act(s.table, s.state, s[f"Orc {k}"], 1)


def test_t_odd_5_x14_two_orcs_grapple_and_are_thrown_off_stunned_4_rounds() -> None:
    """T-ODD-5 [X14]: 5 orcs (1 HD) attempt; 2 hit (each needs 9 − 1 for the gang-up = 8);
    orc d6 2 and 5 = 7; the hero's 3d6 = 11 > 7: both stunned for 4 rounds, initiative
    rolled again (rule 106)."""
    s = grapple_scene()
    five_orcs_try(s, (3, 15, 2, 12, 4))
    tries = s.of(Manoeuvre)
    assert [t.hit for t in tries] == [False, True, False, True, False]
    assert all(t.needed == 8 and t.kind == "grapple" for t in tries)
    assert not s.of(Attack)  # a grapple attempt replaces the attack and deals no damage
    s.dice.push(2, 5, 3, 4, 4)
    round.close_segment(s.table, s.state)
    contest = s.of(Contest)[0]
    assert (contest.grapplers, contest.grapplers_roll, contest.hero_roll) == (
        ("Orc 2", "Orc 4"), 7, 11,
    )  # fmt: skip
    assert contest.result == grapple.THROWN
    assert s["Orc 2"].stunned_until == s["Orc 4"].stunned_until == 1 + 4
    assert s.state.reroll_next and not s["Hero"].grapple
    for r, stunned in ((5, True), (6, False)):
        s.state.round = r
        grapple.wake(s.state)
        assert (s["Orc 2"].stunned_until > 0) is stunned


@pytest.mark.parametrize(
    ("hero_dice", "result"), [((2, 2, 3), grapple.STRUGGLING), ((1, 1, 1), grapple.PINNED)]
)
def test_t_odd_5_tie_struggles_lower_is_pinned(hero_dice: tuple[int, ...], result: str) -> None:
    """T-ODD-5: 7 = 7 → struggling (no weapon, no shield or DEX); 3 < 7 → pinned, and an
    attack on the pinned hits automatically (ODD-U44)."""
    s = grapple_scene()
    five_orcs_try(s, (3, 15, 2, 12, 4))
    s.dice.push(2, 5, *hero_dice)
    round.close_segment(s.table, s.state)
    hero = s["Hero"]
    assert hero.grapple == result
    assert round.options(s.state, hero)[0].action == "struggle"
    if result == grapple.PINNED:
        s.dice.push(2, 3)  # a 2 would miss (needs 8), but the pinned are hit automatically
        assert strikes.strike(s.table, s.state, s["Orc 1"], hero)
        assert s.of(Attack)[-1].hit


def test_t_odd_5_contest_rolled_again_in_the_heros_slot() -> None:
    """ODD-U44: while held, the contest is rolled again as the hero's action."""
    s = grapple_scene()
    five_orcs_try(s, (3, 15, 2, 12, 4))
    s.dice.push(2, 5, 2, 2, 3)
    round.close_segment(s.table, s.state)
    hero = s["Hero"]
    round.adopt(s.table, s.state, hero, Plan(None, False, "struggle"))
    s.dice.push(1, 1, 6, 6, 6)  # 2 against 18: thrown off, stunned 16 rounds
    round.act(s.table, s.state, hero, 0)
    assert s.of(Contest)[-1].result == grapple.THROWN and not hero.grapple


def retreat_with_pursuit() -> Scene:
    return Scene(
        ("A", [pc("Runner", ac=5, position=[0, 0])]),
        ("B", [pc("Foe", kind="monster", position=[5, 0])]),  # a monster rolls (rule 134)
        conditions={"pursuit": True},
    )


@pytest.mark.parametrize(("dice", "chased"), [((4, 4), True), ((4, 5), False)])
def test_t_odd_9_pursuit_check_after_a_retreat(dice: tuple[int, int], chased: bool) -> None:
    """T-ODD-9, rules 54, 134, D8: after the Retreat, 2d6 — 8 pursued, 9 not."""
    s = retreat_with_pursuit()
    runner = s["Runner"]
    round.adopt(s.table, s.state, runner, Plan(None, False, "retreat"))
    s.dice.push(6, 1, *dice)  # roll-off won (no parting shot), then the pursuit check
    round.act(s.table, s.state, runner, 0)
    assert runner.chasing is chased
    assert (runner.status is Status.FLED) is not chased
    assert len(s.state.chases) == (1 if chased else 0)


def chase_scene(intelligent: bool = False) -> tuple[Scene, Chase]:
    s = Scene(
        ("A", [pc("Fleer", carries=["food", "treasure"])]),
        ("B", [pc("Hunter", kind="monster", intelligent=intelligent)]),
        conditions={"pursuit": True, "route": ["corner", "secret door"]},
    )
    c = Chase(s["Fleer"], s["Hunter"], 40.0)
    s["Fleer"].chasing = s["Hunter"].chasing = True
    s.state.chases.append(c)
    s.state.sight = 60
    return s, c


@pytest.mark.parametrize(
    ("choice", "die", "continues"),
    [
        ("take the corner", 2, True),
        ("take the corner", 3, False),
        ("take the secret door", 1, True),
        ("take the secret door", 2, False),
        ("drop food", 5, False),
        ("drop food", 6, True),
    ],
)
def test_t_odd_25_pursuit_corner_secret_door_food(choice: str, die: int, continues: bool) -> None:
    """T-ODD-25: corner 2 continues, 3 stops; secret door 1 continues, 2 stops; food 5 stops
    the (unintelligent) monsters, 6 and they keep chasing (rules 137–139)."""
    s, c = chase_scene()
    if "secret" in choice:
        s.state.route_taken = 1
    s.choices.push(decisions.FLEE, lambda o: o == choice)
    s.dice.push(die)
    pursuit.play(s.table, s.state)
    assert c.pursuer.chasing is continues
    assert (s["Fleer"].status is Status.FLED) is not continues


def test_t_odd_25_treasure_stops_only_the_intelligent() -> None:
    """Rule 137: unintelligent monsters stop for food, intelligent ones for treasure."""
    s, c = chase_scene(intelligent=False)
    s.choices.push(decisions.FLEE, lambda o: o == "drop treasure")
    pursuit.play(s.table, s.state)  # no die: the beast ignores treasure
    assert c.pursuer.chasing and "treasure" not in s["Fleer"].carries
    s2, c2 = chase_scene(intelligent=True)
    s2.choices.push(decisions.FLEE, lambda o: o == "drop treasure")
    s2.dice.push(1)
    pursuit.play(s2.table, s2.state)
    assert not c2.pursuer.chasing and s2.of(Fled)


def test_rule_55_a_much_faster_pursuer_attacks_at_plus_2_until_the_fleer_turns() -> None:
    """Rule 55, ODD-U26, U27: the gap closes by the difference of the running moves; within
    10 ft the pursuer attacks at +2, no shield; the fleer turning ends the chase."""
    s, c = chase_scene()
    c.pursuer.move, c.fleer.move = 18, 9  # 180 ft against 90 ft a round
    s["Fleer"].shield = True
    s.choices.push(decisions.FLEE, lambda o: o == "run on")
    s.dice.push(10, 3)  # a 1-HD monster needs 9 − 2 = 7 (no shield): hits, d6+1 = 4
    pursuit.play(s.table, s.state)
    assert c.caught and s.of(ChaseRound)[-1].state == "caught"
    assert s.of(Attack)[0].needed == 7 and s.of(Damage)[0].amount == 4
    s.choices.push(decisions.FLEE, lambda o: o == "turn and fight")
    pursuit.play(s.table, s.state)
    assert not s["Fleer"].chasing and s["Fleer"].active and not s.state.chases


def test_a_chase_is_lost_from_sight() -> None:
    """Rule 136, ODD-U27: a gap beyond sight ends the pursuit; the fleer escapes."""
    s, c = chase_scene()
    c.fleer.move, c.pursuer.move = 12, 6
    s.choices.push(decisions.FLEE, lambda o: o == "run on")
    pursuit.play(s.table, s.state)
    assert s.of(ChaseRound)[-1].state == "loses sight of it"
    assert s["Fleer"].status is Status.FLED and s.state.tally["escapes"] == 1


def unit_scene() -> Scene:
    return Scene(
        (
            "Company",
            [
                pc("Hero", level=4),
                {"name": "Trooper", "kind": "character", "cls": "normal man", "level": 0,
                 "weapons": ["spear"], "count": 20, "unit": 10},
            ],
        ),
        ("Bandits", [{"name": "Bandit", "template": "bandit", "count": 30, "unit": 10}]),
    )  # fmt: skip


def test_t_odd_11_x17_units_of_ten_one_throw_d6_times_10() -> None:
    """T-ODD-11 [X17]: units of ten, 10d6 hit points; one throw per unit; a hit takes d6 × 10
    off the target's total; a miss changes nothing; a PC's sweep hits each take their
    rolled damage off a unit (ODD-U45)."""
    s = unit_scene()
    names = [f.name for f in s.state.fighters()]
    assert names == ["Hero", "Trooper 1-10", "Trooper 11-20", "Bandit 1-10", "Bandit 11-20",
                     "Bandit 21-30"]  # fmt: skip
    troop, bandits = s["Trooper 1-10"], s["Bandit 1-10"]
    assert troop.hit_dice == "10d6" and troop.unit_damage == "1d6*10"
    for u in (troop, bandits):
        u.hp = u.max_hp = 40
    round.adopt(s.table, s.state, troop, Plan(bandits, False))
    assert troop.attacks_left == 1
    s.dice.push(15, 3)  # the unit's throw (needs 10 + 2 for AC 7 = 12), then d6 = 3
    round.act(s.table, s.state, troop, 1)
    assert bandits.hp == 10 and s.of(Damage)[0].amount == 30
    assert mass.survivors(bandits, bandits.hp) == 3
    s.dice.push(5)  # a miss: nothing
    troop.attacks_left = 1
    round.act(s.table, s.state, troop, 1)
    assert bandits.hp == 10
    hero = s["Hero"]
    round.adopt(s.table, s.state, hero, Plan(bandits, True))
    assert hero.attacks_left == 4  # a fighter's level in attacks against normal men
    s.dice.push(20, 6)  # its first sweep attack: a critical, d6×2+1 = 13
    round.act(s.table, s.state, hero, 1)
    assert bandits.hp == -3
    s.dice.push(1, 1, 1, 1)  # the first death: the other bandit units stand (ODD-U28)
    round.settle(s.table, s.state)
    assert bandits.status is Status.DEAD and s.of(Fell)  # rule 144: slain to a man


@pytest.mark.parametrize(("left", "men"), [(4, 1), (8, 2), (5, 2), (0, 0), (40, 10)])
def test_t_odd_11_x18_survivors_by_tenths_rounded_up(left: int, men: int) -> None:
    """T-ODD-11 [X18]: original 40 — 4 → 1, 8 → 2, 5 → 2, 0 → 0, 40 → 10 (rule 145)."""
    s = unit_scene()
    unit = s["Trooper 1-10"]
    unit.max_hp = 40
    assert mass.survivors(unit, left) == men


def test_t_odd_11_a_unit_on_a_lone_character_makes_up_to_6_member_attacks() -> None:
    """ODD-U45: up to 6 member attacks on one man (the surround limit, rule 62)."""
    s = unit_scene()
    a, b = s["Bandit 1-10"], s["Bandit 11-20"]
    for u in (a, b):
        u.hp = u.max_hp = 35
    hero = s["Hero"]
    round.adopt(s.table, s.state, a, Plan(hero, False))
    assert a.attacks_left == 6 and hero.declared_against == 6
    assert hero not in round.open_targets(s.state, b)  # no room left around him


def test_t_odd_13_disarm_with_plus_1_per_3_levels_above() -> None:
    """T-ODD-13: target level 7 vs attacker level 1 → +2 on the save (16 − 3 = 13)."""
    s = Scene(("A", [pc("Novice")]), ("B", [pc("Veteran", level=7)]))
    novice, vet = s["Novice"], s["Veteran"]
    assert "disarm" in {p.action for p in round.options(s.state, novice)}
    round.adopt(s.table, s.state, novice, Plan(vet, False, "disarm"))
    s.dice.push(15, 10)  # hits (needs 10); the save 10 + 2 = 12 < 13: disarmed
    round.act(s.table, s.state, novice, 1)
    save = s.of(Save)[0]
    assert (save.roll, save.target, save.passed) == (12, 13, False)
    assert vet.disarmed and not s.of(Damage)  # ODD-U16: no damage
    round.adopt(s.table, s.state, vet, Plan(novice, False))
    round.act(s.table, s.state, vet, 1)  # picking it up takes its next action
    assert not vet.disarmed and not s.of(Attack)
    assert s.of(Effect)[-1].effect.startswith("picks up")


def test_t_odd_13_polearm_dismount_and_prone() -> None:
    """Rule 91: the rider saves (+1 per 3 levels above) or falls: prone, not mounted
    (ODD-U15, U16): no DEX, melee +2 against it, its next attack lost getting up."""
    s = Scene(
        ("A", [pc("Pikeman", weapons=["polearm"])]),
        ("B", [pc("Rider", level=3, mounted=True, DEX=16)]),
    )
    pike, rider = s["Pikeman"], s["Rider"]
    round.adopt(s.table, s.state, pike, Plan(rider, False, "dismount"))
    s.dice.push(20, 5)  # hit; save 5 + 0 < 16
    round.act(s.table, s.state, pike, 1)
    assert rider.prone and not rider.mounted
    m = strikes.modifiers(s.state, pike, rider, True)
    assert m.bonus == 2 and "prone" in m.why[0]
    round.adopt(s.table, s.state, rider, Plan(pike, False))
    s.dice.push(3)
    rider.attacks_left = 2
    round.act(s.table, s.state, rider, 2)
    assert not rider.prone and len(s.of(Attack)) == 1  # one of two attacks lost


@pytest.mark.parametrize(("die", "caught"), [(17, False), (18, True)])
def test_t_odd_13_whip_the_wielder_saves_less_the_targets_str(die: int, caught: bool) -> None:
    """Rule 40, T-ODD-13: the wielder saves, less the target's STR bonus (STR 17: +2)."""
    s = Scene(("A", [pc("Whipper", cls="thief", weapons=["whip"])]), ("B", [pc("Brute", STR=17)]))
    whipper, brute = s["Whipper"], s["Brute"]
    round.adopt(s.table, s.state, whipper, Plan(brute, False, "whip"))
    s.choices.push(decisions.WHIP_AREA, lambda o: o == "feet")
    s.dice.push(15, die)  # a hit, then the wielder's save: d20 − 2 ≥ 16
    round.act(s.table, s.state, whipper, 1)
    assert brute.prone is caught
    assert s.of(Save)[0].who == "Whipper"


def test_t_odd_13_whip_only_ogre_size_or_smaller() -> None:
    s = Scene(
        ("A", [pc("Whipper", weapons=["whip"])]),
        ("B", [{"name": "Dragon", "template": "sea dragon", "hp": 40}]),
    )
    assert "whip" not in {p.action for p in round.options(s.state, s["Whipper"])}


def test_t_odd_14_empty_hands_real_and_temporary_and_knock_out() -> None:
    """T-ODD-14: d4; on every second hit 1 point real (STR ≤ 15), the rest temporary; at
    real + temporary ≥ the maximum, knocked out (ODD-U43), as the slot ends."""
    s = Scene(("A", [pc("Brawler", weapons=["fists"])]), ("B", [pc("Drunk", hp=6)]))
    brawler, drunk = s["Brawler"], s["Drunk"]
    s.dice.push(15, 3, 15, 4)
    strikes.strike(s.table, s.state, brawler, drunk)
    strikes.strike(s.table, s.state, brawler, drunk)
    assert [(d.amount, d.temporary) for d in s.of(Damage)] == [(0, 3), (1, 3)]
    assert (drunk.hp, drunk.temp) == (5, 6)
    round.settle(s.table, s.state)
    assert drunk.status is Status.DOWN and s.of(KnockedOut) and not s.of(Fell)


def test_t_odd_14_strong_pulled_punches_and_surprise() -> None:
    """STR 16–18: 2 real points on the second hit; pulled punches: all temporary; a surprise
    attack doubles the temporary damage (rule 103)."""
    s = Scene(
        ("A", [pc("Strong", STR=17, weapons=["fists"]), pc("Gentle", weapons=["fists"],
                                                          pull_punches=True)]),
        ("B", [pc("Target", hp=40)]),
    )  # fmt: skip
    strong, gentle, target = s["Strong"], s["Gentle"], s["Target"]
    s.dice.push(15, 3, 15, 4)  # STR 17 adds +2 damage (rule 8): 5, then 6 → 2 real
    strikes.strike(s.table, s.state, strong, target)
    strikes.strike(s.table, s.state, strong, target)
    s.dice.push(15, 4)  # the third hit is odd: all temporary anyway
    strikes.strike(s.table, s.state, gentle, target)
    s.dice.push(15, 4)  # the fourth would be real, but punches are pulled
    strikes.strike(s.table, s.state, gentle, target)
    assert [(d.amount, d.temporary) for d in s.of(Damage)] == [(0, 5), (2, 4), (0, 4), (0, 4)]
    target.surprised = True
    s.dice.push(15, 3)
    strikes.strike(s.table, s.state, gentle, target)
    assert s.of(Damage)[-1].temporary == 6


def test_rule_99_temporary_damage_comes_back_each_turn() -> None:
    """Rule 99, D15: level (HD) points per Turn of 10 rounds; the knocked out come round."""
    from fracas.rulesets.odnd import subdual

    s = Scene(("A", [pc("Sleeper", level=3, hp=6)]), ("B", [pc("Foe")]))
    sleeper = s["Sleeper"]
    sleeper.temp, sleeper.status = 8, Status.DOWN
    s.state.round = 10
    subdual.recover(s.table, s.state)
    assert sleeper.temp == 8
    s.state.round = 11
    subdual.recover(s.table, s.state)
    assert sleeper.temp == 5 and sleeper.status is Status.ACTIVE


def test_t_odd_21_x13_improvised_weapon_d4_subdual() -> None:
    """T-ODD-21 [X13]: a brass candlestick, d4 = 3: 3 damage, split per T-ODD-14 (the first
    subdual hit: all temporary)."""
    s = Scene(("A", [pc("Maid", weapons=["improvised"], subdue=True)]), ("B", [pc("Thief")]))
    assert s["Maid"].primary.damage == "1d4"
    s.dice.push(15, 3)
    strikes.strike(s.table, s.state, s["Maid"], s["Thief"])
    assert (s.of(Damage)[0].amount, s.of(Damage)[0].temporary) == (0, 3)


def owlbear_scene() -> Scene:
    return Scene(
        ("Bear", [{"name": "Owlbear", "template": "owlbear", "hp": 30}]),
        ("A", [pc("Victim", hp=40, STR=16)]),
    )


def test_t_odd_17_x7_owlbear_hug_on_a_natural_20() -> None:
    """T-ODD-17 [X7]: 20 → a hit and the hug (ODD-U14); 19 → an ordinary hit."""
    s = owlbear_scene()
    bear, victim = s["Owlbear"], s["Victim"]
    s.dice.push(19, 3)
    strikes.strike(s.table, s.state, bear, victim)
    assert victim.held_by is None and not s.of(Special)
    s.dice.push(20, 3)  # a critical too (needs 5): d6×2+1 = 7
    strikes.strike(s.table, s.state, bear, victim)
    assert victim.held_by is bear and s.of(Special)[0].effect == "hold"
    s.dice.push(4, 5)  # the hug: 2d8 in the owlbear's turn
    holds.squeeze(s.table, s.state, bear)
    assert s.of(Special)[-1].amount == 9 and victim.hp == 40 - 4 - 7 - 9
    s.dice.push(16)  # breaking free: 16 + 2 (STR 16) ≥ 16
    holds.break_free(s.table, victim)
    assert victim.held_by is None


def test_t_odd_17_x7_dire_wolf_knockdown() -> None:
    s = Scene(("W", [{"name": "Wolf", "template": "dire wolf", "hp": 20}]), ("A", [pc("Prey")]))
    s.dice.push(20, 2)
    strikes.strike(s.table, s.state, s["Wolf"], s["Prey"])
    assert s["Prey"].prone


def test_t_odd_18_x8_swallowed_only_the_dagger_and_only_the_swallower() -> None:
    """T-ODD-18 [X8]: swallowed whole, a fighter with sword and dagger draws the dagger and can
    strike only the swallower (ODD-U48)."""
    s = Scene(
        ("Sea", [{"name": "Dragon", "template": "sea dragon", "hp": 60}]),
        ("A", [pc("Jonah", weapons=["sword", "dagger"]), pc("Friend")]),
    )
    dragon, jonah = s["Dragon"], s["Jonah"]
    s.dice.push(20, 4)
    strikes.strike(s.table, s.state, dragon, jonah)
    assert jonah.inside and jonah.primary.data.name == "dagger"
    assert [p.target for p in round.options(s.state, jonah) if p.target] == [dragon]
    assert jonah not in round.open_targets(s.state, dragon)


def test_t_odd_18_x8_blunt_weapons_against_skeletons() -> None:
    """Rule 39, ODD-U48: edged weapons deal half (rounded down) to skeletons, blunt full."""
    s = Scene(
        ("A", [pc("Cleric", cls="cleric", weapons=["mace"]), pc("Swordsman")]),
        ("B", [{"name": "Bones", "template": "animated skeleton", "hp": 20}]),
    )
    s.dice.push(15, 4, 15, 4)
    strikes.strike(s.table, s.state, s["Cleric"], s["Bones"])
    strikes.strike(s.table, s.state, s["Swordsman"], s["Bones"])
    assert [d.amount for d in s.of(Damage)] == [5, 2]


def test_t_odd_11_one_average_hit_destroys_a_fresh_unit_half_the_time() -> None:
    """ODD-U45's note: one hit (d6 × 10) destroys a fresh 10d6 unit 50.8 % of the time —
    exactly, by the calculator's own hit-point distribution (D3, rule 141)."""
    from fractions import Fraction

    from fracas.rulesets.odnd import odds

    p = sum(
        (Fraction(1, 6) * odds.felled("10d6", 10 * k).get(True, Fraction(0)) for k in range(1, 7)),
        Fraction(0),
    )
    assert p == Fraction(1707539, 3359232) and abs(float(p) - 0.508) < 0.0005


def test_t_odd_11_the_seeds_battle_is_forty_units_and_ten_heroes() -> None:
    """Rule 140: the bundled example's hundred troops and three hundred bandits are fought as
    10 and 30 units of ten, beside ten player characters (rule 146)."""
    import fracas

    encounter = fracas.load("examples/odnd/mass_battle.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    units = [f for f in state.fighters() if f.unit_size]
    assert len(units) == 40 and {u.unit_size for u in units} == {10}
    assert sum(1 for f in state.fighters() if not f.unit_size) == 10
