"""The names of BRP's decisions: asked by the rules (`table.choose`), answered by the policy
and shown to people as the question's prompt."""

from typing import Final

INTENT: Final = "intent"  # §5.2 statement of intent
DEFEND: Final = "defend"  # §5.7–5.8 parry or dodge
NEW_TARGET: Final = "new target"  # F-BRP-7: the stated target is down
TEND_DYING_ALLY: Final = "tend a dying ally"  # F-BRP-4
INJURY_TO_TREAT: Final = "injury to treat"  # §5.14 First Aid treats one injury

ALL: Final = (INTENT, DEFEND, NEW_TARGET, TEND_DYING_ALLY, INJURY_TO_TREAT)
