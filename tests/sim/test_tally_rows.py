"""A combatant's row counts how battles left it with one counter a status (issue 35): it must
read as the dictionary by status value it replaced, add up as that did, and refuse nothing
the enum holds; and `fight_into`, `fight_range`'s compiled loop, tallies as the battles
fought one at a time through the public `Battle` do."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from fracas.core.battle import Battle
from fracas.core.combatant import Status
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import load, with_policies
from fracas.core.outcome import Ending, Outcome
from fracas.core.philox import SpawnedKeys
from fracas.sim.tally import CombatantTally, Tally, fight_into

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("brp", "murdham", "odnd", "spelljammer", "semiautomagic")


class _Fighter:
    """A summary-like combatant (the `Tallied` protocol)."""

    def __init__(self, ident: str, status: Status, rng: random.Random) -> None:
        self.id, self.name, self.side, self.status = ident, ident.upper(), "A", status
        self.went_down = rng.random() < 0.5
        self.damage_dealt, self.damage_taken = rng.randrange(9), rng.randrange(9)


def test_every_status_has_its_counter() -> None:
    for status in Status:
        row = CombatantTally("x", "A")
        row.ended_as(status, 3)
        assert row.times_ended(status) == 3
        assert row.ended == {status.value: 3}
        assert sum(row.times_ended(s) for s in Status) == 3


def test_rows_read_and_merge_as_the_dictionary_by_status_did() -> None:
    rng = random.Random(5)
    statuses = list(Status)
    parts: list[Tally] = []
    expected: dict[str, Counter[str]] = {}
    died: Counter[str] = Counter()
    for _ in range(4):
        part = Tally()
        for _ in range(30):
            fighters = [_Fighter(i, rng.choice(statuses), rng) for i in ("a", "b", "c")]
            part.add(Outcome("A", Ending.VICTORY, 2, "r"), fighters, {})
            for f in fighters:
                expected.setdefault(f.id, Counter())[f.status.value] += 1
                died[f.id] += f.status is Status.DEAD
        parts.append(part)
    total = Tally()
    for part in parts:
        total.merge(part)
    assert total.battles == 120
    for key, row in total.combatants.items():
        assert row.ended == dict(expected[key])
        assert row.died == died[key] == row.dead
    report = total.report(["A"], {})
    for line in report["combatants"]:
        want = {s: k / 120 for s, k in sorted(expected[line["id"]].items())}
        assert line["status"] == want


def _one_at_a_time(encounter_path: Path, keys_seed: int, start: int, stop: int) -> Tally:
    encounter = load(encounter_path)
    tally = Tally()
    keys = SpawnedKeys(keys_seed)
    for i in range(start, stop):
        battle = Battle(encounter, dice=SeededDice.spawned(keys, i), observe=False)
        outcome = battle.run()
        counts = dict(battle.state.tally)
        counts.update(battle.search_effort)
        tally.add(outcome, battle.summary, counts)
    return tally


@pytest.mark.parametrize("ruleset", RULESETS)
def test_fight_into_tallies_as_battles_fought_one_at_a_time(ruleset: str) -> None:
    path = ROOT / f"src/fracas/rulesets/{ruleset}/bench/1v1.yaml"
    tally = Tally()
    fight_into(tally, load(path), SpawnedKeys(11), 3, 9)
    assert tally == _one_at_a_time(path, 11, 3, 9)
    assert tally.battles == 6 and tally.extras


def test_fight_into_adds_a_searching_sides_effort() -> None:
    path = ROOT / "src/fracas/rulesets/brp/bench/1v1.yaml"
    encounter = with_policies(load(path), ["Red=search:1"])
    tally = Tally()
    fight_into(tally, encounter, SpawnedKeys(2), 0, 2)
    expected = Tally()
    for i in range(2):
        battle = Battle(encounter, dice=SeededDice.spawned(SpawnedKeys(2), i), observe=False)
        outcome = battle.run()
        effort = battle.search_effort
        assert effort
        expected.add(outcome, battle.state.combatants, {**battle.state.tally, **effort})
    for t in (tally, expected):  # (the one count that is a time, not a count)
        assert t.sums.pop("search milliseconds").n >= 0
    assert tally == expected
