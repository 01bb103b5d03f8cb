"""Streaming aggregation: a `Tally` holds integer sums only, so merging chunks in any order
gives the same result (the same seed gives the same report whatever the workers), and its size
does not grow with the number of battles."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from fracas.core.combatant import Status
from fracas.core.outcome import Outcome
from fracas.sim import stats


class Tallied(Protocol):
    """What the tally reads of a combatant at the end: a `Combatant` or its summary."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def status(self) -> Status: ...
    @property
    def went_down(self) -> bool: ...
    @property
    def damage_dealt(self) -> int: ...
    @property
    def damage_taken(self) -> int: ...


@dataclass(slots=True)
class CombatantTally:
    name: str
    side: str
    went_down: int = 0
    died: int = 0
    dealt: int = 0
    taken: int = 0
    # How each battle left it, by typed status (never by a ruleset's display word).
    ended: Counter[str] = field(default_factory=Counter)


@dataclass(slots=True)
class Tally:
    battles: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    rounds: Counter[int] = field(default_factory=Counter)
    combatants: dict[str, CombatantTally] = field(default_factory=dict)
    extras: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)  # why battles ended

    def add(
        self, outcome: Outcome, combatants: Sequence[Tallied], extras: Mapping[str, int]
    ) -> None:
        """One battle: its outcome, its combatants as they ended (the fighters themselves,
        or their summaries), and the ruleset's own counts.

        Called once per simulated battle, interpreted: written with `dict.get` rather than
        `Counter`'s `+=` (a missing key calls `Counter.__missing__`, Python code) and
        `Counter.update` (a Python loop over a mapping), which together cost a short battle's
        tenth (issue 10). The sums are the same."""
        self.battles += 1
        winner = outcome.winner
        if winner is None:
            self.draws += 1
        else:
            wins = self.wins
            wins[winner] = wins.get(winner, 0) + 1
        rounds, reasons = self.rounds, self.reasons
        rounds[outcome.rounds] = rounds.get(outcome.rounds, 0) + 1
        reasons[outcome.reason] = reasons.get(outcome.reason, 0) + 1
        kept = self.combatants
        for c in combatants:
            t = kept.get(c.id)
            if t is None:
                t = kept[c.id] = CombatantTally(c.name, c.side)
            status = c.status
            t.went_down += c.went_down
            t.died += status is Status.DEAD
            t.dealt += c.damage_dealt
            t.taken += c.damage_taken
            word = status._value_  # the enum's value, read without its property's call
            t.ended[word] = t.ended.get(word, 0) + 1
        if extras:
            counts = self.extras
            for key, n in extras.items():
                counts[key] = counts.get(key, 0) + n

    def merge(self, other: Tally) -> None:
        self.battles += other.battles
        self.wins.update(other.wins)
        self.draws += other.draws
        self.rounds.update(other.rounds)
        self.reasons.update(other.reasons)
        for key, o in other.combatants.items():
            t = self.combatants.get(key)
            if t is None:
                self.combatants[key] = CombatantTally(
                    o.name, o.side, o.went_down, o.died, o.dealt, o.taken, Counter(o.ended)
                )
            else:
                t.went_down += o.went_down
                t.died += o.died
                t.dealt += o.dealt
                t.taken += o.taken
                t.ended.update(o.ended)
        self.extras.update(other.extras)

    def report(self, sides: list[str], meta: dict[str, Any]) -> dict[str, Any]:
        """Every figure of the report, as one JSON-ready document."""
        n = self.battles
        side_rows = []
        for side in sides:
            k = self.wins.get(side, 0)
            lo, hi = stats.wilson(k, n)
            side_rows.append({"side": side, "wins": k, "p": k / n, "ci95": [lo, hi]})
        lo, hi = stats.wilson(self.draws, n)
        return {
            **meta,
            "battles": n,
            "sides": side_rows,
            "draws": {"count": self.draws, "p": self.draws / n, "ci95": [lo, hi]},
            "rounds": {
                "mean": stats.mean(self.rounds),
                "median": stats.quantile(self.rounds, 0.5),
                "p90": stats.quantile(self.rounds, 0.9),
                "max": max(self.rounds) if self.rounds else 0,
                "histogram": {str(r): c for r, c in sorted(self.rounds.items())},
            },
            "endings": {r: k / n for r, k in sorted(self.reasons.items())},
            "combatants": [
                {
                    "id": key,
                    "name": t.name,
                    "side": t.side,
                    "went_down": t.went_down / n,
                    "died": t.died / n,
                    "damage_dealt": t.dealt / n,
                    "damage_taken": t.taken / n,
                    "status": {s: k / n for s, k in sorted(t.ended.items())},
                }
                for key, t in self.combatants.items()
            ],
            "extras": {k: v / n for k, v in sorted(self.extras.items())},
        }
