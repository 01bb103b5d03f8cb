"""Area attacks (seed "Area Effect Attacks"; rules 71-80; RULINGS.md S14; SAM-A20, A21, A22,
A23, A25; T-SAM-24, T-SAM-25, T-SAM-26).

A weapon with an `area` (grenade, acid vial, flame-thrower, a spell with the Explosive, Cone
or Line metamagic; `data/weapons.yaml`) attacks a square, not a creature:

1. choose a square in range (decision `aim area`) and roll d6 + attack bonus - the range
   penalty against the Target of an area of the attacker's scale, 4 - scale (rule 72);
2. a hit lands there; a miss scatters: a d8 for the direction (S14) and (k + 1)d6 squares of
   the larger of the attacker's and the weapon's scale, k the doublings of the range penalty
   (rule 74, SAM-A21); everyone even partly in the area is caught, friend or foe, the
   attacker too (rule 73, SAM-A22: any overlap with a footprint);
3. each caught may defend: a block (a shield) negates, a dodge takes 3 off the damage, or
   negates with Evasion or heavy cover; no parry; one defence roll of its kind (rule 75,
   SAM-A23); flat-footed and helpless: none;
4. one damage roll for everyone (rule 76), every result at once (SAM-A25, `harm.apply_all`).

Shapes (rules 77-80, SAM-A20, SAM-A22), in squares of the effect's scale (side 2^s m): a
sphere is the square of its scale centred on the chosen square; a line (1/2 wide, 2 long) and
a cone (1 long, 1 wide at its end) start at the attacker's footprint edge and point at the
chosen square. An area weapon that is neither thrown, reloaded nor delayed may be used in a
combo: each Attack is one area attack, each square chosen before any die (rule 90); all
results apply together (rule 88, SAM-A25).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

from fracas.core.combatant import Status
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import attack, cover, data, decisions, harm, space, wear
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import events_geometry as geo
from fracas.rulesets.semiautomagic.needs import d6_needs
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

AIM: Final = "aim area"  # rule 72: the square an area attack is aimed at
# S14 (PROPOSED): the scatter die is a d8 of compass directions, 1 north, then clockwise.
COMPASS: Final[tuple[tuple[int, int], ...]] = (
    (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1),
)  # fmt: skip
NAMES: Final = (
    "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west",
)  # fmt: skip
DODGE_CUT: Final = 3  # rule 75: a dodge without Evasion takes 3 off the damage
EPS: Final = 1e-6
Polygon = list[tuple[float, float]]


class Point:
    """A square an area attack may be aimed at: the centre of a creature's footprint
    (`who`, its id), where the rules offer it (F-SAM-61)."""

    __slots__ = ("label", "who", "x", "y")

    def __init__(self, x: float = 0.0, y: float = 0.0, who: str = "", label: str = "") -> None:
        self.x, self.y, self.who, self.label = x, y, who, label

    def __str__(self) -> str:
        at = f"({self.x:g}, {self.y:g})"
        return f"the square of {self.label} {at}" if self.label else f"the square {at}"


def area_target(a: Fighter) -> int:
    """Rule 72 (T-SAM-24): the area's Target is that of the attacker's scale, 4 - scale."""
    return 4 - a.scale


def side(scale: int) -> float:
    """SAM-A20 (T-SAM-25): an area of scale s is 2^s m across (the table, not the text's
    "scale 4 ... 8 m")."""
    return data.scale_table()[scale].square


def metres_to(state: SamState, a: Fighter, x: float, y: float) -> float:
    """Range in metres to a point, by the metric of `space.metres` (SAM-A7)."""
    dx = space.round6(abs(x - a.position.x) / a.square)
    dy = space.round6(abs(y - a.position.y) / a.square)
    big, small = max(dx, dy), min(dx, dy)
    if state.alternate:
        return (big + math.floor(small / 2)) * a.square
    return big * a.square


def doublings(state: SamState, a: Fighter, w: Wielded, p: Point) -> int:
    """Rules 62-63: the range penalty to the square (out of range: `space.OUT_OF_RANGE`)."""
    return space.range_penalty(metres_to(state, a, p.x, p.y), w.data.increment)


def scatter_dice(state: SamState, a: Fighter, w: Wielded, p: Point) -> int:
    """Rule 74, SAM-A21: (k + 1) scatter dice, k the doublings of the range penalty; option
    `scatter_dice: increments`: the seed's "1d6 per range increment out" (at least one)."""
    if state.options.scatter_dice == "doublings" or not w.data.increment:
        return doublings(state, a, w, p) + 1
    out = metres_to(state, a, p.x, p.y) / w.data.increment
    return max(1, math.ceil(out - EPS))


