"""A turn of six seconds (seed "Combat Rounds", "Actions", "Delays"; rules 7-16, 185-187;
RULINGS.md C4; SAM-A1, A3-A6).

A turn is a list of actions on the owner's clock: before each action, `between` is the hook
where GM commands take effect and delayed turns interrupt (rule 6); each action spends its
seconds one by one (delays count down in them, C4) and then happens. An action longer than
the seconds left runs on into the owner's next turn (rules 12-13) and finishes there first.
"""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import (
    actions,
    decisions,
    departure,
    exposure,
    harm,
    mind,
    morale,
    withdrawal,
)
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.actions import Action
from fracas.rulesets.semiautomagic.state import Carried, Fighter, SamState, Shown

SECONDS: Final = 6  # rule 7
DISABLED_SECONDS: Final = 3  # rule 187, SAM-A4


class Clock:
    """The owner's seconds this turn (rule 8: "count down one step for every second") and the
    timeline `fracas run` shows."""

    __slots__ = ("budget", "spans", "used")

    def __init__(self, budget: int = 0) -> None:
        self.budget, self.used = budget, 0
        self.spans: list[str] = []

    @property
    def left(self) -> int:
        return self.budget - self.used


def budget(f: Fighter) -> int:
    """Rules 7, 187; rule 155: a possessed body acts at most 6 s a round in all."""
    base = DISABLED_SECONDS if f.disabled else SECONDS
    return min(base, SECONDS - f.body_seconds) if f.possessed_by else base


def take_turn(table: Table, state: SamState, f: Fighter) -> None:
    """One turn of `f`: stun, a dying check, the action carried over, then actions."""
    state.acting, state.second = f.id, 0
    clock = Clock(budget(f))
    f.flat_footed = False  # C7, SAM-A6: surprise lasts until the surprised one's turn
    if not f.mount_id:  # a rider's count starts with its mount's turn (mounted.mount_turn)
        f.moved_squares, f.pace = 0, 0.0  # SAM-A39: speed counts from the start of its turn
        f.diagonals = 0  # SAM-A7: diagonals alternate 1 and 2 over the whole turn (issue 31)
    if table.observed:
        table.emit(ev.TurnStarted, who=f.name, seconds=clock.budget, note=why(state, f))
    if f.dying:
        harm.dying_check(table, state, f)
    exposure.start_of_turn(table, state, f)  # SAM-A35: hazards and syndromes' checks
    if f.broken:
        morale.recover(table, state, f)
    own = state.controlling != f.id  # its own mind steers it (not a possessor)
    if own and f.active and not f.broken:
        mind.start_turn(table, state, f)  # rules 139, 177-184, 191
    frozen = own and (f.broken or mind.frozen(f))  # rules 141, 180-181, 191: no actions
    keep_carried(table, state, f, frozen)
    if frozen:
        clock.spans.append("Broken: no action (rule 141)" if f.broken else mind.idle_why(f))
    elif f.active:
        stun(table, state, f, clock)
        finish_carried(table, state, f, clock)
        rein(table, state, f, clock)
    while f.active and clock.left > 0 and not frozen and not f.inside:
        if not own and not state.controlling:
            break  # rule 162: its possessor has left the body
        if between(table, state, f):
            continue
        before = state.shown
        options = mind.options(state, f, actions.legal) if own else departure.options(state, f)
        shown = fresh(state, before)  # for the strike (`start`)
        act = table.choose(f, decisions.ACT, options)
        if act.kind == "end":
            break
        if act.kind == "delay":
            delay(table, f)
            return
        # (still `legal`'s last list after the choice: a chooser that listed again left
        # another, and the strike then finds its targets afresh)
        start(table, state, f, clock, act, shown if state.shown is shown else None)
    idle(table, state, f, clock)
    if own:
        mind.end_turn(table, state, f)  # F-SAM-105: a panicked creature may have fled
    withdrawal.end_turn(table, state, f)  # F-SAM-121: a withdrawer may have left
    if f.possessed_by:
        f.body_seconds += clock.used  # rule 155
    if table.observed:
        table.emit(ev.TurnEnded, who=f.name, timeline=" | ".join(clock.spans) or "nothing")


def fresh(state: SamState, before: Shown | None) -> Shown | None:
    """What `legal` found for this decision's options: the `Shown` it left, when it made one
    since `before` (each call makes a new one), else None (the options came from elsewhere:
    a mind's flight, a possessor's departure)."""
    shown = state.shown
    return None if shown is before else shown


