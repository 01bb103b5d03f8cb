"""Movement on the Scale grid (seed "Move", "Run", "Difficult Terrain", "Crouching and Prone";
rules 28-36, 99, 187, 220; C15; SAM-A7, A8, A10, A17, A18). A fighter moves square by square
(its own squares) in one of eight directions, toward where its weapon reaches its goal."""

from __future__ import annotations

import math
from typing import Final

from fracas.core.geometry import Position, hypot
from fracas.rulesets.semiautomagic import space
from fracas.rulesets.semiautomagic.state import Fighter, SamState


def band(state: SamState, f: Fighter) -> tuple[int, int]:
    """Where `f` wants to be from its goal, in its squares: its melee weapon's reach band
    (SAM-A13); a shooter's goal is only to be in range, so any distance from 1 suits it."""
    w = f.wielded.data
    if w.kind == "melee":
        low, high = w.reach
        if high == 0 and state.close_adjacent:
            high = 1
        return low, high
    return 1, 10**6


def measurer(state: SamState, f: Fighter) -> Fighter:
    """Rule 134 (F-SAM-80): a ridden mount goes where its rider's weapon reaches the goal
    (the rider sits at the mount's centre); anyone else, where its own does."""
    if f.rider_id:
        for r in state.fighters():
            if r.id == f.rider_id and r.active:
                return r
    return f


def off_band(d: int, reach: tuple[int, int]) -> int:
    return reach[0] - d if d < reach[0] else max(0, d - reach[1])


def ranged_ready(state: SamState, f: Fighter, goal: Fighter) -> bool:
    w = f.wielded.data
    if w.kind == "melee":
        return False
    return space.range_penalty(space.metres(state, f, goal), w.increment) != space.OUT_OF_RANGE


def arrived(state: SamState, f: Fighter, goal: Fighter) -> bool:
    """In its band (melee), or within its first range increment (a shooter, rule 62): no
    nearer place would be better for its weapon (a ridden mount's: its rider's)."""
    m = measurer(state, f)
    w = m.wielded.data
    if w.kind != "melee":
        return space.range_penalty(space.metres(state, f, goal), w.increment) == 0
    return off_band(space.squares(state, m, goal, f.position), band(state, m)) == 0


def steps(
    state: SamState, f: Fighter, goal: Fighter, only: tuple[int, int] | None
) -> list[tuple[int, int]]:
    """The directions that bring `f` nearer its band around `goal`, best first (nearest the
    band, then a square that flanks `goal` with an ally (rule 94; issue 31), then the shorter
    gap, then orthogonal before diagonal)."""
    keyed: list[tuple[int, bool, float, int, int, tuple[int, int]]] = []
    wanted: set[tuple[int, int]] | None = None  # found when a step reaches the band
    x, y, sq = f.position.x, f.position.y, f.square
    for d, score, gap in nearer(state, f, goal, only):
        flank = False
        if score == 0:
            wanted = flank_sides(state, f, goal) if wanted is None else wanted
            flank = bool(wanted) and space.side_of(goal, x + d[0] * sq, y + d[1] * sq) in wanted
        keyed.append((score, not flank, gap, abs(d[0]) + abs(d[1]), len(keyed), d))
    keyed.sort()  # by the key, then the order found (a stable sort, no key function)
    return [k[5] for k in keyed]


class Approach:
    """Where `f` stands toward its band around `goal`, read by `nearer` and `open_step`
    before they try the directions."""

    __slots__ = ("_gap", "away", "d_now", "f", "goal", "m", "now", "reach")

    def __init__(
        self,
        state: SamState,
        f: Fighter,
        goal: Fighter,
        m: Fighter | None = None,
        reach: tuple[int, int] = (0, 0),
        d_now: int = -1,
    ) -> None:
        """`m` and `reach`: `f`'s measurer and its band, when the caller has read them for
        every goal (they do not depend on the goal; `legal` asks for each enemy); `d_now`:
        `squares` from there to `goal`, when the caller has it (-1: not)."""
        self.f, self.goal = f, goal
        if m is None:
            m = measurer(state, f)  # rule 134: a ridden mount measures as its rider
            reach = band(state, m)
        self.m, self.reach = m, reach
        if d_now < 0:
            d_now = space.squares(state, m, goal, f.position)
        self.d_now = d_now
        self.now = off_band(d_now, reach)
        self.away = -1.0 if d_now < reach[0] else 1.0  # too close: a longer gap is better
        self._gap: float | None = None

    def arrived(self, state: SamState) -> bool:
        """`arrived`, from what the approach has read (issue 35: `legal` asks both, for each
        enemy of each decision): in the band of a melee weapon, or within the first range
        increment of a shooting one (rule 62; the measurer's weapon, rule 134)."""
        w = self.m.wielded.data
        if w.kind != "melee":
            return space.range_penalty(space.metres(state, self.f, self.goal), w.increment) == 0
        return self.now == 0

    def now_gap(self) -> float:
        """The signed gap from where `f` stands, worked out when a direction first needs it
        (one that stays as far off the band as now)."""
        if self._gap is None:
            self._gap = self.away * self.f.position.distance(self.goal.position)
        return self._gap


