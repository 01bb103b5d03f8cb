"""Nothing hidden reaches a player (issue 12): every bundled example played through the API
with a person at every side; what each seat is sent is exactly what the core's one filter
(`visible_to`) lets its side see, and never a GM-only event, field or hidden combatant."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fracas.core.audience import Viewer, side_audience
from fracas.core.save import load_battle
from fracas.serve.event_log import event_documents
from fracas.serve.limits import Limits
from fracas.serve.service import examples
from serve.support import app_client, bearer, pick


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    """One client makes a table of every bundled example (more than the 30 new tables in 10
    minutes a server allows one address by default, issue 32)."""
    db = f"sqlite:///{tmp_path_factory.mktemp('leak') / 'tables.db'}"
    return app_client(db, Limits(tables_per_client=len(examples()) + 10))


def check_view(state: dict[str, Any], side: str, hidden_others: set[str]) -> None:
    for c in state["combatants"]:
        assert c["side"] == side or ("vitals" not in c and "gear" not in c), c
        assert c["id"] not in hidden_others or c["side"] == side, c
    for entry in (state["order"] or {}).get("entries", []):
        assert entry["id"] not in hidden_others or entry["side"] == side, entry
    # The map (issue 33): a token only for a combatant of the standing, none hidden from this
    # side, and no hidden id anywhere in it (a pick, a card).
    shown = {c["id"] for c in state["combatants"]}
    drawn = state["map"] or {}
    for token in drawn.get("tokens", []):
        assert token["id"] in shown, token
        assert token["side"] == side or "vitals" not in token, token
    text = json.dumps(drawn)
    assert not [i for i in hidden_others - shown if json.dumps(i) in text], hidden_others
    question = state["question"]
    if question is not None:
        assert question["audience"] in ("all", side_audience(side)), question


# Every example fought to its end through the server: on the compiled build only in `make
# test` (pyproject.toml), where its rules run three to four times faster; the leak it looks
# for is the server's, the same code on both builds (issue 35: 3 minutes of the pure run).
@pytest.mark.compiled_build
@pytest.mark.parametrize("example", sorted(examples()))
def test_players_see_only_what_their_side_may_see(client: TestClient, example: str) -> None:
    table = client.post("/api/tables", json={"example": example, "seed": 3}).json()
    url, gm = f"/api/tables/{table['id']}", bearer(table["gm_token"])
    start = client.get(url, headers=gm).json()["combatants"]
    sides = list(dict.fromkeys(c["side"] for c in start))
    tokens = {
        side: client.post(f"{url}/seats", headers=gm, json={"name": side}).json()["token"]
        for side in sides
    }
    client.post(f"{url}/start", headers=gm)
    for turn in range(600):
        state = client.get(url, headers=gm).json()
        hidden = {c["id"] for c in state["combatants"] if c["hidden"]}
        for side, token in tokens.items():
            check_view(client.get(url, headers=bearer(token)).json(), side, hidden)
        question = state["question"]
        if question is None:
            break
        body = {"question": question["id"], "value": pick(question, turn)}
        reply = client.post(f"{url}/answers", headers=bearer(tokens[question["seat"]]), json=body)
        assert reply.status_code == 200, reply.text
    assert state["finished"], f"{example} did not end in 600 answers"
    battle = load_battle(client.get(f"{url}/save", headers=gm).json())
    for side, token in tokens.items():
        sent = client.get(f"{url}/events", headers=bearer(token)).json()["events"]
        assert sent == event_documents(battle.events, Viewer(side=side))
        assert all(e["audience"] in ("all", side_audience(side)) for e in sent)


def test_an_ambush_hides_its_ambushers_from_the_other_side(client: TestClient) -> None:
    """Murdham's bandit ambush does hide someone, so the test above does test hiding."""
    for name in ("murdham/bandit_ambush",):
        table = client.post("/api/tables", json={"example": name, "seed": 3}).json()
        url, gm = f"/api/tables/{table['id']}", bearer(table["gm_token"])
        everyone = client.get(url, headers=gm).json()["combatants"]
        hidden = [c for c in everyone if c["hidden"]]
        assert hidden, name
        other = next(c["side"] for c in everyone if c["side"] != hidden[0]["side"])
        token = client.post(f"{url}/seats", headers=gm, json={"name": other}).json()["token"]
        seen = client.get(url, headers=bearer(token)).json()["combatants"]
        assert hidden[0]["id"] not in {c["id"] for c in seen}
