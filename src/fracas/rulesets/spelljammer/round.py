"""The Spelljammer round (seed "Action Declaration", "In a Nutshell", "The Initiative Round";
RULINGS.md §5.1; checklist rules 1–3, 6, 28–32; SJ-U1–U7): declarations, all at once; an
initiative roll per attack and per spell; then the count-down — an agenda of attacks and
spell releases by segment, from the highest initiative down to −5, with movement in tenths
on segments 10 to 1 after each segment's actions; harm lands as each segment ends."""

from __future__ import annotations

from typing import Final

from fracas.core.audience import side_audience
from fracas.core.table import Table
from fracas.rulesets.spelljammer import (
    casting,
    combat,
    decisions,
    handling,
    hitting,
    initiative,
    missiles,
    movement,
    options,
    pace,
    sight,
    space,
    surprise,
    withdrawal,
)
from fracas.rulesets.spelljammer.events import (
    ActionLost,
    Bleeding,
    Declared,
    Delayed,
    Handling,
    Retargeted,
    Schedule,
    Segment,
    SurpriseRound,
)
from fracas.rulesets.spelljammer.hitting import NO_ATTACK
from fracas.rulesets.spelljammer.state import LAST_SEGMENT, Fighter, Item, SjState, let_go

TIE: Final = "tie on the same segment (SJ-U1 by_im)"
# Rule 28: the slots of the segments 10 to the last (`SjState.slots`), each round's start.
NO_SLOTS: Final[list[list[Item] | None]] = [None] * (11 - LAST_SEGMENT)
# A segment with nothing booked: its items, read and never changed (`run_segment`).
NOTHING: Final[list[Item]] = []


def after_battle(table: Table, state: SjState) -> None:
    """The strikes' results counted on the state go into its tally (`SjState.counts`). A
    simulated battle's fighters let go of one another (`state.let_go`): a declared plan
    names its target, and two fighters whose plans name each other are a reference cycle that
    left every battle to the cyclic collector (issue 35; docs/ARCHITECTURE.md, "No cyclic
    garbage per battle"). An observed battle keeps its last plans for the GM's screen.
    Compiled and called as it is (`Spelljammer.after_battle`)."""
    state.write_counts()
    if not table.observed:
        let_go(state)


def play_round(table: Table, state: SjState) -> None:
    """Rules 1–2, 28: declare, roll, count down; bleeding as the round ends. An ambush opens
    with the ambushers' surprise round (rules 102–111, SJ-U19); unseen foes call for a PER
    roll at declaration (SJ-U24)."""
    begin(state)
    if state.ambush_by is not None and state.round == 1:
        state.surprise_round = True
        if table.observed:
            table.emit(SurpriseRound, by=state.ambush_by)
        surprise.roll_ambush(table, state)
        state.tally["ambushes"] += 1
    sight.roll_sight(table, state)
    declare(table, state)
    initiative.roll_all(table, state)
    if table.observed:
        announce(table, state)
    # Rule 28: from the highest initiative, the agenda's last slot (`initiative.booked` only
    # adds slots up to a segment booked; no list built for `max`).
    top = len(state.slots) - 1 + LAST_SEGMENT
    if top < 10:
        top = 10
    quiet = False  # the segment before was one of movement where nothing happened
    for segment in range(top, LAST_SEGMENT - 1, -1):
        quiet = run_segment(table, state, segment, quiet)
        if table.between_actions():
            quiet = False  # a GM command took effect: the state may have changed
            state.kept_gang = None  # (and with it who attacks whom)
    end(table, state)


def begin(state: SjState) -> None:
    state.agenda = {}
    slots = state.slots  # emptied in place (only the state holds it; a copy has its own)
    slots.clear()
    slots.extend(NO_SLOTS)
    state.harms = []
    state.kept_gang = None  # a new round's plans (`SjState.kept_gang`)
    state.segment = 11
    for f in state.fighters():
        f.plan = None
        f.stunned = False  # rule 71: the stun lasts the rest of the round it came in
        f.allowance = f.moved = 0.0
        f.free_move = True
        f.casting, f.cast_start, f.release = None, 99, 99
        # Emptied, not replaced (issue 35: no three lists built and freed per fighter a
        # round): only the fighter holds them, and a copy of the state has its own. Only
        # those with something in them: a length is read in C, where `clear` is a call
        # (most are empty already).
        if f.scheduled:
            f.scheduled.clear()
        if f.free_attacked:
            f.free_attacked.clear()
        if f.pushed_by:
            f.pushed_by.clear()
        f.move_from, f.last_attack = 10, 99
        f.readying = False


