"""The roll history (issue 33): every roll one viewer may see, who rolled it, what it was
for, how it fell, and whether a person gave the faces (typed physical dice, or "roll for me"
at their seat) or the table's dice did.

Each roll with dice is one journal entry of faces and one `DiceRolled` event, in the same
order (DESIGN.md §1: every die through `table.roll`); the journal's authors say who answered.
Where the two counts differ the history says nothing of who gave the faces."""

from __future__ import annotations

from typing import Any

from fracas.core.audience import Viewer
from fracas.core.battle import Battle
from fracas.core.events import DiceRolled, visible_to

SHOWN = 60  # the latest rolls a screen lists


def roll_history(battle: Battle, viewer: Viewer) -> list[dict[str, Any]]:
    """The latest rolls `viewer` may see, newest first."""
    entries = [i for i, entry in enumerate(battle.journal) if isinstance(entry, tuple)]
    rolls = [e for e in battle.events if isinstance(e, DiceRolled)]
    known = len(entries) == len(rolls)
    found: list[dict[str, Any]] = []
    for k in range(len(rolls) - 1, -1, -1):  # newest first, no further than the screen shows
        if len(found) == SHOWN:
            break
        seen = visible_to(rolls[k], viewer)
        if not isinstance(seen, DiceRolled):
            continue
        author = battle.authors.get(entries[k]) if known else None
        found.append(
            {
                "by": seen.by or "",
                "who": seen.who or "the GM",
                "reason": seen.reason,
                "breakdown": seen.breakdown,
                "total": seen.total,
                "given": f"by {author}" if author else ("automatic" if known else ""),
            }
        )
    return found