def standing(state: SamState) -> list[Fighter]:
    """Who an area can catch: every creature present and not dead ("all viable targets",
    rule 75), not a possessor inside a body."""
    return [
        f for f in state.fighters()
        if f.present and f.status is not Status.DEAD and not f.inside
    ]  # fmt: skip


def points(state: SamState, a: Fighter, w: Wielded) -> list[Point]:
    """Rule 72: "choose a square in range": where each other creature stands that `a` can see
    (an unseen foe's square is not given away, rules 110-111, F-SAM-61), and the empty squares
    of `a`'s scale around them (issue 31: any square in range; the ones where an area can
    matter are those next to someone it catches), each in range."""
    out: list[Point] = []
    foes = {f.id for f in state.foes_of(a)}
    seen = [
        f for f in standing(state)
        if f is not a and not (f.id in foes and attack.sight(state, a, f) == "invisible")
    ]  # fmt: skip
    taken: set[tuple[float, float]] = set()
    for f in seen:
        p = Point(f.position.x, f.position.y, f.id, f.name)
        taken.add((p.x, p.y))
        if doublings(state, a, w, p) != space.OUT_OF_RANGE:
            out.append(p)
    for f in seen:
        for dx, dy in space.DIRECTIONS:
            for k in offsets(a, w, f):
                p = Point(f.position.x + dx * k * a.square, f.position.y + dy * k * a.square)
                if (p.x, p.y) in taken:
                    continue
                taken.add((p.x, p.y))
                if doublings(state, a, w, p) != space.OUT_OF_RANGE:
                    out.append(p)
    return out


def offsets(a: Fighter, w: Wielded, f: Fighter) -> tuple[int, ...]:
    """How many of `a`'s squares from `f` the empty squares offered around it lie: the next
    square, and for a sphere also the farthest whose area still catches `f` (the squares
    between change nothing but which others it catches at the edges)."""
    if w.data.area != "sphere":
        return (1,)
    reach = (side(w.data.area_scale) + f.square) / 2 / a.square
    far = max(1, math.ceil(reach - EPS) - 1)
    return (1,) if far == 1 else (1, far)


def combos(state: SamState, a: Fighter, w: Wielded) -> list[tuple[str, ...]]:
    """What `a` may do with an area weapon now: a single area attack, `()`, and each combo
    of several attacks when the weapon is neither thrown, reloaded nor delayed (F-SAM-32)."""
    if not points(state, a, w):
        return []
    out: list[tuple[str, ...]] = [()]
    if a.disabled or w.data.kind == "thrown" or w.data.reload or w.data.delay:
        return out
    return out + [c for c in a.combos if attacks_in(c) > 1]


def attacks_in(combo: tuple[str, ...]) -> int:
    return sum(data.components()[c]["attacks"] for c in combo) if combo else 1


def shape(a: Fighter, w: Wielded, x: float, y: float, grid: bool = False) -> Polygon:
    """Rules 77-80 (SAM-A20, SAM-A22): the area, as a polygon in metres; with `grid` (option
    `sphere_on_grid`) a sphere is the square of its scale's grid that holds the chosen point."""
    size = side(w.data.area_scale)
    if w.data.area == "sphere":
        if grid:  # the grid of scale-0 squares centred on whole metres, coarsened by 2^s
            x0 = math.floor((x + 0.5) / size + EPS) * size - 0.5
            y0 = math.floor((y + 0.5) / size + EPS) * size - 0.5
            return [(x0, y0), (x0 + size, y0), (x0 + size, y0 + size), (x0, y0 + size)]
        h = size / 2
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]
    ux, uy = x - a.position.x, y - a.position.y
    length = math.hypot(ux, uy)
    ux, uy = (ux / length, uy / length) if length > EPS else (1.0, 0.0)
    reach = a.square / 2 / max(abs(ux), abs(uy))  # from the footprint's edge
    sx, sy = a.position.x + ux * reach, a.position.y + uy * reach
    nx, ny = -uy, ux
    if w.data.area == "line":  # rule 79: half a square wide, two long
        half, far = size / 4, 2 * size
        # SAM-A22 (issue 31 item 3): the near edge is the footprint's edge across the bearing,
        # so that the caster is never inside its own line, whatever the bearing
        reach = a.square / 2 * (abs(ux) + abs(uy))
        sx, sy = a.position.x + ux * reach, a.position.y + uy * reach
        ex, ey = sx + ux * far, sy + uy * far
        return [
            (sx + nx * half, sy + ny * half), (sx - nx * half, sy - ny * half),
            (ex - nx * half, ey - ny * half), (ex + nx * half, ey + ny * half),
        ]  # fmt: skip
    ex, ey = sx + ux * size, sy + uy * size  # rule 80: one long, one wide at the end
    half = size / 2
    return [(sx, sy), (ex + nx * half, ey + ny * half), (ex - nx * half, ey - ny * half)]


