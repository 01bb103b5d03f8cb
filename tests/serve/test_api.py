"""The HTTP API (issue 12) through an in-process client: tables, seats, answers, undo, GM
commands, saves, and every refusal as a JSON error that changes nothing."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import fracas
from fracas.core.question import question_for
from fracas.core.requests import RollRequest
from fracas.core.save import load_battle
from fracas.rulesets.brp import derived
from serve.support import app_client, bearer, pick, play

EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return app_client(f"sqlite:///{tmp_path / 'tables.db'}")


def new_table(client: TestClient, **body: Any) -> dict[str, Any]:
    reply = client.post("/api/tables", json={"example": "brp/duel", "seed": 5, **body})
    assert reply.status_code == 201, reply.text
    return dict(reply.json())


def seated_duel(client: TestClient, dice: str = "digital") -> tuple[str, str, str]:
    """A started BRP duel with a person at Red: (table, GM token, Red's token)."""
    table = new_table(client)
    seat = client.post(
        f"/api/tables/{table['id']}/seats",
        headers=bearer(table["gm_token"]),
        json={"name": "Red", "dice": dice},
    )
    assert seat.status_code == 201, seat.text
    started = client.post(f"/api/tables/{table['id']}/start", headers=bearer(table["gm_token"]))
    assert started.status_code == 200
    return table["id"], table["gm_token"], seat.json()["token"]


def answer_first(client: TestClient, table: str, token: str, value: int) -> dict[str, Any]:
    """Answer the open question with option `value`; the question answered."""
    question = view(client, table, token)["question"]
    reply = client.post(
        f"/api/tables/{table}/answers",
        headers=bearer(token),
        json={"question": question["id"], "value": value},
    )
    assert reply.status_code == 200, reply.text
    return dict(question)


def view(client: TestClient, table: str, token: str) -> dict[str, Any]:
    reply = client.get(f"/api/tables/{table}", headers=bearer(token))
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def test_a_new_table_waits_for_its_gm_and_shows_the_fighters(client: TestClient) -> None:
    table = new_table(client)
    state = view(client, table["id"], table["gm_token"])
    assert not state["started"] and state["question"] is None and state["events"] == 0
    assert [c["name"] for c in state["combatants"]] == ["Aldric", "Berend"]
    assert state["order"]["kind"] == "dex ranks" or state["order"]["entries"]
    assert len(table["gm_token"]) >= 22  # at least 128 bits, URL-safe base64


def test_a_seat_answers_its_questions_and_the_battle_goes_on(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    state = view(client, table, red)
    question = state["question"]
    assert question["seat"] == "Red" and question["yours"]
    assert state["you"] == {"seat": "Red", "gm": False, "side": "Red"}
    reply = client.post(
        f"/api/tables/{table}/answers",
        headers=bearer(red),
        json={"question": question["id"], "value": pick(question, 0)},
    )
    assert reply.status_code == 200
    assert reply.json()["position"] == state["position"] + 1
    assert play(client, table, {"Red": red}, gm) > 0
    final = view(client, table, gm)
    assert final["finished"] and final["outcome"]["ending"] in ("victory", "mutual", "round cap")


def test_physical_dice_are_asked_of_their_seat_and_typed_faces_are_used(
    client: TestClient,
) -> None:
    table, gm, red = seated_duel(client, dice="physical")
    for _ in range(30):
        question = view(client, table, red)["question"]
        if question is None or question["kind"] == "roll":
            break
        client.post(
            f"/api/tables/{table}/answers",
            headers=bearer(red),
            json={"question": question["id"], "value": 0},
        )
    assert question is not None and question["kind"] == "roll"
    faces = [1] * len(question["dice"])
    reply = client.post(
        f"/api/tables/{table}/answers",
        headers=bearer(red),
        json={"question": question["id"], "value": faces},
    )
    assert reply.status_code == 200
    save = client.get(f"/api/tables/{table}/save", headers=bearer(gm)).json()
    assert {"answer": faces, "by": "Red"} in save["journal"]


def first_physical_roll(client: TestClient, table: str, token: str) -> dict[str, Any]:
    """Answer the seat's choices (the first option) up to its first roll; that question."""
    for _ in range(30):
        question = view(client, table, token)["question"]
        assert question is not None, "the battle ended before the seat rolled"
        if question["kind"] == "roll":
            return dict(question)
        client.post(
            f"/api/tables/{table}/answers",
            headers=bearer(token),
            json={"question": question["id"], "value": question["order"][0]},
        )
    raise AssertionError("no roll in 30 questions")


def test_a_physical_roll_says_what_it_needs_and_the_rules_use_that_chance(
    client: TestClient,
) -> None:
    """Issue 33: the attack roll's question names the attacker's chance, its special and
    fumble ranges — the very chance the rules then roll against; a roll with no target
    number (damage) has a null `needs`."""
    table, gm, red = seated_duel(client, dice="physical")
    blue = client.post(
        f"/api/tables/{table}/seats", headers=bearer(gm), json={"name": "Blue"}
    ).json()["token"]
    question = first_physical_roll(client, table, red)
    assert question["prompt"] == "Aldric: roll 1D100 for Aldric's attack"
    assert view(client, table, gm)["question"]["needs"] == question["needs"]
    theirs = view(client, table, blue)["question"]
    assert theirs["id"] == question["id"] and theirs["needs"] is None  # Red's own business
    reply = client.post(
        f"/api/tables/{table}/answers",
        headers=bearer(red),
        json={"question": question["id"], "value": [50]},
    )
    assert reply.status_code == 200, reply.text
    events = client.get(f"/api/tables/{table}/events", headers=bearer(gm)).json()["events"]
    attack = next(e for e in events if e.get("type") == "AttackRolled")
    chance = attack["chance"]
    assert question["needs"] == (
        f"{chance} or less to hit Berend; {attack['special_at']} or less special;"
        f" {derived.fumble_from(chance)} or more fumbles"
    )
    defend = view(client, table, blue)["question"]  # Berend does not defend: Red hits
    client.post(
        f"/api/tables/{table}/answers",
        headers=bearer(blue),
        json={"question": defend["id"], "value": len(defend["options"]) - 1},
    )
    damage = view(client, table, red)["question"]
    assert damage["kind"] == "roll" and "damage" in damage["prompt"]
    assert damage["needs"] is None


def test_what_a_roll_needs_is_worked_out_only_when_a_screen_reads_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33: simulation never calls `needs`, nor do a question's id or a save; each read
    of the question does."""
    calls: list[int] = []

    def unread() -> str:
        raise AssertionError("`needs` was worked out though no screen read it")

    told = RollRequest("1D100", (100,), None, "an attack", needs=unread)
    plain = RollRequest("1D100", (100,), None, "an attack")
    assert question_for(told, [3, (40,)]).id == question_for(plain, [3, (40,)]).id

    def counted(chance: int, goal: str) -> str:
        calls.append(chance)
        return f"{chance} or less {goal}"

    monkeypatch.setattr(derived, "needs", counted)
    duel = fracas.load(EXAMPLES / "brp" / "duel.yaml")
    fracas.simulate(duel, 20, seed=3, workers=1)
    assert calls == []
    table, gm, red = seated_duel(client, dice="physical")
    question = first_physical_roll(client, table, red)
    assert calls and question["needs"] == f"{calls[-1]} or less to hit Berend"
    read = len(calls)
    client.get(f"/api/tables/{table}/save", headers=bearer(gm))
    assert len(calls) == read  # a save does not read it
    view(client, table, red)
    assert len(calls) == read + 1  # each read works it out afresh, from the battle as it is


def test_undo_goes_back_to_the_same_question(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    before = view(client, table, red)
    question = before["question"]
    client.post(
        f"/api/tables/{table}/answers",
        headers=bearer(red),
        json={"question": question["id"], "value": 0},
    )
    undone = client.post(f"/api/tables/{table}/undo", headers=bearer(gm))
    assert undone.status_code == 200
    after = view(client, table, red)
    assert after["question"] == question and after["events"] == before["events"]


def test_a_gm_command_is_kept_and_a_player_may_not_give_one(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    command = {"kind": "set vitals", "combatant": "berend", "vitals": {"HP": 4}}
    refused = client.post(f"/api/tables/{table}/commands", headers=bearer(red), json=command)
    assert refused.status_code == 403
    reply = client.post(f"/api/tables/{table}/commands", headers=bearer(gm), json=command)
    assert reply.status_code == 200, reply.text
    play(client, table, {"Red": red}, gm)
    events = client.get(f"/api/tables/{table}/events", headers=bearer(gm)).json()["events"]
    assert any(e["type"] == "CommandApplied" for e in events)
    ended = client.post(f"/api/tables/{table}/commands", headers=bearer(gm), json={"kind": "end"})
    assert ended.status_code == 409  # the battle is over


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ({"kind": "set vitals", "combatant": "nobody", "vitals": {"HP": 4}}, "no combatant"),
        ({"kind": "set vitals", "combatant": "berend", "vitals": {"health": 4}}, "vitals are"),
        ({"kind": "set condition", "combatant": "berend", "condition": "sleepy"}, "conditions"),
        ({"kind": "add combatant", "side": "Green", "sheet": {}}, "no side is named"),
    ],
)
def test_a_command_with_a_bad_value_is_422_and_changes_nothing(
    client: TestClient, command: dict[str, object], words: str
) -> None:
    """A command wrong whatever the battle's state is a bad value (422); one the battle
    cannot take now, as when it is over, is a conflict (409, above)."""
    table, gm, _ = seated_duel(client)
    before = view(client, table, gm)
    reply = client.post(f"/api/tables/{table}/commands", headers=bearer(gm), json=command)
    assert reply.status_code == 422, reply.text
    assert words in reply.json()["error"]
    assert view(client, table, gm) == before


def test_the_save_replays_and_resumes_at_the_same_question(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    answer_first(client, table, red, 1)
    save = client.get(f"/api/tables/{table}/save", headers=bearer(gm)).json()
    question = load_battle(save).question
    assert question is not None and question.id == view(client, table, gm)["question"]["id"]
    resumed = client.post("/api/tables", json={"save": save})
    assert resumed.status_code == 201 and resumed.json()["started"]
    again = resumed.json()
    assert [s["seat"] for s in again["seats"]] == ["Red"]
    state = view(client, again["id"], again["gm_token"])
    assert state["question"]["id"] == view(client, table, gm)["question"]["id"]


def test_an_uploaded_encounter_makes_a_table(client: TestClient) -> None:
    text = (EXAMPLES / "murdham" / "wyrm.yaml").read_text()
    reply = client.post("/api/tables", json={"encounter": text, "seed": 1})
    assert reply.status_code == 201
    toml = (EXAMPLES / "brp" / "duel.toml").read_text()
    reply = client.post("/api/tables", json={"encounter": toml, "format": "toml"})
    assert reply.status_code == 201


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"example": "brp/nope"}, 422, "no bundled example"),
        ({"encounter": "ruleset: brp\nsides: [", "seed": 1}, 422, "YAML syntax error"),
        ({"encounter": "ruleset: chess\nsides: []"}, 422, "chess"),
        ({"encounter": "x: " + "a" * 300_000}, 413, "at most 256 KB"),
        ({"encounter": "ruleset: brp", "example": "brp/duel"}, 422, "either"),
        ({"save": {"format": 99, "encounter": {}, "journal": []}}, 422, "newer"),
        ({"save": {"format": 2}}, 422, "not a saved battle"),
        ({"example": "brp/duel", "seed": -1}, 422, "not valid"),
        ({"example": "brp/duel", "seats": {"Nobody": {}}}, 422, "Nobody"),
        ({"example": "brp/duel", "extra": 1}, 422, "not valid"),
    ],
)
def test_a_bad_table_is_refused_with_a_clear_message(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == status, reply.text
    assert words in reply.text and reply.json()["status"] == status


def test_malformed_json_is_refused(client: TestClient) -> None:
    reply = client.post(
        "/api/tables", content=b"{not json", headers={"Content-Type": "application/json"}
    )
    assert reply.status_code == 422 and "error" in reply.json()


def test_tokens_and_tables_that_do_not_match_are_refused(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    other = new_table(client)
    assert client.get(f"/api/tables/{table}").status_code == 401
    assert client.get(f"/api/tables/{table}", headers=bearer("x" * 43)).status_code == 401
    assert client.get(f"/api/tables/{table}", headers=bearer(other["gm_token"])).status_code == 401
    assert client.get("/api/tables/nope", headers=bearer(gm)).status_code == 404
    assert client.post(f"/api/tables/{table}/undo", headers=bearer(red)).status_code == 403
    assert client.get(f"/api/tables/{table}/save", headers=bearer(red)).status_code == 403
    seat = {"name": "Blue"}
    assert (
        client.post(f"/api/tables/{table}/seats", headers=bearer(red), json=seat).status_code == 403
    )


def test_bad_answers_are_refused_and_change_nothing(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    blue = client.post(f"/api/tables/{table}/seats", headers=bearer(gm), json={"name": "Blue"})
    blue_token = blue.json()["token"]
    before = view(client, table, gm)
    question = before["question"]
    url = f"/api/tables/{table}/answers"
    cases = [
        (bearer(blue_token), {"question": question["id"], "value": 0}, 403),
        (bearer(red), {"question": "q0-000", "value": 0}, 409),
        (bearer(red), {"question": question["id"], "value": 99}, 422),
        (bearer(red), {"question": question["id"], "value": True}, 422),
        (bearer(red), {"question": question["id"], "value": "0"}, 422),
        (bearer(red), {"question": question["id"], "value": [1, 2]}, 422),
        (bearer(red), {"question": question["id"]}, 422),
    ]
    for headers, body, status in cases:
        reply = client.post(url, headers=headers, json=body)
        assert reply.status_code == status, (body, reply.text)
        assert "Traceback" not in reply.text
    assert view(client, table, gm) == before
    undo = client.post(f"/api/tables/{table}/undo", headers=bearer(gm), json={"answers": 5})
    assert undo.status_code == 422 and view(client, table, gm) == before


def test_answering_before_the_start_is_refused(client: TestClient) -> None:
    table = new_table(client)
    reply = client.post(
        f"/api/tables/{table['id']}/answers",
        headers=bearer(table["gm_token"]),
        json={"question": "q0", "value": 0},
    )
    assert reply.status_code == 409 and "not started" in reply.text


def test_the_openapi_document_describes_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/tables/{table_id}/answers" in schema["paths"]
    assert client.get("/docs").status_code == 200


def test_fracas_replay_shows_a_tables_save_as_far_as_it_went(
    client: TestClient, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from fracas.cli.app import app

    table, gm, red = seated_duel(client)
    answer_first(client, table, red, 0)
    save = tmp_path / "table.json"
    save.write_text(client.get(f"/api/tables/{table}/save", headers=bearer(gm)).text)
    result = CliRunner().invoke(app, ["replay", str(save)])
    assert result.exit_code == 0, result.output
    waiting = view(client, table, gm)["question"]
    assert f"The battle waits for {waiting['prompt']}" in result.output


def test_cards_show_gear_to_its_side_and_where_to_all(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    mine = {c["name"]: c for c in view(client, table, red)["combatants"]}
    assert [g["name"] for g in mine["Aldric"]["gear"]][:1] == ["Sword, Broad"]
    assert "%" in mine["Aldric"]["gear"][0]["state"]
    assert "gear" not in mine["Berend"] and mine["Berend"]["where"] == "(10, 0) m"
    everyone = {c["name"]: c for c in view(client, table, gm)["combatants"]}
    assert everyone["Berend"]["gear"]
    murdham = new_table(client, example="murdham/wyrm")
    cards = view(client, murdham["id"], murdham["gm_token"])["combatants"]
    assert all(c["where"].startswith("zone ") for c in cards)
    assert any(g["state"] == "ready" for c in cards for g in c["gear"])


def test_the_gms_question_carries_exact_odds_when_asked(client: TestClient) -> None:
    table, gm, red = seated_duel(client)
    plain = view(client, table, gm)["question"]
    assert all("odds" not in o for o in plain["options"])
    reply = client.get(f"/api/tables/{table}?odds=true", headers=bearer(gm)).json()
    first = reply["question"]["options"][0]
    assert first["label"].startswith("attack Berend with Sword")
    results = first["odds"]["policy"]["results"]
    assert sum(Fraction(r["exact"]) for r in results.values()) == 1
    assert "odds" not in reply["question"]["options"][-1]  # "only defend" is no attack
    refused = client.get(f"/api/tables/{table}?odds=true", headers=bearer(red))
    assert refused.status_code == 403
