from fracas.core.geometry import Position


def test_distance_and_moving_toward():
    a, b = Position(0, 0), Position(3, 4)
    assert a.distance(b) == 5
    assert a.toward(b, 2.5) == Position(1.5, 2.0)
    assert a.toward(b, 10) == b  # never past the goal
    assert a.toward(a, 3) == a
