import math
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.geometry import Position, hypot


def test_distance_and_moving_toward():
    a, b = Position(0, 0), Position(3, 4)
    assert a.distance(b) == 5
    assert a.toward(b, 2.5) == Position(1.5, 2.0)
    assert a.toward(b, 10) == b  # never past the goal
    assert a.toward(a, 3) == a


def test_a_position_is_a_frozen_value():
    """Its own `__init__` (compiled) keeps what the frozen dataclass gave: defaults, equality
    and hashing by value, and no field set from outside."""
    import dataclasses

    import pytest

    p = Position(1.5, -2.0)
    assert (p.x, p.y) == (1.5, -2.0) and Position() == Position(0.0, 0.0)
    assert p == Position(1.5, -2.0) and hash(p) == hash(Position(1.5, -2.0))
    assert p != Position(1.5, 2.0) and len({p, Position(1.5, -2.0), Position()}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.x = 3.0  # type: ignore[misc]
    assert [f.name for f in dataclasses.fields(p)] == ["x", "y"]


def _bits(value: float) -> bytes:
    return struct.pack("<d", value)


# Bit for bit against `math.hypot` where it counts, on the compiled build (C doubles): 6,000
# examples run once, not on both builds (pyproject.toml). Every battle on the pure build
# measures its distances through the same source.
@pytest.mark.compiled_build
@settings(max_examples=3000, deadline=None)
@given(
    dx=st.floats(allow_nan=True, allow_infinity=True),
    dy=st.floats(allow_nan=True, allow_infinity=True),
)
def test_hypot_is_maths_float(dx: float, dy: float) -> None:
    """`geometry.hypot` (CPython's `vector_norm` written out, issue 35) is `math.hypot` to the
    bit, for any floats: huge, subnormal, zero of either sign, infinite, NaN."""
    want, got = math.hypot(dx, dy), hypot(dx, dy)
    assert _bits(got) == _bits(want) or (math.isnan(got) and math.isnan(want))


@pytest.mark.compiled_build  # as above
@settings(max_examples=3000, deadline=None)
@given(
    a=st.floats(0.01, 200.0),
    ratio=st.sampled_from([0.75, 4 / 3, 5 / 12, 1.0, 1e-9, 0.5, 2.0]),
    sign=st.sampled_from([1.0, -1.0]),
)
def test_hypot_agrees_where_rounding_is_hardest(a: float, ratio: float, sign: float) -> None:
    """Lengths on a battlefield, at the ratios whose true length lies near a rounding boundary
    (3-4-5 triangles and the like: where a plain `sqrt` of the squares differs)."""
    b = sign * a * ratio
    assert _bits(hypot(a, b)) == _bits(math.hypot(a, b))
    assert _bits(Position(0.0, 0.0).distance(Position(a, b))) == _bits(math.hypot(a, b))
