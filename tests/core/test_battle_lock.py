"""A battle's lock is made on first use (a simulated battle never takes it; issue 35): the
same lock every time after, one lock however many threads ask first at once."""

from __future__ import annotations

import threading
from pathlib import Path

from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import load

ROOT = Path(__file__).resolve().parents[2]


def test_a_battles_lock_is_made_once_on_first_use() -> None:
    encounter = load(ROOT / "src/fracas/rulesets/brp/bench/1v1.yaml")
    battle = Battle(encounter, dice=SeededDice(1), observe=False, journaled=False)
    battle.run()
    assert battle._lock is None  # fought and never locked
    for _ in range(5):
        fresh = Battle(encounter, dice=SeededDice(1))
        start = threading.Barrier(8)
        seen: list[object] = []

        def ask(b: Battle = fresh, go: threading.Barrier = start, out: list[object] = seen) -> None:
            go.wait()
            out.append(b._locked())

        threads = [threading.Thread(target=ask) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(seen) == 8 and all(lock is seen[0] for lock in seen)
        assert fresh._locked() is seen[0] is fresh._lock
    assert battle.advance() is None and battle._lock is not None  # a battle's methods take it
