"""Bodies block (issue 29): rule 49 ("in melee … not separated by an obstacle"), rule 52 ("turn
and flee (or, if able, pass around an opponent or through an opening in the line)"), rule 56
("if there is enough space between combatants", "move through a line of foes"), ODD-U25
("enough space" = a gap of at least 10 ft between two adjacent foes of the line, or a line the
encounter marks open).

Every standing combatant takes a round place on the plane, `data.body` feet across by its
size (F-ODD-93). A mover's way may not run through a foe's place — it may brush its edge
(`SQUEEZE`), ducking and dodging as rule 52 says — nor between two foes standing closer than
the mover's body needs (two men less than 10 ft apart close the way to a man; a side with
`open_ranks` leaves its gaps open); it may pass a friend, who makes way, but it ends its move
on nobody's place. The way is the shortest round the places (a search over the corners of the
places and the gaps between them); a straight way that is clear is the straight way, so a
fight with room to move plays as it did before bodies.

Points are (x, y) in feet; the core's plane is in metres (`space.FOOT`).
"""

from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from fracas.core.geometry import Position
from fracas.rulesets.odnd import data
from fracas.rulesets.odnd.state import Fighter, OdndState

Point = tuple[float, float]
FOOT: Final = 0.3048  # metres (as `space.FOOT`)
MELEE: Final = 10.0  # rule 49
SLACK: Final = 1e-6
SQUEEZE: Final = (
    0.5  # feet of a foe's place a mover may brush in passing (rule 52: "duck and dodge")
)
CORNERS: Final = 8  # corners round each foe's place for the search
MARGIN: Final = 0.05  # feet the corners stand off the place
RING: Final = 16  # places tried round a goal
BACK: Final = 0.5  # feet a mover backs off along its way to end on a free place


def on(state: OdndState) -> bool:
    """Bodies take room on the plane (`conditions.bodies`, on by default; F-ODD-93)."""
    return state.positional and state.conditions.bodies


def radius(f: Fighter) -> float:
    """Half the place `f` takes (rule 49, ODD-U25, `data/tables.yaml` `body`)."""
    return data.body(f.size) / 2


def stands(f: Fighter) -> bool:
    """A body on the plane: able, not inside a swallower (ODD-U48), not away in a chase."""
    return f.active and not f.inside and not f.chasing


def feet(p: Position) -> Point:
    return (p.x / FOOT, p.y / FOOT)


def at(p: Point) -> Position:
    return Position(p[0] * FOOT, p[1] * FOOT)


def length(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def path_length(path: list[Point]) -> float:
    return sum(length(a, b) for a, b in itertools.pairwise(path))


def seg_distance(c: Point, a: Point, b: Point) -> float:
    """The distance from `c` to the segment a–b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / l2))
    return math.hypot(a[0] + t * dx - c[0], a[1] + t * dy - c[1])


def _side(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def crosses(a: Point, b: Point, p: Point, q: Point) -> bool:
    """Whether the segments a–b and p–q cross (touching is not crossing)."""
    d1, d2 = _side(p, q, a), _side(p, q, b)
    d3, d4 = _side(a, b, p), _side(a, b, q)
    return d1 * d2 < 0 and d3 * d4 < 0


@dataclass(slots=True)
class Ground:
    """The plane as one mover meets it: foes' places it keeps off (`discs`: x, y and the
    distance its centre keeps from theirs), closed gaps (`walls`, centre to centre), and every
    place but its own (`places`, where it may not end)."""

    discs: list[tuple[float, float, float]] = field(default_factory=list)
    walls: list[tuple[Point, Point]] = field(default_factory=list)
    places: list[tuple[float, float, float]] = field(default_factory=list)
    here: Point = (math.nan, math.nan)  # where the mover stands
    loose: list[tuple[float, float, float]] = field(default_factory=list)  # discs to leave by
    base: Ground | None = None  # the ground every mover of its side and size shares
    found: list[Point] | None = None
    seen: dict[tuple[Point, Point], bool] = field(default_factory=dict)  # corner to corner

    @property
    def corners(self) -> list[Point]:
        """The search's waypoints, worked out when a search first needs them."""
        if self.base is not None:
            return self.base.corners
        if self.found is None:
            self.found = [c for c in _corners(self) if self.open(c)]
        return self.found

    def sees(self, a: Point, b: Point, corners: bool) -> bool:
        """`clear`, remembered between two corners for every mover sharing the ground."""
        if not corners or self.base is None:
            return self.clear(a, b)
        seen = self.base.seen
        found = seen.get((a, b))
        if found is None:
            found = seen[(a, b)] = seen[(b, a)] = self.clear(a, b)
        return found

    def clear(self, a: Point, b: Point) -> bool:
        """A way a → b through no foe's place and no closed gap (rules 52, 56, ODD-U25); from
        or to its own place, a mover standing too close to a foe may leave it."""
        (ax, ay), (bx, by) = a, b
        lox, hix, loy, hiy = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        dx, dy = bx - ax, by - ay
        l2 = dx * dx + dy * dy
        discs = self.loose if a == self.here or b == self.here else self.discs
        for x, y, r in discs:  # the nearest point of the way to each place's centre
            if x + r < lox or x - r > hix or y + r < loy or y - r > hiy or r <= SLACK:
                continue
            t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / l2))
            px, py = ax + t * dx - x, ay + t * dy - y
            if px * px + py * py < (r - SLACK) ** 2:
                return False
        for p, q in self.walls:
            if max(p[0], q[0]) < lox or min(p[0], q[0]) > hix:
                continue
            if max(p[1], q[1]) < loy or min(p[1], q[1]) > hiy:
                continue
            if crosses(a, b, p, q):
                return False
        return True

    def free(self, p: Point) -> bool:
        """A place to end a move: on nobody's place (rule 49: bodies take room)."""
        return all(math.hypot(p[0] - x, p[1] - y) >= r - SLACK for x, y, r in self.places)

    def open(self, p: Point) -> bool:
        """A point the search may use: outside the foes' places and off the closed gaps."""
        if any(math.hypot(p[0] - x, p[1] - y) < r - SLACK for x, y, r in self.discs):
            return False
        return all(seg_distance(p, a, b) > 0.01 for a, b in self.walls)


