"""Compiling: binding names, which dice to roll, totals, breakdowns, face checks, the cache."""

from __future__ import annotations

import dataclasses
import itertools
import math
import re
from pathlib import Path

import pytest
from dice_support import (
    expressions,
    expressions_with_faces,
    ref_half,
    reference_total,
    sides_of,
    substitute,
)
from hypothesis import given, settings
from hypothesis import strategies as st

import fracas.dice
from fracas.dice import (
    Compiled,
    Const,
    Dice,
    DiceError,
    Expr,
    Half,
    Neg,
    Sum,
    Var,
    compile_dice,
    max_of,
    min_of,
    parse,
    render,
)

SEEDS: dict[str, tuple[int, ...]] = {
    "1D8+2+db": (8,),
    "2D6+2": (6, 6),
    "1D3+1": (3,),
    "3D6": (6, 6, 6),
    "d100": (100,),
    "1D6+½db": (6,),
    "1d3+1+½db": (3,),
    "1D10+3+db": (10,),
    "2D8+db": (8, 8),
    "1D2+½db": (2,),
}
DB_DICE: dict[str, tuple[int, ...]] = {
    "0": (),
    "1D4": (4,),
    "1D6": (6,),
    "-1D4": (4,),
    "-1D6": (6,),
    "2D6": (6, 6),
}


@pytest.mark.parametrize("db", DB_DICE)
@pytest.mark.parametrize("seed", SEEDS)
def test_seed_dice_and_extremes(seed: str, db: str) -> None:
    compiled = compile_dice(seed, {"db": db})
    uses_db = "db" in seed
    assert compiled.notation == seed
    assert compiled.dice == SEEDS[seed] + (DB_DICE[db] if uses_db else ())
    # Every combination of faces, by brute force (at most 100 × 6 × 6 of them).
    totals = [
        compiled.total(faces)
        for faces in itertools.product(*(range(1, sides + 1) for sides in compiled.dice))
    ]
    assert (compiled.minimum, compiled.maximum) == (min(totals), max(totals))
    dist = compiled.distribution()
    assert (dist.min, dist.max) == (compiled.minimum, compiled.maximum)
    assert dist.denominator == len(totals)
    assert {total: totals.count(total) for total in set(totals)} == dict(dist.weights)


@pytest.mark.parametrize(
    ("notation", "bindings", "faces", "expected"),
    [
        ("1D8+2+db", {"db": "1D4"}, (6, 2), "1D8 (6) + 2 + 1D4 (2) = 10"),
        ("1D8+1+db", {"db": "1D4"}, (6, 2), "1D8 (6) + 1 + 1D4 (2) = 9"),
        ("2D6+2", None, (3, 5), "2D6 (3, 5) + 2 = 10"),
        ("1D6+½db", {"db": "1D4"}, (4, 3), "1D6 (4) + ½(1D4 (3)) = 6"),
        ("½(1D4)", None, (3,), "½(1D4 (3)) = 2"),
        ("1D8-1D4", None, (5, 3), "1D8 (5) − 1D4 (3) = 2"),
        ("1D8+db", {"db": "-1D4"}, (5, 3), "1D8 (5) − 1D4 (3) = 2"),
        ("1D8+2+db", {"db": "-1D4"}, (5, 3), "1D8 (5) + 2 − 1D4 (3) = 4"),
        ("1D8-db", {"db": "-1D4"}, (5, 3), "1D8 (5) + 1D4 (3) = 8"),
        ("1D8+db", {"db": "0"}, (5,), "1D8 (5) = 5"),
        ("1D8-db", {"db": "0"}, (5,), "1D8 (5) = 5"),
        ("1D8+db", {"db": "1D4+1"}, (5, 3), "1D8 (5) + 1D4 (3) + 1 = 9"),
        ("1D8-db", {"db": "1D4+1"}, (5, 3), "1D8 (5) − (1D4 (3) + 1) = 1"),
        ("2D6*10", None, (3, 4), "2D6 (3, 4) × 10 = 70"),
        ("(1D6+1)*2", None, (3,), "(1D6 (3) + 1) × 2 = 8"),
        ("5", None, (), "5 = 5"),
        ("-1D4", None, (3,), "−1D4 (3) = −3"),
        ("½db", {"db": "-1D6"}, (5,), "½(−1D6 (5)) = −3"),
        ("d%", None, (42,), "1D100 (42) = 42"),
        ("1D8-2", None, (1,), "1D8 (1) − 2 = −1"),
    ],
)
def test_breakdown(
    notation: str, bindings: dict[str, str] | None, faces: tuple[int, ...], expected: str
) -> None:
    assert compile_dice(notation, bindings).breakdown(faces) == expected