def why(state: SamState, f: Fighter) -> str:
    """The turn's note: Disabled (rule 187), a body acted by its possessor (rule 156)."""
    notes = ["Disabled (rule 187)"] if f.disabled else []
    if state.controlling == f.id:
        notes.append(f"its body acted by {f.controller} (rule 156)")
    elif f.possessed_by:
        notes.append("possessed: the body's seconds left this round (rule 155)")
    return "; ".join(notes)


def between(table: Table, state: SamState, f: Fighter) -> bool:
    """The hook between two actions (checklist stage 1): GM commands take effect here, then
    a delayed turn may interrupt (rule 6); True when the acting fighter can no longer act
    (then the turn ends)."""
    changed = table.between_actions()
    if interrupts(table, state, f):
        changed = True
    return changed and not f.active


def delay(table: Table, f: Fighter) -> None:
    """Rule 5 (SAM-A2 a): the whole turn is skipped, to be taken later as a 6 s turn."""
    f.delaying = True
    table.emit(ev.Did, who=f.name, what="delays its turn (rule 5)")


def interrupts(table: Table, state: SamState, f: Fighter) -> bool:
    """Rule 6 (SAM-A2 c-e): between two of `f`'s actions, each delayer in initiative order
    may take its delayed turn now; a delayed turn is not itself interrupted. True when one
    did."""
    if state.interrupting or not any(d.delaying for d in state.order):
        return False  # (nobody waiting: no copy of the order)
    took = False
    for d in list(state.order):
        if d is f or not d.delaying or not d.active:
            continue
        if table.choose(d, decisions.INTERRUPT, [actions.WAIT, actions.INTERRUPT]).kind == "wait":
            continue
        d.delaying, took = False, True
        acting, second = state.acting, state.second
        state.interrupting = d.id
        state.tally["interrupts"] += 1
        table.emit(ev.Did, who=d.name, what=f"interrupts {f.name}'s turn (rule 6)")
        take_turn(table, state, d)
        state.interrupting, state.acting, state.second = "", acting, second
        if not f.active:
            break
    return took


def lapse(table: Table, f: Fighter) -> None:
    """SAM-A2 b: a delayed turn not taken before the delayer's next turn is lost."""
    if f.delaying:
        f.delaying = False
        table.emit(ev.Did, who=f.name, what="never took its delayed turn: it is lost (SAM-A2)")


def start(
    table: Table, state: SamState, f: Fighter, clock: Clock, act: Action, shown: Shown | None = None
) -> None:
    """Spend `act`'s seconds and carry it out, or, when it needs more than the turn has left,
    spend what is left and carry the rest into the next turn (rules 12-13, T-SAM-16). `shown`:
    what `legal` found for the decision that chose `act`, if it made that list."""
    first = clock.used + 1
    if act.seconds > clock.left:
        rest = act.seconds - clock.left
        note(table, f, clock, (first, clock.budget), act, carried=rest)
        f.carried = Carried(act, rest, act.seconds, steering(state, f))
        tick(table, state, f, clock, clock.left)
        return
    note(table, f, clock, (first, clock.used + act.seconds), act)
    calm = not f.delays  # `tick` fires only `f`'s own delays (rule 14): none, nothing changes
    tick(table, state, f, clock, act.seconds)
    perform(table, state, f, act, shown if calm else None)


def steering(state: SamState, f: Fighter) -> str:
    """The mind acting with `f` now: its possessor's in the possessor's turn (rule 156)."""
    return f.controller if state.controlling == f.id else f.name


def keep_carried(table: Table, state: SamState, f: Fighter, frozen: bool) -> None:
    """Seed "Actions": "all 4 seconds must be done successively": an action carried from the
    last turn is lost when this turn's first seconds cannot go to it."""
    c = f.carried
    if c is None:
        return
    why = interrupted(state, f, c, frozen)
    if not why:
        return
    f.carried = None
    table.emit(ev.Did, who=f.name, what=f"loses the {c.action} begun last turn: {why}; "
               "its seconds must be successive (seed \"Actions\")")  # fmt: skip


def interrupted(state: SamState, f: Fighter, c: Carried, frozen: bool) -> str:
    """Why this turn's first seconds cannot go on with `c` ("" when they can)."""
    if frozen:
        return "Broken (rule 141)" if f.broken else mind.idle_why(f)
    if c.mind and c.mind != steering(state, f):
        return f"{steering(state, f)} acts with the body now (rules 155-157)"
    if f.panicked or f.compelled:
        return "panicked (rule 184)" if f.panicked else f"confused: {f.compelled} (rule 180)"
    if f.victim and f.victim != f.raging:
        return "confused: the chart decides its attack (rule 179)"
    act = c.action
    assert isinstance(act, Action)
    if f.raging and act not in mind.options(state, f, lambda _s, _f: [act]):
        return "raging: nothing that needs focus (rule 139)"
    return ""


