"""The names of the Spelljammer decisions: asked by the rules (`table.choose`), answered by
the policy and shown to people as the question's prompt (`Final`: constants, compiled)."""

from typing import Final

DECLARE: Final = "declare"  # rules 1–2, SJ-U6: this round's action, target, movement and stance
RETARGET: Final = "new target"  # rule 3, SJ-U7: the declared target is down or out of reach
PUSH: Final = "push"  # rule 192, SJ-U28: force a desperate defender 10 ft (which way), or not
MOVE_NOW: Final = "move now"  # SJ-U29: give up the attacks left to move earlier (attack and move)

# Rules 188, 194, SJ-U27: attack another opponent instead of a Full or Desperate Defender.
SWITCH: Final = "switch from a full or desperate defender"

FLYER: Final = "free attack on a flyer climbing away"  # rule 206, SJ-U39: the GM rules

ALL: Final = (DECLARE, RETARGET, PUSH, MOVE_NOW, SWITCH, FLYER)
