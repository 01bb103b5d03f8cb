"""SemiAutoMagic's battle map (issue 33): the Scale grid on the plane in metres (`space.py`;
rules 28-36, 43; SAM-A7, SAM-A8): each creature's footprint a square of side 2^scale metres
centred where it stands, the grid of the smallest scale in play drawn; clouds of gas (rule
204) and radiation's zones, one scale larger than the source and one severity less for each
scale beyond (rule 223, `exposure.zones`); cover and its object (rules 103-106), posture,
height aloft (SAM-A11), a mount (rules 131-134) and one not yet arrived noted."""

from __future__ import annotations

from fracas.core.map import Area, BattleMap, Token, nice_scale
from fracas.rulesets.semiautomagic.exposure import zones
from fracas.rulesets.semiautomagic.state import Fighter, SamState


def battle_map(state: SamState) -> BattleMap:
    """Each creature's footprint where it stands, and the hazards in play."""
    fighters = state.fighters()
    tokens = tuple(
        Token(f.id, f.position.x, f.position.y, f.square, notes=_notes(state, f))
        for f in fighters
    )
    grid = min((f.square for f in fighters), default=1.0)
    return BattleMap("squares", "m", tokens, _hazards(state), grid=grid, scale=nice_scale(tokens))


def _hazards(state: SamState) -> tuple[Area, ...]:
    areas = [
        Area("gas", g.x[0], g.y[0], g.x[1] - g.x[0], g.y[1] - g.y[0], g.poison)
        for g in state.conditions.gas
    ]
    for source in state.conditions.radiation:
        for severity, scale in reversed(zones(source)):  # outermost first, drawn beneath
            side = 2.0**scale
            x, y = source.at[0] - side / 2, source.at[1] - side / 2
            areas.append(Area("radiation", x, y, side, side, f"radiation ({severity})"))
    return tuple(areas)


def _notes(state: SamState, f: Fighter) -> tuple[str, ...]:
    notes = [f"scale {f.scale}", f.posture]
    if f.cover != "none":
        notes.append(f"{f.cover} cover")
    if f.cover_object is not None:
        notes.append(f"cover Toughness {f.cover_object.toughness}")
    if f.altitude:
        notes.append(f"{f.altitude:g} m aloft")
    if f.mount_id:
        mount = next((g.name for g in state.fighters() if g.id == f.mount_id), f.mount_id)
        notes.append(f"riding {mount}")
    if f.inside:
        notes.append("inside a body it possesses")
    if not f.present:
        notes.append("not yet arrived")
    return tuple(notes)
