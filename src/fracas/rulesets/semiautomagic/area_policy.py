"""The default policy's use of area attacks (rules 71-80): throw where the area, landing as
aimed, catches more foes than friends and not the thrower itself; aim at the square that
catches the most foes over friends. Never at a friend's square, and, when some square catches
foes and no friend, never at one that catches a friend (issue 31); a friend down but alive is
still a friend. It reads the state; it never rolls."""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import Status
from fracas.rulesets.semiautomagic import area
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

SELF: Final = -100.0  # never a square whose area catches the thrower, nor a friend's square


def tally(state: SamState, me: Fighter, w: Wielded, p: area.Point) -> tuple[int, int] | None:
    """(foes still fighting, friends not dead) an area landing at `p` catches; None when it
    is a friend's square or catches `me`."""
    foes = {f.id for f in state.foes_of(me)}
    if p.who and p.who not in foes:
        return None
    foe = friend = 0
    for f in area.caught(state, area.shape(me, w, p.x, p.y, state.options.sphere_on_grid)):
        if f is me:
            return None
        if f.id in foes:
            foe += f.active
        elif f.status is not Status.DEAD:
            friend += 1
    return foe, friend


def scores(state: SamState, me: Fighter, w: Wielded, points: list[area.Point]) -> list[float]:
    """Each square's foes less friends, a hundredth per foe to prefer catching more; `SELF`
    for a square it must not choose."""
    found = [tally(state, me, w, p) for p in points]
    clean = any(t is not None and t[0] > 0 and t[1] == 0 for t in found)
    return [
        SELF if t is None or (clean and t[1] > 0) else t[0] - t[1] + t[0] / 100
        for t in found
    ]  # fmt: skip


def worth(state: SamState, me: Fighter, w: Wielded) -> int:
    """The best whole margin of foes over friends of any square in range (0: not worth it)."""
    return int(max([0.0, *scores(state, me, w, area.points(state, me, w))]))
