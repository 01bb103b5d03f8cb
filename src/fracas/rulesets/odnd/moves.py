"""Movement and engagement (checklist rules 42–53, 56–57, 77–90; ODD-U24, U25, U34, U35,
U36; seed "Melee combatants (not yet engaged…)", "CHARGING ATTACKS"). Distances in feet on
the core's plane (`space`); without positions there is no movement (F-ODD-1)."""

from __future__ import annotations

import itertools
from typing import Final

from fracas.core.combatant import Status
from fracas.core.geometry import Position
from fracas.core.table import Table
from fracas.rulesets.odnd import attack, bodies, data, pursuit, space, strikes
from fracas.rulesets.odnd.events import Fled, Moved, RollOff, Segment
from fracas.rulesets.odnd.state import Fighter, OdndState, add_to_tally

D6: Final = "1d6"
ROLL_OFF: Final = "roll-off (d6 + DEX, rule 52)"
CHARGE_EVERY: Final = 10  # rule 80, ODD-U5: once per 10-minute Turn = 10 rounds


ROUND: Final = "round the bodies in the way, rules 49, 56"
FREE: Final = "to a free place, rule 49: bodies take room"


def emit_move(table: Table, f: Fighter, how: str, moved: float, around: str = "") -> None:
    """The move, and why its way bends or ends short of the straight one (bodies)."""
    if moved > 0:
        x, y = f.position.x / space.FOOT, f.position.y / space.FOOT
        if table.observed:
            table.emit(
                Moved, who=f.name, how=how, feet=round(moved), x=round(x, 1), y=round(y, 1),
                around=around,
            )  # fmt: skip


def half_move(state: OdndState, f: Fighter) -> float:
    """Rule 42: move up to half the Turn movement and attack."""
    return space.turn_move(state, f) / 2


def shooting_move(state: OdndState, f: Fighter) -> float:
    """Rules 45, 48: elves (bows, javelins) and hobbits (slings) fire on the run: full move."""
    full = strikes.sure_shot(f)
    return space.turn_move(state, f) if full else half_move(state, f)


def can_charge(state: OdndState, f: Fighter, target: Fighter) -> bool:
    """Rules 77, 78, 80: more than half and up to the full Turn movement to come within
    10 ft, once per 10 rounds, not engaged (ODD-U34), with a melee weapon."""
    if not state.positional or f.primary.data.ranged:
        return False
    if state.round - f.charged_round < CHARGE_EVERY:
        return False
    need = space.gap(state, f, target)
    return half_move(state, f) < need <= space.turn_move(state, f) + space.SLACK


def advance(table: Table, state: OdndState, f: Fighter, target: Fighter) -> None:
    """Rule 42: before attacking, up to half a move toward the target (a shooter only if out
    of range; rules 45, 48); rule 44: a caster up to 10 ft."""
    if not state.positional or f.moved:
        return
    f.moved = True
    if f.action == "cast":
        most, stop, how = 10.0, 0.0, "moves while casting"
    elif f.primary.data.ranged:
        if space.range_band(state, f, target) is not None:
            return
        most, stop, how = shooting_move(state, f), space.ADJACENT, "moves up"
    else:
        if space.in_melee(state, f, target):
            return
        most, stop, how = half_move(state, f), space.ADJACENT, "advances"
    go(table, state, f, target, most, stop, how)


def go(
    table: Table, state: OdndState, f: Fighter, target: Fighter, most: float, stop: float, how: str
) -> list[Position]:
    """Move toward `target`: straight, or round the bodies in the way (rules 49, 56,
    `bodies`); foes passed within 10 ft get their free attacks (rules 53, 56). Returns the
    way gone."""
    start, goal = f.position, target.position
    engaged_before = {id(e) for e in space.foes_in_melee(state, f)}
    way = bodies.approach(state, f, target, most, stop) if bodies.on(state) else None
    if way is None:
        moved = space.step_toward(f, goal, most, stop)
        path = [start, f.position]
    else:
        path = [bodies.at(p) for p in way]
        moved, f.position = bodies.path_length(way), path[-1]
    if moved > 0:  # ODD-U20: a mover faces where it goes (round bodies: its last leg)
        last, ahead = (start, goal) if way is None else (path[-2], path[-1])
        f.facing = space.unit(ahead.x - last.x, ahead.y - last.y)
    emit_move(table, f, how, moved, "" if way is None else ROUND if len(way) > 2 else FREE)
    pass_by(table, state, f, path, engaged_before)
    return path


