"""`balance`: the group size (or stat) that brings a side's win probability nearest a target.

The encounter builder's "difficulty" for systems without XP arithmetic. Each candidate is
simulated in batches, only until its 95 % interval decides its place relative to the target
(or a budget is spent); the search walks the candidates by bisection, assuming the win
probability moves one way as the group grows (more foes, worse odds; more friends, better).
"""

from __future__ import annotations

import copy
import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from fracas.core.encounter import Encounter, from_document
from fracas.core.errors import EncounterError, FracasError
from fracas.sim import stats
from fracas.sim.runner import simulate


@dataclass(frozen=True, slots=True)
class Trial:
    value: int
    battles: int
    wins: int

    @property
    def p(self) -> float:
        return self.wins / self.battles

    @property
    def ci95(self) -> tuple[float, float]:
        return stats.wilson(self.wins, self.battles)


@dataclass(frozen=True)
class Balance:
    side: str
    group: str
    stat: str | None
    target: float
    best: Trial
    trials: tuple[Trial, ...]

    def to_dict(self) -> dict[str, Any]:
        def row(t: Trial) -> dict[str, Any]:
            return {"value": t.value, "battles": t.battles, "p": t.p, "ci95": list(t.ci95)}

        return {
            "side": self.side,
            "group": self.group,
            "vary": self.stat or "count",
            "target": self.target,
            "best": row(self.best),
            "trials": [row(t) for t in sorted(self.trials, key=lambda t: t.value)],
        }


def locate(document: Mapping[str, Any], group: str) -> tuple[int, int]:
    """(side index, combatant index) of the combatant entry named `group`."""
    found = [
        (i, j)
        for i, side in enumerate(document.get("sides", []))
        for j, c in enumerate(side.get("combatants", []))
        if isinstance(c, dict) and c.get("name") == group
    ]
    if not found:
        names = sorted(
            {
                str(c.get("name"))
                for side in document.get("sides", [])
                for c in side.get("combatants", [])
                if isinstance(c, dict)
            }
        )
        raise FracasError(f"no combatant group named {group!r} (groups: {', '.join(names)})")
    return found[0]


def with_value(encounter: Encounter, group: str, stat: str | None, value: int) -> Encounter:
    """The encounter with the group's `count` (or the dotted `stat`) set to `value`."""
    doc = copy.deepcopy(dict(encounter.document))
    i, j = locate(doc, group)
    entry = doc["sides"][i]["combatants"][j]
    if stat is None:
        entry["count"] = value
    else:
        node = entry
        *parents, leaf = stat.split(".")
        for key in parents:  # e.g. skills.Sword, characteristics.STR
            node = node[key]
        node[leaf] = value
    try:
        return from_document(doc, encounter.source)
    except EncounterError as err:
        what = f"--stat {stat}" if stat is not None else "--vary"
        raise FracasError(f"{what} = {value}: {err}") from None


def check_stat(encounter: Encounter, group: str, stat: str) -> None:
    """Refuse, before any battle, a `--stat` path that is not a number on the group's sheet
    (templates expanded): a typo would otherwise vary nothing and report a flat line."""
    i, j = locate(encounter.document, group)
    node: Any = encounter.document["sides"][i]["combatants"][j]
    walked: list[str] = []
    for key in stat.split("."):
        keys = [str(k) for k in node] if isinstance(node, dict) else []
        if key not in keys:
            path = ".".join([*walked, key])
            near = [".".join([*walked, k]) for k in difflib.get_close_matches(key, keys, n=2)]
            hint = f"; did you mean {' or '.join(map(repr, near))}?" if near else ""
            raise FracasError(f"--stat {stat}: {group!r} has no {path!r} on its sheet{hint}")
        node, walked = node[key], [*walked, key]
    if isinstance(node, bool) or not isinstance(node, int):
        raise FracasError(f"--stat {stat}: {group!r} has {node!r} there, not a number to vary")


def balance(
    encounter: Encounter,
    group: str,
    *,
    side: str | None = None,
    target: float = 0.5,
    stat: str | None = None,
    low: int | None = None,
    high: int | None = None,
    seed: int = 0,
    batch: int = 400,
    budget: int = 6000,
    precision: float = 0.02,
    workers: int | None = None,
    on_trial: Callable[[Trial], None] | None = None,
) -> Balance:
    """Search `low..high` for the value of the group's count (or stat) whose win probability
    for `side` (default: the first side) is nearest `target`. Each value gets battles in
    batches until its 95 % interval lies wholly on one side of the target or is within
    ± `precision`, or `budget` battles."""
    if not 0 < target < 1:
        raise FracasError(f"--target must be between 0 and 1, got {target}")
    sides = [s.name for s in encounter.spec.sides]
    side = side or sides[0]
    if side not in sides:
        raise FracasError(f"no side named {side!r} (sides: {', '.join(sides)})")
    locate(encounter.document, group)
    if stat is not None:
        check_stat(encounter, group, stat)
    lo = low if low is not None else 1
    hi = high if high is not None else (12 if stat is None else 100)
    if lo > hi:
        raise FracasError(f"the range {lo}..{hi} is empty")
    cache: dict[int, Trial] = {}

    def trial(value: int) -> Trial:
        if value in cache:
            return cache[value]
        enc = with_value(encounter, group, stat, value)
        wins = battles = 0
        while battles < budget:
            report = simulate(enc, batch, seed=seed, first=battles, workers=workers)
            wins += report.tally.wins.get(side, 0)
            battles += batch
            a, b = stats.wilson(wins, battles)
            if b < target or a > target or b - a < 2 * precision:
                break  # decided: wholly above or below the target, or known to ± precision
        t = Trial(value, battles, wins)
        cache[value] = t
        if on_trial is not None:
            on_trial(t)
        return t

    first, last = trial(lo), trial(hi)
    rising = last.p >= first.p
    a, b = lo, hi
    while b - a > 1:
        mid = (a + b) // 2
        p = trial(mid).p
        if (p < target) == rising:
            a = mid
        else:
            b = mid
    best = min(cache.values(), key=lambda t: (abs(t.p - target), t.value))
    return Balance(side, group, stat, target, best, tuple(cache.values()))
