"""The notation parser: the seeds of the rules, every spelling, every error, and fuzzing."""

from __future__ import annotations

import pytest
from dice_support import expressions, names
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.dice import (
    Const,
    Dice,
    DiceError,
    Expr,
    Half,
    Mul,
    Neg,
    Sum,
    Var,
    parse,
    render,
)

DB = Var("db")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1D8+2+db", Sum((Dice(1, 8), Const(2), DB))),
        ("2D6+2", Sum((Dice(2, 6), Const(2)))),
        ("1D3+1", Sum((Dice(1, 3), Const(1)))),
        ("3D6", Dice(3, 6)),
        ("d100", Dice(1, 100)),
        ("1D6+½db", Sum((Dice(1, 6), Half(DB)))),
        ("1d3+1+½db", Sum((Dice(1, 3), Const(1), Half(DB)))),
        ("1D10+3+db", Sum((Dice(1, 10), Const(3), DB))),
        ("2D8+db", Sum((Dice(2, 8), DB))),
        ("1D2+½db", Sum((Dice(1, 2), Half(DB)))),
    ],
)
def test_seed_notations(text: str, expected: Expr) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("D%", Dice(1, 100)),
        ("d%", Dice(1, 100)),
        ("2d%", Dice(2, 100)),
        ("D6", Dice(1, 6)),
        ("  1d8 + 2 + DB ", Sum((Dice(1, 8), Const(2), DB))),
        ("\t3D6\n", Dice(3, 6)),
        ("-1D4", Neg(Dice(1, 4))),
        ("1D8-1D4", Sum((Dice(1, 8), Neg(Dice(1, 4))))),
        ("1D8 − 2", Sum((Dice(1, 8), Neg(Const(2))))),
        ("-1D4+2", Sum((Neg(Dice(1, 4)), Const(2)))),
        ("2D6*10", Mul(Dice(2, 6), 10)),
        ("2D6x10", Mul(Dice(2, 6), 10)),
        ("2D6 X 10", Mul(Dice(2, 6), 10)),
        ("2D6×10", Mul(Dice(2, 6), 10)),
        ("d6x10", Mul(Dice(1, 6), 10)),
        ("2D6*2*3", Mul(Mul(Dice(2, 6), 2), 3)),
        ("(1D6+1)*2", Mul(Sum((Dice(1, 6), Const(1))), 2)),
        ("((3D6))", Dice(3, 6)),
        ("1D8-(1D4+1)", Sum((Dice(1, 8), Neg(Sum((Dice(1, 4), Const(1))))))),
        ("½db", Half(DB)),
        ("1/2db", Half(DB)),
        ("1/2 db", Half(DB)),
        ("half db", Half(DB)),
        ("HALF(db)", Half(DB)),
        ("½(1D6)", Half(Dice(1, 6))),
        ("½ 1D6", Half(Dice(1, 6))),
        ("½(-1D4)", Half(Neg(Dice(1, 4)))),
        ("½½db", Half(Half(DB))),
        # Halving binds tighter than multiplication, as a sign does.
        ("½2D6*10", Mul(Half(Dice(2, 6)), 10)),
        ("-2D6*10", Neg(Mul(Dice(2, 6), 10))),
        ("3x2", Mul(Const(3), 2)),
        ("0", Const(0)),
        ("1000000", Const(1_000_000)),
        ("100D1000", Dice(100, 1000)),
    ],
)
def test_spellings(text: str, expected: Expr) -> None:
    assert parse(text) == expected


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("db", "db"),
        ("DB", "db"),
        ("Str_Bonus2", "str_bonus2"),
        ("d", "d"),
        ("d6x", "d6x"),  # not a die: the name goes on
        ("halfdb", "halfdb"),
        ("x", "x"),
        ("_", "_"),
    ],
)
def test_names(text: str, name: str) -> None:
    assert parse(text) == Var(name)


