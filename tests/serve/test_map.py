"""The battle map on the GM screen and the player view (issue 33): drawn from each ruleset's
hook, side colours and statuses, the open question's actor and targets marked, a click's
picks, and a player's map without the foes its side may not see."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import fracas
from fracas.core.encounter import from_document
from fracas.core.map import BattleMap, Token, nice_scale, option_picks, plane_map
from fracas.serve.mapview import PALETTE, map_view
from serve.support import app_client, bearer


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return app_client(f"sqlite:///{tmp_path / 'tables.db'}")


def table(client: TestClient, example: str, seats: dict[str, Any] | None = None) -> dict:
    body = {"example": example, "seed": 2, "seats": seats or {}}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    return made.json()


def svg(page: str) -> str:
    found = re.search(r"<svg class=\"map.*?</svg>", page, re.S)
    assert found, "no map on the panel"
    return found.group(0)


@pytest.mark.parametrize(
    ("example", "kind", "unit", "shade"),
    [
        ("brp/skirmish", "plane", "m", None),
        ("murdham/bandit_ambush", "zones", "zone", "area-cover"),
        ("odnd/backstab", "plane", "ft", None),
        ("spelljammer/fighter_vs_ogre", "squares", "square", None),
        ("semiautomagic/spider_lair", "squares", "m", "area-gas"),
    ],
)
def test_each_ruleset_draws_its_map_on_the_gm_screen(
    client: TestClient, example: str, kind: str, unit: str, shade: str | None
) -> None:
    t = table(client, example)
    page = client.get(f"/play/{t['id']}/panel", headers=bearer(t["gm_token"])).text
    drawn = svg(page)
    assert f"map-{kind}" in drawn and f"{kind}, {unit}" in drawn
    view = client.get(f"/api/tables/{t['id']}", headers=bearer(t["gm_token"])).json()
    for c in view["combatants"]:  # every combatant a token, named
        assert f'data-id="{c["id"]}"' in drawn and f">{c['name']}</text>" in drawn
    assert view["map"]["kind"] == kind and view["map"]["unit"] == unit
    if shade:
        assert shade in drawn
    if kind != "zones":
        assert 'class="scale"' in drawn  # a scale bar on a plane and on squares


def test_sides_have_their_colours_and_the_fallen_their_marks(client: TestClient) -> None:
    t = table(client, "brp/skirmish")  # no seats: the policy fights it to its end at once
    gm = bearer(t["gm_token"])
    client.post(f"/api/tables/{t['id']}/start", headers=gm)
    view = client.get(f"/api/tables/{t['id']}", headers=gm).json()
    assert view["finished"]
    colours = {tk["side"]: tk["colour"] for tk in view["map"]["tokens"]}
    assert list(colours.values()) == list(PALETTE[:2])
    fallen = [tk for tk in view["map"]["tokens"] if tk["status"] != "active"]
    assert fallen and all(tk["mark"] for tk in fallen)
    assert all(not tk["mark"] for tk in view["map"]["tokens"] if tk["status"] == "active")
    drawn = svg(client.get(f"/play/{t['id']}/panel", headers=gm).text)
    for tk in fallen:
        assert re.search(rf'class="token status-{tk["status"]}[^"]*"\s+data-id="{tk["id"]}"', drawn)
        assert f'<path class="mark" d="{tk["mark"]}"/>' in drawn


def test_the_questions_actor_and_its_targets_are_marked_and_picked(client: TestClient) -> None:
    t = table(client, "brp/duel", {"Red": {}})
    gm = bearer(t["gm_token"])
    question = client.post(f"/api/tables/{t['id']}/start", headers=gm).json()["question"]
    assert question["prompt"] == "Aldric: intent"
    view = client.get(f"/api/tables/{t['id']}", headers=gm).json()
    tokens = {tk["name"]: tk for tk in view["map"]["tokens"]}
    assert tokens["Aldric"]["actor"] and not tokens["Berend"]["actor"]
    attacks = [o["index"] for o in question["options"] if "Berend" in o["label"]]
    assert attacks and tokens["Berend"]["picks"] == attacks
    page = client.get(f"/play/{t['id']}/panel", headers=gm).text
    assert 'token status-active actor"' in page
    assert f'data-picks="{" ".join(map(str, attacks))}"' in page
    assert 'data-option="0"' in page  # the buttons a pick clicks


def test_a_zone_is_picked_for_a_blast_and_a_character_for_an_attack() -> None:
    class Blast:
        zone = "c2"

    encounter = fracas.load("examples/murdham/bandit_ambush.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    theobald = next(c for c in state.combatants if c.name == "Theobald")

    class Strike:
        target = theobald

    assert option_picks(Blast()) == ("zone:c2",)
    assert option_picks(Strike()) == (theobald.id,)
    assert option_picks(theobald) == (theobald.id,)
    assert option_picks(None) == ()


def test_the_players_map_hides_a_concealed_foe_until_revealed(client: TestClient) -> None:
    t = table(client, "murdham/bandit_ambush", {"Travellers": {}})
    token = next(s["token"] for s in t["seats"] if s["seat"] == "Travellers")
    gm_page = client.get(f"/play/{t['id']}/panel", headers=bearer(t["gm_token"])).text
    page = client.get(f"/play/{t['id']}/panel", headers=bearer(token)).text
    view = client.get(f"/api/tables/{t['id']}", headers=bearer(t["gm_token"])).json()
    hidden = [c for c in view["combatants"] if c["hidden"]]
    assert hidden
    for c in hidden:
        assert f'data-id="{c["id"]}"' in svg(gm_page)
        assert c["id"] not in page and c["name"] + " " not in svg(page)
    player = client.get(f"/api/tables/{t['id']}", headers=bearer(token)).json()
    ids = {tk["id"] for tk in player["map"]["tokens"]}
    assert ids == {c["id"] for c in player["combatants"]}
    assert not ids & {c["id"] for c in hidden}


def test_a_murdham_grid_is_drawn_as_its_zones_with_their_shading() -> None:
    encounter = fracas.load("examples/murdham/bandit_ambush.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    m = encounter.ruleset.battle_map(state)
    zones = {a.label.split()[0]: a for a in m.areas if a.kind == "zone"}
    assert len(zones) == 15 and m.links == ()  # a 5 × 3 grid, its links implied
    covered = {(a.x, a.y) for a in m.areas if a.kind == "cover"}
    assert covered == {(zones[z].x, zones[z].y) for z in ("a1", "a3", "e1", "e3")}
    assert zones["a1"].label == "a1 (closed)" and zones["c2"].label == "c2"
    assert zones["a1"].y > zones["a3"].y  # row 1 drawn north
    c2 = zones["c2"]
    in_c2 = [t for t in m.tokens if "zone c2" in t.notes]
    assert len(in_c2) == 2 and len({(t.x, t.y) for t in in_c2}) == 2  # side by side
    for t in in_c2:
        assert c2.x < t.x < c2.x + c2.width and c2.y < t.y < c2.y + c2.height


def test_a_zone_graph_is_laid_out_by_distance_with_its_links() -> None:
    from fracas.rulesets.murdham.map import layout
    from fracas.rulesets.murdham.zones import Zone, ZoneMap

    names = ("gate", "yard", "hall", "tower", "cellar")
    zones = ZoneMap.from_zones(
        [Zone(n) for n in names],
        [("gate", "yard"), ("yard", "hall"), ("yard", "tower"), ("hall", "cellar")],
    )
    places, grid = layout(zones)
    assert not grid
    assert places == {
        "gate": (0, 0), "yard": (1, 0), "hall": (2, 0), "tower": (2, 1), "cellar": (3, 0),
    }  # fmt: skip
    assert len(set(places.values())) == len(names)


def test_odnd_draws_facing_and_sam_footprints_and_radiation() -> None:
    encounter = fracas.load("examples/odnd/backstab.yaml")
    battle = fracas.Battle(encounter, seed=1)
    battle.run()
    m = encounter.ruleset.battle_map(battle.state)
    assert any(t.facing is not None for t in m.tokens) == battle.state.options.facing
    sam = fracas.load("examples/semiautomagic/horse_charge.yaml")
    state = sam.ruleset.setup(sam.spec)
    m = sam.ruleset.battle_map(state)
    sizes = {t.id: t.size for t in m.tokens}
    assert sizes == {f.id: 2.0**f.scale for f in state.fighters()}
    # Rule 223: a moderate source of scale 0 at (3, 1) radiates moderate over the area of
    # scale 1, light over scale 2, minor over scale 3; drawn outermost first.
    lair = fracas.load("examples/semiautomagic/spider_lair.yaml")
    document = dict(lair.document)
    document["conditions"] = {
        **document["conditions"],
        "radiation": [{"severity": "moderate", "scale": 0, "at": [3, 1]}],
    }
    hot = from_document(document, source="radiation.yaml")
    m = hot.ruleset.battle_map(hot.ruleset.setup(hot.spec))
    rings = [(a.label, a.width, a.x + a.width / 2, a.y + a.height / 2) for a in m.areas
             if a.kind == "radiation"]  # fmt: skip
    assert rings == [
        ("radiation (minor)", 8.0, 3.0, 1.0),
        ("radiation (light)", 4.0, 3.0, 1.0),
        ("radiation (moderate)", 2.0, 3.0, 1.0),
    ]
    assert [a.label for a in m.areas if a.kind == "gas"] == ["tear gas"]


def test_the_default_map_is_the_plane_and_points_sharing_a_place_are_fanned() -> None:
    encounter = fracas.load("examples/brp/duel.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    m = plane_map(state)
    points = [(c.position.x, c.position.y) for c in state.combatants]
    assert [(t.x, t.y) for t in m.tokens] == points
    same = BattleMap("plane", "m", (Token("a", 1, 1), Token("b", 1, 1)))
    combatants = [
        {"id": i, "name": i, "side": s, "status": "active"} for i, s in (("a", "X"), ("b", "Y"))
    ]
    view = map_view(same, combatants, ["X", "Y"], None, {})
    assert len({(tk["x"], tk["y"]) for tk in view["tokens"]}) == 2
    assert nice_scale([Token("a", 0, 0), Token("b", 62, 0)]) == 10
    assert nice_scale([Token("a", 0, 0), Token("b", 100, 0)]) == 20
