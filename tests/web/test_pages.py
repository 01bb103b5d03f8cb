"""The pages' own routes, without a browser (issue 13): odds beside the options for the GM
only, typed dice read as the dice read, the undo preview."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fracas.core.save import load_battle
from fracas.dice import DiceError
from fracas.exact.action import action_odds
from fracas.serve.web.pages import _faces, odds_text
from serve.support import app_client, bearer


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return app_client(f"sqlite:///{tmp_path / 'tables.db'}")


def duel(client: TestClient) -> tuple[str, str, str, dict]:
    table = client.post("/api/tables", json={"example": "brp/duel", "seed": 4}).json()
    url, gm = f"/api/tables/{table['id']}", bearer(table["gm_token"])
    red = client.post(f"{url}/seats", headers=gm, json={"name": "Red"}).json()["token"]
    question = client.post(f"{url}/start", headers=gm).json()["question"]
    return table["id"], table["gm_token"], red, question


def test_the_gm_sees_each_attacks_exact_odds_beside_it(client: TestClient) -> None:
    table, gm, red, question = duel(client)
    assert question["prompt"] == "Aldric: intent"
    page = client.get(f"/play/{table}/odds?question={question['id']}", headers=bearer(gm))
    assert page.status_code == 200
    save = client.get(f"/api/tables/{table}/save", headers=bearer(gm)).json()
    battle = load_battle(save)
    expected = action_odds(battle, "Aldric", "Berend", "Sword, Broad")
    assert 'id="odds-0"' in page.text and odds_text(expected.policy) in page.text
    assert "only defend" in question["options"][-1]["label"]
    assert f'id="odds-{len(question["options"]) - 1}"' not in page.text  # not an attack
    player = client.get(f"/play/{table}/odds?question={question['id']}", headers=bearer(red))
    assert "odds-0" not in player.text  # the GM's alone


def test_odds_text_reads_the_exact_figures() -> None:
    from fracas.exact.action import OutcomeOdds

    odds = OutcomeOdds.of_outcomes(
        {("miss", 0, False): Fraction(1, 2), ("hit", 4, False): Fraction(1, 4),
         ("hit", 10, True): Fraction(1, 4)}
    )  # fmt: skip
    assert odds_text(odds) == "harms 50%, avg 3.5, takes out 25.0%"


def test_typed_faces_read_as_the_dice_read() -> None:
    assert _faces(["00", "7"], [100, 10]) == [100, 7]
    assert _faces(["0"], [10]) == [10]
    for bad, dice in ((["7"], [6]), (["x"], [6]), (["0"], [6]), (["1", "2"], [6])):
        with pytest.raises(DiceError):
            _faces(bad, dice)


def test_the_undo_preview_names_the_question_it_goes_back_to(client: TestClient) -> None:
    table, gm, red, question = duel(client)
    client.post(
        f"/api/tables/{table}/answers",
        headers=bearer(red),
        json={"question": question["id"], "value": 0},
    )
    preview = client.get(f"/play/{table}/undo", headers=bearer(gm))
    assert f"Undo goes back to: <strong>{question['prompt']}</strong>" in preview.text
    assert client.get(f"/play/{table}/undo", headers=bearer(red)).text.count("only the GM") == 1


def test_the_gm_commands_from_the_screens_forms(client: TestClient) -> None:
    table, gm, red, _ = duel(client)
    panel = f"/play/{table}/command"
    forms = [
        {"kind": "set vitals", "combatant": "berend", "vital": "HP", "value": "5"},
        {"kind": "set condition", "combatant": "berend", "condition": "unconscious", "on": "off"},
        {"kind": "add combatant", "side": "Blue", "sheet": "name: Guard\ntemplate: swordsman"},
    ]
    for form in forms:
        reply = client.post(panel, headers=bearer(gm), data=form)
        assert reply.status_code == 200 and 'class="error"' not in reply.text, (form, reply.text)
    save = client.get(f"/api/tables/{table}/save", headers=bearer(gm)).json()
    kinds = [
        e["command"]["kind"] for e in save["journal"] if isinstance(e, dict) and "command" in e
    ]
    assert kinds == ["set vitals", "set condition", "add combatant"]
    bad = client.post(
        panel, headers=bearer(gm), data={"kind": "add combatant", "side": "Blue", "sheet": "a: ["}
    )
    assert "not valid YAML" in bad.text
    refused = client.post(panel, headers=bearer(red), data=forms[0])
    assert "only the GM" in refused.text


# --- questions with their context (issue 33) ----------------------------------------------


def test_a_defence_names_the_attack_and_a_damage_roll_labels_each_die(
    client: TestClient,
) -> None:
    from serve.support import pick

    body = {"example": "brp/duel", "seed": 4, "seats": {"Red": {"dice": "physical"}}}
    table = client.post("/api/tables", json=body).json()
    url, gm = f"/api/tables/{table['id']}", bearer(table["gm_token"])
    question = client.post(f"{url}/start", headers=gm).json()["question"]
    seen: dict[str, dict] = {}
    for turn in range(40):
        if question is None:
            break
        seen.setdefault(question["prompt"].split(" for ")[0].split(" (")[0], question)
        if question.get("labels") == ["d8", "d4 (db)"] and "panel" not in seen:
            seen["panel"] = {"text": client.get(f"/play/{table['id']}/panel", headers=gm).text}
        body = {"question": question["id"], "value": pick(question, turn)}
        question = client.post(f"{url}/answers", headers=gm, json=body).json()["question"]
    defend = seen["Aldric: defend"]
    assert defend["context"] and defend["context"][-1].startswith("Berend attacks Aldric with ")
    damage = seen["Aldric: roll 1D8+1+db"]
    assert damage["labels"] == ["d8", "d4 (db)"]
    panel = seen["panel"]["text"]
    assert "<label>d8" in panel and "<label>d4 (db)" in panel
    assert '<ul class="context" aria-label="So far"><li>' in panel


def test_die_labels_follow_the_notation_and_fall_back_to_the_dice() -> None:
    from fracas.serve.dice_labels import die_labels

    assert die_labels("9+1D8+1+db", (8, 4), {"db": "1D4"}) == ["d8", "d4 (db)"]
    assert die_labels("2D6+1D4", (6, 6, 4), {}) == ["d6 (1 of 2)", "d6 (2 of 2)", "d4"]
    assert die_labels("1D100", (100,), {}) == ["d100"]
    assert die_labels("1D6+db", (6, 6), {"db": "-1D6"}) == ["d6", "d6 (db)"]
    assert die_labels("1D8+db", (8, 4), {}) == ["d8", "d4"]  # unbound: the dice asked


def test_options_show_the_policys_choice_first_and_a_pass_last() -> None:
    from fracas.serve.views import display_order

    assert display_order([None, "a", "b"], None) == [1, 2, 0]
    assert display_order([None, "a", "b"], 2) == [2, 1, 0]
    assert display_order([None, "a", "b"], 0) == [0, 1, 2]
    assert display_order(["a", "b"], None) == [0, 1]


def test_the_gm_sees_the_policys_choice_first_and_the_player_does_not(
    client: TestClient,
) -> None:
    table, gm, red, _ = duel(client)
    save = client.get(f"/api/tables/{table}/save", headers=bearer(gm)).json()
    battle = load_battle(save)
    battle.advance()
    assert battle.question is not None and battle.question.request is not None
    expected = battle.encounter.ruleset.policy(battle.state).choose(battle.question.request)
    page = client.get(f"/play/{table}/panel", headers=bearer(gm)).text
    first = page.index('data-option="')
    assert page[first:].startswith(f'data-option="{expected}"')
    assert "the policy&#39;s choice" in page or "the policy's choice" in page
    player = client.get(f"/play/{table}/panel", headers=bearer(red)).text
    assert "policy" not in player


def test_the_order_of_play_is_in_words() -> None:
    from fracas.serve.web.pages import words

    assert words([7, -5]) == "7 and −5"
    assert words(["a", "b", "c"]) == "a, b and c"
    assert words([3]) == "3"
    assert words(-2) == "−2" and words("parry") == "parry"


# --- the GM's hands (issue 33) ------------------------------------------------------------


def test_the_start_page_resumes_a_save_where_it_stood(client: TestClient) -> None:
    table, gm, _, question = duel(client)
    url = f"/api/tables/{table}"
    client.post(f"{url}/answers", headers=bearer(gm), json={"question": question["id"], "value": 0})
    before = client.get(url, headers=bearer(gm)).json()
    save = client.get(f"{url}/save", headers=bearer(gm)).json()
    raw = json.dumps(save).encode()
    reply = client.post("/tables", files={"upload": ("fight.json", raw)}, follow_redirects=False)
    assert reply.status_code == 303, reply.text
    new_id, token = re.fullmatch(r"/play/([\w-]+)#token=(.+)", reply.headers["location"]).groups()
    assert new_id != table
    after = client.get(f"/api/tables/{new_id}", headers=bearer(token)).json()
    assert after["question"]["prompt"] == before["question"]["prompt"]
    assert after["round"] == before["round"] and after["started"]
    broken = json.dumps({**save, "journal": [[1000]]}).encode()
    refused = client.post("/tables", files={"upload": ("bad.json", broken)})
    assert refused.status_code == 422 and "journal" in refused.text


def test_vitals_are_edited_on_the_card_and_shown_pending_until_they_take_effect(
    client: TestClient,
) -> None:
    from serve.support import pick

    table, gm, red, question = duel(client)
    url, headers = f"/api/tables/{table}", bearer(gm)
    for turn in range(60):
        if question["prompt"] == "Aldric: defend":
            break
        value = pick(question, turn)
        if question["prompt"] == "Aldric: intent":  # only defend: Berend attacks
            value = len(question["options"]) - 1
        body = {"question": question["id"], "value": value}
        question = client.post(f"{url}/answers", headers=headers, json=body).json()["question"]
    assert question["prompt"] == "Aldric: defend"
    page = client.get(f"/play/{table}/panel", headers=headers).text
    aldric = page[page.index("<h3>Aldric</h3>") : page.index("<h3>Berend</h3>")]
    assert "<summary>Edit Aldric</summary>" in aldric
    hp = re.search(r'name="value" type="number" required size="4"\s+value="(\d+)"', aldric)
    assert hp is not None
    form = {"kind": "set vitals", "combatant": "aldric", "vital": "HP", "value": "5"}
    page = client.post(f"/play/{table}/command", headers=headers, data=form).text
    aldric = page[page.index("<h3>Aldric</h3>") : page.index("<h3>Berend</h3>")]
    assert "Pending (after the action under way): set aldric: HP 5" in aldric
    player = client.get(f"/play/{table}/panel", headers=bearer(red)).text
    assert "Edit Aldric" not in player and "Pending" not in player



def test_the_roll_history_says_who_gave_each_roll_and_hides_what_a_side_may_not_see(
    client: TestClient,
) -> None:
    from serve.support import pick

    seats = {"Travellers": {"dice": "physical"}}
    body = {"example": "murdham/bandit_ambush", "seed": 1, "seats": seats}
    table = client.post("/api/tables", json=body).json()
    url, gm = f"/api/tables/{table['id']}", bearer(table["gm_token"])
    token = next(s["token"] for s in table["seats"] if s["seat"] == "Travellers")
    question = client.post(f"{url}/start", headers=gm).json()["question"]
    for turn in range(30):
        if question is None:
            break
        answer = {"question": question["id"], "value": pick(question, turn)}
        who = bearer(token) if question["seat"] == "Travellers" else gm
        question = client.post(f"{url}/answers", headers=who, json=answer).json()["question"]
    page = client.get(f"/play/{table['id']}/panel", headers=gm).text
    rolls = re.findall(r'<li data-by="([^"]*)"><strong>([^<]*)</strong> ([^<]*)(.*?)</li>', page)
    assert rolls and '<select class="roll-filter"' in page
    assert any('<span class="given">automatic</span>' in r[3] for r in rolls)
    assert any('<span class="given">by Travellers</span>' in r[3] for r in rolls)
    player = client.get(f"/play/{table['id']}/panel", headers=bearer(token)).text
    mine = re.findall(r'<li data-by="([^"]*)">', player)
    assert mine and len(mine) <= len(rolls)
    view = client.get(url, headers=bearer(token)).json()
    seen = {c["id"] for c in view["combatants"]}
    assert set(mine) <= seen | {""}


def test_the_gm_issues_a_seat_a_new_link_and_revokes_it(
    client: TestClient, tmp_path: Path
) -> None:
    table, gm, red, _ = duel(client)
    url = f"/api/tables/{table}"
    assert client.get(url, headers=bearer(red)).status_code == 200

    def link(page: str) -> str | None:
        found = re.search(r'href="[^"]*/play/[\w-]+#token=([\w-]+)"', page)
        return found.group(1) if found else None

    issued = client.post(
        f"/play/{table}/link", headers=bearer(gm), data={"seat": "Red", "action": "issue"}
    ).text
    new = link(issued)
    assert new is not None and new != red
    assert client.get(url, headers=bearer(red)).status_code == 401  # the old link is dead
    assert client.get(url, headers=bearer(new)).status_code == 200
    # Another server process on the same database shows the same link.
    other = app_client(f"sqlite:///{tmp_path / 'tables.db'}")
    assert link(other.get(f"/play/{table}/panel", headers=bearer(gm)).text) == new
    revoked = client.post(
        f"/play/{table}/link", headers=bearer(gm), data={"seat": "Red", "action": "revoke"}
    ).text
    assert link(revoked) is None and "no link (revoked)" in revoked
    assert client.get(url, headers=bearer(new)).status_code == 401
    refused = client.post(
        f"/play/{table}/link", headers=bearer(red), data={"seat": "Red", "action": "issue"}
    )
    assert refused.status_code == 401
    again = client.post(
        f"/play/{table}/link", headers=bearer(gm), data={"seat": "Red", "action": "issue"}
    ).text
    newest = link(again)
    assert newest not in (None, red, new)
    assert client.get(url, headers=bearer(newest or "")).status_code == 200


def test_a_name_ending_in_s_takes_an_apostrophe_alone(client: TestClient) -> None:
    from fracas.serve.web.pages import possessive

    assert possessive("Bandits") == "Bandits'" and possessive("Aldric") == "Aldric's"
    body = {"example": "murdham/bandit_ambush", "seats": {"Travellers": {}}}
    table = client.post("/api/tables", json=body).json()
    page = client.get(f"/play/{table['id']}/panel", headers=bearer(table["gm_token"])).text
    assert 'alt="QR code of Travellers&#39; link"' in page and "Travellers&#39;s" not in page
