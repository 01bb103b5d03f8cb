"""Issue 35: the fast forms of the movement checks answer as the plain forms they replace,
over random fields (hypothesis). `moves.open_step` (is some step toward an enemy affordable
and free, on open ground: rules 28, 33-34, SAM-A7, SAM-A13) against the full list of
`moves.nearer` steps; `space.flanked` (rule 94, SAM-A40) against a set of the sides touched;
`wander.away` (rule 184, F-SAM-105) against `space.squares_at` for each direction;
`space.range_penalty` (rules 62-63) against the doublings as powers of two. The policy's
one-loop choice of an action against `best_index` of its scores; the counts kept on the state
(`SamState.count`) against a `Counter`'s `+=`."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.controllers import best_index
from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic import actions, attack, decisions, moves, odds, space, wander
from fracas.rulesets.semiautomagic.defending import pick_defence
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.state import COUNTED, HITS, WOUNDS, Fighter, SamState, Shown

from .conftest import Scene, human

SQUARES = st.tuples(st.integers(-2, 3), st.integers(-2, 2))  # crowded: steps blocked


@st.composite
def fields(draw: st.DrawFn) -> dict[str, Any]:
    """Two sides on distinct squares of a crowded field; some with a spear (reach 1-2)."""
    spots = draw(st.lists(SQUARES, min_size=2, max_size=9, unique=True))
    cut = draw(st.integers(1, len(spots) - 1))
    sheets = []
    for i, (x, y) in enumerate(spots):
        sheet = human(f"F{i}", position=[x, y])
        if draw(st.booleans()):
            sheet["weapons"] = ["spear"]
        sheets.append(sheet)
    diagonals = draw(st.sampled_from(["alternate", "chebyshev"]))
    return {"red": sheets[:cut], "blue": sheets[cut:], "diagonals": diagonals}


def scene(doc: dict[str, Any]) -> Scene:
    return Scene(("Red", doc["red"]), ("Blue", doc["blue"]),
                 options={"diagonals": doc["diagonals"]})  # fmt: skip


def plain_open_step(state: SamState, f: Fighter, goal: Fighter, budget: int) -> bool:
    """The check as `moves.reachable` made it before: every nearer step, then the first
    affordable and free one."""
    for d, _, _ in moves.nearer(state, f, goal, None):
        diagonal = d[0] != 0 and d[1] != 0
        cost = space.step_cost(1, diagonal, f.diagonals, state.alternate)
        if cost <= budget and space.free_step(state, f, d):
            return True
    return False


def plain_flanked(state: SamState, f: Fighter) -> bool:
    sides: set[tuple[int, int]] = set()
    for e in state.foes_of(f):
        if not isinstance(e, Fighter) or not e.active or not e.present:
            continue
        if space.squares(state, f, e) != 1:
            continue
        sx, sy = space.side_of(f, e.position.x, e.position.y)
        if (-sx, -sy) in sides:
            return True
        if (sx, sy) != (0, 0):
            sides.add((sx, sy))
    return False


@settings(max_examples=60, deadline=None)
@given(fields(), st.integers(1, 3), st.integers(0, 3))
def test_open_step_answers_as_the_list_of_nearer_steps(
    doc: dict[str, Any], budget: int, diagonals: int
) -> None:
    s = scene(doc)
    for f in s.state.fighters():
        f.diagonals = diagonals  # SAM-A7: the turn's diagonals so far
        for e in s.state.foes_of(f):
            assert isinstance(e, Fighter)
            want = plain_open_step(s.state, f, e, budget)
            assert moves.open_step(s.state, f, e, budget) == want


@settings(max_examples=60, deadline=None)
@given(fields())
def test_flanked_answers_as_a_set_of_sides(doc: dict[str, Any]) -> None:
    s = scene(doc)
    for f in s.state.fighters():
        assert space.flanked(s.state, f) == plain_flanked(s.state, f)


def test_flanked_between_two_foes_on_opposite_sides() -> None:
    """Rule 94: Bob between Ann and Cat (west and east) is flanked; with Cat north, not."""
    s = Scene(("A", [human("Ann", position=[-1, 0]), human("Cat", position=[1, 0])]),
              ("B", [human("Bob", position=[0, 0])]))  # fmt: skip
    assert space.flanked(s.state, s["Bob"])
    s = Scene(("A", [human("Ann", position=[-1, 0]), human("Cat", position=[0, 1])]),
              ("B", [human("Bob", position=[0, 0])]))  # fmt: skip
    assert not space.flanked(s.state, s["Bob"])


def plain_away(state: SamState, f: Fighter, source: Fighter) -> tuple[int, int]:
    """`wander.away` as it was: `space.squares_at` for each of the eight directions."""
    x, y, square = f.position.x, f.position.y, f.square
    best, most, straight = wander.COMPASS[0], -1, False
    for d in wander.COMPASS:
        dx, dy = d
        gain = space.squares_at(x + dx * square, y + dy * square, square, source, state.alternate)
        if gain > most or (gain == most and not straight and (dx == 0 or dy == 0)):
            best, most, straight = d, gain, dx == 0 or dy == 0
    return best


@settings(max_examples=60, deadline=None)
@given(fields())
def test_away_answers_as_squares_at_each_direction(doc: dict[str, Any]) -> None:
    s = scene(doc)
    for f in s.state.fighters():
        for e in s.state.foes_of(f):
            assert isinstance(e, Fighter)
            assert wander.away(s.state, f, e) == plain_away(s.state, f, e)


@settings(max_examples=200, deadline=None)
@given(st.floats(0, 400, allow_nan=False), st.integers(0, 60))
def test_range_penalty_doubles_as_powers_of_two(distance: float, increment: int) -> None:
    k = 0
    while distance > increment * 2**k + space.EPS:
        k += 1
        if k > 4:
            k = space.OUT_OF_RANGE
            break
    assert space.range_penalty(distance, increment) == k


@settings(max_examples=30, deadline=None)
@given(fields())
def test_the_policy_picks_as_best_index_of_its_scores(doc: dict[str, Any]) -> None:
    """`SamPolicy._best_action` (one loop) picks what `best_index` of the scores picks: the
    first of the highest, for every fighter's options in a random field."""
    s = scene(doc)
    policy = SamPolicy(s.state)
    for f in s.state.fighters():
        options = actions.legal(s.state, f)
        policy._near = policy._nearest(f)
        policy._options = options
        want = best_index([policy._action(f, o) for o in options])
        assert policy._best_action(f, options) == want


