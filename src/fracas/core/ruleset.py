"""The ruleset plugin contract and its registry (DESIGN.md §3).

A ruleset owns its stat-block schema, its data, its round structure, its rules, its end of
fight and its default policy. The core only runs rounds: `Battle` calls `setup` once, then
`play_round` until `outcome` says the fight is over or the round cap is reached.
Rulesets register under the entry-point group `fracas.rulesets`, so a third party adds one
with `pip install`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from importlib.metadata import entry_points
from typing import Any, ClassVar

from pydantic import BaseModel

from fracas.core.combatant import BattleState
from fracas.core.controllers import Controller
from fracas.core.errors import UnknownRuleset
from fracas.core.events import CombatantSummary
from fracas.core.table import Table

ENTRY_POINT_GROUP = "fracas.rulesets"


class Ruleset(ABC):
    """Base class of every ruleset. Subclass, fill the class attributes, register."""

    id: ClassVar[str]
    title: ClassVar[str]
    source: ClassVar[str]  # the chapter it implements, for `fracas rulesets`

    @abstractmethod
    def encounter_model(self) -> type[BaseModel]:
        """The pydantic model an encounter file of this ruleset must satisfy."""

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        """Bundled combatant templates, by name (an encounter's `template:` refers to them)."""
        return {}

    @abstractmethod
    def setup(self, spec: Any) -> BattleState:
        """The starting state of a battle from a validated encounter."""

    @abstractmethod
    def play_round(self, table: Table, state: BattleState) -> None:
        """One round, in this ruleset's own order of play."""

    def outcome(self, state: BattleState) -> tuple[bool, str | None]:
        """(over, winner): over when at most one side still has an active combatant."""
        standing = [s.name for s in state.sides if any(s.active())]
        if len(standing) > 1:
            return False, None
        return True, standing[0] if standing else None

    def after_battle(self, table: Table, state: BattleState) -> None:  # noqa: B027
        """Anything the rules do once the fight is over (e.g. gear wearing out); by default,
        nothing (an optional hook, not an abstract method)."""

    @abstractmethod
    def policy(self, state: BattleState) -> Controller:
        """The default tactical policy, deciding for any side nobody else controls."""

    @abstractmethod
    def summary(self, state: BattleState) -> tuple[CombatantSummary, ...]:
        """Each combatant's standing at the end, for the summary table and the simulator."""

    def bench_encounters(self) -> dict[str, Traversable]:
        """The encounters `fracas bench` times: `bench/1v1.yaml` and `bench/4v4.yaml` in the
        ruleset's package, where present."""
        folder = resources.files(type(self).__module__).joinpath("bench")
        found = {}
        for name in ("1v1", "4v4"):
            path = folder.joinpath(f"{name}.yaml")
            if path.is_file():
                found[name] = path
        return found


@cache
def registry() -> dict[str, type[Ruleset]]:
    """Rulesets installed through the `fracas.rulesets` entry points, by id."""
    found: dict[str, type[Ruleset]] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        cls = ep.load()
        if isinstance(cls, type) and issubclass(cls, Ruleset):
            found[cls.id] = cls
    return dict(sorted(found.items()))


def get_ruleset(ruleset_id: str) -> Ruleset:
    rulesets = registry()
    if ruleset_id not in rulesets:
        known = ", ".join(rulesets) or "none installed"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    return rulesets[ruleset_id]()
