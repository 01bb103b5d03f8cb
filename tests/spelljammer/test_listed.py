"""Issue 35: a plan listed again the same as the round before is the object listed before
(`options.Listed`, `options.put`): each listing must equal, field by field, the one made with
nothing kept, and the kept plans must be handed out again (the shortcut taken)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import fracas
from fracas.core.geometry import Position
from fracas.rulesets.spelljammer import Spelljammer, options
from fracas.rulesets.spelljammer.state import Fighter, Plan, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def described(plans: list[Plan]) -> list[tuple[object, ...]]:
    """Every field of each plan (identity for the fighters, weapons, spells and potions)."""
    return [
        (p.action, id(p.target), p.mode, p.sacrifice, id(p.spell), p.handling, id(p.arm),
         p.extra, p.cost, id(p.potion), str(p))
        for p in plans
    ]  # fmt: skip


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


def fresh(state: SjState, f: Fighter) -> list[Plan]:
    """`f`'s listing with nothing kept from before."""
    options.LISTED.state = None
    return options.plans(state, f, None, None)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_a_listing_is_the_one_made_anew(path: Path) -> None:
    state = Spelljammer().build_state(fracas.load(path).spec)
    rng = random.Random(f"{path.stem} listed")
    kept = 0
    for r in range(20):
        for f in fighters(state):  # some stay put (their plans listed again), some move
            if rng.random() < 0.4:
                f.position = Position(rng.uniform(0, 12), rng.uniform(0, 6))
            if rng.random() < 0.2:
                f.hp = rng.randint(1, max(1, f.max_hp))
        state.round = r + 1
        for f in fighters(state):
            if not f.able:
                continue
            before = {id(p) for p in options.LISTED.of(state, f)}
            listed = options.plans(state, f, None, None)  # compared with the last listing
            kept += sum(id(p) in before and p.target is not None for p in listed)
            kept_by = dict(options.LISTED.by)
            again = fresh(state, f)
            assert described(listed) == described(again), (f.name, r)
            options.LISTED.by = kept_by  # as `plans` left it: the next round compares with it
    if path.parent.name == "bench":
        assert kept > 0  # plans were handed out again: the comparison above checks them


def test_the_listings_are_dropped_for_another_state() -> None:
    path = ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench" / "1v1.yaml"
    state = Spelljammer().build_state(fracas.load(path).spec)
    f = fighters(state)[0]
    options.plans(state, f, None, None)
    assert options.LISTED.state is state and options.LISTED.by
    other = Spelljammer().build_state(fracas.load(path).spec)
    assert options.LISTED.of(other, fighters(other)[0]) == []
    assert options.LISTED.state is other and not options.LISTED.by
