"""The names of the SemiAutoMagic decisions: asked by the rules (`table.choose`), answered by
the policy and shown to people as the question's prompt."""

ACT = "next action"  # rules 7-9: what to spend the next seconds of the turn on
ALLOT = "allot attack"  # rule 90, SAM-A24: each attack of a combo to an enemy, before rolling
DEFEND = "defend"  # rule 49, SAM-A24: block, dodge, parry or none, for each hit
INTERRUPT = "interrupt"  # rules 5-6, SAM-A2: a delayer takes its turn now, or waits
VETO = "veto"  # rule 157: veto the other mind's turn in a shared body, or let it act
ALLOW = "allow possession"  # rule 159: let an ally's possessor in, or resist it
FORGO = "forgo possession check"  # rule 160: defend the body against a new possessor, or not
TRAP = "veto leaving"  # rule 162: veto a possessor's leaving the body, or let it go
COOPERATE = "work together"  # rule 159: a hostile possession turned cooperative, both agreeing
GUESS = "guess square"  # SAM-A43: where an unlocated invisible creature is (a stage-2 hook)

ALL = (ACT, ALLOT, DEFEND, INTERRUPT, VETO, ALLOW, FORGO, TRAP, COOPERATE)
