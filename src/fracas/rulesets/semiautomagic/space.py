"""The Scale grid on the core's plane in metres (checklist "Hard parts" 3; rules 28-36, 43,
56-63, 94; SAM-A7, SAM-A8, SAM-A13). A fighter's position is the centre of its footprint, an
axis-aligned square of side 2^scale metres (SAM-A8). Squares are counted in the measuring
creature's own scale (rule 43)."""

from __future__ import annotations

import math
from typing import Final

from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic.state import Fighter, SamState

EPS: Final = 1e-6
DIRECTIONS: Final[tuple[tuple[int, int], ...]] = (
    (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
)  # fmt: skip
OUT_OF_RANGE: Final = -1


def bounds(f: Fighter, at: Position | None = None) -> tuple[float, float, float, float]:
    p = f.position if at is None else at
    h = f.square / 2
    return p.x - h, p.x + h, p.y - h, p.y + h


def overlapping(a: Fighter, b: Fighter, at: Position | None = None) -> bool:
    """SAM-A13: Close = footprints that overlap."""
    ax0, ax1, ay0, ay1 = bounds(a, at)
    bx0, bx1, by0, by1 = bounds(b)
    return ax0 < bx1 - EPS and bx0 < ax1 - EPS and ay0 < by1 - EPS and by0 < ay1 - EPS


def free(state: SamState, f: Fighter, at: Position) -> bool:
    """Rule 43 (the Scale Square is the space a creature takes up) and "Falling and Collisions"
    (moving "into the occupied square of another" is a collision): `f`'s footprint at `at`
    overlaps no other creature standing there (issue 31 item 6). A creature down, a possessor
    inside a body, one not arrived, a flyer at another height, and `f`'s own mount or rider
    take up no square it could enter (F-SAM-110)."""
    return free_at(state, f, at.x, at.y)


def free_at(state: SamState, f: Fighter, x: float, y: float) -> bool:
    """`free` at (x, y), in plain floats (no point built per square tried)."""
    half = f.square / 2
    for g in state.fighters():
        reach = half + g.square / 2 - EPS  # footprints overlap closer than this on both axes
        p = g.position
        if abs(p.x - x) >= reach or abs(p.y - y) >= reach or g is f:
            continue
        if not g.active or not g.present or g.inside or g.altitude != f.altitude:
            continue
        if g.id != f.rider_id and g.id != f.mount_id:
            return False
    return True


def metric(dx: int, dy: int, alternate: bool) -> int:
    """SAM-A7: diagonals alternate 1 and 2 (a diagonal step costs 1.5 on average, rule 34);
    the option `diagonals: chebyshev` counts every diagonal 1."""
    big, small = max(dx, dy), min(dx, dy)
    return big + small // 2 if alternate else big


def squares(state: SamState, a: Fighter, b: Fighter, at: Position | None = None) -> int:
    """Reach distance from `a` (at `at`, or where it stands) to `b`, in `a`'s squares from
    its footprint's edge (SAM-A8, SAM-A13): 0 overlapping (Close), 1 adjacent (Standard: less
    than a whole square between), 2 one square between (Long)."""
    p = a.position if at is None else at
    alternate = state.alternate
    return squares_at(p.x, p.y, a.square, b, alternate, a.seat or a.square)


def squares_at(
    x: float, y: float, square: float, b: Fighter, alternate: bool, body: float = 0.0
) -> int:
    """`squares` from a footprint of side `body` (default `square`) centred on (x, y),
    counted in squares of side `square`, in plain floats. A rider's footprint is its
    mount's (F-SAM-80)."""
    q = b.position
    reach = ((body or square) + (b.seat or b.square)) / 2  # where the footprints touch
    return squares_apart(abs(q.x - x) - reach, abs(q.y - y) - reach, square, alternate)


def squares_apart(gx: float, gy: float, square: float, alternate: bool) -> int:
    """`squares_at` from the gaps between two footprints on each axis (negative: they
    overlap on that axis), in squares of side `square`."""
    if gx < -EPS and gy < -EPS:
        return 0  # overlapping (Close)
    # floor(max(0, g) / square + EPS), in plain C arithmetic: the argument is positive, so
    # `int` (truncation) is the floor, and a conditional is `max` without a generic call
    sx = int((gx if gx > 0.0 else 0.0) / square + EPS)
    sy = int((gy if gy > 0.0 else 0.0) / square + EPS)
    big, small = (sx, sy) if sx >= sy else (sy, sx)
    if alternate:
        return 1 + big + small // 2
    return 1 + big


def metres(state: SamState, a: Fighter, b: Fighter) -> float:
    """Range in metres between centres, by the same metric in `a`'s squares (SAM-A7)."""
    dx = round6(abs(b.position.x - a.position.x) / a.square)
    dy = round6(abs(b.position.y - a.position.y) / a.square)
    big, small = max(dx, dy), min(dx, dy)
    if state.alternate:
        return (big + math.floor(small / 2)) * a.square
    return big * a.square


def round6(v: float) -> float:
    """`round(v, 6)`: a multiple of 1/64 (most squares counted: whole, halves) has at most six
    decimals and is its own rounding, without `round`'s decimal conversion."""
    w = v * 64.0  # exact: a power of two
    return v if w == float(int(w)) else round(v, 6)


def range_penalty(distance: float, increment: int) -> int:
    """Rules 62-63 (T-SAM-2, C11): -1 per full doubling of the increment: the smallest k with
    distance <= increment x 2^k; beyond four doublings (16 x increment), out of range."""
    k = 0
    while distance > (increment << k) + EPS:  # increment x 2^k (no generic power)
        k += 1
        if k > 4:
            return OUT_OF_RANGE
    return k


def in_reach(state: SamState, a: Fighter, b: Fighter, band: tuple[int, int]) -> bool:
    """Rules 56, 58-60 (SAM-A13): within the weapon's band, never closer than its smallest
    band; the option `close_reaches_adjacent` lets Close reach adjacent squares too
    (`reach_band`'s rule, written inline: this is asked of a pair, that once for many)."""
    d = squares(state, a, b)
    low, high = band
    if high == 0 and state.close_adjacent:
        high = 1
    return low <= d <= high


def reach_band(state: SamState, band: tuple[int, int]) -> tuple[int, int]:
    """`in_reach`'s band, read once for every foe (`actions.targets`, `any_target`): a
    weapon's band, Close reaching the adjacent squares too under `close_reaches_adjacent`
    (SAM-A13)."""
    low, high = band
    return (low, 1) if high == 0 and state.close_adjacent else band


def terrain_factor(state: SamState, f: Fighter, at: Position) -> int:
    """Rules 33-36 (SAM-A8): 1 on open ground, 2 if any part of the footprint is on difficult
    terrain, 3 on extreme terrain."""
    return terrain_at(state, f, at.x, at.y)


def terrain_at(state: SamState, f: Fighter, x: float, y: float) -> int:
    """`terrain_factor` at (x, y), in plain floats."""
    if state.open_ground:
        return 1  # open ground everywhere (`conditions.terrain` empty, read once)
    h = f.square / 2
    x0, x1, y0, y1 = x - h, x + h, y - h, y + h
    worst = 1
    for area in state.conditions.terrain:
        inside_x = x0 < area.x[1] - EPS and area.x[0] < x1 - EPS
        if inside_x and y0 < area.y[1] - EPS and area.y[0] < y1 - EPS:
            worst = max(worst, 3 if area.kind == "extreme" else 2)
    return worst


def step_cost(factor: int, diagonal: bool, diagonals_taken: int, alternate: bool) -> int:
    """Rules 33-34, SAM-A7 (T-SAM-19): a square costs 1, 2 difficult, 3 extreme; a diagonal
    alternates 1 and 2, and costs 3 on difficult ground (extreme: 4 and 5)."""
    if not diagonal:
        return factor
    if factor == 2:
        return 3
    second = alternate and diagonals_taken % 2 == 1
    if factor == 3:
        return 5 if second else 4
    return 2 if second else 1


def shifted(f: Fighter, d: tuple[int, int], n: int = 1) -> Position:
    return Position(f.position.x + d[0] * f.square * n, f.position.y + d[1] * f.square * n)


def free_step(state: SamState, f: Fighter, d: tuple[int, int]) -> bool:
    """`free` one square away in the direction `d` (`shifted`, no point built)."""
    p, sq = f.position, f.square
    return free_at(state, f, p.x + d[0] * sq, p.y + d[1] * sq)


def terrain_step(state: SamState, f: Fighter, d: tuple[int, int]) -> int:
    """`terrain_factor` one square away in the direction `d` (`shifted`, no point built)."""
    p, sq = f.position, f.square
    return terrain_at(state, f, p.x + d[0] * sq, p.y + d[1] * sq)


def flanked(state: SamState, f: Fighter) -> bool:
    """Rule 94, SAM-A40: enemies touching opposite sides, or opposite corners, of its
    footprint."""
    # The sides touched as bits of a mask: side (sx, sy) is bit 3(sx+1) + (sy+1), 0 to 8, and
    # its opposite (-sx, -sy) bit 8 minus that (compiled integers, no set of tuples a call).
    foes = state.foes_of(f)
    if len(foes) < 2:
        return False  # one foe touches one side or corner, never two opposite ones
    touched = 0
    # `squares`' reading of `f`, once for every foe (issue 35: a defence's bonuses ask this)
    p, square, body, alternate = f.position, f.square, f.seat or f.square, state.alternate
    for e in foes:
        if not isinstance(e, Fighter) or not e.active or not e.present:
            continue
        if squares_at(p.x, p.y, square, e, alternate, body) != 1:
            continue
        sx, sy = side_of(f, e.position.x, e.position.y)
        side = 3 * (sx + 1) + sy + 1
        if touched & (1 << (8 - side)):
            return True
        if side != 4:  # (0, 0): inside the footprint's span on both axes, no side
            touched |= 1 << side
    return False


def side_of(f: Fighter, x: float, y: float) -> tuple[int, int]:
    """SAM-A40: which side or corner of `f`'s footprint a creature centred at (x, y) touches:
    (sx, sy), each -1, 0 or 1."""
    x0, x1, y0, y1 = bounds(f)
    sx = 1 if x > x1 - EPS else -1 if x < x0 + EPS else 0
    sy = 1 if y > y1 - EPS else -1 if y < y0 + EPS else 0
    return sx, sy
