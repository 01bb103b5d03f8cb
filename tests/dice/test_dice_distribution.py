"""Exact distributions, checked against icepool as the oracle."""

from __future__ import annotations

import math
from fractions import Fraction

import icepool
import pytest
from dice_support import assert_matches_icepool, expressions, ref_half, to_icepool
from hypothesis import given, settings

from fracas.dice import DiceError, Distribution, Expr, compile_dice, parse
from fracas.dice import distribution as distribution_module
from fracas.dice.compiler import max_of, min_of
from fracas.dice.distribution import distribution_of

d = icepool.d


def half(die: icepool.Die) -> icepool.Die:
    return die.map(ref_half)


# The oracle for each seed is written with icepool directly, not derived from the parser.
SEEDS = {
    "1D8+2+db": lambda db: d(8) + 2 + db,
    "2D6+2": lambda db: 2 @ d(6) + 2,
    "1D3+1": lambda db: d(3) + 1,
    "3D6": lambda db: 3 @ d(6),
    "d100": lambda db: d(100),
    "1D6+½db": lambda db: d(6) + half(db),
    "1d3+1+½db": lambda db: d(3) + 1 + half(db),
    "1D10+3+db": lambda db: d(10) + 3 + db,
    "2D8+db": lambda db: 2 @ d(8) + db,
    "1D2+½db": lambda db: d(2) + half(db),
}
BONUSES = {
    "0": icepool.Die([0]),
    "1D4": d(4),
    "1D6": d(6),
    "-1D4": -d(4),
    "-1D6": -d(6),
    "2D6": 2 @ d(6),
}


@pytest.mark.parametrize("db", BONUSES)
@pytest.mark.parametrize("seed", SEEDS)
def test_seeds_against_icepool(seed: str, db: str) -> None:
    dist = compile_dice(seed, {"db": db}).distribution()
    assert_matches_icepool(dist, SEEDS[seed](BONUSES[db]))


