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

Stage 2 in full: a willing ally lets a possessor in without a check, and then each acts with
the better of both minds (rule 159); a body already possessed is contested, the check going
against the highest Will of the minds in it, each able to forgo it to the next (rule 160);
every mind may veto every other's turn, once a round against each (rule 160); a Broken mind
neither vetoes, acts nor helps (rule 161); a possessor may leave on its own turn (0 s), and
the others may veto it, trapping it with a morale penalty (rule 162).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import decisions, morale, space
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState

VETO: Final = "veto"
LET: Final = "let it act"
ALLOW: Final = "let it in"  # rule 159
REFUSE: Final = "resist"
TAKE: Final = "take the check"  # rule 160
FORGO: Final = "forgo the check"
HOSTILE: Final = "go on as foes"  # rule 159: turning cooperative
TOGETHER: Final = "work together"
TakeTurn = Callable[[Table, SamState, Fighter], None]  # `turn.take_turn`


def can_possess(state: SamState, f: Fighter, t: Fighter) -> bool:
    """Rules 152, 160: a free creature with the ability, a target in range; a body already
    possessed may be contested (rule 160)."""
    if f.possession is None or f.inside or t.inside or not t.active or not t.present:
        return False
    return space.metres(state, f, t) <= f.possession[1]


def minds(state: SamState, body: Fighter) -> list[Fighter]:
    """The minds in a body: its own and every possessor, in the order they came in."""
    return morale.minds(state, body)


def attempt(table: Table, state: SamState, f: Fighter, t: Fighter) -> bool:
    """Rules 152-154, 159-160 (T-SAM-4, C6): an ally may let it in; else the check against
    the defending mind's Minimum Will, then the Will it had."""
    if state.camp(t) == f.side and willing(table, t, f):
        enter(table, state, f, t, cooperative=True)
        return True
    assert f.possession is not None
    d = defender(table, state, f, t)
    will = d.will
    why = f"{f.name} possesses {t.name}"
    total = table.roll(f"1d6{f.possession[0]:+d}", by=f, reason=why).total
    whose = "" if d is t else f"{d.name}'s "
    table.emit(ev.Did, who=f.name, what=f"rolls {total} to possess {t.name} ({whose}Will "
               f"{d.will}/{d.min_will})")  # fmt: skip
    if total > d.min_will:
        morale.penalty(table, state, d, 1, "a possession check, untyped (rule 153)")
    if total <= will:
        return False
    enter(table, state, f, t, cooperative=False)
    return True


def willing(table: Table, t: Fighter, f: Fighter) -> bool:
    """Rule 159 (and 161: a Broken mind cannot let it in): the ally's choice."""
    if t.broken or t.possessed_by:
        return False
    return table.choose(t, decisions.ALLOW, [ALLOW, REFUSE]) == ALLOW


def defender(table: Table, state: SamState, f: Fighter, t: Fighter) -> Fighter:
    """Rule 160: the check is made against the highest Will among the minds in the body;
    each may forgo it in favour of the next (the last cannot); a Broken mind cannot defend."""
    ranked = sorted(
        (m for m in minds(state, t) if not m.broken), key=lambda m: -m.will
    ) or [t]  # fmt: skip
    for m in ranked[:-1]:
        if table.choose(m, decisions.FORGO, [TAKE, FORGO]) == TAKE:
            return m
        table.emit(ev.Did, who=m.name, what=f"forgoes the check against {f.name} (rule 160)")
    return ranked[-1]


def enter(table: Table, state: SamState, f: Fighter, t: Fighter, cooperative: bool) -> None:
    """Rules 154, 159: possessed (the first possessor's side is the body's camp)."""
    if not t.possessed_by:
        t.possessed_by = f.id
    f.inside, f.cooperating = t.id, cooperative
    t.carried = None  # F-SAM-45: its own action in progress is lost with its body
    state.possessing = True
    state.tally["possessions"] += 1
    how = "lets in" if cooperative else "is possessed by"
    rule = "rule 159, cooperative" if cooperative else "rule 154"
    table.emit(ev.Did, who=t.name, what=f"{how} {f.name} ({rule})")


def body_of(state: SamState, f: Fighter) -> Fighter | None:
    return next((b for b in state.fighters() if b.id == f.inside), None)


def possessor_of(state: SamState, b: Fighter) -> Fighter | None:
    return next((p for p in state.fighters() if p.id == b.possessed_by), None)


def release(table: Table, state: SamState, f: Fighter, body: Fighter, why: str) -> None:
    """F-SAM-44, rule 162: out of the body, where it stands; the next possessor, if any, is
    the one whose side the body stands for."""
    f.inside, f.cooperating = "", False
    f.position = body.position
    if body.possessed_by == f.id:
        rest = [m for m in minds(state, body) if m is not body]
        body.possessed_by = rest[0].id if rest else ""
    table.emit(ev.Did, who=f.name, what=why)


def vetoed(table: Table, state: SamState, actor: Fighter, vetoer: Fighter) -> bool:
    """Rules 157, 160 (SAM-A36 a, c): the vetoer may veto the actor's turn as it starts,
    once a round against each; True when the turn is skipped."""
    if vetoer.will <= 0 or vetoer.broken or not vetoer.active or actor.id in vetoer.vetoed:
        return False
    state.acting = actor.id  # whose turn is at stake
    if table.choose(vetoer, decisions.VETO, [LET, VETO]) != VETO:
        return False
    vetoer.vetoed.append(actor.id)
    actor.cooperating = vetoer.cooperating = False  # rule 159: a veto turns them hostile
    return contest(table, state, actor, vetoer, f"{actor.name}'s turn", "the turn is skipped")


