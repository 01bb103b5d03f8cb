"""Falling and collisions (seed "Falling and Collisions"; rules 145-151; RULINGS.md C12;
SAM-A39, SAM-A44; T-SAM-7, T-SAM-8).

A fall deals 1d6 + 3 x scale + 1 per 5 m fallen, "up to" each 5 m (C12: ceil), nothing more
past the 60 m of terminal velocity, plus the surface's modifier; always bludgeoning, piercing
on spikes. A Reflex check (DC 4) catches a ledge, where there is one. In a collision every
creature may dodge against 4 + largest scale - smallest scale, without using up a dodge roll
(SAM-A44); one roll of 1d6 + 3 x smallest scale (largest when crushed against a hard surface)
hits every creature that failed, each adding 1 per 5 squares/second of the fastest, in its
own squares (SAM-A44)."""

from __future__ import annotations

import math
from typing import Final

from fracas.core.combatant import Status, record_harm
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data, harm, space
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState

FALL: Final[dict[str, int]] = data.hazards()["falling"]
CRASH: Final[dict[str, int]] = data.hazards()["collision"]


def fall_bonus(metres: float, rounding: str = "up") -> int:
    """Rules 145-146 (C12, T-SAM-7): +1 for each 5 m "up to" the distance fallen, capped at
    +12 (60 m and more: terminal velocity); option `fall_rounding: down`: per full 5 m."""
    if metres <= 0:
        return 0
    steps = round(metres / FALL["per_metres"], 9)
    return min(FALL["cap"], math.ceil(steps) if rounding == "up" else math.floor(steps))


def surface(name: str) -> tuple[int, bool]:
    """Rule 147: the surface's modifier, and whether all the damage is piercing (spikes)."""
    row: dict[str, int | bool] = data.hazards()["surfaces"][name]
    return int(row["modifier"]), bool(row.get("piercing", False))


def fall_notation(scale: int, metres: float, ground: str, rounding: str = "up") -> str:
    """T-SAM-7: 5 m → 1d6+1; 12 m → 1d6+3; 60 m and 100 m → 1d6+12; plus the surface."""
    bonus = 3 * scale + fall_bonus(metres, rounding) + surface(ground)[0]
    return "1d6" if bonus == 0 else f"1d6{bonus:+d}"


def fall(
    table: Table, state: SamState, f: Fighter, metres: float, ground: str, ledge: bool = False
) -> None:
    """Rules 145-148: a creature falls `metres` onto `ground`; where there is a ledge or
    branch, a Reflex check (DC 4) catches it first. A fall is movement at up to 60 m/s
    (rule 113, SAM-A39). Either way it ends on the ground (one that caught a ledge climbs
    down, F-SAM-85)."""
    f.altitude = 0.0
    if ledge and check(table, f, "reflex", FALL["ledge_dc"], "tries to catch a ledge (rule 148)"):
        return
    f.moved_squares += round(metres / f.square)  # rule 113: falling counts
    f.pace = max(f.pace, min(metres, float(FALL["terminal_velocity"])))
    notation = fall_notation(f.scale, metres, ground, state.options.fall_rounding)
    rolled = table.roll(notation, by=f, reason=f"{f.name} falls {metres:g} m").total
    damage = harm.floored(table, f, rolled, "the fall")
    piercing = surface(ground)[1]
    kind = "piercing" if piercing else "bludgeoning"
    table.emit(ev.Did, who=f.name, what=f"falls {metres:g} m onto {ground} ground: {damage} "
               f"{kind} damage (rules 145-147, C12)")  # fmt: skip
    land(table, state, f, damage, "the fall")


def check(table: Table, f: Fighter, skill: str, dc: int, what: str, penalty: int = 0) -> bool:
    """A skill check (S3): d6 + bonus - penalty >= DC."""
    bonus = f.bonus[skill] - penalty
    total = table.roll(f"1d6{bonus:+d}", by=f, reason=f"{f.name} {what}").total
    ok = total >= dc
    table.emit(ev.Did, who=f.name, what=f"{what}: {total} vs DC {dc} — "
               + ("succeeds" if ok else "fails"))  # fmt: skip
    return ok


