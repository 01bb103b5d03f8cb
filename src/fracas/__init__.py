"""fracas: tabletop role-playing combat, run by the book.

>>> import fracas
>>> encounter = fracas.load("examples/brp/duel.yaml")
>>> battle = fracas.Battle(encounter, seed=7)
>>> outcome = battle.run()
>>> fracas.replay(encounter, battle.journal).events == battle.events
True
"""

from pathlib import Path
from typing import TYPE_CHECKING, Any

from fracas.core import arguments
from fracas.core import encounter as _encounter
from fracas.core.audience import GM_VIEW, PLAYERS, Viewer
from fracas.core.battle import Battle, replay
from fracas.core.encounter import Encounter, from_document
from fracas.core.errors import (
    AnswerError,
    ArgumentTypeError,
    ArgumentValueError,
    BadCommand,
    BattleClosed,
    CommandError,
    FracasError,
    NotYourQuestion,
    StaleAnswer,
)
from fracas.core.journal import (
    AddCombatant,
    EndBattle,
    RemoveCombatant,
    Reroll,
    SetCondition,
    SetVitals,
)
from fracas.core.live import LiveBattle
from fracas.core.outcome import Ending, Outcome
from fracas.core.question import Question
from fracas.core.requests import Pending
from fracas.core.save import load_battle, load_saved
from fracas.core.seats import Seat
from fracas.core.version import __version__

if TYPE_CHECKING:
    from fracas.exact.action import action_odds as odds
    from fracas.exact.duel import DuelOdds, duel_odds
    from fracas.sim.runner import SimReport, simulate


def load(path: str | Path) -> Encounter:
    """Read, expand and validate an encounter file (`path`: a str or a `pathlib.Path`)."""
    return _encounter.load(arguments.path(path))


def __getattr__(name: str) -> Any:
    """The simulator is loaded when first asked for (`fracas.simulate`), so that importing
    the core (a server, a front-end) does not load it."""
    if name in ("simulate", "SimReport"):
        from fracas.sim import runner

        return getattr(runner, name)
    if name in ("duel_odds", "DuelOdds"):
        from fracas.exact import duel

        return getattr(duel, name)
    if name == "odds":
        from fracas.exact.action import action_odds

        return action_odds
    raise AttributeError(f"module 'fracas' has no attribute {name!r}")


__all__ = [
    "GM_VIEW",
    "PLAYERS",
    "AddCombatant",
    "AnswerError",
    "ArgumentTypeError",
    "ArgumentValueError",
    "BadCommand",
    "Battle",
    "BattleClosed",
    "CommandError",
    "DuelOdds",
    "Encounter",
    "EndBattle",
    "Ending",
    "FracasError",
    "LiveBattle",
    "NotYourQuestion",
    "Outcome",
    "Pending",
    "Question",
    "RemoveCombatant",
    "Reroll",
    "Seat",
    "SetCondition",
    "SetVitals",
    "SimReport",
    "StaleAnswer",
    "Viewer",
    "__version__",
    "duel_odds",
    "from_document",
    "load",
    "load_battle",
    "load_saved",
    "odds",
    "replay",
    "simulate",
]
