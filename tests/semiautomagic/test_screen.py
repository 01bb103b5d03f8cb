"""What the GM screen shows of a SemiAutoMagic fight (rules 1-2, 4, 7-13): the initiative
order with the acting fighter and its second, actions carried into the next turn, and each
fighter's card; and the GM's commands on vitals, conditions and a late arrival."""

from __future__ import annotations

from pathlib import Path

import fracas
from fracas.core.battle import Battle
from fracas.core.combatant import Status
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.rulesets.semiautomagic.state import SamState

EXAMPLES = Path(__file__).parents[2] / "examples" / "semiautomagic"


def test_the_order_of_play_is_the_initiative_order() -> None:
    encounter = fracas.load(EXAMPLES / "mauve_vs_goblins.yaml")
    ruleset = encounter.ruleset
    before = ruleset.order_of_play(ruleset.setup(encounter.spec))
    assert before["kind"] == "seconds"
    assert all(e["initiative"] is None for e in before["entries"])
    battle = Battle(encounter, seed=5)
    battle.run()
    rolled = ruleset.order_of_play(battle.state)
    present = [e for e in rolled["entries"] if e["initiative"] is not None]
    assert len(present) == 6  # the squire arrived in round 2 (rule 4)
    assert [e["name"] for e in present] == [f.name for f in battle.state.order]
    conditions = {e["condition"] for e in rolled["entries"]}
    assert conditions <= {"fighting", "dying", "dead", "stable", "unconscious"}


def test_a_fighters_card_shows_gear_defence_and_defence_rolls() -> None:
    encounter = fracas.load(EXAMPLES / "crossbow_duel.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    card = encounter.ruleset.card(state, state.combatants[0])
    assert "light cover" in card["where"] and "scale 0" in card["where"]
    names = [g["name"] for g in card["gear"]]
    assert names[:2] == ["heavy crossbow", "dagger"]
    assert card["gear"][0]["state"] == "1d10 in hand"
    assert card["gear"][-1] == {"name": "defence rolls", "state": "dodge 3, parry 1"}


def test_the_gms_commands() -> None:
    encounter = fracas.load(EXAMPLES / "mauve_vs_goblins.yaml")
    ruleset = encounter.ruleset
    state = ruleset.setup(encounter.spec)
    assert isinstance(state, SamState)
    table = Table(SeededDice(1), {})
    gob = state.fighters()[2]
    ruleset.apply_command(table, state, fracas.SetVitals(gob.id, {"wounds": 2, "will": 5}))
    assert (gob.wounds, gob.toughness, gob.min_toughness) == (2, 7, 1)
    assert (gob.will, gob.min_will) == (5, -1)
    ruleset.apply_command(table, state, fracas.SetCondition(gob.id, "dying", True))
    assert gob.dying and gob.status is Status.DOWN
    ruleset.apply_command(table, state, fracas.SetCondition(gob.id, "dying", False))
    assert gob.active and not gob.dying
    ruleset.apply_command(table, state, fracas.SetCondition(gob.id, "staggered", True))
    assert gob.staggered == 1
    sheet = {"name": "Hobgoblin", "template": "goblin mook", "position": [9, 9]}
    ruleset.apply_command(table, state, fracas.AddCombatant("Goblins", sheet))
    assert state.fighters()[-1].name == "Hobgoblin" and state.fighters()[-1].present
