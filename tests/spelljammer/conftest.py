"""A Spelljammer table with scripted dice and choices, for the worked examples."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.spelljammer.state import Fighter, SjState
from scripted_scene import ScriptedScene


class Scene(ScriptedScene):
    ruleset = "spelljammer"
    state_type = SjState
    state: SjState

    def __getitem__(self, name: str) -> Fighter:
        found: Fighter = self.fighter(name)
        return found


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
