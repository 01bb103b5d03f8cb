"""Every ruleset's default policy (DESIGN.md §2): it answers the decisions its rules ask, and
refuses, loudly, one it does not know (`UnknownDecision`), whoever is asked."""

from __future__ import annotations

from pathlib import Path

import pytest

import fracas
from fracas.core.combatant import GM
from fracas.core.controllers import UnknownDecision
from fracas.core.requests import ChoiceRequest

from . import kit


@kit.each_ruleset()
def test_a_combatants_unknown_decision_is_refused(ruleset_id: str) -> None:
    encounter = kit.load(kit.first_example(ruleset_id))
    state = encounter.ruleset.setup(encounter.spec)
    policy = encounter.ruleset.policy(state)
    for who in state.combatants[:2]:
        with pytest.raises(UnknownDecision):
            policy.choose(ChoiceRequest(who, "no such decision", ("one", "two")))


@kit.each_ruleset()
def test_a_sides_or_the_gms_unknown_decision_is_refused(ruleset_id: str) -> None:
    encounter = kit.load(kit.first_example(ruleset_id))
    state = encounter.ruleset.setup(encounter.spec)
    policy = encounter.ruleset.policy(state)
    for who in (state.sides[0], GM):
        with pytest.raises(UnknownDecision):
            policy.choose(ChoiceRequest(who, "no such decision", ("one", "two")))


@kit.each_example()
def test_the_policy_answers_every_decision_of_a_battle(path: Path) -> None:
    """Everything the rules ask in a battle has an answer within its options (the battle's
    own policy is what `run` uses; here each answer is checked as a person's would be)."""
    encounter = kit.load(path, max_rounds=4)
    seats = {s: "person" for s in kit.side_names(encounter)}
    battle = fracas.Battle(encounter, seed=0, seats=seats)
    _, steps = kit.play(battle)
    for step in steps:
        assert isinstance(step.answer, int)
        assert 0 <= step.answer < len(step.question.options)
