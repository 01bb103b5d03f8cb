"""What the table asks for when it needs an answer: a roll or a choice.

A request is plain data, so a front-end can show it and a `Pending` can carry it. `seat` names
the seat that must answer (None when a test's controller or dice source asks), `audience` who
may see the request (a secret roll is shown to its audience only).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fracas.core.audience import EVERYONE
from fracas.core.combatant import Combatant, Decider, asked_audience


@dataclass(frozen=True, slots=True)
class RollRequest:
    """Roll `notation` for `by`: the answer is one face per entry of `dice` (their sides)."""

    notation: str
    dice: tuple[int, ...]
    by: Combatant | None
    reason: str
    seat: str | None = None
    audience: str = EVERYONE

    def describe(self) -> str:
        who = f"{self.by.name}: " if self.by else ""
        sides = ", ".join(f"d{s}" for s in self.dice)
        return f"{who}{self.reason}: roll {self.notation} ({sides})"


@dataclass(frozen=True, slots=True)
class ChoiceRequest:
    """`who` (a combatant, a side, or the GM) decides `decision`: the answer is an option's
    index."""

    who: Decider
    decision: str
    options: Sequence[Any]
    seat: str | None = None

    @property
    def audience(self) -> str:
        """The decider's own side (and the GM): never the other sides."""
        return asked_audience(self.who)

    def describe(self) -> str:
        lines = [f"{self.who.name}: {self.decision}"]
        lines += [f"  [{i}] {opt}" for i, opt in enumerate(self.options)]
        return "\n".join(lines)


Request = RollRequest | ChoiceRequest


class Pending(Exception):
    """Raised where a person must answer and nobody waits in place: the battle stops at a
    question, and resumes by replay once the answer is in the journal (DESIGN.md §2)."""

    def __init__(self, request: Request) -> None:
        super().__init__(request.describe())
        self.request = request
