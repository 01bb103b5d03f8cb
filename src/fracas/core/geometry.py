"""Positions on a plane, in metres (DESIGN.md §3: the core owns the plane; a ruleset with
geometry of its own — zones, squares, inches — keeps it in the ruleset)."""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

from fracas.core.immutable import rebuilt_by_constructor

# `math.hypot` held in a compiled constant: looked up on the math module it costs 100 ns a
# call compiled, held here 60 ns (measured; issue 10). `sqrt` of the squares is cheaper still
# (compiled to the C function) but may differ in the last place: a ruleset measuring that way
# must allow for rounding in what it compares (BRP's `metres_between` does). `hypot` below
# gives `math.hypot`'s float without the call.
HYPOT: Final = math.hypot

# Beyond these (and for infinities and NaNs) `hypot` leaves the work to `math.hypot`: inside,
# scaling by powers of two and splitting stay exact (no overflow, no subnormals).
_HUGE: Final = 2.0**500
_TINY: Final = 2.0**-500
_SPLIT: Final = 134217729.0  # 2**27 + 1, Veltkamp's constant: splits a double into halves
# The algorithm written out is CPython 3.11's; 3.12 changed `math.hypot`'s (an `fma`-based
# product), so there `hypot` calls it, to give its float whatever it is.
_WRITTEN_OUT: Final = sys.version_info[:2] == (3, 11)


def hypot(dx: float, dy: float) -> float:
    """`math.hypot(dx, dy)`, the same float, in machine doubles when compiled: a call of
    `math.hypot` from compiled code boxes both floats and the result (10 % of a Spelljammer
    battle; issue 35). CPython's `math.hypot` is not libm's: it is `vector_norm` in
    Modules/mathmodule.c, written out here for two coordinates as 3.11 has it. Scale by a
    power of two so the larger is in [0.5, 1); split each into halves and add their exact
    partial squares to 1.0, keeping each addition's rounding error; take the square root of
    the sum less 1.0; correct it once by the differential of the square root. The same
    operations in the same order give the same float; tests/core/test_geometry.py compares."""
    x = dx if dx >= 0.0 else -dx
    y = dy if dy >= 0.0 else -dy
    top = x if x > y else y
    if not (_TINY < top < _HUGE and x == x and y == y and _WRITTEN_OUT):  # 0, inf, NaN...
        return HYPOT(dx, dy)
    # scale = 2**-e where top = m * 2**e with m in [0.5, 1) (frexp's exponent), found by halving
    # or doubling: exact, and a few steps for lengths on a battlefield
    scale = 1.0
    while top * scale >= 1.0:
        scale *= 0.5
    while top * scale < 0.5:
        scale *= 2.0
    # x's parts, then y's (written out: compiled, a loop over a tuple of floats boxes them)
    hi, lo = _halves(x * scale)
    csum, frac1 = _added(1.0, hi * hi, 0.0)
    csum, frac2 = _added(csum, 2.0 * hi * lo, 0.0)
    frac3 = lo * lo
    hi, lo = _halves(y * scale)
    csum, frac1 = _added(csum, hi * hi, frac1)
    csum, frac2 = _added(csum, 2.0 * hi * lo, frac2)
    frac3 += lo * lo
    h = math.sqrt(csum - 1.0 + (frac1 + frac2 + frac3))
    hi, lo = _halves(h)
    csum, frac1 = _added(csum, -hi * hi, frac1)
    csum, frac2 = _added(csum, -2.0 * hi * lo, frac2)
    csum, frac3 = _added(csum, -lo * lo, frac3)
    return (h + (csum - 1.0 + (frac1 + frac2 + frac3)) / (2.0 * h)) / scale


def _halves(v: float) -> tuple[float, float]:
    """Veltkamp's split of `v`: 26 and 27 significant bits, `hi + lo == v` exactly."""
    t = v * _SPLIT
    hi = t - (t - v)
    return hi, v - hi


def _added(csum: float, x: float, frac: float) -> tuple[float, float]:
    """`csum + x`, and `frac` plus that addition's exact rounding error."""
    total = csum + x
    return total, frac + ((csum - total) + x)


# Compiled: `acyclic` (two floats: never in a reference cycle, so not tracked by the garbage
# collector) and a freed one kept for the next (`free_list_len=1`): movement builds and drops
# points all the time (issue 35).
@mypyc_attr(acyclic=True, free_list_len=1)
@dataclass(frozen=True, slots=True, init=False)
class Position:
    """A point on the battlefield, in metres. Frozen: equal and hashed by value, its fields
    refused to any assignment from outside (the dataclass's own `__setattr__`)."""

    x: float
    y: float

    def __init__(self, x: float = 0.0, y: float = 0.0) -> None:
        """Its own `__init__`: the one a frozen dataclass generates stays interpreted, about
        3,000 instructions a point on the compiled build (issue 35). `object.__setattr__`
        with the field's name is how a frozen class sets its own fields; mypyc compiles it to
        a direct store."""
        object.__setattr__(self, "x", x)
        object.__setattr__(self, "y", y)

    def distance(self, other: Position) -> float:
        """Straight-line distance in metres."""
        return hypot(other.x - self.x, other.y - self.y)

    def toward(self, other: Position, metres: float) -> Position:
        """The point `metres` along the line to `other`, never past it."""
        gap = self.distance(other)
        if gap <= metres or gap == 0:
            return other
        f = metres / gap
        return Position(self.x + (other.x - self.x) * f, self.y + (other.y - self.y) * f)

    def __str__(self) -> str:
        return f"({self.x:g}, {self.y:g})"


rebuilt_by_constructor(Position)  # copies of a state (core.immutable)
