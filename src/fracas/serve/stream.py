"""The live event stream (issue 12): Server-Sent Events of what one token may see.

Each battle event goes out as an SSE event `battle` whose id is "N.P": the N-th event this
token may see, at the table's change P. A client that reconnects with `Last-Event-ID` gets
what it missed; if an undo (or a re-roll) took back events it had, it first gets an `undo`
event `{"keep": K}` — drop every event after the K-th and redraw — and then the new ones.
After each change a `state` event carries the table as this token sees it. The browser's
pages (`serve.web`) take the same stream in another `Format`: HTML lines of the log.

Changes made by this process wake the streams at once, and so do another server process's
on PostgreSQL (`Store.listen`); otherwise they are found by looking at the database every
second.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from starlette.concurrency import run_in_threadpool

from fracas.core.events import Event
from fracas.serve.live import Live
from fracas.serve.service import Tables, common_prefix
from fracas.serve.views import Caller

POLL_SECONDS = 1.0
Message = dict[str, str]


class Notifier:
    """Wakes the streams of a table when this process changes it (from any thread)."""

    def __init__(self) -> None:
        self._waiting: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}

    def subscribe(self, table_id: str) -> asyncio.Event:
        woken = asyncio.Event()
        self._waiting.setdefault(table_id, set()).add((asyncio.get_running_loop(), woken))
        return woken

    def unsubscribe(self, table_id: str, woken: asyncio.Event) -> None:
        waiting = self._waiting.get(table_id, set())
        for entry in [e for e in waiting if e[1] is woken]:
            waiting.discard(entry)
        if not waiting:
            self._waiting.pop(table_id, None)

    def notify(self, table_id: str) -> None:
        for loop, woken in list(self._waiting.get(table_id, ())):
            loop.call_soon_threadsafe(woken.set)


class Format(Protocol):
    """How a stream words what happened: the client had `sent` events, of which the first
    `keep` still stand (fewer after an undo); the battle's events are now `events` (as this
    viewer sees them) and `docs` (their JSON); then the new state."""

    def update(
        self, sent: int, keep: int, events: list[Event], docs: list[dict[str, Any]], head: int
    ) -> list[Message]: ...

    def state(self, live: Live, caller: Caller, seen: int) -> Message: ...


class JsonFormat:
    """The API's stream: `undo` when events were taken back, one `battle` event per new
    battle event, the state as JSON."""

    def __init__(self, view: Callable[[Live, Caller], dict[str, Any]]) -> None:
        self.view = view

    def update(
        self, sent: int, keep: int, events: list[Event], docs: list[dict[str, Any]], head: int
    ) -> list[Message]:
        out = []
        if keep < sent:
            out.append(
                {"event": "undo", "id": f"{keep}.{head}", "data": json.dumps({"keep": keep})}
            )
        out += [
            {"event": "battle", "id": f"{d['n']}.{head}", "data": json.dumps(d)}
            for d in docs[keep:]
        ]
        return out

    def state(self, live: Live, caller: Caller, seen: int) -> Message:
        data = json.dumps(self.view(live, caller))
        return {"event": "state", "id": f"{seen}.{live.head}", "data": data}


def _state(fmt: Format, live: Live, caller: Caller, seen: int) -> Message:
    with live.lock:  # the battle stands still while its state is read
        return fmt.state(live, caller, seen)


def parse_last_id(value: str | None) -> tuple[int, int] | None:
    """(events seen, change position) from an SSE id "N.P"; None if absent or malformed."""
    if not value:
        return None
    seen, _, position = value.partition(".")
    if not (seen.isdigit() and position.isdigit()):
        return None
    return int(seen), int(position)


async def events(
    tables: Tables,
    notifier: Notifier,
    table_id: str,
    caller: Caller,
    sent: list[dict[str, Any]],
    fmt: Format,
    held: AbstractContextManager[None] | None = None,
) -> AsyncIterator[Message]:
    """The stream for one client that already has the events `sent`, holding `held` (one of
    its client's streams, `guard.Quotas`) while it is open."""
    with held or contextlib.nullcontext():
        woken = notifier.subscribe(table_id)
        shown: int | None = None  # the change position of the last `state` sent
        try:
            while True:
                live = await run_in_threadpool(tables.live, table_id)
                log = await run_in_threadpool(live.log, caller.viewer)
                docs, seen_events = list(log.docs), list(log.events)
                keep = common_prefix(sent, docs)
                if shown is None or keep < len(sent) or len(docs) > keep:
                    messages = await run_in_threadpool(
                        fmt.update, len(sent), keep, seen_events, docs, live.head
                    )
                    for message in messages:
                        yield message
                if live.head != shown:
                    yield await run_in_threadpool(_state, fmt, live, caller, len(docs))
                    shown = live.head
                sent = docs
                # Woken by this process, or after a second: another server process may have
                # changed the table, so look again either way.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(woken.wait(), POLL_SECONDS)
                woken.clear()
        finally:
            notifier.unsubscribe(table_id, woken)
