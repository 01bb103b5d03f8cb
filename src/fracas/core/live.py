"""A battle played live by people (DESIGN.md §2): the rules keep running in a worker thread
that waits wherever an answer is missing, so a person's answer resumes the battle where it
stopped — no replay. Replay is needed only to undo (or to restart from a save).

Only one thread runs the rules at a time: the worker runs while the caller waits for its next
request, and the caller runs while the worker waits for an answer.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from fracas.core.battle import Battle, checked_answer
from fracas.core.errors import AnswerError
from fracas.core.journal import Answer
from fracas.core.outcome import Outcome
from fracas.core.requests import Request

TIMEOUT = 60.0  # seconds a step may take before the battle is declared stuck (a bug, not play)


class _Stop(BaseException):  # not an error: it unwinds the worker on undo or close
    """Raised inside the worker to end it; BaseException, so rules code never catches it."""


@dataclass(frozen=True, slots=True)
class _Finished:
    outcome: Outcome | None
    error: BaseException | None


class LiveBattle:
    """Wraps a `Battle` whose dice source or controllers are people (`PendingDice`,
    `PendingController`): `advance()` returns the first request, `answer(...)` gives it and
    returns the next (or None when the battle is over), `undo()` takes answers back."""

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.pending: Request | None = None
        self._worker: threading.Thread | None = None
        self._requests: queue.Queue[Request | _Finished] = queue.Queue()
        self._answers: queue.Queue[Answer | None] = queue.Queue()
        self.restarts = 0  # how many times the battle was rebuilt by replay

    @property
    def journal(self) -> list[Answer]:
        return self.battle.journal

    @property
    def outcome(self) -> Outcome | None:
        return self.battle.outcome

    def advance(self) -> Request | None:
        """Start (or go on with) the battle: the request waiting for a person, or None."""
        if self.pending is not None:
            return self.pending
        if self._worker is None:
            self._start()
        return self._next()

    def answer(self, value: Sequence[int] | int) -> Request | None:
        """Answer the pending request (faces, or an option's index). A bad answer raises
        AnswerError and changes nothing."""
        if self.pending is None:
            raise AnswerError("nothing is waiting for an answer")
        checked = checked_answer(self.pending, value)
        self.pending = None
        self._answers.put(checked)
        return self._next()

    def undo(self, answers: int = 1) -> Request | None:
        """Take back the last `answers` answers: stop the worker, rebuild by replay."""
        if answers < 1 or answers > len(self.journal):
            raise AnswerError(f"cannot undo {answers} answers of {len(self.journal)}")
        self.close()
        del self.journal[-answers:]
        self.restarts += 1
        return self.advance()

    def close(self) -> None:
        """Stop the worker if it is waiting (e.g. a table leaving mid-fight)."""
        if self._worker is not None and self._worker.is_alive():
            self._answers.put(None)
            self._worker.join(TIMEOUT)
        self._worker = None
        self.pending = None

    # --- the worker -----------------------------------------------------------------------

    def _start(self) -> None:
        self._requests = queue.Queue()
        self._answers = queue.Queue()
        self.battle.wait = self._wait  # the table asks here when a person must answer
        self._worker = threading.Thread(target=self._work, name="fracas-live", daemon=True)
        self._worker.start()

    def _work(self) -> None:
        try:
            outcome = self.battle.run()
        except _Stop:
            return
        except BaseException as err:  # handed to the caller, raised there
            self._requests.put(_Finished(None, err))
            return
        self._requests.put(_Finished(outcome, None))

    def _wait(self, request: Request) -> Answer:
        self._requests.put(request)
        answer = self._answers.get()
        if answer is None:
            raise _Stop
        return answer

    def _next(self) -> Request | None:
        try:
            item = self._requests.get(timeout=TIMEOUT)
        except queue.Empty:
            raise RuntimeError("the live battle did not answer in time") from None
        if isinstance(item, _Finished):
            if self._worker is not None:
                self._worker.join(TIMEOUT)
            self._worker = None
            if item.error is not None:
                raise item.error
            return None
        self.pending = item
        return item
