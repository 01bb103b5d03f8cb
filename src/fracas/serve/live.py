"""A table as one server process holds it (issue 12): its rows, its live battle and each
viewer's log."""

from __future__ import annotations

import copy
import threading
from dataclasses import dataclass, field
from typing import Any

from fracas.core.audience import Viewer
from fracas.core.battle import Battle
from fracas.core.live import LiveBattle
from fracas.core.requests import ChoiceRequest
from fracas.serve.event_log import EventLog
from fracas.serve.store import SeatRow, TableRow


@dataclass(slots=True)
class Live:
    """A table as this process holds it: its rows, its battle and where its log stands.

    The battle is played by a `LiveBattle` (DESIGN.md §2): its rules wait in a worker thread
    at a person's question, so an answer goes on from there with no replay; an undo or a GM
    command replays once."""

    row: TableRow
    seats: list[SeatRow]
    head: int
    started: bool
    game: LiveBattle
    journal: list[Any]  # the battle's journal in its JSON form, as the database holds it
    lock: threading.RLock = field(default_factory=threading.RLock)
    logs: dict[Viewer, EventLog] = field(default_factory=dict)
    # How many times each seat's link was issued again (issue 33), from the log's "link" changes.
    issued: dict[str, int] = field(default_factory=dict)
    # The policy's choice at the open question, by its id (issue 33): worked out once.
    suggested: tuple[str, int | None] = ("", None)

    @property
    def battle(self) -> Battle:
        return self.game.battle

    def events(self, viewer: Viewer) -> list[dict[str, Any]]:
        """The events `viewer` may see so far, as JSON documents (do not change the list)."""
        return self.log(viewer).docs

    def log(self, viewer: Viewer) -> EventLog:
        """`viewer`'s log, brought up to date: its events (as seen) and their documents."""
        with self.lock:
            log = self.logs.get(viewer)
            if log is None:
                log = self.logs[viewer] = EventLog(viewer)
            log.update(self.battle.events)
            return log

    def suggestion(self) -> int | None:
        """What the ruleset's policy would choose at the open question (the GM's screen puts
        it first, issue 33), on a copy of the state and the request, so that the battle
        waiting at the question is left as it is; once per question."""
        with self.lock:
            q = self.battle.question
            if q is None or not isinstance(q.request, ChoiceRequest):
                return None
            if self.suggested[0] != q.id:
                state, request = copy.deepcopy((self.battle.state, q.request))
                choice = self.battle.encounter.ruleset.policy(state).choose(request)
                self.suggested = (q.id, choice if isinstance(choice, int) else None)
            return self.suggested[1]