@pytest.mark.parametrize(
    ("db", "expected"),
    [("1D4", [1, 1, 2, 2]), ("-1D4", [-1, -1, -2, -2])],
)
def test_halving_rule(db: str, expected: list[int]) -> None:
    compiled = compile_dice("½db", {"db": db})
    assert compiled.dice == (4,)
    assert [compiled.total((face,)) for face in (1, 2, 3, 4)] == expected
    assert [ref_half(face if db == "1D4" else -face) for face in (1, 2, 3, 4)] == expected


@pytest.mark.parametrize(
    "notation", ["½(1D4-1D6)", "½(1D6-3)", "½(2D4-5)*3+1", "-½(1D3-2)", "½½(1D10-5)"]
)
def test_halving_across_zero(notation: str) -> None:
    # Operands that may be negative, zero or positive take the general halving code.
    compiled = compile_dice(notation)
    for faces in itertools.product(*(range(1, sides + 1) for sides in compiled.dice)):
        assert compiled.total(faces) == reference_total(compiled.expr, faces)


@pytest.mark.parametrize(
    ("notation", "total"),
    [("½5", 3), ("½4", 2), ("½(-5)", -3), ("½(-4)", -2), ("½0", 0), ("½1", 1), ("½(-1)", -1)],
)
def test_halving_constants(notation: str, total: int) -> None:
    assert compile_dice(notation).total(()) == total


@pytest.mark.parametrize(
    ("notation", "dice"),
    [
        ("2D6+1D4", (6, 6, 4)),
        ("1D4+2D6", (4, 6, 6)),
        ("1D8-(1D4+2D3)*2+½D10", (8, 4, 3, 3, 10)),
        ("7", ()),
    ],
)
def test_dice_in_left_to_right_order(notation: str, dice: tuple[int, ...]) -> None:
    assert compile_dice(notation).dice == dice


def test_faces_are_used_in_order() -> None:
    compiled = compile_dice("1D8-1D4")
    assert compiled.total((8, 1)) == 7
    assert compiled.total((1, 4)) == -3


@pytest.mark.parametrize("count", [1, 5, 6, 7, 30, 100])
def test_large_groups(count: int) -> None:
    # Small groups are unrolled, large ones summed: both must be right, alone or not.
    alone = compile_dice(f"{count}D6")
    assert alone.total(tuple(range(1, count + 1))) == count * (count + 1) // 2
    mixed = compile_dice(f"1D4+{count}D6-1D3")
    faces = (4, *([6] * count), 3)
    assert mixed.total(faces) == 4 + 6 * count - 3


def test_unbound_name_is_named() -> None:
    with pytest.raises(DiceError, match=r'"db" is not bound'):
        compile_dice("1D8+db")
    with pytest.raises(DiceError, match=r'"db" is not bound'):
        compile_dice("1D8+db", {"dex": "1D4"})


def test_malformed_binding_is_named() -> None:
    with pytest.raises(DiceError, match=r'binding of "db" is malformed: .*1D0'):
        compile_dice("1D8+db", {"db": "1D0"})


def test_circular_bindings() -> None:
    with pytest.raises(DiceError, match="circular: a → b → a"):
        compile_dice("1D8+a", {"a": "b", "b": "a"})


