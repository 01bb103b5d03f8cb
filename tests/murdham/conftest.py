"""A Murdham table with scripted dice and choices, for the worked examples."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import fracas
from fracas.core.dice_sources import ScriptedDice
from fracas.core.table import Table
from fracas.rulesets.murdham.state import MurdhamState
from scripted_choices import ByDecision


class Scene:
    def __init__(self, doc: dict[str, Any]) -> None:
        self.encounter = fracas.from_document(doc)
        state = self.encounter.ruleset.setup(self.encounter.spec)
        assert isinstance(state, MurdhamState)
        state.round = 1
        self.state = state
        self.dice = ScriptedDice()
        self.choices = ByDecision()
        self.events: list[Any] = []
        controllers = {s.name: self.choices for s in state.sides}
        self.table = Table(self.dice, controllers, sink=self.events.append)

    def __getitem__(self, name: str) -> Any:
        return next(c for c in self.state.characters() if c.name == name)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    def weapon(self, who: str, name: str) -> Any:
        return next(w for w in self[who].weapons if w.name == name)


def doc(
    *factions: tuple[str, list[dict[str, Any]]], grid: tuple[int, int] = (5, 5), **extra: Any
) -> dict[str, Any]:
    return {
        "ruleset": "murdham",
        "name": "test",
        "map": {"grid": list(grid), **extra.pop("map", {})},
        "sides": [{"name": n, "combatants": cs} for n, cs in factions],
        **extra,
    }


@pytest.fixture
def scene() -> Callable[..., Scene]:
    def make(*factions: tuple[str, list[dict[str, Any]]], **kw: Any) -> Scene:
        return Scene(doc(*factions, **kw))

    return make
