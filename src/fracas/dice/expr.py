"""The dice expression tree: small, immutable, hashable nodes.

The tree says *which* dice to roll and how their faces combine; it holds no faces. Nodes validate
their own invariants so that a hand-built tree is as trustworthy as a parsed one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from fracas.dice.errors import DiceError
from fracas.immutable import rebuilt_by_constructor

__all__ = [
    "MAX_COUNT",
    "MAX_FACTOR",
    "MAX_SIDES",
    "Const",
    "Dice",
    "Expr",
    "Half",
    "Mul",
    "Neg",
    "Sum",
    "Var",
    "is_valid_name",
]

# Limits keep every expression cheap to compile and its distribution computable.
MAX_COUNT = 100
MAX_SIDES = 1000
MAX_FACTOR = 1000

_NAME = re.compile(r"[a-z_][a-z_0-9]*", re.ASCII)
# A name that *starts* like a die followed by a multiplication ("d6x2") would be read as a die.
_DIE_PREFIX = re.compile(r"d([0-9]+|%)(x[0-9]|$)", re.ASCII)


def is_valid_name(name: str) -> bool:
    """True if ``name`` reads back as a variable: lower-case identifier, not a die, not ``half``."""
    return _NAME.fullmatch(name) is not None and _DIE_PREFIX.match(name) is None and name != "half"


@dataclass(frozen=True, slots=True)
class Const:
    """An integer constant (the parser only produces non-negative ones; subtraction is `Neg`)."""

    value: int


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` sides each, summed: ``3D6`` is ``Dice(3, 6)``."""

    count: int
    sides: int

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_COUNT:
            raise DiceError(f"the number of dice must be 1 to {MAX_COUNT}, not {self.count}")
        if not 1 <= self.sides <= MAX_SIDES:
            raise DiceError(f"a die must have 1 to {MAX_SIDES} sides, not {self.sides}")


@dataclass(frozen=True, slots=True)
class Var:
    """A named value bound at compile time, such as the damage bonus ``db``."""

    name: str

    def __post_init__(self) -> None:
        if not is_valid_name(self.name):
            raise DiceError(f"{self.name!r} cannot be the name of a value in dice notation")


@dataclass(frozen=True, slots=True)
class Half:
    """Half the operand, rounding the magnitude up and keeping the sign (5→3, −5→−3, 4→2)."""

    operand: Expr


@dataclass(frozen=True, slots=True)
class Neg:
    """The operand negated; inside a `Sum` it is a subtracted term."""

    operand: Expr


@dataclass(frozen=True, slots=True)
class Sum:
    """Two or more terms added left to right; subtracted terms are wrapped in `Neg`."""

    terms: tuple[Expr, ...]

    def __post_init__(self) -> None:
        # A one-term sum would not survive a parse/render round trip, so it is not a tree.
        if len(self.terms) < 2:
            raise DiceError("a sum needs at least two terms")


@dataclass(frozen=True, slots=True)
class Mul:
    """The operand multiplied by a positive integer constant: ``2D6*10``."""

    operand: Expr
    factor: int

    def __post_init__(self) -> None:
        if not 1 <= self.factor <= MAX_FACTOR:
            raise DiceError(f"a multiplier must be 1 to {MAX_FACTOR}, not {self.factor}")


Expr: TypeAlias = Const | Dice | Var | Half | Neg | Sum | Mul

rebuilt_by_constructor(Const, Dice, Var, Half, Neg, Sum, Mul)  # copies (fracas.immutable)
