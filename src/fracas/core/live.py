"""A battle played live by people (DESIGN.md §2): the rules keep running in a worker thread
that waits wherever a person's answer is missing, so an answer resumes the battle where it
stopped, with no replay. Replay is needed only to undo, for a GM command, or to wake a battle
whose worker was closed.

Only one thread runs the rules at a time: the worker runs while the caller waits for its next
question, and the caller runs while the worker waits for an answer. A worker left waiting
longer than `idle` seconds closes itself (an abandoned table leaks no thread); the battle is
not lost: the next call rebuilds it from its journal.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from fracas.core.battle import Battle
from fracas.core.journal import Answer, Command
from fracas.core.outcome import Outcome
from fracas.core.question import Question, question_for
from fracas.core.requests import Request

STEP_TIMEOUT = 60.0  # seconds the rules may run between questions (more is a bug, not play)
IDLE_TIMEOUT = 3600.0  # seconds a worker waits for an answer before it closes itself


class _Stop(BaseException):  # not an error: it unwinds the worker on close
    """Raised inside the worker to end it; BaseException, so rules code never catches it."""


@dataclass(frozen=True, slots=True)
class _Finished:
    outcome: Outcome | None
    error: BaseException | None


class LiveBattle:
    """Plays a `Battle` with people at its seats without replaying on each answer: the same
    `advance`, `answer(question_id, value, by=seat)`, `undo`, `command` as `Battle`."""

    def __init__(self, battle: Battle, idle: float = IDLE_TIMEOUT) -> None:
        self.battle = battle
        self.idle = idle
        self._worker: threading.Thread | None = None
        self._questions: queue.Queue[Request | _Finished] = queue.Queue()
        self._answers: queue.Queue[tuple[Answer, str] | None] = queue.Queue()
        self._lock = threading.RLock()
        self.restarts = 0  # how many times the battle was rebuilt by replay

    @property
    def journal(self) -> list[Answer | Command]:
        return self.battle.journal

    @property
    def question(self) -> Question | None:
        return self.battle.question

    @property
    def outcome(self) -> Outcome | None:
        return self.battle.outcome

    @property
    def running(self) -> bool:
        """Whether a worker thread is alive (waiting for an answer)."""
        return self._worker is not None and self._worker.is_alive()

    def advance(self) -> Question | None:
        """Start (or go on with) the battle: the open question, or None when it is over."""
        with self._lock:
            if self.battle.question is not None:
                return self.battle.question
            if self.battle.outcome is not None and self.battle.question is None:
                return None
            self._start()
            return self._next()

    def answer(
        self, question_id: str, value: Sequence[int] | int, by: str = "gm"
    ) -> Question | None:
        """Answer the open question as seat `by`; refused answers change nothing."""
        with self._lock:
            entry = self.battle.checked_entry(question_id, value, by)
            if not self.running:  # closed (idle, undo, a command): replay with the answer
                self._worker = None
                self.battle.wait = None
                self.battle.append_answer(entry, by)
                self.restarts += 1
                self._start()
                return self._next()
            self._answers.put((entry, by))
            return self._next()

    def undo(self, answers: int = 1) -> Question | None:
        with self._lock:
            self.close()
            return self.battle.undo(answers)

    def command(self, command: Command, by: str = "gm") -> Question | None:
        with self._lock:
            self.close()
            return self.battle.command(command, by)

    def close(self) -> None:
        """Stop the worker if it is waiting (a table leaving mid-fight). Idempotent."""
        with self._lock:
            worker = self._worker
            if worker is not None and worker.is_alive():
                self._answers.put(None)
                worker.join(STEP_TIMEOUT)
            self._worker = None
            self.battle.wait = None  # the battle plays on by replay until restarted

    # --- the worker -----------------------------------------------------------------------

    def _start(self) -> None:
        self._questions = queue.Queue()
        self._answers = queue.Queue()
        self.battle.wait = self._wait  # the table asks here when a person must answer
        worker = threading.Thread(target=self._work, name="fracas-live", daemon=True)
        self._worker = worker
        worker.start()

    def _work(self) -> None:
        try:
            outcome = self.battle.run()
        except _Stop:
            return
        except BaseException as err:  # handed to the caller, raised there
            self._questions.put(_Finished(None, err))
            return
        self._questions.put(_Finished(outcome, None))

    def _wait(self, request: Request) -> tuple[Answer, str]:
        self._questions.put(request)
        try:
            answer = self._answers.get(timeout=self.idle)
        except queue.Empty:
            answer = None  # abandoned: close this worker; the journal keeps the battle
        if answer is None:
            raise _Stop
        return answer

    def _next(self) -> Question | None:
        try:
            item = self._questions.get(timeout=STEP_TIMEOUT)
        except queue.Empty:
            raise RuntimeError("the live battle did not answer in time") from None
        if isinstance(item, _Finished):
            if self._worker is not None:
                self._worker.join(STEP_TIMEOUT)
            self._worker = None
            self.battle.question = None
            if item.error is not None:
                raise item.error
            return None
        question = question_for(item, self.battle.journal)
        self.battle.question = question
        self.battle.outcome = None
        return question