def declare(table: Table, state: SjState) -> None:
    """Rules 1–2, SJ-U6: each fighter declares in encounter order (SJ-U5), choosing among the
    legal plans as things stood before the round; the declarations are announced together."""
    fighters = [f for f in state.fighters() if f.able]
    chosen = []
    # Rule 168, F-SJ-19: nobody has declared yet (`begin` cleared every plan), so nobody is
    # attacking anyone in melee: the gang every SC the policy weighs reads is empty, known
    # without asking each fighter for each pair (issue 35).
    state.gang = {}
    try:
        for f in fighters:
            carried, aim = f.carried, f.carried_target
            f.carried, f.carried_target = None, None
            plans = options.plans(state, f, carried, aim)
            chosen.append(table.choose(f, decisions.DECLARE, plans))
    finally:  # a person's answer may be awaited (`Pending`): the state is left as it was
        state.gang = None
    for i, f in enumerate(fighters):  # issue 30: no one reads another's declaration of
        plan = chosen[i].copy()  # this round before all are made (SJ-U6); its own (issue 35:
        f.plan = plan  # the options are handed out again, `options.AWAY`)
        f.allowance = movement.allowance(state, f, plan)
    if table.observed:
        for f in fighters:
            t = f.plan.target if f.plan is not None else None
            audience = side_audience(f.side) if t is not None and t.hidden else f.audience
            if table.observed:
                table.emit(Declared, who=f.name, plan=str(f.plan), audience=audience)  # SJ-U19
    for f in fighters:
        if f.plan is not None:
            handling.equip(table, f, f.plan)  # rules 150–154: as the round starts


def announce(table: Table, state: SjState) -> None:
    """The count-down for everyone, without hidden ambushers (SJ-U19: their positions and
    plans are the GM's and their own side's); the whole of it for each side hiding someone."""
    if table.observed:
        table.emit(Schedule, lines=tuple(countdown_lines(state, public=True)))
    for side in sorted({f.side for f in state.fighters() if f.hidden}):
        if table.observed:
            table.emit(Schedule, lines=tuple(countdown_lines(state)), audience=side_audience(side))


def countdown_lines(state: SjState, public: bool = False) -> list[str]:
    """The count-down in words: each segment's attacks, casting starts and releases, and when
    the movers move (rules 28–31); `public`: without the hidden."""
    at: dict[int, list[str]] = {}
    for segment, items in state.agenda.items():
        for i in items:
            if public and i.who.hidden:
                continue
            name = i.who.name
            what = {
                "attack": f"{name} attack {i.number}", "release": f"{name}'s spell goes off",
                "potion": f"{name} drinks a potion",
            }[i.kind]  # fmt: skip
            at.setdefault(segment, []).append(what)
    for f in state.fighters():
        if f.casting is not None and not (public and f.hidden):
            at.setdefault(f.cast_start, []).insert(0, f"{f.name} starts {f.casting.name}")
    seen = [f for f in state.fighters() if not (public and f.hidden)]
    movers = [f"{f.name} ({f.allowance:.1f} sq)" for f in seen if f.allowance > 0]
    leavers = [f.name for f in seen if f.plan is not None and f.plan.mode == "then_move"]
    if movers:
        at.setdefault(10, []).append("movement 10…1: " + ", ".join(movers))
    if leavers:
        at.setdefault(10, []).append("moving away after the last attack: " + ", ".join(leavers))
    return [f"{s}: {'; '.join(at[s])}" for s in sorted(at, reverse=True)]


def phase(segment: int) -> str:
    """Rules 28–31: above 10 pre-movement, 10 to 1 movement, 0 to −5 post-movement."""
    return "pre-movement" if segment > 10 else "movement" if segment >= 1 else "post-movement"