def land(table: Table, state: SamState, t: Fighter, damage: int, source: str) -> str:
    """A hit with no attacker (a fall, a collision) against Toughness (rules 53-54, 166):
    a wound above Minimum Toughness, dying at Toughness, death for a wound while dying."""
    result = harm.effect(damage, t.toughness, t.min_toughness, state.options.wound_on_equal)
    if table.observed:
        table.emit(ev.Impact, source=source, target=t.name, damage=damage,
                   toughness=t.toughness, minimum=t.min_toughness, effect=result)  # fmt: skip
    if result == harm.NO_EFFECT or t.status is Status.DEAD:
        return result
    was_dying = t.dying
    record_harm(t, 1)
    harm.wound(table, state, t, 1)
    if was_dying:
        harm.die(table, state, t, f"wounded while dying, by {source} (rule 166)")
    elif result == harm.DYING:
        harm.start_dying(table, state, t)
    return result


def dodge_dc(scales: list[int]) -> int:
    """Rule 150 (T-SAM-8): 4 + the largest scale - the smallest."""
    return CRASH["dodge_base"] + max(scales) - min(scales)


def speed_bonus(speed: float, square: float) -> int:
    """Rule 151, SAM-A44: +1 per 5 squares/second of the fastest, in the taker's squares."""
    return int(speed / (CRASH["squares_per_point"] * square) + 1e-9)


def collide(
    table: Table, state: SamState, involved: list[Fighter], speed: float, crushed: bool = False
) -> dict[str, int]:
    """Rules 150-151 (SAM-A44, T-SAM-8): each creature may dodge (no dodge roll used up; the
    helpless and the flat-footed cannot); one damage roll, each that failed taking it plus
    the speed term in its own squares. Returns the damage each taker took, by id."""
    scales = [f.scale for f in involved]
    dc = dodge_dc(scales)
    failed = [f for f in involved if not evades(table, state, f, dc)]
    if not failed:
        return {}
    size = max(scales) if crushed else min(scales)
    base = 3 * size
    roll = table.roll(f"1d6{base:+d}" if base else "1d6", by=involved[0],
                      reason="collision damage (rule 151)").total  # fmt: skip
    out: dict[str, int] = {}
    for f in failed:
        out[f.id] = harm.floored(table, f, roll + speed_bonus(speed, f.square), "the collision")
        land(table, state, f, out[f.id], "the collision")
    return out


def evades(table: Table, state: SamState, f: Fighter, dc: int) -> bool:
    """Rule 150: a Dodge roll (d6 + Reflex bonus) against the DC, uncounted (SAM-A44), with
    the defence penalties of rules 95, 115 and 193 (flanked, flat-footed under the option
    `flat_footed: "-1"`, held); the helpless and the flat-footed (by default) cannot."""
    if f.helpless or not f.active:
        return False
    if f.flat_footed and state.options.flat_footed == "no defence":
        return False
    penalty = space.flanked(state, f) + f.held + (f.flat_footed and 1)
    what = "tries to dodge the collision (rule 150)" + (f", −{penalty}" if penalty else "")
    return check(table, f, "dodge", dc, what, penalty)


def ram(table: Table, state: SamState, f: Fighter, t: Fighter) -> None:
    """F-SAM-83: a fighter moving at speed drives on into an adjacent enemy's square: a
    collision (rules 150-151) at the pace it carried in (SAM-A39); it stops there."""
    speed = max(f.pace, t.pace)
    table.emit(ev.Did, who=f.name, what=f"rams {t.name} at {speed:g} m/s (rules 150-151)")
    state.tally["collisions"] += 1
    collide(table, state, [f, t], speed)
    f.pace = 0.0
