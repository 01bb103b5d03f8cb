"""The GM's commands in Murdham (DESIGN.md §2): where they take effect and what they change.

Commands take effect between actions: as a round starts and before each activation
(`round.alternate`). Vitals: `health` (0 to maximum; at 0 a character is incapacitated and
dying, M6). Conditions: `incapacitated`, `dead`, `surrendered`, `concealed` (taking it off
reveals the character, seed "Sneaking"), `cover`. A late arrival is a character sheet as an
encounter file writes it (bestiary templates allowed), placed in its `zone`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fracas.core.combatant import Combatant, Side, Status
from fracas.core.commands import CommandRules
from fracas.core.errors import BadCommand
from fracas.core.events import Revealed
from fracas.core.journal import SetVitals
from fracas.core.table import Table
from fracas.rulesets.murdham import data, harm, model
from fracas.rulesets.murdham.state import Character, MurdhamState, build_character


class MurdhamCommands(CommandRules[MurdhamState, model.Character]):
    title = "Murdham"
    vitals = ("health",)
    conditions = ("incapacitated", "dead", "surrendered", "concealed", "cover")

    def sheet_model(self) -> type[model.Character]:
        return model.Character

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def check_sheet(self, state: MurdhamState, sheet: model.Character) -> None:
        for z in (sheet.zone, sheet.border):
            if z is not None and z not in state.zones.zones:
                raise BadCommand(f"the new character's zone {z!r} is not on this map")

    def set_vitals(
        self, table: Table, state: MurdhamState, c: Combatant, command: SetVitals
    ) -> str:
        assert isinstance(c, Character)
        set_health(table, state, c, command.vitals["health"])
        return f"{c.name}: health set to {c.health}/{c.max_health}"

    def set_condition(
        self, table: Table, state: MurdhamState, c: Combatant, condition: str, on: bool
    ) -> str:
        assert isinstance(c, Character)
        set_condition(table, state, c, condition, on)
        return f"{c.name}: {condition} {'on' if on else 'off'}"

    def join(
        self,
        table: Table,
        state: MurdhamState,
        side: Side,
        sheet: model.Character,
        name: str,
        ident: str,
    ) -> str:
        c = build_character(sheet, name, ident, side.name, state.zones)
        c.is_mount = sheet.mount
        state.join(side, c)
        state.original[side.name] = state.original.get(side.name, 0) + 1  # counts for morale
        return f"{c.name} joins {side.name} in zone {c.zone}"


def set_health(table: Table, state: MurdhamState, c: Character, health: int) -> None:
    """M4–M6: health runs from 0 to the maximum; at 0 the character is incapacitated and dies
    at the end of the next round unless healed; health above 0 lifts the mortal wound."""
    c.health = max(0, min(health, c.max_health))
    if c.health == 0 and c.status is not Status.DEAD:
        harm.critical(table, state, c, mortal=True)
    elif c.health > 0:
        c.dying_until = None


def set_condition(
    table: Table, state: MurdhamState, c: Character, condition: str, on: bool
) -> None:
    if condition == "cover":
        c.cover = on
    elif condition == "concealed":
        if c.hidden and not on:
            table.emit(Revealed, who=c.name, why="the GM")
        c.hidden = on
    elif condition == "dead":
        if on:
            harm.kill(table, state, c, "the GM")
        elif c.status is Status.DEAD:
            c.status = Status.DOWN
    elif condition == "incapacitated":
        set_incapacitated(c, on)
    elif condition == "surrendered":
        if on and c.status is Status.ACTIVE:
            c.status, c.went_down = Status.SURRENDERED, True
            harm.release(c)
        elif not on and c.status is Status.SURRENDERED:
            c.status = Status.ACTIVE


def set_incapacitated(c: Character, on: bool) -> None:
    """M5: incapacitated characters are out of the fight (a grab or a ride ends, M-C4)."""
    if on and not c.incapacitated:
        c.incapacitated, c.went_down = True, True
        harm.release(c)
        if c.status is Status.ACTIVE:
            c.status = Status.DOWN
    elif not on and c.incapacitated and c.status is not Status.DEAD:
        c.incapacitated, c.status = False, Status.ACTIVE
