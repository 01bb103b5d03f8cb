"""Issue 35, eighth stop: the rules' one-pass forms answer as the plain forms they replace,
over random crowded fields (hypothesis). `moves.next_step` (rules 28, 30-34, C15, SAM-A7,
SAM-A13, rule 94's flanking squares first) against the first free, affordable step of the
sorted `moves.steps`; `actions.in_range` (rules 62-63, C11) against `attack.situation`
answering at all; `attack.refresh_defences` (S6) against `DEFENCE_SKILL`; `movements` with
the measurer and band read once against an `Approach` per enemy."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.combatant import Status
from fracas.rulesets.semiautomagic import actions, attack, called, harm, moves, space
from fracas.rulesets.semiautomagic import round as sam_round
from fracas.rulesets.semiautomagic.state import Fighter, SamState

from .conftest import Scene, human

SQUARES = st.tuples(st.integers(-3, 3), st.integers(-2, 2))  # crowded: steps blocked
WEAPONS = st.sampled_from(["", "spear", "light crossbow", "pike", "javelin", "arcane bolt"])


@st.composite
def fields(draw: st.DrawFn) -> dict[str, Any]:
    """Two sides on distinct squares of a crowded field, with a mix of weapons."""
    spots = draw(st.lists(SQUARES, min_size=2, max_size=9, unique=True))
    cut = draw(st.integers(1, len(spots) - 1))
    sheets = []
    for i, (x, y) in enumerate(spots):
        sheet = human(f"F{i}", position=[x, y])
        weapon = draw(WEAPONS)
        if weapon:
            sheet["weapons"] = [weapon]
        sheets.append(sheet)
    diagonals = draw(st.sampled_from(["alternate", "chebyshev"]))
    return {"red": sheets[:cut], "blue": sheets[cut:], "diagonals": diagonals}


def scene(doc: dict[str, Any]) -> Scene:
    return Scene(("Red", doc["red"]), ("Blue", doc["blue"]),
                 options={"diagonals": doc["diagonals"]})  # fmt: skip


def plain_next_step(
    state: SamState,
    f: Fighter,
    goal: Fighter,
    left: int,
    diagonals: int,
    only: tuple[int, int] | None,
    run: bool,
) -> tuple[int, bool, tuple[int, int]] | None:
    """`next_step` as it was: the sorted list of `steps`, then the first free, affordable."""
    for d in moves.steps(state, f, goal, only):
        if not space.free_step(state, f, d):
            continue
        factor = space.terrain_step(state, f, d)
        diagonal = d[0] != 0 and d[1] != 0
        step = space.step_cost(factor, diagonal, diagonals, state.alternate)
        if (run and factor > 1) or step > left:
            continue
        return step, diagonal, d
    return None


@settings(max_examples=80, deadline=None)
@given(fields(), st.integers(1, 3), st.integers(0, 3), st.booleans(), st.integers(-1, 7))
def test_next_step_answers_as_the_sorted_steps(
    doc: dict[str, Any], left: int, diagonals: int, run: bool, heading: int
) -> None:
    s = scene(doc)
    only = None if heading < 0 else space.DIRECTIONS[heading]
    for f in s.state.fighters():
        for e in s.state.foes_of(f):
            assert isinstance(e, Fighter)
            want = plain_next_step(s.state, f, e, left, diagonals, only, run)
            assert moves.next_step(s.state, f, e, left, diagonals, only, run) == want
            at = moves.Approach(s.state, f, e)
            assert moves.next_step(s.state, f, e, left, diagonals, only, run, at) == want


def test_next_step_prefers_the_flanking_square() -> None:
    """Rule 94 (issue 31): of two squares equally near the band, the one that flanks the
    goal with an ally comes first, though its gap is longer."""
    s = Scene(("Red", [human("Ann", position=[-2, 1]), human("Cat", position=[-1, 0])]),
              ("Blue", [human("Bob", position=[0, 0])]))  # fmt: skip
    want = plain_next_step(s.state, s["Ann"], s["Bob"], 2, 0, None, False)
    got = moves.next_step(s.state, s["Ann"], s["Bob"], 2, 0, None, False)
    assert got == want
    assert got is not None


@settings(max_examples=60, deadline=None)
@given(fields())
def test_in_range_answers_as_the_situation(doc: dict[str, Any]) -> None:
    s = scene(doc)
    for f in s.state.fighters():
        if f.wielded.data.kind == "melee":
            continue  # (`targets` asks `in_reach` for a melee weapon)
        for e in s.state.foes_of(f):
            assert isinstance(e, Fighter)
            for far in (0.0, 20.0, 200.0):
                e.position = type(e.position)(e.position.x + far, e.position.y)
                want = attack.situation(s.state, f, e, f.wielded, False) is not None
                assert actions.in_range(s.state, f, e, f.wielded) == want


def test_refresh_defences_by_the_skills() -> None:
    """S6: 1 + the ranks of each defence's skill (`DEFENCE_SKILL`), in its order."""
    s = Scene(("Red", [human("Ann", skills={"reflex": 2, "weapon": 1})]),
              ("Blue", [human("Bob")]))  # fmt: skip
    ann = s["Ann"]
    ann.defences.clear()
    attack.refresh_defences(ann)
    want = {kind: 1 + ann.ranks.get(skill, 0) for kind, skill in attack.DEFENCE_SKILL.items()}
    assert ann.defences == want
    assert list(ann.defences) == list(attack.DEFENCE_SKILL)
    assert ann.defences[attack.DODGE] == 3


