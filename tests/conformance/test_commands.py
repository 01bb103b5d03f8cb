"""GM commands, for every ruleset (DESIGN.md §2): journaled like answers, so that save, load
and undo keep them; refused, changing nothing, when the battle cannot take them.

The kit knows no ruleset's vitals or conditions: it sets the vitals the summary names, adds a
copy of a combatant sheet of the encounter, and takes out, re-rolls and ends generically."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.combatant import Combatant, Status
from fracas.core.dice_sources import SeededDice
from fracas.core.errors import CommandError, NotYourQuestion, StaleAnswer
from fracas.core.events import BattleEnded, CommandApplied, DiceRolled, Rerolled, RoundEnded
from fracas.core.journal import Command
from fracas.core.outcome import Ending
from fracas.core.question import Question
from fracas.core.table import Table

from . import kit
from .test_live import battle_for

AFTER = 3  # answers given before the GM steps in


def at_question(
    path: Path, answers: int = AFTER, until: Callable[[Battle], bool] | None = None
) -> tuple[Battle, Question]:
    """A battle with a person at the first side's seat, stopped at a question after
    `answers` answers (the policy's), or as soon as `until` holds."""
    battle = battle_for(path, "side")
    question = battle.advance()
    assert question is not None, "a side seated as a person was never asked anything"
    given = 0
    while not (until(battle) if until is not None else given >= answers):
        following = battle.answer(question.id, kit.policy_answer(battle, question), by="gm")
        assert following is not None, "the battle ended first"
        question, given = following, given + 1
    return battle, question


def rolled(battle: Battle) -> bool:
    return any(isinstance(e, tuple) for e in battle.journal)


def target(battle: Battle) -> Combatant:
    """An active combatant of the last side (not the seated one)."""
    for c in battle.state.sides[-1].combatants:
        if c.active:
            assert isinstance(c, Combatant)
            return c
    raise AssertionError("the last side has nobody active")


def finish(battle: Battle) -> Battle:
    done, _ = kit.play(battle)
    return done


def newcomer_sheet(encounter: fracas.Encounter) -> dict[str, Any]:
    """A copy of the last side's first sheet (templates expanded), renamed."""
    sheet = copy.deepcopy(dict(encounter.document["sides"][-1]["combatants"][0]))
    sheet["name"] = "Late arrival"
    sheet.pop("count", None)
    return sheet


def vital_change(battle_or_state: Any, ruleset: Any, who: Combatant) -> tuple[str, int]:
    """The first vital the summary shows for `who`, and a different value for it."""
    summary = next(s for s in ruleset.summary(battle_or_state) if s.id == who.id)
    name, value = next(iter(summary.vitals.items()))
    current = value[0] if isinstance(value, tuple) else value
    return name, current - 1 if current > 1 else current + 1


def journaled(battle: Battle, at: int, command: Command) -> None:
    assert battle.journal[at] == command and battle.authors[at] == "gm"


@kit.each_example()
def test_a_command_for_nobody_is_refused_and_changes_nothing(path: Path) -> None:
    battle, question = at_question(path)
    before = kit.state_of(battle)
    who = target(battle)
    vital, value = vital_change(battle.state, battle.encounter.ruleset, who)
    refused: list[Command] = [
        fracas.RemoveCombatant("no-such-combatant"),
        fracas.SetVitals("no-such-combatant", {vital: value}),
        fracas.SetCondition("no-such-combatant", "no such condition"),
        fracas.SetVitals(who.id, {"no such vital": 1}),
        fracas.SetCondition(who.id, "no such condition"),
        fracas.AddCombatant("No such side", newcomer_sheet(battle.encounter)),
        fracas.AddCombatant(kit.side_names(battle.encounter)[-1], {"no such field": 1}),
    ]
    for command in refused:
        with pytest.raises(CommandError):
            battle.command(command)
        assert kit.state_of(battle) == before, command
    for seat in (*battle.seating.seats, "nobody"):
        with pytest.raises(NotYourQuestion):
            battle.command(fracas.EndBattle(), by=seat)
        assert kit.state_of(battle) == before
    assert battle.question == question


@kit.each_example()
def test_a_removed_combatant_takes_no_further_part(path: Path) -> None:
    battle, question = at_question(path)
    before = kit.state_of(battle)
    gone = target(battle)
    at = len(battle.journal)
    command = fracas.RemoveCombatant(gone.id)
    battle.command(command)
    journaled(battle, at, command)
    loaded = kit.reloaded(battle)
    assert kit.state_of(loaded) == kit.state_of(battle)
    back = battle.undo()
    assert back == question and kit.state_of(battle) == before
    battle.command(command)
    done = finish(battle)
    applied = [i for i, e in enumerate(done.events) if isinstance(e, CommandApplied)]
    assert len(applied) == 1, "the command did not take effect once"
    assert done.events[applied[0]].audience == "gm"
    last_round = max(i for i, e in enumerate(done.events) if isinstance(e, RoundEnded))
    fought = done.events[applied[0] : last_round]  # (after the fight, rules may roll for all)
    assert not [e for e in fought if isinstance(e, DiceRolled) and e.by == gone.id]
    status = next(c.status for c in done.summary if c.id == gone.id)
    assert status is not Status.ACTIVE
    again = fracas.replay(done.encounter, done.journal, authors=done.authors)
    assert kit.dicts(again.events) == kit.dicts(done.events)


@kit.each_example()
def test_a_reroll_voids_the_last_roll(path: Path) -> None:
    battle, _ = at_question(path, until=rolled)
    rolls = [i for i, e in enumerate(battle.journal) if isinstance(e, tuple)]
    last = rolls[-1]
    voided = battle.journal[last]
    assert isinstance(voided, tuple)
    answered_since = [i for i in battle.authors if i > last]
    before, kept = kit.state_of(battle), battle.journal[: last + 1]
    battle.command(fracas.Reroll())
    assert battle.journal[: last + 1] == kept
    journaled(battle, last + 1, fracas.Reroll())
    assert [e.faces for e in battle.events if isinstance(e, Rerolled)] == [voided]
    loaded = kit.reloaded(battle)
    assert kit.state_of(loaded) == kit.state_of(battle)
    if not answered_since:  # nobody's answer was dropped with the roll: undo restores all
        battle.undo()
        assert kit.state_of(battle) == before
    done = finish(loaded)
    assert any(isinstance(e, Rerolled) for e in done.events)
    again = fracas.replay(done.encounter, done.journal, authors=done.authors)
    assert kit.dicts(again.events) == kit.dicts(done.events)


@kit.each_example()
def test_the_gm_ends_the_battle(path: Path) -> None:
    battle, question = at_question(path)
    before = kit.state_of(battle)
    at = len(battle.journal)
    assert battle.command(fracas.EndBattle()) is None
    journaled(battle, at, fracas.EndBattle())
    assert not [i for i in battle.authors if i > at], "nobody answers after the end"
    outcome = battle.outcome
    assert outcome is not None and outcome.ending is Ending.GM_ENDED and outcome.winner is None
    ended = battle.events[-1]
    assert isinstance(ended, BattleEnded) and ended.ending == Ending.GM_ENDED.value
    assert len(ended.combatants) == len(battle.state.combatants)
    loaded = kit.reloaded(battle)
    assert loaded.question is None and loaded.outcome == outcome
    assert kit.dicts(loaded.events) == kit.dicts(battle.events)
    with pytest.raises(CommandError):
        battle.command(fracas.EndBattle())
    with pytest.raises(StaleAnswer):
        battle.answer(question.id, kit.policy_answer(battle, question), by="gm")
    assert battle.undo() == question and kit.state_of(battle) == before


@kit.each_example()
def test_vitals_and_a_late_arrival_are_journaled_and_kept(path: Path) -> None:
    battle, _ = at_question(path)
    who = target(battle)
    ruleset = battle.encounter.ruleset
    vital, value = vital_change(battle.state, ruleset, who)
    side = kit.side_names(battle.encounter)[-1]
    commands: list[Command] = [
        fracas.SetVitals(who.id, {vital: value}),
        fracas.AddCombatant(side, newcomer_sheet(battle.encounter)),
    ]
    at = len(battle.journal)
    for command in commands:
        battle.command(command)
    journaled(battle, at, commands[0])
    journaled(battle, at + 1, commands[1])
    loaded = kit.reloaded(battle)
    assert kit.state_of(loaded) == kit.state_of(battle)
    following = battle.question
    if following is not None:  # a person's answer after the commands, undone: they stay
        battle.answer(following.id, kit.policy_answer(battle, following), by="gm")
        battle.undo()
        assert battle.journal[at : at + 2] == commands and battle.question == following
    done = finish(battle)
    applied = [e for e in done.events if isinstance(e, CommandApplied)]
    assert len(applied) == 2, [e.to_dict() for e in applied]
    arrivals = [c for c in done.summary if c.name.startswith("Late arrival")]
    assert [c.side for c in arrivals] == [side]
    assert isinstance(arrivals[0].status, Status) and arrivals[0].vitals
    again = fracas.replay(done.encounter, done.journal, authors=done.authors)
    assert kit.dicts(again.events) == kit.dicts(done.events)


@kit.each_ruleset()
def test_commands_take_effect_in_the_state(ruleset_id: str) -> None:
    """The ruleset's own handling, without the battle loop: vitals by the summary's names,
    a late arrival in the summary, a removed combatant out of the fight."""
    encounter = kit.load(kit.first_example(ruleset_id))
    ruleset = encounter.ruleset
    state = ruleset.setup(encounter.spec)
    table = Table(SeededDice(0), {})
    who = next(c for c in state.sides[-1].combatants if c.active)
    vital, value = vital_change(state, ruleset, who)
    command: Command = fracas.SetVitals(who.id, {vital: value})
    ruleset.check_command(state, command)
    assert ruleset.apply_command(table, state, command)
    shown = next(s for s in ruleset.summary(state) if s.id == who.id).vitals[vital]
    assert (shown[0] if isinstance(shown, tuple) else shown) == value
    side = kit.side_names(encounter)[-1]
    count = len(state.combatants)
    command = fracas.AddCombatant(side, newcomer_sheet(encounter))
    ruleset.check_command(state, command)
    assert ruleset.apply_command(table, state, command)
    summary = ruleset.summary(state)
    assert len(summary) == count + 1
    assert [(s.name, s.side) for s in summary if s.name == "Late arrival"] == [
        ("Late arrival", side)
    ]
    other = next(c for c in state.sides[0].combatants if c.active)
    assert ruleset.apply_command(table, state, fracas.RemoveCombatant(other.id))
    assert next(s for s in ruleset.summary(state) if s.id == other.id).status.out
