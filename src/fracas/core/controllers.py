"""Who makes decisions (DESIGN.md §2): a tactical policy, a script, or a person.

A controller answers a `ChoiceRequest` with the index of the chosen option. Rulesets provide
their default policy as a controller; it reads the battle state but never changes it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from mypy_extensions import mypyc_attr

from fracas.core.combatant import Decider
from fracas.core.errors import ReplayError
from fracas.core.requests import ChoiceRequest, Pending


class UnknownDecision(Exception):
    """A policy was asked a decision it does not know: a bug in the ruleset, never input.
    (Silently taking the first option would hide it.)"""


class Controller(Protocol):
    def choose(self, request: ChoiceRequest) -> int: ...


# Rulesets' policies (compiled or not) and tests subclass it: open to interpreted subclasses.
@mypyc_attr(allow_interpreted_subclasses=True)
class Policy:
    """A controller that picks from the options themselves (issue 35): the table calls
    `pick` directly when it asks a compiled policy, without building a `ChoiceRequest` or
    calling `choose` through the `Controller` protocol (about 400 instructions a decision on
    the compiled build, a tenth of a BRP duel's decisions). `choose` stays the contract every
    other caller uses, and gives the same answer.

    An interpreted subclass works too (the table calls its `pick` as well); any other
    controller follows the protocol as before."""

    def choose(self, request: ChoiceRequest) -> int:
        return self.pick(request.who, request.decision, request.options)

    def pick(self, who: Decider, decision: str, options: list[Any]) -> int:
        """The index of the chosen option: what `choose` answers for the same question. Each
        ruleset's policy answers the decisions its rules ask; this base knows none, so it
        says so as every policy does for a decision it does not know."""
        raise UnknownDecision(f"{type(self).__name__} has no answer to {decision!r}")


def best_index(scores: Sequence[float]) -> int:
    """The index of the highest score, the earlier option on a tie (for tactical policies)."""
    best = 0
    for i, score in enumerate(scores):
        if score > scores[best]:
            best = i
    return best


class ScriptedChoices:
    """Choices forced in order, by index or by a predicate on the options."""

    def __init__(self, answers: Iterable[int] = ()) -> None:
        self._queue: deque[int] = deque(answers)

    def push(self, *answers: int) -> None:
        self._queue.extend(answers)

    def choose(self, request: ChoiceRequest) -> int:
        if not self._queue:
            raise ReplayError(f"scripted choices ran out at: {request.describe()}")
        return self._queue.popleft()


class PendingController:
    """A person decides: every request suspends the battle until answered."""

    def choose(self, request: ChoiceRequest) -> int:
        raise Pending(request)


class NoChoices:
    """For replaying a finished battle: any choice beyond the journal is a mismatch."""

    def choose(self, request: ChoiceRequest) -> int:
        raise ReplayError(f"the journal ends before this choice: {request.describe()}")
