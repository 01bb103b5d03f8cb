"""The names of the OD&D decisions: asked by the rules (`table.choose`), answered by the
policy and shown to people as the question's prompt."""

from typing import Final

DECLARE: Final = "declare target"  # ODD-U23: each round's declaration step (whom to fight)
SWEEP: Final = "sweep or fight"  # ODD-U11: sweep normal men (level attacks) or fight (ordinary)
VICTIM: Final = "next victim"  # ODD-U11: each sweep attack's target is a choice

PLAYERS: Final = "fight, wait or flee"  # rule 118, ODD-U29: the players' choice, as a side

WHIP_AREA: Final = "whip: feet or weapon"  # rule 40: the wielder decides on an area
FLEE: Final = "while fleeing"  # rules 137-139, ODD-U27: drop a lure, take a turning, run or turn
PURSUE: Final = "whom to pursue"  # rule 134: a pursuer picks its quarry
GIVE_CHASE: Final = "give chase or let go"  # rule 54 (issue 29): a character's own choice
CHASE_OPTIONS: Final = ("give chase", "let go")

ALL: Final = (DECLARE, SWEEP, VICTIM, PLAYERS, WHIP_AREA, FLEE, PURSUE, GIVE_CHASE)
