"""The battle map as one caller may see it, ready to draw as SVG (issue 33).

A ruleset's `battle_map` (core `BattleMap`, in the ruleset's own units) becomes the screen's
map: y flipped (north up), a margin around it, tokens by side colour and status, the open
question's actor and its options' targets marked, and what a click on a token or a zone picks.
Only the tokens of combatants in the caller's standing are drawn (`views.standing`: the same
rule as every view, a concealed foe absent until revealed), and option picks only for the
caller's own question.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from fracas.core.map import Area, BattleMap, Token, option_picks
from fracas.core.question import Question
from fracas.core.requests import ChoiceRequest

# Side colours, in the order the encounter lists its sides (colour-blind safe, Okabe–Ito).
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#7f7f7f")
MARGIN = 0.08  # of the field's larger side, around it
MIN_SPAN = 4.0  # units: a field narrower than this is drawn this wide


def picks_of(question: Question | None) -> dict[int, tuple[str, ...]]:
    """What each option of a choice is about on the map (`core.map.option_picks`)."""
    if question is None or not isinstance(question.request, ChoiceRequest):
        return {}
    return {i: option_picks(o) for i, o in enumerate(question.request.options)}


def actor_of(question: Question | None) -> str | None:
    if question is None or not question.decider.startswith("combatant:"):
        return None
    return question.decider.removeprefix("combatant:")


def map_view(
    battle_map: BattleMap,
    combatants: Sequence[Mapping[str, Any]],
    sides: Sequence[str],
    actor: str | None,
    picks: Mapping[int, tuple[str, ...]],
) -> dict[str, Any]:
    """The map for a caller: `combatants` its standing (what it may see of each), `sides` the
    encounter's sides in order, `actor` the open question's decider (if it may see it),
    `picks` what each option of its own open question picks on the map."""
    shown = {c["id"]: c for c in combatants}
    tokens = [t for t in battle_map.tokens if t.id in shown]
    drawn = BattleMap(battle_map.kind, battle_map.unit, tuple(tokens), battle_map.areas)
    west, south, east, north = drawn.bounds()
    span = max(east - west, north - south, MIN_SPAN)
    pad = span * MARGIN
    cx, cy = (west + east) / 2, (south + north) / 2
    width, height = max(east - west, span / 3) + 2 * pad, max(north - south, span / 4) + 2 * pad
    left, top = cx - width / 2, -(cy + height / 2)
    by_pick: dict[str, list[int]] = defaultdict(list)
    for index, found in picks.items():
        for ident in found:
            by_pick[ident].append(index)
    # A token's radius: a fortieth of the field; on a zone map a fourteenth of a zone (a
    # zone holds several characters, named beside them).
    radius = 0.07 if battle_map.kind == "zones" else span * 0.022
    if battle_map.scale > 0:  # room below the field for the scale bar
        height += radius * 3
    font = radius * (1.5 if battle_map.kind == "zones" else 1.0)
    named = [shown[t.id]["name"] for t in tokens if t.size == 0]
    if named:  # room on the east for the names beside the tokens there
        width += min(max(len(n) for n in named) * font * 0.6, span / 2)
    view: dict[str, Any] = {
        "kind": battle_map.kind,
        "unit": battle_map.unit,
        "box": [left, top, width, height],
        "font": font,
        "areas": [_area(a, by_pick) for a in battle_map.areas],
        "links": _links(battle_map),
        "grid": _grid(battle_map.grid, left, top, width, height),
        "scale": _scale(battle_map, left, top, height, radius),
        "notes": list(battle_map.notes),
        "tokens": [],
    }
    colour = {side: PALETTE[i % len(PALETTE)] for i, side in enumerate(sides)}
    for token, (x, y) in zip(tokens, _spread(tokens, radius), strict=True):
        c = shown[token.id]
        view["tokens"].append(
            _token(token, c, x, y, radius, colour.get(c["side"], PALETTE[-1]), actor, by_pick)
        )
    return view


def _token(
    t: Token,
    c: Mapping[str, Any],
    x: float,
    y: float,
    radius: float,
    colour: str,
    actor: str | None,
    by_pick: Mapping[str, list[int]],
) -> dict[str, Any]:
    half = max(t.size / 2, radius)
    facing = None
    if t.facing is not None:
        facing = [x + t.facing[0] * half * 1.8, -y - t.facing[1] * half * 1.8]
    return {
        "id": t.id,
        "name": c["name"],
        "side": c["side"],
        "colour": colour,
        "status": c["status"],
        "x": x,
        "y": -y,
        "half": half,
        "square": t.size > 0,
        "inset": half * 0.9,
        "facing": facing,
        "actor": t.id == actor,
        "picks": by_pick.get(t.id, []),
        "card": _card(t, c),
        "mark": _mark(c["status"], x, -y, half),
    }


def _mark(status: str, x: float, y: float, half: float) -> str:
    """An SVG path over a fallen token: a cross for the dead, a bar for the down, an arrow for
    one who fled, a flag for one who surrendered or was captured; none for the able."""
    k = half * 0.7
    shapes: dict[str, list[tuple[float, float] | None]] = {
        "dead": [(-k, -k), (k, k), None, (k, -k), (-k, k)],
        "down": [(-k, 0), (k, 0)],
        "fled": [(-k, 0), (k, 0), None, (0, -k / 2), (k, 0), (0, k / 2)],
        "surrendered": [(0, k), (0, -k), (k, -k / 2), (0, 0)],
        "captured": [(0, k), (0, -k), (k, -k / 2), (0, 0)],
    }
    strokes = shapes.get(status, [])
    path: list[str] = []
    move = True
    for point in strokes:
        if point is None:
            move = True
            continue
        path.append(f"{'M' if move else 'L'}{x + point[0]:.3f} {y + point[1]:.3f}")
        move = False
    return "".join(path)


def _card(t: Token, c: Mapping[str, Any]) -> str:
    """What hovering or tapping a token shows: the combatant's card in a few lines."""
    lines = [f"{c['name']} ({c['side']}): {c['status']}"]
    if c.get("condition"):
        lines.append(str(c["condition"]))
    if c.get("where"):
        lines.append(str(c["where"]))
    for key, value in (c.get("vitals") or {}).items():
        shown = f"{value[0]} / {value[1]}" if isinstance(value, list) else value
        lines.append(f"{key} {shown}")
    lines += t.notes
    return "\n".join(lines)


