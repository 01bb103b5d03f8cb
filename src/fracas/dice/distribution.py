"""Exact probability distributions of dice expressions, by integer convolution.

Every weight is an integer count of face combinations, so probabilities are exact `Fraction`s.
Weights are computed in numpy ``int64`` when that cannot overflow and in Python integers when it
could: every weight of an expression is at most the product of all its dice's sides (the
denominator), so int64 is used exactly when that product is below 2**63. Above it (say 7D1000)
each convolution is done exactly on Python integers by packing the weight vectors into two big
numbers and multiplying them (Kronecker substitution), which is far faster than a Python loop.
"""

from __future__ import annotations

import decimal
import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Mapping
from fractions import Fraction
from itertools import accumulate
from types import MappingProxyType
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from fracas.dice.errors import DiceError
from fracas.dice.expr import Const, Dice, Expr, Half, Mul, Neg, Sum, Var

__all__ = ["Distribution", "distribution_of"]

_INT64_LIMIT = 2**63
# The weight vectors are dense; beyond this many cells (e.g. a die multiplied by 1000 three
# times) an exact distribution would exhaust memory, so it is refused instead.
_MAX_CELLS = 20_000_000
_MAX_MAGNITUDE = 2**53  # outcomes are indexed through int64 arithmetic; keep them far from overflow

_Weights: TypeAlias = npt.NDArray[Any]


