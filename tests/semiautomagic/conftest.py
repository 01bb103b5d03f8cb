"""A SemiAutoMagic table with scripted dice and choices, for the worked examples."""

from __future__ import annotations

from typing import Any

import fracas
from fracas.core.dice_sources import ScriptedDice
from fracas.core.table import Table
from fracas.rulesets.semiautomagic.state import Fighter, SamState
from scripted_choices import ByDecision


class Scene:
    def __init__(self, *sides: tuple[str, list[dict[str, Any]]], **extra: Any) -> None:
        doc = {
            "ruleset": "semiautomagic",
            "name": "test",
            "sides": [{"name": n, "combatants": cs} for n, cs in sides],
            **extra,
        }
        self.encounter = fracas.from_document(doc)
        state = self.encounter.ruleset.setup(self.encounter.spec)
        assert isinstance(state, SamState)
        state.round = 1
        self.state = state
        self.dice = ScriptedDice()
        self.choices = ByDecision()
        self.events: list[Any] = []
        self.table = Table(
            self.dice, {s.name: self.choices for s in state.sides}, sink=self.events.append
        )

    def __getitem__(self, name: str) -> Fighter:
        return next(c for c in self.state.fighters() if c.name == name)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


def human(name: str, **kw: Any) -> dict[str, Any]:
    sheet: dict[str, Any] = {"name": name, "template": "human"}
    sheet.update(kw)
    return sheet


def kind(name: str) -> Any:
    """Pick the action of this kind (a scripted `next action`)."""
    return lambda o: o.kind == name
