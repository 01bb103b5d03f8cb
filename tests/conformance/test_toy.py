"""The toy ruleset's own rules, scripted die by die (the way the seeds' worked examples are
tested), and two faults of the core that the toy shows plainly."""

from __future__ import annotations

from typing import Any

import pytest

import fracas
from fracas.core.combatant import Status
from fracas.core.controllers import ScriptedChoices, UnknownDecision
from fracas.core.dice_sources import ScriptedDice
from fracas.core.events import CommandApplied, Event, Revealed
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import get_ruleset, registry
from fracas.core.table import Table

from . import kit, toy

SKIRMISH = kit.HERE / "examples" / "toy" / "skirmish.yaml"
AMBUSH = kit.HERE / "examples" / "toy" / "ambush.yaml"


class Scene:
    """A toy state and a table with scripted dice and choices."""

    def __init__(self, path: Any = SKIRMISH) -> None:
        encounter = fracas.load(path)
        self.state = encounter.ruleset.setup(encounter.spec)
        self.dice = ScriptedDice()
        self.choices = ScriptedChoices()
        self.events: list[Event] = []
        controllers = {s.name: self.choices for s in self.state.sides}
        self.table = Table(self.dice, controllers, sink=self.events.append)

    def __getitem__(self, name: str) -> toy.Fighter:
        f = next(c for c in self.state.combatants if c.name == name)
        assert isinstance(f, toy.Fighter)
        return f

    def of(self, kind: type[Event]) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


def test_the_toy_is_registered_like_any_ruleset() -> None:
    assert registry()["toy"] is toy.Toy
    assert get_ruleset("toy").title == "Toy"
    assert "toy" in kit.RULESETS and kit.EXAMPLES_BY_RULESET["toy"]


def test_a_hit_on_three_or_more_deals_1d4() -> None:
    scene = Scene()
    scene.choices.push(1)  # Ann strikes the second of her visible enemies: Brute
    scene.dice.push(3, 4)
    toy.act(scene.table, scene.state, scene["Ann"], patience=6)
    assert scene["Brute"].hp == 9 - 4 and scene["Ann"].damage_dealt == 4
    (attack,) = scene.of(toy.Attacked)
    assert (attack.target, attack.roll, attack.need, attack.hit) == ("Brute", 3, 3, True)
    (left,) = scene.of(toy.HitPoints)
    assert (left.hp, left.audience) == (5, "side:Blues")
    assert scene.dice.remaining == 0


def test_a_guarding_target_is_hit_on_four() -> None:
    scene = Scene()
    scene["Bo"].guarding = True
    scene.choices.push(0)
    scene.dice.push(3)
    toy.act(scene.table, scene.state, scene["Ann"], patience=6)
    assert scene["Bo"].hp == 8 and not scene.of(toy.Hurt)
    assert scene.of(toy.Attacked)[0].need == 4


def test_a_fighter_falls_at_zero_and_dies_at_minus_half() -> None:
    scene = Scene()
    scene["Bo"].hp = 2
    scene.choices.push(0)
    scene.dice.push(6, 2)
    toy.act(scene.table, scene.state, scene["Ann"], patience=6)
    assert scene["Bo"].status is Status.DOWN and scene["Bo"].went_down
    scene["Brute"].hp, scene["Brute"].hp_max = 1, 6
    scene.dice.push(6, 4)  # Brute is now the only target: no choice
    toy.act(scene.table, scene.state, scene["Ann"], patience=6)
    assert scene["Brute"].status is Status.DEAD
    assert [(f.who, f.dead) for f in scene.of(toy.Fell)] == [("Bo", False), ("Brute", True)]


