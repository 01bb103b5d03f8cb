"""Issue 35: the fast forms of two movement checks answer as the plain forms they replace,
over random fields (hypothesis). `moves.open_step` (is some step toward an enemy affordable
and free, on open ground: rules 28, 33-34, SAM-A7, SAM-A13) against the full list of
`moves.nearer` steps; `space.flanked` (rule 94, SAM-A40) against a set of the sides touched."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.rulesets.semiautomagic import moves, space
from fracas.rulesets.semiautomagic.state import Fighter, SamState

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
