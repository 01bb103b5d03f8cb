"""Issue 35: stage 1's attack plans are kept per fighter, foe, weapon and gap band
(`state.Offer`, `options.reach_plans`) and the plans with no target are built once; the
options handed to the choice must be, round after round, the plans a fresh build gives — in
content and order — and the plan declared must be the fighter's own (a retarget, rules 188,
194, SJ-U7, changes it, never the options)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.geometry import Position
from fracas.core.table import Table
from fracas.rulesets.spelljammer import Spelljammer, options
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.state import Fighter, Plan, Prepared, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def described(plans: list[Plan]) -> list[tuple[object, ...]]:
    """Every field of each plan (identity for the fighters, weapons, spells and potions)."""
    return [
        (p.action, id(p.target), p.mode, p.sacrifice, id(p.spell), p.handling, id(p.arm),
         p.extra, p.cost, id(p.potion), str(p))
        for p in plans
    ]  # fmt: skip


PLANS = options.plans


def fresh(state: SjState, f: Fighter, carried: Prepared | None, aim: Fighter | None) -> list[Plan]:
    """`options.plans` built anew: nothing kept from earlier rounds."""
    kept = f.offers
    f.offers = []
    try:
        return PLANS(state, f, carried, aim)
    finally:
        f.offers = kept


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_plans_kept_are_the_plans_built_afresh_wherever_the_foes_stand(path: Path) -> None:
    encounter = fracas.load(path)
    rng = random.Random(path.stem)
    state = Spelljammer().build_state(encounter.spec)
    reused = 0
    for _ in range(40):
        for f in fighters(state):  # a foe anywhere from touching to far away, each turn
            f.position = Position(rng.uniform(0, 20) * 5, rng.uniform(0, 3) * 5)
            f.hp = rng.randint(1, f.max_hp)
        for f in fighters(state):
            given = options.plans(state, f, None, None)
            assert described(given) == described(fresh(state, f, None, None)), f.name
            reused += sum(p in kept for p in given for o in f.offers for kept in o.kinds if kept)
    assert reused > 0  # kept plans were handed out again


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_declared_plan_is_a_copy_and_a_retarget_leaves_the_options(path: Path) -> None:
    encounter = fracas.load(path)
    state = Spelljammer().build_state(encounter.spec)
    state.round = 1
    table = Table(SeededDice(3), {s.name: Spelljammer().policy(state) for s in state.sides})
    sj_round.begin(state)
    sj_round.declare(table, state)
    declared = 0
    for f in fighters(state):
        if f.plan is None:
            continue
        again = options.plans(state, f, None, None)
        assert all(f.plan is not p for p in again), f.name
        offered = described(again)
        f.plan.target = f  # as a retarget does (round.reach, round.switch)
        assert described(options.plans(state, f, None, None)) == offered, f.name
        declared += 1
    assert declared > 0


@pytest.mark.skipif(
    not str(options.__file__).endswith(".py"),
    reason="the rules' functions are patched: the pure build's (a compiled caller is not)",
)
@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_every_declarations_options_are_the_plans_built_afresh_in_battles(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = 0
    original = options.plans

    def checked(
        state: SjState, f: Fighter, carried: Prepared | None, aim: Fighter | None
    ) -> list[Plan]:
        nonlocal asked
        given = original(state, f, carried, aim)
        assert described(given) == described(fresh(state, f, carried, aim)), (state.round, f.name)
        asked += 1
        return given

    monkeypatch.setattr(options, "plans", checked)
    encounter = fracas.load(path)
    for seed in range(3):
        Battle(encounter, seed=seed, observe=False).run()
    assert asked > 0
