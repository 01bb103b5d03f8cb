"""Timings of the exact odds (issue 11), for docs/benchmarks.md; never a timed test.

`python -m fracas.sim.odds_bench [--json] [RULESET ...]`: for every registered ruleset (or
those named) with a bench duel (`bench/1v1.yaml`), one attack's exact odds (its calculator,
or the enumerator where it has none: `fracas.odds`; where the duel starts out of reach, as
SemiAutoMagic's does, with the two fighters put 1 m apart) and, where the ruleset has a duel
model, the duel's (`fracas.duel_odds`); and icepool (a test dependency) computing bare dice,
for scale (all rulesets only). In CPU time, the first call and the median of the next. The
rulesets are found through the registry, as every job of this layer finds them (issue 36).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import yaml

from fracas.core.encounter import Encounter, from_document
from fracas.core.errors import FracasError
from fracas.core.ruleset import get_ruleset, registry
from fracas.exact.action import action_odds
from fracas.exact.duel import duel_odds


def timed(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The first call's time and the median of `repeat` more, in milliseconds of CPU time
    (`time.process_time`: the machine is shared, and its wall clock is other jobs' noise)."""
    start = time.process_time()
    work()
    first = (time.process_time() - start) * 1000
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
    return first, statistics.median(times)


def bench_duel(ruleset: str, *, closed_in: bool = False) -> Encounter | None:
    """The ruleset's bench duel, or None where it has none; `closed_in`: with the second
    side's first fighter put 1 m from the first side's (where fighters stand at positions
    in metres), for a one-attack figure when the duel starts out of reach."""
    path = get_ruleset(ruleset).bench_encounters().get("1v1")
    if path is None:
        return None
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    if closed_in:
        first, second = (side["combatants"][0] for side in document["sides"][:2])
        if "position" not in first:
            return None
        x, y = first["position"]
        second["position"] = [x + 1, y]
    return from_document(document, f"{ruleset} 1v1")


def cases(ruleset: str) -> dict[str, Callable[[], object]]:
    """What is timed for one ruleset: the first fighter's first attack on the second (from
    the bench duel's start, else with the two 1 m apart), and the duel, each where the rules
    give its odds."""
    encounter = bench_duel(ruleset)
    if encounter is None:
        return {}
    found: dict[str, Callable[[], object]] = {}
    for work in (attack(encounter, ""), attack(bench_duel(ruleset, closed_in=True), ", 1 m")):
        if work is not None and not any("attack" in name for name in found):
            found[f"{ruleset}: one attack's odds ({work[0]})"] = work[1]
    try:
        duel_odds(encounter)
    except FracasError:  # no duel model in these rules, or not from the start
        return found
    found[f"{ruleset}: duel odds of the bench 1v1"] = lambda: duel_odds(encounter)
    return found


def attack(encounter: Encounter | None, apart: str) -> tuple[str, Callable[[], object]] | None:
    """The first fighter's first attack on the second, named, where the rules offer one."""
    if encounter is None:
        return None
    state = encounter.ruleset.setup(encounter.spec)
    first, second = state.combatants[0].name, state.combatants[1].name
    try:
        action_odds(encounter, first, second)
    except FracasError:  # no attack of the first on the second as they stand
        return None
    return f"{first} on {second}{apart}", lambda: action_odds(encounter, first, second)


def icepool_parts() -> dict[str, Callable[[], object]]:
    """The bare dice, by icepool: Murdham's exploding d6 (to the same depth as the cut-off
    leaves, 12 rolls) and its d20 save; BRP's d100 against 60 % and 1D8+1+1D4."""
    import icepool

    def murdham() -> object:
        return icepool.d6.explode(depth=11).probabilities(), (icepool.d20 <= 8).probabilities()

    def brp() -> object:
        return (icepool.d100 <= 60).probabilities(), (icepool.d8 + 1 + icepool.d4).probabilities()

    return {"icepool: Murdham's dice (exploding d6, d20 save)": murdham,
            "icepool: BRP's dice (d100 ≤ 60, 1D8+1+1D4)": brp}  # fmt: skip


def figures(repeat: int = 20, rulesets: list[str] | None = None) -> dict[str, tuple[float, float]]:
    found: dict[str, tuple[float, float]] = {}
    for ruleset in rulesets or sorted(registry()):
        for name, work in cases(ruleset).items():
            found[name] = timed(work, 3 if "duel" in name else repeat)
    if rulesets:  # the rulesets named, without the dice for scale
        return found
    try:
        parts = icepool_parts()
    except ImportError:
        return found
    for name, work in parts.items():
        found[name] = timed(work, repeat)
    return found


def main(argv: list[str]) -> None:
    named = [arg for arg in argv if not arg.startswith("--")]
    found = figures(rulesets=named or None)
    if "--json" in argv:
        doc: dict[str, Any] = {k: {"first_ms": a, "median_ms": b} for k, (a, b) in found.items()}
        sys.stdout.write(json.dumps(doc) + "\n")
        return
    for name, (first, median) in found.items():
        sys.stdout.write(f"{name:62} first {first:9.2f} ms   then {median:9.2f} ms\n")


if __name__ == "__main__":
    main(sys.argv[1:])
