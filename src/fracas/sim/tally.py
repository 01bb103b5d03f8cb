"""Streaming aggregation: a `Tally` holds integer sums only, so merging chunks in any order
gives the same result (the same seed gives the same report whatever the workers), and its size
does not grow with the number of battles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from fracas.core.battle import Battle
from fracas.core.combatant import BattleState, Combatant, Status
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import Encounter
from fracas.core.outcome import Outcome
from fracas.core.philox import SpawnedKeys
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


# Each `Status` as a C static (Final), compared by identity in `CombatantTally.ended_as`
ACTIVE: Final = Status.ACTIVE
DOWN: Final = Status.DOWN
DEAD: Final = Status.DEAD
FLED: Final = Status.FLED
SURRENDERED: Final = Status.SURRENDERED
CAPTURED: Final = Status.CAPTURED


@dataclass(slots=True)
class CombatantTally:
    """One combatant's row: its sums over the battles, and how each battle left it, by typed
    status (never by a ruleset's display word).

    How it ended is one counter a status (`active` ... `captured`), not a dictionary keyed by
    the status's value: a battle's fighter was a generic attribute read (`_value_`), a look-up
    and a store, about 900 instructions a fighter a battle (issue 35). `ended` gives them as
    that dictionary was (the statuses seen, by value), for the report and for readers."""

    name: str
    side: str
    went_down: int = 0
    died: int = 0
    dealt: int = 0
    taken: int = 0
    active: int = 0
    down: int = 0
    dead: int = 0
    fled: int = 0
    surrendered: int = 0
    captured: int = 0

    def ended_as(self, status: Status, n: int = 1) -> None:
        """`n` more battles that left it `status`."""
        if status is ACTIVE:
            self.active += n
        elif status is DOWN:
            self.down += n
        elif status is DEAD:
            self.dead += n
        elif status is FLED:
            self.fled += n
        elif status is SURRENDERED:
            self.surrendered += n
        elif status is CAPTURED:
            self.captured += n
        else:  # a status added to the enum and not here: refused, never dropped
            raise ValueError(f"no counter for status {status!r}")

    def times_ended(self, status: Status) -> int:
        """How many battles left it `status`."""
        if status is ACTIVE:
            return self.active
        if status is DOWN:
            return self.down
        if status is DEAD:
            return self.dead
        if status is FLED:
            return self.fled
        if status is SURRENDERED:
            return self.surrendered
        if status is CAPTURED:
            return self.captured
        raise ValueError(f"no counter for status {status!r}")

    @property
    def ended(self) -> dict[str, int]:
        """How the battles left it, by the status's value: the statuses seen only."""
        out: dict[str, int] = {}
        for status in Status:
            k = self.times_ended(status)
            if k:
                out[status.value] = k
        return out

    def merged(self, other: CombatantTally) -> None:
        """`other`'s sums added to this row's."""
        self.went_down += other.went_down
        self.died += other.died
        self.dealt += other.dealt
        self.taken += other.taken
        self.active += other.active
        self.down += other.down
        self.dead += other.dead
        self.fled += other.fled
        self.surrendered += other.surrendered
        self.captured += other.captured


@dataclass(slots=True)
class Sum:
    """One of the ruleset's counts, summed over the battles. Added to in place: a sum kept
    in a dict of ints was a look-up, a new int boxed (the sums soon pass the small ints
    Python shares), the old one freed and a store, about 650 instructions a count a battle;
    here it is one look-up and a machine add (issue 35). Equal when the sums are."""

    n: int = 0


@dataclass(slots=True)
class Tally:
    battles: int = 0
    # Plain dicts, not Counters: compiled, setting a Counter's item goes through its Python
    # class's `__setitem__` slot (about 1,000 instructions a key, a twentieth of a duel)
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    rounds: dict[int, int] = field(default_factory=dict)
    combatants: dict[str, CombatantTally] = field(default_factory=dict)
    # The ruleset's counts summed, each in a `Sum` of its own (`extras` reads them as a dict)
    sums: dict[str, Sum] = field(default_factory=dict)
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
            _add_sums(self.sums, extras if type(extras) is dict else dict(extras))

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
        t.died += status is DEAD
        t.dealt += dealt
        t.taken += taken
        t.ended_as(status)

    def merge(self, other: Tally) -> None:
        self.battles += other.battles
        _add(self.wins, other.wins)
        self.draws += other.draws
        _add(self.rounds, other.rounds)
        _add(self.reasons, other.reasons)
        for key, o in other.combatants.items():
            t = self.combatants.get(key)
            if t is None:
                t = self.combatants[key] = CombatantTally(o.name, o.side)
            t.merged(o)
        for key, theirs in other.sums.items():
            mine = self.sums.get(key)
            if mine is None:
                self.sums[key] = Sum(theirs.n)
            else:
                mine.n += theirs.n

    @property
    def extras(self) -> dict[str, int]:
        """The ruleset's counts summed over the battles (a new dict: change `sums`)."""
        return {key: s.n for key, s in self.sums.items()}

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


def fight_into(
    tally: Tally, encounter: Encounter, keys: SpawnedKeys, start: int, stop: int
) -> None:
    """Battles start..stop-1 of `keys`' run, unobserved and unjournaled (nothing here reads a
    battle's journal), each added to `tally` as it ends: `runner.fight_range`'s loop, here to
    be compiled (the runner stays interpreted: a battle's construction with keywords, its
    method calls and its state's attributes were interpreted calls every battle; issue 35).
    """
    for i in range(start, stop):
        battle = Battle(encounter, dice=SeededDice.spawned(keys, i), observe=False, journaled=False)
        outcome = battle.run()
        state: BattleState = battle.state
        counts: Mapping[str, int] = state.tally
        if battle.searches:  # what a searching side's decisions cost (issue 34)
            counts = {**counts, **battle.search_effort}
        tally.add(outcome, state.combatants, counts)  # (the fighters: no summary built)


def _add_sums(into: dict[str, Sum], counts: dict[str, int]) -> None:
    """Each count added to its `Sum` (compiled, an exact dict's items are read in place)."""
    for key, n in counts.items():
        s = into.get(key)
        if s is None:
            into[key] = Sum(n)
        else:
            s.n += n


def _add(into: dict[Any, int], counts: Mapping[Any, int]) -> None:
    """`Counter.update` for plain dicts: each count added to the one already there."""
    for key, n in counts.items():
        into[key] = into.get(key, 0) + n
