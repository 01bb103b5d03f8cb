"""How a side's policy is named (issue 34): in an encounter file (`sides[].policy`) and on the
command line (`--policy`).

`default` is the ruleset's own policy (`Ruleset.policy`); `search` plays each option of a
decision forward through the rules (`core.search`). `search:N` asks for N rollouts per option,
`search:N:W` also for at most W steps of rollouts per decision (a step: one journal entry a
rollout replays or adds, a die or a choice; counted work, so a battle stays the same for its
seed on any machine).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

DEFAULT: Final = "default"
SEARCH: Final = "search"
SEARCH_ROLLOUTS: Final = 4  # rollouts per option when `search` names no number
MOST_ROLLOUTS: Final = 10_000
MOST_STEPS: Final = 10**9
SPELLING: Final = (
    "default, search, search:N (N rollouts per option) or search:N:W (and at most W steps of"
    " rollouts a decision)"
)


class PolicyNameError(ValueError):
    """A policy name nobody knows: the message says what is known."""


@dataclass(frozen=True)
class PolicyChoice:
    """A parsed policy name: its kind, and for a search its effort."""

    kind: str
    rollouts: int = SEARCH_ROLLOUTS
    steps: int | None = None  # most steps (journal entries) of rollouts a decision; None: no limit

    @property
    def searches(self) -> bool:
        return self.kind == SEARCH


def parse_policy(name: str) -> PolicyChoice:
    """`name` as a `PolicyChoice`, or `PolicyNameError` naming what was wrong."""
    text = name.strip()
    if text == DEFAULT:
        return PolicyChoice(DEFAULT)
    kind, _, effort = text.partition(":")
    if kind != SEARCH:
        raise PolicyNameError(f"unknown policy {name!r} (known: {SPELLING})")
    if ":" not in text:
        return PolicyChoice(SEARCH)
    rollouts_text, _, steps_text = effort.partition(":")
    rollouts = _whole(rollouts_text, name, "rollouts per option", MOST_ROLLOUTS)
    steps = _whole(steps_text, name, "steps per decision", MOST_STEPS) if steps_text else None
    return PolicyChoice(SEARCH, rollouts, steps)


def _whole(text: str, name: str, what: str, most: int) -> int:
    if not text.isdigit() or not 1 <= int(text) <= most:
        raise PolicyNameError(
            f"policy {name!r}: the {what} must be a whole number from 1 to {most}, not"
            f" {text!r} ({SPELLING})"
        )
    return int(text)
