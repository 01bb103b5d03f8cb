"""Streaming aggregation: a `Tally` holds integer sums only, so merging chunks in any order
gives the same result (the same seed gives the same report whatever the workers), and its size
does not grow with the number of battles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from fracas.core.combatant import Combatant, Status
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
    ended: dict[str, int] = field(default_factory=dict)


@dataclass(slots=True)
class Tally:
    battles: int = 0
    # Plain dicts, not Counters: compiled, setting a Counter's item goes through its Python
    # class's `__setitem__` slot (about 1,000 instructions a key, a twentieth of a duel)
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    rounds: dict[int, int] = field(default_factory=dict)
    combatants: dict[str, CombatantTally] = field(default_factory=dict)
    extras: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)  # why battles ended

    def add(
        self, outcome: Outcome, combatants: Sequence[Tallied], extras: Mapping[str, int]
    ) -> None:
        """One battle: its outcome, its combatants as they ended (the fighters themselves,
        or their summaries), and the ruleset's own counts.

        Called once per simulated battle, compiled: plain dicts added to with `dict.get`, not
        Counters (a missing key calls `Counter.__missing__`, Python code; `Counter.update` is a
        Python loop; setting a Counter's item is a slot call), which together cost a short
        battle's tenth (issue 10). The sums are the same."""
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
        if isinstance(combatants, list):  # (the fighters: walked as a list, not generically)
            for c in combatants:
                self._one(c)
        else:
            for c in combatants:
                self._one(c)
        if extras:
            # A battle's tally is a `Counts` (a `Counter`): iterated as itself, its items were
            # a method call and a generic iterator (about 650 instructions a battle and 70 a
            # key); its copy (`dict`'s own C copy of a dict) is walked directly (issue 35)
            _add_dict(self.extras, extras if type(extras) is dict else dict(extras))

    def _one(self, c: Tallied) -> None:
        if isinstance(c, Combatant):
            # Typed as the compiled class, its fields are read as C struct fields: through
            # the protocol each was a `getattr` by name (about 190 instructions, twelve a
            # duel; issue 35). A summary takes the protocol's way; the sums are the same.
            self._count(c.id, c.status, c.went_down, c.damage_dealt, c.damage_taken, c)
        else:
            self._count(c.id, c.status, c.went_down, c.damage_dealt, c.damage_taken, c)

    def _count(
        self, key: str, status: Status, went_down: bool, dealt: int, taken: int, c: Tallied
    ) -> None:
        """One combatant's battle added to its row (`c` names a new row)."""
        t = self.combatants.get(key)
        if t is None:
            t = self.combatants[key] = CombatantTally(c.name, c.side)
        t.went_down += went_down
        t.died += status is Status.DEAD
        t.dealt += dealt
        t.taken += taken
        word = status._value_  # the enum's value, read without its property's call
        t.ended[word] = t.ended.get(word, 0) + 1

    def merge(self, other: Tally) -> None:
        self.battles += other.battles
        _add(self.wins, other.wins)
        self.draws += other.draws
        _add(self.rounds, other.rounds)
        _add(self.reasons, other.reasons)
        for key, o in other.combatants.items():
            t = self.combatants.get(key)
            if t is None:
                self.combatants[key] = CombatantTally(
                    o.name, o.side, o.went_down, o.died, o.dealt, o.taken, dict(o.ended)
                )
            else:
                t.went_down += o.went_down
                t.died += o.died
                t.dealt += o.dealt
                t.taken += o.taken
                _add(t.ended, o.ended)
        _add(self.extras, other.extras)

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


def _add_dict(into: dict[str, int], counts: dict[str, int]) -> None:
    """`_add` of a plain dict: compiled, an exact dict's items are read in place."""
    for key, n in counts.items():
        into[key] = into.get(key, 0) + n


def _add(into: dict[Any, int], counts: Mapping[Any, int]) -> None:
    """`Counter.update` for plain dicts: each count added to the one already there."""
    for key, n in counts.items():
        into[key] = into.get(key, 0) + n
