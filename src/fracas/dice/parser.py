"""Reading dice notation into an `Expr` tree, and writing a tree back as notation.

Grammar (case-insensitive; blanks allowed between tokens)::

    sum    := ["-"] term (("+" | "-") term)*    # only a sum's first term may carry a sign
    term   := factor (("*" | "x" | "×") INT)*   # multiply by a whole-number constant
    factor := HALF factor | atom                # HALF is "½", "1/2" or the word "half"
    atom   := DIE | INT | NAME | "(" sum ")"
    DIE    := [INT] "D" (INT | "%")             # "d%" is d100

Halving binds tighter than multiplication (``½2D6*10`` is ``(½2D6)*10``), as a sign does in
arithmetic. Names are identifiers such as ``db``, folded to lower case.
"""

from __future__ import annotations

import re
from functools import lru_cache

from fracas.dice.errors import DiceError
from fracas.dice.expr import (
    MAX_COUNT,
    MAX_FACTOR,
    MAX_SIDES,
    Const,
    Dice,
    Expr,
    Half,
    Mul,
    Neg,
    Sum,
    Var,
)

__all__ = ["MAX_CONSTANT", "MAX_LENGTH", "parse", "render"]

MAX_LENGTH = 1000  # characters; longer notation is certainly a mistake, and is refused early
MAX_CONSTANT = 1_000_000
_MAX_DEPTH = 50  # nested parentheses and halvings; bounds the recursion of the parser

# A die is a die only if it is not the start of a longer name: "d6" is a die, "d6x" a name,
# but "d6x10" is a die times ten.
_DIE = re.compile(r"([0-9]*)[dD]([0-9]+|%)(?=[xX×]\s*[0-9]|[^A-Za-z_0-9]|$)", re.ASCII)
_INT = re.compile(r"[0-9]+", re.ASCII)
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*", re.ASCII)
_HALF_WORD = re.compile(r"half(?![A-Za-z_0-9])", re.ASCII | re.IGNORECASE)
_HALF_FRACTION = re.compile(r"1/2(?![0-9])")
_MINUS = "-−"  # ASCII hyphen-minus and the true minus sign a breakdown prints
_TIMES = "*xX×"
_OPERAND = "a number, a die or a name"


