"""Issue 35: the flight pace (`SjPolicy._flight_pace`), written as loops, is the pace the
rules' reading gives as first written: the slowest of TMR ×1 to ×4 (P3) faster than every
able foe's run (2× TMR, `max` with 0 for none)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import fracas
from fracas.core.geometry import Position
from fracas.rulesets.spelljammer import Spelljammer, movement, outlook
from fracas.rulesets.spelljammer.policy import SjPolicy
from fracas.rulesets.spelljammer.state import Fighter, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


def as_written(state: SjState, me: Fighter) -> str:
    mine = movement.tmr(state, me)
    chase = max((2 * movement.tmr(state, e) for e in outlook.able_foes(state, me)), default=0.0)
    for pace, times in (("walk", 1), ("run", 2), ("sprint", 3)):
        if times * mine > chase:
            return pace
    return "fast_sprint"


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_flight_pace_is_the_one_first_written(path: Path) -> None:
    state = Spelljammer().build_state(fracas.load(path).spec)
    rng = random.Random(f"{path.stem} flight")
    paces = set()
    for r in range(20):
        for f in fighters(state):  # hurt (a slower TMR when badly hurt), moved, some down
            f.position = Position(rng.uniform(0, 12), rng.uniform(0, 6))
            f.hp = rng.randint(-2, max(1, f.max_hp))
        state.round = r + 1
        policy = SjPolicy(state)
        for f in fighters(state):
            expected = as_written(state, f)
            assert policy._flight_pace(f) == expected, (f.name, r)
            paces.add(expected)
    assert paces  # every encounter's fighters read
