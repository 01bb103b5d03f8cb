"""The GM's commands in BRP (DESIGN.md §2; `brp.commands`): journaled like answers, applied
between actions, kept by undo, save and load."""

from __future__ import annotations

import pytest

import fracas
from fracas.core.combatant import Status
from fracas.core.errors import CommandError
from fracas.core.events import CommandApplied

DUEL = "examples/brp/duel.yaml"


def _at_first_question(**seats: str) -> fracas.Battle:
    battle = fracas.Battle(fracas.load(DUEL), seed=4, seats=seats or {"Aldric": "person"})
    assert battle.advance() is not None
    return battle


def _answer(battle: fracas.Battle) -> None:
    """Answer the open question (option 0): a command takes effect at the next point between
    actions, after the statements of intent (§5.1)."""
    question = battle.question
    assert question is not None
    battle.answer(question.id, 0, by="Aldric")


def _fighter(battle: fracas.Battle, ident: str):
    return next(f for f in battle.state.combatants if f.id == ident)


def test_setting_hp_applies_the_thresholds_of_5_12():
    battle = _at_first_question()
    battle.command(fracas.SetVitals(combatant="berend", vitals={"HP": 2}))
    assert not [e for e in battle.events if isinstance(e, CommandApplied)]  # not yet
    _answer(battle)
    berend = _fighter(battle, "berend")
    applied = [e for e in battle.events if isinstance(e, CommandApplied)]
    assert applied and applied[-1].audience == "gm"
    assert berend.hp == 2 and berend.status is not Status.ACTIVE  # 2 HP or less: down
    while battle.question is not None:
        _answer(battle)
    assert battle.outcome is not None and battle.outcome.winner == "Red"


def test_a_condition_and_a_late_arrival_survive_save_and_load():
    battle = _at_first_question()
    battle.command(fracas.SetCondition(combatant="aldric", condition="kneeling"))
    battle.command(
        fracas.AddCombatant(side="Blue", sheet={"name": "Aldric", "template": "swordsman"})
    )
    _answer(battle)
    question = battle.question
    names = [f.name for f in battle.state.combatants]
    assert "Aldric (2)" in names  # names stay unique: the newcomer gets a number
    loaded = fracas.load_battle(battle.to_save())
    assert loaded.question == question and loaded.events == battle.events


def test_undo_takes_back_a_command():
    battle = _at_first_question()
    before = (list(battle.journal), list(battle.events), battle.question)
    battle.command(fracas.SetVitals(combatant="aldric", vitals={"HP": 5}))
    battle.undo()
    assert (battle.journal, battle.events, battle.question) == before


@pytest.mark.parametrize(
    "command",
    [
        fracas.SetVitals(combatant="aldric", vitals={"wounds": 2}),
        fracas.SetCondition(combatant="aldric", condition="on fire"),
        fracas.SetVitals(combatant="nobody", vitals={"HP": 2}),
        fracas.AddCombatant(side="Green", sheet={"name": "X", "template": "swordsman"}),
        fracas.AddCombatant(side="Blue", sheet={"name": "X", "template": "no such template"}),
    ],
)
def test_a_command_the_battle_cannot_take_is_refused_and_changes_nothing(command):
    battle = _at_first_question()
    before = (list(battle.journal), list(battle.events), battle.question)
    with pytest.raises(CommandError):
        battle.command(command)
    assert (battle.journal, battle.events, battle.question) == before


def test_only_the_gm_gives_commands():
    battle = _at_first_question()
    with pytest.raises(fracas.NotYourQuestion):
        battle.command(fracas.EndBattle(), by="Aldric")
    battle.command(fracas.EndBattle())
    assert battle.outcome is not None and battle.outcome.ending.value == "ended by the GM"


def test_a_fumble_says_in_the_log_that_it_has_no_further_effect():
    """Issue 9: a player asks what a fumble does; BRP's answer (B6) is in the log line."""
    from fracas.rulesets.brp.events import AttackRolled

    rolled = AttackRolled(attacker="A", target="B", weapon="Sword", chance=45, modifiers=(),
                          roll=99, special_at=9, level="fumble")  # fmt: skip
    assert "no further effect, B6" in rolled.text()


def test_a_damage_roll_names_the_damage_bonus_it_holds():
    """Issue 9: the log shows the damage bonus by name, so the sum can be checked."""
    from fracas.core.events import DiceRolled

    battle = fracas.Battle(fracas.load(DUEL), seed=3)
    battle.run()
    damage = [e for e in battle.events if isinstance(e, DiceRolled) and "damage" in e.reason]
    assert damage and all("damage bonus db = 1D4" in e.reason for e in damage)
