"""The battle map a screen draws (DESIGN.md §3: a ruleset's views for the GM screen include
"the map (where each combatant stands — plane, zones or squares — with footprints, cover and
areas), filtered per viewer like every event"; issue 33).

A ruleset fills one small hook, `Ruleset.battle_map(state)`, with plain typed values in its
own units (metres, feet, squares, zones); the GM screen and the player view draw it without
any ruleset-specific code, and leave out the tokens a viewer may not see (the same rule as
the standing). By default a ruleset's map is the core's plane: each combatant a point at its
position, in metres.

Coordinates: x grows east, y grows north, as on the core's plane; a screen flips y.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from fracas.core.combatant import BattleState, Combatant

Kind = Literal["plane", "squares", "zones"]
# What an area is, for its shading: terrain a ruleset keeps (a zone and its cover, darkness,
# hazard) or an effect over part of the field (gas, radiation).
AreaKind = Literal["zone", "cover", "dark", "hazard", "gas", "radiation", "obstacle"]


@dataclass(frozen=True, slots=True)
class Token:
    """A combatant on the map: the centre of its footprint and its side's length (0 for a
    point, drawn at a screen's own size), its facing as a unit vector where the ruleset keeps
    one, and short notes a hover shows ("on the border of c1", "10 ft up", "behind cover")."""

    id: str
    x: float
    y: float
    size: float = 0.0
    facing: tuple[float, float] | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Area:
    """A rectangle (or a circle of diameter `width`) of the field: a zone, a hazard, a cloud.
    `id` names it for picking ("zone:c2"); empty when nothing can be chosen there."""

    kind: AreaKind
    x: float  # west edge
    y: float  # south edge
    width: float
    height: float
    label: str = ""
    id: str = ""
    round: bool = False


@dataclass(frozen=True, slots=True)
class BattleMap:
    """A ruleset's map of the fight as it stands. `unit` names the coordinates' unit ("m",
    "ft", "square", "zone"); `grid` the side of a square to draw (0: none); `scale` the
    length of a scale bar in units (0: none); `links` lines between areas' centres (a zone
    graph's passages, by area id)."""

    kind: Kind
    unit: str
    tokens: tuple[Token, ...]
    areas: tuple[Area, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    grid: float = 0.0
    scale: float = 0.0
    notes: tuple[str, ...] = field(default=())

    def bounds(self) -> tuple[float, float, float, float]:
        """(west, south, east, north) around every area and token, footprints included."""
        xs: list[float] = []
        ys: list[float] = []
        for a in self.areas:
            xs += [a.x, a.x + a.width]
            ys += [a.y, a.y + a.height]
        for t in self.tokens:
            half = t.size / 2
            xs += [t.x - half, t.x + half]
            ys += [t.y - half, t.y + half]
        if not xs:
            return (0.0, 0.0, 1.0, 1.0)
        return (min(xs), min(ys), max(xs), max(ys))


def plane_map(state: BattleState, per_metre: float = 1.0, unit: str = "m") -> BattleMap:
    """The core's plane: each combatant a point at its position, `per_metre` units to the
    metre (DESIGN.md §3: the core keeps positions in metres)."""
    tokens = tuple(
        Token(c.id, c.position.x * per_metre, c.position.y * per_metre)
        for c in state.combatants
    )
    return BattleMap("plane", unit, tokens, scale=nice_scale(tokens))


def nice_scale(tokens: Iterable[Token]) -> float:
    """A scale bar's length: a round number (1, 2 or 5 times a power of ten) of about a
    fifth of the field's width, at least 1."""
    xs = [t.x for t in tokens]
    width = (max(xs) - min(xs)) if xs else 0.0
    target = max(width / 5, 1.0)
    power = 1.0
    while power * 10 <= target:
        power *= 10
    for step in (5.0, 2.0, 1.0):
        if step * power <= target:
            return step * power
    return power


# The attributes by which an option (a ruleset's own object) names whom or where it is about:
# an attack's target, a move's goal, an ally to free, a mount to climb on, a blast's zone.
_POINTING = ("target", "toward", "goal", "ally", "mount", "approach_toward")


def option_picks(option: object) -> tuple[str, ...]:
    """What a click on the map chooses this option by: the ids of the combatants it is about
    (itself a combatant, or its target, goal, ally, mount, or the targets it shares its dice
    among) and `zone:<name>` for a zone it aims at. Empty: nothing on the map picks it."""
    if isinstance(option, Combatant):
        return (option.id,)
    found: list[str] = []
    for name in _POINTING:
        value = getattr(option, name, None)
        if isinstance(value, Combatant):
            found.append(value.id)
    for share in getattr(option, "shares", ()) or ():
        if isinstance(share, tuple) and share and isinstance(share[0], Combatant):
            found.append(share[0].id)
    zone = getattr(option, "zone", None)
    if isinstance(zone, str):
        found.append(f"zone:{zone}")
    return tuple(dict.fromkeys(found))
