"""Wounds on a weapon (seed "Attacking a Worn or Held Item"; rules 126-128; SAM-A31): a melee
weapon deducts its wounds from damage, a ranged weapon from damage and attacks (-w/-w,
SAM-A31); a wounded firearm jams when its attack die shows 1 (rule 127)."""

from __future__ import annotations

from fracas.rulesets.semiautomagic.state import Wielded


def ranged_wounds(w: Wielded) -> int:
    """Rule 126, SAM-A31: a ranged (or thrown) weapon's wounds off the attack and the DC."""
    return w.wounds if w.data.kind in ("ranged", "thrown") else 0


def damage(total: int, w: Wielded) -> int:
    """Rule 126: every weapon deducts its wounds from its damage (never below 0)."""
    return max(0, total - w.wounds) if w.wounds else total


def jams(w: Wielded, face: int) -> bool:
    """Rule 127: a wounded firearm jams on an attack die of 1."""
    return w.data.firearm and w.wounds > 0 and face == 1
