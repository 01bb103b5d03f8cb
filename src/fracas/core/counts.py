"""A battle's tally (`BattleState.tally`): a `Counter` whose item assignment is the dictionary's.

`Counter` defines `__delitem__` in Python (a missing key is no error), so CPython gives the
class a Python item-assignment slot: every `tally[key] += 1` and `tally[key] = n`, compiled
code's included, went through a method look-up and a call, about 1,000 instructions a write
(issue 35). Naming `dict.__delitem__` here lets CPython see that both of the slot's methods
are the dictionary's own, and it puts `dict`'s C slot back. Everything a reader uses is still
the `Counter`'s: a missing key reads as 0 (`__missing__`), `most_common`, `+`, `update`,
equality with any `Counter`, copies and pickles of the same class.

This module stays interpreted (it is not in setup.py's compiled list): the slot trick is
CPython's, and a compiled class could not derive from `Counter`.
"""

from __future__ import annotations

from collections import Counter


class Counts(Counter[str]):
    """A `Counter` of names with `dict`'s item assignment. The one difference: deleting a
    missing key raises `KeyError` (nothing deletes from a battle's tally)."""

    __delitem__ = dict.__delitem__  # type: ignore[assignment]  # the slot's C function, on purpose
