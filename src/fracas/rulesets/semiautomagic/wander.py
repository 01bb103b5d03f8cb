"""Moving where the mind, not the fighter, decides (rules 137, 180, 184; S14; F-SAM-105):
the scatter die's direction, fleeing from a source, walking or running a set way. Squares are
the mover's own (rule 43) and cost as any move (rules 33-34, SAM-A7); a run stops before
difficult ground (C15)."""

from __future__ import annotations

import math
from typing import Final

from fracas.core.geometry import hypot
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import moves, space
from fracas.rulesets.semiautomagic.state import Fighter, SamState

# S14 (PROPOSED): the scatter die is a d8 of compass directions, 1 = north, clockwise.
COMPASS: Final[tuple[tuple[int, int], ...]] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)  # fmt: skip
NAMES: Final = (
    "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west",
)  # fmt: skip


def scatter(table: Table, f: Fighter, why: str) -> tuple[int, int]:
    """S14: a d8 for a direction."""
    return COMPASS[table.roll("1d8", by=f, reason=f"{f.name}: scatter die, {why}").total - 1]


def named(d: tuple[int, int]) -> str:
    return NAMES[COMPASS.index(d)]


class Away:
    """`away`'s answer for a mover, with everything it was worked out from: the mover and
    the source (by identity), their positions (frozen `Position`s, replaced by a move: by
    identity), their squares and the diagonal rule (by value). `legal` asks it for every
    decision, and between two of a fighter's decisions nobody has often moved (issue 35)."""

    __slots__ = ("alternate", "at", "body", "f", "found", "source", "square", "there")

    def __init__(
        self,
        f: Fighter | None = None,
        source: Fighter | None = None,
        alternate: bool = True,
        found: tuple[int, int] = (0, 0),
    ) -> None:
        """Every argument has a default: compiled, a copy's `__new__` runs it with none."""
        self.f, self.source, self.alternate, self.found = f, source, alternate, found
        self.at = f.position if f is not None else None
        self.square = f.square if f is not None else 0.0
        self.there = source.position if source is not None else None
        self.body = (source.seat or source.square) if source is not None else 0.0

    def keep(self, f: Fighter, source: Fighter, alternate: bool, found: tuple[int, int]) -> None:
        """The entry rewritten in place for a new answer (issue 35: no object made and put in
        the dictionary again at each answer worked out): as `Away(f, source, ...)` would be."""
        self.f, self.source, self.alternate, self.found = f, source, alternate, found
        self.at, self.square = f.position, f.square
        self.there, self.body = source.position, source.seat or source.square

    def holds(self, state: SamState, f: Fighter, source: Fighter) -> bool:
        return (
            self.f is f and self.source is source and self.at is f.position
            and self.there is source.position and self.square == f.square
            and self.body == (source.seat or source.square) and self.alternate == state.alternate
        )  # fmt: skip


def away(state: SamState, f: Fighter, source: Fighter) -> tuple[int, int]:
    """Rule 184 (F-SAM-105): the one of eight directions whose first square leads furthest
    from the source, in the mover's squares (SAM-A7); orthogonal before diagonal on a tie,
    then the first on the compass. Kept for the mover while nothing it reads has changed
    (`Away`, in `SamState.aways` by the mover's id string, the mover checked by identity)."""
    kept = state.aways.get(f.id)
    if isinstance(kept, Away) and kept.f is f:
        if kept.holds(state, f, source):
            return kept.found
        found = furthest(state, f, source)
        kept.keep(f, source, state.alternate, found)
        return found
    found = furthest(state, f, source)
    state.aways[f.id] = Away(f, source, state.alternate, found)
    return found


