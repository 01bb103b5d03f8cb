"""Seats (DESIGN.md §2): who answers for a side or a combatant at the table.

A seat is keyed by a side's or a combatant's name; it says who decides (a `person`, or the
ruleset's `policy`) and how its dice are rolled (`digital`: drawn from the seed; `physical`:
a person rolls and types each die). A combatant's own seat wins over its side's. The GM's
seat (`gm`) may answer any question and give commands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from fracas.core.combatant import BattleState, Combatant, Decider, GameMaster, Side
from fracas.core.errors import FracasError
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.journal import GM_SEAT

Decides = Literal["person", "policy"]
DiceMode = Literal["digital", "physical"]


@dataclass(frozen=True, slots=True)
class Seat:
    decides: Decides = "person"
    dice: DiceMode = "digital"

    def to_dict(self) -> dict[str, str]:
        return {"decides": self.decides, "dice": self.dice}

    @classmethod
    def parse(cls, key: str, value: Seat | Mapping[str, Any] | str) -> Seat:
        """A seat from its object, its JSON form, or a shorthand ("person", "physical")."""
        if isinstance(value, Seat):
            return value
        if isinstance(value, str):
            value = {"dice": value} if value in ("digital", "physical") else {"decides": value}
        if not isinstance(value, Mapping):
            raise FracasError(f"seat {key!r}: expected a mapping with 'decides' and 'dice'")
        unknown = set(value) - {"decides", "dice"}
        decides, dice = value.get("decides", "person"), value.get("dice", "digital")
        if unknown or decides not in ("person", "policy") or dice not in ("digital", "physical"):
            raise FracasError(
                f"seat {key!r}: 'decides' must be person or policy and 'dice' digital or"
                f" physical, got {dict(value)}"
            )
        return cls(decides, dice)


class Seating:
    """The seats of one battle, checked against its sides and combatants."""

    __slots__ = ("seats",)

    def __init__(self, seats: Mapping[str, Seat | Mapping[str, Any] | str] | None) -> None:
        # (no seats, as in every simulated battle: no mapping walked through the generic
        # protocol; issue 35)
        self.seats = {k: Seat.parse(k, v) for k, v in seats.items()} if seats else {}

    def check(self, state: BattleState) -> None:
        if not self.seats:
            return
        names = {s.name for s in state.sides} | {c.name for c in state.combatants}
        unknown = sorted(set(self.seats) - names - {GM_SEAT})
        if unknown:
            raise FracasError(
                f"no side or combatant is named {', '.join(map(repr, unknown))}"
                f" (seats are keyed by: {', '.join(sorted(names))})"
            )

    def to_dict(self) -> dict[str, dict[str, str]]:
        return {k: s.to_dict() for k, s in self.seats.items()}

    def _seat_of(self, who: Decider | None, controlled: bool = False) -> tuple[str, Seat] | None:
        if isinstance(who, Combatant):
            keys = (who.name, who.side)
            if controlled and who.controller:
                keys = (who.controller, who.controller_side)
            for key in keys:
                if key in self.seats:
                    return key, self.seats[key]
        elif isinstance(who, Side):
            if who.name in self.seats:
                return who.name, self.seats[who.name]
        elif isinstance(who, GameMaster) and GM_SEAT in self.seats:
            return GM_SEAT, self.seats[GM_SEAT]
        return None

    def deciding(self, who: Decider) -> str | None:
        """The seat where a person decides for `who`, or None (the policy decides)."""
        found = self._seat_of(who, controlled=True)  # a controller decides for its body
        return found[0] if found is not None and found[1].decides == "person" else None

    def rolling(self, who: Combatant | None) -> str | None:
        """The seat where a person rolls physical dice for `who`, or None (digital dice): its
        own, even while another mind controls it (its dice stay with its player)."""
        found = self._seat_of(who)
        return found[0] if found is not None and found[1].dice == "physical" else None


rebuilt_by_constructor(Seat)  # copies of a state (core.immutable)
