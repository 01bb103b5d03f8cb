"""Mounted combat and speed (seed "Mounted Combat", "Speed"; rules 114, 131-134; SAM-A11,
SAM-A18, SAM-A38, SAM-A39; T-SAM-3, T-SAM-30).

A rider and its mount share one initiative count, the rider's (rule 134): the mount takes its
own six seconds first, under its rider's control (the rider's seat decides), then the rider
takes its turn, the first 2 s of which go on controlling the mount when the mount did anything
(rule 132, SAM-A38). The rider sits at its mount's centre and moves with it; the mount's
straight movement counts for the rider's Charge (SAM-A18) and its squares for the rider's
high speed (rule 113). A melee hit by or against a fast mover deals +1 per 5 squares/second
of the fastest, in the damage-taker's squares (rule 114)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data, falling, setup
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

CONTROL: Final[int] = data.hazards()["mount_control_seconds"]  # rule 132
PER: Final[int] = data.hazards()["speed_damage_squares"]  # rule 114
HIGH_SPEED: Final[int] = data.tables()["high_speed_squares"]  # rule 113

TakeTurn = Callable[[Table, SamState, Fighter], None]


def pair(state: SamState, rides: dict[str, str]) -> None:
    """Rules 131-134: each rider (by id) on its mount (by name, of its side, checked by the
    encounter model), at the mount's centre."""
    by_name = {(f.side, f.name): f for f in state.fighters()}
    for f in state.fighters():
        name = rides.get(f.id)
        if not name:
            continue
        mount = by_name[(f.side, name)]
        f.mount_id, mount.rider_id = mount.id, f.id
        mount.animal = True  # rule 224 (issue 31): a mount earns no experience
        f.position, f.seat = mount.position, mount.square


def find(state: SamState, ident: str) -> Fighter | None:
    return next((f for f in state.fighters() if f.id == ident), None)


def mount_turn(table: Table, state: SamState, rider: Fighter, take_turn: TakeTurn) -> None:
    """Rule 134: on the rider's count, first the mount's turn under the rider's control; the
    rider's own turn then loses 2 s to control if the mount did anything (rule 132,
    SAM-A38)."""
    mount = find(state, rider.mount_id)
    assert mount is not None
    rider.moved_squares, rider.pace, rider.reins, rider.rein_hand = 0, 0.0, 0, False
    if not mount.active:
        unseat(table, state, rider, mount)
    elif mount.present:
        mount.initiative = rider.initiative
        before = (mount.position, mount.attacks_made, mount.posture)
        steer = rider.active  # a rider who is down controls nothing: the mount acts alone
        if steer:
            mount.controller, mount.controller_side = rider.name, rider.side
        try:
            take_turn(table, state, mount)
        finally:
            mount.controller = mount.controller_side = ""
        moved = mount.position != before[0]
        did = moved or (mount.attacks_made, mount.posture) != before[1:] or mount.carried
        if steer and (did or state.options.reins_every_round):
            rider.reins, rider.rein_hand = CONTROL, moved  # rules 132-133


def unseat(
    table: Table, state: SamState, rider: Fighter, mount: Fighter, how: str = ""
) -> None:
    """F-SAM-82: a rider whose mount has gone down, or who has gone down itself (issue 31: a
    dying rider keeps no seat), falls from its back (the mount's height, one square of its
    scale, rule 145) and lies prone beside it; the mount takes turns of its own from the
    next round, just after the rider (its dying checks, rule 166)."""
    rider.mount_id, mount.rider_id, rider.seat = "", "", 0.0
    if mount not in state.order and rider in state.order:
        mount.initiative = rider.initiative
        state.order.insert(state.order.index(rider) + 1, mount)
    what = how or f"falls from {mount.name}, who is down"
    table.emit(ev.Did, who=rider.name, what=f"{what} (F-SAM-82)")
    if rider.status is not Status.DEAD:  # a dead body takes no more harm
        falling.fall(table, state, rider, mount.square, "hard")
    rider.posture = "prone"


