"""No cyclic garbage per battle (docs/ARCHITECTURE.md, the fast style; issue 35): a simulated
battle's objects are freed by their reference counts when it ends. A cycle (two fighters whose
plans or kept gaps name each other) leaves the whole battle to the cyclic collector, which a
simulation keeps from running, so a bench run's memory grew with it (Spelljammer's kept gaps,
keyed by the fighter, took a benchmark's process from about 80 to 150 MiB)."""

from __future__ import annotations

import gc

import pytest

from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import Encounter
from fracas.sim.bench import bench_encounters

BENCH = list(bench_encounters())


@pytest.mark.parametrize("ruleset, name, encounter", BENCH, ids=[f"{r}-{n}" for r, n, _ in BENCH])
def test_a_simulated_bench_battle_leaves_no_cycle(
    ruleset: str, name: str, encounter: Encounter
) -> None:
    gc.collect()
    gc.disable()
    try:
        for seed in range(3):
            Battle(encounter, dice=SeededDice(seed), observe=False).run()
        assert gc.collect() == 0, f"{ruleset} {name}: a battle left objects in a cycle"
    finally:
        gc.enable()