def furthest(state: SamState, f: Fighter, source: Fighter) -> tuple[int, int]:
    """`away`, worked out: `space.squares_at` from each of the eight first squares, in the
    mover's squares. A step moves one axis by -1, 0 or 1 square, so the gap on each axis and
    its whole squares are worked out once for each of the three (issue 35: six conversions
    for the eight directions, not sixteen), then combined as `space.squares_apart` does.
    The eight are scored in `COMPASS` order, written out (issue 35: no tuple of gaps and no
    compass tuple unpacked a direction; `away` misses two times in three in a crowd)."""
    alternate, square = state.alternate, f.square
    p, q = f.position, source.position  # `space.squares_at` with what is the same, once
    reach = (square + (source.seat or source.square)) / 2
    gx0 = abs(q.x - (p.x - square)) - reach  # the x gap after a step of -1, 0, 1
    gx1 = abs(q.x - p.x) - reach
    gx2 = abs(q.x - (p.x + square)) - reach
    gy0 = abs(q.y - (p.y - square)) - reach
    gy1 = abs(q.y - p.y) - reach
    gy2 = abs(q.y - (p.y + square)) - reach
    sx0, sx1, sx2 = whole(gx0, square), whole(gx1, square), whole(gx2, square)
    sy0, sy1, sy2 = whole(gy0, square), whole(gy1, square), whole(gy2, square)
    # The first of the furthest, orthogonal before diagonal on a tie: the first (north) is
    # orthogonal, so past it a tie never changes the pick while an orthogonal one is held,
    # and a diagonal one is replaced by a later orthogonal only on a tie or more.
    best, most, straight = 0, gain(gx1, gy2, sx1, sy2, alternate), True  # north (0, 1)
    g = gain(gx2, gy2, sx2, sy2, alternate)  # north-east (1, 1)
    if g > most:
        best, most, straight = 1, g, False
    g = gain(gx2, gy1, sx2, sy1, alternate)  # east (1, 0)
    if g > most or (g == most and not straight):
        best, most, straight = 2, g, True
    g = gain(gx2, gy0, sx2, sy0, alternate)  # south-east (1, -1)
    if g > most:
        best, most, straight = 3, g, False
    g = gain(gx1, gy0, sx1, sy0, alternate)  # south (0, -1)
    if g > most or (g == most and not straight):
        best, most, straight = 4, g, True
    g = gain(gx0, gy0, sx0, sy0, alternate)  # south-west (-1, -1)
    if g > most:
        best, most, straight = 5, g, False
    g = gain(gx0, gy1, sx0, sy1, alternate)  # west (-1, 0)
    if g > most or (g == most and not straight):
        best, most, straight = 6, g, True
    g = gain(gx0, gy2, sx0, sy2, alternate)  # north-west (-1, 1)
    if g > most:
        best = 7
    return COMPASS[best]


def gain(gx: float, gy: float, sx: int, sy: int, alternate: bool) -> int:
    """`space.squares_apart` from the gaps on the two axes and their whole squares: 0
    overlapping (Close), else 1 + the larger + half the smaller (SAM-A7; the larger alone
    with `diagonals: chebyshev`)."""
    if gx < -space.EPS and gy < -space.EPS:
        return 0
    big, small = (sx, sy) if sx >= sy else (sy, sx)
    return 1 + big + small // 2 if alternate else 1 + big


def whole(g: float, square: float) -> int:
    """`space.squares_apart`'s whole squares on one axis: floor(max(0, g) / square + EPS)."""
    return int((g if g > 0.0 else 0.0) / square + space.EPS)


def drift(
    state: SamState, f: Fighter, d: tuple[int, int], budget: int, run: bool
) -> tuple[int, int]:
    """Move in the direction `d` spending at most `budget` squares of cost; a run stops
    before difficult ground (C15). Returns the squares moved and their cost."""
    alternate = state.alternate
    moved = cost = 0
    diagonal = d[0] != 0 and d[1] != 0
    while True:  # the square ahead tried in plain floats; a point built only to step there
        factor = space.terrain_step(state, f, d)
        step = space.step_cost(factor, diagonal, f.diagonals, alternate)  # SAM-A7: the turn's
        if (run and factor > 1) or cost + step > budget or not space.free_step(state, f, d):
            return moved, cost  # issue 31 item 6: it stops before an occupied square
        cost += step
        f.diagonals += diagonal
        moved += 1
        moves.go(f, space.shifted(f, d), d)


def go_away(
    table: Table, state: SamState, f: Fighter, source: Fighter, run: bool, seconds: int, how: str
) -> int:
    """Directly away from `source`: a move, or a run of `seconds` (rule 184's flight, F-SAM-105;
    a withdrawal, F-SAM-121); the squares moved, counted for high speed too (rule 113)."""
    d = away(state, f, source)
    budget = f.run_squares * seconds if run else f.move_squares
    moved, cost = drift(state, f, d, budget, run)
    f.moved_squares += moved
    if table.observed:
        table.emit(
            ev.Moved,
            who=f.name,
            how="run" if run else how,
            squares=moved,
            cost=cost,
            to=f"{f.position} ({named(d)}, away from {source.name})",
        )
    return moved


def toward(f: Fighter, d: tuple[int, int], others: list[Fighter]) -> Fighter | None:
    """Rules 179 (chart 2, 7): the creature closest to the direction `d` (the smallest angle
    from it; the nearer on a tie)."""
    heading = math.atan2(d[1], d[0])

    def key(o: Fighter) -> tuple[float, float]:
        dx, dy = o.position.x - f.position.x, o.position.y - f.position.y
        turn = abs((math.atan2(dy, dx) - heading + math.pi) % (2 * math.pi) - math.pi)
        return round(turn, 6), hypot(dx, dy)

    return min(others, key=key, default=None)


def nearest(f: Fighter, others: list[Fighter]) -> Fighter | None:
    """Rules 179-180 (chart 4, 8): the closest creature."""
    p = f.position
    return min(others, key=lambda o: p.distance(o.position), default=None)
