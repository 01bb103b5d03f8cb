"""The GM's commands in Spelljammer (DESIGN.md §2). Vitals: `hp` (up to the maximum; at 0 or
below the fighter goes down, at the `dead_at` option dead, SJ-U18), `prot` (the armour's
PROT, SJ-U12). Conditions: `stunned` (loses the rest of its round, rule 71), `dead`, `fled`;
stage 2: `hidden` (an ambusher unknown to the other sides, SJ-U19; off reveals it) and
`invisible` (rules 163–167).
A late arrival is a stat block as an encounter file writes it (bestiary templates allowed, a
`position` in feet); it declares from the next round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fracas.core.combatant import Combatant, Side, Status
from fracas.core.commands import CommandRules
from fracas.core.events import Revealed
from fracas.core.journal import SetVitals
from fracas.core.table import Table
from fracas.rulesets.spelljammer import combat, data, model, setup, space
from fracas.rulesets.spelljammer.state import Fighter, SjState


class SjCommands(CommandRules[SjState, model.Fighter]):
    title = "Spelljammer"
    vitals = ("hp", "prot")
    conditions = ("stunned", "dead", "fled", "hidden", "invisible")

    def sheet_model(self) -> type[model.Fighter]:
        return model.Fighter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def set_vitals(self, table: Table, state: SjState, c: Combatant, command: SetVitals) -> str:
        assert isinstance(c, Fighter)
        if "prot" in command.vitals:
            c.prot_armour = max(0, command.vitals["prot"])
        if "hp" in command.vitals:
            c.hp = min(command.vitals["hp"], c.max_hp)
            if c.hp <= 0 and c.active:
                combat.cancel(state, c)
                c.status = Status.DEAD if c.hp <= state.options.dead_at else Status.DOWN
                c.went_down = True
            elif c.hp > 0 and c.status in (Status.DOWN, Status.DEAD):
                c.status = Status.ACTIVE
        return f"{c.name}: hp {c.hp}/{c.max_hp}, armour PROT {c.prot_armour}"

    def set_condition(
        self, table: Table, state: SjState, c: Combatant, condition: str, on: bool
    ) -> str:
        assert isinstance(c, Fighter)
        if condition == "hidden":
            if c.hidden and not on:
                table.emit(Revealed, who=c.name, why="the GM")
            c.hidden = on
        elif condition == "invisible":
            c.invisible = on
        elif condition == "stunned":
            c.stunned = on
            if on:
                combat.cancel(state, c)
        elif condition == "dead":
            if on and c.active:
                combat.cancel(state, c)
                c.status, c.went_down = Status.DEAD, True
            elif not on and c.status is Status.DEAD:
                c.status, c.hp = Status.ACTIVE, max(c.hp, 1)
        elif on and c.active:
            combat.cancel(state, c)
            c.status, c.went_down = Status.FLED, True
        elif not on and c.status is Status.FLED:
            c.status = Status.ACTIVE
        return f"{c.name}: {condition} {'on' if on else 'off'}"

    def join(
        self, table: Table, state: SjState, side: Side, sheet: model.Fighter, name: str, ident: str
    ) -> str:
        f = setup.build(sheet, name, ident, side.name, len(state.combatants))
        if sheet.position is not None:
            f.position = space.at_feet(*sheet.position)
        state.join(side, f)
        return f"{f.name} joins {side.name}"
