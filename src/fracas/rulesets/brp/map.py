"""BRP's battle map (issue 33): the core's plane in metres (BRP's ranges and moves are
metres, §5.3, §5.6), a scale bar, and a fighter kneeling behind its large shield (§5.11) noted."""

from __future__ import annotations

from fracas.core.map import BattleMap, Token, nice_scale
from fracas.rulesets.brp.state import BRPState


def battle_map(state: BRPState) -> BattleMap:
    """Each fighter a point where it stands, in metres."""
    tokens = tuple(
        Token(f.id, f.position.x, f.position.y, notes=("kneeling",) if f.kneeling else ())
        for f in state.fighters()
    )
    return BattleMap("plane", "m", tokens, scale=nice_scale(tokens))
