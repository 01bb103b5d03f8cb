"""Withdrawing from the fight (F-SAM-121, PROPOSED; issue 34). The seed's only flight is
panic's (rule 184), but nothing in its movement rules (28-36) keeps a fighter in a foe's
reach, and it counts an enemy "caused to flee" as defeated (seed "Experience", Enemy
Defeated or Outsmarted, example 2). So a fighter may choose to go: a move, or a run on open
ground, directly away from its nearest known enemy (`actions.withdrawals`, the way of a
panicked flight, F-SAM-105), and one that withdrew this turn and ends it with no enemy within
`options.escape` metres has left the fight (fled), as a panicked creature does."""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import actions, mounted, space, wander
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.actions import WITHDRAW_RUN, Action
from fracas.rulesets.semiautomagic.state import Fighter, SamState

KINDS: Final = (actions.WITHDRAW, WITHDRAW_RUN)


def perform(table: Table, state: SamState, f: Fighter, act: Action) -> None:
    """F-SAM-121: directly away from the nearest enemy (as rule 184's flight, F-SAM-105)."""
    src = act.goal
    if src is None:
        return
    run = act.kind == WITHDRAW_RUN
    moved = wander.go_away(table, state, f, src, run, act.seconds, "withdraw")
    mounted.moved(state, f, moved, act.seconds, f.run_squares if run else f.move_squares)
    f.withdrew = state.round


def withdrawing(state: SamState, f: Fighter) -> bool:
    """It withdrew in its latest turn (this round or the last)."""
    return f.withdrew > 0 and f.withdrew >= state.round - 1


def end_turn(table: Table, state: SamState, f: Fighter) -> None:
    """F-SAM-121: a fighter that withdrew this turn and is further than `options.escape`
    metres from every enemy has left the fight (fled, as F-SAM-105), with its rider."""
    if not f.active or f.withdrew != state.round or not clear(state, f):
        return
    rule = f"withdrew, no enemy within {state.options.escape:g} m (F-SAM-121)"
    rider = mounted.find(state, f.rider_id) if f.rider_id else None
    for gone in (f,) if rider is None or not rider.active else (f, rider):  # rule 134
        leave(table, state, gone, "has left the fight", rule)


def clear(state: SamState, f: Fighter) -> bool:
    """No enemy within `options.escape` metres: one fleeing is gone (F-SAM-105, F-SAM-121)."""
    reach = state.options.escape
    return not any(space.metres(state, f, e) <= reach for e in actions.foes(state, f))


def leave(table: Table, state: SamState, gone: Fighter, how: str, rule: str) -> None:
    """Out of the fight as fled (F-SAM-105: a panicked flight; F-SAM-121: a withdrawal)."""
    gone.status, gone.went_down = Status.FLED, True
    state.tally["fled"] += 1
    if table.observed:
        table.emit(ev.Fell, who=gone.name, how=how, rule=rule)
