"""Issue 35: two of the declarations' shortcuts against the full form they stand for.

- The policy does not score a Defending plan that cannot beat the plain attack before it
  (`SjPolicy._beaten`): its pick must be `best_index` of every plan's score, and the harm it
  relies on must never fall as SC − DEF rises (`policy.HARM_RISES`), on the bundled table
  and weapons.
- The policy keeps its `Pair`s for the battle, renewed each round (`Pair.renew`): each must be
  the `Pair` made anew, and its harm the table's.
- An attack plan's score is the one its rules give read in full, in order (`full_attack`)."""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import pytest

import fracas
from fracas.core.controllers import best_index
from fracas.core.geometry import Position
from fracas.rulesets.spelljammer import (
    Spelljammer,
    data,
    decisions,
    hitting,
    into_melee,
    options,
    outlook,
)
from fracas.rulesets.spelljammer.policy import (
    AIM,
    AIM_STILL,
    HARM_RISES,
    RUN,
    STAND,
    STILL,
    THEN_MOVE,
    Pair,
    SjPolicy,
    hit_chance,
    mode_slot,
)
from fracas.rulesets.spelljammer.state import Fighter, Plan, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


def shuffled(state: SjState, rng: random.Random) -> None:
    """Fighters moved close together and hurt at random (so that some, badly hurt, face
    several foes in reach: the Defending plans they pick must still be picked)."""
    for f in fighters(state):
        if rng.random() < 0.7:
            f.position = Position(rng.uniform(0, 12), rng.uniform(0, 6))
        if rng.random() < 0.5:
            f.hp = rng.randint(1, max(1, f.max_hp))


def test_the_bundled_table_is_proven() -> None:
    assert HARM_RISES  # the bound is in use: the test below compares it with the full form
    bands = [data.critical_band(m) for m in range(-5, 140)]
    assert all(a[0] <= b[0] and a[1] <= b[1] for a, b in pairwise(bands))


def test_a_critical_takes_at_least_a_hits_harm_face_by_face() -> None:
    for prot in range(0, 12):
        for rolled in range(-3, 40):
            hit = hitting.damage_taken(hitting.HIT, rolled, prot)
            assert hit <= hitting.damage_taken(hitting.CRITICAL, rolled, prot)
            assert hit <= hitting.damage_taken(hitting.GRIEVOUS, rolled, prot)


def bundled_dice() -> list[str]:
    """The weapon table's dice and every example's and bench fighter's (a stat block may give
    its own)."""
    dice = {w.damage for w in data.weapons().values()}
    for path in ENCOUNTERS:
        state = Spelljammer().build_state(fracas.load(path).spec)
        dice |= {a.damage for f in fighters(state) for a in f.arms}
    return sorted(dice)


def test_expected_harm_never_falls_as_sc_rises_for_the_bundled_weapons() -> None:
    dice = bundled_dice()
    assert dice
    for d in dice:
        for prot in (0, 2, 5):
            # Every band's edge and the hit chance's range (3 to 95, rule 37, SJ-U8).
            harms = [outlook.expected_harm(d, m, prot) for m in range(-2, 133, 3)]
            assert harms == sorted(harms), (d, prot)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_pick_is_the_best_of_every_plans_score(path: Path) -> None:
    state = Spelljammer().build_state(fracas.load(path).spec)
    rng = random.Random(path.stem)
    defended = asked = 0
    for r in range(30):
        shuffled(state, rng)
        state.round = r + 1
        policy = SjPolicy(state)
        for f in fighters(state):
            if not f.able:
                continue
            plans = options.plans(state, f, None, None)
            picked = policy.pick(f, decisions.DECLARE, plans)
            scores = [policy._plan(f, p) for p in plans]  # every plan, none skipped
            assert picked == best_index(scores), (f.name, r)
            defended += plans[picked].sacrifice > 0
            asked += 1
    assert asked > 0
    if path.stem == "4v4":
        assert defended > 0  # some picks were Defending plans: a bound too eager would fail


SHARED = [*options.AWAY, options.FULL, options.DESPERATE, options.DESPERATE_STILL, options.HOLD]


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_shared_plans_are_passed_only_when_they_cannot_win(path: Path) -> None:
    """`SjPolicy._past_shared`: each plan of a listing is put first, before the listing's
    plans from the first shared one on (the plans without a foe, and the fighter's own), so
    the best so far takes every score a plan can have (a then-move −0.5, a shot −0.7, a
    waiting −1, …): the pick must be `best_index` of every plan's score."""
    state = Spelljammer().build_state(fracas.load(path).spec)
    rng = random.Random(f"{path.stem} shared")
    passed = 0
    for r in range(10):
        shuffled(state, rng)
        state.round = r + 1
        policy = SjPolicy(state)
        for f in fighters(state):
            if not f.able:
                continue
            plans = options.plans(state, f, None, None)
            starts = [i for i, p in enumerate(plans) if p is options.AWAY[0]]
            if not starts:
                continue
            rest = plans[starts[0] :]
            for lead in plans[: starts[0]]:
                given = [lead, *rest]
                picked = policy.pick(f, decisions.DECLARE, given)
                scores = [policy._plan(f, p) for p in given]  # every plan, none passed
                assert picked == best_index(scores), (f.name, r, str(lead))
                calm = not f.waits and 3 * f.hp > f.max_hp
                passed += calm and scores[0] >= 0
    assert all(any(s is p for p in SHARED) for s in options.AWAY)
    if path.stem == "4v4":
        assert passed > 0  # the shortcut was taken: the picks above compare it with the full form