def run_segment(table: Table, state: SjState, segment: int, quiet: bool = False) -> bool:
    """SJ-U1: the segment's attacks and releases, against the state at its start (or by IM,
    higher first, with the option); the harm lands; then, on 10 to 1, the movement step.
    True when it is a segment of movement where nothing happens: nobody acts or moves.

    `quiet`: the segment before was such a one, and nothing has changed since. Then only a
    leaver's wish to move can differ now (`movement.mover_target` reads the segment only
    for it: SJ-U29, its first segment of movement), so only leavers are asked again (issue
    35: on most segments of movement nobody moves, and asking everyone each segment was
    2–3 % of a battle)."""
    state.segment = segment
    slots, i = state.slots, segment - LAST_SEGMENT  # (`SjState.slots`: a list's index)
    booked = slots[i] if 0 <= i < len(slots) else None  # (most: nothing, no list built)
    items = [i for i in booked if not i.done] if booked is not None else NOTHING
    moving = False
    first = -1  # the first mover's place (`movement.first_mover`)
    if 1 <= segment <= 10:
        if quiet and not items:
            moving = movement.a_leaver_moves(state)
        else:
            first = movement.first_mover(state)
            moving = first >= 0
    if not items and not moving:
        return 1 <= segment <= 10
    if table.observed:
        table.emit(Segment, segment=segment, phase=phase(segment))
    if state.by_im:
        items = by_im(table, items)
    else:
        hitting.freeze(state, items)  # SJ-U1: the state at the segment's start
    # Nothing acts and nothing lands: the movers are as `first_mover` found them (issue 35).
    calm = not items and not state.harms and not state.aware
    for item in items:
        if not item.done:
            resolve(table, state, item)
    state.gang = state.places = None
    combat.land(table, state)
    if moving:
        movement.step(table, state, first if calm else -1)
        state.first_target = None
    return False


def by_im(table: Table, items: list[Item]) -> list[Item]:
    """SJ-U1 option `by_im`: higher IM first; fighters tied on IM by a d10 each (high first),
    in encounter order."""
    ims: dict[int, list[Fighter]] = {}
    for i in items:
        if i.who not in ims.setdefault(i.who.im, []):
            ims[i.who.im].append(i.who)
    rank: dict[int, tuple[int, int]] = {}
    for im, tied in ims.items():
        for f in tied:
            roll = table.roll("1d10", by=f, reason=TIE).total if len(tied) > 1 else 0
            rank[id(f)] = (-im, -roll)
    return sorted(items, key=lambda i: (rank[id(i.who)], i.who.order, i.number))


def resolve(table: Table, state: SjState, item: Item) -> None:
    item.done = True
    f = item.who
    if surprise.unaware_of_the_fight(f):
        if item.segment in f.scheduled:
            f.scheduled.remove(item.segment)
            lost_all(state, f)
        what = {"attack": f"attack {item.number}", "potion": "its potion"}
        reason = "unaware of the fight until attacked (out-of-combat surprise, rules 98–100)"
        if table.observed:
            table.emit(ActionLost, who=f.name, what=what.get(item.kind, "its spell"), reason=reason)
        return
    if item.kind == "release":
        casting.release(table, state, f)
        return
    if item.kind == "potion":
        if f.plan is not None:
            handling.drink(table, f, f.plan)  # rules 157–159, SJ-U32
        return
    if item.segment in f.scheduled:
        f.scheduled.remove(item.segment)
    if not f.able or f.stunned or f.plan is None:
        return  # (`ganging_on` was None, and is: the kept gang holds)
    empty = missiles.empty(f)
    if empty:  # issue 30, item 10: ammunition is spent
        if table.observed:
            table.emit(ActionLost, who=f.name, what=f"attack {item.number}", reason=empty)
        lost_all(state, f)
        return
    target = reach(table, state, f, item)
    if target is not None:
        f.last_attack = item.segment
        combat.strike(table, state, f, target, item.number)
        withdrawal.push(table, state, f, target)
    else:
        lost_all(state, f)
    if f.plan.mode == "then_move" and f.able and not f.stunned:
        if target is not None and f.scheduled and withdrawal.move_now(table, state, f):
            combat.cancel_attacks(state, f)
        if not f.scheduled:
            withdrawal.after_attacks(table, state, f, f.last_attack)


def lost_all(state: SjState, f: Fighter) -> None:
    """Rule 13, F-SJ-19: with its last scheduled attack gone before it made one, `f` no longer
    attacks in melee (`hitting.ganging_on`): the kept gang is dropped (`SjState.kept_gang`).
    Asked once its attack is made or lost: an attack made keeps it in."""
    if not f.scheduled and f.last_attack == NO_ATTACK:
        state.kept_gang = None


def reach(table: Table, state: SjState, f: Fighter, item: Item) -> Fighter | None:
    """SJ-U2, SJ-U7, rule 134: the declared target if it stands and is in reach (after the
    free move if need be); a mover not yet there waits a segment (option `late_arrival`);
    otherwise another target in reach, or the attack is lost."""
    plan = f.plan
    assert plan is not None
    target = switch(table, state, f, plan.target)
    if target is not None and target.able:
        if space.in_reach(f, target) or (
            movement.free_move(table, f, target) and space.in_reach(f, target)
        ):
            return target
        if waits(state, f, item):
            if table.observed:
                table.emit(Delayed, who=f.name, what=f"attack {item.number}", segment=item.segment)
            return None
    others = [
        e for e in state.enemies_of(f)
        if isinstance(e, Fighter) and e.able and space.in_reach(f, e)
    ]  # fmt: skip
    if not others:
        why = "its target is down" if target is None or not target.able else "out of reach"
        if table.observed:  # (the words only when shown)
            what = f"attack {item.number}"
            table.emit(ActionLost, who=f.name, what=what, reason=f"{why}, nobody else in reach")
        state.tally["attacks lost: no target"] += 1
        return None
    now = table.choose(f, decisions.RETARGET, others)
    if table.observed:
        table.emit(Retargeted, who=f.name, was=target.name if target else "nobody", now=now.name)
    plan.target = now
    state.kept_gang = None  # whom it gangs on (`SjState.kept_gang`)
    return now


