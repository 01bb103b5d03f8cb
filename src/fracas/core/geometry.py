"""Positions on a plane, in metres (DESIGN.md §3: the core owns the plane; a ruleset with
geometry of its own — zones, squares, inches — keeps it in the ruleset)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

from fracas.core.immutable import rebuilt_by_constructor

# `math.hypot` held in a compiled constant: looked up on the math module it costs 100 ns a
# call compiled, held here 60 ns (measured; issue 10). `sqrt` of the squares is cheaper still
# (compiled to the C function) but may differ in the last place: a ruleset measuring that way
# must allow for rounding in what it compares (BRP's `metres_between` does).
HYPOT: Final = math.hypot


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
        return HYPOT(other.x - self.x, other.y - self.y)

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
