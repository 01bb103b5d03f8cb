"""The names of Murdham's decisions: asked by the rules (`table.choose`), answered by the
policy and shown to people as the question's prompt."""

from typing import Final

FIRST_FACTION: Final = "first faction"  # seed "Combat procedure": asked of the initiative's faction
ACTIVATE: Final = "activate"  # seed "Combat procedure": asked of a faction, or pass (None)
TURN: Final = "turn"  # a character's plan for its turn (seed "Actions")
REACT: Final = "react"  # seed "Reactions": dodge, counter, hide behind, guard
# seed "Guarding": asked of an ally when the target cannot react (death blow)
GUARD: Final = "guard"
OPPORTUNITY_ATTACK: Final = "opportunity attack"  # seed "Movement": leaving a nearby enemy
STUNT: Final = "stunt"  # seed "Stunts": offered to the target instead of damage
ACCEPT_STUNT: Final = "accept stunt"
WEAPON_TO_DISARM: Final = "weapon to disarm"
MORALE: Final = "morale"  # seed "Morale": retreat or surrender

ALL: Final = (
    FIRST_FACTION,
    ACTIVATE,
    TURN,
    REACT,
    GUARD,
    OPPORTUNITY_ATTACK,
    STUNT,
    ACCEPT_STUNT,
    WEAPON_TO_DISARM,
    MORALE,
)
