"""`Tally.add` reads a battle's combatants as the compiled `Combatant` (its fields directly)
or through the `Tallied` protocol (a summary): both give the same sums (issue 35)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from fracas.core.battle import Battle
from fracas.core.counts import Counts
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import load
from fracas.sim.tally import Tally

ROOT = Path(__file__).resolve().parents[2]


def test_the_fighters_and_their_summaries_tally_alike() -> None:
    for ruleset in ("brp", "murdham"):
        encounter = load(ROOT / f"src/fracas/rulesets/{ruleset}/bench/4v4.yaml")
        by_fighters, by_summaries = Tally(), Tally()
        for seed in range(12):
            battle = Battle(encounter, dice=SeededDice(seed), observe=False)
            outcome = battle.run()
            counts = dict(battle.state.tally)
            by_fighters.add(outcome, battle.state.combatants, counts)
            by_summaries.add(outcome, battle.summary, counts)
        assert by_fighters == by_summaries
        rows = by_fighters.combatants.values()
        assert sum(sum(t.ended.values()) for t in rows) == 12 * len(rows)
        assert any(t.dealt for t in rows) and any(t.taken for t in rows)
        assert any(t.went_down for t in rows)


def test_a_battles_counts_add_alike_as_its_tally_or_a_dict() -> None:
    """The battle's own `Counts` (copied to a plain dict to be walked) and a plain dict, the
    fighters as a list or as a tuple: the same sums, those of `Counter` addition."""
    encounter = load(ROOT / "src/fracas/rulesets/semiautomagic/bench/4v4.yaml")
    as_tally, as_dict, expected = Tally(), Tally(), Counter[str]()
    for seed in range(4):
        battle = Battle(encounter, dice=SeededDice(seed), observe=False)
        outcome = battle.run()
        counts = battle.state.tally
        assert isinstance(counts, Counts)
        as_tally.add(outcome, battle.state.combatants, counts)
        as_dict.add(outcome, tuple(battle.state.combatants), dict(counts))
        expected.update(counts)
    assert as_tally == as_dict
    assert as_tally.extras == dict(expected) and len(expected) > 3
