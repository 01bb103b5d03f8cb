"""The names of the SemiAutoMagic decisions: asked by the rules (`table.choose`), answered by
the policy and shown to people as the question's prompt."""

from typing import Final

ACT: Final = "next action"  # rules 7-9: what to spend the next seconds of the turn on
# rule 90, SAM-A24: each attack of a combo to an enemy, before rolling
ALLOT: Final = "allot attack"
DEFEND: Final = "defend"  # rule 49, SAM-A24: block, dodge, parry or none, for each hit
INTERRUPT: Final = "interrupt"  # rules 5-6, SAM-A2: a delayer takes its turn now, or waits
VETO: Final = "veto"  # rule 157: veto the other mind's turn in a shared body, or let it act
ALLOW: Final = "allow possession"  # rule 159: let an ally's possessor in, or resist it
FORGO: Final = "forgo possession check"  # rule 160: defend the body against a new possessor, or not
TRAP: Final = "veto leaving"  # rule 162: veto a possessor's leaving the body, or let it go
# rule 159: a hostile possession turned cooperative, both agreeing
COOPERATE: Final = "work together"
GUESS: Final = "guess square"  # SAM-A43: where an unlocated invisible creature is (a stage-2 hook)

ALL: Final = (ACT, ALLOT, DEFEND, INTERRUPT, VETO, ALLOW, FORGO, TRAP, COOPERATE)
