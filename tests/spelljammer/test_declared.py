"""Issue 35: the SC − DEF the declarations weigh (`hitting.declared`, asked of every target and
weapon by the policy and `outlook`) must be `strike_chance` less `defence` at segment 11 —
in every example's battles, and in states turned every way the terms it leaves out could
apply (wounds, lighting, sight, surprise, an ambush, tentacles, cover, size, a slung shield,
encumbrance, the off hand, a plan made, a stun, a gang)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.rulesets.spelljammer import Spelljammer, hitting, round
from fracas.rulesets.spelljammer import policy as policy_module
from fracas.rulesets.spelljammer.state import Arm, Fighter, Plan, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def full(state: SjState, a: Fighter, t: Fighter, w: Arm) -> int:
    return hitting.strike_chance(state, a, t, None, w) - hitting.defence(state, t, a, 11, None)


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


def stirred(state: SjState, rng: random.Random) -> None:
    """Each figure `declared` reads or leaves out set at random (as a battle might leave it)."""
    state.lighting = rng.choice(list(hitting.LIGHTING))
    state.light_sc = hitting.LIGHTING[state.lighting]
    state.unseen_both = rng.random() < 0.3
    state.surprise_round = rng.random() < 0.2
    state.ambush_by = rng.choice([None, *(s.name for s in state.sides)])
    state.gang = {} if rng.random() < 0.8 else None
    for f in fighters(state):
        f.hp = rng.randint(-3, f.max_hp)
        f.encumbered, f.darkvision = rng.random() < 0.2, rng.random() < 0.3
        f.invisible, f.targeting_sense = rng.random() < 0.15, rng.random() < 0.3
        f.tentacle_pairs, f.range_of_field = rng.choice([0, 0, 1, 2, 3]), rng.choice([0, 0, 2])
        f.cover = rng.choice(list(hitting.COVER))
        f.size = rng.choice(list(hitting.SIZE))
        f.unaware = rng.choice(["no", "no", "no", "in_combat", "out_of_combat"])
        f.alert, f.ambush_band, f.sight = rng.random() < 0.3, rng.choice([0, 0, 1, 3, 5]), 0
        f.shield_slung, f.shield_at = rng.random() < 0.3, rng.choice([-99, 5, 12])
        f.stunned = rng.random() < 0.1
        f.plan = None if rng.random() < 0.85 else Plan("attack", rng.choice(fighters(state)))
        for arm in f.arms:
            arm.offhand, arm.specialist = rng.random() < 0.2, rng.choice([0, 1, 2])
        f.ambidextrous = rng.random() < 0.3


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_declared_is_strike_chance_less_defence_in_stirred_states(path: Path) -> None:
    encounter = fracas.load(path)
    rng = random.Random(path.stem)
    fast = 0
    for _ in range(60):
        state = Spelljammer().build_state(encounter.spec)
        stirred(state, rng)
        for a in fighters(state):
            for t in fighters(state):
                for w in a.arms:
                    found = hitting.declared(state, a, t, w)
                    assert found == full(state, a, t, w), (a.name, t.name)
                    fast += state.gang == {} and a.plan is None and t.plan is None
    assert fast > 0  # the short way was taken


@pytest.mark.skipif(
    not str(policy_module.__file__).endswith(".py"),
    reason="the rules' functions are patched: the pure build's (a compiled caller is not)",
)
@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_declared_is_strike_chance_less_defence_in_battles(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = 0
    original = hitting.declared

    def checked(state: SjState, a: Fighter, t: Fighter, w: Arm | None = None) -> int:
        nonlocal asked
        found = original(state, a, t, w)
        assert found == full(state, a, t, w or a.weapon), (state.round, a.name, t.name)
        asked += 1
        return found

    monkeypatch.setattr(hitting, "declared", checked)
    assert round.hitting is hitting
    encounter = fracas.load(path)
    for seed in range(3):
        Battle(encounter, seed=seed, observe=False).run()
    assert asked > 0
