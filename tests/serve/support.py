"""Helpers for the server's tests: an app over a fresh database, a real server process, and
players that answer whatever is asked of their seat."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import httpx
from fastapi.testclient import TestClient

from fracas.serve import Store, create_app
from fracas.serve.limits import Limits


def app_client(url: str, limits: Limits | None = None) -> TestClient:
    store = Store(url)
    store.migrate()
    return TestClient(create_app(store, limits))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def pick(question: Mapping[str, Any], turn: int) -> int | list[int]:
    """A valid answer that varies with `turn`: an option, or a face on each die."""
    if question["kind"] == "choice":
        return turn % len(question["options"])
    return [1 + (turn * 7 + i * 3) % sides for i, sides in enumerate(question["dice"])]


def play(
    client: httpx.Client | TestClient,
    table: str,
    tokens: Mapping[str, str],
    gm_token: str,
    limit: int = 400,
    first: int = 0,
) -> int:
    """Answer every question with its seat's token (the GM's for the rest), to the end or
    for `limit` answers, numbering them from `first`; the number of the next answer."""
    gm = bearer(gm_token)
    for turn in range(first, first + limit):
        state = client.get(f"/api/tables/{table}", headers=gm).json()
        question = state["question"]
        if question is None:
            return turn
        token = tokens.get(question["seat"], gm_token)
        body = {"question": question["id"], "value": pick(question, turn)}
        reply = client.post(f"/api/tables/{table}/answers", headers=bearer(token), json=body)
        assert reply.status_code == 200, reply.text
    return first + limit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    db: str, port: int | None = None
) -> Iterator[tuple[httpx.Client, subprocess.Popen[bytes]]]:
    """A real `fracas serve` process on loopback, and a client for it."""
    port = port or free_port()
    command = [sys.executable, "-m", "fracas", "serve", "--db", db, "--port", str(port)]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ}
    )
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        wait_until_up(client, process)
        yield client, process
    finally:
        client.close()
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def wait_until_up(client: httpx.Client, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode() if process.stderr else ""
            raise AssertionError(f"the server exited: {err}")
        try:
            if client.get("/api/examples").status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.1)
    raise AssertionError("the server did not start in 30 s")
