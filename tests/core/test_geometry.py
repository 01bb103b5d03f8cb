from fracas.core.geometry import Position


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
