"""The GM's commands in BRP (DESIGN.md §2): where they take effect and what they change.

Commands take effect between actions: as a round starts, and before each fighter acts on its
DEX rank (`round.actions`). Vitals: `HP` (§5.12: at 2 HP or less a fighter falls, at 0 or
less it is dying). Conditions: `unconscious`, `dead`, `kneeling` (§5.9 kneeling shooters).
A late arrival is a combatant sheet as an encounter file writes it (templates allowed).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fracas.core.combatant import Combatant, Side, Status
from fracas.core.commands import CommandRules
from fracas.core.journal import SetVitals
from fracas.core.table import Table
from fracas.rulesets.brp import data, model
from fracas.rulesets.brp.healing import wake
from fracas.rulesets.brp.state import BRPState, Fighter, build_fighter


class BRPCommands(CommandRules[BRPState, model.Combatant]):
    title = "BRP"
    vitals = ("HP",)
    conditions = ("unconscious", "dead", "kneeling")

    def sheet_model(self) -> type[model.Combatant]:
        return model.Combatant

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def set_vitals(self, table: Table, state: BRPState, c: Combatant, command: SetVitals) -> str:
        assert isinstance(c, Fighter)
        set_hp(table, c, command.vitals["HP"])
        return f"{c.name}: HP set to {c.hp}/{c.hp_max}"

    def set_condition(
        self, table: Table, state: BRPState, c: Combatant, condition: str, on: bool
    ) -> str:
        assert isinstance(c, Fighter)
        set_condition(table, c, condition, on)
        return f"{c.name}: {condition} {'on' if on else 'off'}"

    def join(
        self,
        table: Table,
        state: BRPState,
        side: Side,
        sheet: model.Combatant,
        name: str,
        ident: str,
    ) -> str:
        state.join(side, build_fighter(sheet, name, ident, side.name, offset=len(side.combatants)))
        return f"{name} joins {side.name}"


def set_hp(table: Table, f: Fighter, hp: int) -> None:
    """§5.12 thresholds: 2 HP or less, unconscious; 0 or less, dying; more than 2 brings an
    unconscious fighter round (as First Aid does, F-BRP-5: `healing.wake`)."""
    f.hp = min(hp, f.hp_max)
    if f.status is Status.ACTIVE and f.hp <= 2:
        f.status, f.went_down = Status.DOWN, True
    elif f.status is Status.DOWN and f.hp > 2:
        wake(table, f)


def set_condition(table: Table, f: Fighter, condition: str, on: bool) -> None:
    if condition == "kneeling":
        f.kneeling = on
    elif condition == "unconscious":
        if on and f.status is Status.ACTIVE:
            f.status, f.went_down = Status.DOWN, True
        elif not on and f.status is Status.DOWN:
            wake(table, f)  # the GM brings them round: a later fall is a new spell (§5.12)
    elif condition == "dead":
        if on:
            f.status, f.went_down = Status.DEAD, True
        elif f.status is Status.DEAD:
            f.status = Status.DOWN if f.hp <= 2 else Status.ACTIVE
