"""Squares on the core's plane (SJ-U47): 1 square = 5 ft = 1.524 m; TMR counts squares a
round; melee reach is 1 square (diagonals included); the free move is 1 square."""

from __future__ import annotations

from typing import Final

from fracas.core.geometry import Position
from fracas.rulesets.spelljammer import data
from fracas.rulesets.spelljammer.state import Fighter, Gap

SQUARE: Final = float(data.tables()["square_m"])  # metres (SJ-U47)
REACH: Final = float(data.tables()["reach"])  # squares: adjacent, a diagonal (1.41) included
STAND_OFF: Final = 1.0  # a mover stops one square from its target (SJ-U2)
FREE_MOVE: Final = float(data.tables()["free_move"])  # rule 134, SJ-U47: squares


def at_feet(x: float, y: float) -> Position:
    return Position(x * 0.3048, y * 0.3048)


def gap(a: Fighter, b: Fighter) -> float:
    """The distance between two fighters, in squares: kept by `a` for each `b` with the two
    positions it was measured between (issue 35: a boxed `hypot` a measure, asked about 450
    times a skirmish, two times in three of fighters that have not moved since). A
    `Position` is immutable, so the same two objects are the same distance; a move gives a
    fighter a new one. A copy of the state copies the kept gaps with their positions. They
    are kept by the other fighter's place in the encounter (`order`), not by the fighter:
    two fighters keeping each other would be a reference cycle, leaving every simulated
    battle to the cyclic collector. The answer rests on the two positions alone, so two
    fighters sharing a place (built by hand, `order` left 0) share a slot and stay right."""
    here, there = a.position, b.position
    kept_gaps, i = a.gaps, b.order
    if i >= len(kept_gaps) or i < 0:  # the first measures of the battle: then reused
        metres = _measured(b, a.order, there, here)
        squares = metres / SQUARE
        if i >= 0:
            while len(kept_gaps) <= i:
                kept_gaps.append(Gap(here, there, squares, metres))
        return squares
    kept = kept_gaps[i]
    if kept.frm is here and kept.to is there:
        return kept.squares
    metres = kept.metres = _measured(b, a.order, there, here)
    squares = kept.squares = metres / SQUARE
    kept.frm, kept.to = here, there
    return squares


def _measured(b: Fighter, j: int, there: Position, here: Position) -> float:
    """`here.distance(there)`, from `b` at `there` to the fighter at `here` in place `j`:
    the metres `b` kept toward it when measured between the same two positions, else
    measured. The same float: `Position.distance` takes `hypot` of the two differences, and
    the other way round they are the same ones negated, exactly (issue 35: after a move, the
    two of a pair each measured the gap, a boxed `hypot` each)."""
    return _kept_metres(b.gaps, j, there, here)


def metres_between(a: Fighter, b: Fighter) -> float:
    """`a.position.distance(b.position)`: the metres `gap` kept for the two positions, when
    it has (ask `gap` first), else measured."""
    return _kept_metres(a.gaps, b.order, a.position, b.position)


def _kept_metres(kept_gaps: list[Gap], j: int, frm: Position, to: Position) -> float:
    """The metres kept in `kept_gaps[j]` when it was measured from `frm` to `to` (by
    identity), else `frm.distance(to)` (the same float either way round: `hypot` of
    differences negated exactly)."""
    if 0 <= j < len(kept_gaps):
        kept = kept_gaps[j]
        if kept.frm is frm and kept.to is to:
            return kept.metres
    return frm.distance(to)


def in_reach(a: Fighter, b: Fighter) -> bool:
    """SJ-U47: a melee weapon reaches 1 square; a missile its range in squares."""
    if a.arms and a.weapon.ranged:
        return gap(a, b) <= a.weapon.data.range
    return gap(a, b) <= REACH


def step_toward(a: Fighter, b: Fighter, squares: float) -> Position:
    """Up to `squares` toward `b`, stopping one square short (SJ-U2: a mover stops once in
    reach of its target)."""
    room = max(0.0, gap(a, b) - STAND_OFF)
    metres = min(room, squares) * SQUARE
    # `a.position.toward(b.position, metres)` with the distance `gap` has just measured (issue
    # 35: a mover's every step measured it twice; the same float, so the same point).
    here, there = a.position, b.position
    span = metres_between(a, b)
    if span <= metres or span == 0:
        return there
    f = metres / span
    return Position(here.x + (there.x - here.x) * f, here.y + (there.y - here.y) * f)


def where(a: Fighter) -> str:
    p = a.position
    return f"({p.x / SQUARE:.1f}, {p.y / SQUARE:.1f}) squares"
