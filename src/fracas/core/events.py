"""Typed, JSON-ready events (DESIGN.md §1: `table.emit(event)`).

Every event is an immutable dataclass of plain data (ids, numbers, strings): no references
to live state, so a log can be kept, compared, serialised and filtered. Each carries its
audience (`core.audience`: everyone, the GM, or one side) and `visible_to` is the one filter
every front-end uses, so that nothing hidden reaches a player. Each event narrates itself in
one line (`text()`), so the ruleset that defines an event owns its words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from fracas.core.audience import EVERYONE, GM_VIEW, Viewer
from fracas.core.combatant import Combatant, Status

_META = ("audience", "ids")


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of all events. `depth` indents the narration (0 = headline, 2 = dice detail).

    `ids` maps each combatant the event names to its id (filled by the battle as the event
    is emitted: names are unique within a battle), so that a front-end can key on ids."""

    audience: str = EVERYONE
    ids: tuple[tuple[str, str], ...] = ()
    depth: ClassVar[int] = 1

    @property
    def type(self) -> str:
        return type(self).__name__

    def text(self) -> str:
        """One line for the narrated log."""
        fields = ", ".join(f"{k}={v}" for k, v in self.fields().items())
        return f"{self.type}: {fields}"

    def fields(self) -> dict[str, Any]:
        """The event's own fields (not its audience or ids)."""
        return {
            f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name not in _META
        }

    def for_viewer(self, viewer: Viewer) -> Event | None:
        """This event as `viewer` may see it: itself, a redacted copy, or None."""
        return self if viewer.may_see(self.audience) else None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: {"type": ..., fields..., "audience": ..., "ids": {name: id}}."""
        out: dict[str, Any] = {"type": self.type}
        out.update(_plain(self.fields()))
        out["audience"] = self.audience
        if self.ids:
            out["ids"] = dict(self.ids)
        return out


def visible_to(event: Event, viewer: Viewer) -> Event | None:
    """The one filter of what a viewer sees (DESIGN.md §2): used by the narrated log, the JSON
    stream and every front-end."""
    return event if viewer.gm else event.for_viewer(viewer)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Status):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


@dataclass(frozen=True, slots=True)
class Entrant:
    """A combatant as the battle starts: `hidden` ones are unknown to the other sides."""

    id: str
    name: str
    hidden: bool = False


def _seen_by(viewer: Viewer, side: str, hidden: bool) -> bool:
    return viewer.gm or not hidden or viewer.side == side


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleStarted(Event):
    ruleset: str
    title: str
    sides: tuple[tuple[str, tuple[Entrant, ...]], ...]  # (side name, its combatants)
    depth: ClassVar[int] = 0

    def text(self) -> str:
        teams = "  vs  ".join(
            f"{name} ({', '.join(e.name for e in entrants)})" for name, entrants in self.sides
        )
        return f"{self.title} [{self.ruleset}]: {teams}"

    def for_viewer(self, viewer: Viewer) -> Event | None:
        """Players are not told of combatants hidden from them (an ambush)."""
        if not viewer.may_see(self.audience):
            return None
        sides = tuple(
            (name, tuple(e for e in entrants if _seen_by(viewer, name, e.hidden)))
            for name, entrants in self.sides
        )
        if sides == self.sides:
            return self
        seen = {e.name for _, entrants in sides for e in entrants}
        ids = tuple((n, i) for n, i in self.ids if n in seen)
        return dataclasses.replace(self, sides=sides, ids=ids)


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    round: int
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"Round {self.round}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(Event):
    round: int
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"End of round {self.round}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceRolled(Event):
    """Emitted by `table.roll` for every roll that has dice: the audit trail of the log.
    `by` is the roller's id, `who` its name."""

    by: str | None
    who: str | None
    reason: str
    notation: str
    faces: tuple[int, ...]
    total: int
    breakdown: str
    depth: ClassVar[int] = 2

    def text(self) -> str:
        return f"{self.reason}: {self.breakdown}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rerolled(Event):
    """The GM had the last roll rolled again (a GM command): the earlier faces stand void."""

    reason: str
    faces: tuple[int, ...]

    def text(self) -> str:
        return f"The GM has the roll for {self.reason} ({list(self.faces)}) rolled again"


@dataclass(frozen=True, slots=True, kw_only=True)
class Revealed(Event):
    """A hidden combatant is revealed to everyone (the rules say when)."""

    who: str
    why: str

    def text(self) -> str:
        return f"{self.who} is revealed ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class CommandApplied(Event):
    """A GM command took effect (between actions, where the ruleset allows it)."""

    command: str
    effect: str
    depth: ClassVar[int] = 0

    def text(self) -> str:
        return f"GM: {self.effect}"


@dataclass(frozen=True, slots=True)
class CombatantSummary:
    """A combatant's end state: a typed `status` every front-end and the simulator read, the
    ruleset's own word for it (`condition`: "unconscious", "dying"...), and its vitals by the
    ruleset's names ({"HP": (11, 13)}, {"wounds": 2, "toughness": 8}, {"men": (37, 50)})."""

    id: str
    name: str
    side: str
    status: Status
    condition: str
    vitals: Mapping[str, int | tuple[int, int]]
    damage_dealt: int
    damage_taken: int
    went_down: bool  # out of the fight at some point (unconscious, dying...), even if revived
    hidden: bool = False  # still unknown to the other sides at the end

    @classmethod
    def of(
        cls, c: Combatant, condition: str, vitals: Mapping[str, int | tuple[int, int]]
    ) -> CombatantSummary:
        """A combatant's summary: the core's tallies, the ruleset's word and vitals."""
        return cls(
            id=c.id,
            name=c.name,
            side=c.side,
            status=c.status,
            condition=condition,
            vitals=vitals,
            damage_dealt=c.damage_dealt,
            damage_taken=c.damage_taken,
            went_down=c.went_down,
            hidden=c.hidden,
        )

    def vitals_text(self) -> str:
        """Vitals for a table cell: "HP 11/13", "wounds 2, toughness 8"."""
        parts = []
        for name, value in self.vitals.items():
            shown = f"{value[0]}/{value[1]}" if isinstance(value, tuple) else str(value)
            parts.append(f"{name} {shown}")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleEnded(Event):
    """The last event of every battle; its JSON form is the summary line of `--json`."""

    winner: str | None
    rounds: int
    ending: str
    reason: str
    combatants: tuple[CombatantSummary, ...]
    depth: ClassVar[int] = 0

    def text(self) -> str:
        # "Victory for Blue", not "Blue win(s)": a side's name may be singular or plural.
        who = f"Victory for {self.winner}" if self.winner else "Draw"
        rounds = f"{self.rounds} round{'s' if self.rounds != 1 else ''}"
        return f"{who} after {rounds} ({self.reason})"

    def for_viewer(self, viewer: Viewer) -> Event | None:
        """Players are not told of combatants who stayed hidden from them."""
        if not viewer.may_see(self.audience):
            return None
        kept = tuple(c for c in self.combatants if _seen_by(viewer, c.side, c.hidden))
        if len(kept) == len(self.combatants):
            return self
        seen = {c.name for c in kept}
        ids = tuple((n, i) for n, i in self.ids if n in seen)
        return dataclasses.replace(self, combatants=kept, ids=ids)


__all__ = ["GM_VIEW", "Event", "visible_to"]
