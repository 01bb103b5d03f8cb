"""`fracas bench --profile`: where a simulated battle's time goes, by layer (issue 10).

cProfile over a run of bench battles, each function's own time summed by the layer its file
belongs to. Run it on the pure build: compiled functions are invisible to cProfile (their time
lands on their interpreted callers), so the layers of the compiled build are not told apart.
"""

from __future__ import annotations

import cProfile
import pstats
import time
from collections import Counter
from typing import Any

from fracas.core.encounter import Encounter
from fracas.sim.runner import fight_range

# The layers, by the file a function lives in (first match wins); a ruleset's files are
# told apart by name: its policy, how it lists options, how it builds its state.
_LAYERS: tuple[tuple[str, str], ...] = (
    ("/policy.py", "policy"),
    ("/actions.py", "options"),
    ("/intents.py", "options"),
    ("/state.py", "state and setup"),
    ("/fracas/rulesets/", "rules"),
    ("/fracas/core/table.py", "table, dice, journal"),
    ("/fracas/core/dice_sources.py", "table, dice, journal"),
    ("/fracas/core/philox.py", "table, dice, journal"),
    ("/fracas/dice/", "table, dice, journal"),
    ("<dice ", "table, dice, journal"),  # the dice compiler's generated totals
    ("/fracas/core/", "core (battle, combatants)"),
    ("/fracas/sim/", "simulator"),
)


def layer_of(filename: str) -> str:
    for fragment, layer in _LAYERS:
        if fragment in filename:
            return layer
    return "Python and libraries"


def profile(encounter: Encounter, battles: int, budget: float | None = None) -> dict[str, Any]:
    """The share of time and the calls per battle of each layer, over `battles` battles, or
    fewer when `budget` seconds (of profiled time) run out first: an interpreted ruleset's
    4-against-4 under cProfile can take a second a battle, and `--quick` promises about a
    second per figure. Battles are fought in groups of 10, so at least 10 are profiled."""
    fight_range(encounter, 1, 0, min(20, battles))  # warm the caches first
    profiler = cProfile.Profile()
    started, fought = time.perf_counter(), 0
    while fought < battles:
        group = min(10, battles - fought)
        profiler.enable()
        fight_range(encounter, 2, fought, fought + group)
        profiler.disable()
        fought += group
        if budget is not None and time.perf_counter() - started >= budget:
            break
    battles = fought
    seconds: dict[str, float] = {}
    calls: Counter[str] = Counter()
    # pstats keeps {(file, line, name): (primitive calls, calls, own time, cumulative time,
    # callers)}; typeshed does not declare it, and `get_stats_profile` merges functions that
    # share a name, so it is read as the instance's attribute.
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, Any]]
    raw = vars(pstats.Stats(profiler))["stats"]
    for (filename, _, _), (_, ncalls, own, _, _) in raw.items():
        layer = layer_of(filename)
        seconds[layer] = seconds.get(layer, 0.0) + own
        calls[layer] += ncalls
    total = sum(seconds.values())
    return {
        "battles": battles,
        "calls_per_battle": sum(calls.values()) / battles,
        "layers": {
            layer: {"share": t / total, "calls_per_battle": calls[layer] / battles}
            for layer, t in sorted(seconds.items(), key=lambda item: -item[1])
        },
    }