def switch(table: Table, state: SjState, f: Fighter, target: Fighter | None) -> Fighter | None:
    """Rule 188, SJ-U27: facing a Full Defender, the attacker may turn its attack on another
    opponent in reach (a choice at the attack's segment); rule 194 (issue 30, item 5): it may
    "simply ignore the desperately defending character" the same way."""
    plan = f.plan
    if target is None or not target.able or target.plan is None or plan is None:
        return target
    if target.plan.action not in ("full", "desperate"):
        return target
    others = [
        e for e in state.enemies_of(f)
        if isinstance(e, Fighter) and e.able and e is not target and space.in_reach(f, e)
    ]  # fmt: skip
    if not others:
        return target
    now = table.choose(f, decisions.SWITCH, [target, *others])
    if now is not target:
        if table.observed:
            table.emit(Retargeted, who=f.name, was=target.name, now=now.name)
        plan.target = now
        state.kept_gang = None  # whom it gangs on (`SjState.kept_gang`)
    return now


def waits(state: SjState, f: Fighter, item: Item) -> bool:
    """SJ-U2: an attack due before its attacker is in reach waits for the segment it arrives,
    while it is still moving (down to segment 1); with `late_arrival: lose` it is lost."""
    if state.options.late_arrival == "lose":
        return False
    if f.allowance - f.moved <= 1e-9 or state.segment <= 1:
        return False
    later = min(state.segment - 1, 10)
    item.done = False
    item.segment = later
    initiative.booked(state, later).append(item)
    f.scheduled.append(later)  # (its schedule as before the attack: the kept gang holds)
    return True


def end(table: Table, state: SjState) -> None:
    """SJ-U13, SJ-U14: bleeding from grievous wounds (no PROT, no stun); stun ends; a
    one-attack archer's Careful Aim carries to its next shot (SJ-U43). Stage 2: First Aid on
    stuck missiles, then their bleeding (SJ-U46); a readied shield counts from now (SJ-U31);
    a held action carries (SJ-U34); the surprise round ends, revealing the ambushers."""
    for f in state.fighters():
        plan = f.plan
        if plan is not None and plan.action == "aid" and plan.target is not None:
            missiles.first_aid(table, state, f, plan.target)
    for f in state.fighters():
        if missiles.bleed(table, f) and f.hp <= 0 and f.active:
            combat.fall(table, state, f)
        plan = f.plan
        if f.readying and f.able:
            f.shield_slung = False  # rule 155: readied
            when = "from segment 5" if state.options.shield_counts == "segment_5" else (
                "from next round")  # fmt: skip
            if table.observed:
                table.emit(Handling, who=f.name, what=f"readies its shield: its DEF +{f.def_shield}"
                           f" counts {when} (rule 155, SJ-U31)")  # fmt: skip
        f.held = plan is not None and plan.action == "hold" and f.able and not f.stunned
    for f in state.fighters():
        pace.winded(table, state, f)  # P3, P8 (issue 30)
        pace.fled(table, state, f)
    end_surprise(table, state)
    for f in state.fighters():
        plan = f.plan
        aimed = plan is not None and plan.aiming and f.attacks == 1
        stood = plan is not None and plan.mode in ("stand", "still") and f.moved == 0
        f.aimed = (aimed or (f.aimed and stood)) and not f.stunned
        if f.bleeding and f.active:
            f.hp -= f.bleeding
            if table.observed:
                table.emit(Bleeding, who=f.name, amount=f.bleeding, hp=f.hp)
            if f.hp <= 0:
                combat.fall(table, state, f)
        f.stunned = False


def end_surprise(table: Table, state: SjState) -> None:
    """Rule 111, SJ-U19: after the surprise round everyone knows the ambushers."""
    if not state.surprise_round:
        return
    state.surprise_round = False
    for f in state.fighters():
        f.ambush_band, f.warned = 0, False
    surprise.reveal(table, state, "the ambush is sprung")