class _Parser:
    """Recursive descent over the text, one character position at a time."""

    __slots__ = ("pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, what: str, pos: int | None = None) -> DiceError:
        at = self.pos if pos is None else pos
        where = "at the end" if at >= len(self.text) else f"at position {at + 1}"
        return DiceError(f'malformed dice "{self.text}": {what} {where}')

    def skip_blanks(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        self.pos = pos

    def peek(self) -> str:
        self.skip_blanks()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def number(self, what: str, low: int, high: int) -> int:
        """Read a whole number in ``low..high``; ``what`` names it in the error."""
        start = self.pos
        match = _INT.match(self.text, start)
        if match is None:
            raise self.fail(f"expected {what}")
        self.pos = match.end()
        return self.bounded(match.group(), what, low, high, start)

    def bounded(self, digits: str, what: str, low: int, high: int, start: int) -> int:
        # Check the length first: int() refuses very long digit strings with a ValueError.
        value = int(digits) if len(digits) <= len(str(high)) else high + 1
        if not low <= value <= high:
            shown = digits if len(digits) <= 12 else digits[:12] + "…"
            raise self.fail(f"{what} must be {low} to {high}, not {shown},", start)
        return value

    def parse(self) -> Expr:
        if not self.text.strip():
            raise DiceError(f'malformed dice "{self.text}": the text is empty')
        if len(self.text) > MAX_LENGTH:
            raise DiceError(
                f'malformed dice "{self.text[:40]}…": longer than {MAX_LENGTH} characters'
            )
        expr = self.sum(0)
        if self.peek() == ")":
            raise self.fail('unexpected ")" with no "(" to close')
        if self.pos < len(self.text):
            raise self.fail('expected "+", "-", "*" or the end')
        return expr

    def sum(self, depth: int) -> Expr:
        char = self.peek()
        negative = char != "" and char in _MINUS
        if negative:
            self.pos += 1
        first = self.term(depth)
        terms: list[Expr] = [Neg(first) if negative else first]
        while True:
            char = self.peek()
            if char == "+":
                self.pos += 1
                terms.append(self.term(depth))
            elif char != "" and char in _MINUS:
                self.pos += 1
                terms.append(Neg(self.term(depth)))
            else:
                break
        return terms[0] if len(terms) == 1 else Sum(tuple(terms))

    def term(self, depth: int) -> Expr:
        expr = self.factor(depth)
        while True:
            char = self.peek()
            if char == "" or char not in _TIMES:
                return expr
            operator_at = self.pos
            self.pos += 1
            if self.peek() == "" or not self.peek().isascii() or not self.peek().isdigit():
                if char in "xX":
                    # An "x" not followed by a number is not a multiplication: a misplaced name.
                    raise self.fail('expected "+", "-", "*" or the end', operator_at)
                raise self.fail(f'expected a whole number after "{char}"')
            expr = Mul(expr, self.number("a multiplier", 1, MAX_FACTOR))

    def factor(self, depth: int) -> Expr:
        if depth > _MAX_DEPTH:
            raise self.fail("too deeply nested")
        self.skip_blanks()
        text, pos = self.text, self.pos
        if pos >= len(text):
            raise self.fail(f"expected {_OPERAND}")
        char = text[pos]
        half = None
        if char == "½":
            half = pos + 1
        elif (match := _HALF_FRACTION.match(text, pos) or _HALF_WORD.match(text, pos)) is not None:
            half = match.end()
        if half is not None:
            self.pos = half
            return Half(self.factor(depth + 1))
        if char == "(":
            self.pos += 1
            inner = self.sum(depth + 1)
            if self.peek() != ")":
                if self.pos >= len(text):
                    raise DiceError(
                        f'malformed dice "{text}": missing ")" to close the "(" at position '
                        f"{pos + 1}"
                    )
                raise self.fail('expected "+", "-", "*" or ")"')
            self.pos += 1
            return inner
        if (match := _DIE.match(text, pos)) is not None:
            self.pos = match.end()
            count_digits, sides_digits = match.groups()
            count = (
                self.bounded(count_digits, "the number of dice", 1, MAX_COUNT, pos)
                if count_digits
                else 1
            )
            sides = (
                100
                if sides_digits == "%"
                else self.bounded(sides_digits, "the number of sides", 1, MAX_SIDES, pos)
            )
            return Dice(count, sides)
        if char.isascii() and char.isdigit():
            return Const(self.number("a constant", 0, MAX_CONSTANT))
        if (match := _NAME.match(text, pos)) is not None:
            self.pos = match.end()
            return Var(match.group().lower())
        raise self.fail(f"expected {_OPERAND}")


def parse(text: str) -> Expr:
    """Parse dice notation such as ``"1D8+2+db"`` into an immutable `Expr` tree.

    Raises `DiceError`, naming the text and the position at fault, if the text is malformed.
    Results are cached: trees are immutable, so sharing them is safe.
    """
    if not isinstance(text, str):
        raise DiceError(f"dice notation must be text, not {type(text).__name__}")
    return _parse_cached(text)


# Kept apart from `parse` so that callers see its precise signature, not lru_cache's.
@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> Expr:
    return _Parser(text).parse()


def _atom_or_tighter(expr: Expr) -> bool:
    """True for nodes that render bare where a factor is expected."""
    if isinstance(expr, Const):
        return expr.value >= 0
    return isinstance(expr, Dice | Var | Half)


def _factor(expr: Expr) -> str:
    return render(expr) if _atom_or_tighter(expr) else f"({render(expr)})"


def _term(expr: Expr) -> str:
    return render(expr) if _atom_or_tighter(expr) or isinstance(expr, Mul) else f"({render(expr)})"


def render(expr: Expr) -> str:
    """Write ``expr`` as compact notation that `parse` reads back to an equal tree.

    ``render(parse("1d8 + 2 + DB"))`` is ``"1D8+2+db"``; ``d%`` becomes ``1D100``.
    """
    if isinstance(expr, Const):
        return str(expr.value) if expr.value >= 0 else f"(-{-expr.value})"
    if isinstance(expr, Dice):
        return f"{expr.count}D{expr.sides}"
    if isinstance(expr, Var):
        return expr.name
    if isinstance(expr, Half):
        return "½" + _factor(expr.operand)
    if isinstance(expr, Mul):
        return f"{_term(expr.operand)}*{expr.factor}"
    if isinstance(expr, Neg):
        return "-" + _term(expr.operand)
    parts = []
    for index, term in enumerate(expr.terms):
        if isinstance(term, Neg):
            parts.append("-" + _term(term.operand))
        else:
            parts.append(("" if index == 0 else "+") + _term(term))
    return "".join(parts)
