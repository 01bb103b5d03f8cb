"""A table server that can face a network (issue 32): refusals that leak nothing, requests
that cannot amplify, no writes from other sites, links that do not trust the Host header."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fracas.serve import Store, create_app
from fracas.serve.api import MAX_BODY_BYTES
from fracas.serve.limits import Limits
from serve.support import app_client, bearer, pick

README = Path(__file__).parents[2] / "README.md"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return app_client(f"sqlite:///{tmp_path / 'tables.db'}")


def limited(tmp_path: Path, **limits: Any) -> TestClient:
    store = Store(f"sqlite:///{tmp_path / 'limited.db'}")
    store.migrate()
    return TestClient(create_app(store, Limits(**limits)))


def table_with_seats(client: TestClient, example: str, seats: list[str]) -> dict[str, Any]:
    table = client.post("/api/tables", json={"example": example, "seed": 3}).json()
    url, gm = f"/api/tables/{table['id']}", bearer(table["gm_token"])
    tokens = {
        s: client.post(f"{url}/seats", headers=gm, json={"name": s}).json()["token"] for s in seats
    }
    client.post(f"{url}/start", headers=gm)
    return {"url": url, "gm": gm, "tokens": tokens}


def play_until_hidden_question(client: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    """Answer as each seat until the open question is a concealed bandit's."""
    for turn in range(300):
        question = client.get(t["url"], headers=t["gm"]).json()["question"]
        assert question is not None, "the ambush ended before a hidden bandit was asked"
        if "Hidden" in question["prompt"]:
            return dict(question)
        body = {"question": question["id"], "value": pick(question, turn)}
        token = t["tokens"][question["seat"]]
        assert client.post(f"{t['url']}/answers", headers=bearer(token), json=body).is_success
    raise AssertionError("no hidden bandit was asked in 300 answers")


# --- nothing hidden leaks ---------------------------------------------------------------------


def test_a_refusal_names_no_question_the_caller_may_not_see(client: TestClient) -> None:
    t = table_with_seats(client, "murdham/bandit_ambush", ["Travellers", "Bandits"])
    hidden = play_until_hidden_question(client, t)
    travellers = bearer(t["tokens"]["Travellers"])
    for asked in ("q0-stale", hidden["id"]):
        body = {"question": asked, "value": 0}
        reply = client.post(f"{t['url']}/answers", headers=travellers, json=body)
        assert reply.status_code in (403, 409), reply.text
        error = reply.json()["error"]
        assert hidden["prompt"] not in error and "Hidden" not in error, error
        if asked != hidden["id"]:
            assert hidden["id"] not in error, error
    stale = client.post(
        f"{t['url']}/answers", headers=travellers, json={"question": "q0-x", "value": 0}
    )
    assert stale.json()["error"] == "question 'q0-x' is no longer open"


def test_a_stale_answer_from_the_asked_seat_is_told_its_own_question(client: TestClient) -> None:
    t = table_with_seats(client, "brp/duel", ["Red", "Blue"])
    question = client.get(t["url"], headers=t["gm"]).json()["question"]
    asked = bearer(t["tokens"][question["seat"]])
    reply = client.post(
        f"{t['url']}/answers", headers=asked, json={"question": "q9-old", "value": 0}
    )
    assert reply.status_code == 409
    assert question["id"] in reply.json()["error"]


def test_a_side_named_after_its_one_fighter_is_one_name(client: TestClient) -> None:
    """A one-against-one written as side "Berend" with its fighter Berend: a seat of that name
    decides, rolls and sees the same either way, so it is taken."""
    text = (Path(__file__).parents[2] / "examples" / "brp" / "duel.yaml").read_text()
    own = text.replace("name: Blue", "name: Berend")
    made = client.post("/api/tables", json={"encounter": own, "seats": {"Berend": {}}})
    assert made.status_code == 201, made.text


def test_a_side_may_not_share_a_name_with_a_combatant(client: TestClient) -> None:
    text = (Path(__file__).parents[2] / "examples" / "brp" / "duel.yaml").read_text()
    clash = text.replace("name: Red", "name: Berend")  # a side named as the other's fighter
    reply = client.post("/api/tables", json={"encounter": clash})
    assert reply.status_code == 422
    assert "a side and a combatant may not share a name" in reply.json()["error"]


