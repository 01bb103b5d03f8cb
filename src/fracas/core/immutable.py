"""Frozen dataclasses that `copy` and `pickle` rebuild through their constructor.

The exact odds work on a copy of a battle's state (`fracas.exact.action`), and a state holds
frozen values (positions, weapon data, dice). Compiled with mypyc, such a class cannot be
restored the way `copy` restores a dataclass — by setting each field on a blank instance,
which a frozen class refuses — so each module of the compiled build registers its frozen
classes here, and a copy calls the constructor with the fields instead (`copyreg`, the
standard library's own hook for this)."""

from __future__ import annotations

import copyreg
import dataclasses
from typing import Any


def rebuilt_by_constructor(*classes: type) -> None:
    """Copy and pickle instances of `classes` (frozen dataclasses whose fields are all
    constructor arguments) by calling the class with their fields."""
    for cls in classes:
        copyreg.pickle(cls, _by_fields)


def _by_fields(value: Any) -> tuple[type, tuple[Any, ...]]:
    return type(value), tuple(getattr(value, f.name) for f in dataclasses.fields(value))
