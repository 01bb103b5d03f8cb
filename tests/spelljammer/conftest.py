"""A Spelljammer table with scripted dice and choices, for the worked examples."""

from __future__ import annotations

from typing import Any

import fracas
from fracas.core.dice_sources import ScriptedDice
from fracas.core.table import Table
from fracas.rulesets.spelljammer.state import Fighter, SjState
from scripted_choices import ByDecision


class Scene:
    def __init__(self, *sides: tuple[str, list[dict[str, Any]]], **extra: Any) -> None:
        doc = {
            "ruleset": "spelljammer",
            "name": "test",
            "sides": [{"name": n, "combatants": cs} for n, cs in sides],
            **extra,
        }
        self.encounter = fracas.from_document(doc)
        state = self.encounter.ruleset.setup(self.encounter.spec)
        assert isinstance(state, SjState)
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


def sheet(name: str, x: float = 0, **kw: Any) -> dict[str, Any]:
    """A fighter with SC 112 and 1d8+4 (the seed's figures), IM 0, standing at (x, 0) feet."""
    out: dict[str, Any] = {
        "name": name,
        "IM": 0,
        "CON": 25,
        "hp": 60,
        "weapons": [{"weapon": "longsword", "sc": 112, "rank": 5, "damage": "1d8+4"}],
        "position": [x, 0],
    }
    out.update(kw)
    return out


def def40() -> dict[str, int]:
    """DEF 40 in its parts (P5)."""
    return {"dex": 10, "skill": 15, "shield": 15}