def finish_carried(table: Table, state: SamState, f: Fighter, clock: Clock) -> None:
    c = f.carried
    if c is None:
        return
    f.carried = None
    assert isinstance(c.action, Action)
    n = min(c.left, clock.left)
    first = clock.used + 1
    if n < c.left:  # still more (a long action across several turns)
        f.carried = Carried(c.action, c.left - n, c.total, c.mind)
        note(table, f, clock, (first, first + n - 1), c.action, c.left - n, True)
        tick(table, state, f, clock, n)
        return
    note(table, f, clock, (first, first + n - 1), c.action, finishing=True)
    tick(table, state, f, clock, n)
    perform(table, state, f, c.action)


def perform(
    table: Table, state: SamState, f: Fighter, act: Action, shown: Shown | None = None
) -> None:
    """Carry out an action: fleeing is the mind's (rule 184), withdrawing `withdrawal`'s
    (F-SAM-121), the rest `actions.perform`; `shown` as `actions.perform`'s."""
    if act.kind in mind.KINDS:
        mind.perform(table, state, f, act)
    elif act.kind == "leave":
        departure.leave(table, state, f)  # rule 162
    elif act.kind in withdrawal.KINDS:
        withdrawal.perform(table, state, f, act)  # F-SAM-121
    else:
        actions.perform(table, state, f, act, shown)


def rein(table: Table, state: SamState, f: Fighter, clock: Clock) -> None:
    """Rule 132 (SAM-A38, T-SAM-30): 2 s of the rider's turn control its mount when the mount
    did anything this round."""
    n = min(f.reins, clock.left)
    f.reins = 0
    if n <= 0:
        return
    note(table, f, clock, (clock.used + 1, clock.used + n), "control the mount (rule 132)")
    tick(table, state, f, clock, n)


def stun(table: Table, state: SamState, f: Fighter, clock: Clock) -> None:
    """Rules 185-186 (SAM-A3): staggered rolls a d6 at its turn's start and is stunned that
    many seconds; the first stunned seconds of the turn are lost, the rest carry on; an
    action in progress is lost."""
    if f.staggered > 0:
        f.staggered -= 1
        f.stunned += table.roll("1d6", by=f, reason=f"{f.name} is staggered").total
    if f.stunned <= 0:
        return
    lost = min(f.stunned, clock.left)
    f.stunned -= lost
    if f.carried is not None:
        f.carried = None
    table.emit(ev.Lost, who=f.name, seconds=lost, why="stunned (rule 185)")
    clock.spans.append(f"1–{lost} stunned" if lost > 1 else "1 stunned")
    tick(table, state, f, clock, lost)


def tick(table: Table, state: SamState, f: Fighter, clock: Clock, n: int) -> None:
    """Spend `n` seconds of the owner's clock; each counts down its delays (C4, SAM-A5), which
    take effect after the second they reach 0 (T-SAM-11)."""
    for _ in range(n):
        clock.used += 1
        state.second = clock.used
        if not f.delays:
            continue
        for d in list(f.delays):
            d.left -= 1
            if d.left <= 0:
                f.delays.remove(d)
                table.emit(ev.DelayFired, who=f.name, what=d.weapon.data.name, second=clock.used)
                clock.spans.append(f"after {clock.used}: {d.weapon.data.name} takes effect")
                actions.fire(table, state, f, d)


def idle(table: Table, state: SamState, f: Fighter, clock: Clock) -> None:
    """The seconds left unused still pass: delays count them (C4: "used or not")."""
    if clock.left > 0 and f.delays:
        first = clock.used + 1
        tick(table, state, f, clock, clock.left)
        clock.spans.append(f"{first}–{clock.used} waiting")


def note(
    table: Table,
    f: Fighter,
    clock: Clock,
    span: tuple[int, int],
    act: Action | str,
    carried: int = 0,
    finishing: bool = False,
) -> None:
    """The timeline's span and its event, only when someone observes (the action's words
    are built then)."""
    if not table.observed:
        return
    what = str(act)
    first, last = span
    clock.spans.append(f"{first}–{last} {what}" if last > first else f"{first} {what}")
    table.emit(ev.Spent, who=f.name, first=first, last=last, action=what, carried=carried,
               finishing=finishing)  # fmt: skip
