"""The journal of answers: everything a battle needs besides its encounter (DESIGN.md §1).

An answer is either the faces of one roll (a tuple of ints) or the index of one choice (an
int). In JSON a roll is a list and a choice a number, so a saved journal stays compact and
readable: `[[37], [62], 1, [5, 2]]`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fracas.core.errors import ReplayError

Answer = tuple[int, ...] | int
Journal = list[Answer]


def journal_to_json(journal: Sequence[Answer]) -> list[Any]:
    return [list(a) if isinstance(a, tuple) else a for a in journal]


def journal_from_json(data: Any) -> Journal:
    """Parse a saved journal, refusing anything that is not a list of ints and int lists."""
    if not isinstance(data, list):
        raise ReplayError("the journal must be a list of answers")
    out: Journal = []
    for i, a in enumerate(data):
        if isinstance(a, bool):
            raise ReplayError(f"journal[{i}]: expected a choice index or a list of faces")
        if isinstance(a, int):
            out.append(a)
        elif isinstance(a, list) and all(isinstance(f, int) and not isinstance(f, bool) for f in a):
            out.append(tuple(a))
        else:
            raise ReplayError(f"journal[{i}]: expected a choice index or a list of faces")
    return out
