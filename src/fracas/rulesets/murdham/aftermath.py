"""After the fight (seed "Combat gear degradation", RULINGS M21): a durability roll for every
weapon and armour used at least once — a d4 showing 1 damages it, or destroys it if it was
already damaged."""

from __future__ import annotations

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.murdham.attack import UNARMED
from fracas.rulesets.murdham.events import GearWorn
from fracas.rulesets.murdham.state import Character, MurdhamState


def after_battle(table: Table, state: MurdhamState) -> None:
    """Once the fight is over: the gear's durability rolls (`degrade_gear`); then, in a
    simulated battle, riders and mounts let go of each other. A rider names its mount and the
    mount its rider, a reference cycle that left every mounted battle to the cyclic collector
    (issue 35; docs/ARCHITECTURE.md, "No cyclic garbage per battle"). An observed battle keeps
    them for the GM's screen."""
    degrade_gear(table, state)
    if not table.observed:
        for c in state.characters():
            c.riding, c.rider = None, None


def degrade_gear(table: Table, state: MurdhamState) -> None:
    """Every weapon used (bare hands and consumables aside: a consumable thrown is gone,
    nothing is left to wear), then the armour and the shield if used (bashes too), in that
    order. Each kind read through its own type, not as a `Weapon | Gear` (a generic look-up
    per attribute compiled; issue 10)."""
    if not state.options.gear_degradation:
        return
    for c in state.characters():
        if c.status is Status.DEAD:
            continue
        for w in c.weapons:
            if not w.used or w.name == UNARMED or w.data.consumable or w.destroyed:
                continue
            if durability_fails(table, c, w.name):  # a damaged item is destroyed
                w.destroyed, w.damaged = w.damaged, True
                worn(table, c, w.name, w.destroyed)
        for g in (c.armour, c.shield):
            if g is None or not g.used or g.destroyed:
                continue
            if durability_fails(table, c, g.name):
                g.destroyed, g.damaged = g.damaged, True
                worn(table, c, g.name, g.destroyed)


def durability_fails(table: Table, c: Character, item: str) -> bool:
    """The durability roll: a d4 showing 1."""
    # (its words worked out only if someone reads them: `core.table.Reason`)
    return table.roll("1D4", by=c, reason=lambda: f"durability of {c.name}'s {item}").total == 1


def worn(table: Table, c: Character, item: str, destroyed: bool) -> None:
    """A failed durability roll damages the item, or destroys it if it was damaged already."""
    if table.observed:
        table.emit(GearWorn, who=c.name, item=item, state="destroyed" if destroyed else "damaged")
