"""Spelljammer's battle map (issue 33): squares of 5 ft (SJ-U47, `space.py`), the grid drawn,
each fighter on one square where it stands; cover (rules 212–236, SJ-U44), prone (SJ-U38) and an
ambusher's PER band (SJ-U19) noted."""

from __future__ import annotations

from fracas.core.map import BattleMap, Token, nice_scale
from fracas.rulesets.spelljammer.space import SQUARE
from fracas.rulesets.spelljammer.state import Fighter, SjState


def battle_map(state: SjState) -> BattleMap:
    """Each fighter a square's token where it stands, in squares."""
    tokens = tuple(
        Token(f.id, f.position.x / SQUARE, f.position.y / SQUARE, 1.0, notes=_notes(f))
        for f in state.fighters()
    )
    return BattleMap("squares", "square", tokens, grid=1.0, scale=nice_scale(tokens))


def _notes(f: Fighter) -> tuple[str, ...]:
    notes = [f"{f.size}"]
    if f.cover != "none":
        notes.append(f"{f.cover} cover")
    if f.prone:
        notes.append("prone")
    if f.ambush_band:
        notes.append(f"ambushed ({f.ambush_band}× PER)")
    return tuple(notes)
