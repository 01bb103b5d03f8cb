"""A SemiAutoMagic table with scripted dice and choices, for the worked examples."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.semiautomagic.state import Fighter, SamState
from scripted_scene import ScriptedScene


class Scene(ScriptedScene):
    ruleset = "semiautomagic"
    state_type = SamState
    state: SamState

    def __getitem__(self, name: str) -> Fighter:
        found: Fighter = self.fighter(name)
        return found


def human(name: str, **kw: Any) -> dict[str, Any]:
    sheet: dict[str, Any] = {"name": name, "template": "human"}
    sheet.update(kw)
    return sheet


def kind(name: str) -> Any:
    """Pick the action of this kind (a scripted `next action`)."""
    return lambda o: o.kind == name