Scene = tuple[float, Point, str, tuple[tuple[float, float, float, str], ...], frozenset[str]]


def scene(state: OdndState, f: Fighter) -> Scene:
    """What the bodies `f` meets depend on: its size, place and side, the standing bodies
    (x, y, half-place, side) and the open lines; a key, so a plane unchanged between two
    questions is worked out once."""
    others = tuple(
        (c.position.x / FOOT, c.position.y / FOOT, radius(c), c.side)
        for c in state.fighters()
        if c is not f and stands(c)
    )
    return (radius(f), feet(f.position), f.side, others, frozenset(state.open_ranks))


def ground(state: OdndState, f: Fighter) -> Ground:
    """The bodies `f` meets (`plane`)."""
    return plane(scene(state, f))


@lru_cache(maxsize=256)
def plane(key: Scene) -> Ground:
    """The bodies one mover meets: its side's `shared` ground, every place but its own (it
    may not end there: friends make way, F-ODD-93, but do not give up their place), and the
    foes' places it stands too close to already (it may step out of them)."""
    mine, here, side, others, open_ranks = key
    foes = tuple(o for o in others if o[3] != side)
    base = shared((mine, foes, open_ranks))
    loose = [(x, y, r) for x, y, r in base.discs if length(here, (x, y)) >= r]
    places = [(x, y, r + mine) for x, y, r, _ in others]
    return Ground(base.discs, base.walls, places, here, loose, base)


@lru_cache(maxsize=64)
def shared(
    key: tuple[float, tuple[tuple[float, float, float, str], ...], frozenset[str]],
) -> Ground:
    """What every mover of one side and size meets: its foes' places and the gaps between
    them too narrow for it (ODD-U25: two foes closer than their two half-places and the
    mover's body; a side with open ranks closes none)."""
    mine, foes, open_ranks = key
    g = Ground()
    g.discs = [(x, y, r + mine - SQUEEZE) for x, y, r, _ in foes]
    for i, (x, y, r, their) in enumerate(foes):
        for u, v, s, _ in foes[i + 1 :]:
            need = r + s + 2 * mine  # ODD-U25: 10 ft for men, more for a bigger mover
            if their not in open_ranks and length((x, y), (u, v)) < need - SLACK:
                g.walls.append(((x, y), (u, v)))
    return g


