"""A battle played live by people (DESIGN.md §2): the rules keep running in a worker thread
that waits wherever a person's answer is missing, so an answer resumes the battle where it
stopped, with no replay. Replay is needed only to undo, for a GM command, or to wake a battle
whose worker was stopped.

Only one thread runs the rules at a time: the worker runs while the caller waits for its next
question, and the caller runs while the worker waits for an answer. A worker left waiting
longer than `idle` seconds stops itself (an abandoned table leaks no thread); the battle is
not lost: the next call rebuilds it from its journal. `suspend()` stops the worker the same way.
`close()` is the table leaving: it stops the worker and the battle takes nothing more
(`BattleClosed`); its journal, question and outcome can still be read, and saved.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from fracas.core import arguments
from fracas.core.battle import Battle
from fracas.core.errors import BattleClosed
from fracas.core.journal import Answer, Command
from fracas.core.outcome import Outcome
from fracas.core.question import Question, question_for
from fracas.core.requests import Request

STEP_TIMEOUT = 60.0  # seconds the rules may run between questions (more is a bug, not play)
IDLE_TIMEOUT = 3600.0  # seconds a worker waits for an answer before it stops itself


class _Stop(BaseException):  # not an error: it unwinds the worker when stopped
    """Raised inside the worker to end it; BaseException, so rules code never catches it."""


@dataclass(frozen=True, slots=True)
class _Finished:
    outcome: Outcome | None
    error: BaseException | None


class LiveBattle:
    """Plays a `Battle` with people at its seats without replaying on each answer: the same
    `advance`, `answer(question_id, value, by=seat)`, `undo`, `command` as `Battle`."""

    def __init__(self, battle: Battle, idle: float = IDLE_TIMEOUT) -> None:
        self.battle = arguments.instance(battle, Battle, "battle", "a Battle (fracas.Battle)")
        self.idle = arguments.positive(idle, "idle")
        self.closed = False  # by close(): the table left, and nothing more is played
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
            self._refuse_if_closed("advance")
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
            self._refuse_if_closed("answer")
            entry = self.battle.checked_entry(question_id, value, by)
            if not self.running:  # stopped (idle, undo, a command): replay with the answer
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
            self._refuse_if_closed("undo")
            self.suspend()  # the battle is rebuilt by replay without the undone answers
            return self.battle.undo(answers)

    def command(self, command: Command, by: str = "gm") -> Question | None:
        with self._lock:
            self._refuse_if_closed("command")
            self.suspend()  # the battle is rebuilt by replay with the command
            return self.battle.command(command, by)

    def close(self) -> None:
        """The table leaves: stop the worker, and refuse any more answers, undos or commands
        (`BattleClosed`). Idempotent."""
        with self._lock:
            self.closed = True
            self.suspend()

    def suspend(self) -> None:
        """Stop the worker if it is waiting (an idle table in a server's cache): the battle is
        not closed, and the next call rebuilds it by replay. Idempotent."""
        with self._lock:
            worker = self._worker
            if worker is not None and worker.is_alive():
                self._answers.put(None)
                worker.join(STEP_TIMEOUT)
            self._worker = None
            self.battle.wait = None  # the battle plays on by replay until restarted

    def _refuse_if_closed(self, what: str) -> None:
        if self.closed:
            raise BattleClosed(
                f"this live battle was closed: it takes no {what}; fracas.load_battle of its"
                " save, or a new LiveBattle of its battle, plays on"
            )

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
            answer = None  # abandoned: stop this worker; the journal keeps the battle
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
