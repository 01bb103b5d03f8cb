"""What the table asks for when it needs an answer: a roll or a choice.

A request is plain data, so a front-end can show it and a `Pending` can carry it. `seat` names
the seat that must answer (None when a test's controller or dice source asks), `audience` who
may see the request (a secret roll is shown to its audience only).

Requests are plain slotted classes, read-only by convention, not frozen dataclasses: one is
built for every decision of every simulated battle, and a frozen dataclass costs several times
as much to build (issue 10; docs/ARCHITECTURE.md, "The fast style").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fracas.core.audience import EVERYONE
from fracas.core.combatant import Combatant, Decider, asked_audience, asked_side

# What a roll needs, in words ("55 or less to hit; 11 or less special"), worked out only when
# a screen reads it (issue 33): display only, never part of the journal, a question's id or
# replay, so a simulated battle, which reads none, never pays for it.
Needs = Callable[[], str]


class RollRequest:
    """Roll `notation` for `by`: the answer is one face per entry of `dice` (their sides).
    `needs`, when the rules give it, says what the roll needs (see `Needs`)."""

    __slots__ = ("audience", "by", "dice", "needs", "notation", "reason", "seat")

    def __init__(
        self,
        notation: str,
        dice: tuple[int, ...],
        by: Combatant | None,
        reason: str,
        seat: str | None = None,
        audience: str = EVERYONE,
        needs: Needs | None = None,
    ) -> None:
        self.notation = notation
        self.dice = dice
        self.by = by
        self.reason = reason
        self.seat = seat
        self.audience = audience
        self.needs = needs

    def needs_text(self) -> str | None:
        """What the roll needs, in words (worked out now), or None when the rules say not."""
        return self.needs() if self.needs is not None else None

    def __repr__(self) -> str:
        return f"RollRequest({self.describe()!r})"

    def describe(self) -> str:
        who = f"{self.by.name}: " if self.by else ""
        sides = ", ".join(f"d{s}" for s in self.dice)
        return f"{who}{self.reason}: roll {self.notation} ({sides})"


class ChoiceRequest:
    """`who` (a combatant, a side, or the GM) decides `decision`: the answer is an option's
    index."""

    __slots__ = ("_asked_side", "decision", "options", "seat", "who")

    def __init__(
        self, who: Decider, decision: str, options: Sequence[Any], seat: str | None = None
    ) -> None:
        self.who = who
        self.decision = decision
        # A list, whatever sequence was given: compiled, a list is indexed in a few
        # instructions, a `Sequence` through the generic protocol (policies index every option)
        self.options: list[Any] = options if isinstance(options, list) else list(options)
        self.seat = seat
        # Fixed as it is asked (a controlled combatant's controller may change afterwards),
        # but spelled out only when read: a simulated battle reads none (issue 10).
        self._asked_side = asked_side(who)

    def __repr__(self) -> str:
        return f"ChoiceRequest({self.who.name}: {self.decision}, {len(self.options)} options)"

    @property
    def audience(self) -> str:
        """The decider's own side (and the GM): never the other sides."""
        return asked_audience(self._asked_side)

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