def moved(state: SamState, f: Fighter, squares: int, seconds: int, per: int = 0) -> None:
    """SAM-A39: its pace is the distance of its last second of movement (`per` squares a
    second at most: a run's last second covers what is left after the full ones before it;
    a crawl averages over its seconds); a mount carries its rider along (rule 134): the
    rider's square, aim, Charge line and high speed follow."""
    if per > 0 and squares > 0:
        last = squares - per * ((squares - 1) // per)
        f.pace = last * f.square
    elif squares > 0:
        f.pace = squares * f.square / max(1, seconds)
    if not f.rider_id:
        return
    rider = find(state, f.rider_id)
    if rider is None:
        return
    if rider.position != f.position:
        rider.aimed_at = ""  # SAM-A17: a change of square
    rider.position = f.position
    rider.pace = f.pace
    rider.moved_squares += round(squares * f.square / rider.square)  # rule 113
    rider.straight, rider.heading = f.straight, f.heading  # SAM-A18


def extreme(state: SamState, f: Fighter) -> float:
    """Rule 114 read with rule 113 (SAM-A39): `f`'s speed when it is moving at high speed this
    turn (30 of its squares or more, a rider's with its mount's), else 0."""
    return speed(state, f) if f.moved_squares >= HIGH_SPEED else 0.0


def speed(state: SamState, f: Fighter) -> float:
    """SAM-A39: how fast `f` is moving now: its own pace, or its mount's."""
    if f.mount_id:
        mount = find(state, f.mount_id)
        if mount is not None:
            return max(f.pace, mount.pace)
    return f.pace


def speed_damage(state: SamState, a: Fighter, t: Fighter, w: Wielded) -> int:
    """Rule 114 (T-SAM-3): a melee attack by or against an extremely fast mover deals +1 per
    5 squares/second of the fastest, in the squares of the one taking the damage (option
    `speed_damage`: the GM's call, on by default). Extremely fast is rule 113's high speed
    this turn (issue 31 item 5, F-SAM-84 revised): a human's single run is not."""
    if w.data.kind != "melee" or not state.options.speed_damage:
        return 0
    fastest = max(extreme(state, a), extreme(state, t))
    return int(fastest / (PER * t.square) + 1e-9)


def after_turn(table: Table, state: SamState) -> None:
    """After each turn: a flyer that went down, or lost its wings, while aloft falls from its
    altitude and walks on (SAM-A11, rules 123, 145); a rider whose mount went down falls from
    it (F-SAM-82)."""
    if not state.falls:
        return
    for f in state.fighters():
        if f.altitude > 0 and (not f.active or f.fly_squares <= 0):
            why = "goes down" if not f.active else "can no longer fly"
            table.emit(ev.Did, who=f.name, what=f"{why} {f.altitude:g} m aloft and falls "
                       "(SAM-A11, rule 123)")  # fmt: skip
            catch = f.active and state.conditions.ledges  # rule 148: only the conscious
            falling.fall(table, state, f, f.altitude, "hard", ledge=catch)
            f.move_squares = setup.squares_per_move(f.speed, f.square, f.mobility)
            f.run_squares = setup.squares_per_move(3 * f.speed, f.square, 3 * f.mobility)
        if f.mount_id:
            mount = find(state, f.mount_id)
            if mount is not None and not mount.active:
                unseat(table, state, f, mount)
            elif mount is not None and not f.active:  # issue 31: a rider down keeps no seat
                unseat(table, state, f, mount, f"falls from {mount.name}'s back, down")


def card_lines(state: SamState, f: Fighter) -> list[dict[str, str]]:
    """The GM screen's card (stage 2): whom it rides or carries, its pace and altitude, the
    syndromes afflicting it (each with its DC), lasting symptoms, EMP Toughness."""
    out: list[dict[str, str]] = []
    for ident, word in ((f.mount_id, "rides"), (f.rider_id, "carries")):
        other = find(state, ident) if ident else None
        if other is not None:
            out.append({"name": word, "state": other.name})
    pace = speed(state, f)
    if pace:
        out.append({"name": "pace", "state": f"{pace:g} m/s (SAM-A39)"})
    if f.altitude:
        out.append({"name": "aloft", "state": f"{f.altitude:g} m (SAM-A11)"})
    for s in f.syndromes:
        out.append({"name": s.poison, "state": f"Fortitude DC {s.dc}, {s.successes} in a row"})
    if f.symptoms:
        out.append({"name": "symptoms", "state": ", ".join(sorted(f.symptoms))})
    if f.emp_toughness:
        out.append({"name": "EMP Toughness", "state": str(f.emp_toughness)})
    return out
