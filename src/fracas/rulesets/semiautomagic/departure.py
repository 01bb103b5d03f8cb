"""Leaving a body (seed "Ending a Possession"; rule 162; rule 161). A possessor acting
through a body may leave it as a 0-second action; every other mind in the body may veto the
departure (opposed Will, rule 157): a vetoed possessor is trapped and takes a morale penalty.
Out, it stands where the body stands and its turn ends (F-SAM-108). Exorcism (the Faith skill)
is not in the seed."""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import actions, decisions, morale, possession
from fracas.rulesets.semiautomagic.actions import Action
from fracas.rulesets.semiautomagic.possession import LET, VETO
from fracas.rulesets.semiautomagic.state import Fighter, SamState

LEAVE: Final = Action("leave", 0)  # rule 162: leaving the body is a 0SA


def options(state: SamState, body: Fighter) -> list[Action]:
    """Rule 162: a possessor acting through a body may also leave it (0 s)."""
    return [*actions.legal(state, body), LEAVE]


def controller_of(state: SamState, body: Fighter) -> Fighter | None:
    found = (m for m in possession.minds(state, body) if m.inside and m.name == body.controller)
    return next(found, None)


def leave(table: Table, state: SamState, body: Fighter) -> None:
    """Rule 162: the possessor leaves (0 s) unless another mind vetoes it: then it is trapped
    and takes a morale penalty (a failed veto costs the vetoer one, rule 157). Out, its turn
    ends where the body stands (F-SAM-108)."""
    f = controller_of(state, body)
    if f is None:
        return
    seat = body.controller, body.controller_side
    body.controller = body.controller_side = ""  # each mind answers from its own seat
    if trapped(table, state, f, body):
        body.controller, body.controller_side = seat
        return
    state.controlling = ""
    possession.release(table, state, f, body, f"leaves {body.name}'s body (rule 162)")


def trapped(table: Table, state: SamState, f: Fighter, body: Fighter) -> bool:
    for m in (m for m in possession.minds(state, body) if m is not f):
        if m.will <= 0 or m.broken or not m.active:
            continue  # rules 157, 161
        if table.choose(m, decisions.TRAP, [LET, VETO]) == VETO and possession.contest(
            table, state, f, m, f"{f.name}'s leaving", "it is trapped"
        ):
            morale.penalty(table, state, f, 1, "its escape vetoed (rule 162)")
            return True
    return False