def _corners(g: Ground) -> list[Point]:
    """Corners round each foe's place (an octagon just outside it) and the middle of each
    narrow open gap."""
    out: list[Point] = []
    step = 2 * math.pi / CORNERS
    for x, y, r in g.discs:
        far = r / math.cos(step / 2) + MARGIN
        out.extend(
            (x + far * math.cos((k + 0.5) * step), y + far * math.sin((k + 0.5) * step))
            for k in range(CORNERS)
        )
    for i, (x, y, r) in enumerate(g.discs):
        for u, v, s in g.discs[i + 1 :]:
            d = math.hypot(u - x, v - y)
            if r + s - SLACK <= d < r + s + 2 * MARGIN + 2:
                t = (r + (d - r - s) / 2) / d
                out.append((x + (u - x) * t, y + (v - y) * t))
    return out


def search(
    g: Ground,
    start: Point,
    goals: list[tuple[Point, float]],
    aim: Point,
    nearest: bool = False,
    limit: float = math.inf,
) -> list[Point]:
    """The cheapest way from `start` to one of `goals` (each a point and an extra cost), round
    the places (A* over the corners; the estimate is the distance to `aim`, the goals' centre,
    less the farthest goal's reach net of its extra cost), no longer than `limit` (corners that
    cannot lie on so short a way are left out). When no goal can be reached: with `nearest`,
    the way to the free place reached nearest `aim` (as near as it can get), else empty."""
    if not goals and not nearest:
        return []
    direct = straight(g, start, goals)
    if direct is not None:
        return direct
    reach = max((length(aim, p) - extra for p, extra in goals), default=0.0)  # admissible
    corners = [c for c in g.corners if length(start, c) + max(0.0, length(c, aim) - reach) <= limit]
    nodes = [start, *corners, *(p for p, _ in goals)]
    first_goal = 1 + len(corners)
    best: dict[int, float] = {0: 0.0}
    prev: dict[int, int] = {}
    done: set[int] = set()
    heap = [(max(0.0, length(start, aim) - reach), 0.0, 0)]
    while heap:
        _, cost, u = heapq.heappop(heap)
        if u in done:
            continue
        done.add(u)
        if u >= first_goal:
            return _unwind(nodes, prev, u)
        here = nodes[u]
        for v in range(1, len(nodes)):
            if v in done:
                continue
            there = nodes[v]
            extra = goals[v - first_goal][1] if v >= first_goal else 0.0
            new = cost + length(here, there) + extra
            guess = max(0.0, length(there, aim) - reach)
            if new >= best.get(v, math.inf) - SLACK or new + guess > limit:
                continue  # no better way, or too long: the costly check is spared
            if g.sees(here, there, 0 < u < first_goal and v < first_goal):
                best[v], prev[v] = new, u
                heapq.heappush(heap, (new + guess, new, v))
    if not nearest:
        return []
    ends = [u for u in done if u == 0 or g.free(nodes[u])]
    u = min(ends, key=lambda u: length(nodes[u], aim))
    return _unwind(nodes, prev, u) if u else []


def straight(g: Ground, start: Point, goals: list[tuple[Point, float]]) -> list[Point] | None:
    """The straight way to the cheapest goal in sight, when no goal out of sight could be
    cheaper (no way to a point is shorter than the straight line): the search is spared."""
    best, cheapest = None, math.inf
    hidden = math.inf
    for p, extra in goals:
        cost = length(start, p) + extra
        if cost >= cheapest:
            continue
        if g.clear(start, p):
            best, cheapest = p, cost
        else:
            hidden = min(hidden, cost)
    if best is None or hidden < cheapest - SLACK:
        return None
    return [start, best]


def _unwind(nodes: list[Point], prev: dict[int, int], u: int) -> list[Point]:
    path = [nodes[u]]
    while u in prev:
        u = prev[u]
        path.append(nodes[u])
    path.reverse()
    return path


def ring(g: Ground, centre: Point, reach: float, extra: float) -> list[tuple[Point, float]]:
    """Free places at `reach` feet round `centre`, each with its extra cost."""
    out = []
    for k in range(RING):
        a = 2 * math.pi * k / RING
        p = (centre[0] + reach * math.cos(a), centre[1] + reach * math.sin(a))
        if g.free(p) and g.open(p):
            out.append((p, extra))
    return out


def cut(g: Ground, path: list[Point], most: float) -> list[Point]:
    """The first `most` feet of `path`, ending on a free place (backing off along it)."""
    out = [path[0]]
    left = most
    for a, b in itertools.pairwise(path):
        d = length(a, b)
        if d <= left + SLACK:
            out.append(b)
            left -= d
            continue
        t = left / d
        out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        break
    while len(out) > 1 and not g.free(out[-1]):
        a, b = out[-2], out[-1]
        d = length(a, b)
        if d <= BACK:
            out.pop()
            continue
        t = (d - BACK) / d
        out[-1] = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    return out


