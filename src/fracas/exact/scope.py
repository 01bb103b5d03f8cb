"""One call of `fracas.odds` (`action.action_odds`) as a scope a calculator may share work in.

Within one call every state the ruleset's calculator is given is a fresh copy of the same
one (the encounter's start, or the battle as it stands), for the same actor, target, action
and cut-off; only the target's defence differs. A calculator that can tell which defence a
call comes to (the policy's choice is one of the options) may keep its answer here for the
rest of the call (issue 35: the policy's defence was worked out twice, as the policy's and as
the option it picks). Nothing outlives the call: this is no cache across calls.
"""

from __future__ import annotations

from collections.abc import Hashable
from contextvars import ContextVar
from typing import Final

# The answers kept in the current `action_odds` call, by the calculator's own key; None
# outside one (a duel, a screen's option odds, a test calling a calculator directly).
SHARED: Final[ContextVar[dict[Hashable, object] | None]] = ContextVar(
    "fracas_exact_shared", default=None
)