def run(table: Table, state: OdndState, f: Fighter, target: Fighter) -> None:
    """Rule 43: the full Turn movement toward a foe, no attack or other action."""
    f.moved, f.attacks_left = True, 0
    go(table, state, f, target, space.turn_move(state, f), space.ADJACENT, "runs")


def pass_by(
    table: Table, state: OdndState, f: Fighter, way: list[Position], skip: set[int]
) -> None:
    """Rules 53, 56, ODD-U25: each foe not in melee that the way passes within 10 ft, and
    that `f` does not end up engaging, gets the Retreat roll-off and its free attack."""
    if not state.positional:
        return
    for e in state.enemies_of(f):
        if not isinstance(e, Fighter) or not e.active or id(e) in skip or not f.active:
            continue
        if space.in_melee(state, f, e) or not space.passes_near_way(way, e):
            continue
        if space.engaged(state, e):
            continue  # rule 53 (issue 29 item 15): only foes not in melee get the free attack
        if f.charging and ready(e):
            continue  # rule 83: a set spear meets a passing charge with its own strike
        roll_off(table, state, f, [e], "passing by (rule 53)")


def roll_off(table: Table, state: OdndState, f: Fighter, foes: list[Fighter], why: str) -> None:
    """Rule 52: d6 + DEX for the mover and for each foe; a foe rolling higher gets a free
    attack at +2 with the mover's shield not counted; a tie gives none (T-ODD-9)."""
    if not foes:
        return
    mine = table.roll(D6, by=f, reason=ROLL_OFF).total + f.dex_bonus
    for e in foes:
        theirs = table.roll(D6, by=e, reason=ROLL_OFF).total + e.dex_bonus
        if table.observed:
            table.emit(
                RollOff, mover=f.name, foe=e.name, mover_roll=mine, foe_roll=theirs,
                free_attack=theirs > mine, why=why,
            )  # fmt: skip
        if theirs > mine and e.active and not e.surprised and not e.primary.data.ranged:
            strikes.free_attack(table, state, e, f, why)


def opponents(state: OdndState, f: Fighter) -> list[Fighter]:
    """The foes `f` disengages from (rule 52), less those engaged with another foe, from whom
    it disengages freely (rule 57); a comrade routing too keeps no foe busy (issue 29
    item 10)."""
    out: list[Fighter] = []
    for e in state.enemies_of(f):
        if not isinstance(e, Fighter) or not strikes.engaged_with(state, f, e):
            continue
        if e.pending_down:
            continue
        busy = any(
            isinstance(a, Fighter)
            and a is not f
            and not a.routing
            and strikes.engaged_with(state, e, a)
            for a in state.allies_of(f)
        )
        if not busy:
            out.append(e)
    return out


def retreat(table: Table, state: OdndState, f: Fighter, why: str) -> None:
    """Rule 52: turn and flee — the roll-off and parting shots, then the full Turn movement
    away (passing foes: rule 53), out of the fight unless pursued (rule 54, `pursuit`). A
    retreater slain by a parting shot falls as the slot ends (ODD-U31)."""
    f.moved, f.attacks_left = True, 0
    if table.observed:
        table.emit(Segment, name=f"{f.name} retreats ({why})")
    foes = opponents(state, f)
    roll_off(table, state, f, foes, "retreat (rule 52)")
    if f.hp <= 0 or not f.active:
        return
    if state.positional:
        engaged_before = {id(e) for e in space.foes_in_melee(state, f)}
        way, bent = space.step_away(state, f, space.turn_move(state, f))
        emit_move(table, f, "retreats", gone(way), ROUND if bent else "")
        pass_by(table, state, f, way, engaged_before)
    if f.hp > 0 and f.active and not pursuit.begin(table, state, f, foes):  # rule 54
        f.status, f.went_down = Status.FLED, True
        if table.observed:
            table.emit(Fled, who=f.name)


def withdraw(table: Table, state: OdndState, f: Fighter) -> None:
    """Rule 51, ODD-U24: after its attacks (at −2, +2 defence all round) it backs off half
    its move; it is out of the fight's reach once more than 10 ft from every foe."""
    if not state.positional or f.moved:
        return
    f.moved = True
    way, bent = space.step_away(state, f, half_move(state, f))
    emit_move(table, f, "withdraws", gone(way), ROUND if bent else "")
    if table.observed and not space.engaged(state, f):
        table.emit(Segment, name=f"{f.name} has disengaged (rule 51)")


