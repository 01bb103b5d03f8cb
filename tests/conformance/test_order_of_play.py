"""Every ruleset tells its order of play as JSON-ready data for a GM screen (issues 12 and
13): at every question of a battle played by people, every combatant exactly once, with the
fields every screen relies on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import fracas

from . import kit

FIELDS = {"id", "name", "side", "hidden", "active"}


def _check(view: dict[str, Any], battle: fracas.Battle) -> None:
    json.dumps(view)  # JSON-ready: plain data only
    assert isinstance(view["kind"], str) and view["kind"]
    assert view["round"] == battle.state.round
    ids = [entry["id"] for entry in view["entries"]]
    assert sorted(ids) == sorted(c.id for c in battle.state.combatants)
    for entry in view["entries"]:
        assert set(entry) >= FIELDS, entry
        c = next(c for c in battle.state.combatants if c.id == entry["id"])
        assert (entry["hidden"], entry["active"]) == (c.hidden, c.active)


@kit.each_example()
def test_the_order_of_play_at_every_question(path: Path) -> None:
    encounter = kit.load(path, max_rounds=4)
    seats = {side: "person" for side in kit.side_names(encounter)}
    battle = fracas.Battle(encounter, seed=3, seats=seats)
    ruleset = encounter.ruleset

    def look(b: fracas.Battle, question: fracas.Question) -> fracas.Battle:
        _check(ruleset.order_of_play(b.state), b)
        return b

    battle, steps = kit.play(battle, before=look)
    assert steps, "a battle played by people asks something"
    _check(ruleset.order_of_play(battle.state), battle)
