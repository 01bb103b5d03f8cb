"""Shared helpers for the dice tests: an independent reference evaluator, an icepool oracle and
hypothesis strategies for expression trees."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache, reduce
from operator import add

import icepool
from hypothesis import strategies as st

from fracas.dice import Const, Dice, Distribution, Expr, Half, Mul, Neg, Sum, Var
from fracas.dice.expr import is_valid_name


def ref_half(value: int) -> int:
    """The BRP halving rule, written the long way: halve the magnitude rounding up, keep sign."""
    magnitude = (abs(value) + 1) // 2
    return magnitude if value >= 0 else -magnitude


def reference_total(expr: Expr, faces: Sequence[int]) -> int:
    """A slow tree walk, consuming faces left to right, to check the generated code against."""
    stream = iter(faces)

    def walk(node: Expr, stream: Iterator[int]) -> int:
        if isinstance(node, Const):
            return node.value
        if isinstance(node, Dice):
            return sum(next(stream) for _ in range(node.count))
        if isinstance(node, Neg):
            return -walk(node.operand, stream)
        if isinstance(node, Half):
            return ref_half(walk(node.operand, stream))
        if isinstance(node, Mul):
            return walk(node.operand, stream) * node.factor
        if isinstance(node, Sum):
            return sum(walk(term, stream) for term in node.terms)
        raise AssertionError(f"unbound {node}")

    total = walk(expr, stream)
    assert next(stream, None) is None, "faces left over"
    return total


def sides_of(expr: Expr) -> list[int]:
    """Every die's sides, left to right (independent of the module's own listing)."""
    if isinstance(expr, Dice):
        return [expr.sides] * expr.count
    if isinstance(expr, Half | Neg | Mul):
        return sides_of(expr.operand)
    if isinstance(expr, Sum):
        return [s for term in expr.terms for s in sides_of(term)]
    return []


def to_icepool(expr: Expr) -> icepool.Die:
    """The same expression built from icepool dice: the oracle for distributions."""
    if isinstance(expr, Const):
        return icepool.Die([expr.value])
    if isinstance(expr, Dice):
        return expr.count @ icepool.d(expr.sides)
    if isinstance(expr, Neg):
        return -to_icepool(expr.operand)
    if isinstance(expr, Half):
        return to_icepool(expr.operand).map(ref_half)
    if isinstance(expr, Mul):
        return to_icepool(expr.operand) * expr.factor
    if isinstance(expr, Sum):
        return reduce(add, (to_icepool(term) for term in expr.terms))
    raise AssertionError(f"unbound {expr}")


def assert_matches_icepool(dist: Distribution, die: icepool.Die) -> None:
    """Same outcomes, same exact probability for each."""
    expected = {
        outcome: Fraction(quantity, die.denominator())
        for outcome, quantity in die.items()
        if quantity
    }
    got = {outcome: dist.probability(outcome) for outcome in dist.outcomes()}
    assert got == expected
    assert sum(got.values()) == 1


def substitute(expr: Expr, name: str, value: Expr) -> Expr:
    """Plain textbook substitution, with none of the module's tidying."""
    if isinstance(expr, Var):
        return value if expr.name == name else expr
    if isinstance(expr, Neg):
        return Neg(substitute(expr.operand, name, value))
    if isinstance(expr, Half):
        return Half(substitute(expr.operand, name, value))
    if isinstance(expr, Mul):
        return Mul(substitute(expr.operand, name, value), expr.factor)
    if isinstance(expr, Sum):
        return Sum(tuple(substitute(term, name, value) for term in expr.terms))
    return expr


names = st.from_regex(r"[a-z_][a-z_0-9]{0,5}", fullmatch=True).filter(is_valid_name)


@cache  # building a recursive strategy is slow; build each kind once
def expressions(
    *,
    variables: st.SearchStrategy[str] | None = None,
    max_count: int = 3,
    max_sides: int = 8,
    max_leaves: int = 6,
) -> st.SearchStrategy[Expr]:
    """Trees of the shapes the parser produces: constants >= 0, dice, optional names."""
    leaves: list[st.SearchStrategy[Expr]] = [
        st.builds(Const, st.integers(0, 6)),
        st.builds(Dice, st.integers(1, max_count), st.integers(1, max_sides)),
    ]
    if variables is not None:
        leaves.append(st.builds(Var, variables))
    leaf = st.one_of(*leaves)

    def extend(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
        return st.one_of(
            st.builds(Half, children),
            st.builds(Neg, children),
            st.builds(Mul, children, st.integers(1, 4)),
            st.lists(children, min_size=2, max_size=4).map(lambda terms: Sum(tuple(terms))),
        )

    return st.recursive(leaf, extend, max_leaves=max_leaves)


@st.composite
def expressions_with_faces(draw: st.DrawFn, /, **options: int) -> tuple[Expr, tuple[int, ...]]:
    """A bound expression and one legal face for each of its dice."""
    expr = draw(expressions(**options))
    faces = tuple(draw(st.integers(1, sides)) for sides in sides_of(expr))
    return expr, faces
