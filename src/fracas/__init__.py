"""fracas: tabletop role-playing combat, run by the book.

>>> import fracas
>>> encounter = fracas.load("examples/brp/duel.yaml")
>>> battle = fracas.Battle(encounter, seed=7)
>>> outcome = battle.run()
>>> fracas.replay(encounter, battle.journal).events == battle.events
True
"""

__version__ = "0.1.0"

from fracas.core.battle import Battle, load_saved, replay
from fracas.core.encounter import Encounter, from_document, load
from fracas.core.live import LiveBattle
from fracas.core.outcome import Ending, Outcome
from fracas.core.requests import Pending
from fracas.sim.runner import SimReport, simulate

__all__ = [
    "Battle",
    "Encounter",
    "Ending",
    "LiveBattle",
    "Outcome",
    "Pending",
    "SimReport",
    "__version__",
    "from_document",
    "load",
    "load_saved",
    "replay",
    "simulate",
]
