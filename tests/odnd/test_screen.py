"""What the GM screen shows of an OD&D fight: group initiative in slot order (rules 118–127,
ODD-U30) and each fighter's card."""

from __future__ import annotations

from pathlib import Path

import fracas
from fracas.core.battle import Battle

EXAMPLES = Path(__file__).parents[2] / "examples" / "odnd"


def test_the_order_of_play_is_the_initiative_slots_high_first() -> None:
    encounter = fracas.load(EXAMPLES / "fighter_vs_orcs.yaml")
    ruleset = encounter.ruleset
    before = ruleset.order_of_play(ruleset.setup(encounter.spec))
    assert before["kind"] == "group initiative"
    assert all(e["initiative"] is None for e in before["entries"])
    battle = Battle(encounter, seed=5)
    battle.run()
    rolled = ruleset.order_of_play(battle.state)
    rolls = [e["initiative"] for e in rolled["entries"]]
    assert all(isinstance(r, int) and 1 <= r <= 6 for r in rolls)
    assert rolls == sorted(rolls, reverse=True)
    by_group = {e["group"]: e["initiative"] for e in rolled["entries"]}
    assert by_group == {g: battle.state.initiative[g] for g in by_group}


def test_a_fighters_card_shows_its_weapons_and_armour_class() -> None:
    encounter = fracas.load(EXAMPLES / "fighter_vs_orcs.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    card = encounter.ruleset.card(state, state.combatants[0])
    names = [g["name"] for g in card["gear"]]
    assert names[-1] == "armour class" and card["gear"][-1]["state"].startswith("AC ")
    assert len(names) >= 2 and "to hit" in card["gear"][0]["state"]
