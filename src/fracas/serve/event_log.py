"""One viewer's log of a table's events (issue 12): the core's one filter (`visible_to`)
applied as the battle goes on, each event as its JSON document."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fracas.core.audience import Viewer
from fracas.core.events import Event, RoundStarted, visible_to


def event_documents(events: Iterable[Event], viewer: Viewer) -> list[dict[str, Any]]:
    """The events `viewer` may see, as JSON documents stamped with their round and number."""
    log = EventLog(viewer)
    return log.update(list(events))


class EventLog:
    """One viewer's documents of a battle's events, extended as the battle goes on: a live
    battle appends to its list of events, so only the new ones are filtered and converted;
    a battle rebuilt by replay (an undo) has a new list, and is read from the start."""

    __slots__ = ("docs", "events", "round", "seen", "source", "viewer")

    def __init__(self, viewer: Viewer) -> None:
        self.viewer = viewer
        self.source: list[Event] | None = None
        self.seen = 0  # how many of `source` are read
        self.docs: list[dict[str, Any]] = []
        self.events: list[Event] = []  # the events as the viewer sees them, one per doc
        self.round = 0

    def update(self, events: list[Event]) -> list[dict[str, Any]]:
        if events is not self.source or len(events) < self.seen:
            self.source, self.seen, self.docs, self.events = events, 0, [], []
            self.round = 0
        for event in events[self.seen :]:
            seen = visible_to(event, self.viewer)
            if seen is None:
                continue
            self.events.append(seen)
            if isinstance(seen, RoundStarted):
                self.round = seen.round
            doc = seen.to_dict()
            doc.setdefault("round", self.round)
            doc["n"] = len(self.docs) + 1
            self.docs.append(doc)
        self.seen = len(events)
        return self.docs
