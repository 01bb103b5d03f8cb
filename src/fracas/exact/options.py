"""The odds beside each option of a decision (issues 11 and 13): for every option the
ruleset names as one action against one target, that action's exact odds as the battle
stands."""

from __future__ import annotations

import time
from fractions import Fraction

from fracas.core.battle import Battle
from fracas.core.errors import FracasError
from fracas.core.requests import ChoiceRequest
from fracas.exact.action import ActionOdds, action_odds
from fracas.exact.enumerator import TooManyPaths

# Odds a screen shows need not be exact past a millionth; paths past this many are not
# worth the wait at a table.
CUTOFF = Fraction(1, 10**6)
# Nor is an enumeration that runs for seconds: a SemiAutoMagic grenade at a sniper behind a
# wall (scatter, Evasion, the wall's own roll) took 30 s to enumerate, and the GM's screen
# waits for the whole question. Options not worked out in this time show no odds.
SECONDS = 5.0


def option_odds(battle: Battle, seconds: float = SECONDS) -> dict[int, ActionOdds]:
    """Each option's odds, by option index, for the open choice of `battle` (none for a
    roll, for options that are not one action against one target, or for those still to be
    worked out when `seconds` in all have run out)."""
    question = battle.question
    request = question.request if question is not None else None
    if not isinstance(request, ChoiceRequest) or battle.state is None:
        return {}
    ruleset = battle.encounter.ruleset
    deadline = time.perf_counter() + seconds
    found: dict[int, ActionOdds] = {}
    worked_out: dict[tuple[str, str, str], ActionOdds | None] = {}  # options may share one
    for index, option in enumerate(request.options):
        action = ruleset.option_action(battle.state, request, option)
        if action is None:
            continue
        actor, target, name = action
        key = (actor.id, target.id, name)
        if key not in worked_out:
            left = deadline - time.perf_counter()
            try:
                odds = (
                    None
                    if left <= 0
                    else action_odds(
                        battle, actor.name, target.name, name, cutoff=CUTOFF, seconds=left
                    )
                )
            except (FracasError, TooManyPaths):
                odds = None  # the rules offer no such action now, or it has too many paths
            worked_out[key] = odds
        if (odds := worked_out[key]) is not None:
            found[index] = odds
    return found