@given(st.lists(st.tuples(st.integers(0, len(COUNTED) - 1), st.integers(0, 3)), max_size=12))
def test_counts_written_as_a_counter_adds_them(counted: list[tuple[int, int]]) -> None:
    """A count of 0 still makes its key (a `Counter`'s `+= 0` does); writing twice adds once."""
    state = SamState()
    want: Counter[str] = Counter()
    for i, n in counted:
        state.count(i, n)
        want[COUNTED[i]] += n
    state.write_counts()
    state.write_counts()
    assert dict(state.tally) == dict(want)


def test_a_miss_is_counted_as_no_hit() -> None:
    state = SamState()
    state.count(HITS, 0)
    state.count(WOUNDS, 2)
    state.write_counts()
    assert dict(state.tally) == {"hits": 0, "wounds": 2}


@settings(max_examples=300, deadline=None)
@given(
    st.floats(-20, 200, allow_nan=False),
    st.floats(-20, 200, allow_nan=False),
    st.sampled_from([0.5, 1.0, 2.0, 4.0]),
    st.booleans(),
)
def test_squares_apart_counts_as_floor_and_max(
    gx: float, gy: float, square: float, alternate: bool
) -> None:
    """`space.squares_apart` (truncation and conditionals) against `math.floor` and `max`."""
    if gx < -space.EPS and gy < -space.EPS:
        want = 0
    else:
        sx = math.floor(max(0.0, gx) / square + space.EPS)
        sy = math.floor(max(0.0, gy) / square + space.EPS)
        want = 1 + max(sx, sy) + (min(sx, sy) // 2 if alternate else 0)
    assert space.squares_apart(gx, gy, square, alternate) == want


@st.composite
def blows(draw: st.DrawFn) -> dict[str, Any]:
    """An attacker and a target of varied skills, gear and posture, side by side (a spear
    one square off, a crossbow at range), and a plain blow or a called shot."""
    weapon = draw(st.sampled_from(["arming sword", "spear", "sap", "light crossbow"]))
    far = {"spear": 2, "light crossbow": draw(st.sampled_from([3, 12, 40]))}.get(weapon, 1)
    skill = {"weapon": draw(st.integers(0, 5)), "ranged": draw(st.integers(0, 5))}
    attacker = human("A", position=[0, 0], weapons=[weapon], STR=draw(st.integers(2, 6)),
                     skills=skill)  # fmt: skip
    target = human(
        "B",
        position=[far, 0],
        template=draw(st.sampled_from(["human", "goblin mook", "ogre"])),
        armour=draw(st.sampled_from(["none", "leather", "chain", "plate"])),
        shield=draw(st.booleans()),
        posture=draw(st.sampled_from(["standing", "crouched", "prone"])),
        skills={
            "weapon": draw(st.integers(0, 4)),
            "reflex": draw(st.integers(0, 4)),
            "shield": draw(st.integers(0, 4)),
        },
    )
    return {
        "attacker": attacker,
        "target": target,
        "region": draw(st.sampled_from(["", "head", "critical", "arm", "leg", "hand"])),
        "on_equal": draw(st.booleans()),
        "dying": draw(st.booleans()),
    }


@settings(max_examples=60, deadline=None)
@given(blows())
def test_mean_wounds_is_the_exact_odds_weighted_by_wounds(doc: dict[str, Any]) -> None:
    """`odds.mean_wounds` (integers) is the `Fraction` sum of `single_attack`'s outcomes
    weighted by their wounds (the withdrawal judgement's old reckoning), in lowest terms."""
    s = Scene(("Red", [doc["attacker"]]), ("Blue", [doc["target"]]),
              options={"wound_on_equal": doc["on_equal"]})  # fmt: skip
    a, t = s["A"], s["B"]
    t.dying = doc["dying"]
    w = a.wielded
    if attack.situation(s.state, a, t, w, False) is None:
        return  # out of range: no blow to reckon
    outcomes = odds.single_attack(s.state, a, t, w, None, doc["region"])
    plain = sum((p * harm for (_, harm, _), p in outcomes.items()), Fraction(0))
    assert odds.mean_wounds(s.state, a, t, w, doc["region"]) == (
        plain.numerator,
        plain.denominator,
    )


@settings(max_examples=40, deadline=None)
@given(fields())
def test_defences_offered_are_their_bonuses(doc: dict[str, Any]) -> None:
    """`attack.defences` offers "no defence", then a dodge, block and parry for each bonus
    `defence_bonuses` gives (the judgement's key), and the shared options are never two
    alike objects of one kind and bonus."""
    s = scene(doc)
    for f in s.state.fighters():
        f.shield = True
        for melee in (True, False):
            offered = attack.defences(s.state, f, melee)
            bonuses = attack.defence_bonuses(s.state, f, melee)
            want = [(attack.NONE, 0)] + [
                (kind, b)
                for kind, b in zip((attack.DODGE, attack.BLOCK, attack.PARRY), bonuses, strict=True)
                if b != attack.ABSENT
            ]
            assert [(d.kind, d.bonus) for d in offered] == want
            again = attack.defences(s.state, f, melee)
            assert all(x is y for x, y in zip(offered, again, strict=True))


@settings(max_examples=40, deadline=None)
@given(fields())
def test_an_approach_knows_arrival_as_arrived(doc: dict[str, Any]) -> None:
    """`moves.Approach.arrived` (what `legal` reads) answers as `moves.arrived`, for every
    fighter toward every other, spear or sword."""
    s = scene(doc)
    for f in s.state.fighters():
        for e in s.state.fighters():
            if e is not f:
                assert moves.Approach(s.state, f, e).arrived(s.state) == moves.arrived(
                    s.state, f, e
                )


@settings(max_examples=40, deadline=None)
@given(fields(), SQUARES)
def test_away_kept_answers_again_after_a_move(doc: dict[str, Any], to: tuple[int, int]) -> None:
    """`wander.away` kept for a mover (`wander.Away`) answers as worked out afresh, asked
    again after the mover, then its source, have stepped elsewhere."""
    s = scene(doc)
    fighters = s.state.fighters()
    for f in fighters:
        for e in fighters:
            if e is f:
                continue
            wander.away(s.state, f, e)  # kept
            f.position = Position(float(to[0]), float(to[1]))
            assert wander.away(s.state, f, e) == plain_away(s.state, f, e)
            e.position = Position(float(to[1]), float(-to[0]))
            assert wander.away(s.state, f, e) == plain_away(s.state, f, e)


@settings(max_examples=40, deadline=None)
@given(fields())
def test_the_policy_reading_legals_findings_picks_as_finding_its_own(
    doc: dict[str, Any],
) -> None:
    """Deciding on the very list `legal` made, the policy reads `legal`'s findings
    (`state.Shown`: the targets in reach, the foes known); on a copy of the list it finds
    its own. It picks the same."""
    s = scene(doc)
    for f in s.state.fighters():
        options = actions.legal(s.state, f)
        shown = s.state.shown
        assert isinstance(shown, Shown) and shown.options is options
        finder = SamPolicy(s.state)
        fresh = finder.pick(f, decisions.ACT, list(options))
        reader = SamPolicy(s.state)
        assert reader.pick(f, decisions.ACT, options) == fresh
        assert reader._near is finder._near
        w = f.wielded
        assert reader._targets_of(f, w) == actions.targets(s.state, f, w)


def keyed_pick(state: SamState, t: Fighter, options: list[Any], damage: int, area: bool) -> int:
    """`pick_defence` as it was: the first of the highest tuple key (a defence at all, it
    negates, its bonus, minus its index)."""
    if damage <= t.min_toughness and not (state.wound_on_equal and damage == t.min_toughness):
        return 0
    if len(options) == 1:
        return 0
    keys = []
    for i, o in enumerate(options):
        negates = area and (o.kind == attack.BLOCK or (o.kind != attack.NONE and attack.evasion(t)))
        keys.append((o.kind != attack.NONE, negates, o.bonus, -i))
    return keys.index(max(keys))


DEFENCES = st.tuples(
    st.sampled_from([attack.NONE, attack.DODGE, attack.BLOCK, attack.PARRY]), st.integers(-3, 4)
)


@settings(max_examples=300, deadline=None)
@given(st.lists(DEFENCES, min_size=1, max_size=5), st.integers(0, 14), st.booleans(), st.booleans())
def test_pick_defence_takes_the_first_of_the_best_key(
    offered: list[tuple[str, int]], damage: int, area: bool, evading: bool
) -> None:
    """`defending.pick_defence` (field by field) picks as the tuple key did, ties included."""
    s = Scene(("Red", [human("A")]), ("Blue", [human("B", position=[1, 0])]))
    t = s["B"]
    if evading:
        t.techniques.append("evasion")
    options = [attack.Defence(kind, bonus) for kind, bonus in offered]
    want = keyed_pick(s.state, t, options, damage, area)
    assert pick_defence(s.state, t, options, damage, area) == want
