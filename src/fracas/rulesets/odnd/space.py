"""OD&D's geometry on the core's plane (DESIGN.md §3: the core keeps metres, the ruleset its
own units). The seed measures in feet and in inches of Turn movement: 1" = 10 ft indoors,
10 yd outdoors (D13); missile and spell ranges are feet indoors, yards outdoors (ODD-U6).

Without positions the fight is one melee (F-ODD-1): everyone is within 10 ft of everyone.
"""

from __future__ import annotations

import itertools
import math
from typing import Final

from fracas.core.geometry import Position
from fracas.rulesets.odnd import bodies
from fracas.rulesets.odnd.state import Fighter, OdndState

FOOT: Final = 0.3048  # metres
MELEE: Final = 10.0  # rule 49: "in melee" = within 10 ft
ADJACENT: Final = 5.0  # where a mover stops beside its foe
SLACK: Final = 1e-6  # positions are floats: "within 10 ft" must not fail on rounding


def unit(dx: float, dy: float) -> tuple[float, float]:
    """A direction as a unit vector ((0, 0) for none)."""
    length = math.hypot(dx, dy)
    return (0.0, 0.0) if length == 0 else (dx / length, dy / length)


def at_feet(x: float, y: float) -> Position:
    return Position(x * FOOT, y * FOOT)


def feet(a: Fighter, b: Fighter) -> float:
    """The distance between two fighters in feet."""
    return a.position.distance(b.position) / FOOT


def scale(state: OdndState) -> float:
    """Feet per unit of the range tables: 1 indoors, 3 outdoors (yards, ODD-U6, D13)."""
    return state.scale  # `conditions.outdoors`, read once (OdndState)


def turn_move(state: OdndState, f: Fighter) -> float:
    """Rule 152, D13: the Turn movement in feet a round (×2 when hasted, rule 125)."""
    return f.move * 10.0 * scale(state) * (2 if f.hasted else 1)


def in_melee(state: OdndState, a: Fighter, b: Fighter) -> bool:
    """Rule 49: within 10 ft (obstacles are not on the plane); always in one melee."""
    return not state.positional or feet(a, b) <= MELEE + SLACK


def foes_in_melee(state: OdndState, f: Fighter) -> list[Fighter]:
    """The able enemies in melee with `f`."""
    return [
        e
        for e in state.enemies_of(f)
        if isinstance(e, Fighter) and e.active and not e.pending_down and in_melee(state, f, e)
    ]


def engaged(state: OdndState, f: Fighter) -> bool:
    """Rule 50: engaged once within 10 ft of an able foe."""
    return bool(foes_in_melee(state, f))


def gap(state: OdndState, a: Fighter, b: Fighter, within: float | None = None) -> float:
    """The movement `a` needs to come within 10 ft of `b` (rules 77, 78): round the bodies in
    the way (rules 49, 56, `bodies`); more than `within` feet (by default a full move, the
    most any question asks: a charge, rule 77) when no way that short is open."""
    if not state.positional:
        return 0.0
    if bodies.on(state):
        most = turn_move(state, a) if within is None else within
        return bodies.melee_gap(state, a, b, most)
    return max(0.0, feet(a, b) - MELEE)


def step_toward(f: Fighter, goal: Position, most: float, stop: float) -> float:
    """Move `f` up to `most` feet toward `goal`, stopping `stop` feet short; the feet moved."""
    room = f.position.distance(goal) / FOOT - stop
    if room <= 0:
        return 0.0
    moved = min(most, room)
    f.position = f.position.toward(goal, moved * FOOT)
    return moved


def step_away(state: OdndState, f: Fighter, most: float) -> tuple[list[Position], bool]:
    """Move `f` `most` feet away from the foes in melee with it (or the nearest): straight
    away, or round the bodies in the way (rules 51, 52, `bodies`). Returns the way gone and
    whether bodies bent or shortened it."""
    start = f.position
    foes = foes_in_melee(state, f) or [
        e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.active
    ]
    if not foes:
        return [start], False
    cx = sum(e.position.x for e in foes) / len(foes)
    cy = sum(e.position.y for e in foes) / len(foes)
    dx, dy = f.position.x - cx, f.position.y - cy
    length = math.hypot(dx, dy)
    if length == 0:
        dx, dy, length = -1.0, 0.0, 1.0  # on top of them: back off along the x axis
    metres = most * FOOT
    goal = Position(f.position.x + dx / length * metres, f.position.y + dy / length * metres)
    way = bodies.away(state, f, goal, most) if bodies.on(state) else None
    if way is None:
        f.position = goal
        return [start, goal], False
    f.position = bodies.at(way[-1])
    return [bodies.at(p) for p in way], True


def passes_near_way(way: list[Position], other: Fighter) -> bool:
    """Rules 53, 56: whether a way (its legs in turn) passes within 10 ft of `other`."""
    if len(way) < 2:
        return passes_near(way[0], way[0], other)
    return any(passes_near(a, b, other) for a, b in itertools.pairwise(way))


def passes_near(start: Position, end: Position, other: Fighter) -> bool:
    """Rules 53, 56: whether the straight path start → end passes within 10 ft of `other`."""
    px, py = other.position.x, other.position.y
    sx, sy, ex, ey = start.x, start.y, end.x, end.y
    dx, dy = ex - sx, ey - sy
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - sx) * dx + (py - sy) * dy) / length2))
    nearest = Position(sx + t * dx, sy + t * dy)
    return nearest.distance(other.position) / FOOT <= MELEE + SLACK


def range_band(state: OdndState, shooter: Fighter, target: Fighter) -> str | None:
    """Rule 14, ODD-U6: short / medium / long by distance; None beyond long range. Without
    positions, the sheet's band."""
    limits = shooter.primary.data.range
    if not state.positional or limits is None:
        return shooter.range_band
    d = feet(shooter, target) / scale(state)
    for band, top in zip(("short", "medium", "long"), limits, strict=True):
        if d <= top + SLACK:
            return band
    return None


def place_sides(state: OdndState, distance: float) -> None:
    """Rules 114, 116: the sides face each other `distance` feet apart, each in a line 5 ft
    between members; a combatant with its own position keeps it."""
    for k, side in enumerate(state.sides):
        members = [c for c in side.combatants if isinstance(c, Fighter) and not c.placed]
        for j, c in enumerate(members):
            c.position = at_feet(k * distance, (j - (len(members) - 1) / 2) * ADJACENT)


def where(state: OdndState, f: Fighter) -> str:
    """Where a fighter stands, for its card: feet on the plane, or the one melee."""
    if not state.positional:
        return "in the melee (F-ODD-1)"
    x, y = f.position.x / FOOT, f.position.y / FOOT
    high = f" {f.elevation:g} ft up" if f.elevation else ""
    return f"({x:.0f}, {y:.0f}) ft{high}"