def test_bindings_may_use_names_ints_and_trees() -> None:
    chained = compile_dice("1D8+db", {"db": "½big", "big": "2D6"})
    assert chained.dice == (8, 6, 6)
    assert chained.total((1, 3, 4)) == 1 + 4
    assert compile_dice("1D8+db", {"db": -2}).total((5,)) == 3
    assert compile_dice("1D8+db", {"db": parse("1D4")}).dice == (8, 4)
    with pytest.raises(DiceError):
        compile_dice("1D8+db", {"db": True})
    with pytest.raises(DiceError):
        compile_dice("1D8+db", {"db": 1.5})  # type: ignore[dict-item]


def test_binding_names_are_case_insensitive_and_extras_ignored() -> None:
    compiled = compile_dice("1D8+DB", {"Db": "1D4", "unused": "1D100"})
    assert compiled.dice == (8, 4)
    assert compiled.expr == Sum((Dice(1, 8), Dice(1, 4)))


def test_zero_bonus_everywhere() -> None:
    assert compile_dice("db", {"db": "0"}).breakdown(()) == "0 = 0"
    assert compile_dice("1D6+½db", {"db": "0"}).expr == Sum((Dice(1, 6), Half(Const(0))))
    assert compile_dice("db+db", {"db": "0"}).expr == Const(0)


def test_compiled_from_a_tree() -> None:
    expr = parse("1D6+1")
    compiled = compile_dice(expr)
    assert compiled.notation == render(expr) == "1D6+1"
    assert compiled.total((6,)) == 7


def test_cache_returns_the_same_object() -> None:
    first = compile_dice("1D8+2+db", {"db": "1D4"})
    assert compile_dice("1D8+2+db", {"db": "1D4"}) is first
    assert compile_dice("1D8+2+db", {"db": "1D6"}) is not first
    assert compile_dice("3D6") is compile_dice("3D6", {})


def test_bad_notation_types() -> None:
    with pytest.raises(DiceError):
        compile_dice(3)  # type: ignore[arg-type]
    with pytest.raises(DiceError):
        compile_dice("1D6+db", {"db": ["1D4"]})  # type: ignore[dict-item]


def test_compiled_is_immutable() -> None:
    compiled = compile_dice("1D6")
    with pytest.raises(dataclasses.FrozenInstanceError):
        compiled.notation = "1D8"  # type: ignore[misc]
    assert not hasattr(compiled, "__dict__")
    assert str(compiled) == "1D6"


def test_distribution_is_cached() -> None:
    compiled = compile_dice("2D6+1")
    assert compiled.distribution() is compiled.distribution()


@pytest.mark.parametrize(
    ("faces", "fragment"),
    [
        ((6,), r'"1D8\+2\+db" needs 2 faces \(D8, D4\), got 1'),
        ((6, 2, 1), r"needs 2 faces \(D8, D4\), got 3"),
        ((9, 2), r"face 9 is impossible on die 1 \(a D8\) .* it must be 1 to 8"),
        ((6, 0), r"face 0 is impossible on die 2 \(a D4\)"),
        ((6, 5), r"face 5 is impossible on die 2 \(a D4\)"),
        ((6, 2.0), r"face 2.0 for die 2 \(a D4\) .* is not a whole number"),
        ((True, 2), r"face True for die 1 .* is not a whole number"),
        (("6", 2), r"face '6' for die 1 .* is not a whole number"),
    ],
)
def test_check_faces_refuses(faces: tuple[object, ...], fragment: str) -> None:
    compiled = compile_dice("1D8+2+db", {"db": "1D4"})
    with pytest.raises(DiceError, match=fragment):
        compiled.check_faces(faces)  # type: ignore[arg-type]


def test_check_faces_accepts() -> None:
    compiled = compile_dice("1D8+2+db", {"db": "1D4"})
    compiled.check_faces((8, 1))
    compiled.check_faces([1, 4])
    compile_dice("5").check_faces(())
    with pytest.raises(DiceError, match="must be a sequence"):
        compiled.check_faces(None)  # type: ignore[arg-type]


