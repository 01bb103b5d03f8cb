"""The names of Murdham's decisions: asked by the rules (`table.choose`), answered by the
policy and shown to people as the question's prompt."""

FIRST_FACTION = "first faction"  # seed "Combat procedure": asked of the initiative's faction
ACTIVATE = "activate"  # seed "Combat procedure": asked of a faction, or pass (None)
TURN = "turn"  # a character's plan for its turn (seed "Actions")
REACT = "react"  # seed "Reactions": dodge, counter, hide behind, guard
GUARD = "guard"  # seed "Guarding": asked of an ally when the target cannot react (death blow)
OPPORTUNITY_ATTACK = "opportunity attack"  # seed "Movement": leaving a nearby enemy
STUNT = "stunt"  # seed "Stunts": offered to the target instead of damage
ACCEPT_STUNT = "accept stunt"
WEAPON_TO_DISARM = "weapon to disarm"
MORALE = "morale"  # seed "Morale": retreat or surrender

ALL = (
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
