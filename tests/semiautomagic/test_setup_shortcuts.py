"""Issue 35, eleventh stop: the set-up's and the round's shortcuts answer as the full forms
they replace. A battle's fighters copied from the template (`state.clone_fighter`) equal it
field by field and share only what no battle writes; the round's defence rolls kept from
the set-up (`Fighter.round_rolls`, S6) are 1 + the ranks; the flanking test reading the
defender's footprint once (rule 94, SAM-A40) answers as the pairwise `squares`; the
experience figures kept for the process (rules 224-229) and a combo's attacks (rules 81-86)
as the tables read afresh; the weapon, cover, delay and syndrome records' own constructors
as the dataclass's."""

from __future__ import annotations

import copy
import pickle
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import fracas
from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic import actions, attack, data, experience, moves, space
from fracas.rulesets.semiautomagic.state import (
    CoverObject,
    Delayed,
    Fighter,
    SamState,
    Syndrome,
    Wielded,
    clone_fighter,
    clone_state,
    rolls_of,
)

from .conftest import Scene, human

EXAMPLES = Path(__file__).parents[2] / "examples" / "semiautomagic"
BENCH = Path(__file__).parents[2] / "src" / "fracas" / "rulesets" / "semiautomagic" / "bench"
# Fields a battle's copy shares with the template: frozen values, and the ranks and the
# round's defence rolls, which nothing in a battle writes (`clone_fighter`'s docstring)
SHARED = {"position", "ranks", "round_rolls", "heading", "cover_toward", "possession"}
PATHS = sorted(EXAMPLES.glob("*.yaml")) + sorted(BENCH.glob("*.yaml"))


def templates() -> list[SamState]:
    out = []
    for path in PATHS:
        encounter = fracas.load(path)
        out.append(encounter.ruleset.build_state(encounter.spec))
    return out


def field_names(f: Fighter) -> list[str]:
    return [name for name in vars(type(f)).get("__dataclass_fields__", {})]


def same_value(a: Any, b: Any) -> bool:
    """Equal by value, records (weapons, syndromes, cover) field by field."""
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, (Wielded, Syndrome, CoverObject)):
        return type(a) is type(b) and all(
            getattr(a, n) == getattr(b, n) for n in a.__dataclass_fields__
        )
    return bool(a == b)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_a_battles_fighter_copies_the_template_field_by_field(path: Path) -> None:
    """Every field of the copy equals the template's; a container is the template's own
    only for `SHARED`; changing the copy's containers leaves the template as it was."""
    encounter = fracas.load(path)
    template = encounter.ruleset.build_state(encounter.spec)
    for f in template.fighters():
        n = clone_fighter(f)
        names = field_names(f)
        assert "round_rolls" in names and "defences" in names
        for name in names:
            mine, theirs = getattr(n, name), getattr(f, name)
            assert same_value(mine, theirs), name
            if isinstance(theirs, (dict, list, set)) and name not in SHARED:
                assert mine is not theirs, name
        before = {k: copy.deepcopy(getattr(f, k)) for k in ("defences", "delays", "vetoed",
                                                              "unseen_by", "symptoms", "bonus")}
        n.defences["dodge"] = -5
        n.delays.append(Delayed(n.wielded, n, 3))
        n.vetoed.append("x")
        n.unseen_by.add("x")
        n.symptoms.add("blinded")
        n.bonus["weapon"] = 99
        n.weapons[0].loaded = not f.weapons[0].loaded
        for k, v in before.items():
            assert getattr(f, k) == v, k
        assert n.weapons[0] is not f.weapons[0]


