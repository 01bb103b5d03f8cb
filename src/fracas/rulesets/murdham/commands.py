"""The GM's commands in Murdham (DESIGN.md §2): where they take effect and what they change.

Commands take effect between actions: as a round starts and before each activation
(`round.alternate`). Vitals: `health` (0 to maximum; at 0 a character is incapacitated and
dying, M6). Conditions: `incapacitated`, `dead`, `surrendered`, `concealed` (taking it off
reveals the character, seed "Sneaking"), `cover`. A late arrival is a character sheet as an
encounter file writes it (bestiary templates allowed), placed in its `zone`.
"""

from __future__ import annotations

from fracas.core.combatant import Status, name_and_id
from fracas.core.encounter import new_sheet
from fracas.core.errors import CommandError
from fracas.core.events import Revealed
from fracas.core.journal import AddCombatant, Command, SetCondition, SetVitals
from fracas.core.ruleset import combatant_by_id
from fracas.core.table import Table
from fracas.rulesets.murdham import data, harm, model
from fracas.rulesets.murdham.state import Character, MurdhamState, build_character

VITALS = ("health",)

CONDITIONS = ("incapacitated", "dead", "surrendered", "concealed", "cover")


def check(state: MurdhamState, command: Command) -> None:
    if isinstance(command, SetVitals):
        unknown = sorted(set(command.vitals) - set(VITALS))
        if unknown or not command.vitals:
            raise CommandError(
                f"Murdham vitals are {', '.join(VITALS)}; got {sorted(command.vitals)}"
            )
    elif isinstance(command, SetCondition) and command.condition not in CONDITIONS:
        raise CommandError(
            f"Murdham conditions are {', '.join(CONDITIONS)}; got {command.condition!r}"
        )
    elif isinstance(command, AddCombatant):
        spec = new_sheet(data.templates(), command.sheet, model.Character)
        for z in (spec.zone, spec.border):
            if z is not None and z not in state.zones.zones:
                raise CommandError(f"the new character's zone {z!r} is not on this map")


def apply(table: Table, state: MurdhamState, command: Command) -> str | None:
    """What the command did, in words; None for commands the core handles."""
    if isinstance(command, SetVitals):
        c = _character(state, command.combatant)
        set_health(table, state, c, command.vitals["health"])
        return f"{c.name}: health set to {c.health}/{c.max_health}"
    if isinstance(command, SetCondition):
        c = _character(state, command.combatant)
        set_condition(table, state, c, command.condition, command.on)
        return f"{c.name}: {command.condition} {'on' if command.on else 'off'}"
    if isinstance(command, AddCombatant):
        return join(state, command)
    return None


def _character(state: MurdhamState, ident: str) -> Character:
    c = combatant_by_id(state, ident)
    assert isinstance(c, Character)
    return c


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
        if c.concealed and not on:
            table.emit(Revealed, who=c.name, why="the GM")
        c.concealed = on
    elif condition == "dead":
        if on:
            harm.kill(table, state, c, "the GM")
        elif c.status is Status.DEAD:
            c.status = Status.DOWN
    elif condition == "incapacitated":
        if on and not c.incapacitated:
            c.incapacitated, c.went_down = True, True
            harm.release(c)
            if c.status is Status.ACTIVE:
                c.status = Status.DOWN
        elif not on and c.incapacitated and c.status is not Status.DEAD:
            c.incapacitated, c.status = False, Status.ACTIVE
    elif condition == "surrendered":
        if on and c.status is Status.ACTIVE:
            c.status, c.went_down = Status.SURRENDERED, True
            harm.release(c)
        elif not on and c.status is Status.SURRENDERED:
            c.status = Status.ACTIVE


def join(state: MurdhamState, command: AddCombatant) -> str:
    spec = new_sheet(data.templates(), command.sheet, model.Character)
    name, ident = name_and_id(spec.name, {c.name for c in state.combatants})
    side = next(s for s in state.sides if s.name == command.side)
    c = build_character(spec, name, ident, side.name, state.zones)
    c.is_mount = spec.mount
    state.join(side, c)
    state.original[side.name] = state.original.get(side.name, 0) + 1  # counts for morale
    return f"{c.name} joins {side.name} in zone {c.zone}"
