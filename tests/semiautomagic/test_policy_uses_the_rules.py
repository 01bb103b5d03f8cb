"""Issue 34: the default SemiAutoMagic policy takes every kind of action its rules offer
(`actions.legal`, `mind`, `mounted`) somewhere in the bundled examples, fought with fixed
seeds through the public API; the few kinds it leaves to a person are listed with the reason.
The kind of each action is read from the timeline (`Spent`, rule 8) and the untimed ones
(delay, interrupt, leave) from what the fighter did (`Did`)."""

from __future__ import annotations

import functools
import re
from collections import Counter

from fracas.rulesets.semiautomagic import events as ev
from policy_choices import fought_examples

SEEDS = range(6)

# The timeline's words for each kind (`actions.Action.__str__`, `mind`, `mounted`), first match.
TIMED = (
    ("single", r"^(single attack with|cast) "),
    ("called", r"^called shot at the "),
    ("combo", r"^combo \["),
    ("area", r"^area attack with "),
    ("item", r"^attack an enemy's "),
    ("escape", r"^move out of the hazard"),
    ("move", r"^move toward "),
    ("run", r"^run toward "),
    ("stagger", r"^stagger one square"),
    ("crawl", r"^crawl toward "),
    ("aim", r"^aim "),
    ("help_reload", r"^help .* reload "),
    ("reload", r"^reload "),
    ("draw", r"^draw "),
    ("possess", r"^possess "),
    ("ram", r"^ram "),
    ("flee", r"^flee"),  # rule 184: a panicked run away, or a move when it cannot run
    ("withdraw", r"^withdraw "),  # F-SAM-121: a move or a run away, by choice (issue 34)
    ("control", r"^control the mount"),
    ("posture", r"^(crouch|prone|stand from)"),
)
UNTIMED = (
    ("delay", r"^delays its turn"),
    ("interrupt", r"^interrupts "),
    ("leave", r"^leaves "),
)

# Kinds the default policy leaves to a person at a seat, and why.
LEFT_TO_A_PERSON = {
    "item": "rules 125-129: an attack at an enemy's item, never the policy's (a person may)",
    "crawl": "rule 187: only when Disabled; standing up (2 s) is quicker than crawling (4 s)",
    "stagger": "rule 185: a Disabled fighter's one square; no bundled fighter moves Disabled",
    "help_reload": "rule 66: a hand at a larger weapon's load; no bundled side carries one",
}


def kind_of(text: str, table: tuple[tuple[str, str], ...]) -> str | None:
    return next((kind for kind, pattern in table if re.match(pattern, text)), None)


@functools.cache
def taken() -> Counter[str]:
    """Every action kind taken by the default policy over the examples and seeds."""
    counts: Counter[str] = Counter()
    for battle in fought_examples("semiautomagic", SEEDS):
        for e in battle.events:
            if isinstance(e, ev.Spent) and not e.finishing:
                counts[kind_of(e.action, TIMED) or e.action] += 1
            elif isinstance(e, ev.Did):
                found = kind_of(e.what, UNTIMED)
                if found is not None:
                    counts[found] += 1
    return counts


def test_every_kind_of_action_is_taken_somewhere() -> None:
    kinds = {kind for kind, _ in TIMED + UNTIMED}
    wanted = kinds - set(LEFT_TO_A_PERSON)
    missing = sorted(k for k in wanted if taken()[k] == 0)
    assert missing == [], f"never taken over the bundled examples: {missing}"


def test_the_kinds_left_to_a_person_are_never_taken() -> None:
    """The policy keeps its word: what it leaves to a person it never does."""
    assert {k: taken()[k] for k in LEFT_TO_A_PERSON} == dict.fromkeys(LEFT_TO_A_PERSON, 0)


def test_every_timed_action_is_one_of_the_listed_kinds() -> None:
    """No action of the timeline escapes the list (a new kind must be added above)."""
    kinds = {kind for kind, _ in TIMED + UNTIMED}
    assert sorted(k for k in taken() if k not in kinds) == []