def fields(p: Pair) -> tuple[object, ...]:
    """Every field but the friend chance (asked only of a missile's pair, when scored)."""
    return (id(p.target), id(p.arm), p.base, p.round, p.dice, p.prot, id(p.harms), p.hp,
            p.weight, p.ranged)  # fmt: skip


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_a_renewed_pair_is_a_new_one(path: Path) -> None:
    state = Spelljammer().build_state(fracas.load(path).spec)
    rng = random.Random(path.stem)
    policy = SjPolicy(state)  # one for the battle: its pairs are renewed round by round
    renewed = 0
    for r in range(25):
        shuffled(state, rng)
        for f in fighters(state):
            if rng.random() < 0.3:
                f.prot_armour = rng.randint(0, 4)
        state.round = r + 1
        for f in fighters(state):
            if not f.able:
                continue
            plans = options.plans(state, f, None, None)
            policy.pick(f, decisions.DECLARE, plans)
            for p in policy._pairs_of(f):
                if p.round != state.round:
                    continue
                new = Pair(p.target, p.arm, hitting.declared(state, f, p.target, p.arm), p.round)
                assert fields(p) == fields(new), (f.name, r)
                if p.friend >= 0:  # asked this round, not kept from an earlier one
                    assert p.friend == into_melee.friend_chance(state, f, p.target, p.arm)
                fresh = outlook.harm_of(p.dice, p.base, p.prot)
                assert policy._harm(p, 0) == fresh and p.harm in (-1.0, fresh), (f.name, r)
                renewed += 1
    assert renewed > 0


def full_attack(policy: SjPolicy, me: Fighter, plan: Plan) -> float:
    """`SjPolicy._attack` as it was written before its shortcuts (issue 35): every rule
    read, in order, for every plan."""
    assert plan.target is not None
    t = plan.target
    w = plan.arm or me.weapon
    i = mode_slot(plan.mode)
    penalty = (25 if i == RUN else 0) + plan.sacrifice
    pair = policy._pair(me, t, w)
    kept = policy._kept(me, plan, i)
    n = kept.n
    harm = n * policy._harm(pair, penalty)
    value = harm / pair.hp * pair.weight * kept.timely
    if pair.ranged:
        friend = into_melee.friend_chance(policy.state, me, t, w)
        if friend > (1 - friend) * hit_chance(pair.base, penalty):
            return -0.7
        value *= 1 - 2 * friend
    if plan.extra == "potion":
        value += policy._potion(me, plan)
    elif plan.extra == "shield":
        value += policy._shield_worth(me)
    hurt = 3 * me.hp <= me.max_hp
    if plan.sacrifice:
        return value + (0.5 if hurt and policy._threats(me) > 1 else -0.001)
    if i == THEN_MOVE:
        away = hurt and policy._has_potion(me) and policy._threats(me) <= 1
        return value + 0.5 if away else -0.5
    still = -0.002 if i in (STILL, AIM_STILL) else 0.0
    if i in (AIM, AIM_STILL):
        aimed = value * (1.15 if n else 0.0) + (0.0 if n else 0.5 * policy._aim_next(me, t))
        return aimed + still
    if i in (STAND, STILL) and me.aimed:
        value *= 1.15
    return value + still


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_each_attack_plan_scores_as_written(path: Path) -> None:
    state = Spelljammer().build_state(fracas.load(path).spec)
    rng = random.Random(path.stem)
    stepping = 0
    for r in range(30):
        shuffled(state, rng)
        state.round = r + 1
        policy = SjPolicy(state)
        for f in fighters(state):
            if not f.able:
                continue
            plans = options.plans(state, f, None, None)
            policy.pick(f, decisions.DECLARE, plans)
            for p in plans:
                if p.action == "attack":
                    assert policy._attack(f, p) == full_attack(policy, f, p), (f.name, str(p))
                    stepping += p.mode == "then_move" and policy._away(f)
    if path.stem == "regrouping_on_deck":  # its fighters carry potions
        assert stepping > 0  # some stepped away to drink: their harm was read
