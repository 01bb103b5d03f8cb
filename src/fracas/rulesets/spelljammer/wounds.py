"""Wound modifiers (seed "Wound Modifiers"; checklist rules 87–94; SJ-U16, SJ-U17): the
level a fighter's hit points lie in and the modifier it puts on every d100 it rolls."""

from __future__ import annotations

from typing import Final

from fracas.rulesets.spelljammer import data
from fracas.rulesets.spelljammer.state import Fighter

# Rules 88–92: the levels' tops and modifiers, worst first, read once (every d100 reads them).
LEVELS: Final = data.wound_levels()
TOPS: Final = [top for top, _, _ in LEVELS]
MODIFIERS: Final = [modifier for _, modifier, _ in LEVELS]
# Above every level's top a fighter is not wounded (no level, no modifier): asked first, as
# most fighters most of the time are (issue 35: every SC, d100 and TMR reads the modifier).
HIGHEST: Final = max(TOPS, default=0)


def wound_level(f: Fighter, hp: int) -> int:
    """Rules 88–92: the index of the worst wound level `hp` is in (0: none; 1 badly, 2 very
    badly, 3 critically wounded)."""
    tops = TOPS  # worst first
    n = len(tops)
    for i in range(n):
        if hp <= tops[i]:
            return n - i
    return 0


def wound_modifier(f: Fighter) -> int:
    """Rules 87–94, SJ-U16, SJ-U17: −10/−20/−30 on every d100 the character rolls; a fighter
    whose starting hit points (its maximum, or the option's) already lie in a level has no
    modifier until it reaches the next."""
    hp = f.hp
    if hp > HIGHEST:
        return 0
    if hp == f.wound_hp and f.wound_base == f.wound_base_at:
        return f.wound_mod  # (issue 35: kept on the fighter, keyed on what it is found from)
    level = wound_level(f, hp)
    mod = 0
    if level != 0 and level != wound_level(f, f.wound_base):
        mod = MODIFIERS[len(MODIFIERS) - level]
    f.wound_hp, f.wound_base_at, f.wound_mod = hp, f.wound_base, mod
    return mod
