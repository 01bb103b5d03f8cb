"""How a side's policy is named (issue 34): in an encounter file (`sides[].policy`) and on the
command line (`--policy`).

`default` is the ruleset's own policy (`Ruleset.policy`); `search` plays each option of a
decision forward through the rules (`core.search`). `search:N` asks for N rollouts per option,
`search:N:S` also for at most S seconds of rollouts per decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

DEFAULT: Final = "default"
SEARCH: Final = "search"
SEARCH_ROLLOUTS: Final = 4  # rollouts per option when `search` names no number
MOST_ROLLOUTS: Final = 10_000
SPELLING: Final = (
    "default, search, search:N (N rollouts per option) or search:N:S (and at most S seconds"
    " a decision)"
)


class PolicyNameError(ValueError):
    """A policy name nobody knows: the message says what is known."""


@dataclass(frozen=True)
class PolicyChoice:
    """A parsed policy name: its kind, and for a search its effort."""

    kind: str
    rollouts: int = SEARCH_ROLLOUTS
    budget: float | None = None  # seconds of rollouts per decision; None: no limit

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
    rollouts_text, _, budget_text = effort.partition(":")
    rollouts = _whole(rollouts_text, name)
    budget = _seconds(budget_text, name) if budget_text else None
    return PolicyChoice(SEARCH, rollouts, budget)


def _whole(text: str, name: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MOST_ROLLOUTS:
        raise PolicyNameError(
            f"policy {name!r}: the rollouts per option must be a whole number from 1 to"
            f" {MOST_ROLLOUTS}, not {text!r} ({SPELLING})"
        )
    return int(text)


def _seconds(text: str, name: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 < seconds < float("inf"):
        raise PolicyNameError(
            f"policy {name!r}: the seconds per decision must be a positive number, not"
            f" {text!r} ({SPELLING})"
        )
    return seconds
