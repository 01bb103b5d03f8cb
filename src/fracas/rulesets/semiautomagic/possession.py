"""Possession (seed "Possession", "Ending a Possession"; rules 152-158; RULINGS.md C6; SAM-A36;
T-SAM-4).

A possessor's check (d6 + its bonus) against the target's Will: above Minimum Will, one
untyped morale penalty (applied first, C6); above the Will it had, the target is possessed.
Then the possessor's turns are the body's: it acts with the possessor's skills, techniques and
combos and the body's STR, END, DEX and gear, for the possessor's side (SAM-A36 f); its
decisions go to the possessor's seat (`Combatant.controller`, core seats). The body acts at
most 6 s a round in all (rule 155). At the start of either's turn the other may veto (rule
157, SAM-A36 c): opposed d6 + Will, ties re-rolled; the actor winning gives the vetoer a
morale penalty, the vetoer winning skips the turn, spending none of the body's seconds
(SAM-A36 b). Will 0 cannot veto.
"""

from __future__ import annotations

from collections.abc import Callable

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import decisions, morale, space
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState

VETO, LET = "veto", "let it act"
TakeTurn = Callable[[Table, SamState, Fighter], None]  # `turn.take_turn`


def can_possess(state: SamState, f: Fighter, t: Fighter) -> bool:
    """Rule 152: a free creature with the ability, a target in range not already possessed
    (one possessor a body: rule 160's contests are not modelled)."""
    if f.possession is None or f.inside or t.possessed_by or t.inside or not t.active:
        return False
    return space.metres(state, f, t) <= f.possession[1]


def attempt(table: Table, state: SamState, f: Fighter, t: Fighter) -> bool:
    """Rules 152-154 (T-SAM-4, C6): the check against Minimum Will, then the Will it had."""
    assert f.possession is not None
    will = t.will
    why = f"{f.name} possesses {t.name}"
    total = table.roll(f"1d6{f.possession[0]:+d}", by=f, reason=why).total
    table.emit(ev.Did, who=f.name, what=f"rolls {total} to possess {t.name} (Will {t.will}/"
               f"{t.min_will})")  # fmt: skip
    if total > t.min_will:
        morale.penalty(table, state, t, 1, "a possession check, untyped (rule 153)")
    if total <= will:
        return False
    t.possessed_by, f.inside = f.id, t.id
    t.carried = None  # F-SAM-45: its own action in progress is lost with its body
    state.possessing = True
    state.tally["possessions"] += 1
    table.emit(ev.Did, who=t.name, what=f"is possessed by {f.name} (rule 154)")
    return True


def body_of(state: SamState, f: Fighter) -> Fighter | None:
    return next((b for b in state.fighters() if b.id == f.inside), None)


def possessor_of(state: SamState, b: Fighter) -> Fighter | None:
    return next((p for p in state.fighters() if p.id == b.possessed_by), None)


def release(table: Table, state: SamState, f: Fighter, body: Fighter) -> None:
    """F-SAM-44: a body that goes down casts its possessor out where it lies."""
    f.inside, body.possessed_by = "", ""
    f.position = body.position
    table.emit(ev.Did, who=f.name, what=f"leaves {body.name}'s fallen body")


def vetoed(table: Table, state: SamState, actor: Fighter, vetoer: Fighter) -> bool:
    """Rule 157 (SAM-A36 a, c): the vetoer may veto the actor's turn as it starts; True when
    the turn is skipped."""
    if vetoer.will <= 0 or vetoer.broken or not vetoer.active:
        return False
    if table.choose(vetoer, decisions.VETO, [LET, VETO]) != VETO:
        return False
    state.tally["vetoes"] += 1
    while True:
        a = table.roll(f"1d6{actor.will:+d}", by=actor, reason=f"{actor.name}'s Will").total
        v = table.roll(f"1d6{vetoer.will:+d}", by=vetoer, reason=f"{vetoer.name} vetoes").total
        if a != v:
            break  # rule 157: ties re-roll
    won = v > a
    table.emit(ev.Did, who=vetoer.name, what=f"vetoes {actor.name}'s turn: {v} against {a}, "
               + ("the turn is skipped (rule 157)" if won else "fails"))  # fmt: skip
    if not won:
        morale.penalty(table, state, vetoer, 1, "a failed veto (rule 157)")
    return won


def control(table: Table, state: SamState, f: Fighter, take_turn: TakeTurn) -> None:
    """Rules 155-156, SAM-A36: the possessor's turn is the body's, unless the body's mind
    vetoes it; its decisions are asked of the possessor's seat."""
    body = body_of(state, f)
    if body is None:
        f.inside = ""
        return
    if not body.active:
        release(table, state, f, body)
        take_turn(table, state, f)
        return
    if f.broken:  # rule 161: a Broken possessor can neither act nor veto
        table.emit(ev.Did, who=f.name, what="is Broken: it cannot act through the body (rule 161)")
        return
    if vetoed(table, state, f, body):
        return
    mind = (body.bonus, body.techniques, body.combos)
    body.bonus, body.techniques, body.combos = dict(f.bonus), f.techniques, f.combos
    body.controller, body.controller_side = f.name, f.side  # the possessor's seat decides
    state.controlling = body.id
    try:
        take_turn(table, state, body)
    finally:
        body.bonus, body.techniques, body.combos = mind
        body.controller = body.controller_side = ""
        state.controlling = ""


def own_turn(table: Table, state: SamState, b: Fighter, take_turn: TakeTurn) -> None:
    """Rule 157: the possessed character's own turn, with the body's seconds left; the
    possessor may veto it."""
    p = possessor_of(state, b)
    if p is not None and vetoed(table, state, b, p):
        return
    take_turn(table, state, b)
