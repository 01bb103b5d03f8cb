"""Issue 35: a fighter keeps its wound modifier (rules 87–94, SJ-U16, SJ-U17) with the hit
points and `wound_base` it was found at (`Fighter.wound_hp`); whatever the order its hit
points and starting hit points change in, the modifier must be the one a fighter with nothing
kept finds."""

from __future__ import annotations

import random

from fracas.rulesets.spelljammer.state import Fighter
from fracas.rulesets.spelljammer.wounds import wound_modifier


def test_a_kept_wound_modifier_is_the_one_found_afresh() -> None:
    rng = random.Random(35)
    f = Fighter(name="kept")
    seen = set()
    for _ in range(5000):
        if rng.random() < 0.2:
            f.wound_base = rng.randint(-5, 40)
        f.hp = rng.randint(-15, 40)
        fresh = Fighter(name="fresh")
        fresh.hp, fresh.wound_base = f.hp, f.wound_base
        assert wound_modifier(f) == wound_modifier(fresh)
        seen.add(wound_modifier(f))
    assert seen == {0, -10, -20, -30}  # every level met, kept and found again