def contest(
    table: Table, state: SamState, actor: Fighter, vetoer: Fighter, what: str, held: str
) -> bool:
    """Rule 157: opposed d6 + Will, ties re-rolled; the loser of a failed veto takes a morale
    penalty. True when the veto wins."""
    state.tally["vetoes"] += 1
    while True:
        a = table.roll(f"1d6{actor.will:+d}", by=actor, reason=f"{actor.name}'s Will").total
        v = table.roll(f"1d6{vetoer.will:+d}", by=vetoer, reason=f"{vetoer.name} vetoes").total
        if a != v:
            break  # rule 157: ties re-roll
    won = v > a
    table.emit(ev.Did, who=vetoer.name, what=f"vetoes {what}: {v} against {a}, "
               + (f"{held} (rule 157)" if won else "fails"))  # fmt: skip
    if not won:
        morale.penalty(table, state, vetoer, 1, "a failed veto (rule 157)")
    return won


def any_veto(table: Table, state: SamState, actor: Fighter, body: Fighter) -> bool:
    """Rule 160: every other mind in the body, in initiative order, may veto."""
    others = [m for m in minds(state, body) if m is not actor]
    order = {f.id: i for i, f in enumerate(state.order)}
    others.sort(key=lambda m: order.get(m.id, len(order)))
    return any(vetoed(table, state, actor, m) for m in others)


Mind = tuple[dict[str, int], list[str], list[tuple[str, ...]]]  # skill bonuses, techniques, combos


def best_of(body: Fighter, partners: list[Fighter]) -> Mind:
    """Rule 159: the best skill bonuses, and the techniques and combos, of both minds (a
    Broken one does not help, rule 161)."""
    bonus = dict(body.bonus)
    techniques, combos = list(body.techniques), list(body.combos)
    for p in partners:
        if p.broken:
            continue
        bonus = {k: max(v, p.bonus.get(k, v)) for k, v in bonus.items()}
        techniques += [t for t in p.techniques if t not in techniques]
        combos += [c for c in p.combos if c not in combos]
    return bonus, techniques, combos


def control(table: Table, state: SamState, f: Fighter, take_turn: TakeTurn) -> None:
    """Rules 155-156, 159-161, SAM-A36: the possessor's turn is the body's, unless another
    mind vetoes it; its decisions are asked of the possessor's seat."""
    body = body_of(state, f)
    if body is None:
        f.inside = ""
        return
    if not body.active:
        release(table, state, f, body, f"leaves {body.name}'s fallen body (F-SAM-44)")
        take_turn(table, state, f)
        return
    if f.broken:  # rule 161: a Broken possessor can neither act nor veto
        table.emit(ev.Did, who=f.name, what="is Broken: it cannot act through the body (rule 161)")
        return
    befriend(table, state, f, body)
    if any_veto(table, state, f, body):
        return
    mind = (body.bonus, body.techniques, body.combos)
    partners = [m for m in minds(state, body) if m is not f and cooperates(m, f)]
    if partners:  # rule 159: the best of both
        body.bonus, body.techniques, body.combos = best_of(f, partners)
    else:
        body.bonus, body.techniques, body.combos = dict(f.bonus), f.techniques, f.combos
    body.controller, body.controller_side = f.name, f.side  # the possessor's seat decides
    state.controlling = body.id
    try:
        take_turn(table, state, body)
    finally:
        body.bonus, body.techniques, body.combos = mind
        body.controller = body.controller_side = ""
        state.controlling = ""


def befriend(table: Table, state: SamState, f: Fighter, body: Fighter) -> None:
    """Rule 159: "a hostile possession attempt can turn cooperative if the two characters
    involved decide to work together": as its turn starts the possessor may offer, and the
    body's own mind (not Broken, rule 161) accept."""
    if f.cooperating or body.broken or f.broken or body.possessed_by != f.id:
        return
    if table.choose(f, decisions.COOPERATE, [HOSTILE, TOGETHER]) != TOGETHER:
        return
    if table.choose(body, decisions.COOPERATE, [HOSTILE, TOGETHER]) != TOGETHER:
        table.emit(ev.Did, who=body.name, what=f"refuses to work with {f.name} (rule 159)")
        return
    f.cooperating = True
    table.emit(ev.Did, who=body.name, what=f"and {f.name} now work together (rule 159)")


def cooperates(m: Fighter, actor: Fighter) -> bool:
    """Rule 159: a cooperative possessor works with its body's mind, and they with it."""
    return m.cooperating or actor.cooperating


def own_turn(table: Table, state: SamState, b: Fighter, take_turn: TakeTurn) -> None:
    """Rules 157, 159-160: the possessed character's own turn, with the body's seconds left;
    any possessor may veto it; cooperating, it acts with the best of both."""
    if any_veto(table, state, b, b):
        return
    partners = [m for m in minds(state, b) if m is not b and m.cooperating]
    if not partners:
        take_turn(table, state, b)
        return
    mind = (b.bonus, b.techniques, b.combos)
    b.bonus, b.techniques, b.combos = best_of(b, partners)
    try:
        take_turn(table, state, b)
    finally:
        b.bonus, b.techniques, b.combos = mind