@pytest.mark.parametrize("name", ["gm"])
def test_gm_is_not_a_seat(client: TestClient, name: str) -> None:
    made = client.post("/api/tables", json={"example": "brp/duel", "seats": {name: {}}})
    assert made.status_code == 422 and "game master" in made.json()["error"]
    table = client.post("/api/tables", json={"example": "brp/duel"}).json()
    gm = bearer(table["gm_token"])
    reply = client.post(f"/api/tables/{table['id']}/seats", headers=gm, json={"name": name})
    assert reply.status_code == 422 and "game master" in reply.json()["error"]


def test_a_saves_journal_names_only_seated_authors(client: TestClient) -> None:
    t = table_with_seats(client, "brp/duel", ["Red"])
    answered = client.get(t["url"], headers=t["gm"]).json()["question"]
    body = {"question": answered["id"], "value": 0}
    client.post(f"{t['url']}/answers", headers=bearer(t["tokens"]["Red"]), json=body)
    save = client.get(f"{t['url']}/save", headers=t["gm"]).json()
    assert any(isinstance(e, dict) and e.get("by") == "Red" for e in save["journal"])
    forged = json.loads(json.dumps(save).replace('"by": "Red"', '"by": "Mallory"'))
    reply = client.post("/api/tables", json={"save": forged})
    assert reply.status_code == 422 and "'Mallory'" in reply.json()["error"], reply.text


# --- nothing amplifies ------------------------------------------------------------------------


def test_a_chunked_body_over_the_limit_is_refused(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"encounter": "'
        for _ in range(MAX_BODY_BYTES // 65536 + 2):
            yield b"x" * 65536
        yield b'"}'

    reply = client.post(
        "/api/tables", content=chunks(), headers={"Content-Type": "application/json"}
    )
    assert reply.status_code == 413, reply.text
    assert "too large" in reply.json()["error"]


def test_an_upload_that_expands_past_the_limits_is_refused(client: TestClient) -> None:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 8)]
    bomb = "ruleset: brp\n" + "\n".join(levels) + "\nsides: []\n"
    assert len(bomb) < 2000
    reply = client.post("/api/tables", json={"encounter": bomb})
    assert reply.status_code == 422 and "250,000 values" in reply.json()["error"]
    deep = "ruleset: brp\nsides: " + "[" * 5000 + "]" * 5000 + "\n"
    reply = client.post("/api/tables", json={"encounter": deep})
    assert reply.status_code == 422 and "nests deeper" in reply.json()["error"]


def test_the_combatant_cap_is_the_servers_to_set(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "examples" / "brp" / "duel.yaml").read_text()
    many = text.replace(
        "  - name: Blue\n    combatants:\n      - name: Berend\n",
        "  - name: Blue\n    combatants:\n      - name: Berend\n        count: 30\n",
    )
    assert many != text
    small = limited(tmp_path, max_combatants=20)
    reply = small.post("/api/tables", json={"encounter": many})
    assert reply.status_code == 422 and "at most 20" in reply.json()["error"]
    assert small.post("/api/tables", json={"encounter": text}).status_code == 201


def test_deep_json_never_breaks_the_server(client: TestClient) -> None:
    table = client.post("/api/tables", json={"example": "brp/duel"}).json()
    gm = bearer(table["gm_token"])
    for depth in (500, 5000, 50_000):
        deep = (
            '{"kind": "set vitals", "combatant": "berend", "vitals": '
            + "[" * depth
            + "]" * depth
            + "}"
        )
        reply = client.post(
            f"/api/tables/{table['id']}/commands",
            content=deep,
            headers={**gm, "Content-Type": "application/json"},
        )
        assert reply.status_code in (400, 409, 422), (depth, reply.status_code, reply.text)
        save = (
            '{"save": {"format": 2, "encounter": ' + "[" * depth + "]" * depth + ', "journal": []}}'
        )
        reply = client.post(
            "/api/tables", content=save, headers={"Content-Type": "application/json"}
        )
        assert reply.status_code in (400, 422), (depth, reply.status_code, reply.text)


def test_one_client_has_a_bounded_share_of_tables(tmp_path: Path) -> None:
    small = limited(tmp_path, tables_per_client=3)
    made = [small.post("/api/tables", json={"example": "brp/duel"}).status_code for _ in range(4)]
    assert made == [201, 201, 201, 429]
    page = small.post("/tables", data={"example": "brp/duel"}, follow_redirects=False)
    assert page.status_code == 429


