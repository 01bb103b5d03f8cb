"""Murdham's geometry: zones, not metres (seed "Attacking", RULINGS M14).

A zone is an area of about 4 × 4 m. Range is the number of zones crossed along the shortest
path, not counting the origin; characters in the same zone are at range 0, "nearby". A
character standing on the border between two zones counts as being in either. The default map
is a grid of zones linked orthogonally; an encounter may give its own map instead.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from fracas.core.immutable import rebuilt_by_constructor

UNREACHABLE: Final = 10_000  # the distance to a zone no path leads to: out of any range


@dataclass(frozen=True, slots=True)
class Zone:
    name: str
    open: bool = True  # sprinting needs open terrain (M15)
    dark: bool = False  # nobody in a dark zone is visible
    cover: bool = False  # characters here have cover (+1 armour value)
    hazard: str | None = None  # damage notation of a hazard (pit, lava...) one can be shoved into


@dataclass(frozen=True)
class ZoneMap:
    # Plain dicts, not `Mapping`s: compiled, a dict is indexed by a direct call, a `Mapping`
    # through the generic protocol (every range and visibility the rules and the policy ask;
    # issue 35). Each zone's name is one string object throughout, the key of `zones`: the
    # links and the characters' zones are that object (`name`), so the dictionaries keyed
    # by zone find it by identity, without comparing text.
    zones: dict[str, Zone]
    links: dict[str, frozenset[str]]
    # What a fight asks of the map again and again, worked out once: nothing in a fight
    # changes a zone or a link (M14), and a map is shared by all the battles of an encounter.
    # By origin, then destination: no tuple built and hashed per question (issue 10).
    _distance: dict[str, dict[str, int]] = field(default_factory=dict, compare=False)
    _paths: dict[str, dict[str, bool]] = field(default_factory=dict, compare=False)
    _toward: dict[str, dict[str, str]] = field(default_factory=dict, compare=False)
    _away: dict[str, dict[str, str]] = field(default_factory=dict, compare=False)
    # Whether any zone is dark, once worked out (`dark_anywhere`): a list, as the caches
    # above are dicts, so that a frozen map can fill it.
    _shade: list[bool] = field(default_factory=list, compare=False)
    # Each zone's index (`place`: its order in `zones`), the names by index, and the
    # distances by index: a character keeps its zone's index beside its zone
    # (`Character.place`), and a range is read from two lists rather than looked up by name
    # in two dicts (`between`; issue 35).
    _index: dict[str, int] = field(default_factory=dict, compare=False)
    _names: list[str] = field(default_factory=list, compare=False)
    _table: list[list[int]] = field(default_factory=list, compare=False)

    @staticmethod
    def grid(columns: int, rows: int) -> ZoneMap:
        """Zones named a1, b1, ... (column letter, row number), linked to their orthogonal
        neighbours."""
        names = {(c, r): f"{chr(ord('a') + c)}{r + 1}" for c in range(columns) for r in range(rows)}
        links: dict[str, set[str]] = {n: set() for n in names.values()}
        for (c, r), n in names.items():
            for dc, dr in ((1, 0), (0, 1)):
                other = names.get((c + dc, r + dr))
                if other is not None:
                    links[n].add(other)
                    links[other].add(n)
        return ZoneMap(
            {n: Zone(n) for n in names.values()}, {k: frozenset(v) for k, v in links.items()}
        )

    @staticmethod
    def from_zones(zones: Iterable[Zone], links: Iterable[tuple[str, str]]) -> ZoneMap:
        zs = {z.name: z for z in zones}
        out: dict[str, set[str]] = {n: set() for n in zs}
        names = {n: n for n in zs}  # each name as the key object (see the class)
        for a, b in links:
            a, b = names.get(a, a), names.get(b, b)
            out[a].add(b)
            out[b].add(a)
        return ZoneMap(zs, {k: frozenset(v) for k, v in out.items()})

    def name(self, zone: str) -> str:
        """`zone` as the map's own string object for that name (the same text): dictionaries
        keyed by zone then find it by identity. A name not on the map is returned as given."""
        for key in self.zones:
            if key == zone:
                return key
        return zone

    def place(self, zone: str) -> int:
        """The index of `zone` on this map (-1: not on it), for `between`."""
        index = self._index
        if not index:
            names = self._names
            for name in self.zones:
                index[name] = len(names)
                names.append(name)
            for name in names:
                self._table.append([self.distance(name, other) for other in names])
        return index.get(zone, -1)

    def between(self, a: str, i: int, b: str, j: int) -> int:
        """`distance(a, b)`, read by the indices `i` and `j` kept beside the zones (`place`)
        when they are those zones' own on this map; else (an index not kept up, another
        map's) worked out by name: an index is only ever a shortcut, never trusted alone."""
        names = self._names
        n = len(names)
        if 0 <= i < n and 0 <= j < n and names[i] is a and names[j] is b:
            return self._table[i][j]
        return self.distance(a, b)

    def dark_anywhere(self) -> bool:
        """Whether some zone is dark (seed "Attacking": "complete darkness"): where none is,
        nobody is hidden by the dark, and `MurdhamState.visible` reads no zone (issue 35)."""
        shade = self._shade
        if not shade:
            shade.append(any(z.dark for z in self.zones.values()))
        return shade[0]

    def open_path(self, a: str, b: str) -> bool:
        """Whether a shortest path from a to b crosses only open zones (M15), cached."""
        row = self._paths.get(a)
        if row is None:
            row = self._paths[a] = {}
        found = row.get(b)
        if found is None:
            here, found = a, self.zones[a].open
            while found and here != b:
                nxt = self.step_toward(here, b)
                found = nxt != here and self.zones[nxt].open
                here = nxt
            row[b] = found
        return found

    def neighbours(self, zone: str) -> list[str]:
        """Neighbouring zones in a stable order (for the deviation die of a missed blast)."""
        return sorted(self.links[zone])

    def distance(self, a: str, b: str) -> int:
        """Zones crossed from a to b along the shortest path (breadth-first, cached)."""
        if a == b:
            return 0
        seen = self._distance.get(a)
        if seen is None:  # every distance from a, at once
            seen = {a: 0}
            queue = deque([a])
            while queue:
                here = queue.popleft()
                for nxt in self.links[here]:
                    if nxt not in seen:
                        seen[nxt] = seen[here] + 1
                        queue.append(nxt)
            self._distance[a] = seen
        return seen.get(b, UNREACHABLE)

    def step_toward(self, start: str, goal: str) -> str:
        """The neighbouring zone one step along a shortest path from start to goal."""
        if start == goal:
            return start
        row = self._toward.get(start)
        if row is None:
            row = self._toward[start] = {}
        found = row.get(goal)
        if found is None:
            best = min(self.neighbours(start), key=lambda n: (self.distance(n, goal), n))
            found = best if self.distance(best, goal) < self.distance(start, goal) else start
            row[goal] = found
        return found

    def step_away(self, start: str, threat: str) -> str:
        """The neighbouring zone farthest from `threat` (for retreats and shoves)."""
        row = self._away.get(start)
        if row is None:
            row = self._away[start] = {}
        found = row.get(threat)
        if found is None:
            options = self.neighbours(start)
            found = max(options, key=lambda n: (self.distance(n, threat), n)) if options else start
            row[threat] = found
        return found


rebuilt_by_constructor(Zone, ZoneMap)  # copies of a state (core.immutable)
