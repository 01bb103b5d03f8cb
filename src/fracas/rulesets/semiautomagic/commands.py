"""The GM's commands in SemiAutoMagic (DESIGN.md §2). Vitals: `wounds` (Toughness and Minimum
Toughness follow, rule 165) and `will` (Minimum Will follows, rule 135). Conditions: `dying`,
`dead`, `unconscious`, `staggered` (one d6 of stun at its next turn, SAM-A3), `disabled`,
`held`, `flat-footed`, `prone`. A late arrival rolls initiative and is slotted in by its roll
(rule 4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fracas.core.combatant import Combatant, Side, Status
from fracas.core.commands import CommandRules
from fracas.core.journal import SetVitals
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import attack, data, model, morale, setup
from fracas.rulesets.semiautomagic import round as rounds
from fracas.rulesets.semiautomagic.state import Fighter, SamState


class SamCommands(CommandRules[SamState, model.Combatant]):
    title = "SemiAutoMagic"
    vitals = ("wounds", "will")
    conditions = (
        "dying", "dead", "unconscious", "staggered", "disabled", "held", "flat-footed", "prone",
        "confused", "asleep",  # rules 138, 191
    )  # fmt: skip

    def sheet_model(self) -> type[model.Combatant]:
        return model.Combatant

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def set_vitals(self, table: Table, state: SamState, c: Combatant, command: SetVitals) -> str:
        assert isinstance(c, Fighter)
        if "wounds" in command.vitals:
            wounds = max(0, command.vitals["wounds"])
            c.toughness += c.wounds - wounds
            c.min_toughness += c.wounds - wounds
            c.wounds = wounds
        if "will" in command.vitals:
            c.will = max(0, command.vitals["will"])  # rule 141: never below 0
            c.min_will = c.will - 6
            c.broken = c.broken and c.will == 0
            morale.check_broken(table, state, c)  # rule 141: Will 0 breaks
        return f"{c.name}: {c.wounds} wound(s), {c.toughness}/{c.min_toughness}, will {c.will}"

    def set_condition(
        self, table: Table, state: SamState, c: Combatant, condition: str, on: bool
    ) -> str:
        assert isinstance(c, Fighter)
        if condition in ("dying", "dead", "unconscious"):
            down(state, c, condition, on)
        elif condition == "staggered":
            c.staggered = 1 if on else 0
        elif condition == "flat-footed":
            c.flat_footed = on
        elif condition == "prone":
            c.posture = "prone" if on else "standing"
        elif condition == "disabled":
            c.disabled = on
        elif condition == "confused":
            c.confused = on  # rule 138: until the GM (or a removed penalty) ends it
        elif condition == "asleep":
            c.asleep = on  # rule 191
        else:
            c.held = on
        return f"{c.name}: {condition} {'on' if on else 'off'}"

    def join(
        self,
        table: Table,
        state: SamState,
        side: Side,
        sheet: model.Combatant,
        name: str,
        ident: str,
    ) -> str:
        f = setup.build(sheet, name, ident, side.name)
        f.present, f.hidden = True, False
        if sheet.position is None:
            setup.place_with(state, f, side.name)
        state.join(side, f)
        attack.refresh_defences(f)
        state.hazardous |= bool(f.venom or f.syndromes or f.to_drink)  # rules 202-216
        state.falls |= f.altitude > 0  # SAM-A11
        if state.order:
            rounds.insert(table, state, f)  # rule 4
        on_foot = " (on foot: a mount is not paired mid-fight)" if sheet.rides else ""
        return f"{f.name} joins {side.name} at initiative {f.initiative}{on_foot}"


def down(state: SamState, c: Fighter, condition: str, on: bool) -> None:
    if not on:
        c.dying = c.unconscious = False
        if c.status is not Status.FLED:
            c.status = Status.ACTIVE
        return
    c.dying = condition == "dying"
    c.unconscious = condition != "dead"
    c.dying_dc = state.options.dying_dc
    c.status = Status.DEAD if condition == "dead" else Status.DOWN
    c.went_down = True