def overlaps(poly: Polygon, f: Fighter) -> bool:
    """SAM-A22: "even partly in" = the area and the footprint overlap (touching is not
    enough), by separating axes."""
    return overlaps_box(poly, space.bounds(f))


def overlaps_box(poly: Polygon, bounds: tuple[float, float, float, float]) -> bool:
    """`overlaps` for any axis-aligned box (x0, x1, y0, y1)."""
    x0, x1, y0, y1 = bounds
    box = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    axes = [(1.0, 0.0), (0.0, 1.0)]
    for i, (px, py) in enumerate(poly):
        qx, qy = poly[(i + 1) % len(poly)]
        axes.append((py - qy, qx - px))
    for nx, ny in axes:
        norm = math.hypot(nx, ny)
        if norm < EPS:
            continue
        mine = [(nx * px + ny * py) / norm for px, py in poly]
        theirs = [(nx * px + ny * py) / norm for px, py in box]
        if max(mine) <= min(theirs) + EPS or max(theirs) <= min(mine) + EPS:
            return False
    return True


def caught(state: SamState, poly: Polygon) -> list[Fighter]:
    """Rule 73: everything even partly in the area, friend or foe."""
    return [f for f in standing(state) if overlaps(poly, f)]


@dataclass(slots=True)
class Blast:
    """One area attack of an action: its square, its roll, where it lands, whom it catches."""

    aimed: Point
    x: float = 0.0
    y: float = 0.0
    hit: bool = False
    damage: int = 0
    caught: list[Fighter] = field(default_factory=list)
    covers: list[Fighter] = field(default_factory=list)  # whose cover object it catches
    results: dict[str, str] = field(default_factory=dict)  # by id: blocked, evaded, an effect


def strike(table: Table, state: SamState, a: Fighter, w: Wielded, combo: tuple[str, ...]) -> None:
    """Rule 90: each area attack's square is chosen before any die; then `resolve`."""
    blasts: list[Blast] = []
    for _ in range(attacks_in(combo)):
        options = points(state, a, w)
        if not options:
            break
        blasts.append(Blast(table.choose(a, AIM, options)))
    if not blasts:
        table.emit(ev.Did, who=a.name, what="finds no square in range: the attack is lost")
        return
    state.tally["combos"] += bool(combo)
    if table.observed:
        name = f"combo [{', '.join(combo)}] of" if combo else "an"
        table.emit(ev.Allotted, who=a.name, combo=f"{name} area attack with {w.data.name}",
                   targets=tuple(str(b.aimed) for b in blasts))  # fmt: skip
    resolve(table, state, a, w, blasts)


def resolve(table: Table, state: SamState, a: Fighter, w: Wielded, blasts: list[Blast]) -> None:
    """Steps one to four (rules 72-76): every attack die and scatter, every damage die, then
    each caught creature's defence, then every result at once (SAM-A25)."""
    a.attacks_made += len(blasts)
    for b in blasts:
        land(table, state, a, w, b)
    for b in blasts:  # rule 76: one damage roll for everyone caught (none if none is)
        poly = shape(a, w, b.x, b.y, state.options.sphere_on_grid)
        b.caught, b.covers = caught(state, poly), covers(state, poly)
        if b.caught or b.covers:
            rolled = table.roll(w.damage, by=a, reason=f"{w.data.name} damage").total
            b.damage = harm.floored(table, a, wear.damage(rolled, w), f"{w.data.name} damage")
    hits: list[harm.Hit] = []
    whose: list[Blast] = []
    for b in blasts:
        state.tally["caught by an area"] += len(b.caught)
        if table.observed:
            table.emit(geo.Caught, weapon=w.data.name, shape=w.data.area,
                       who=tuple(f.name for f in b.caught), damage=b.damage)  # fmt: skip
        for t in b.caught:
            damage, negated = defend(table, state, a, w, t, b.damage)
            if negated:
                b.results[t.id] = negated
                continue
            hits.append(harm.Hit(a, t, damage, w.data.nonlethal))
            whose.append(b)
    effects = harm.apply_all(table, state, hits)
    for i, h in enumerate(hits):
        whose[i].results[h.target.id] = effects[i]
    for b in blasts:  # rule 75: the objects in the area, at the same time (SAM-A25)
        for t in b.covers:
            if t.cover_object is not None:
                cover.blasted(table, state, a, t, b.damage)
    attack.spend_ammunition(a, w)


