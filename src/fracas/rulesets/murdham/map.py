"""Murdham's battle map (issue 33): zones, not metres (seed "Attacking", RULINGS M14). Each
zone a cell, named, shaded where it gives cover, is dark or holds a hazard (the zone map's
own flags); a character drawn in its zone, or on the border between its two zones (M14: "a
character standing on the border between two zones counts as being in either").

A grid map (zones a1, b1, ... linked orthogonally) is drawn as its grid; an encounter's own
map is laid out by distance from its first zone, one column per step, with its links drawn.
"""

from __future__ import annotations

import re
from collections import deque

from fracas.core.map import Area, BattleMap, Token
from fracas.rulesets.murdham.state import Character, MurdhamState
from fracas.rulesets.murdham.zones import ZoneMap

CELL = 1.0  # a zone's cell, in zones
GAP = 0.06  # between cells, so that each zone's border shows
GRID_NAME = re.compile(r"^([a-z])([0-9]+)$")


def battle_map(state: MurdhamState) -> BattleMap:
    """The zones and where everyone stands in them."""
    places, grid = layout(state.zones)
    areas: list[Area] = []
    for name, (col, row) in places.items():
        zone = state.zones.zones[name]
        x, y = col + GAP / 2, row + GAP / 2
        side = CELL - GAP
        label = name if zone.open else f"{name} (closed)"
        areas.append(Area("zone", x, y, side, side, label, id=f"zone:{name}"))
        if zone.cover:
            areas.append(Area("cover", x, y, side, side, "cover"))
        if zone.dark:
            areas.append(Area("dark", x, y, side, side, "dark"))
        if zone.hazard is not None:
            areas.append(Area("hazard", x, y, side, side, f"hazard {zone.hazard}"))
    links = () if grid else _links(state.zones)
    return BattleMap("zones", "zone", _tokens(state, places), tuple(areas), links)


def layout(zones: ZoneMap) -> tuple[dict[str, tuple[int, int]], bool]:
    """Each zone's cell (column, row), north up; and whether the map is a grid."""
    found = {n: GRID_NAME.match(n) for n in zones.zones}
    if all(found.values()):
        rows = max(int(m.group(2)) for m in found.values() if m is not None)
        return {
            n: (ord(m.group(1)) - ord("a"), rows - int(m.group(2)))
            for n, m in found.items()
            if m is not None
        }, True
    return _by_distance(zones), False


def _by_distance(zones: ZoneMap) -> dict[str, tuple[int, int]]:
    """Columns by steps from the first zone (breadth-first), rows in order within one; zones
    no path reaches get columns of their own after."""
    places: dict[str, tuple[int, int]] = {}
    per_column: dict[int, int] = {}
    column = 0
    for start in zones.zones:
        if start in places:
            continue
        base = column
        queue = deque([(start, base)])
        places[start] = (base, per_column.get(base, 0))
        per_column[base] = per_column.get(base, 0) + 1
        while queue:
            here, col = queue.popleft()
            column = max(column, col + 1)
            for nxt in sorted(zones.links[here]):
                if nxt not in places:
                    places[nxt] = (col + 1, per_column.get(col + 1, 0))
                    per_column[col + 1] = per_column.get(col + 1, 0) + 1
                    queue.append((nxt, col + 1))
    return places


def _links(zones: ZoneMap) -> tuple[tuple[str, str], ...]:
    pairs = {tuple(sorted((a, b))) for a, linked in zones.links.items() for b in linked}
    return tuple((f"zone:{a}", f"zone:{b}") for a, b in sorted(pairs))


def _tokens(state: MurdhamState, places: dict[str, tuple[int, int]]) -> tuple[Token, ...]:
    """Characters spread over their zone's cell (or the border between their two cells)."""
    groups: dict[tuple[str, str | None], list[Character]] = {}
    for c in state.characters():
        groups.setdefault((c.zone, c.border), []).append(c)
    tokens: list[Token] = []
    for (zone, border), members in groups.items():
        cx, cy = _centre(places[zone])
        if border is not None:
            bx, by = _centre(places[border])
            cx, cy = (cx + bx) / 2, (cy + by) / 2
        # One under another near the cell's west edge, names to their right (a screen
        # labels a zone map's tokens beside them).
        step = min(0.2, (CELL - GAP) / (len(members) + 1))
        for i, c in enumerate(members):
            x = cx - CELL / 2 + 0.15 if border is None else cx
            y = cy + (len(members) - 1) / 2 * step - i * step
            notes = (f"on the border of {c.zone} and {border}",) if border else (f"zone {zone}",)
            tokens.append(Token(c.id, x, y, notes=notes))
    return tuple(tokens)


def _centre(cell: tuple[int, int]) -> tuple[float, float]:
    return cell[0] + CELL / 2, cell[1] + CELL / 2
