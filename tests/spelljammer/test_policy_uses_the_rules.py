"""Issue 34: the default Spelljammer tactics take every kind of action the rules offer when
it pays. Each kind is recognised in the declarations (rules 1–2, SJ-U6: the `Declared`
events) of the bundled examples' battles, fought with fixed seeds through the public API;
the test fails when a kind is never declared anywhere."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from fracas.rulesets.spelljammer.events import Declared
from policy_choices import fought_examples

SEEDS = range(20)

# Each kind of action the rules offer, as its declaration reads (state.Plan.__str__).
KINDS = {
    "attack (rule 8)": r"^attack ",
    "move and attack (rule 131)": r"moving first",
    "run and attack (rule 145)": r"running first",
    "attack and move away (rule 135)": r"then moving away",
    "Defending (rule 179)": r"Defending \(",
    "Careful Aim (rule 220)": r"Careful Aim",
    "run up to a foe (P3)": r"^run toward ",
    "cast a spell (rule 112)": r"^cast ",
    "go on casting (SJ-U35)": r"^go on casting",
    "Full Defense (rule 184)": r"^Full Defense",
    "withdraw and flee (rule 202, issue 30)": r"^withdraw and flee",
    "hold the action (SJ-U34)": r"^hold its action",
    "draw a weapon (rule 150)": r", drawing its",
    "sheathe and draw (rule 151)": r"sheathing and drawing",
    "drop and draw (rule 152)": r"dropping its weapon",
    "pick up a dropped weapon (rules 199–201)": r"^pick up",
    "ready a slung shield (rule 155)": r"^ready its shield",
    "drink a potion (rules 157–159)": r"^drink ",
    "First Aid on a stuck missile (SJ-U46)": r"^First Aid",
}

# Kinds the rules offer that the policy leaves, and why (docs/rulesets/spelljammer.md,
# "Default tactics").
LEFT = {
    "dodge (rule 218)": "no attacks for −20 to missiles: a losing fighter flees instead",
    "Desperate Defense (rules 190–191)": "no actions at all, and the foe may push it",
}


@cache
def declarations() -> Counter[str]:
    """How often each plan was declared over every example and seed."""
    seen: Counter[str] = Counter()
    for battle in fought_examples("spelljammer", SEEDS):
        seen.update(e.plan for e in battle.events if isinstance(e, Declared))
    return seen


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_action_is_taken_somewhere(kind):
    pattern = re.compile(KINDS[kind])
    assert any(pattern.search(plan) for plan in declarations()), f"never declared: {kind}"


@pytest.mark.parametrize("kind", LEFT)
def test_the_kinds_left_are_never_declared(kind):
    word = kind.split(" (")[0]
    assert not any(plan.lower().startswith(word.lower()) for plan in declarations())
