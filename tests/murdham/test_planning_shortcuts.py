"""The shortcuts the speed work of issue 35 took in listing and weighing a turn's plans answer
as the long way did: `approach_needed` without moving the character (the long way stepped it
toward the target and asked `why_not` again), and the policy's `_best_plan` from the parts of
`expected` (the long way called `expected` for every enemy and weapon). Golden battles check
whole fights; these check each shortcut wherever the two stand."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from typing import Any

from fracas.rulesets.murdham.attack import NON_LETHAL, max_range, reach, why_not
from fracas.rulesets.murdham.policy import MurdhamPolicy, in_reach
from fracas.rulesets.murdham.state import Character, MurdhamState, Weapon
from fracas.rulesets.murdham.turn import approach_needed, half_move, plans
from fracas.rulesets.murdham.zones import UNREACHABLE, Zone, ZoneMap

ZONES = ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2")
BORDERS: dict[str, tuple[str | None, ...]] = {
    "a1": (None, "b1"),
    "b1": (None, "b2"),
    "c1": (None,),
    "d1": (None, "c1"),
    "a2": (None,),
    "b2": (None, "c2"),
    "c2": (None,),
    "d2": (None, "d1"),
}


def _moved_and_asked(
    state: MurdhamState, c: Character, target: Character, weapon: Weapon, kind: str
) -> int | None:
    """`approach_needed` the long way: the character stepped toward the target, asked again."""
    if why_not(state, c, target, weapon, moving=False, kind=kind) is None:
        return 0
    if not weapon.ready or c.speed == 0:
        return None
    distance = state.range(c, target)
    if weapon.data.ranged and kind not in NON_LETHAL:
        steps = distance - max_range(c, target, weapon) // 2
    else:
        steps = distance - (reach(c, weapon) if kind == "damage" else 0)
    if steps < 1 or steps > half_move(state, c, target.zone):
        return None
    here, border = c.zone, c.border
    try:
        for _ in range(steps):
            c.zone, c.border = state.zones.step_toward(c.zone, target.zone), None
        legal = why_not(state, c, target, weapon, moving=True, kind=kind) is None
        return steps if legal else None
    finally:
        c.zone, c.border = here, border


def _best_plan_the_long_way(policy: MurdhamPolicy, c: Character) -> float:
    if c.grabbed_by is not None:
        return 1.0
    state = policy.state
    best = 0.5
    half = max(1, c.speed // 2) if c.speed else 0
    for e in state.characters():
        if e.side == c.side or not e.able or e.hidden:
            continue
        for w in c.usable_weapons():
            if in_reach(state, c, e, w, state.range(c, e), half):
                best = max(best, 1.0 + policy.expected(c, e, w, moving=False))
    return best


def _scene(scene: Callable[..., Any]) -> Any:
    """A long-legged archer against a bandit, over a map with a dark and a closed zone."""
    return scene(
        (
            "A",
            [
                {
                    "name": "A",
                    "template": "bandit",
                    "weapons": ["Axe", "Sling"],
                    "zone": "a1",
                    "speed": 4,
                }
            ],
        ),
        ("B", [{"name": "B", "template": "bandit", "zone": "d2"}]),
        grid=(4, 2),
        map={"dark": ["c2"], "cover": ["b2"], "closed": ["b1"]},
    )


def _placed(state: MurdhamState) -> Any:
    """Every placing of the two, on borders or not, as (attacker, target) after each is set."""
    a, b = state.characters()
    for az, bz in product(ZONES, ZONES):
        for ab, bb in product(BORDERS[az], BORDERS[bz]):
            a.zone, a.border = state.zones.name(az), None if ab is None else state.zones.name(ab)
            b.zone, b.border = state.zones.name(bz), None if bb is None else state.zones.name(bb)
            yield a, b


def test_approach_without_moving_is_approach_by_moving(scene: Callable[..., Any]) -> None:
    s = _scene(scene)
    state = s.state
    asked = 0
    for a, b in _placed(state):
        for speed, size, barrier, hidden, fired in product(
            (0, 1, 4), (-1, 0, 2), (False, True), (False, True), (False, True)
        ):
            a.speed, a.size = speed, size
            b.behind_barrier, b.hidden = barrier, hidden
            for w in a.weapons:
                w.fired = fired
                for kind in ("damage", "grapple") if w.name == "Unarmed" else ("damage",):
                    where = (a.zone, a.border)
                    want = _moved_and_asked(state, a, b, w, kind)
                    assert approach_needed(state, a, b, w, kind) == want, (a.zone, b.zone, w)
                    got = approach_needed(state, a, b, w, kind, state.range(a, b))
                    assert got == want
                    assert (a.zone, a.border) == where  # nobody moved
                    asked += 1
    assert asked > 10_000


def test_plans_are_listed_as_before_wherever_they_stand(scene: Callable[..., Any]) -> None:
    """The plans listed name the approach the long way works out for every strike."""
    s = _scene(scene)
    state = s.state
    for a, b in _placed(state):
        for p in plans(state, a):
            approach = getattr(p, "approach", None)
            weapon = getattr(p, "weapon", None)
            kind = getattr(p, "kind", None)
            if approach is not None and weapon is not None and kind is not None:
                assert _moved_and_asked(state, a, b, weapon, kind) == approach


def test_best_plan_is_the_best_expected_blow(scene: Callable[..., Any]) -> None:
    s = _scene(scene)
    state = s.state
    policy = MurdhamPolicy(state)
    values: set[float] = set()
    for a, b in _placed(state):
        for wit, size, speed, hidden, cover in product(
            (-2, 8, 25), (-1, 0, 1), (0, 2, 4), (False, True), (False, True)
        ):
            a.WIT, a.size, a.speed, b.hidden, b.cover = wit, size, speed, hidden, cover
            for c in (a, b):
                want = _best_plan_the_long_way(policy, c)
                assert policy._best_plan(c) == want
                values.add(want)
    assert len(values) > 10  # armour, sizes, saves and reach all told


def test_no_approach_to_a_zone_no_path_leads_to(scene: Callable[..., Any]) -> None:
    """However far a half move goes, a cut-off zone stays out of reach (the range stays
    `UNREACHABLE`): no count of steps is taken off it."""
    s = _scene(scene)
    state = s.state
    state.zones = ZoneMap.from_zones(
        [Zone("hall"), Zone("stair"), Zone("tower"), Zone("cellar"), Zone("crypt")],
        [("hall", "stair"), ("stair", "tower"), ("cellar", "crypt")],  # two islands
    )
    a, b = state.characters()
    a.speed = 3 * UNREACHABLE  # a half move of 1.5 × UNREACHABLE zones
    for az, bz in product(state.zones.zones, state.zones.zones):
        a.zone, a.border, b.zone, b.border = az, None, bz, None
        for w in a.weapons:
            for kind in ("damage", "grapple") if w.name == "Unarmed" else ("damage",):
                want = _moved_and_asked(state, a, b, w, kind)
                assert approach_needed(state, a, b, w, kind) == want
                if ("hall" in (az, bz) and "crypt" in (az, bz)) or want == UNREACHABLE:
                    assert want is None
