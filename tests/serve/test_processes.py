"""The server as it runs for real (issue 12): `fracas serve` processes on loopback, killed
with SIGKILL mid-fight, two of them on one database, and the live event stream."""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from serve.support import app_client, bearer, free_port, pick, play, server


def seated_table(client: httpx.Client, example: str = "brp/skirmish") -> dict[str, Any]:
    """A started table with a person at the first side: its id and both tokens."""
    table = client.post("/api/tables", json={"example": example, "seed": 11}).json()
    gm = bearer(table["gm_token"])
    side = client.get(f"/api/tables/{table['id']}", headers=gm).json()["combatants"][0]["side"]
    seat = client.post(f"/api/tables/{table['id']}/seats", headers=gm, json={"name": side})
    client.post(f"/api/tables/{table['id']}/start", headers=gm)
    return {"id": table["id"], "gm": table["gm_token"], "seat": side, "token": seat.json()["token"]}


def gm_events(client: Any, table: dict[str, Any]) -> list[dict[str, Any]]:
    reply = client.get(f"/api/tables/{table['id']}/events", headers=bearer(table["gm"]))
    return list(reply.json()["events"])


def test_a_server_killed_mid_fight_comes_back_exactly_as_it_was(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    port = free_port()
    with server(db, port) as (client, process):
        table = seated_table(client)
        tokens = {table["seat"]: table["token"]}
        turn = play(client, table["id"], tokens, table["gm"], limit=6)
        before = client.get(f"/api/tables/{table['id']}", headers=bearer(table["gm"])).json()
        events_before = gm_events(client, table)
        process.send_signal(signal.SIGKILL)
        process.wait()
    with server(db, port) as (client, _):
        after = client.get(f"/api/tables/{table['id']}", headers=bearer(table["gm"])).json()
        assert after == before  # the same open question, under the same id
        assert gm_events(client, table) == events_before
        play(client, table["id"], tokens, table["gm"], first=turn)
        finished = gm_events(client, table)
    # The same answers at a table that was never interrupted: the same fight, die for die.
    reference_client = app_client(f"sqlite:///{tmp_path / 'reference.db'}")
    reference = seated_table(reference_client)  # type: ignore[arg-type]
    play(
        reference_client, reference["id"], {reference["seat"]: reference["token"]}, reference["gm"]
    )
    assert finished == gm_events(reference_client, reference)


def test_two_servers_on_one_database_agree_and_one_answer_wins(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with server(db) as (first, _), server(db) as (second, _):
        table = seated_table(first)
        url = f"/api/tables/{table['id']}"
        question = second.get(url, headers=bearer(table["token"])).json()["question"]
        replies: list[int] = []

        def answer(client: httpx.Client, value: int) -> None:
            body = {"question": question["id"], "value": value}
            reply = client.post(f"{url}/answers", headers=bearer(table["token"]), json=body)
            replies.append(reply.status_code)

        threads = [
            threading.Thread(target=answer, args=(client, i))
            for i, client in enumerate((first, second) * 2)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(replies) == [200, 409, 409, 409]
        gm = bearer(table["gm"])
        assert first.get(url, headers=gm).json() == second.get(url, headers=gm).json()
        tokens = {table["seat"]: table["token"]}
        turn = 0
        while first.get(url, headers=gm).json()["question"] is not None:
            turn = play((first, second)[turn % 2], table["id"], tokens, table["gm"], 1, turn)
        assert gm_events(first, table) == gm_events(second, table)
        save = first.get(f"{url}/save", headers=gm).json()
        assert save == second.get(f"{url}/save", headers=gm).json()


def sse(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """Server-Sent Events parsed from a stream's lines."""
    current: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in current or "event" in current:
                yield current
            current = {}
        elif not line.startswith(":"):
            field, _, value = line.partition(":")
            current[field] = value.removeprefix(" ")


def test_the_stream_sends_new_events_an_undo_and_resumes(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with server(db) as (client, _):
        table = seated_table(client, "brp/duel")
        url = f"/api/tables/{table['id']}"
        gm, seat = bearer(table["gm"]), bearer(table["token"])
        seen = client.get(f"{url}/events", headers=seat).json()["events"]
        headers = {**seat, "Accept": "text/event-stream"}
        with client.stream("GET", f"{url}/events?after={len(seen)}", headers=headers) as s:
            events = sse(s.iter_lines())
            assert next(events)["event"] == "state"
            question = client.get(url, headers=seat).json()["question"]
            body = {"question": question["id"], "value": pick(question, 1)}
            client.post(f"{url}/answers", headers=seat, json=body)
            new = []
            for e in events:
                if e["event"] == "state":
                    break
                assert e["event"] == "battle"
                new.append(json.loads(e["data"]))
            assert new and [d["n"] for d in new] == list(
                range(len(seen) + 1, len(seen) + len(new) + 1)
            )
            assert (
                new == client.get(f"{url}/events?after={len(seen)}", headers=seat).json()["events"]
            )
            last_id = e["id"]
            client.post(f"{url}/undo", headers=gm)
            undo = next(events)
            assert undo["event"] == "undo" and json.loads(undo["data"]) == {"keep": len(seen)}
        # A client that missed the undo resumes from its last id and is told to redraw.
        resumed = {**headers, "Last-Event-ID": last_id}
        with client.stream("GET", f"{url}/events", headers=resumed) as s:
            first = next(sse(s.iter_lines()))
            assert first["event"] == "undo" and json.loads(first["data"]) == {"keep": len(seen)}
