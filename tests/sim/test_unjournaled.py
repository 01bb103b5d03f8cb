"""A simulated battle fought unjournaled (`Battle(journaled=False)`, `fight_range`'s) is the
battle a journaled one is: the same outcome, state, tally and dice drawn, with nothing written
in its journal (issue 35)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import Encounter, load, with_policies
from fracas.core.philox import SpawnedKeys
from fracas.sim.runner import fight_range
from fracas.sim.tally import Tally

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("brp", "murdham", "odnd", "spelljammer", "semiautomagic")


def _fought(encounter: Encounter, index: int, journaled: bool) -> tuple[Battle, Any, SeededDice]:
    dice = SeededDice.spawned(SpawnedKeys(3), index)
    battle = Battle(encounter, dice=dice, observe=False, journaled=journaled)
    return battle, battle.run(), dice


def _standing(battle: Battle) -> list[tuple[Any, ...]]:
    return [
        (c.id, c.status, c.went_down, c.damage_dealt, c.damage_taken)
        for c in battle.state.combatants
    ]


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("size", ["1v1", "4v4"])
def test_an_unjournaled_battle_is_the_journaled_one(ruleset: str, size: str) -> None:
    encounter = load(ROOT / f"src/fracas/rulesets/{ruleset}/bench/{size}.yaml")
    for index in range(4 if size == "1v1" else 2):
        kept, kept_outcome, kept_dice = _fought(encounter, index, True)
        bare, bare_outcome, bare_dice = _fought(encounter, index, False)
        assert bare_outcome == kept_outcome
        assert _standing(bare) == _standing(kept)
        assert dict(bare.state.tally) == dict(kept.state.tally)
        assert bare_dice.position == kept_dice.position  # every die drawn alike
        assert kept.journal and not bare.journal
        # the journaled battle replays: its journal is the whole battle
        again = Battle(encounter, dice=SeededDice(0), journal=kept.journal, observe=False)
        assert again.run() == kept_outcome


def test_fight_range_tallies_as_journaled_battles_do() -> None:
    encounter = load(ROOT / "src/fracas/rulesets/brp/bench/4v4.yaml")
    kept = Tally()
    for index in range(5, 11):
        battle, outcome, _ = _fought(encounter, index, True)
        kept.add(outcome, battle.state.combatants, dict(battle.state.tally))
    assert fight_range(encounter, 3, 5, 11) == kept


def test_a_searching_side_keeps_the_journal_it_replays() -> None:
    encounter = with_policies(
        load(ROOT / "src/fracas/rulesets/brp/bench/1v1.yaml"), ["Red=search:1"]
    )
    battle, _, _ = _fought(encounter, 0, False)
    assert battle.searches and battle.journal
