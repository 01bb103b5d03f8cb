"""Distances (F-BRP-1, §5.3): `metres_between` and what rounding may leave of a closed gap."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import Scene, encounter_doc, sheet
from fracas.core.geometry import Position
from fracas.rulesets.brp.actions import Attack, Defend, intents
from fracas.rulesets.brp.events import Acts, Moved
from fracas.rulesets.brp.round import play_round
from fracas.rulesets.brp.state import metres_between

coordinate = st.floats(min_value=-500, max_value=500, allow_nan=False)


@pytest.fixture(scope="module")
def pair():
    s = Scene(encounter_doc([sheet("A")], [sheet("B")]))
    return s["A"], s["B"]


@given(ax=coordinate, ay=coordinate, bx=coordinate, by=coordinate)
def test_metres_between_is_the_straight_line_distance(pair, ax, ay, bx, by):
    """The square root of the squares agrees with `math.hypot` to within rounding (a few units
    in the last place; for points under 10⁻¹⁵⁰ m apart, whose squares underflow, 10⁻¹⁵⁰ m)."""
    a, b = pair
    a.position, b.position = Position(ax, ay), Position(bx, by)
    exact = math.hypot(bx - ax, by - ay)
    assert math.isclose(metres_between(a, b), exact, rel_tol=1e-15, abs_tol=1e-150)
    assert metres_between(a, b) == metres_between(b, a)


def test_a_gap_closed_up_to_rounding_is_no_move(scene, sheet):
    """A foe a rounding error beyond melee reach (2 m + 10⁻¹² m) is struck from where the
    fighter stands: no movement, the full DEX rank (§5.3), no "moved 0.0 m" in the log."""
    s = scene(
        [sheet("A", weapons=["Sword, Broad"], skills={"Sword": 60})],
        [sheet("B", weapons=["Sword, Broad"], skills={"Sword": 60}, position=[2 + 1e-12, 0])],
    )
    a, b = s["A"], s["B"]
    options = intents(s.state, a)
    s.choices.push(next(i for i, o in enumerate(options) if isinstance(o, Attack)))
    s.choices.push(next(i for i, o in enumerate(intents(s.state, b)) if isinstance(o, Defend)))
    s.dice.push(99)  # a miss
    play_round(s.table, s.state)
    assert not s.of(Moved)
    assert [(e.who, e.rank) for e in s.of(Acts)] == [("A", a.dex)]
