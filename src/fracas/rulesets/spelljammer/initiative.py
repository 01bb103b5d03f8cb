"""Initiative (seed "In a Nutshell", "Initiative", "Combining Actions"; checklist rules 7–20,
28–32, 131–133, 145–149; P2, P12; SJ-U3, U4, U5): an initiative roll per attack on a
shrinking die, the modifiers of the declaration, the equal-value shift, the −6 loss; the
attacks a declaration loses are dropped before anything is rolled."""

from __future__ import annotations

import math
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.spelljammer import casting, data, handling, surprise, withdrawal
from fracas.rulesets.spelljammer.events import Initiative
from fracas.rulesets.spelljammer.state import LAST_SEGMENT, Fighter, Item, Plan, SjState

REASON: Final = "initiative"
# Rules 13, 18, 133, 146: read once (every plan the policy scores reads them).
NO_MOVEMENT: Final = int(data.tables()["no_movement"]["initiative"])
MOVE_AND_ATTACK: Final = int(data.tables()["move_and_attack"]["initiative"])
RUN_AND_ATTACK: Final = int(data.tables()["run_and_attack"]["initiative"])
LOST_AT: Final = int(data.tables()["lost_at"])
# Each attack's die (rules 14–17, P12) and the roll's reason, written once (issue 35: no
# notation or reason formatted per roll); attacks past the list format their own.
DICE: Final = tuple(f"1d{data.initiative_die(k)}" for k in range(12))
REASONS: Final = tuple(f"{REASON}, attack {k + 1}" for k in range(12))


def kept_attacks(attacks: int, mode: str) -> int:
    """Rules 132, 148, SJ-U4: move and attack loses half, rounded down; run and attack loses
    half, rounded up, keeping at least one."""
    if mode == "move":
        return attacks - attacks // 2
    if mode == "run":
        return max(1, attacks - math.ceil(attacks / 2))
    if mode in ("aim", "aim_still"):
        return attacks - 1  # rule 223: aiming takes an attack (SJ-U43: one-attack archers aim)
    return attacks


def modifiers(plan: Plan) -> tuple[int, str]:
    """Rules 18, 133, 146: no movement +3; move and attack −5; run and attack −7; drawing
    −5, sheathing and drawing −10 (rules 150–152, SJ-U30: on every roll)."""
    mod, words = movement_modifier(plan)
    more, said = handling.initiative(plan)
    return mod + more, " ".join(w for w in (words, said) if w)


def modifier(plan: Plan) -> int:
    """`modifiers` without the words (the policy scores every plan by it): `movement_modifier`'s
    figure read from the mode once, with no tuple built (issue 35)."""
    mode = plan.mode
    if mode == "still" or mode == "aim_still":  # `Plan.still`
        mod = NO_MOVEMENT
    elif mode == "move":
        mod = MOVE_AND_ATTACK
    elif mode == "run":
        mod = RUN_AND_ATTACK
    else:
        mod = 0
    return mod + handling.initiative_penalty(plan)


def movement_modifier(plan: Plan) -> tuple[int, str]:
    if plan.still:
        return NO_MOVEMENT, "+3 no movement"
    if plan.mode == "move":
        return MOVE_AND_ATTACK, "−5 move and attack"
    if plan.mode == "run":
        return RUN_AND_ATTACK, "−7 run and attack"
    return 0, ""


def attacks_kept(state: SjState, f: Fighter, plan: Plan) -> int:
    """SJ-U4: the attacks left once the declaration's losses are taken — moving, running,
    aiming (rules 132, 148, 223), weapon handling, a shield or a potion, free actions (rules
    153–162), and what an ambush leaves an ambushed character (rules 104–106)."""
    kept = kept_attacks(f.attacks, plan.mode) - handling.lost(state, f, plan, f.attacks)
    if state.surprise_round:
        kept = surprise.attacks_allowed(f, kept)
    return max(0, kept)


def booked(state: SjState, segment: int) -> list[Item]:
    """The agenda's items on `segment`, an empty list put there first if it has none (not
    `setdefault`, which builds an empty list every time; issue 35); the same list in its slot
    (`SjState.slots`), for a segment the count-down reaches (rule 28: down to the last). An
    empty slot is a segment the agenda has no list for (both are written here alone), so
    its list is made without asking the agenda first (issue 35: most bookings are a
    segment's first)."""
    i = segment - LAST_SEGMENT
    if i >= 0:
        slots = state.slots
        while len(slots) <= i:
            slots.append(None)
        if slots[i] is None:
            items: list[Item] = []
            state.agenda[segment] = slots[i] = items
            return items
    found = state.agenda.get(segment)
    if found is None:
        found = state.agenda[segment] = []
    if i >= 0:
        state.slots[i] = found
    return found


def place(taken: list[int], total: int) -> int:
    """Rule 10, SJ-U3: an attack landing on a segment one of the fighter's earlier attacks
    holds goes 1 later, again and again."""
    while total in taken:
        total -= 1
    return total