@pytest.mark.parametrize(
    ("notation", "die"),
    [
        ("1D8+2+1D4", d(8) + 2 + d(4)),
        ("½1D4", (d(4) + 1) // 2),
        ("½(2D6)", (2 @ d(6) + 1) // 2),
        ("½(-1D4)", -((d(4) + 1) // 2)),
        ("½(1D4-1D6)", half(d(4) - d(6))),
        ("1D8-1D4", d(8) - d(4)),
        ("-1D4", -d(4)),
        ("2D6*10", (2 @ d(6)) * 10),
        ("1D4*3+1D2*2", d(4) * 3 + d(2) * 2),
        ("2D6*1000+2D6", (2 @ d(6)) * 1000 + 2 @ d(6)),
        # Lopsided operands (½1D3 is 1, 1, 2) show any grid laid the wrong way round.
        ("½1D3*5+1D4", half(d(3)) * 5 + d(4)),
        ("1D4+½1D3*5", d(4) + half(d(3)) * 5),
        ("½1D3*1000+½1D3", half(d(3)) * 1000 + half(d(3))),
        ("½1D3*2+½1D3*3-½1D3", half(d(3)) * 2 + half(d(3)) * 3 - half(d(3))),
        ("-½1D3+½1D3*7", -half(d(3)) + half(d(3)) * 7),
        ("½(1D6*10)+1D3", half(d(6) * 10) + d(3)),
        ("(1D6+1)*2-½1D8", (d(6) + 1) * 2 - half(d(8))),
        ("d%", d(100)),
        ("3D1", icepool.Die([3])),
        ("1D1*5+2", icepool.Die([7])),
        ("5", icepool.Die([5])),
        ("4D6+2D10-3D4", 4 @ d(6) + 2 @ d(10) - 3 @ d(4)),
    ],
)
def test_expressions_against_icepool(notation: str, die: icepool.Die) -> None:
    assert_matches_icepool(compile_dice(notation).distribution(), die)


@settings(max_examples=200, deadline=None)
@given(expressions(max_count=3, max_sides=8, max_leaves=6))
def test_random_expressions_against_icepool(expr: Expr) -> None:
    compiled = compile_dice(expr)
    dist = compiled.distribution()
    assert_matches_icepool(dist, to_icepool(expr))
    assert dist.denominator == math.prod(compiled.dice)
    assert (dist.min, dist.max) == (compiled.minimum, compiled.maximum)
    assert (dist.min, dist.max) == (min_of(expr), max_of(expr))


@settings(max_examples=60, deadline=None)
@given(expressions(max_count=4, max_sides=10, max_leaves=6))
def test_python_int_path_equals_int64_path(expr: Expr) -> None:
    bounds = (min_of(expr), max_of(expr))
    fast = distribution_of(expr, bounds)
    original = distribution_module._INT64_LIMIT
    distribution_module._INT64_LIMIT = 0  # force the big-integer path
    try:
        exact = distribution_of(expr, bounds)
    finally:
        distribution_module._INT64_LIMIT = original
    assert exact == fast


def test_beyond_int64() -> None:
    # 1000**7 face combinations: the weights overflow int64, so Python integers are used.
    dist = compile_dice("7D1000").distribution()
    assert dist.denominator == 1000**7 > 2**63
    assert dist.weights[7] == 1
    assert dist.weights[8] == 7
    assert dist.weights[9] == 28  # C(8, 6)
    assert len(dist) == 6994
    assert dist.mean() == Fraction(7 * 1001, 2)
    assert all(dist.weights[x] == dist.weights[7007 - x] for x in range(7, 3504))
    assert compile_dice("3D1000+4D1000").distribution() == dist
    assert compile_dice("-7D1000").distribution().weights[-9] == 28


def test_too_large() -> None:
    with pytest.raises(DiceError, match="too large"):
        compile_dice("1D6*1000*1000*1000*1000*1000*1000").distribution()
    with pytest.raises(DiceError, match="too large"):
        compile_dice("1D2*1000*1000*1000+1D2").distribution()


def test_multiples_have_no_zero_weights() -> None:
    dist = compile_dice("2D6*10").distribution()
    assert dist.outcomes() == tuple(range(20, 121, 10))
    assert all(weight > 0 for weight in dist.weights.values())
    assert dist.probability(25) == 0


def test_queries() -> None:
    dist = compile_dice("2D6").distribution()
    assert dist.denominator == 36
    assert dist.probability(7) == Fraction(1, 6)
    assert dist.at_least(7) == Fraction(21, 36)
    assert dist.at_most(7) == Fraction(21, 36)
    assert dist.at_least(2) == 1
    assert dist.at_least(13) == 0
    assert dist.at_most(12) == 1
    assert dist.at_most(1) == 0
    assert dist.at_least(-100) == 1
    assert dist.mean() == 7
    assert isinstance(dist.mean(), Fraction)
    assert isinstance(dist.at_least(3), Fraction)
    assert (dist.min, dist.max) == (2, 12)
    assert list(dist) == list(range(2, 13))


def test_distribution_is_immutable_value() -> None:
    dist = Distribution({3: 2, 1: 1, 2: 0})
    assert dict(dist.weights) == {1: 1, 3: 2}
    assert list(dist.weights) == [1, 3]
    assert dist == Distribution({1: 1, 3: 2})
    assert hash(dist) == hash(Distribution({1: 1, 3: 2}))
    assert dist != Distribution({1: 2, 3: 4})  # same probabilities, different weights
    assert dist != "dist"
    with pytest.raises(AttributeError):
        dist.denominator = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        dist.weights[1] = 5  # type: ignore[index]
    assert repr(dist) == "Distribution({1: 1, 3: 2})"


@pytest.mark.parametrize("weights", [{}, {1: 0}, {1: -1, 2: 3}])
def test_distribution_refuses_bad_weights(weights: dict[int, int]) -> None:
    with pytest.raises(DiceError):
        Distribution(weights)


def test_unbound_distribution() -> None:
    with pytest.raises(DiceError, match='"db" is not bound'):
        distribution_of(parse("1D6+db"), (0, 0))