@pytest.mark.parametrize("path", PATHS, ids=lambda p: p.stem)
def test_the_rounds_defence_rolls_are_one_plus_the_ranks(path: Path) -> None:
    """S6: the kept rolls equal 1 + the ranks of each kind's skill, as the full form reads
    them (`DEFENCE_SKILL`), for the template and a battle's copy, after a round's spending."""
    encounter = fracas.load(path)
    template = encounter.ruleset.build_state(encounter.spec)
    state = clone_state(template)
    for f in state.fighters():
        want = {kind: 1 + f.ranks.get(skill, 0) for kind, skill in attack.DEFENCE_SKILL.items()}
        assert f.round_rolls == want
        assert list(f.round_rolls) == list(want)  # the order `defences` are listed in
        f.defences["dodge"] -= 3
        f.defences["parry"] = 0
        attack.refresh_defences(f)
        assert f.defences == want


def test_a_fighter_not_built_by_setup_refreshes_from_its_ranks() -> None:
    """With no kept rolls, `refresh_defences` reads the ranks themselves."""
    f = Fighter("x", "X", "Red")
    f.ranks = {"reflex": 2, "weapon": 1}
    assert not f.round_rolls
    attack.refresh_defences(f)
    assert f.defences == {"dodge": 3, "block": 1, "parry": 2} == rolls_of(f.ranks)


def plain_flanked(state: SamState, f: Fighter) -> bool:
    """Rule 94, SAM-A40, the full form: two foes adjacent (`squares` 1) on opposite sides or
    corners."""
    sides = set()
    for e in state.foes_of(f):
        if not isinstance(e, Fighter) or not e.active or not e.present:
            continue
        if space.squares(state, f, e) == 1:
            side = space.side_of(f, e.position.x, e.position.y)
            if side != (0, 0):
                sides.add(side)
    return any((-sx, -sy) in sides for sx, sy in sides)


@pytest.mark.parametrize("seed", range(40))
def test_flanked_answers_as_the_pairwise_squares(seed: int) -> None:
    """On random crowds (half-square places, a mounted-size footprint, both diagonal
    rules), `space.flanked` equals the full form for every fighter."""
    rng = random.Random(seed)
    spots = rng.sample([(x, y) for x in range(-2, 3) for y in range(-2, 3)], rng.randint(3, 7))
    sheets = [human(f"F{i}", position=[x, y]) for i, (x, y) in enumerate(spots)]
    cut = rng.randint(1, len(sheets) - 1)
    s = Scene(("Red", sheets[:cut]), ("Blue", sheets[cut:]))
    s.state.alternate = rng.random() < 0.5
    for f in s.state.fighters():
        if rng.random() < 0.3:
            f.position = Position(f.position.x + 0.5, f.position.y)
        if rng.random() < 0.2:
            f.seat = 2.0
    found = [space.flanked(s.state, f) for f in s.state.fighters()]
    assert found == [plain_flanked(s.state, f) for f in s.state.fighters()]
    if seed == 0:
        assert any(found) or not any(plain_flanked(s.state, f) for f in s.state.fighters())


def test_flanked_between_two_foes_and_not_beside_one() -> None:
    """Two foes on opposite sides flank; one alone, or two on the same side, do not."""
    s = Scene(("Red", [human("A", position=[0, 0])]),
              ("Blue", [human("B", position=[1, 0]), human("C", position=[-1, 0])]))  # fmt: skip
    a = s["A"]
    assert space.flanked(s.state, a) and plain_flanked(s.state, a)
    s["C"].position = Position(1, 1)
    assert not space.flanked(s.state, a) and not plain_flanked(s.state, a)


