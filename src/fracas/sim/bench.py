"""`fracas bench`: battles per second for every registered ruleset, on one core and on all,
with the peak memory of a million-battle run — each speed also as a ratio to the yardstick
timed in the same process, because absolute speeds drift on shared machines."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

import yaml

from fracas.core.encounter import Encounter, from_document
from fracas.core.ruleset import registry
from fracas.sim import yardstick
from fracas.sim.runner import default_workers, fight_range, simulate

MILLION = 1_000_000


def timed_rate(run: Callable[[int, int], None], seconds: float, step: int) -> float:
    """Battles per second of `run(start, stop)` over about `seconds`."""
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        run(done, done + step)
        done += step
    return done / (time.perf_counter() - start)


def yardstick_rates(seconds: float) -> dict[str, float]:
    return {"1v1": yardstick.rate(1, seconds), "4v4": yardstick.rate(4, seconds)}


def bench(
    *,
    quick: bool = False,
    workers: int | None = None,
    seconds: float | None = None,
    memory_sizes: tuple[int, int] | None = None,
    least_per_worker: int = 100,
) -> dict[str, Any]:
    """Every figure of `fracas bench`. `seconds` per figure and `memory_sizes` override the
    defaults (1 s and 2,000/6,000 battles with `quick`, else 4 s and 20,000/60,000); the
    all-cores figure fights at least `least_per_worker` battles a worker, so that starting
    the workers does not swamp a slow ruleset's figure."""
    seconds = seconds or (1.0 if quick else 4.0)
    sizes = memory_sizes or ((2_000, 6_000) if quick else (20_000, 60_000))
    workers = workers or default_workers()
    before = yardstick_rates(seconds / 2)
    rulesets: dict[str, Any] = {}
    for rid, cls in registry().items():
        ruleset = cls()
        figures: dict[str, Any] = {}
        for name, path in ruleset.bench_encounters().items():
            enc = _bench_encounter(rid, name, path)
            fight_range(enc, 0, 0, 20)  # warm the caches
            one = timed_rate(_fighter(enc), seconds, 25)
            many: float | None = None  # one worker: no all-cores figure, no speed-up (issue 33)
            if workers > 1:
                n = max(workers * least_per_worker, int(one * workers * seconds))
                start = time.perf_counter()
                simulate(enc, n, seed=1, workers=workers)
                many = n / (time.perf_counter() - start)
            figures[name] = {
                "one_core": one,
                "workers": workers,
                "all_workers": many,
                "speedup": many / one if many is not None else None,
            }
        if "1v1" in figures:
            figures["memory"] = memory(
                ruleset.bench_encounters()["1v1"].read_text(), sizes, workers
            )
        rulesets[rid] = figures
    after = yardstick_rates(seconds / 2)
    yard = {k: (before[k] + after[k]) / 2 for k in before}
    for figures in rulesets.values():
        for name in ("1v1", "4v4"):
            if name in figures:
                figures[name]["ratio_one_core"] = figures[name]["one_core"] / yard[name]
    return {
        "build": build(),
        "yardstick": {"before": before, "after": after, "mean": yard},
        "seconds_per_figure": seconds,
        "rulesets": rulesets,
    }


def _bench_encounter(rid: str, name: str, path: Traversable) -> Encounter:
    return from_document(yaml.safe_load(path.read_text()), source=f"{rid}:bench/{name}")


def bench_encounters() -> Iterator[tuple[str, str, Encounter]]:
    """Every ruleset's bench encounters: (ruleset id, "1v1" or "4v4", the encounter)."""
    for rid, cls in registry().items():
        for name, path in cls().bench_encounters().items():
            yield rid, name, _bench_encounter(rid, name, path)


def build() -> str:
    """Which build is timed: "compiled" (mypyc, setup.py) or "pure" Python."""
    from fracas.core import table

    return "pure" if str(table.__file__).endswith(".py") else "compiled"


def _fighter(enc: Encounter) -> Callable[[int, int], None]:
    def run(start: int, stop: int) -> None:
        fight_range(enc, 0, start, stop)

    return run


def memory(encounter_text: str, sizes: tuple[int, int], workers: int) -> dict[str, Any]:
    """Peak resident memory of a simulation in a fresh process, at two sizes; projected to a
    million battles by a straight line through the two (stated as a projection)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.yaml"
        path.write_text(encounter_text)
        runs = [_probe(path, n, workers) for n in sizes]
    (n1, m1), (n2, m2) = ((r["battles"], _peak(r)) for r in runs)
    slope = (m2 - m1) / (n2 - n1)
    projected = max(m2, m2 + slope * (MILLION - n2))
    return {
        "runs": [
            {"battles": r["battles"], "peak_mib": _peak(r), "seconds": r["seconds"]} for r in runs
        ],
        "million_battles_peak_mib": projected,
        "projected": True,
        "how": "main process peak + worker peak × workers, measured at two sizes, straight line"
        " to 1,000,000 battles",
    }


def _probe(path: Path, n: int, workers: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, "-m", "fracas.sim.memprobe", str(path), str(n), str(workers)],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(out.stdout)
    result["workers"] = workers
    return result


def _peak(run: dict[str, Any]) -> float:
    kib = run["main_kib"] + (run["worker_kib"] * run["workers"] if run["workers"] > 1 else 0)
    return float(kib) / 1024
