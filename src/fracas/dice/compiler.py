"""Compiling a dice expression: which dice to roll, and a fast function from faces to total.

`compile_dice` binds the names of an expression (``db`` → ``1D4``), then generates a small
Python function specialised to that expression (``1D8+2+db`` becomes ``f[0] + f[1] + 2``) so that
a simulation pays one indexed addition per die, not a walk of the tree, on every roll.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import index as as_index
from typing import Final

from fracas.dice.distribution import Distribution, distribution_of
from fracas.dice.errors import DiceError
from fracas.dice.expr import Const, Dice, Expr, Half, Mul, Neg, Sum, Var
from fracas.dice.parser import parse, render
from fracas.immutable import rebuilt_by_constructor

__all__ = ["Binding", "Compiled", "compile_dice", "max_of", "min_of"]

Binding = str | int | Expr
"""What a name may be bound to: notation (``"1D4"``, ``"-1D4"``, ``"0"``), an int or a tree."""

_MINUS: Final = "−"  # the true minus sign, for breakdowns meant to be read


def _signed(value: int) -> str:
    return str(value) if value >= 0 else f"{_MINUS}{-value}"


def _half(value: int) -> int:
    """Halve, rounding the magnitude up and keeping the sign: 5 → 3, −5 → −3, 4 → 2."""
    return (value + (value > 0)) // 2


# ---------------------------------------------------------------------------------------------
# Bounds


def _bounds(expr: Expr) -> tuple[int, int]:
    """Exact (minimum, maximum) of a bound expression.

    Exact because every node is a monotone function of its operands and distinct terms use
    distinct dice, so all operands can reach their extremes together.
    """
    if isinstance(expr, Const):
        return expr.value, expr.value
    if isinstance(expr, Dice):
        return expr.count, expr.count * expr.sides
    if isinstance(expr, Var):
        raise DiceError(f'"{expr.name}" is not bound to any dice')
    if isinstance(expr, Neg):
        low, high = _bounds(expr.operand)
        return -high, -low
    if isinstance(expr, Half):
        low, high = _bounds(expr.operand)
        return _half(low), _half(high)
    if isinstance(expr, Mul):
        low, high = _bounds(expr.operand)
        return low * expr.factor, high * expr.factor
    lows, highs = zip(*(_bounds(term) for term in expr.terms), strict=True)
    return sum(lows), sum(highs)


def min_of(expr: Expr) -> int:
    """The smallest total a bound expression can make."""
    return _bounds(expr)[0]


def max_of(expr: Expr) -> int:
    """The largest total a bound expression can make (BRP's "weapon maximum" for specials)."""
    return _bounds(expr)[1]


# ---------------------------------------------------------------------------------------------
# Binding names


def _bind(expr: Expr, bindings: Mapping[str, Binding], stack: tuple[str, ...]) -> Expr:
    if isinstance(expr, Const | Dice):
        return expr
    if isinstance(expr, Var):
        return _resolve(expr.name, bindings, stack)
    if isinstance(expr, Neg):
        operand = _bind(expr.operand, bindings, stack)
        # "−db" with db = "−1D4" reads best as "+ 1D4".
        return operand.operand if isinstance(operand, Neg) else Neg(operand)
    if isinstance(expr, Half):
        return Half(_bind(expr.operand, bindings, stack))
    if isinstance(expr, Mul):
        return Mul(_bind(expr.operand, bindings, stack), expr.factor)
    terms: list[Expr] = []
    for term in expr.terms:
        name = term.operand if isinstance(term, Neg) else term
        bound = _bind(term, bindings, stack)
        if isinstance(name, Var):
            # A name bound to "0" vanishes from the sum ("1D8+db", db = 0, is "1D8"), and a
            # name bound to a sum splices its terms in, so breakdowns stay flat and readable.
            if bound in (Const(0), Neg(Const(0))):
                continue
            # (A subtracted name binds to Neg(sum), which stays grouped, unless its binding was
            # itself negated: "−db" with db = "−(1D4+1)" is the plain sum, spliced safely.)
            if isinstance(bound, Sum):
                terms.extend(bound.terms)
                continue
        terms.append(bound)
    if not terms:
        return Const(0)
    return terms[0] if len(terms) == 1 else Sum(tuple(terms))


def _resolve(name: str, bindings: Mapping[str, Binding], stack: tuple[str, ...]) -> Expr:
    if name in stack:
        cycle = " → ".join((*stack[stack.index(name) :], name))
        raise DiceError(f"the bindings are circular: {cycle}")
    if name not in bindings:
        raise DiceError(
            f'"{name}" is not bound to any dice (bound: {", ".join(bindings) or "none"})'
        )
    value = bindings[name]
    if isinstance(value, bool):
        raise DiceError(f'"{name}" is bound to {value!r}, which is not dice notation')
    if isinstance(value, int):
        expr: Expr = Const(value) if value >= 0 else Neg(Const(-value))
    elif isinstance(value, str):
        try:
            expr = parse(value)
        except DiceError as error:
            raise DiceError(f'the binding of "{name}" is malformed: {error}') from None
    elif isinstance(value, Const | Dice | Var | Half | Neg | Sum | Mul):
        expr = value
    else:
        raise DiceError(f'"{name}" is bound to {value!r}, which is not dice notation')
    return _bind(expr, bindings, (*stack, name))


# ---------------------------------------------------------------------------------------------
# Code generation

_UNROLL: Final = 6  # up to this many dice in a group, f[0] + f[1] + … beats sum(f[0:n])


class _Generator:
    """Emits a Python expression over the faces tuple ``f``, consuming faces left to right."""

    def __init__(self, total_faces: int) -> None:
        self.next_face = 0
        self.temporaries = 0
        self.total_faces = total_faces

    def emit(self, expr: Expr) -> str:
        if isinstance(expr, Const):
            return str(expr.value) if expr.value >= 0 else f"({expr.value})"
        if isinstance(expr, Dice):
            first = self.next_face
            self.next_face += expr.count
            if expr.count == 1:
                return f"f[{first}]"
            if expr.count <= _UNROLL:
                return "(" + " + ".join(f"f[{first + i}]" for i in range(expr.count)) + ")"
            if first == 0 and expr.count == self.total_faces:
                return "sum(f)"  # no slice to copy
            return f"sum(f[{first}:{self.next_face}])"
        if isinstance(expr, Var):
            raise DiceError(f'"{expr.name}" is not bound to any dice')
        if isinstance(expr, Neg):
            return f"(-{self.emit(expr.operand)})"
        if isinstance(expr, Mul):
            return f"({self.emit(expr.operand)} * {expr.factor})"
        if isinstance(expr, Half):
            low, high = _bounds(expr.operand)
            inner = self.emit(expr.operand)
            if low >= 0:  # the usual case, ½db with a positive bonus: no sign test needed
                return f"(({inner} + 1) // 2)"
            if high <= 0:
                return f"({inner} // 2)"
            name = f"_t{self.temporaries}"
            self.temporaries += 1
            return f"((({name} := {inner}) + ({name} > 0)) // 2)"
        # A sum: fold the constants into one, added last, and subtract negated terms directly.
        constant = 0
        parts: list[str] = []
        for term in expr.terms:
            negative = isinstance(term, Neg)
            operand = term.operand if isinstance(term, Neg) else term
            if isinstance(operand, Const):
                constant += -operand.value if negative else operand.value
                continue
            code = self.emit(operand)
            if parts:
                parts.append(f" - {code}" if negative else f" + {code}")
            else:
                parts.append(f"-{code}" if negative else code)
        if constant or not parts:
            if parts:
                parts.append(f" - {-constant}" if constant < 0 else f" + {constant}")
            else:
                parts.append(str(constant))
        return "(" + "".join(parts) + ")"


def _generate(expr: Expr, faces: int, notation: str) -> Callable[[Sequence[int]], int]:
    body = _Generator(faces).emit(expr)
    source = f"def total(f):\n    return {body}\n"
    namespace: dict[str, object] = {}
    # The source is built only from validated integers and fixed operators, never from the
    # caller's text, so executing it is safe.
    exec(compile(source, f"<dice {notation!r}>", "exec"), namespace)
    function = namespace["total"]
    assert callable(function)
    function.__doc__ = f"The total of {notation!r} from its faces (generated)."
    return function


# ---------------------------------------------------------------------------------------------
# Breakdown


class _Breakdown:
    """Renders an expression with its faces for the log: ``1D8 (6) + 2 + 1D4 (2)``."""

    def __init__(self, faces: Sequence[int]) -> None:
        self.faces = faces
        self.next_face = 0

    def text(self, expr: Expr) -> str:
        if isinstance(expr, Const):
            return _signed(expr.value)
        if isinstance(expr, Dice):
            first = self.next_face
            self.next_face += expr.count
            faces = ", ".join(str(face) for face in self.faces[first : self.next_face])
            return f"{expr.count}D{expr.sides} ({faces})"
        if isinstance(expr, Var):
            raise DiceError(f'"{expr.name}" is not bound to any dice')
        if isinstance(expr, Neg):
            return _MINUS + self.grouped(expr.operand)
        if isinstance(expr, Half):
            return f"½({self.text(expr.operand)})"
        if isinstance(expr, Mul):
            return f"{self.grouped(expr.operand)} × {expr.factor}"
        parts: list[str] = []
        for term in expr.terms:
            if isinstance(term, Neg):
                operand = self.grouped(term.operand)
                parts.append(f" {_MINUS} {operand}" if parts else f"{_MINUS}{operand}")
            else:
                parts.append(f" + {self.grouped(term)}" if parts else self.grouped(term))
        return "".join(parts)

    def grouped(self, expr: Expr) -> str:
        """The text of an operand, in parentheses if a sign or operator would be ambiguous."""
        text = self.text(expr)
        if isinstance(expr, Sum | Neg) or (isinstance(expr, Const) and expr.value < 0):
            return f"({text})"
        return text


# ---------------------------------------------------------------------------------------------
# Compiled expressions


@dataclass(frozen=True, slots=True)
class Compiled:
    """A dice expression ready to roll, with its names bound.

    ``dice`` lists the sides of every die to roll, left to right; a dice source supplies one
    face per entry, and ``total(faces)`` turns them into the total (a generated function: it does
    not check the faces, `check_faces` does). ``minimum`` and ``maximum`` are exact.
    """

    notation: str
    expr: Expr
    dice: tuple[int, ...]
    minimum: int
    maximum: int
    total: Callable[[Sequence[int]], int] = field(compare=False, repr=False)
    _distribution: Distribution | None = field(default=None, compare=False, repr=False)
    # The constant of a plain sum of dice and numbers ("1D100", "1D8+1+1D4"), whose total is
    # its faces plus this; None for anything else (negated dice, halves, multiples).
    offset: int | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.notation

    def breakdown(self, faces: Sequence[int]) -> str:
        """The roll written out for a log: ``1D8 (6) + 2 + 1D4 (2) = 10``."""
        walker = _Breakdown(faces)
        return f"{walker.text(self.expr)} = {_signed(self.total(faces))}"

    def total_of(self, faces: tuple[int, ...]) -> int:
        """`total(faces)`, added up here when the expression is a plain sum: compiled, this
        saves a call into the generated (interpreted) function on most rolls (issue 10)."""
        offset = self.offset
        if offset is None:
            return self.total(faces)
        # A plain `int` local: compiled, `offset` (an `int | None`) is added up by the generic
        # number protocol, about 100 instructions a face, this by a tagged add (issue 35).
        total: int = offset
        for face in faces:
            total += face
        return total

    def distribution(self) -> Distribution:
        """The exact distribution of the total (computed once, then kept)."""
        if self._distribution is None:
            # The cache slot is the one mutation a frozen Compiled allows itself.
            object.__setattr__(self, "_distribution", distribution_of(self.expr, self.bounds))
        assert self._distribution is not None
        return self._distribution

    @property
    def bounds(self) -> tuple[int, int]:
        """``(minimum, maximum)``."""
        return self.minimum, self.maximum

    def check_faces(self, faces: Sequence[int]) -> None:
        """Raise `DiceError` unless ``faces`` has one face per die, each within 1..sides."""
        dice = self.dice
        try:
            count = len(faces)
        except TypeError:
            raise DiceError(
                f'the faces for "{self.notation}" must be a sequence of numbers'
            ) from None
        if count != len(dice):
            wanted = ", ".join(f"D{sides}" for sides in dice) or "no dice"
            raise DiceError(
                f'"{self.notation}" needs {len(dice)} face{"" if len(dice) == 1 else "s"} '
                f"({wanted}), got {count}"
            )
        for position, (face, sides) in enumerate(zip(faces, dice, strict=True), start=1):
            try:
                value = as_index(face) if not isinstance(face, bool) else None
            except TypeError:
                value = None
            if value is None:
                raise DiceError(
                    f'face {face!r} for die {position} (a D{sides}) of "{self.notation}" '
                    "is not a whole number"
                )
            if not 1 <= value <= sides:
                raise DiceError(
                    f"face {value} is impossible on die {position} (a D{sides}) of "
                    f'"{self.notation}": it must be 1 to {sides}'
                )


def _dice_sides(expr: Expr) -> list[int]:
    if isinstance(expr, Dice):
        return [expr.sides] * expr.count
    if isinstance(expr, Half | Neg | Mul):
        return _dice_sides(expr.operand)
    if isinstance(expr, Sum):
        return [sides for term in expr.terms for sides in _dice_sides(term)]
    return []


def _compile(notation: str | Expr, bindings: Mapping[str, Binding]) -> Compiled:
    if isinstance(notation, str):
        text = notation
        expr = parse(notation)
    elif isinstance(notation, Const | Dice | Var | Half | Neg | Sum | Mul):
        text = render(notation)
        expr = notation
    else:
        raise DiceError(f"dice notation must be text or an Expr, not {type(notation).__name__}")
    # Names are case-insensitive, like the rest of the notation.
    folded: dict[str, Binding] = {}
    for name, value in bindings.items():
        if not isinstance(name, str):
            raise DiceError(f"binding names must be text, not {name!r}")
        folded[name.lower()] = value
    try:
        bound = _bind(expr, folded, ())
    except DiceError as error:
        raise DiceError(f'cannot compile "{text}": {error}') from None
    dice = tuple(_dice_sides(bound))
    low, high = _bounds(bound)
    total = _generate(bound, len(dice), text)
    return Compiled(text, bound, dice, low, high, total, None, _plain_offset(bound))


def _plain_offset(expr: Expr) -> int | None:
    """The constant of a sum of dice and numbers (its total is the faces plus it), else None."""
    terms = expr.terms if isinstance(expr, Sum) else (expr,)
    offset = 0
    for term in terms:
        if isinstance(term, Const):
            offset += term.value
        elif isinstance(term, Neg) and isinstance(term.operand, Const):
            offset -= term.operand.value
        elif not isinstance(term, Dice):
            return None
    return offset


# notation → bindings key → Compiled. Two levels because one lookup on a (notation, bindings)
# tuple costs an extra tuple build and hash on every call, and this is on the hot path.
_CACHE: Final[dict[object, dict[object, Compiled]]] = {}
# distinct (notation, bindings) pairs at most: a long session cannot grow the cache forever
_CACHE_LIMIT: Final = 8192
_cached = 0
_NO_BINDINGS: Final[Mapping[str, Binding]] = {}


def compile_dice(notation: str | Expr, bindings: Mapping[str, Binding] | None = None) -> Compiled:
    """Compile notation such as ``"1D8+2+db"`` with its names bound, e.g. ``{"db": "1D4"}``.

    Names are bound to notation (``"0"``, ``"-1D4"``, ``"2D6"``), which may itself use other
    names; names not used are ignored. Raises `DiceError` for malformed notation or an unbound
    name. Results are cached, so calling this on every roll costs two dictionary lookups.
    """
    # The key keeps the caller's order of bindings rather than sorting it: sorting would cost
    # more on every call than the rare duplicate entry it saves.
    try:
        return _CACHE[notation][tuple(bindings.items()) if bindings else None]
    except KeyError:
        pass
    except TypeError:
        raise DiceError("dice notation and bindings must be text or dice expressions") from None
    return _compile_and_keep(notation, bindings)


def _compile_and_keep(notation: str | Expr, bindings: Mapping[str, Binding] | None) -> Compiled:
    global _cached
    compiled = _compile(notation, bindings or _NO_BINDINGS)
    if _cached >= _CACHE_LIMIT:
        _CACHE.clear()
        _cached = 0
    _CACHE.setdefault(notation, {})[tuple(bindings.items()) if bindings else None] = compiled
    _cached += 1
    return compiled


rebuilt_by_constructor(Compiled)  # copies (fracas.immutable)
