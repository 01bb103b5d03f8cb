"""Shared test fixtures: small BRP encounters built in code, and a scripted table."""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import settings

import fracas
from conformance.toy import Toy
from fracas.core.controllers import ScriptedChoices
from fracas.core.dice_sources import ScriptedDice
from fracas.core.ruleset import register
from fracas.core.table import Table
from fracas.rulesets.brp.state import BRPState

register(Toy)  # the conformance kit's toy ruleset, for the kit and the core's own tests

AVERAGE = {"STR": 11, "CON": 12, "SIZ": 12, "INT": 12, "POW": 11, "DEX": 12, "APP": 10}


def sheet(name: str, **fields: Any) -> dict[str, Any]:
    """A BRP combatant sheet: average characteristics unless given."""
    chars = dict(AVERAGE)
    chars.update(fields.pop("characteristics", {}))
    return {"name": name, "characteristics": chars, **fields}


def encounter_doc(
    red: Sequence[dict[str, Any]], blue: Sequence[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    return {
        "ruleset": "brp",
        "name": "test",
        "sides": [
            {"name": "Red", "combatants": copy.deepcopy(list(red))},
            {"name": "Blue", "combatants": copy.deepcopy(list(blue))},
        ],
        **extra,
    }


class Scene:
    """A BRP state and a table with scripted dice and choices: rules functions are called
    directly, the way the seeds' worked examples read."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.encounter = fracas.from_document(doc)
        state = self.encounter.ruleset.setup(self.encounter.spec)
        assert isinstance(state, BRPState)
        self.state = state
        self.dice = ScriptedDice()
        self.choices = ScriptedChoices()
        self.events: list[Any] = []
        controllers = {s.name: self.choices for s in state.sides}
        self.table = Table(self.dice, controllers, sink=self.events.append)

    def __getitem__(self, name: str) -> Any:
        return next(f for f in self.state.fighters() if f.name == name)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


@pytest.fixture
def scene() -> Callable[..., Scene]:
    def make(red: Sequence[dict[str, Any]], blue: Sequence[dict[str, Any]], **extra: Any) -> Scene:
        return Scene(encounter_doc(red, blue, **extra))

    return make


@pytest.fixture(name="sheet")
def sheet_fixture() -> Callable[..., dict[str, Any]]:
    return sheet


# CI runs the property tests derandomized: the same examples every run, so that a submission
# is judged on its code, not on the luck of the draw. Locally they explore anew each time.
if os.environ.get("CI"):
    settings.register_profile("ci", derandomize=True)
    settings.load_profile("ci")