def covers(state: SamState, poly: Polygon) -> list[Fighter]:
    """Rule 75 ("all viable targets (typically all creatures and objects)"): the fighters
    whose cover object (`cover.boxes`) is even partly in the area (F-SAM-120)."""
    return [
        f for f in state.fighters()
        if f.cover_object is not None and f.present
        and any(overlaps_box(poly, box) for box in cover.boxes(f))
    ]  # fmt: skip


def land(table: Table, state: SamState, a: Fighter, w: Wielded, b: Blast) -> None:
    """Steps one and two: the roll against the area's Target; a miss scatters (SAM-A21)."""
    state.tally["area attacks"] += 1
    k = doublings(state, a, w, b.aimed)
    penalty = k
    if b.aimed.who and a.aimed_at == b.aimed.who:
        a.aimed_at = ""  # rule 67 (issue 31 item 4): the aim serves this one attack
        if k and w.data.kind != "magic":
            penalty -= 1  # rule 67 (SAM-A17): aimed at the creature standing there
    bonus = attack.attack_bonus(a, w) - penalty
    total = table.roll(
        f"1d6{bonus:+d}",
        by=a,
        reason=f"{a.name}'s {w.data.name}",
        needs=lambda: d6_needs(area_target(a), bonus, "to land on the aimed square"),
    ).total
    b.hit = total >= area_target(a)
    b.x, b.y = b.aimed.x, b.aimed.y
    where = str(b.aimed)
    if not b.hit:
        way = table.roll("1d8", by=a, reason="scatter direction (S14)").total
        dice = scatter_dice(state, a, w, b.aimed)
        far = table.roll(f"{dice}d6", by=a, reason="scatter squares (SAM-A21)").total
        unit = side(max(a.scale, w.data.scale))
        dx, dy = COMPASS[way - 1]
        b.x, b.y = b.x + dx * far * unit, b.y + dy * far * unit
        where = f"({b.x:g}, {b.y:g}), {far} square(s) {NAMES[way - 1]}"
    if table.observed:
        rules = f"range −{penalty}/0" if penalty else ""
        table.emit(geo.AreaRolled, attacker=a.name, weapon=w.data.name, aimed=str(b.aimed),
                   total=total, target_score=area_target(a), hit=b.hit, landed=where,
                   rules=rules)  # fmt: skip


def defend(
    table: Table, state: SamState, a: Fighter, w: Wielded, t: Fighter, damage: int
) -> tuple[int, str]:
    """Step three (rule 75, SAM-A23): the damage that reaches `t`, and how the attack was
    negated ("blocked", "evaded") or "" when it was not."""
    options = attack.defences(state, t, False)  # no parry against an area
    state.incoming, state.incoming_area = damage, True
    pick = table.choose(t, decisions.DEFEND, options)
    state.incoming_area = False
    if pick.kind == attack.NONE:
        return damage, ""
    dc = attack.dc_base(a, w)
    total = attack.roll_defence(table, t, pick, dc)
    ok = total >= dc
    negated = ok and (pick.kind == attack.BLOCK or attack.evasion(t))
    left = None if negated else max(0, damage - DODGE_CUT) if ok else damage
    if ok:
        state.tally[f"{pick.kind} succeeded"] += 1
    if table.observed:
        if negated:
            why = "a shield blocks an area" if pick.kind == attack.BLOCK else "with Evasion"
            result = f"negated ({why}, rule 75)"
        else:
            result = f"damage −{DODGE_CUT} (a dodge without Evasion, rule 75)" if ok else "fails"
        table.emit(geo.AreaDefended, who=t.name, kind=pick.kind, total=total, dc=dc,
                   result=result)  # fmt: skip
    if left is None:
        return 0, "blocked" if pick.kind == attack.BLOCK else "evaded"
    return max(0, left), ""


rebuilt_by_constructor(Blast)  # copies of a state (core.immutable)