def nearer(
    state: SamState, f: Fighter, goal: Fighter, only: tuple[int, int] | None
) -> list[tuple[tuple[int, int], int, float]]:
    """The directions whose first square brings `f` nearer its band around `goal` (`steps`,
    unsorted: each with how far off the band it leaves `f` and its signed gap)."""
    at = Approach(state, f, goal)
    out: list[tuple[tuple[int, int], int, float]] = []
    for d in space.DIRECTIONS if only is None else (only,):
        score, gap = toward_band(state, at, d)
        if score >= 0:
            out.append((d, score, gap))
    return out


def open_step(
    state: SamState, f: Fighter, goal: Fighter, budget: int, at: Approach | None = None
) -> bool:
    """On open ground (no terrain: every step costs its plain price), whether some direction
    of `nearer` is affordable within `budget` and free: `nearer`'s test, direction by
    direction, stopping at the first that serves (issue 35: `legal` asks only whether one
    exists, for every enemy of every decision). `at`: the `Approach` when the caller has it.
    Gaps by the core's `geometry.hypot` (`math.hypot`'s float, in machine doubles), as
    `nearer`'s."""
    if at is None:
        at = Approach(state, f, goal)
    return open_step_from(state, f, goal, budget, at.m, at.reach, at.d_now)


def open_step_from(
    state: SamState,
    f: Fighter,
    goal: Fighter,
    budget: int,
    m: Fighter,
    reach: tuple[int, int],
    d_now: int,
) -> bool:
    """`open_step` from what an `Approach` would hold, with no `Approach` made (issue 35:
    `legal` asks it for every enemy not reached, at every decision): `m` the measurer,
    `reach` its band, `d_now` `squares` from `m`'s footprint at `f`'s place to `goal`; the
    rest worked out as `Approach.__init__` and `now_gap` do."""
    now = off_band(d_now, reach)
    away = -1.0 if d_now < reach[0] else 1.0  # too close: a longer gap is better
    now_gap = NOT_NEARER  # `Approach.now_gap`, worked out when a direction first needs it
    alternate = state.alternate
    x, y, sq = f.position.x, f.position.y, f.square
    gx, gy = goal.position.x, goal.position.y
    # Whether some direction serves does not depend on the order they are tried in (each is
    # tested alone): the one straight at the goal first, the likeliest to (issue 35)
    sx = 1 if gx > x else -1 if gx < x else 0
    sy = 1 if gy > y else -1 if gy < y else 0
    if away < 0:  # too close: straight away from it first
        sx, sy = -sx, -sy
    for d in AIMED[3 * sx + sy + 4]:
        ax, ay = x + d[0] * sq, y + d[1] * sq
        d_at = space.squares_at(ax, ay, m.square, goal, alternate, m.seat or m.square)
        score = off_band(d_at, reach)
        crosses = d_now > reach[1] and d_at < reach[0]  # from too far to too close
        if score > now or crosses:
            continue
        if score == now:
            if now_gap == NOT_NEARER:
                now_gap = away * f.position.distance(goal.position)
            if away * hypot(gx - ax, gy - ay) >= now_gap - space.EPS:
                continue
        diagonal = d[0] != 0 and d[1] != 0
        cost = space.step_cost(1, diagonal, f.diagonals, alternate)
        if cost <= budget and space.free_at(state, f, ax, ay):
            return True
    return False