def plain_movements(state: SamState, f: Fighter) -> list[str]:
    """The movement options' kinds and goals with an `Approach` made afresh per enemy."""
    out = []
    for e in actions.known_foes(state, f):
        at = moves.Approach(state, f, e)
        if at.arrived(state):
            continue
        step, run = moves.reachable(state, f, e, f.move_squares, at)
        if step:
            out.append(f"move {e.id}")
            if run:
                out.append(f"run {e.id}")
    return out


@settings(max_examples=40, deadline=None)
@given(fields())
def test_movements_answer_as_an_approach_per_enemy(doc: dict[str, Any]) -> None:
    s = scene(doc)
    for f in s.state.fighters():
        got = [f"{a.kind} {a.goal.id}" for a in actions.movements(s.state, f) if a.goal]
        assert got == plain_movements(s.state, f)


def plain_legal(state: SamState, f: Fighter) -> list[actions.Action]:
    """`legal` as it was: a list for each kind of option, the lists joined in turn."""
    out, _ = actions.strikes_found(state, f)
    known = actions.known_foes(state, f)
    out = out + actions.preparations(state, f) + actions.movements(state, f, known)
    out = out + actions.postures(f) + actions.rams(state, f, known)
    out = out + actions.withdrawals(state, f, known)
    if f.possession is not None:
        out += actions.possessions(state, f)
    if f.possessed_by:
        left = actions.SECONDS - f.body_seconds - state.second
        out = [a for a in out if a.seconds <= left]
    out.append(actions.END)
    if actions.may_delay(state, f):
        out.append(actions.DELAY)
    return out


POSTURES = st.lists(st.sampled_from(["standing", "crouched", "prone"]), min_size=9, max_size=9)


def content(options: list[actions.Action]) -> list[tuple[Any, ...]]:
    """What an option says (an aim or a help to reload is made afresh each time)."""
    return [(a.kind, a.seconds, a.goal, a.weapon, a.combo, a.region) for a in options]


@settings(max_examples=60, deadline=None)
@given(fields(), POSTURES, st.lists(st.integers(0, 2), min_size=9, max_size=9))
def test_legal_answers_as_the_lists_joined(
    doc: dict[str, Any], postures: list[str], paces: list[int]
) -> None:
    """`legal`'s one list filled in place offers the same options, in the same order, as the
    lists of each kind joined (strikes, preparations, movements, postures, rams, withdrawals)."""
    s = scene(doc)
    for i, f in enumerate(s.state.fighters()):
        f.posture, f.pace = postures[i], paces[i]  # rules 26, 99; 150-151 (a ram needs pace)
    for f in s.state.fighters():
        assert content(actions.legal(s.state, f)) == content(plain_legal(s.state, f))


def plain_run_heading(
    state: SamState, f: Fighter, goal: Fighter, budget: int
) -> tuple[int, int] | None:
    """`run_heading` as it was: the sorted `steps`, a tuple key each, the first least kept."""
    m = moves.measurer(state, f)
    reach = moves.band(state, m)
    best: tuple[tuple[int, float], tuple[int, int]] | None = None
    gx, gy = goal.position.x - f.position.x, goal.position.y - f.position.y
    for d in moves.steps(state, f, goal, None):
        if not space.free_step(state, f, d) or space.terrain_step(state, f, d) != 1:
            continue
        diagonal = d[0] != 0 and d[1] != 0
        length = math.hypot(d[0], d[1]) * f.square
        along = (gx * d[0] + gy * d[1]) / math.hypot(d[0], d[1])
        n = moves.affordable(budget, diagonal, f.diagonals, state.alternate)
        n = max(1, min(n, round(along / length)))
        ex, ey = f.position.x + d[0] * n * f.square, f.position.y + d[1] * n * f.square
        d_end = space.squares_at(ex, ey, m.square, goal, state.alternate, m.seat or m.square)
        key = (moves.off_band(d_end, reach),
               math.hypot(gx + f.position.x - ex, gy + f.position.y - ey))  # fmt: skip
        if best is None or key < best[0]:
            best = (key, d)
    return None if best is None else best[1]


