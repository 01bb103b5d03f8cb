"""What the GM screen shows of a Spelljammer fight: the count-down (rules 28–32) — each
fighter's attack segments and its spell — and each fighter's card."""

from __future__ import annotations

from pathlib import Path

import fracas
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.rulesets.spelljammer import initiative
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.state import SjState

EXAMPLES = Path(__file__).parents[2] / "examples" / "spelljammer"


def test_the_order_of_play_is_the_count_down() -> None:
    """Once initiative is rolled: every fighter's attack segments, highest first, its spell's
    release, the fighters in the order their first action comes."""
    encounter = fracas.load(EXAMPLES / "mage_under_attack.yaml")
    ruleset = encounter.ruleset
    state = ruleset.setup(encounter.spec)
    assert isinstance(state, SjState)
    before = ruleset.order_of_play(state)
    assert before["kind"] == "segment count-down"
    assert all(e["attacks"] == [] and e["casting"] is None for e in before["entries"])
    state.round = 1
    table = Table(SeededDice(4), {s.name: ruleset.policy(state) for s in state.sides})
    sj_round.begin(state)
    sj_round.declare(table, state)
    initiative.roll_all(table, state)
    entries = ruleset.order_of_play(state)["entries"]
    ilsa = next(e for e in entries if e["name"] == "Ilsa")
    assert ilsa["casting"] == "Bolt of Energy" and ilsa["release"] == state.fighters()[0].release
    firsts = []
    for e in entries:
        assert e["attacks"] == sorted(e["attacks"], reverse=True)
        assert all(s >= -5 for s in e["attacks"])
        f = next(f for f in state.fighters() if f.name == e["name"])
        starts = [*f.scheduled, *([f.cast_start] if f.casting is not None else [])]
        firsts.append(max(starts, default=-99))
    assert firsts == sorted(firsts, reverse=True)


def test_a_fighters_card_shows_its_weapons_def_and_prot() -> None:
    encounter = fracas.load(EXAMPLES / "fighter_vs_ogre.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    card = encounter.ruleset.card(state, state.combatants[0])
    gear = {g["name"]: g["state"] for g in card["gear"]}
    assert gear["longsword"] == "SC 112, rank 6, 1d8+4"
    assert gear["DEF"] == "40" and gear["PROT"] == "5 armour + 0"
    assert card["where"].endswith("squares")
