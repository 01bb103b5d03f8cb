"""The GM's commands in BRP (DESIGN.md §2): where they take effect and what they change.

Commands take effect between actions: as a round starts, and before each fighter acts on its
DEX rank (`round.actions`). Vitals: `HP` (§5.12: at 2 HP or less a fighter falls, at 0 or
less it is dying). Conditions: `unconscious`, `dead`, `kneeling` (§5.9 kneeling shooters).
A late arrival is a combatant sheet as an encounter file writes it (templates allowed).
"""

from __future__ import annotations

from fracas.core.combatant import Status, name_and_id
from fracas.core.encounter import new_sheet
from fracas.core.errors import CommandError
from fracas.core.journal import AddCombatant, Command, SetCondition, SetVitals
from fracas.core.ruleset import combatant_by_id
from fracas.core.table import Table
from fracas.rulesets.brp import data, model
from fracas.rulesets.brp.state import BRPState, Fighter, build_fighter

VITALS = ("HP",)

CONDITIONS = ("unconscious", "dead", "kneeling")


def check(state: BRPState, command: Command) -> None:
    if isinstance(command, SetVitals):
        unknown = sorted(set(command.vitals) - set(VITALS))
        if unknown or not command.vitals:
            raise CommandError(f"BRP vitals are {', '.join(VITALS)}; got {sorted(command.vitals)}")
    elif isinstance(command, SetCondition) and command.condition not in CONDITIONS:
        raise CommandError(f"BRP conditions are {', '.join(CONDITIONS)}; got {command.condition!r}")
    elif isinstance(command, AddCombatant):
        new_sheet(data.templates(), command.sheet, model.Combatant)


def apply(table: Table, state: BRPState, command: Command) -> str | None:
    """What the command did, in words; None for commands the core handles."""
    if isinstance(command, SetVitals):
        f = _fighter(state, command.combatant)
        set_hp(f, command.vitals["HP"])
        return f"{f.name}: HP set to {f.hp}/{f.hp_max}"
    if isinstance(command, SetCondition):
        f = _fighter(state, command.combatant)
        set_condition(f, command.condition, command.on)
        return f"{f.name}: {command.condition} {'on' if command.on else 'off'}"
    if isinstance(command, AddCombatant):
        return join(state, command)
    return None


def _fighter(state: BRPState, ident: str) -> Fighter:
    f = combatant_by_id(state, ident)
    assert isinstance(f, Fighter)
    return f


def set_hp(f: Fighter, hp: int) -> None:
    """§5.12 thresholds: 2 HP or less, unconscious; 0 or less, dying; more than 2 brings an
    unconscious fighter round (as First Aid does, F-BRP-5)."""
    f.hp = min(hp, f.hp_max)
    if f.status is Status.ACTIVE and f.hp <= 2:
        f.status, f.went_down = Status.DOWN, True
    elif f.status is Status.DOWN and f.hp > 2:
        f.status = Status.ACTIVE


def set_condition(f: Fighter, condition: str, on: bool) -> None:
    if condition == "kneeling":
        f.kneeling = on
    elif condition == "unconscious":
        if on and f.status is Status.ACTIVE:
            f.status, f.went_down = Status.DOWN, True
        elif not on and f.status is Status.DOWN:
            f.status = Status.ACTIVE
    elif condition == "dead":
        if on:
            f.status, f.went_down = Status.DEAD, True
        elif f.status is Status.DEAD:
            f.status = Status.DOWN if f.hp <= 2 else Status.ACTIVE


def join(state: BRPState, command: AddCombatant) -> str:
    spec = new_sheet(data.templates(), command.sheet, model.Combatant)
    name, ident = name_and_id(spec.name, {c.name for c in state.combatants})
    side = next(s for s in state.sides if s.name == command.side)
    f = build_fighter(spec, name, ident, side.name, offset=len(side.combatants))
    state.join(side, f)
    return f"{f.name} joins {side.name}"
