"""How a ruleset takes the GM's commands (DESIGN.md §2): the part every ruleset shares.

A ruleset names its vitals and conditions and says what setting them does; this base checks
a command against those names before it is journaled, and dispatches a journaled command to
the ruleset's `set_vitals`, `set_condition` or `join` when the rules reach a point between
actions. Removing a combatant is the same everywhere: it leaves the fight (fled).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from fracas.core.combatant import BattleState, Combatant, Side, Status, name_and_id
from fracas.core.errors import BadCommand
from fracas.core.journal import AddCombatant, Command, RemoveCombatant, SetCondition, SetVitals
from fracas.core.sheets import new_sheet
from fracas.core.table import Table

StateT = TypeVar("StateT", bound=BattleState)
SheetT = TypeVar("SheetT", bound=BaseModel)


def combatant_by_id(state: BattleState, ident: str) -> Combatant:
    for c in state.combatants:
        if c.id == ident:
            return c
    ids = ", ".join(sorted(c.id for c in state.combatants))
    raise BadCommand(f"no combatant has the id {ident!r} (ids: {ids})")


class CommandRules(Generic[StateT, SheetT]):
    """A ruleset's commands. Subclasses fill `title`, `vitals`, `conditions`, `sheet_model`,
    `templates` and the three methods; those not overridden refuse their command."""

    title: ClassVar[str] = "these"
    vitals: ClassVar[tuple[str, ...]] = ()
    conditions: ClassVar[tuple[str, ...]] = ()

    def sheet_model(self) -> type[SheetT] | None:
        """The model a late arrival's sheet must satisfy; None: no late arrivals."""
        return None

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return {}

    def check(self, state: StateT, command: Command) -> None:
        """Refuse (BadCommand) what this battle cannot take, before it is journaled."""
        who = getattr(command, "combatant", None)
        if who is not None:
            combatant_by_id(state, who)
        if isinstance(command, SetVitals):
            if not command.vitals or set(command.vitals) - set(self.vitals):
                raise BadCommand(
                    f"{self.title} vitals are {_listed(self.vitals)}; got {sorted(command.vitals)}"
                )
        elif isinstance(command, SetCondition) and command.condition not in self.conditions:
            raise BadCommand(
                f"{self.title} conditions are {_listed(self.conditions)}; got {command.condition!r}"
            )
        elif isinstance(command, AddCombatant):
            sides = [s.name for s in state.sides]
            if command.side not in sides:
                raise BadCommand(f"no side is named {command.side!r} (sides: {', '.join(sides)})")
            self.check_sheet(state, self.sheet(command))

    def apply(self, table: Table, state: StateT, command: Command) -> str:
        """Carry out a journaled command; returns what it did, in words."""
        self.check(state, command)
        if isinstance(command, SetVitals):
            return self.set_vitals(table, state, combatant_by_id(state, command.combatant), command)
        if isinstance(command, SetCondition):
            c = combatant_by_id(state, command.combatant)
            return self.set_condition(table, state, c, command.condition, command.on)
        if isinstance(command, AddCombatant):
            sheet = self.sheet(command)
            name, ident = name_and_id(_name(sheet), {c.name for c in state.combatants})
            side = next(s for s in state.sides if s.name == command.side)
            return self.join(table, state, side, sheet, name, ident)
        if isinstance(command, RemoveCombatant):
            gone = combatant_by_id(state, command.combatant)
            gone.status, gone.went_down = Status.FLED, True
            return f"{gone.name} leaves the battle"
        raise BadCommand(f"the {self.title} rules here do not take {command.kind!r}")

    def sheet(self, command: AddCombatant) -> SheetT:
        model = self.sheet_model()
        if model is None:
            raise BadCommand(f"the {self.title} rules here take no late arrivals")
        return new_sheet(self.templates(), command.sheet, model)

    # --- what a ruleset fills in ------------------------------------------------------------

    def check_sheet(self, state: StateT, sheet: SheetT) -> None:
        """Refuse a late arrival's valid sheet that does not fit this battle (a zone not on
        the map...)."""

    def set_vitals(self, table: Table, state: StateT, c: Combatant, command: SetVitals) -> str:
        raise BadCommand(f"the {self.title} rules here do not set vitals")

    def set_condition(
        self, table: Table, state: StateT, c: Combatant, condition: str, on: bool
    ) -> str:
        raise BadCommand(f"the {self.title} rules here do not set conditions")

    def join(
        self, table: Table, state: StateT, side: Side, sheet: SheetT, name: str, ident: str
    ) -> str:
        raise BadCommand(f"the {self.title} rules here take no late arrivals")


def _listed(names: tuple[str, ...]) -> str:
    return ", ".join(names) or "none"


def _name(sheet: BaseModel) -> str:
    name = getattr(sheet, "name", None)
    return name if isinstance(name, str) else "Newcomer"