def _spread(tokens: Sequence[Token], radius: float) -> list[tuple[float, float]]:
    """Points that share a place fanned around it, so that every token shows (footprints are
    drawn where they are: they overlap only where the rules let them)."""
    at: dict[tuple[float, float], list[int]] = defaultdict(list)
    for i, t in enumerate(tokens):
        if t.size == 0:
            at[(round(t.x, 3), round(t.y, 3))].append(i)
    out = [(t.x, t.y) for t in tokens]
    for (x, y), members in at.items():
        if len(members) < 2:
            continue
        ring = radius * 1.2 / math.sin(math.pi / len(members))
        for k, i in enumerate(members):
            angle = 2 * math.pi * k / len(members) + math.pi / 2
            out[i] = (x + ring * math.cos(angle), y + ring * math.sin(angle))
    return out


def _area(a: Area, by_pick: Mapping[str, list[int]]) -> dict[str, Any]:
    return {
        "kind": a.kind,
        "x": a.x,
        "y": -(a.y + a.height),
        "width": a.width,
        "height": a.height,
        "label": a.label,
        "round": a.round,
        "picks": by_pick.get(a.id, []) if a.id else [],
    }


def _links(m: BattleMap) -> list[list[float]]:
    centre = {a.id: (a.x + a.width / 2, -(a.y + a.height / 2)) for a in m.areas if a.id}
    return [[*centre[a], *centre[b]] for a, b in m.links if a in centre and b in centre]


def _grid(step: float, left: float, top: float, width: float, height: float) -> dict[str, Any]:
    """The grid's lines, on multiples of `step` (none for 0 or too fine to read)."""
    if step <= 0 or max(width, height) / step > 120:
        return {"x": [], "y": []}
    xs = [k * step for k in range(math.ceil(left / step), math.floor((left + width) / step) + 1)]
    ys = [k * step for k in range(math.ceil(top / step), math.floor((top + height) / step) + 1)]
    # Squares are centred on positions (a fighter at 0 fills -½..½): lines at the half steps.
    return {"x": [x - step / 2 for x in xs], "y": [y - step / 2 for y in ys]}


def _scale(
    m: BattleMap, left: float, top: float, height: float, radius: float
) -> dict[str, Any] | None:
    if m.scale <= 0:
        return None
    x, y = left + radius, top + height - radius
    return {"x1": x, "x2": x + m.scale, "y": y, "label": f"{m.scale:g} {m.unit}"}
