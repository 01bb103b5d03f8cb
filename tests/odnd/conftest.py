"""An OD&D table with scripted dice and choices, for the worked examples."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.odnd.state import Fighter, OdndState
from scripted_scene import ScriptedScene


class Scene(ScriptedScene):
    ruleset = "odnd"
    state_type = OdndState
    state: OdndState

    def __getitem__(self, name: str) -> Fighter:
        found: Fighter = self.fighter(name)
        return found


def pc(name: str, **kw: Any) -> dict[str, Any]:
    sheet: dict[str, Any] = {"name": name, "kind": "character", "cls": "fighter", "level": 1}
    sheet.update({"weapons": ["sword"], "hp": 50})
    sheet.update(kw)
    return sheet
