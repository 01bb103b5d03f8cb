"""A table as one server process holds it (issue 12): its rows, its live battle and each
viewer's log."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from fracas.core.audience import Viewer
from fracas.core.battle import Battle
from fracas.core.live import LiveBattle
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