def test_max_and_min_of() -> None:
    assert max_of(parse("1D8+2")) == 10
    assert min_of(parse("1D8+2")) == 3
    assert max_of(parse("1D8-1D4")) == 7
    assert min_of(parse("1D8-1D4")) == -3
    assert max_of(parse("½(1D4-1D6)")) == 2  # ½(3) rounds up
    assert min_of(parse("½(1D4-1D6)")) == -3  # ½(−5) rounds the magnitude up
    with pytest.raises(DiceError, match='"db" is not bound'):
        max_of(parse("1D8+db"))


@settings(max_examples=300, deadline=None)
@given(expressions_with_faces(max_count=8, max_sides=12, max_leaves=8))
def test_total_agrees_with_a_tree_walk_and_the_breakdown(
    case: tuple[Expr, tuple[int, ...]],
) -> None:
    expr, faces = case
    compiled = compile_dice(expr)
    assert compiled.dice == tuple(sides_of(expr))
    if math.prod(compiled.dice) <= 300:
        # Small enough to try every combination of faces, not just the drawn one.
        for every in itertools.product(*(range(1, sides + 1) for sides in compiled.dice)):
            assert compiled.total(every) == reference_total(expr, every)
    total = compiled.total(faces)
    assert total == reference_total(expr, faces)
    assert compiled.total(list(faces)) == total  # any sequence will do
    assert compiled.total_of(faces) == total  # the table's way: a plain sum added up directly
    compiled.check_faces(faces)
    text = compiled.breakdown(faces)
    assert text.endswith(f" = {total}".replace("-", "−"))
    # Every face shows up in the breakdown, in order.
    shown = [
        int(face) for group in re.findall(r"D\d+ \(([\d, ]+)\)", text) for face in group.split(", ")
    ]
    assert shown == list(faces)
    assert compiled.minimum <= total <= compiled.maximum


@pytest.mark.parametrize(
    ("notation", "offset"),
    [
        ("1D100", 0),
        ("1D8+1+1D4", 1),
        ("2D6-3", -3),
        ("4", 4),
        ("1D6-1D4", None),
        ("1D6*2", None),
        ("½1D6", None),
    ],
)
def test_a_plain_sum_is_added_up_without_the_generated_function(
    notation: str, offset: int | None
) -> None:
    compiled = compile_dice(notation)
    assert compiled.offset == offset
    faces = tuple(range(1, len(compiled.dice) + 1))
    assert compiled.total_of(faces) == compiled.total(faces)


@settings(max_examples=200, deadline=None)
@given(
    expressions(variables=st.just("db"), max_leaves=5),
    expressions(max_leaves=4),
    st.data(),
)
def test_binding_means_substitution(outer: Expr, bound: Expr, data: st.DataObject) -> None:
    # The module tidies what it substitutes (flattening sums, dropping "+ 0"); the meaning,
    # the dice and their order must be those of plain substitution.
    plain = substitute(outer, "db", bound)
    compiled = compile_dice(render(outer), {"db": render(bound)})
    assert compiled.dice == tuple(sides_of(plain))
    faces = tuple(data.draw(st.integers(1, sides)) for sides in compiled.dice)
    assert compiled.total(faces) == reference_total(plain, faces)
    assert (compiled.minimum, compiled.maximum) == (min_of(plain), max_of(plain))


def test_no_random_module() -> None:
    # Every die comes from a dice source; the module itself must never roll.
    package = Path(fracas.dice.__file__).parent
    for source in package.glob("*.py"):
        text = source.read_text(encoding="utf-8")
        assert not re.search(r"^\s*(import random|from random )", text, re.MULTILINE), source


def test_public_names() -> None:
    for name in ("DiceError", "Expr", "Compiled", "Distribution", "parse", "compile_dice"):
        assert name in fracas.dice.__all__
    assert isinstance(compile_dice("1D6"), Compiled)
    assert isinstance(Neg(Var("db")), Neg)
