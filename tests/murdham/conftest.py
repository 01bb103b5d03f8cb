"""A Murdham table with scripted dice and choices, for the worked examples."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pytest

import fracas
from fracas.core.dice_sources import ScriptedDice
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table
from fracas.rulesets.murdham.state import MurdhamState


class ByDecision:
    """Answers each decision with the next scripted pick for it: a callable on the options
    (returning the chosen option) or a fixed index."""

    def __init__(self) -> None:
        self.script: dict[str, deque[Any]] = {}

    def push(self, decision: str, *picks: Any) -> None:
        self.script.setdefault(decision, deque()).extend(picks)

    def choose(self, request: ChoiceRequest) -> int:
        queue = self.script.get(request.decision)
        if not queue:
            raise AssertionError(f"unscripted decision: {request.describe()}")
        pick = queue.popleft()
        options = list(request.options)
        if callable(pick):
            return options.index(next(o for o in options if pick(o)))
        return int(pick)


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