def aimed(sx: int, sy: int) -> tuple[tuple[int, int], ...]:
    """The eight directions, those nearest (sx, sy) first (then in `DIRECTIONS`' order)."""
    return tuple(
        sorted(space.DIRECTIONS, key=lambda d: abs(d[0] - sx) + abs(d[1] - sy))
    )  # fmt: skip


# `open_step`'s orders of the directions, by where the goal lies: index 3 sx + sy + 4
AIMED: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    aimed(sx, sy) for sx in (-1, 0, 1) for sy in (-1, 0, 1)
)  # fmt: skip


def flank_sides(state: SamState, f: Fighter, goal: Fighter) -> set[tuple[int, int]]:
    """Rule 94, SAM-A40: the sides and corners of `goal`'s footprint opposite those touched
    by `f`'s allies (`goal`'s other foes, adjacent): standing there, `f` flanks it."""
    out: set[tuple[int, int]] = set()
    for e in state.foes_of(goal):
        if e is f or not isinstance(e, Fighter) or not e.active or not e.present:
            continue
        if space.squares(state, goal, e) == 1:
            sx, sy = space.side_of(goal, e.position.x, e.position.y)
            if (sx, sy) != (0, 0):
                out.add((-sx, -sy))
    return out


def can_run(state: SamState, f: Fighter, goal: Fighter) -> bool:
    """C15: a run needs a first step on open ground toward the goal."""
    first = next(
        (d for d in steps(state, f, goal, None) if space.free_step(state, f, d)),
        None,
    )
    return first is not None and space.terrain_step(state, f, first) == 1


def reachable(
    state: SamState, f: Fighter, goal: Fighter, budget: int, at: Approach | None = None
) -> tuple[bool, bool]:
    """(a move can take a step toward `goal`, a run can: C15, its first free step on open
    ground), from one list of steps (`next_step` and `can_run` together, for `legal`); `at`
    the `Approach` when the caller has it."""
    alternate = state.alternate
    if state.open_ground:  # open ground everywhere: the order does not matter
        found = open_step(state, f, goal, budget, at)
        return found, found
    step = run = False
    first = True
    for d in steps(state, f, goal, None):
        if not space.free_step(state, f, d):
            continue
        factor = space.terrain_step(state, f, d)
        if first:
            run, first = factor == 1, False
        if space.step_cost(factor, d[0] != 0 and d[1] != 0, f.diagonals, alternate) <= budget:
            step = True
            break
    return step, run and step


def next_step(
    state: SamState,
    f: Fighter,
    goal: Fighter,
    left: int,
    diagonals: int,
    only: tuple[int, int] | None,
    run: bool,
    at: Approach | None = None,
) -> tuple[int, bool, tuple[int, int]] | None:
    """The best affordable step toward `goal`: (its cost, diagonal, direction), or None: the
    first of `steps` that is free (issue 31 item 6: one creature a square) and affordable
    within `left` (C15: a run never into difficult terrain). In one pass over the directions
    (issue 35: no list of keys sorted at every square): a direction is tried only when its key
    comes before the best found so far, and on equal keys the first found stays, as the stable
    sort of `steps` keeps it. `at`: the `Approach` when the caller has it."""
    if at is None:
        at = Approach(state, f, goal)
    alternate = state.alternate
    x, y, sq = f.position.x, f.position.y, f.square
    wanted: set[tuple[int, int]] | None = None  # found when a step reaches the band
    best: tuple[int, bool, tuple[int, int]] | None = None
    b_score, b_side, b_gap, b_length = 0, False, 0.0, 0  # the best's key (`steps`' order)
    # `band_score`'s reading of the approach, once for the eight directions (issue 35)
    m, reach, now = at.m, at.reach, at.now
    m_square, m_body, low = m.square, m.seat or m.square, reach[0]
    far = at.d_now > reach[1]  # too far now: a square too close is a crossing
    for d in space.DIRECTIONS if only is None else (only,):
        d_at = space.squares_at(x + d[0] * sq, y + d[1] * sq, m_square, goal, alternate, m_body)
        score = off_band(d_at, reach)  # `band_score`, written out
        if score > now or (far and d_at < low):
            continue  # not nearer
        if best is not None and score > b_score:
            continue  # behind the best whatever its gap: no `hypot`
        gap = band_gap(at, d, score)
        if gap == NOT_NEARER:
            continue
        side = True  # `not flank`: a square that flanks `goal` comes first (rule 94)
        if score == 0:
            wanted = flank_sides(state, f, goal) if wanted is None else wanted
            flank = bool(wanted) and space.side_of(goal, x + d[0] * sq, y + d[1] * sq) in wanted
            side = not flank
        length = abs(d[0]) + abs(d[1])
        if best is not None and not key_before(score, side, gap, length, b_score, b_side, b_gap,
                                               b_length):  # fmt: skip
            continue
        if not space.free_step(state, f, d):
            continue
        factor = space.terrain_step(state, f, d)
        diagonal = length == 2
        step = space.step_cost(factor, diagonal, diagonals, alternate)
        if (run and factor > 1) or step > left:
            continue
        best = (step, diagonal, d)
        b_score, b_side, b_gap, b_length = score, side, gap, length
    return best