def roll_attacks(table: Table, state: SjState, f: Fighter, plan: Plan) -> None:
    """Rules 7, 9, 11, 13–17 (SJ-U5: in order, 1st attack first): d10, d8, d6 … + IM + the
    declaration's modifiers; −6 or later is lost. The modifiers' words only for the log
    (issue 35: unobserved, `modifier` adds the same figures without joining words)."""
    mod, words = modifiers(plan) if table.observed else (modifier(plan), "")
    kept = attacks_kept(state, f, plan)
    if f.prone:  # SJ-U38: standing up costs half the round's attacks, rounded up
        kept = max(0, kept - math.ceil(f.attacks / 2))
        f.prone = False
    schedule(table, state, f, kept, mod, words)
    if plan.mode == "then_move" and not f.scheduled:
        withdrawal.after_attacks(table, state, f, 99)  # SJ-U29: no attack made: as if before 10


def schedule(table: Table, state: SjState, f: Fighter, kept: int, mod: int, words: str) -> None:
    """Rules 7, 13–17: one roll per kept attack; a held action's first starts on 10 without
    a roll (SJ-U34)."""
    lost_at = LOST_AT
    taken: list[int] = []  # (a few segments: a list, cheaper to build than a set)
    for k in range(kept):
        dice = DICE[k] if k < len(DICE) else f"1d{data.initiative_die(k)}"
        if f.held and k == 0:
            roll, total = 0, casting.START  # SJ-U34: the held action starts on 10
        else:
            reason = REASONS[k] if k < len(REASONS) else f"{REASON}, attack {k + 1}"
            roll = table.roll(dice, by=f, reason=reason).total
            total = roll + f.im + mod
        segment = place(taken, total)
        note = "" if segment == total else "same as an earlier attack: 1 segment later"
        if segment <= lost_at:
            note = "−6 or later: the attack is lost"
            state.tally["attacks lost to initiative"] += 1
        else:
            taken.append(segment)
            f.scheduled.append(segment)
            booked(state, segment).append(Item(f, "attack", k + 1, segment))
        if table.observed:
            parts = f"{f.im:+d} IM" + (f" {words}" if words else "")
            held = f.held and k == 0
            if held:
                parts, note = "", "held from last round: starts on 10 without a roll (SJ-U34)"
            table.emit(
                Initiative, who=f.name, what=f"attack {k + 1}",
                die="held" if held else dice, roll=roll,
                modifiers=parts, total=total, segment=segment, note=note,
            )  # fmt: skip


def first_slot(table: Table, state: SjState, f: Fighter, what: str, kind: str) -> None:
    """SJ-U32, SJ-U33: an action at the fighter's earliest initiative this round — its first
    attack's segment, or, with no attack, 1d10 + IM of its own."""
    if f.scheduled:
        segment = max(f.scheduled)
    else:
        roll = table.roll("1d10", by=f, reason=f"{REASON}, {what}").total
        segment = roll + f.im
        if table.observed:
            table.emit(
                Initiative, who=f.name, what=what, die="1d10", roll=roll,
                modifiers=f"{f.im:+d} IM", total=segment, segment=segment,
            )  # fmt: skip
    booked(state, segment).insert(0, Item(f, kind, 0, segment))


def roll_pickup(table: Table, state: SjState, f: Fighter, plan: Plan) -> None:
    """Rules 199–201: the DEX roll first; on 1× one attack at −5 initiative."""
    if handling.pick_up(table, state, f, plan):
        more = int(data.tables()["minus_five"])
        schedule(table, state, f, 1, more, "−5 picking up a weapon")


def roll_casting(table: Table, state: SjState, f: Fighter, plan: Plan) -> None:
    """Rules 33, 112: roll initiative normally to begin casting (+3 with no movement); a
    carried spell starts on 10 without a roll (SJ-U35)."""
    spell = plan.spell
    assert spell is not None
    if plan.action == "continue" or f.held:  # SJ-U35; SJ-U34: a held action starts on 10
        release = casting.begin(table, state, f, spell, casting.START, carried=True)
    else:
        mod, words = modifiers(plan)
        roll = table.roll("1d10", by=f, reason=f"{REASON}, casting").total
        start = roll + f.im + mod
        if table.observed:
            parts = f"{f.im:+d} IM" + (f" {words}" if words else "")
            table.emit(
                Initiative, who=f.name, what=f"casting {spell.name}", die="1d10", roll=roll,
                modifiers=parts, total=start, segment=start,
            )  # fmt: skip
        release = casting.begin(table, state, f, spell, start, carried=False)
    if release is not None:
        booked(state, release).append(Item(f, "release", 1, release))


def roll_all(table: Table, state: SjState) -> None:
    """SJ-U5: per combatant in encounter order."""
    for f in state.fighters():
        plan = f.plan
        if plan is None or not f.able:
            continue
        if plan.action == "attack":
            roll_attacks(table, state, f, plan)
        elif plan.action in ("cast", "continue"):
            roll_casting(table, state, f, plan)
        elif plan.action == "pickup":
            roll_pickup(table, state, f, plan)
        if plan.action == "drink" or plan.extra == "potion":
            first_slot(table, state, f, "drinking a potion", "potion")
        if plan.action == "shield" or plan.extra == "shield":
            handling.ready_shield(state, f)
        f.prone = False  # SJ-U38: it stood up (a cost only to its attacks)
        f.held = False
