"""The live event stream (issue 12): Server-Sent Events of what one token may see.

Each battle event goes out as an SSE event `battle` whose id is "N.P": the N-th event this
token may see, at the table's change P. A client that reconnects with `Last-Event-ID` gets
what it missed; if an undo (or a re-roll) took back events it had, it first gets an `undo`
event `{"keep": K}` — drop every event after the K-th and redraw — and then the new ones.
After each change a `state` event carries the table as this token sees it.

Changes made by this process wake the streams at once; changes made by another server
process on the same database are found by looking at the database every second.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool

from fracas.serve.service import Live, Tables
from fracas.serve.views import Caller

POLL_SECONDS = 1.0


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


def parse_last_id(value: str | None) -> tuple[int, int] | None:
    """(events seen, change position) from an SSE id "N.P"; None if absent or malformed."""
    if not value:
        return None
    seen, _, position = value.partition(".")
    if not (seen.isdigit() and position.isdigit()):
        return None
    return int(seen), int(position)


def _prefix(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


async def events(
    tables: Tables,
    notifier: Notifier,
    table_id: str,
    caller: Caller,
    sent: list[dict[str, Any]],
    view: Callable[[Live, Caller], dict[str, Any]],
) -> AsyncIterator[dict[str, str]]:
    """The stream for one client that already has the events `sent`."""
    woken = notifier.subscribe(table_id)
    shown: int | None = None  # the change position of the last `state` sent
    try:
        while True:
            live = await run_in_threadpool(tables.live, table_id)
            docs = await run_in_threadpool(live.events, caller.viewer)
            keep = _prefix(sent, docs)
            if keep < len(sent):
                sent = sent[:keep]
                yield {
                    "event": "undo",
                    "id": f"{keep}.{live.head}",
                    "data": json.dumps({"keep": keep}),
                }
            for doc in docs[len(sent) :]:
                yield {"event": "battle", "id": f"{doc['n']}.{live.head}", "data": json.dumps(doc)}
            if live.head != shown:
                state = await run_in_threadpool(view, live, caller)
                yield {
                    "event": "state",
                    "id": f"{len(docs)}.{live.head}",
                    "data": json.dumps(state),
                }
                shown = live.head
            sent = list(docs)
            # Woken by this process, or after a second: another server process may have
            # changed the table, so look again either way.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), POLL_SECONDS)
            woken.clear()
    finally:
        notifier.unsubscribe(table_id, woken)
