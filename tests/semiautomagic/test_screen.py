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
    # "fled": a goblin may withdraw (F-SAM-121, issue 34)
    assert conditions <= {"fighting", "dying", "dead", "stable", "unconscious", "fled"}


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


def _pick(question: object, label: str) -> int:
    options = question.to_dict()["options"]  # type: ignore[attr-defined]
    return next(o["index"] for o in options if o["label"].startswith(label))


def test_a_gm_command_takes_effect_between_two_actions_of_a_turn() -> None:
    """The hook between actions (`turn.between`): a command given while a fighter chooses an
    action takes effect at the next point between actions — inside the same turn."""
    doc = {
        "ruleset": "semiautomagic",
        "sides": [
            {"name": "A", "combatants": [{"name": "Ann", "template": "human", "position": [0, 0]}]},
            {"name": "B", "combatants": [{"name": "Bob", "template": "human", "position": [1, 0]}]},
        ],
    }
    battle = Battle(fracas.from_document(doc), seed=3, seats={"A": "person", "B": "person"})
    question = battle.advance()
    while question is not None and not question.to_dict()["prompt"].startswith("Ann"):
        question = battle.answer(question.id, _pick(question, "end"), by="B")
    assert question is not None
    question = battle.answer(question.id, _pick(question, "crouch"), by="A")  # s1
    assert question is not None
    question = battle.command(fracas.SetVitals("bob", {"wounds": 4}))
    assert question is not None  # the same choice, asked again after the journaled command
    third = battle.answer(question.id, _pick(question, "stand"), by="A")  # s2, the command
    assert third is not None and third.to_dict()["prompt"].startswith("Ann")  # her s3 next
    names = [type(e).__name__ for e in battle.events]
    applied = names.index("CommandApplied")
    ann = [i for i, e in enumerate(battle.events) if getattr(e, "who", "") == "Ann"]
    spent = [i for i in ann if names[i] == "Spent"]
    assert len(spent) == 2 and spent[1] < applied  # after her second action, in her turn
    assert "TurnStarted" not in names[spent[0] :]
