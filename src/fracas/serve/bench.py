"""`fracas bench --serve` (issue 12): a real server under the load of many tables at once.

A `fracas serve` process on loopback, over a fresh SQLite file; `tables` tables of the BRP
skirmish, each with a person at each of its first side's four fighters and a live stream
watching it. Every table's seats answer as fast as they can until `answers` answers are
given in all (a finished fight is followed by a new one at a new table). Measured: answers
per second, the latency from sending an answer to its change reaching the table's stream
(p50, p95), and the server's resident memory at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

EXAMPLE = "brp/skirmish"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pick(question: dict[str, Any], turn: int) -> int | list[int]:
    if question["kind"] == "choice":
        return turn % len(question["options"])
    return [1 + (turn * 7 + i) % sides for i, sides in enumerate(question["dice"])]


class _Table:
    """One table at a time of a player group: its seats answer, its stream is watched."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client
        self.latencies: list[float] = []

    async def open(self) -> None:
        """A new table of the example, a person at each of its first side's fighters."""
        client = self.client
        t = (await client.post("/api/tables", json={"example": EXAMPLE, "seed": 1})).json()
        self.id, self.gm = t["id"], t["gm_token"]
        gm = {"Authorization": f"Bearer {self.gm}"}
        view = (await client.get(f"/api/tables/{self.id}", headers=gm)).json()
        side = view["combatants"][0]["side"]
        self.seats: dict[str, str] = {}
        for c in [c for c in view["combatants"] if c["side"] == side][:4]:
            reply = await client.post(
                f"/api/tables/{self.id}/seats", headers=gm, json={"name": c["name"]}
            )
            self.seats[c["name"]] = reply.json()["token"]
        await client.post(f"/api/tables/{self.id}/start", headers=gm)
        self.sent: dict[int, float] = {}  # change position → when its answer was sent
        self.watcher = asyncio.create_task(self.watch())
        await asyncio.sleep(0.05)  # the stream is open

    async def watch(self) -> None:
        """The table's live stream: when each change's `state` event arrives."""
        headers = {"Authorization": f"Bearer {self.gm}", "Accept": "text/event-stream"}
        sent = self.sent
        async with self.client.stream("GET", f"/api/tables/{self.id}/events", headers=headers) as s:
            event = ""
            async for line in s.aiter_lines():
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:") and event == "state":
                    # A stream sends the latest state: it may cover several changes at once.
                    position, now = json.loads(line[5:])["position"], time.perf_counter()
                    for done in [p for p in sent if p <= position]:
                        self.latencies.append(now - sent.pop(done))

    async def close(self) -> None:
        await asyncio.sleep(0.5)  # the last changes reach the stream
        self.watcher.cancel()
        await asyncio.gather(self.watcher, return_exceptions=True)

    async def play(self, budget: list[int], pause: float) -> None:
        """Answer while the shared budget of answers lasts: as fast as the seats can, or
        one answer every `pause` seconds (people at a table)."""
        await self.open()
        url = f"/api/tables/{self.id}"
        gm = {"Authorization": f"Bearer {self.gm}"}
        state = (await self.client.get(url, headers=gm)).json()
        turn = 0
        while budget[0] > 0:
            question = state["question"]
            if question is None:  # this fight is over: the group starts another
                await self.close()
                await self.open()
                url, gm = f"/api/tables/{self.id}", {"Authorization": f"Bearer {self.gm}"}
                state = (await self.client.get(url, headers=gm)).json()
                continue
            budget[0] -= 1
            token = self.seats.get(question["seat"], self.gm)
            body = {"question": question["id"], "value": _pick(question, turn)}
            self.sent[state["position"] + 1] = time.perf_counter()
            reply = await self.client.post(
                f"{url}/answers", headers={"Authorization": f"Bearer {token}"}, json=body
            )
            state = reply.json()
            turn += 1
            if pause:
                await asyncio.sleep(pause)
        await self.close()


