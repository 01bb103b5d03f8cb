"""Issue 34, default tactics: the OD&D policy takes every kind of action its rules offer
somewhere in the bundled examples — battles run with fixed seeds through the public API,
the decisions read from their events (`Declared` for a round's declaration, ODD-U23;
`Fled` and `Surrendered` for leaving a fight, rules 52, 132)."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from fracas.rulesets.odnd.events import Declared, Fled, Surrendered
from policy_choices import fought_examples

SEEDS = range(24)

# The declarations of the rules (round.Plan, ODD-U23): attack (42), sweep normal men (ODD-U11),
# charge (77), run (43), cast (131), set a spear (83), parry (92), fighting withdrawal (51),
# retreat (52), grapple (104), struggle when held (105), disarm (93), dismount (91), whip (40).
DECLARATIONS = (
    "attack", "sweep", "charge", "run", "cast", "set", "parry", "withdraw", "retreat",
    "grapple", "struggle", "disarm", "dismount", "whip",
)  # fmt: skip


@cache
def taken() -> Counter[str]:
    """Every example, each seed: the declarations made and the ways out of a fight taken."""
    kinds: Counter[str] = Counter()
    for battle in fought_examples("odnd", SEEDS):
        for event in battle.events:
            if isinstance(event, Declared):
                kinds[event.action] += 1
            elif isinstance(event, (Fled, Surrendered)):
                kinds[type(event).__name__] += 1
    return kinds


@pytest.mark.parametrize("kind", DECLARATIONS)
def test_every_declaration_is_taken_somewhere(kind: str) -> None:
    assert taken()[kind] > 0, f"the policy never declares {kind!r} in the bundled examples"


def test_fights_are_left_when_lost() -> None:
    """Rules 52, ODD-U28: fighters leave a fight (a morale failure, or a lost fight's Retreat
    by the policy) and get away. Surrender is no choice in OD&D: it comes of a failed morale
    check when one cannot flee (rule 132)."""
    assert taken()["Fled"] > 0