def key_before(
    score: int, side: bool, gap: float, length: int,
    b_score: int, b_side: bool, b_gap: float, b_length: int,
) -> bool:  # fmt: skip
    """Whether the key (score, side, gap, length) of `steps` sorts strictly before the other,
    field by field in plain C values (no tuples compared)."""
    if score != b_score:
        return score < b_score
    if side != b_side:
        return not side
    if gap != b_gap:
        return gap < b_gap
    return length < b_length


def toward_band(state: SamState, at: Approach, d: tuple[int, int]) -> tuple[int, float]:
    """`nearer`'s test of one direction from `at`: (how far off the band its first square
    leaves `f`, its signed gap), or (-1, 0.0) when it brings `f` no nearer."""
    score = band_score(state, at, d)
    if score < 0:
        return -1, 0.0  # (before the gap: no `hypot` for a direction that cannot serve)
    gap = band_gap(at, d, score)
    if gap == NOT_NEARER:
        return -1, 0.0
    return score, gap


def band_score(state: SamState, at: Approach, d: tuple[int, int]) -> int:
    """How far off the band the first square in direction `d` leaves `at.f`; -1 when that is
    further off than now, or it crosses from too far to too close."""
    f, goal, m, reach = at.f, at.goal, at.m, at.reach
    ax, ay = f.position.x + d[0] * f.square, f.position.y + d[1] * f.square
    d_at = space.squares_at(ax, ay, m.square, goal, state.alternate, m.seat or m.square)
    score = off_band(d_at, reach)
    if score > at.now or (at.d_now > reach[1] and d_at < reach[0]):
        return -1
    return score


def band_gap(at: Approach, d: tuple[int, int], score: int) -> float:
    """The signed gap from the first square in direction `d` to the goal (`score` its
    `band_score`); `NOT_NEARER` when it stays as far off the band as now and the gap is no
    better. Gaps by the core's `geometry.hypot`."""
    f, goal = at.f, at.goal
    ax, ay = f.position.x + d[0] * f.square, f.position.y + d[1] * f.square
    gap = at.away * hypot(goal.position.x - ax, goal.position.y - ay)
    if score == at.now and gap >= at.now_gap() - space.EPS:
        return NOT_NEARER
    return gap


NOT_NEARER: Final = math.inf  # `band_gap`: no step nearer (a gap on the field is finite)


def advance(
    state: SamState, f: Fighter, goal: Fighter, budget: int, run: bool = False
) -> tuple[int, int]:
    """Move toward `goal` spending at most `budget` squares of cost (rules 28, 33-34, SAM-A7:
    the turn's diagonals alternate 1 and 2, `Fighter.diagonals`); a run goes in one straight
    line, the one of eight that ends nearest the goal (`run_heading`), and stops before
    difficult ground (rules 30-32, C15). Returns (squares moved, cost)."""
    moved = cost = 0
    heading = run_heading(state, f, goal, budget) if run else None
    m = measurer(state, f)  # rule 134; neither it nor its band changes on the way
    reach = band(state, m)
    while cost < budget:
        at = Approach(state, f, goal, m, reach)  # read once a square: `arrived`, the step
        if at.arrived(state):
            break
        chosen = next_step(state, f, goal, budget - cost, f.diagonals, heading, run, at)
        if chosen is None:
            break
        step, diagonal, d = chosen
        cost += step
        f.diagonals += diagonal
        moved += 1
        go(f, space.shifted(f, d), d)
    return moved, cost