def test_one_client_has_a_bounded_share_of_streams(tmp_path: Path) -> None:
    small = limited(tmp_path, streams_per_client=2)
    table = small.post("/api/tables", json={"example": "brp/duel"}).json()
    quotas = small.app.state.quotas  # type: ignore[attr-defined]
    held = [quotas.stream("testclient") for _ in range(2)]
    refused = small.get(
        f"/api/tables/{table['id']}/events",
        headers={**bearer(table["gm_token"]), "Accept": "text/event-stream"},
    )
    assert refused.status_code == 429 and "streams" in refused.json()["error"]
    with held[0]:
        pass  # a stream that ends gives its place back
    assert quotas.stream("testclient") is not None


# --- no cross-site writes ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Referer": "http://evil.example/page"},
        {"Sec-Fetch-Site": "cross-site", "Origin": "http://testserver"},
    ],
)
def test_a_page_write_from_another_site_is_refused(
    client: TestClient, headers: dict[str, str]
) -> None:
    reply = client.post(
        "/tables", data={"example": "brp/duel"}, headers=headers, follow_redirects=False
    )
    assert reply.status_code == 403, reply.text
    table = client.post("/api/tables", json={"example": "brp/duel"}).json()
    gm = bearer(table["gm_token"])
    start = client.post(f"/play/{table['id']}/start", headers={**gm, **headers})
    assert start.status_code == 403
    assert client.get(f"/api/tables/{table['id']}", headers=gm).json()["started"] is False


@pytest.mark.parametrize(
    "headers",
    [{}, {"Origin": "http://testserver"}, {"Sec-Fetch-Site": "same-origin", "Origin": "null"}],
)
def test_a_page_write_from_the_page_itself_is_taken(
    client: TestClient, headers: dict[str, str]
) -> None:
    reply = client.post(
        "/tables", data={"example": "brp/duel"}, headers=headers, follow_redirects=False
    )
    assert reply.status_code == 303, reply.text


def test_links_come_from_the_servers_address_not_the_host_header(tmp_path: Path) -> None:
    served = limited(tmp_path, public_url="https://fracas.example/tables")
    reply = served.post(
        "/api/tables",
        json={"example": "brp/duel", "seats": {"Red": {}}},
        headers={"Host": "evil.example"},
    )
    links = [reply.json()["gm_link"], *(s["link"] for s in reply.json()["seats"])]
    assert all(link.startswith("https://fracas.example/tables/play/") for link in links), links


def test_pages_forbid_framing_foreign_scripts_and_referrers(client: TestClient) -> None:
    for path in ("/", "/docs", "/api/examples"):
        headers = client.get(path).headers
        assert "script-src 'self'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"


def test_the_api_docs_need_no_network(client: TestClient) -> None:
    page = client.get("/docs").text
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources and all(s.startswith("/") for s in sources), sources
    assert "<script>" not in page  # no inline script: the policy would refuse it
    for source in sources:
        assert client.get(source).status_code == 200, source


def test_there_is_no_cors(client: TestClient) -> None:
    reply = client.get("/api/examples", headers={"Origin": "http://evil.example"})
    assert "access-control-allow-origin" not in reply.headers


def test_the_readme_session_waits_for_the_server() -> None:
    block = README.read_text().split("fracas serve &", 1)[1]
    first_request = block.index("curl -s -X POST")
    waiting = block.index("until curl")
    assert waiting < first_request


def test_a_command_given_at_a_pending_roll_is_shown_waiting(client: TestClient) -> None:
    """Issue 32: the API's reply (and the GM screen) say a command waits for the action under
    way; players are not told of GM commands."""
    table = client.post(
        "/api/tables",
        json={"example": "brp/duel", "seed": 1, "seats": {"Red": {"dice": "physical"}}},
    ).json()
    url, gm = f"/api/tables/{table['id']}", bearer(table["gm_token"])
    red = bearer(table["seats"][0]["token"])
    state = client.post(f"{url}/start", headers=gm).json()
    for turn in range(40):  # to a roll of Red's physical dice: an action under way
        question = state["question"]
        if question["kind"] == "roll":
            break
        body = {"question": question["id"], "value": pick(question, turn)}
        token = red if question["seat"] == "Red" else gm
        state = client.post(f"{url}/answers", headers=token, json=body).json()
    command = {"kind": "set vitals", "combatant": "berend", "vitals": {"HP": 5}}
    reply = client.post(f"{url}/commands", headers=gm, json=command).json()
    assert reply["waiting"] == ["set berend: HP 5"]
    assert client.get(url, headers=red).json()["waiting"] == []
    panel = client.get(f"/play/{table['id']}/panel", headers=gm).text
    assert "Waiting for the action under way to end" in panel and "set berend: HP 5" in panel