def test_a_hidden_fighter_lurks_unless_the_patience_allows_and_is_revealed_by_striking() -> None:
    scene = Scene(AMBUSH)
    shade = scene["Shade 1"]
    toy.act(scene.table, scene.state, shade, patience=2)
    assert shade.hidden and [e.who for e in scene.of(toy.Lurked)] == ["Shade 1"]
    scene.choices.push(1)  # do not strike yet
    toy.act(scene.table, scene.state, shade, patience=5)
    assert shade.hidden and len(scene.of(toy.Lurked)) == 2
    scene.choices.push(0, 1)  # strike; at Dee
    scene.dice.push(1)
    toy.act(scene.table, scene.state, shade, patience=5)
    assert not shade.hidden
    assert [e.who for e in scene.of(Revealed)] == ["Shade 1"]
    assert scene.of(toy.Attacked)[0].target == "Dee"
    # The wayfarers cannot pick a hidden shade as a target.
    assert [t.name for t in scene.state.enemies_of(scene["Cal"]) if t.active and not t.hidden] == [
        "Lookout",
        "Shade 1",
    ]


def test_the_toy_policy() -> None:
    scene = Scene()
    policy = toy.ToyPolicy(scene.state)
    ann, bo, brute = scene["Ann"], scene["Bo"], scene["Brute"]
    brute.hp = 3
    assert policy.choose(ChoiceRequest(ann, toy.TARGET, [bo, brute])) == 1
    reds = scene.state.sides[0]
    assert policy.choose(ChoiceRequest(reds, toy.ORDER, toy.ORDERS)) == 0
    ann.hp = 1
    assert policy.choose(ChoiceRequest(reds, toy.ORDER, toy.ORDERS)) == 1
    assert policy.choose(ChoiceRequest(ann, toy.STRIKE, (True, False))) == 0
    with pytest.raises(UnknownDecision):
        policy.choose(ChoiceRequest(ann, "dance", ("waltz", "tango")))


def test_the_toy_gm_commands() -> None:
    scene = Scene()
    rules = toy.Toy()
    rules.apply_command(scene.table, scene.state, fracas.SetVitals("bo", {"hp": 0}))
    assert scene["Bo"].status is Status.DOWN
    rules.apply_command(scene.table, scene.state, fracas.SetVitals("bo", {"hp": 20}))
    assert scene["Bo"].hp == 8 and scene["Bo"].active
    rules.apply_command(scene.table, scene.state, fracas.SetCondition("bo", "guarding"))
    assert scene["Bo"].guarding
    sheet = {"name": "Ann", "template": "brute"}
    assert rules.apply_command(scene.table, scene.state, fracas.AddCombatant("Blues", sheet))
    late = scene["Ann (2)"]
    assert (late.side, late.hp, late.id) == ("Blues", 9, "ann-2")
    assert [s.vitals for s in rules.summary(scene.state) if s.id == "ann-2"] == [{"hp": (9, 9)}]


def _at_first_target_question() -> fracas.Battle:
    """The toy skirmish, the Reds at a person's seat, stopped where a Red picks a target."""
    battle = fracas.Battle(fracas.load(SKIRMISH), seed=1, seats={"Reds": "person"})
    question = battle.advance()
    while question is not None and not question.prompt.endswith(toy.TARGET):
        question = battle.answer(question.id, kit.policy_answer(battle, question), by="gm")
    assert question is not None
    return battle


def test_a_command_does_not_rewrite_what_was_already_told() -> None:
    battle = _at_first_target_question()
    told = kit.dicts(battle.events)
    assert told[-1]["type"] == "SteppedUp"  # a Red stepped up, then is asked for a target
    battle.command(fracas.SetCondition("bo", "guarding"))
    assert kit.dicts(battle.events)[: len(told)] == told


def test_a_command_just_before_the_end_still_counts() -> None:
    battle = _at_first_target_question()
    battle.command(fracas.SetVitals("bo", {"hp": 1}))
    battle.command(fracas.EndBattle())
    assert [e for e in battle.events if isinstance(e, CommandApplied)]
    assert [c.vitals for c in battle.summary if c.id == "bo"] == [{"hp": (1, 8)}]