# --- the ways the rules ask for ---------------------------------------------------------


def approach(
    state: OdndState, f: Fighter, target: Fighter, most: float, stop: float
) -> list[Point] | None:
    """The way `f` goes up to `most` feet toward `target`, to stand `stop` feet from it or at
    its edge (rules 42, 43, 77: "within 10 feet of the foe"); None when the straight way is
    clear and ends on a free place (the mover goes straight, as without bodies). Round the
    places, it ends at the target's edge if it can, else anywhere within 10 ft of it (rule 49),
    else as far along the way as its move takes it."""
    g = ground(state, f)
    start, centre = feet(f.position), feet(target.position)
    room = length(start, centre) - stop
    if room <= 0:
        return None
    end = Position.toward(f.position, target.position, min(most, room) * FOOT)
    if g.clear(start, feet(end)) and g.free(feet(end)):
        return None
    edge = max(stop, radius(f) + radius(target))
    goals = ring(g, centre, edge, 0.0)
    if edge < MELEE:
        goals += ring(g, centre, MELEE, MELEE - edge)  # second best: within 10 ft
    limit = max(2 * most, 1.5 * room + 2 * MELEE)  # no detour longer matters this round
    way = search(g, start, goals, centre, limit=limit)
    if way and path_length(way) > most + SLACK and edge < MELEE:
        near = search(g, start, ring(g, centre, MELEE, 0.0), centre, limit=most + SLACK)
        way = near or way
    way = way or search(g, start, [], centre, nearest=True, limit=limit)
    return cut(g, way, most) if way else [start]


def melee_gap(state: OdndState, f: Fighter, target: Fighter, limit: float) -> float:
    """The feet `f` must go to come within 10 ft of `target` round the places (rules 42, 77,
    78 with 49, 56); infinite when no way is open within `limit` feet."""
    d = f.position.distance(target.position) / FOOT  # as `space.feet`
    if d <= MELEE + SLACK:
        return 0.0
    if d - MELEE > limit + SLACK:
        return d - MELEE  # beyond the limit even straight: no way round can be shorter
    return _melee_gap(scene(state, f), feet(target.position), d, limit)


@lru_cache(maxsize=1024)
def _melee_gap(key: Scene, centre: Point, d: float, limit: float) -> float:
    g, start = plane(key), key[1]
    t = (d - MELEE) / d
    end = (start[0] + (centre[0] - start[0]) * t, start[1] + (centre[1] - start[1]) * t)
    if g.clear(start, end) and g.free(end):
        return d - MELEE
    way = search(g, start, ring(g, centre, MELEE, 0.0), centre, limit=limit + SLACK)
    return path_length(way) if way else math.inf


def away(state: OdndState, f: Fighter, goal: Position, most: float) -> list[Point] | None:
    """The way `f` backs off or flees toward `goal` (rules 51, 52); None when the straight
    way is clear. Round the places to the goal or beside it, else toward the open ground."""
    g = ground(state, f)
    start, aim = feet(f.position), feet(goal)
    if g.clear(start, aim) and g.free(aim):
        return None
    goals = [(aim, 0.0)] if g.free(aim) and g.open(aim) else []
    goals += ring(g, aim, 2 * radius(f), 0.0)
    way = search(g, start, goals, aim) or _exit(g, start, most)
    return cut(g, way, most) if way else [start]


def _exit(g: Ground, start: Point, most: float) -> list[Point]:
    reach = max(most, 2 * MELEE)
    return search(g, start, ring(g, start, reach, 0.0), start)


def hemmed_in(state: OdndState, f: Fighter, most: float) -> bool:
    """Rule 52: whether `f` has no way out — foes' places and closed gaps all round it (it
    cannot "pass around an opponent or through an opening in the line")."""
    if not on(state):
        return False
    g = ground(state, f)
    if not g.walls:
        return False
    start = feet(f.position)
    reach = max(most, 2 * MELEE)
    for k in range(RING):
        a = 2 * math.pi * k / RING
        if g.clear(start, (start[0] + reach * math.cos(a), start[1] + reach * math.sin(a))):
            return False
    return not _exit(g, start, most)
