"""No cyclic garbage per battle (docs/ARCHITECTURE.md, the fast style; issue 35): a simulated
battle's objects are freed by their reference counts when it ends. A cycle (two fighters whose
plans or kept gaps name each other) leaves the whole battle to the cyclic collector, which a
simulation keeps from running, so a bench run's memory grew with it (Spelljammer's kept gaps,
keyed by the fighter, took a benchmark's process from about 80 to 150 MiB; Murdham's riders and
mounts named each other). Every ruleset's bench battles and every bundled example."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import Encounter
from fracas.sim.bench import bench_encounters

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BENCH = [(f"{r}-{n}", e) for r, n, e in bench_encounters()]
FIGHTS = BENCH + [(f"{p.parent.name}-{p.stem}", p) for p in sorted(EXAMPLES.glob("*/*.yaml"))]


@pytest.mark.parametrize("name, fight", FIGHTS, ids=[n for n, _ in FIGHTS])
def test_a_simulated_battle_leaves_no_cycle(name: str, fight: Encounter | Path) -> None:
    encounter = fight if isinstance(fight, Encounter) else fracas.load(fight)
    # Every object older than the battles is frozen (set aside, garbage or not): the collection
    # after them looks at the battles' own objects only, not at the whole heap of a worker that
    # has imported the suite (two full collections were most of this test's time, on both
    # builds: issue 35). A cycle among the objects a battle made is found as before; the
    # encounter, alive throughout, is among the frozen.
    gc.disable()
    gc.freeze()
    try:
        for seed in range(3):
            Battle(encounter, dice=SeededDice(seed), observe=False).run()
        assert gc.collect() == 0, f"{name}: a battle left objects in a cycle"
    finally:
        gc.unfreeze()
        gc.enable()
