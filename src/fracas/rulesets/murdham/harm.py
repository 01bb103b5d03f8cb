"""Health and harm (RULINGS M4–M8, M10, M12): armour value, critical damage, mortal wounds,
instant death, death blows; and the wear of shields and armour under heavy blows."""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import Status, record_harm
from fracas.core.table import Table
from fracas.rulesets.murdham import data
from fracas.rulesets.murdham.events import (
    Dying,
    GearWorn,
    Harmed,
    Incapacitated,
    Killed,
    ResumedFighting,
)
from fracas.rulesets.murdham.state import Character, MurdhamState, count

HEAVY_BLOW = 8  # seed "gear degradation": 8+ damage before armour destroys damaged gear


class _Ceiling:
    """M10's ceiling on armour value (`data.max_armour_value`), read from the table once: the
    cached function, called for every blow and every option the policy scores, went through
    the Python call protocol each time (issue 10)."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = -1  # not read yet


_CEILING: Final = _Ceiling()


def max_armour_value() -> int:
    ceiling = _CEILING.value
    if ceiling < 0:
        ceiling = _CEILING.value = data.max_armour_value()
    return ceiling


def armour_value(target: Character, *, shield_counts: bool, cover_counts: bool) -> int:
    """M10: armour + natural armour, + the shield only against attacks the bearer reacts to
    or that counter the bearer, + cover (seed "Cover"); never above 3."""
    value = target.natural_armour
    armour = target.armour
    if armour is not None and not armour.destroyed:
        value += armour.value
    shield = target.shield
    if shield is not None and shield_in_play(target, shield_counts):
        value += shield.value
    if cover_counts and (target.cover or target.behind_barrier):
        value += 1
    ceiling = max_armour_value()
    return value if value < ceiling else ceiling


def shield_in_play(target: Character, shield_counts: bool) -> bool:
    """M10: a whole shield counts against attacks its bearer reacts to or that counter it;
    against everything with shield mastery (M24)."""
    shield = target.shield
    if shield is None or shield.destroyed:
        return False
    return shield_counts or "shield mastery" in target.skills


def harm(
    table: Table,
    state: MurdhamState,
    target: Character,
    damage: int,
    *,
    direct: bool = False,
    shield_counts: bool = False,
    cover_counts: bool = True,
    by: Character | None = None,
    piercing: bool = False,
) -> int:
    """Apply one hit of `damage` (already scaled for size). Returns the health lost.
    `piercing`: a piercing strike (M24) ignores the armour value it exceeds."""
    av = (
        0
        if direct
        else armour_value(target, shield_counts=shield_counts, cover_counts=cover_counts)
    )
    if piercing and damage > av:
        av = 0
    wear_gear(table, target, damage, shield_counts and not direct)
    if target.armour is not None:
        target.armour.used = True
    if target.shield is not None and not direct and shield_in_play(target, shield_counts):
        target.shield.used = True  # a shield that counted takes its durability roll (seed)
    through = max(0, damage - av)
    before = target.health
    lost = min(through, before)
    target.health -= lost
    record_harm(target, lost, by)
    note = ""
    if through >= target.max_health:
        note = "damage matching maximum health kills outright (M7)"
    elif lost and lost * 2 >= before:
        note = "critical damage (M5)"
    if table.observed:
        table.emit(
            Harmed,
            target=target.name,
            damage=damage,
            armour=av,
            direct=direct,
            lost=lost,
            health=target.health,
            max_health=target.max_health,
            note=note,
        )
    if through >= target.max_health:
        kill(table, state, target, "damage matching its maximum health at once (M7)")
        return lost
    if lost and target.status is Status.SURRENDERED and by is not None and by.side != target.side:
        target.status = Status.ACTIVE  # seed "Surrendering": harmed, they may fight again
        if table.observed:
            table.emit(ResumedFighting, who=target.name)
    if lost and lost * 2 >= before:
        critical(table, state, target, mortal=target.health == 0)
    return lost


def critical(table: Table, state: MurdhamState, target: Character, *, mortal: bool) -> None:
    """M5: critical damage incapacitates until the end of the stretch (frenzied characters
    fight on, M17); M6: losing all health also means dying at the end of the next round."""
    if mortal and target.dying_until is None:
        target.dying_until = state.round + 1
        if table.observed:
            table.emit(Dying, who=target.name, until_round=target.dying_until)
    if "frenzied" in target.traits and not mortal:
        return
    if not target.incapacitated:
        target.incapacitated = True
        target.went_down = True
        if target.status is Status.ACTIVE or target.status is Status.SURRENDERED:
            target.status = Status.DOWN
        release(target)
        if table.observed:
            table.emit(
                Incapacitated, who=target.name, why="mortal wound" if mortal else "critical damage"
            )


def kill(table: Table, state: MurdhamState, target: Character, why: str) -> None:
    if target.status is Status.DEAD:
        return
    target.status = Status.DEAD
    target.went_down = True
    target.incapacitated = True
    release(target)
    count(state, "deaths")
    if table.observed:
        table.emit(Killed, who=target.name, why=why)


def release(c: Character) -> None:
    """A grab ends when either side is out of the fight (seed "Grapple"); so does riding: a
    rider whose mount is out stands in its zone, a mount whose rider is out is free (F-MUR-12)."""
    if c.riding is not None:
        c.riding.rider = None
        c.riding = None
    if c.rider is not None:
        c.rider.riding = None
        c.rider = None
    if c.grabbing is not None:
        c.grabbing.grabbed_by = None
        c.grabbing = None
    if c.grabbed_by is not None:
        c.grabbed_by.grabbing = None
        c.grabbed_by = None


def wear_gear(table: Table, target: Character, damage: int, shield_in_play: bool) -> None:
    """Seed "gear degradation": damaged shields and armour are destroyed by an attack of 8 or
    more damage before armour, the shield first (still counting against that blow, F-MUR-10)."""
    if damage < HEAVY_BLOW:
        return
    shield = target.shield
    if shield_in_play and shield is not None and shield.damaged and not shield.destroyed:
        shield.destroyed = True
        if table.observed:
            table.emit(GearWorn, who=target.name, item=shield.name, state="destroyed")
        return
    armour = target.armour
    if armour is not None and armour.damaged and not armour.destroyed:
        armour.destroyed = True
        if table.observed:
            table.emit(GearWorn, who=target.name, item=armour.name, state="destroyed")
