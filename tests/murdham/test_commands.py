"""The GM's commands in Murdham (DESIGN.md §2; `murdham.commands`): applied before the next
activation, kept by save and load; taking `concealed` off reveals an ambusher to everyone."""

from __future__ import annotations

import pytest

import fracas
from fracas.core.audience import PLAYERS
from fracas.core.combatant import Status
from fracas.core.errors import CommandError
from fracas.core.events import Revealed, visible_to

AMBUSH = "examples/murdham/bandit_ambush.yaml"


def _battle() -> fracas.Battle:
    battle = fracas.Battle(fracas.load(AMBUSH), seed=2, seats={"Travellers": "person"})
    assert battle.advance() is not None
    return battle


def _answer(battle: fracas.Battle, times: int = 1) -> None:
    for _ in range(times):
        question = battle.question
        assert question is not None
        battle.answer(question.id, 0, by="Travellers")


def _character(battle: fracas.Battle, ident: str):
    return next(c for c in battle.state.combatants if c.id == ident)


def test_taking_concealment_off_reveals_the_ambusher_to_the_players():
    battle = fracas.Battle(fracas.load(AMBUSH), seed=2, seats={"Bandits": "person"})
    question = battle.advance()
    assert question is not None and question.decider == "side:Bandits"
    reveal = fracas.SetCondition(combatant="hidden-bandit-2", condition="concealed", on=False)
    battle.command(reveal)
    battle.answer(battle.question.id, 0, by="Bandits")  # the command takes effect next
    seen = [visible_to(e, PLAYERS) for e in battle.events]
    assert any(isinstance(e, Revealed) and e.why == "the GM" for e in seen)
    assert not _character(battle, "hidden-bandit-2").hidden


def test_health_to_zero_is_a_mortal_wound_m6():
    battle = _battle()
    battle.command(fracas.SetVitals(combatant="bandit-leader", vitals={"health": 0}))
    _answer(battle)
    leader = _character(battle, "bandit-leader")
    assert leader.health == 0 and leader.status in (Status.DOWN, Status.DEAD)
    assert leader.dying_until is not None


def test_a_late_arrival_joins_in_its_zone_and_survives_save_and_load():
    battle = _battle()
    battle.command(
        fracas.AddCombatant(side="Travellers", sheet={"name": "Warden", "template": "bandit",
                                                      "zone": "a2"})
    )  # fmt: skip
    _answer(battle)
    warden = _character(battle, "warden")
    assert warden.side == "Travellers" and warden.zone == "a2"
    loaded = fracas.load_battle(battle.to_save())
    assert loaded.question == battle.question and loaded.events == battle.events


@pytest.mark.parametrize(
    "command",
    [
        fracas.SetVitals(combatant="bandit", vitals={"HP": 3}),
        fracas.SetCondition(combatant="bandit", condition="stunned"),
        fracas.AddCombatant(side="Bandits", sheet={"name": "X", "template": "bandit", "zone": "q"}),
        fracas.RemoveCombatant(combatant="nobody"),
    ],
)
def test_a_command_the_battle_cannot_take_is_refused_and_changes_nothing(command):
    battle = _battle()
    before = (list(battle.journal), list(battle.events), battle.question)
    with pytest.raises(CommandError):
        battle.command(command)
    assert (battle.journal, battle.events, battle.question) == before
