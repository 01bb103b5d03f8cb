"""Issue 35: the plans with no target or weapon are built once a process (`options.AWAY`,
`HOLD`, `FULL`, …) and handed to every declaration; the plan declared must be the fighter's
own copy (a retarget, rules 188, 194, SJ-U7, changes it, never an option), and the shared
plans must stay as built through every example's battles."""

from __future__ import annotations

from pathlib import Path

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.rulesets.spelljammer import Spelljammer, options
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.state import Fighter, Plan, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)
SHARED = [
    *options.AWAY, options.HOLD, options.SHIELD, options.CAUGHT, options.FULL,
    options.DESPERATE, options.DESPERATE_STILL,
]  # fmt: skip
AS_BUILT = [
    ("flee", "walk"), ("flee", "run"), ("flee", "sprint"), ("flee", "fast_sprint"),
    ("dodge", "stand"), ("hold", "stand"), ("shield", "stand"), ("caught", "stand"),
    ("full", "stand"), ("desperate", "stand"), ("desperate", "still"),
]  # fmt: skip


def described(plans: list[Plan]) -> list[tuple[object, ...]]:
    """Every field of each plan (identity for the fighters, weapons, spells and potions)."""
    return [
        (p.action, id(p.target), p.mode, p.sacrifice, id(p.spell), p.handling, id(p.arm),
         p.extra, p.cost, id(p.potion), str(p))
        for p in plans
    ]  # fmt: skip


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


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
        assert all(f.plan is not p for p in [*again, *SHARED]), f.name
        offered = described(again)
        f.plan.target = f  # as a retarget does (round.reach, round.switch)
        assert described(options.plans(state, f, None, None)) == offered, f.name
        declared += 1
    assert declared > 0


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_shared_plans_stay_as_built_through_the_battles(path: Path) -> None:
    fresh = described([Plan(action, None, mode) for action, mode in AS_BUILT])
    assert described(SHARED) == fresh
    encounter = fracas.load(path)
    for seed in range(3):
        Battle(encounter, seed=seed, observe=False).run()
    assert described(SHARED) == fresh
