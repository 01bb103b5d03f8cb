"""A table set for one encounter with scripted dice and scripted choices, for tests written
like the seeds' worked examples (shared by the rulesets' tests: each subclasses it with its
ruleset id and state class)."""

from __future__ import annotations

from typing import Any, ClassVar

import fracas
from fracas.core.combatant import BattleState
from fracas.core.dice_sources import ScriptedDice
from fracas.core.table import Table
from scripted_choices import ByDecision


class ScriptedScene:
    """`Scene(("Side", [sheet, ...]), ..., conditions={...})`: the encounter set up and at its
    first round, with `dice` and `choices` to script and `events` as emitted."""

    ruleset: ClassVar[str]
    state_type: ClassVar[type[BattleState]]

    def __init__(self, *sides: tuple[str, list[dict[str, Any]]], **extra: Any) -> None:
        doc = {
            "ruleset": self.ruleset,
            "name": "test",
            "sides": [{"name": n, "combatants": cs} for n, cs in sides],
            **extra,
        }
        self.encounter = fracas.from_document(doc)
        state = self.encounter.ruleset.setup(self.encounter.spec)
        assert isinstance(state, self.state_type)
        state.round = 1
        self.state: Any = state
        self.dice = ScriptedDice()
        self.choices = ByDecision()
        self.events: list[Any] = []
        self.table = Table(
            self.dice, {s.name: self.choices for s in state.sides}, sink=self.events.append
        )

    def fighter(self, name: str) -> Any:
        return next(c for c in self.state.fighters() if c.name == name)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]
