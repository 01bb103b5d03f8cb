"""Typed, JSON-ready events (DESIGN.md §1: `table.emit(event)`).

Every event is an immutable dataclass of plain data (ids, numbers, strings): no references
to live state, so a log can be kept, compared, serialised and filtered. Each says who may see
it (`gm_only`); front-ends filter on it so that nothing hidden reaches a player. Each event
narrates itself in one line (`text()`), so the ruleset that defines an event owns its words.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of all events. `depth` indents the narration (0 = headline, 2 = dice detail)."""

    gm_only: bool = False
    depth: ClassVar[int] = 1

    @property
    def type(self) -> str:
        return type(self).__name__

    def text(self) -> str:
        """One line for the narrated log."""
        fields = ", ".join(f"{k}={v}" for k, v in self.fields().items())
        return f"{self.type}: {fields}"

    def fields(self) -> dict[str, Any]:
        return {
            f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "gm_only"
        }

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: {"type": ..., fields..., "gm_only": true only when set}."""
        out: dict[str, Any] = {"type": self.type}
        out.update(_plain(self.fields()))
        if self.gm_only:
            out["gm_only"] = True
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _plain(dataclasses.asdict(value))
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleStarted(Event):
    ruleset: str
    title: str
    sides: tuple[tuple[str, tuple[str, ...]], ...]  # (side name, combatant names)
    depth: ClassVar[int] = 0

    def text(self) -> str:
        teams = "  vs  ".join(f"{name} ({', '.join(names)})" for name, names in self.sides)
        return f"{self.title} [{self.ruleset}]: {teams}"


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
    """Emitted by `table.roll` for every roll that has dice: the audit trail of the log."""

    by: str | None
    reason: str
    notation: str
    faces: tuple[int, ...]
    total: int
    breakdown: str
    depth: ClassVar[int] = 2

    def text(self) -> str:
        return f"{self.reason}: {self.breakdown}"


@dataclass(frozen=True, slots=True)
class CombatantSummary:
    id: str
    name: str
    side: str
    status: str
    hp: int
    hp_max: int
    damage_dealt: int
    damage_taken: int
    went_down: bool  # out of the fight at some point (unconscious, dying...), even if revived


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleEnded(Event):
    """The last event of every battle; its JSON form is the summary line of `--json`."""

    winner: str | None
    rounds: int
    ending: str
    combatants: tuple[CombatantSummary, ...]
    depth: ClassVar[int] = 0

    def text(self) -> str:
        who = f"{self.winner} win" if self.winner else "Draw"
        return f"{who} after {self.rounds} round{'s' if self.rounds != 1 else ''} ({self.ending})"
