"""One label per die of a roll typed in by hand (issue 33): "9+1D8+1+db (db = 1D4)" is two
boxes, "d8" and "d4 (db)", in the order the dice source takes the faces (left to right, a
name's dice where the name stands: `dice.compiler`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from fracas.dice import DiceError
from fracas.dice.expr import Const, Dice, Expr, Half, Mul, Neg, Sum, Var
from fracas.dice.parser import parse


def die_labels(notation: str, dice: tuple[int, ...], names: Mapping[str, str]) -> list[str]:
    """A label for each die of `notation` (its names bound by `names`); plain "d<sides>"
    when the notation cannot be read so (the dice asked are what counts)."""
    try:
        labels = list(_walk(parse(notation), names, "", 0))
    except (DiceError, RecursionError):
        labels = []
    sides = [int(label.split(" ", 1)[0].removeprefix("d")) for label in labels]
    if sides != list(dice):
        return [f"d{s}" for s in dice]
    return labels


def _walk(expr: Expr, names: Mapping[str, str], within: str, depth: int) -> Iterator[str]:
    if isinstance(expr, Dice):
        for k in range(expr.count):
            which = f" {k + 1} of {expr.count}" if expr.count > 1 else ""
            where = f" ({within}{which})" if within else (f" ({which.strip()})" if which else "")
            yield f"d{expr.sides}{where}"
    elif isinstance(expr, Var):
        bound = names.get(expr.name)
        if bound is None or depth > 4:
            raise DiceError(f"{expr.name!r} is not bound")
        yield from _walk(parse(bound), names, expr.name, depth + 1)
    elif isinstance(expr, Sum):
        for term in expr.terms:
            yield from _walk(term, names, within, depth)
    elif isinstance(expr, (Half, Neg, Mul)):
        yield from _walk(expr.operand, names, within, depth)
    else:
        assert isinstance(expr, Const)
