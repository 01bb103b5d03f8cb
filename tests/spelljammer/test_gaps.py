"""Issue 35: `space.gap` keeps, for each fighter, the gaps it measured while it stands where
it stood; every gap it answers must be the distance measured afresh, however the fighters
move (one at a time or several at once) and on a copy of the state."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

import fracas
from fracas.core.geometry import Position
from fracas.rulesets.spelljammer import Spelljammer, space
from fracas.rulesets.spelljammer.state import Fighter, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


def all_measured(state: SjState) -> int:
    """Every gap asked, checked against the distance measured afresh; how many were kept."""
    kept = 0
    for a in fighters(state):
        for b in fighters(state):
            entry = a.gaps[b.order] if b.order < len(a.gaps) else None
            kept += entry is not None and entry.frm is a.position and entry.to is b.position
            assert space.gap(a, b) == a.position.distance(b.position) / space.SQUARE
            # the metres kept beside it, and the step toward read with them (issue 35): the
            # core's `Position.toward`, point for point
            assert space.metres_between(a, b) == a.position.distance(b.position)
            room = max(0.0, space.gap(a, b) - space.STAND_OFF)
            for squares in (0.0, 0.25, 1.0, 2.5, 40.0):
                toward = a.position.toward(b.position, min(room, squares) * space.SQUARE)
                assert space.step_toward(a, b, squares) == toward
    return kept


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_a_kept_gap_is_the_distance_measured_afresh(path: Path) -> None:
    encounter = fracas.load(path)
    rng = random.Random(path.stem)
    state = Spelljammer().build_state(encounter.spec)
    kept = 0
    for _ in range(30):
        for f in fighters(state):
            if rng.random() < 0.4:  # it moves, or is set down where it stands
                f.position = rng.choice(
                    [f.position, Position(rng.uniform(0, 30), rng.uniform(0, 9))]
                )
        kept += all_measured(state)
        kept += all_measured(copy.deepcopy(state))
    assert kept > 0  # gaps were answered from what was kept
