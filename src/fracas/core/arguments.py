"""The public API's arguments, checked where they enter (issue 32).

`fracas.load`, `Battle`, `replay`, `simulate`, `odds`, `duel_odds`, `load_battle` and
`LiveBattle` pass what they are given through these checks before using it, so a wrong
argument is refused at the door with a message naming it ("seed must be a whole number ≥ 0,
not '7' (a str)") instead of surfacing as an `AttributeError` from deep inside. A wrong type
raises `ArgumentTypeError` (also a `TypeError`), a value out of range `ArgumentValueError`
(also a `ValueError`); both are `FracasError`s, so the command line prints them and exits 2.

Whole numbers (seeds, counts) are Python ints or numpy integers (a seed drawn with numpy is a
seed), returned as plain ints so that a save's JSON can hold them; a bool is not a number
here, nor is a float, even a whole one (7.0 is more likely a mistake than a seed). `Battle()`
runs these checks once per simulated battle: each is an `isinstance` test or two on the path
an accepted argument takes.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from fracas.core.encounter import Encounter
from fracas.core.errors import ArgumentTypeError, ArgumentValueError

T = TypeVar("T")

SHOWN = 40  # characters of a wrong value quoted in a message (a whole document is not)


def given(value: object) -> str:
    """The value given, as a message quotes it: a plain value shortened, with its type; any
    other object by its type alone (its repr may be a whole document)."""
    kind = type(value).__name__
    a_kind = f"an {kind}" if kind[:1].lower() in "aeiou" else f"a {kind}"
    if value is None:
        return "None"
    if not isinstance(value, str | bytes | int | float | np.generic):
        return a_kind
    shown = repr(value)
    if len(shown) > SHOWN:
        shown = shown[: SHOWN - 3] + "..."
    return f"{shown} ({a_kind})"


def wrong_type(name: str, expected: str, value: object, hint: str = "") -> ArgumentTypeError:
    why = f"{name} must be {expected}, not {given(value)}"
    return ArgumentTypeError(f"{why}: {hint}" if hint else why)


def instance(value: object, kind: type[T], name: str, expected: str) -> T:
    """`value` if it is a `kind`, else the error naming `name` and what it takes."""
    if isinstance(value, kind):
        return value
    raise wrong_type(name, expected, value)


def encounter(
    value: object, name: str = "encounter", expected: str = "an Encounter from fracas.load()"
) -> Encounter:
    """An encounter as `fracas.load` gives it; a path or a parsed document is refused with
    how to make one of it."""
    if isinstance(value, Encounter):
        return value
    hint = ""
    if isinstance(value, str | os.PathLike):
        hint = f"load the file first with fracas.load({str(value)!r})"
    elif isinstance(value, Mapping):
        hint = "make one of a parsed document with fracas.from_document(document)"
    raise wrong_type(name, expected, value, hint)


def path(
    value: object, name: str = "path", expected: str = "a path (a str or a pathlib.Path)"
) -> str | Path:
    """A file's path: a str or a `pathlib.Path` (not bytes, not an open file, not a file
    descriptor: an int would read whatever file the process has open under that number)."""
    if isinstance(value, str | Path):
        return value
    if isinstance(value, os.PathLike) and isinstance(os.fspath(value), str):
        return Path(value)
    hint = "it is loaded already" if isinstance(value, Encounter) else ""
    raise wrong_type(name, expected, value, hint)


def whole(value: object, name: str, least: int = 0) -> int:
    """A whole number (an int or a numpy integer, not a bool) of at least `least`."""
    if type(value) is int:
        number = value
    elif isinstance(value, np.integer):
        number = int(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        number = int(value)  # a subclass of int (an IntEnum): its plain value
    else:
        raise wrong_type(name, f"a whole number ≥ {least}", value)
    if number < least:
        raise ArgumentValueError(f"{name} must be a whole number ≥ {least}, not {number}")
    return number


def optional_whole(value: object, name: str, least: int = 0) -> int | None:
    return None if value is None else whole(value, name, least)


def seed(value: object, name: str = "seed") -> int:
    """A seed: a whole number ≥ 0 (any size: `SeedSequence` takes them all)."""
    return whole(value, name, 0)


def positive(value: object, name: str) -> float:
    """A finite number > 0 (a time in seconds): an int or a float, not a bool."""
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise wrong_type(name, "a number > 0", value)
    number = float(value)
    if not (number > 0 and math.isfinite(number)):
        raise ArgumentValueError(f"{name} must be a finite number > 0, not {value!r}")
    return number


def cutoff(value: object, name: str = "cutoff") -> Any:
    """A probability below which the exact odds stop following a branch: from 0 up to (not
    including) 1; a `fractions.Fraction` keeps the odds exact."""
    from fractions import Fraction

    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise wrong_type(name, "a probability, e.g. Fraction(1, 10**9)", value)
    if not 0 <= value < 1:
        raise ArgumentValueError(f"{name} must be ≥ 0 and < 1, not {value}")
    return value


def text(value: object, name: str) -> str:
    return instance(value, str, name, "a str")


def optional_text(value: object, name: str) -> str | None:
    return None if value is None else text(value, name)


def optional_mapping(value: T, name: str, expected: str) -> T:
    """None or a mapping (a dict): `expected` says of what."""
    if value is None or isinstance(value, Mapping):
        return value
    raise wrong_type(name, expected, value)


def sequence(value: T, name: str, expected: str) -> T:
    """A list or a tuple (a str is a sequence too, of letters: refused)."""
    if type(value) is tuple or type(value) is list:
        return value
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return value
    raise wrong_type(name, expected, value)


def having(value: T, method: str, name: str, expected: str) -> T:
    """None, or an object with a `method` to call (a dice source, a controller)."""
    if value is None or callable(getattr(value, method, None)):
        return value
    raise wrong_type(name, expected, value)


def optional_callable(value: T, name: str, expected: str) -> T:
    if value is None or callable(value):
        return value
    raise wrong_type(name, expected, value)


__all__ = [
    "cutoff",
    "encounter",
    "given",
    "having",
    "instance",
    "optional_callable",
    "optional_mapping",
    "optional_text",
    "optional_whole",
    "path",
    "positive",
    "seed",
    "sequence",
    "text",
    "whole",
    "wrong_type",
]
