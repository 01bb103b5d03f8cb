"""OD&D's battle map (issue 33): the plane in feet (`space.py`: the seed measures in feet and
inches, D13, ODD-U6) with a scale bar; each fighter's facing where the optional facing rule is
in play (ODD-U20, rules 67–73); its height (rule 61, ODD-U38), cover against missiles (rule
95), prone (ODD-U15), mount (rules 59, 60) and a unit's men (rules 140, 145) noted. Without
positions the fight is one melee (F-ODD-1): everyone is drawn in one ring."""

from __future__ import annotations

import math

from fracas.core.map import BattleMap, Token, nice_scale
from fracas.rulesets.odnd import mass
from fracas.rulesets.odnd.space import FOOT, MELEE
from fracas.rulesets.odnd.state import Fighter, OdndState


def battle_map(state: OdndState) -> BattleMap:
    """Each fighter a point where it stands, in feet, facing where it faces."""
    fighters = state.fighters()
    if not state.positional:
        return _one_melee(fighters)
    facing = state.options.facing
    tokens = tuple(
        Token(
            f.id,
            f.position.x / FOOT,
            f.position.y / FOOT,
            facing=f.facing if facing and f.facing != (0.0, 0.0) else None,
            notes=_notes(f),
        )
        for f in fighters
    )
    return BattleMap("plane", "ft", tokens, scale=nice_scale(tokens))


def _one_melee(fighters: list[Fighter]) -> BattleMap:
    """F-ODD-1: no positions, everyone within 10 ft of everyone: a ring 10 ft across."""
    n = max(len(fighters), 1)
    radius = MELEE / 2
    tokens = tuple(
        Token(
            f.id,
            radius * math.cos(2 * math.pi * i / n),
            radius * math.sin(2 * math.pi * i / n),
            notes=("in the one melee (F-ODD-1)", *_notes(f)),
        )
        for i, f in enumerate(fighters)
    )
    return BattleMap("plane", "ft", tokens, notes=("one melee: no positions (F-ODD-1)",))


def _notes(f: Fighter) -> tuple[str, ...]:
    notes = []
    if f.elevation:
        notes.append(f"{f.elevation:g} ft up")
    if f.cover:
        notes.append(f"{f.cover}% cover")
    if f.prone:
        notes.append("prone")
    if f.back_to_wall:
        notes.append("back to the wall (rule 64)")
    if f.mounted:
        notes.append("mounted")
    if f.unit_size:
        notes.append(f"{mass.survivors(f, f.hp)} of {f.unit_size} men")
    return tuple(notes)
