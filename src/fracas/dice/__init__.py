"""Dice notation: parse it, compile it, total it from faces, and know its exact distribution.

The module separates *which dice to roll* from *what the faces make*: `compile_dice` returns a
`Compiled` whose ``dice`` lists the sides to roll; whoever rolls them (a seeded generator, a
scripted queue, a person at the table) hands the faces back to ``total`` and ``breakdown``.
"""

from fracas.dice.compiler import Binding, Compiled, compile_dice, max_of, min_of
from fracas.dice.distribution import Distribution
from fracas.dice.errors import DiceError
from fracas.dice.expr import Const, Dice, Expr, Half, Mul, Neg, Sum, Var
from fracas.dice.parser import parse, render

__all__ = [
    "Binding",
    "Compiled",
    "Const",
    "Dice",
    "DiceError",
    "Distribution",
    "Expr",
    "Half",
    "Mul",
    "Neg",
    "Sum",
    "Var",
    "compile_dice",
    "max_of",
    "min_of",
    "parse",
    "render",
]