def test_the_experience_figures_are_the_tables() -> None:
    """Rules 224-229: the kept figures equal `table()` read afresh; the enemy award equals
    the sum of the fractions, truncated toward zero."""
    t = experience.table()
    got = experience.figures()
    assert got.per_level == t["per_level"] and got.enemy == t["awards"]["enemy"]
    for name, n in t["awards"].items():
        assert experience.award(name) == n
    rng = random.Random(3)
    for _ in range(300):
        levels = [rng.randint(1, 12) for _ in range(rng.randint(0, 6))]
        level = rng.randint(1, 9)
        want = int(sum((Fraction(t["awards"]["enemy"] * e, level) for e in levels), Fraction(0)))
        assert experience.enemy_award(levels, level) == want
    for level, xp, amount in ((1, 0, 950), (1, 900, 300), (3, 999, 1), (2, 10, 2500)):
        total = xp + amount
        per = t["per_level"]
        want_level = (level, total) if total < per else (level + 1, (total - per) // 2)
        assert experience.gain(level, xp, amount) == want_level


def test_a_combos_attacks_are_its_components() -> None:
    """Rules 81-86: `attacks_of` equals the components' attacks summed, every combo of
    every component pair and triple (asked twice: the kept answer too)."""
    rows = data.components()
    names = sorted(rows)
    rng = random.Random(5)
    combos = [tuple(rng.choice(names) for _ in range(rng.randint(1, 3))) for _ in range(200)]
    for _ in range(2):
        for combo in combos:
            assert actions.attacks_of(combo) == sum(rows[c]["attacks"] for c in combo)


def test_the_records_own_constructors_keep_the_defaults_and_copies() -> None:
    """The compiled constructors keep the dataclass's defaults and field order, so copies
    and pickles (`rebuilt_by_constructor`) rebuild them whole."""
    row = data.weapons()["light crossbow"]
    w = Wielded(row, "1d6+1")
    assert (w.loaded, w.wounds, w.jammed, w.work) == (True, 0, False, 0)
    w2 = Wielded(data=row, damage="1d6", loaded=False, wounds=2, jammed=True, work=3)
    s = Syndrome("venom", 4)
    assert (s.counts, s.doses, s.round, s.successes, s.failures) == (1, 1, 0, 0, 0)
    assert s.checked_at == (0, "", -1)
    c = CoverObject(5, 2, 3)
    f = Fighter("x", "X", "Red")
    d = Delayed(w2, f, 2)
    for value in (w, w2, s, c, d):
        for again in (copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
            for name in value.__dataclass_fields__:
                mine, theirs = getattr(again, name), getattr(value, name)
                if isinstance(theirs, (Wielded, Fighter)):
                    assert type(mine) is type(theirs)
                else:
                    assert mine == theirs, name


@pytest.mark.parametrize("seed", range(60))
def test_legals_movements_on_open_ground_answer_as_the_steps_tried_one_by_one(seed: int) -> None:
    """Rules 28-34, C15: on open ground `movements` asks `moves.open_step_from` for each
    enemy not reached (no `Approach` made); with the ground taken as possibly rough (no
    terrain anywhere, so every step still costs its plain price) it lists the steps one by
    one (`moves.reachable`'s full form): the same options, in the same order, for every
    fighter of random crowds (half-square places, prone, overloaded and Disabled ones)."""
    rng = random.Random(100 + seed)
    side = 5 if seed % 2 else 9  # half the fields crowded: steps blocked, foes too close
    spots = rng.sample([(x, y) for x in range(side) for y in range(side - 2)], rng.randint(3, 8))
    sheets = []
    for i, (x, y) in enumerate(spots):
        sheet = human(f"F{i}", position=[x, y])
        weapon = rng.choice(("spear", "light crossbow", "pike", "pike", "", "javelin"))
        if weapon:
            sheet["weapons"] = [weapon]
        sheets.append(sheet)
    cut = rng.randint(1, len(sheets) - 1)
    s = Scene(("Red", sheets[:cut]), ("Blue", sheets[cut:]))
    state = s.state
    state.alternate = rng.random() < 0.5
    for f in state.fighters():
        if rng.random() < 0.4:
            f.position = Position(f.position.x + 0.5, f.position.y + rng.choice((0.0, 0.5)))
        f.diagonals = rng.randint(0, 1)
        f.overloaded = rng.random() < 0.1
        f.disabled = rng.random() < 0.1
        f.posture = rng.choice(("standing", "standing", "standing", "prone"))
    assert state.open_ground
    plain = [[str(a) for a in actions.movements(state, f)] for f in state.fighters()]
    state.open_ground = False
    full = [[str(a) for a in actions.movements(state, f)] for f in state.fighters()]
    assert plain == full
    if seed == 0:
        assert any(plain)


@pytest.mark.parametrize("weapon", ["pike", "spear", "light crossbow"])
def test_open_step_from_answers_as_the_nearer_steps_listed(weapon: str) -> None:
    """`moves.open_step_from` (no `Approach`) equals the full form: some direction of
    `moves.nearer` affordable and free; over 1,500 random places of a mover, its goal and
    three others around them (too close, in the band, too far; budgets 1-3)."""
    sheets = [human(f"F{i}", position=[2 * i, 0]) for i in range(5)]
    sheets[0]["weapons"] = [weapon]
    s = Scene(("Red", sheets[:1] + sheets[2:]), ("Blue", sheets[1:2]))
    state = s.state
    f, goal = s["F0"], s["F1"]
    others = [s["F2"], s["F3"], s["F4"]]
    rng = random.Random(weapon)
    hits = 0
    for _ in range(1500):
        state.alternate = rng.random() < 0.5
        f.position = Position(rng.randint(-3, 3) / 2, rng.randint(-3, 3) / 2)
        goal.position = Position(rng.randint(-4, 4) / 2, rng.randint(-4, 4) / 2)
        for o in others:
            o.position = Position(rng.randint(-3, 3) / 2, rng.randint(-3, 3) / 2)
        f.diagonals = rng.randint(0, 1)
        budget = rng.randint(1, 3)
        alt = state.alternate
        want = any(
            space.step_cost(1, d[0] != 0 and d[1] != 0, f.diagonals, alt) <= budget
            and space.free_step(state, f, d)
            for d, _, _ in moves.nearer(state, f, goal, None)
        )
        m, reach = moves.measurer(state, f), moves.band(state, f)
        d_now = space.squares(state, m, goal, f.position)
        assert moves.open_step_from(state, f, goal, budget, m, reach, d_now) == want
        hits += want
    assert 0 < hits < 1500


@pytest.mark.parametrize("weapon", ["pike", "arming sword", "light crossbow"])
def test_next_step_reading_the_approach_once_answers_as_the_sorted_steps(weapon: str) -> None:
    """`moves.next_step`, with `band_score` written out over the eight directions, equals
    the sorted `steps` tried in order (`test_rules_one_pass.plain_next_step`), over 1,200
    random places of a mover (some on a mount's footprint, `seat`), its goal and three others;
    some headings, budgets, runs and diagonals taken."""
    from .test_rules_one_pass import plain_next_step

    sheets = [human(f"F{i}", position=[2 * i, 0]) for i in range(5)]
    sheets[0]["weapons"] = [weapon]
    s = Scene(("Red", sheets[:1] + sheets[2:]), ("Blue", sheets[1:2]))
    state = s.state
    f, goal = s["F0"], s["F1"]
    others = [s["F2"], s["F3"], s["F4"]]
    rng = random.Random(weapon + "next")
    found = 0
    for _ in range(1200):
        state.alternate = rng.random() < 0.5
        f.position = Position(rng.randint(-4, 4) / 2, rng.randint(-4, 4) / 2)
        f.seat = rng.choice((0.0, 0.0, 2.0))
        goal.position = Position(rng.randint(-6, 6) / 2, rng.randint(-6, 6) / 2)
        for o in others:
            o.position = Position(rng.randint(-4, 4) / 2, rng.randint(-4, 4) / 2)
        left, diagonals, run = rng.randint(1, 3), rng.randint(0, 3), rng.random() < 0.3
        only = None if rng.random() < 0.7 else rng.choice(space.DIRECTIONS)
        want = plain_next_step(state, f, goal, left, diagonals, only, run)
        assert moves.next_step(state, f, goal, left, diagonals, only, run) == want
        found += want is not None
    assert 0 < found < 1200
