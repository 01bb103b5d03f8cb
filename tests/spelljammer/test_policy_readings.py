"""Issue 35: the policy's quicker readings must be the readings they stand for, to the last
bit (a float a hair off could turn a tie and change a battle):

- `outlook.time_to_win` sums its pace by loops and reads harms through a native `ExpectedHarm`: the
  same float as the sums of `max` it replaced, and the policy's `RoundHarm` (its round's
  pairs) the same as `outlook.attack_harm`;
- a `Pair` keeps the harm at no penalty: each harm it answers, at any penalty in any
  order, is the table's (`outlook.harm_of`)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import fracas
from fracas.core.geometry import Position
from fracas.rulesets.spelljammer import Spelljammer, outlook
from fracas.rulesets.spelljammer.policy import Pair, SjPolicy
from fracas.rulesets.spelljammer.state import Fighter, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


def summed(state: SjState, f: Fighter) -> float:
    """`time_to_win` as it was written: `sum` and `max` over generators."""
    foes = outlook.able_foes(state, f)
    if not foes:
        return 0.0
    ours = [
        a for s in state.sides if s.name == f.side for a in s.combatants
        if isinstance(a, Fighter) and a.able and a.arms
    ]  # fmt: skip
    pace = sum(
        max(a.attacks, 1) * max(outlook.attack_harm(state, a, e) for e in foes) for a in ours
    )
    hp = sum(max(1, e.hp) for e in foes)
    return hp / pace if pace > 0 else float("inf")


def shuffled(state: SjState, rng: random.Random) -> None:
    """Fighters moved and hurt at random (some down to 0 hit points)."""
    for f in fighters(state):
        if rng.random() < 0.5:
            f.position = Position(rng.uniform(0, 30), rng.uniform(0, 9))
        if rng.random() < 0.5:
            f.hp = rng.randint(0, max(1, f.max_hp))


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_time_to_win_is_the_sums_it_replaced(path: Path) -> None:
    encounter = fracas.load(path)
    rng = random.Random(path.stem)
    state = Spelljammer().build_state(encounter.spec)
    asked = 0
    for _ in range(12):
        shuffled(state, rng)
        for f in fighters(state):
            expected = summed(state, f)
            assert outlook.time_to_win(state, f) == expected, f.name
            policy = SjPolicy(state)  # a new one: it keeps its readings for the round
            assert policy._time_to_win(f) == expected, f.name
            asked += expected > 0
    assert asked > 0  # some sides had a pace to sum


def test_a_pairs_kept_harms_are_the_tables() -> None:
    state = Spelljammer().build_state(fracas.load(ENCOUNTERS[0]).spec)
    me = fighters(state)[0]
    foe = next(e for e in state.enemies_of(me) if isinstance(e, Fighter))
    policy = SjPolicy(state)
    rng = random.Random(35)
    for _ in range(200):
        pair = Pair(foe, me.weapon, rng.randint(-20, 120))
        for penalty in rng.choices([0, 25, 10, 20, 30, 40], k=8):
            expected = outlook.harm_of(me.weapon.damage, pair.base - penalty, foe.prot())
            assert policy._harm(pair, penalty) == expected, (pair.base, penalty)
