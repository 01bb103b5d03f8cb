"""The GM's commands in OD&D (DESIGN.md §2). Vitals: `hp` (0 to the maximum; at 0 the fighter
is slain as the current slot ends, rule 121). Conditions: `dead`, `surprised` (loses its
actions this round, attacked as from behind, rules 69, 71), `fled`, `prone` (ODD-U15),
`disarmed` (ODD-U16), `knocked out` (rule 98). A late arrival is a stat
block as an encounter file writes it (bestiary templates allowed, a `position` in feet); its
hit points are rolled as the next round starts (D3), and it joins the next initiative roll as
its own group."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fracas.core.combatant import Combatant, Side, Status
from fracas.core.commands import CommandRules
from fracas.core.journal import SetVitals
from fracas.core.table import Table
from fracas.rulesets.odnd import data, mass, model, setup
from fracas.rulesets.odnd.state import Fighter, OdndState


class OdndCommands(CommandRules[OdndState, model.Fighter]):
    title = "OD&D"
    vitals = ("hp",)
    conditions = ("dead", "surprised", "fled", "prone", "disarmed", "knocked out")

    def sheet_model(self) -> type[model.Fighter]:
        return model.Fighter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def set_vitals(self, table: Table, state: OdndState, c: Combatant, command: SetVitals) -> str:
        assert isinstance(c, Fighter)
        hp = command.vitals["hp"]
        c.hit_dice = ""
        c.max_hp = max(c.max_hp, hp)
        c.hp = max(0, hp)
        if c.hp <= 0 and c.status is Status.ACTIVE and not c.pending_down:
            c.pending_down = True
            state.pending.append(c)
        elif c.hp > 0 and c.status is Status.DEAD:
            c.status = Status.ACTIVE
        return f"{c.name}: hp set to {c.hp}/{c.max_hp}"

    def set_condition(
        self, table: Table, state: OdndState, c: Combatant, condition: str, on: bool
    ) -> str:
        assert isinstance(c, Fighter)
        if condition == "surprised":
            c.surprised = on
            if on:
                c.attacks_left = 0
        elif condition in ("prone", "disarmed"):  # ODD-U15, U16
            setattr(c, condition, on)
        elif condition == "knocked out":  # rule 98, ODD-U43
            if on and c.status is Status.ACTIVE:
                c.status, c.went_down = Status.DOWN, True
            elif not on and c.status is Status.DOWN:
                c.status = Status.ACTIVE
        elif condition == "dead":
            if on:
                c.hp = min(c.hp, 0)
                c.status, c.went_down = Status.DEAD, True
            elif c.status is Status.DEAD:
                c.status = Status.ACTIVE
                c.hp = max(c.hp, 1)
        elif on and c.status is Status.ACTIVE:
            c.status, c.went_down = Status.FLED, True
        elif not on and c.status is Status.FLED:
            c.status = Status.ACTIVE
        return f"{c.name}: {condition} {'on' if on else 'off'}"

    def join(
        self,
        table: Table,
        state: OdndState,
        side: Side,
        sheet: model.Fighter,
        name: str,
        ident: str,
    ) -> str:
        f = setup.build(sheet, name, ident, side.name, state.options)
        setup.place(f, sheet, 0)  # its `position` in feet, if the sheet gives one
        if sheet.unit:  # rule 140: a unit of its `count` men, at most `unit`
            mass.make_unit(f, min(sheet.unit, sheet.count))
        f.group = name
        state.join(side, f)
        state.groups[name] = [f]
        state.group_size[name] = 1
        return f"{f.name} joins {side.name}"
