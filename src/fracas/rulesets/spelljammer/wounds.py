"""Wound modifiers (seed "Wound Modifiers"; checklist rules 87–94; SJ-U16, SJ-U17): the
level a fighter's hit points lie in and the modifier it puts on every d100 it rolls."""

from __future__ import annotations

from fracas.rulesets.spelljammer import data
from fracas.rulesets.spelljammer.state import Fighter


def wound_level(f: Fighter, hp: int) -> int:
    """Rules 88–92: the index of the worst wound level `hp` is in (0: none; 1 badly, 2 very
    badly, 3 critically wounded)."""
    levels = data.wound_levels()  # worst first
    for i, (top, _, _) in enumerate(levels):
        if hp <= top:
            return len(levels) - i
    return 0


def wound_modifier(f: Fighter) -> int:
    """Rules 87–94, SJ-U16, SJ-U17: −10/−20/−30 on every d100 the character rolls; a fighter
    whose starting hit points (its maximum, or the option's) already lie in a level has no
    modifier until it reaches the next."""
    level = wound_level(f, f.hp)
    if level == 0 or level == wound_level(f, f.wound_base):
        return 0
    levels = data.wound_levels()
    return levels[len(levels) - level][1]
