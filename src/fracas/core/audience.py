"""Who may see what (DESIGN.md §2): every event, roll and question carries an audience, and
one filter decides what each viewer sees.

An audience is a plain string, so that it survives JSON unchanged: `"all"` (everyone),
`"gm"` (the game master only) or `"side:<name>"` (that side and the game master). A viewer is
the game master, the players at large (they see only what everyone sees), or one side.
"""

from __future__ import annotations

from dataclasses import dataclass

EVERYONE = "all"
GM = "gm"
_SIDE = "side:"


def side_audience(side: str) -> str:
    """The audience of one side (and the game master, who sees everything)."""
    return _SIDE + side


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is looking: the GM (`gm=True`), one side's players (`side`), or the players at
    large (neither: only what everyone may see)."""

    side: str | None = None
    gm: bool = False

    def may_see(self, audience: str) -> bool:
        if self.gm or audience == EVERYONE:
            return True
        return self.side is not None and audience == _SIDE + self.side

    def __str__(self) -> str:
        return "the GM" if self.gm else f"side {self.side}" if self.side else "the players"


GM_VIEW = Viewer(gm=True)
PLAYERS = Viewer()
