"""The default policy's use of area attacks (rules 71-80): throw where the area, landing as
aimed, catches more foes than friends and not the thrower itself; aim at the square that
catches the most foes over friends. It reads the state; it never rolls."""

from __future__ import annotations

from fracas.rulesets.semiautomagic import area
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

SELF = -100.0  # never a square whose area catches the thrower


def margin(state: SamState, me: Fighter, w: Wielded, p: area.Point) -> float:
    """Foes less friends still fighting that an area landing at `p` catches (`SELF` when it
    catches `me`), with a hundredth per foe to prefer catching more."""
    foes = {f.id for f in state.foes_of(me)}
    foe = friend = 0
    for f in area.caught(state, area.shape(me, w, p.x, p.y, state.options.sphere_on_grid)):
        if f is me:
            return SELF
        if not f.active:
            continue
        if f.id in foes:
            foe += 1
        else:
            friend += 1
    return foe - friend + foe / 100


def worth(state: SamState, me: Fighter, w: Wielded) -> int:
    """The best whole margin of foes over friends of any square in range (0: not worth it)."""
    best = 0.0
    for p in area.points(state, me, w):
        best = max(best, margin(state, me, w, p))
    return int(best)
