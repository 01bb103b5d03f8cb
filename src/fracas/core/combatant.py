"""What every ruleset's fighters share: identity, side, position, and the tallies the
summary and the simulator read. Ruleset state subclasses these (plain slotted dataclasses,
not validated models: fight state is updated constantly and must be cheap)."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from fracas.core.geometry import Position


class Status(enum.Enum):
    """Whether a combatant is still in the fight; the ruleset decides the transitions."""

    ACTIVE = "active"
    DOWN = "down"  # unconscious, incapacitated, dying: out of the fight but alive
    DEAD = "dead"
    FLED = "fled"
    SURRENDERED = "surrendered"


@dataclass(slots=True, eq=False)
class Combatant:
    """A fighter. Identity is the object (eq=False); `id` is unique within a battle."""

    id: str
    name: str
    side: str
    position: Position = field(default_factory=Position)
    status: Status = Status.ACTIVE
    # Bindings for dice notation rolled by this combatant, e.g. {"db": "1D4"}.
    dice_vars: dict[str, str] = field(default_factory=dict)
    damage_dealt: int = 0
    damage_taken: int = 0
    went_down: bool = False  # set by the ruleset whenever the combatant leaves the fight

    @property
    def active(self) -> bool:
        return self.status is Status.ACTIVE

    def __str__(self) -> str:
        return self.name


@dataclass(slots=True)
class Side:
    """A side of the fight, in encounter order."""

    name: str
    combatants: list[Combatant]

    def active(self) -> Iterator[Combatant]:
        return (c for c in self.combatants if c.active)


@dataclass(slots=True)
class BattleState:
    """The fight as it stands; ruleset states subclass this."""

    sides: list[Side]
    round: int = 0
    # Counts of notable things in this battle (specials, parries, routs...), named by the
    # ruleset: the simulator reports their averages.
    tally: Counter[str] = field(default_factory=Counter)

    # Who is on which side never changes during a battle, so these lists are built once.
    _enemies: dict[str, list[Combatant]] = field(default_factory=dict, repr=False)

    @property
    def combatants(self) -> list[Combatant]:
        return [c for s in self.sides for c in s.combatants]

    def side_of(self, c: Combatant) -> Side:
        return next(s for s in self.sides if s.name == c.side)

    def enemies_of(self, c: Combatant) -> list[Combatant]:
        """Every combatant of the other sides (a shared list: do not change it)."""
        found = self._enemies.get(c.side)
        if found is None:
            found = [e for s in self.sides if s.name != c.side for e in s.combatants]
            self._enemies[c.side] = found
        return found

    def allies_of(self, c: Combatant) -> list[Combatant]:
        return [a for a in self.side_of(c).combatants if a is not c]