def charge(table: Table, state: OdndState, f: Fighter, target: Fighter) -> bool:
    """Rules 77–90, ODD-U34, U35: the charger closes (shots from foes holding for it first,
    rule 89), the set spears it meets may strike first (83, 84, 87), then the charge's attack
    comes with no initiative check (82). A foe that came within half a move meanwhile is met
    by an ordinary attack (42). Returns whether the charger still attacks."""
    if not target.active or target.pending_down:
        return False
    if space.gap(state, f, target) <= half_move(state, f) + space.SLACK:
        f.action = "attack"
        advance(table, state, f, target)
        return True
    f.moved, f.charged_round, f.charging = True, state.round, True
    add_to_tally(state, "charges")  # the simulator's report counts them
    if table.observed:
        table.emit(Segment, name=f"{f.name} charges {target.name}")
    for e in state.enemies_of(f):  # rule 89: shooters who declared against the charger
        if isinstance(e, Fighter) and e.plan_target is f and e.primary.data.ranged:
            hold_fire(table, state, e, f)
    if f.hp <= 0 or not f.active:
        return False
    way = go(table, state, f, target, space.turn_move(state, f), space.ADJACENT, "charges")
    if not f.active or f.hp <= 0 or not space.in_melee(state, f, target):
        return False
    f.charge_strike = True
    spears = [  # rules 79, 83 (issue 29 item 4): the set spears met or passed on the way
        e for e in state.enemies_of(f)
        if isinstance(e, Fighter) and ready(e) and not e.pending_down
        and (space.in_melee(state, f, e) or space.passes_near_way(way, e))
    ]  # fmt: skip
    spears.sort(key=lambda e: e is not target)  # the target's spear first, then the line's
    return all(set_spear(table, state, e, f) for e in spears)


def gone(way: list[Position]) -> float:
    """The feet of a way."""
    return sum(a.distance(b) for a, b in itertools.pairwise(way)) / space.FOOT


def hold_fire(table: Table, state: OdndState, e: Fighter, charger: Fighter) -> None:
    """Rule 89, ODD-U34: a shooter whose slot comes later shoots as the charge begins."""
    if e.moved or e.attacks_left <= 0 or e.reloading or not e.active or e.surprised:
        return
    if space.range_band(state, e, charger) is None or space.engaged(state, e):
        return
    e.moved = True
    e.attacks_left -= 1
    if e.primary.data.kind in data.RELOADING:
        e.reloading = True
    strikes.strike(table, state, e, charger)


def set_spear(table: Table, state: OdndState, spearman: Fighter, charger: Fighter) -> bool:
    """Rules 83, 84, 87, ODD-U35: a set spear or pike strikes a charger at +2 for double
    damage — first against unmounted chargers, by reach class against a mounted one (longer
    first, equal simultaneous; a longer lance strikes first and the spear answers after,
    `answer`). A charger slain first does not attack (85). Returns whether it attacks."""
    if not ready(spearman):
        return True
    spear, lance = spearman.primary.data.reach, charger.primary.data.reach
    if charger.mounted and spear < lance:
        return True
    set_strike(table, state, spearman, charger)
    first = not charger.mounted or spear > lance
    return charger.hp > 0 or not first


def ready(spearman: Fighter) -> bool:
    return spearman.spear_set and spearman.active and spearman.primary.data.set


def answer(table: Table, state: OdndState, charger: Fighter) -> None:
    """Rule 87: the shorter set spears met strike after the lance."""
    for spearman in space.foes_in_melee(state, charger):
        if ready(spearman) and charger.active:
            set_strike(table, state, spearman, charger)


def set_strike(table: Table, state: OdndState, spearman: Fighter, charger: Fighter) -> None:
    spearman.spear_set, spearman.attacks_left, spearman.moved = False, 0, True
    # Rule 83 (issue 29 item 4): the spear meets the charge head on, so no flank or rear
    # bonus (the charger has run past by the time the modifiers are taken).
    m = strikes.modifiers(state, spearman, charger, table.observed, arcs=False)
    m.add(2, "set spear against a charge", table.observed)
    m.times(2)  # rule 83: double damage
    attack.resolve(
        table, state, spearman, charger, m.bonus, m.edge, True, "; ".join(m.why), m.multipliers
    )
