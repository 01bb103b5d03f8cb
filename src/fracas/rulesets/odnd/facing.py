"""Facing on the plane: front, flank and rear, turning to face, back to the wall, attacks from
behind and the backstab (seed "Flanking attackers", "Attacking From Behind", "Backstab";
checklist rules 64, 67–73; ODD-U17, U20, U21, U51).

ODD-U20: the six places around a defender are 2 front, 2 flank and 2 rear; on the plane, the
angle between where the defender faces and where the attacker stands decides (front up to
60°, flank up to 120°, rear beyond; `data/tables.yaml` `arcs`). A fighter turns to face the
foe it declares against (F-ODD-48). Without positions (one melee, F-ODD-1) there is no
facing: only surprise exposes a defender.
"""

from __future__ import annotations

import math
from typing import Final

from fracas.rulesets.odnd import data, space
from fracas.rulesets.odnd.state import Fighter, OdndState

FRONT: Final = "front"
FLANK: Final = "flank"
REAR: Final = "rear"
_ARCS: Final = data.table("arcs")  # prepared once: cosines of the ring's limits (ODD-U20)
FRONT_COS: Final = math.cos(math.radians(float(_ARCS["front"])))
FLANK_COS: Final = math.cos(math.radians(float(_ARCS["flank"])))
FLANK_BONUS: Final = int(_ARCS["flank_bonus"])
REAR_BONUS: Final = int(_ARCS["rear_bonus"])


def face(f: Fighter, toward: Fighter) -> None:
    """Rule 68, ODD-U20: turning to face a foe."""
    if toward is not f:
        dx, dy = toward.position.x - f.position.x, toward.position.y - f.position.y
        if dx or dy:
            f.facing = space.unit(dx, dy)


def settle_facings(state: OdndState) -> None:
    """Who has not yet faced anyone faces its nearest foe (the sheet's `facing` first)."""
    if not state.positional:
        return
    for f in state.fighters():
        if f.facing != (0.0, 0.0) or not f.active:
            continue
        foes = [e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.active]
        if foes:
            face(f, min(foes, key=lambda e: space.feet(f, e)))


def arc(state: OdndState, attacker: Fighter, target: Fighter) -> str:
    """Where `attacker` stands in `target`'s ring (ODD-U20); with its back to a wall the
    defender has no rear (rule 64): the rear places count as flank."""
    if not state.positional or not state.options.facing or target.facing == (0.0, 0.0):
        return FRONT
    dx = attacker.position.x - target.position.x
    dy = attacker.position.y - target.position.y
    if not (dx or dy):
        return FRONT
    ux, uy = space.unit(dx, dy)
    cos = ux * target.facing[0] + uy * target.facing[1]  # the angle's cosine
    if cos >= FRONT_COS - 1e-9:
        return FRONT
    if cos >= FLANK_COS - 1e-9 or target.back_to_wall:
        return FLANK
    return REAR


def unaware(state: OdndState, attacker: Fighter, target: Fighter) -> bool:
    """ODD-U20, U17: the full "attack from behind" — `attacker` opens the engagement from the
    rear unnoticed: it came into melee this round (it stood beyond 10 ft of the target as
    the round began), the pair's first round of melee, and the target is not fighting it."""
    if arc(state, attacker, target) != REAR:
        return False
    began = attacker.round_start.distance(target.position) / space.FOOT
    if began <= space.MELEE + space.SLACK:
        return False
    if attacker.id in target.met or target.id in attacker.met:
        return False
    return target.plan_target is not attacker


def can_backstab(state: OdndState, f: Fighter, target: Fighter) -> bool:
    """Rules 72, 73, ODD-U17: a thiefy character's first attack of the round on a target
    unaware of it (surprised, or taken from behind unnoticed), with a melee weapon."""
    if not f.backstabber or f.backstab_round == state.round or f.weapons[0].data.ranged:
        return False
    return target.surprised or unaware(state, f, target)


def followup_edge(state: OdndState, f: Fighter, target: Fighter) -> int:
    """Rule 70 for a pair opened from behind (ODD-U20): the round after, the attacker has
    advantage against the defender, the defender disadvantage against it."""
    edge = 0
    if not state.from_behind:  # no pair opened from behind yet (no keys built for nothing)
        return edge
    if state.from_behind.get((f.id, target.id)) == state.round - 1:
        edge += 1
    if state.from_behind.get((target.id, f.id)) == state.round - 1:
        edge -= 1
    return edge


def cannot_return(state: OdndState, f: Fighter, e: Fighter) -> bool:
    """Rule 69: taken from behind, `f` cannot return the attack on `e` that round."""
    return bool(state.from_behind) and state.from_behind.get((e.id, f.id)) == state.round