def run_heading(state: SamState, f: Fighter, goal: Fighter, budget: int) -> tuple[int, int] | None:
    """Rules 30-31 (issue 31: straight runs): of the directions whose first step brings `f`
    nearer (`steps`) onto a free square of open ground (C15), the one whose straight line,
    run as far as the budget allows or until it passes the goal, ends nearest it (its band
    first, then the gap); on a tie the first of `steps`. In one pass over the directions
    (issue 35): a direction replaces the best when its end is nearer, or as near and its key
    of `steps` comes first (no list of steps sorted, no tuples compared)."""
    at = Approach(state, f, goal)
    x, y, sq = f.position.x, f.position.y, f.square
    wanted: set[tuple[int, int]] | None = None  # found when a step reaches the band
    best: tuple[int, int] | None = None
    b_off, b_dist = 0, 0.0  # the best's end: off the band, gap
    b_score, b_side, b_gap, b_length = 0, False, 0.0, 0  # the best's key in `steps`
    for d in space.DIRECTIONS:
        score, gap = toward_band(state, at, d)
        if score < 0:
            continue  # not nearer
        side = True  # `not flank`, as in `next_step`
        if score == 0:
            wanted = flank_sides(state, f, goal) if wanted is None else wanted
            flank = bool(wanted) and space.side_of(goal, x + d[0] * sq, y + d[1] * sq) in wanted
            side = not flank
        length = abs(d[0]) + abs(d[1])
        if not space.free_step(state, f, d) or space.terrain_step(state, f, d) != 1:
            continue
        off, dist = run_end(state, at, d, budget)
        if best is not None:
            if off != b_off or dist != b_dist:
                if off > b_off or (off == b_off and dist > b_dist):
                    continue
            elif not key_before(score, side, gap, length, b_score, b_side, b_gap, b_length):
                continue
        best, b_off, b_dist = d, off, dist
        b_score, b_side, b_gap, b_length = score, side, gap, length
    return best


def run_end(state: SamState, at: Approach, d: tuple[int, int], budget: int) -> tuple[int, float]:
    """Where a straight run in direction `d` ends (rules 30-31): as far as the budget allows
    (`affordable`) or the square nearest the goal's projection on the line, at least one;
    (how far off the band it leaves `at.f`, the gap from there to the goal)."""
    f, goal, m = at.f, at.goal, at.m
    alternate = state.alternate
    gx, gy = goal.position.x - f.position.x, goal.position.y - f.position.y
    diagonal = d[0] != 0 and d[1] != 0
    length = hypot(d[0], d[1]) * f.square
    along = (gx * d[0] + gy * d[1]) / hypot(d[0], d[1])  # the goal's projection
    n = affordable(budget, diagonal, f.diagonals, alternate)
    n = max(1, min(n, round(along / length)))
    ex, ey = f.position.x + d[0] * n * f.square, f.position.y + d[1] * n * f.square
    d_end = space.squares_at(ex, ey, m.square, goal, alternate, m.seat or m.square)
    return off_band(d_end, at.reach), hypot(gx + f.position.x - ex, gy + f.position.y - ey)


def affordable(budget: int, diagonal: bool, taken: int, alternate: bool) -> int:
    """How many squares of open ground a straight line in one direction affords (SAM-A7)."""
    if not diagonal:
        return budget
    n = cost = 0
    while True:
        step = space.step_cost(1, True, taken + n, alternate)
        if cost + step > budget:
            return n
        cost += step
        n += 1


def go(f: Fighter, at: Position, d: tuple[int, int]) -> None:
    """One square: aim is lost on changing square (SAM-A17); straight movement adds up for
    a Charge (SAM-A18)."""
    length = f.square * (math.sqrt(2) if d[0] and d[1] else 1.0)
    if d == f.heading:
        f.straight += length
    else:
        f.heading, f.straight = d, length
    f.position = at
    f.aimed_at = ""


def crawl_steps(state: SamState, f: Fighter, goal: Fighter) -> list[tuple[int, int]]:
    """The free squares a crawl toward `goal` may go to, best first (issue 31 item 6)."""
    return [d for d in steps(state, f, goal, None) if space.free_step(state, f, d)]


def crawl(state: SamState, f: Fighter, goal: Fighter) -> int:
    """Rule 187, SAM-A10: one square, whatever the ground, as a 4-second action."""
    found = crawl_steps(state, f, goal)
    if not found:
        return 0
    go(f, space.shifted(f, found[0]), found[0])
    return 1
