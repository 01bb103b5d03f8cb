"""Timings of the exact odds (issue 11), for docs/benchmarks.md; never a timed test.

`python -m fracas.exact.bench [--json]`: Murdham's one-action calculator, the duel chains of
the bench duels, and icepool (a test dependency) computing the bare-dice part of each in the
same run, for scale.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from importlib import resources
from typing import Any

import yaml

from fracas.core.encounter import Encounter, from_document
from fracas.exact.duel import duel_odds
from fracas.rulesets.murdham import odds as murdham_odds
from fracas.rulesets.murdham.policy import MurdhamPolicy
from fracas.rulesets.murdham.state import Character


def timed(work: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The first call's time and the median of `repeat` more, in milliseconds."""
    start = time.perf_counter()
    work()
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return first, statistics.median(times)


def bench_encounter(ruleset: str) -> Encounter:
    path = resources.files(f"fracas.rulesets.{ruleset}").joinpath("bench", "1v1.yaml")
    return from_document(yaml.safe_load(path.read_text(encoding="utf-8")), f"{ruleset} 1v1")


def murdham_action(label: str | None = None) -> Callable[[], object]:
    """The bench's axe blow, the target reacting as its policy would (a counter), or with
    the reaction labelled `label`."""
    encounter = bench_encounter("murdham")
    state = encounter.ruleset.setup(encounter.spec)
    red, blue = state.characters()
    assert isinstance(red, Character) and isinstance(blue, Character)
    axe, policy = red.weapons[0], MurdhamPolicy(state)
    return lambda: murdham_odds.attack_effects(state, red, blue, axe, label, policy)


def duel_of(encounter: Encounter) -> Callable[[], object]:
    return lambda: duel_odds(encounter)


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


def figures(repeat: int = 20) -> dict[str, tuple[float, float]]:
    found = {
        "Murdham calculator: one axe blow, countered (the policy)": timed(murdham_action(), repeat),
        "Murdham calculator: one axe blow, no reaction": timed(
            murdham_action("no reaction"), repeat
        ),
        "Murdham calculator: one axe blow, dodged or not": timed(
            murdham_action("dodge (AGI save)"), repeat
        ),
    }
    for ruleset in ("brp", "murdham"):
        found[f"duel odds: {ruleset} bench 1v1"] = timed(duel_of(bench_encounter(ruleset)), 3)
    try:
        parts = icepool_parts()
    except ImportError:
        return found
    for name, work in parts.items():
        found[name] = timed(work, repeat)
    return found


def main(argv: list[str]) -> None:
    found = figures()
    if "--json" in argv:
        doc: dict[str, Any] = {k: {"first_ms": a, "median_ms": b} for k, (a, b) in found.items()}
        sys.stdout.write(json.dumps(doc) + "\n")
        return
    for name, (first, median) in found.items():
        sys.stdout.write(f"{name:62} first {first:9.2f} ms   then {median:9.2f} ms\n")


if __name__ == "__main__":
    main(sys.argv[1:])
