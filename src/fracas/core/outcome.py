"""How a battle ended: typed values, not loose strings."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from fracas.core.immutable import rebuilt_by_constructor


class Ending(enum.Enum):
    VICTORY = "victory"  # exactly one side is left in the fight
    MUTUAL = "mutual"  # no side is left in the fight: a draw
    ROUND_CAP = "round cap"  # the encounter's max_rounds ran out: a draw
    GM_ENDED = "ended by the GM"  # a GM command stopped the fight


# The core's reasons; a ruleset may name its own ("rout", "surrender", "pursuit escaped").
ONE_SIDE_LEFT = "one side left"
EVERYONE_DOWN = "everyone down"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A ruleset's judgement that the fight is over: who won (None: nobody) and why."""

    winner: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: str | None  # the winning side's name, None for a draw
    ending: Ending
    rounds: int
    reason: str = ""  # the core's or the ruleset's words for why it ended

    def __post_init__(self) -> None:
        if not self.reason:
            object.__setattr__(self, "reason", self.ending.value)


rebuilt_by_constructor(Verdict, Outcome)  # copies of a state (core.immutable)
