"""Exact odds of the mind's two rolls (DESIGN.md §6; rules 152-154, 157; SAM-A36 a): a
possession check (d6 + the possessor's bonus against the target's Minimum Will and Will) and
a veto (opposed d6 + Will, ties re-rolled: P(win) = P(win one roll) / (1 - P(tie))). The
enumerator runs the same rules (`possession.attempt`, `possession.contest`); a body already
possessed by another (rule 160: who defends is a choice) is left to it."""

from __future__ import annotations

from fractions import Fraction

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import possession
from fracas.rulesets.semiautomagic.state import Fighter, SamState

Outcomes = dict[tuple[str, int, bool], Fraction]
CHECK = "possession check against {}"  # rule 152
VETO = "veto {}'s turn"  # rule 157
POSSESSED, PENALTY, RESISTED = "possessed", "morale penalty", "resisted"
HELD, FAILED = "veto holds", "veto fails"
FACES = range(1, 7)


def offered(state: SamState, a: Fighter, t: Fighter) -> list[str]:
    """A hostile possession check on a creature in range; a veto of another mind in the same
    body (rules 157, 161: not at Will 0, not Broken)."""
    out: list[str] = []
    hostile = state.camp(t) != a.side
    if hostile and possession.can_possess(state, a, t) and a.id not in mind_ids(state, t):
        out.append(CHECK.format(t.name))
    if a.id != t.id and same_body(a, t) and a.will > 0 and not a.broken:
        out.append(VETO.format(t.name))
    return out


def mind_ids(state: SamState, body: Fighter) -> set[str]:
    return {m.id for m in possession.minds(state, body)}


def same_body(a: Fighter, t: Fighter) -> bool:
    home = a.inside or a.id
    return home == (t.inside or t.id)


def perform(table: Table, state: SamState, a: Fighter, t: Fighter, action: str) -> str:
    """The rules themselves, named by their result."""
    if action == CHECK.format(t.name):
        before = sum(m.will for m in possession.minds(state, t))
        if possession.attempt(table, state, a, t):
            return POSSESSED
        return PENALTY if sum(m.will for m in possession.minds(state, t)) < before else RESISTED
    return HELD if possession.contest(table, state, t, a, "a turn", "skipped") else FAILED


def calculate(state: SamState, a: Fighter, t: Fighter, action: str) -> Outcomes | None:
    if action == CHECK.format(t.name):
        if t.possessed_by or a.possession is None:
            return None  # rule 160: the defender is a choice; the enumerator follows it
        return check(a.possession[0], t.will, t.min_will)
    return veto(a.will, t.will)


def check(bonus: int, will: int, minimum: int) -> Outcomes:
    """Rules 152-154 (SAM-A36 a: beats = strictly greater)."""
    out: Outcomes = {}
    for face in FACES:
        total = face + bonus
        name = POSSESSED if total > will else PENALTY if total > minimum else RESISTED
        key = (name, 0, False)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, 6)
    return out


def veto(vetoer: int, actor: int) -> Outcomes:
    """Rule 157: the vetoer wins when d6 + its Will beats the actor's; ties roll again."""
    win = sum(1 for v in FACES for x in FACES if v + vetoer > x + actor)
    lose = sum(1 for v in FACES for x in FACES if v + vetoer < x + actor)
    decided = win + lose
    out: Outcomes = {}
    if win:
        out[(HELD, 0, False)] = Fraction(win, decided)
    if lose:
        out[(FAILED, 0, False)] = Fraction(lose, decided)
    return out