def test_the_example_message_exactly() -> None:
    with pytest.raises(DiceError) as caught:
        parse("1D8++2")
    assert str(caught.value) == (
        'malformed dice "1D8++2": expected a number, a die or a name at position 5'
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "the text is empty"),
        ("   ", "the text is empty"),
        ("1D0", "the number of sides must be 1 to 1000, not 0, at position 1"),
        ("1D1001", "the number of sides must be 1 to 1000, not 1001"),
        ("0D6", "the number of dice must be 1 to 100, not 0, at position 1"),
        ("101D6", "the number of dice must be 1 to 100, not 101"),
        ("1D6+0D6", "the number of dice must be 1 to 100, not 0, at position 5"),
        ("1D8+", "expected a number, a die or a name at the end"),
        ("+1D8", "expected a number, a die or a name at position 1"),
        ("--1D4", "expected a number, a die or a name at position 2"),
        ("1D8--2", "expected a number, a die or a name at position 5"),
        ("(1D6", 'missing ")" to close the "(" at position 1'),
        ("(1D6+(2)", 'missing ")" to close the "(" at position 1'),
        ("1D6)", 'unexpected ")" with no "(" to close at position 4'),
        ("()", "expected a number, a die or a name at position 2"),
        ("(1D6 2)", 'expected "+", "-", "*" or ")" at position 6'),
        ("1D6 foo", 'expected "+", "-", "*" or the end at position 5'),
        ("2db", 'expected "+", "-", "*" or the end at position 2'),
        ("1 D6", 'expected "+", "-", "*" or the end at position 3'),
        ("1D6 x y", 'expected "+", "-", "*" or the end at position 5'),
        ("2D6*", 'expected a whole number after "*" at the end'),
        ("2D6*db", 'expected a whole number after "*" at position 5'),
        ("2D6*-1", 'expected a whole number after "*" at position 5'),
        ("2D6*0", "a multiplier must be 1 to 1000, not 0"),
        ("2D6*1001", "a multiplier must be 1 to 1000, not 1001"),
        ("½", "expected a number, a die or a name at the end"),
        ("half", "expected a number, a die or a name at the end"),
        ("1/20", 'expected "+", "-", "*" or the end at position 2'),
        ("½-1D4", "expected a number, a die or a name at position 2"),
        ("1D6/2", 'expected "+", "-", "*" or the end at position 4'),
        ("1000001", "a constant must be 0 to 1000000"),
        ("1" * 5000, "longer than 1000 characters"),
        ("9" * 900 + "D6", "the number of dice must be 1 to 100"),
        ("(" * 60 + "1" + ")" * 60, "too deeply nested"),
        ("1D6 + ☃", "expected a number, a die or a name at position 7"),
        ("1D6²", 'expected "+", "-", "*" or the end at position 4'),
    ],
)
def test_malformed(text: str, fragment: str) -> None:
    with pytest.raises(DiceError) as caught:
        parse(text)
    message = str(caught.value)
    assert message.startswith(f'malformed dice "{text[:40]}')
    assert fragment in message


def test_dice_error_is_a_value_error() -> None:
    assert issubclass(DiceError, ValueError)
    with pytest.raises(ValueError):
        parse("1D0")


def test_non_text_is_refused() -> None:
    with pytest.raises(DiceError):
        parse(42)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "build",
    [
        lambda: Dice(0, 6),
        lambda: Dice(101, 6),
        lambda: Dice(1, 0),
        lambda: Dice(1, 1001),
        lambda: Mul(Const(1), 0),
        lambda: Sum((Const(1),)),
        lambda: Var("half"),
        lambda: Var("d6"),
        lambda: Var("d6x2"),
        lambda: Var("DB"),
        lambda: Var("1x"),
    ],
)
def test_nodes_check_their_invariants(build: object) -> None:
    with pytest.raises(DiceError):
        build()  # type: ignore[operator]


def test_nodes_are_immutable_and_hashable() -> None:
    expr = parse("1D8+2+db")
    with pytest.raises(AttributeError):
        expr.terms = ()  # type: ignore[misc, union-attr]
    assert hash(expr) == hash(parse("1d8 + 2 + DB"))
    assert not hasattr(Dice(1, 6), "__dict__")  # slotted


@pytest.mark.parametrize(
    ("text", "rendered"),
    [
        ("1d8 + 2 + DB", "1D8+2+db"),
        ("d%", "1D100"),
        ("half db", "½db"),
        ("1D8 − 1D4", "1D8-1D4"),
        ("2D6 x 10", "2D6*10"),
        ("-(1D4+1)", "-(1D4+1)"),
        ("½(1D6*2)", "½(1D6*2)"),
        ("(-1D6)*2", "(-1D6)*2"),
        ("1D8-(1D4-1)", "1D8-(1D4-1)"),
    ],
)
def test_render(text: str, rendered: str) -> None:
    assert render(parse(text)) == rendered
    assert str(parse(rendered)) != ""  # dataclass str; render is the notation


@settings(max_examples=300, deadline=None)
@given(expressions(variables=names, max_count=100, max_sides=1000, max_leaves=8))
def test_render_round_trips(expr: Expr) -> None:
    assert parse(render(expr)) == expr


_NOTATION_ALPHABET = [*"0123456789dDxX×*+-−()½/% _\t", "half", "db", "1/2", "d%"]


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.text(max_size=25),
        st.lists(st.sampled_from(_NOTATION_ALPHABET), max_size=14).map("".join),
    )
)
def test_fuzz_parse_raises_only_dice_errors(text: str) -> None:
    try:
        expr = parse(text)
    except DiceError as error:
        assert str(error).startswith("malformed dice")
    else:
        # Whatever parses reads back the same after rendering.
        assert parse(render(expr)) == expr
