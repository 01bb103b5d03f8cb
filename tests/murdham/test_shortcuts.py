"""The shortcuts the speed work of issue 10 took answer as the long way did: the zone map's
cached steps, the table of die means, and the policy's test of whether a character can
strike (golden battles check whole fights; these check each shortcut everywhere)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import pytest

from fracas.rulesets.murdham.policy import MurdhamPolicy, mean_die, shaded_mean
from fracas.rulesets.murdham.zones import Zone, ZoneMap


def _distance(zones: ZoneMap, a: str, b: str) -> int:
    """Breadth-first, nothing kept: the distance as M14 counts it."""
    seen = {a: 0}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        for nxt in zones.links[here]:
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen.get(b, 10_000)


def _maps() -> list[ZoneMap]:
    holes = ZoneMap.from_zones(
        [Zone("hall"), Zone("stair", open=False), Zone("tower"), Zone("cellar")],
        [("hall", "stair"), ("stair", "tower")],  # the cellar is cut off
    )
    return [ZoneMap.grid(4, 3), ZoneMap.grid(1, 1), holes]


def test_cached_distances_and_steps_are_the_long_way_round() -> None:
    for zones in _maps():
        names = sorted(zones.zones)
        for _ in range(2):  # asked twice: the second answers come from the caches
            for a in names:
                for b in names:
                    assert zones.distance(a, b) == _distance(zones, a, b)
                    if a == b:
                        assert zones.step_toward(a, b) == a
                    elif not zones.links[a]:  # nowhere to go: as `min` of nothing, an error
                        with pytest.raises(ValueError):
                            zones.step_toward(a, b)
                    else:
                        best = min(
                            sorted(zones.links[a]), key=lambda n: (_distance(zones, n, b), n)
                        )
                        closer = _distance(zones, best, b) < _distance(zones, a, b)
                        assert zones.step_toward(a, b) == (best if closer else a)
                    options = sorted(zones.links[a])
                    away = max(options, key=lambda n: (_distance(zones, n, b), n)) if options else a
                    assert zones.step_away(a, b) == away


def test_the_table_of_die_means_is_the_formula() -> None:
    for die in range(0, 130):
        for net in range(-3, 3):
            assert mean_die(die, net) == shaded_mean(die, net)


def test_can_strike_is_a_best_plan_worth_one(scene: Callable[..., Any]) -> None:
    """Wherever the two stand, near or far, whatever their wits (a sling beyond half range
    needs a WIT save): the lone candidate's activation and the enemy's threat read
    `_can_strike` for `_best_plan(c) >= 1`."""
    s = scene(
        ("A", [{"name": "A", "template": "bandit", "weapons": ["Axe", "Sling"], "zone": "a1"}]),
        ("B", [{"name": "B", "template": "bandit", "zone": "a1"}]),
    )
    policy = MurdhamPolicy(s.state)
    a, b = s["A"], s["B"]
    for zone in ("a1", "b1", "c1", "c3", "e5"):
        b.zone = zone
        for wit in (-2, 0, 8):
            a.WIT = wit
            for c in (a, b):
                assert policy._can_strike(c) == (policy._best_plan(c) >= 1.0)
