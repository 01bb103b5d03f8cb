"""After the fight (seed "Combat gear degradation", RULINGS M21): a durability roll for every
weapon and armour used at least once — a d4 showing 1 damages it, or destroys it if it was
already damaged."""

from __future__ import annotations

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.murdham.events import GearWorn
from fracas.rulesets.murdham.state import Gear, MurdhamState, Weapon


def degrade_gear(table: Table, state: MurdhamState) -> None:
    if not state.options.gear_degradation:
        return
    for c in state.characters():
        if c.status is Status.DEAD:
            continue
        items: list[Weapon | Gear] = [
            w for w in c.weapons if w.used and w.name != "Unarmed" and not w.data.consumable
        ]  # a consumable thrown is gone: nothing is left to wear
        items += [g for g in (c.armour, c.shield) if g is not None and g.used]  # bashes too
        for item in items:
            if item.destroyed:
                continue
            roll = table.roll("1D4", by=c, reason=f"durability of {c.name}'s {item.name}").total
            if roll != 1:
                continue
            if item.damaged:
                item.destroyed = True
                if table.observed:
                    table.emit(GearWorn, who=c.name, item=item.name, state="destroyed")
            else:
                item.damaged = True
                if table.observed:
                    table.emit(GearWorn, who=c.name, item=item.name, state="damaged")
