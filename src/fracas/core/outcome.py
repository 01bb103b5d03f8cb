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


# Both are built once per battle (a verdict every round): values, read-only by convention,
# hashed and compared by value, but not frozen dataclasses, whose generated `__init__` and
# `__post_init__` stay interpreted (about 10 k instructions a battle; issue 10). Each writes
# its own `__init__`, which mypyc compiles.
@dataclass(slots=True, unsafe_hash=True, init=False)
class Verdict:
    """A ruleset's judgement that the fight is over: who won (None: nobody) and why."""

    winner: str | None
    reason: str

    def __init__(self, winner: str | None, reason: str) -> None:
        self.winner, self.reason = winner, reason


@dataclass(slots=True, unsafe_hash=True, init=False)
class Outcome:
    winner: str | None  # the winning side's name, None for a draw
    ending: Ending
    rounds: int
    reason: str  # the core's or the ruleset's words for why it ended (the ending's, if none)

    def __init__(self, winner: str | None, ending: Ending, rounds: int, reason: str = "") -> None:
        self.winner, self.ending, self.rounds = winner, ending, rounds
        self.reason = reason if reason else ending.value


rebuilt_by_constructor(Verdict, Outcome)  # copies of a state (core.immutable)
