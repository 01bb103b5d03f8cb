"""Frozen dataclasses that `copy` and `pickle` rebuild through their constructor.

The exact odds work on a copy of a battle's state (`fracas.exact.action`), and a state holds
frozen values (positions, weapon data, dice). Compiled with mypyc, such a class cannot be
restored the way `copy` restores a dataclass — by setting each field on a blank instance,
which a frozen class refuses — so each module of the compiled build registers its frozen
classes here, and a copy calls the constructor with the fields instead (`copyreg`, the
standard library's own hook for this)."""

from __future__ import annotations

import copy
import copyreg
import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def rebuilt_by_constructor(*classes: type) -> None:
    """Copy and pickle instances of `classes` (frozen dataclasses, or dataclasses with a
    hand-written `__init__`, whose fields are all constructor arguments) by calling the class
    with their fields."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)


def _by_fields(value: Any) -> tuple[type, tuple[Any, ...]]:
    return type(value), tuple(getattr(value, f.name) for f in dataclasses.fields(value))


def copy_fields(value: T, memo: dict[int, Any]) -> T:
    """A deep copy of a mutable dataclass instance, field by field (its `__deepcopy__`).

    Combatants and battle states are compiled classes that rulesets subclass, compiled or
    interpreted; the copy `copy` makes of an interpreted subclass of a compiled class keeps
    only the compiled class's attributes (mypyc's own `__getstate__`), so an OD&D fighter lost
    its hit points. Copying every field, and any attribute kept outside the fields, is right
    for both."""
    cls = type(value)
    new = cls.__new__(cls)
    memo[id(value)] = new
    names = set()
    for f in dataclasses.fields(value):  # type: ignore[arg-type]
        names.add(f.name)
        setattr(new, f.name, copy.deepcopy(getattr(value, f.name), memo))
    for name, item in getattr(value, "__dict__", {}).items():
        if name not in names:
            setattr(new, name, copy.deepcopy(item, memo))
    return new