class Distribution:
    """The exact distribution of an integer total: each outcome with an integer weight.

    ``probability(x) == weights[x] / denominator``; the denominator is the number of equally
    likely face combinations (the product of the dice's sides). Immutable and hashable.
    """

    __slots__ = ("_denominator", "_outcomes", "_prefix", "_weights")

    _weights: Mapping[int, int]
    _outcomes: tuple[int, ...]
    _prefix: tuple[int, ...]
    _denominator: int

    def __init__(self, weights: Mapping[int, int]) -> None:
        """Build from ``{outcome: weight}``; weights must be non-negative integers, not all zero."""
        items = sorted((int(outcome), int(weight)) for outcome, weight in weights.items())
        if any(weight < 0 for _, weight in items):
            raise DiceError("a distribution's weights cannot be negative")
        items = [(outcome, weight) for outcome, weight in items if weight]
        if not items:
            raise DiceError("a distribution needs at least one outcome of positive weight")
        prefix = tuple(accumulate(weight for _, weight in items))
        object.__setattr__(self, "_weights", MappingProxyType(dict(items)))
        object.__setattr__(self, "_outcomes", tuple(outcome for outcome, _ in items))
        object.__setattr__(self, "_prefix", prefix)
        object.__setattr__(self, "_denominator", prefix[-1])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Distribution is immutable; cannot set {name!r}")

    @property
    def weights(self) -> Mapping[int, int]:
        """Outcome → integer weight, for outcomes of nonzero weight only, in increasing order."""
        return self._weights

    @property
    def denominator(self) -> int:
        """The sum of all weights (for dice, the product of their sides)."""
        return self._denominator

    @property
    def min(self) -> int:
        """The smallest possible outcome."""
        return self._outcomes[0]

    @property
    def max(self) -> int:
        """The largest possible outcome."""
        return self._outcomes[-1]

    def outcomes(self) -> tuple[int, ...]:
        """The possible outcomes, sorted."""
        return self._outcomes

    def probability(self, x: int) -> Fraction:
        """The exact probability that the total is ``x``."""
        return Fraction(self._weights.get(x, 0), self._denominator)

    def _weight_below(self, x: int) -> int:
        index = bisect_left(self._outcomes, x)
        return self._prefix[index - 1] if index else 0

    def at_most(self, x: int) -> Fraction:
        """The exact probability that the total is ``x`` or less."""
        index = bisect_right(self._outcomes, x)
        return Fraction(self._prefix[index - 1] if index else 0, self._denominator)

    def at_least(self, x: int) -> Fraction:
        """The exact probability that the total is ``x`` or more."""
        return Fraction(self._denominator - self._weight_below(x), self._denominator)

    def mean(self) -> Fraction:
        """The exact expected total."""
        return Fraction(
            sum(outcome * weight for outcome, weight in self._weights.items()), self._denominator
        )

    def __iter__(self) -> Iterator[int]:
        return iter(self._outcomes)

    def __len__(self) -> int:
        return len(self._outcomes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._weights == other._weights

    def __hash__(self) -> int:
        return hash(tuple(self._weights.items()))

    def __repr__(self) -> str:
        shown = list(self._weights.items())
        body = ", ".join(f"{outcome}: {weight}" for outcome, weight in shown[:12])
        more = f", … {len(shown) - 12} more" if len(shown) > 12 else ""
        return f"Distribution({{{body}{more}}})"


# A weight vector on a grid: outcome of cell i is ``offset + step * i``. A one-cell vector has
# step 0, which `math.gcd` treats as "fits any grid".
_Grid: TypeAlias = tuple[int, int, _Weights]


def _check_cells(length: int) -> None:
    if length > _MAX_CELLS:
        raise DiceError("the distribution is too large to compute exactly")


# Exact big-integer arithmetic: a decimal context wide enough never to round. CPython's decimal
# (libmpdec) multiplies huge numbers by number-theoretic transform, far faster than int's
# Karatsuba at these sizes (100D1000: 4 s rather than a minute).
_EXACT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def _pack(values: list[int], width: int) -> decimal.Decimal:
    """The vector as one number, ``width`` decimal digits per cell, cell 0 lowest."""
    return _EXACT.create_decimal("".join(str(v).zfill(width) for v in reversed(values)))


def _unpack(packed: decimal.Decimal, width: int, length: int) -> _Weights:
    digits = format(packed, "f").rjust(length * width, "0")
    end = len(digits)
    out = np.empty(length, dtype=object)
    out[:] = [int(digits[end - (i + 1) * width : end - i * width]) for i in range(length)]
    return out


def _convolve_big(a: _Weights, b: _Weights) -> _Weights:
    """Exact convolution of non-negative Python-int vectors by one big multiplication.

    Cells are packed wide enough that no sum of products can carry into the next cell.
    """
    xs = [int(v) for v in a]
    ys = [int(v) for v in b]
    bound = max(xs) * max(ys) * min(len(xs), len(ys))  # no result cell can exceed this
    width = len(str(bound)) + 1
    product = _EXACT.multiply(_pack(xs, width), _pack(ys, width))
    return _unpack(product, width, len(xs) + len(ys) - 1)


def _dice_big(count: int, sides: int) -> _Weights:
    """Weights of ``count`` dice of ``sides`` in Python ints: one big power, not count products."""
    width = len(str(sides**count)) + 1  # no cell exceeds the number of combinations
    length = count * (sides - 1) + 1
    _check_cells(length)
    return _unpack(_EXACT.power(_pack([1] * sides, width), count), width, length)


def _convolve(a: _Weights, b: _Weights) -> _Weights:
    _check_cells(len(a) + len(b) - 1)
    if a.dtype == object:
        return _convolve_big(a, b)
    return np.convolve(a, b)


def _regrid(grid: _Grid, step: int) -> _Weights:
    _, own, weights = grid
    if len(weights) == 1 or own == step:
        return weights
    stride = own // step
    _check_cells((len(weights) - 1) * stride + 1)
    spread = np.zeros((len(weights) - 1) * stride + 1, dtype=weights.dtype)
    spread[::stride] = weights
    return spread


def _add(a: _Grid, b: _Grid) -> _Grid:
    step = math.gcd(a[1], b[1])
    if len(a[2]) > 1 and len(b[2]) > 1 and a[1] != b[1]:
        sparse = _add_sparse(a, b, step)
        if sparse is not None:
            return sparse
    weights = _convolve(_regrid(a, step), _regrid(b, step))
    return (a[0] + b[0], step if len(weights) > 1 else 0, weights)


def _add_sparse(a: _Grid, b: _Grid, step: int) -> _Grid | None:
    """Add grids of different steps pair by pair (``2D6*1000 + 2D6`` has 121 pairs).

    Spreading both onto the common step first would convolve long runs of zeros: 11,000 cells
    times 11 for the example. None if there are too many pairs; the dense way is then no worse.
    """
    cells_a, cells_b = np.nonzero(a[2])[0], np.nonzero(b[2])[0]
    if len(cells_a) * len(cells_b) > _MAX_CELLS:
        return None
    index = np.add.outer(cells_a * (a[1] // step), cells_b * (b[1] // step)).ravel()
    products = np.multiply.outer(a[2][cells_a], b[2][cells_b]).ravel()
    length = (len(a[2]) - 1) * (a[1] // step) + (len(b[2]) - 1) * (b[1] // step) + 1
    _check_cells(length)
    out = np.zeros(length, dtype=a[2].dtype)
    np.add.at(out, index, products)
    return (a[0] + b[0], step, out)


def _halve(grid: _Grid) -> _Grid:
    offset, step, weights = grid
    cells = np.nonzero(weights)[0]
    outcomes = offset + step * cells.astype(np.int64)
    # Half, rounding the magnitude up and keeping the sign: (v + (v > 0)) // 2.
    halves = (outcomes + (outcomes > 0)) // 2
    low = int(halves.min())
    new_step = int(np.gcd.reduce(halves - low))
    index = (halves - low) // new_step if new_step else np.zeros_like(halves)
    out = np.zeros(int(index.max()) + 1, dtype=weights.dtype)
    np.add.at(out, index, weights[cells])
    return (low, new_step, out)


def _grid(expr: Expr, dtype: type[Any]) -> _Grid:
    if isinstance(expr, Const):
        return (expr.value, 0, np.ones(1, dtype=dtype))
    if isinstance(expr, Dice) and dtype is object:
        weights = _dice_big(expr.count, expr.sides)
        return (expr.count, 1 if len(weights) > 1 else 0, weights)
    if isinstance(expr, Dice):
        one = np.ones(expr.sides, dtype=dtype)
        weights = one
        for _ in range(expr.count - 1):
            weights = _convolve(weights, one)
        return (expr.count, 1 if len(weights) > 1 else 0, weights)
    if isinstance(expr, Var):
        raise DiceError(f'"{expr.name}" is not bound to any dice')
    if isinstance(expr, Neg):
        offset, step, weights = _grid(expr.operand, dtype)
        return (-(offset + step * (len(weights) - 1)), step, weights[::-1])
    if isinstance(expr, Mul):
        offset, step, weights = _grid(expr.operand, dtype)
        return (offset * expr.factor, step * expr.factor, weights)
    if isinstance(expr, Half):
        return _halve(_grid(expr.operand, dtype))
    total = _grid(expr.terms[0], dtype)
    for term in expr.terms[1:]:
        total = _add(total, _grid(term, dtype))
    return total


def _dice_in(expr: Expr) -> Iterator[Dice]:
    if isinstance(expr, Dice):
        yield expr
    elif isinstance(expr, Half | Neg | Mul):
        yield from _dice_in(expr.operand)
    elif isinstance(expr, Sum):
        for term in expr.terms:
            yield from _dice_in(term)


def distribution_of(expr: Expr, bounds: tuple[int, int]) -> Distribution:
    """The exact distribution of a bound expression whose extremes are ``bounds``."""
    if max(abs(bounds[0]), abs(bounds[1])) >= _MAX_MAGNITUDE:
        raise DiceError("the totals are too large to compute a distribution")
    denominator = math.prod(die.sides**die.count for die in _dice_in(expr))
    dtype: type[Any] = np.int64 if denominator < _INT64_LIMIT else object
    offset, step, weights = _grid(expr, dtype)
    cells = np.nonzero(weights)[0].tolist()
    values = weights.tolist()
    return Distribution({offset + step * i: int(values[i]) for i in cells})
