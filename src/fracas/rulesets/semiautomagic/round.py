"""The round (seed "Turn Order and Initiative", "Late Arrivals", "Combat Rounds"; rules 1-2,
4, 7, 110; S5, S6). Initiative once, as the encounter begins, highest first, ties re-rolled
among the tied; late arrivals roll as they come and are slotted in by their roll. Each round,
every combatant has a turn of six seconds in that order."""

from __future__ import annotations

from collections.abc import Callable

from fracas.core.combatant import last_side_standing
from fracas.core.events import Revealed
from fracas.core.outcome import ONE_SIDE_LEFT, Verdict
from fracas.core.table import UNREAD, Table
from fracas.rulesets.semiautomagic import attack, data, mounted, possession, turn
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.needs import d6
from fracas.rulesets.semiautomagic.state import Fighter, SamState


def initiative(table: Table, f: Fighter) -> int:
    """Rule 1 (S5): d6 + Reflex bonus + DEX."""
    bonus = f.bonus["reflex"] + f.DEX
    # the reason worked out only if read (`core.table.Reason`; issue 35: a string a roll),
    # and no closure made when nobody will read it (`Table.quiet`)
    reason = UNREAD if table.quiet else _initiative_reason(f)
    return table.roll(d6(bonus), by=f, reason=reason).total


def _initiative_reason(f: Fighter) -> Callable[[], str]:
    return lambda: f"{f.name}'s initiative"


def ordered(table: Table, group: list[Fighter]) -> list[Fighter]:
    """Rules 1-2: highest first; the tied re-roll among themselves only, the higher first."""
    rolls = [(initiative(table, f), i, f) for i, f in enumerate(group)]
    for total, _, f in rolls:
        f.initiative = total
    return settle_ties(table, rolls)


def settle_ties(table: Table, rolls: list[tuple[int, int, Fighter]]) -> list[Fighter]:
    out: list[Fighter] = []
    for total in sorted({r[0] for r in rolls}, reverse=True):
        tied = [f for r, _, f in rolls if r == total]
        if len(tied) == 1:
            out.extend(tied)
            continue
        again = [(initiative(table, f), i, f) for i, f in enumerate(tied)]
        out.extend(settle_ties(table, again))
    return out


def insert(table: Table, state: SamState, f: Fighter) -> None:
    """Rule 4: a late arrival rolls initiative and is slotted in by its roll (ties with those
    already in place re-rolled between the two)."""
    roll = initiative(table, f)
    at = len(state.order)
    for i, other in enumerate(state.order):
        if roll > other.initiative:
            at = i
            break
        if roll == other.initiative:
            first = settle_ties(table, [(0, 0, f), (0, 1, other)])[0]
            at = i if first is f else i + 1
            break
    f.initiative = roll
    state.order.insert(at, f)


def begin(table: Table, state: SamState) -> None:
    """Round 1: initiative for those present; hiders roll Stealth (rule 110)."""
    # rule 134: a ridden mount acts on its rider's count
    state.order = ordered(table, [f for f in state.fighters() if f.present and not f.rider_id])
    for f in state.fighters():
        if f.hiding and f.present:
            hide(table, state, f)
    table.emit(ev.Initiative, order=tuple((f.name, f.initiative) for f in state.order))


def hide(table: Table, state: SamState, f: Fighter) -> None:
    """Rules 101, 108, 110 (T-SAM-28): with cover or concealment, a hider's Stealth result
    (plus its cover's bonus) against each enemy's Perception; those who roll lower cannot see
    it."""
    if f.cover == "none" and not f.concealed and state.conditions.lighting == "clear":
        return  # rule 108: nothing to hide behind
    cover = data.tables()["cover_target"][f.cover]  # rule 101: cover adds to the DC to see
    f.stealth_result = (
        cover
        + table.roll(
            f"1d6{f.bonus['stealth']:+d}", by=f, reason=f"{f.name} hides", audience=f.audience
        ).total
    )
    for e in state.enemies_of(f):
        assert isinstance(e, Fighter)
        seen = table.roll(
            f"1d6{e.bonus['perception']:+d}", by=e, reason=f"{e.name} looks for {f.name}"
        ).total
        if seen < f.stealth_result:
            f.unseen_by.add(e.id)
    unseen = tuple(e.name for e in state.enemies_of(f) if e.id in f.unseen_by)
    table.emit(ev.Hidden, who=f.name, stealth=f.stealth_result, unseen_by=unseen)


def arrivals(table: Table, state: SamState) -> None:
    for f in state.fighters():
        if not f.present and f.arrives <= state.round:
            f.present, f.hidden = True, False
            table.emit(Revealed, who=f.name, why="arrives")
            if not f.rider_id:  # rule 134: a ridden mount acts on its rider's count
                insert(table, state, f)
            table.emit(ev.Arrived, who=f.name, initiative=f.initiative)


def play_round(table: Table, state: SamState) -> None:
    if state.round == 1 and not state.order:
        begin(table, state)
    arrivals(table, state)
    for f in state.fighters():
        attack.refresh_defences(f)  # S6: rolls per round
        f.body_seconds = 0  # rule 155: the body's 6 s, per round
        f.vetoed.clear()  # rule 160: a veto a round against each other mind
    for f in list(state.order):
        if over(state):
            break
        turn.lapse(table, f)
        if f.mount_id:
            mounted.mount_turn(table, state, f, turn.take_turn)  # rule 134: the mount first
        if f.inside and f.active:
            possession.control(table, state, f, turn.take_turn)  # rules 154-156
        elif f.possessed_by and f.active:
            possession.own_turn(table, state, f, turn.take_turn)  # rule 157
        elif f.active or f.dying or f.delays:
            turn.take_turn(table, state, f)
        mounted.after_turn(table, state)  # the fallen: flyers and riders (SAM-A11, F-SAM-82)
    state.acting = ""


def verdict(state: SamState) -> Verdict | None:
    """The last side standing; after a possession, a possessed body stands for its
    possessor's side (SAM-A36 f, F-SAM-43); the Broken have given up (F-SAM-109)."""
    camps = {state.camp(f) for f in state.fighters() if state.standing(f)}
    if len(camps) > 1:
        return None
    return Verdict(camps.pop(), ONE_SIDE_LEFT) if camps else last_side_standing(state)


def over(state: SamState) -> bool:
    """At most one side still has someone able (or still to arrive): the round stops. A
    possessed body stands for its possessor's side (SAM-A36 f); the Broken have given up
    (F-SAM-109)."""
    first, found = "", False  # every standing camp the same (no set built each turn)
    for f in state.fighters():
        # `state.standing` and `state.camp` written out (issue 35: asked before every turn;
        # only a possessed body's camp needs the look-up)
        if f.active and not (f.broken and not f.possessed_by):
            camp = state.camp(f) if f.possessed_by else f.side
            if not found:
                first, found = camp, True
            elif camp != first:
                return False
    return True
