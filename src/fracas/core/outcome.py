"""How a battle ended: a typed value, not a loose string."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Ending(enum.Enum):
    VICTORY = "victory"  # exactly one side still fights
    MUTUAL = "mutual"  # no side is left standing: a draw
    ROUND_CAP = "round cap"  # the encounter's max_rounds ran out: a draw


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str | None  # the winning side's name, None for a draw
    ending: Ending
    rounds: int