@settings(max_examples=80, deadline=None)
@given(fields(), st.integers(1, 18), st.integers(0, 3))
def test_run_heading_answers_as_the_sorted_steps(
    doc: dict[str, Any], budget: int, diagonals: int
) -> None:
    """Rules 30-31: the straight run's heading, in one pass, as from the sorted steps."""
    s = scene(doc)
    for f in s.state.fighters():
        f.diagonals = diagonals
        for e in s.state.foes_of(f):
            assert isinstance(e, Fighter)
            assert moves.run_heading(s.state, f, e, budget) == plain_run_heading(
                s.state, f, e, budget
            )


@settings(max_examples=60, deadline=None)
@given(fields(), st.lists(st.sampled_from(list(Status)), min_size=9, max_size=9),
       st.lists(st.booleans(), min_size=9, max_size=9))  # fmt: skip
def test_over_answers_as_the_set_of_camps(
    doc: dict[str, Any], statuses: list[Status], broken: list[bool]
) -> None:
    """The round stops when at most one camp still stands (the Broken have given up,
    F-SAM-109): the loop answers as the set of standing camps did."""
    s = scene(doc)
    for i, f in enumerate(s.state.fighters()):
        f.status, f.broken = statuses[i], broken[i]
    camps = {s.state.camp(f) for f in s.state.fighters() if s.state.standing(f)}
    assert sam_round.over(s.state) == (len(camps) <= 1)


@settings(max_examples=40, deadline=None)
@given(fields(), st.lists(st.booleans(), min_size=81, max_size=81))
def test_known_foes_leave_out_the_hidden(doc: dict[str, Any], hidden: list[bool]) -> None:
    """Rules 110-111: a foe whose square `f` failed to spot is not known to it."""
    s = scene(doc)
    fighters = s.state.fighters()
    for i, e in enumerate(fighters):
        for j, f in enumerate(fighters):
            if hidden[9 * i + j]:
                e.unseen_by.add(f.id)
    for f in fighters:
        want = [e for e in s.state.foes_of(f) if isinstance(e, Fighter) and e.active
                and e.present and f.id not in e.unseen_by]  # fmt: skip
        assert actions.known_foes(s.state, f) == want


def plain_apply(s: Scene, h: harm.Hit) -> dict[int, str]:
    """`apply_all`'s general path, as every hit took it before: dictionaries of the
    Toughness before, the results and the levels, for the one hit."""
    state, table, hits = s.state, s.table, [h]
    before = {id(x.target): (x.target.toughness, x.target.min_toughness) for x in hits}
    found: dict[int, str] = {}
    levels: dict[int, str] = {}
    for i, x in enumerate(hits):
        tough, least = before[id(x.target)]
        tough, least = tough + x.bonus, least + x.bonus
        if x.region:
            levels[i] = called.severity(x.region, x.damage, tough, least, state.wound_on_equal)
            found[i] = called.wound_effect(x.region, levels[i])
        else:
            found[i] = harm.effect(x.damage, tough, least, state.wound_on_equal)
        harm.struck(table, x, tough, least, found[i])
    harm.settle(table, state, h.target, [(h, found[0])])
    for i, level in levels.items():
        called.after(table, state, hits[i].target, hits[i].region, level, hits[i].damage)
    return found


def pair() -> Scene:
    s = Scene(("A", [human("Ada", position=[0, 0])]), ("B", [human("Bo", position=[1.5, 0])]))
    s.dice.push(*([3, 4, 2, 5, 1, 6] * 6))  # (for a Fortitude or a dying check, if asked)
    return s


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 14), st.sampled_from(["", "head", "torso", "arm", "leg", "hand"]),
       st.integers(0, 2), st.integers(0, 2))  # fmt: skip
def test_a_lone_hit_applies_as_the_general_path(
    damage: int, region: str, bonus: int, wounds: int
) -> None:
    """Rules 88, 91, 105, 116-124 (SAM-A25): one hit's effect, log and aftermath as the
    general path of `apply_all` gave them."""
    fast, plain = pair(), pair()
    for s in (fast, plain):
        s["Bo"].wounds = wounds
    hit = harm.Hit(fast["Ada"], fast["Bo"], damage, False, region, bonus)
    got = harm.apply_all(fast.table, fast.state, [hit])
    want = plain_apply(plain, harm.Hit(plain["Ada"], plain["Bo"], damage, False, region, bonus))
    assert got == want
    assert [repr(e) for e in fast.events] == [repr(e) for e in plain.events]
    assert repr(fast["Bo"]) == repr(plain["Bo"])
