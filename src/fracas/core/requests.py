"""What the table asks for when it needs an answer: a roll or a choice.

A request is plain data, so a front-end can show it and a `Pending` can carry it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fracas.core.combatant import Combatant


@dataclass(frozen=True, slots=True)
class RollRequest:
    """Roll `notation` for `by`: the answer is one face per entry of `dice` (their sides)."""

    notation: str
    dice: tuple[int, ...]
    by: Combatant | None
    reason: str

    def describe(self) -> str:
        who = f"{self.by.name}: " if self.by else ""
        sides = ", ".join(f"d{s}" for s in self.dice)
        return f"{who}{self.reason}: roll {self.notation} ({sides})"


@dataclass(frozen=True, slots=True)
class ChoiceRequest:
    """`who` (or the GM on their behalf) decides `decision`: the answer is an option's index."""

    who: Combatant
    decision: str
    options: Sequence[Any]

    def describe(self) -> str:
        lines = [f"{self.who.name}: {self.decision}"]
        lines += [f"  [{i}] {opt}" for i, opt in enumerate(self.options)]
        return "\n".join(lines)


Request = RollRequest | ChoiceRequest


class Pending(Exception):
    """Raised by a person's dice source or controller that has no answer yet.

    The front-end shows `request`, appends the answer to the journal and resumes the
    battle by replay (DESIGN.md §2).
    """

    def __init__(self, request: Request) -> None:
        super().__init__(request.describe())
        self.request = request