async def _load(base: str, tables: int, answers: int, pause: float = 0.0) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=tables * 3)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as client:
        made = [_Table(client) for _ in range(tables)]
        budget = [answers]
        start = time.perf_counter()
        await asyncio.gather(*(t.play(budget, pause) for t in made))
        elapsed = time.perf_counter() - start
    latencies = sorted(x for t in made for x in t.latencies)
    quantiles = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {
        "tables": tables,
        "answers": answers,
        "pause": pause,
        "seconds": elapsed,
        "answers_per_second": answers / elapsed,
        "latency_ms": {"p50": quantiles[49] * 1000, "p95": quantiles[94] * 1000},
        "measured": len(latencies),
    }


@contextmanager
def _server(*options: str) -> Iterator[tuple[str, int]]:
    """A fresh `fracas serve` process over a new SQLite file: its address and process id."""
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="fracas-bench-") as folder:
        db = f"sqlite:///{Path(folder) / 'tables.db'}"
        command = [sys.executable, "-m", "fracas", "serve", "--db", db, "--port", str(port)]
        server = subprocess.Popen(
            [*command, *options], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{base}/api/examples")
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            yield base, server.pid
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(10)


# The load stands for many groups, each at its own address; here all share loopback's.
UNLIMITED = ("--streams-per-client", "1000000", "--tables-per-client", "1000000")


def bench_serve(tables: int = 50, answers: int = 2000, pause: float = 0.0) -> dict[str, Any]:
    """Run the load against a fresh server process; its figures."""
    with _server(*UNLIMITED) as (base, pid):
        cpu = _cpu_seconds(pid)
        result = asyncio.run(_load(base, tables, answers, pause))
        result["server_rss_mb"] = _rss_mb(pid)
        result["server_cpu_ms_per_answer"] = (_cpu_seconds(pid) - cpu) / answers * 1e3
    result["cores"] = os.cpu_count()
    return result


async def _timed_gets(
    client: httpx.AsyncClient, url: str, gm: dict[str, str], n: int
) -> dict[str, float]:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        (await client.get(url, headers=gm)).raise_for_status()
        times.append(time.perf_counter() - start)
    q = statistics.quantiles(times, n=100)
    return {"p50": q[49] * 1000, "p95": q[94] * 1000}


async def _flood(base: str, streams: int, gets: int) -> dict[str, Any]:
    """One client opens `streams` event streams on a table; the GET of another table is
    timed before and while they are open."""
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits()) as client:
        watched = (await client.post("/api/tables", json={"example": EXAMPLE})).json()
        other = (await client.post("/api/tables", json={"example": EXAMPLE})).json()
        url, gm = f"/api/tables/{other['id']}", {"Authorization": f"Bearer {other['gm_token']}"}
        before = await _timed_gets(client, url, gm, gets)
        headers = {"Authorization": f"Bearer {watched['gm_token']}", "Accept": "text/event-stream"}
        async with contextlib.AsyncExitStack() as held:
            codes = []
            for _ in range(streams):
                reply = await held.enter_async_context(
                    client.stream("GET", f"/api/tables/{watched['id']}/events", headers=headers)
                )
                codes.append(reply.status_code)
            await asyncio.sleep(1.5)  # every stream has polled the database at least once
            during = await _timed_gets(client, url, gm, gets)
    return {
        "streams_asked": streams,
        "streams_open": codes.count(200),
        "refused_429": codes.count(429),
        "get_ms_before": before,
        "get_ms_during": during,
    }


def bench_flood(streams: int = 80, gets: int = 200) -> dict[str, Any]:
    """A client that asks for `streams` streams, against the default limits and without them
    (issue 32): what it costs the other clients' answers."""
    results = {}
    for name, options in (("limited", ()), ("unlimited", UNLIMITED)):
        with _server(*options) as (base, _pid):
            results[name] = asyncio.run(_flood(base, streams, gets))
    return results
