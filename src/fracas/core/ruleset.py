"""The ruleset plugin contract and its registry (DESIGN.md §3).

A ruleset owns its stat-block schema, its data, its round structure, its rules, its end of
fight and its default policy. The core only runs rounds: `Battle` calls `setup` once, then
`play_round` until `outcome` says the fight is over or the round cap is reached.
Rulesets register under the entry-point group `fracas.rulesets`, so a third party adds one
with `pip install`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from importlib.metadata import entry_points
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel

from fracas.core.combatant import BattleState, Combatant, last_side_standing
from fracas.core.commands import CommandRules
from fracas.core.commands import combatant_by_id as combatant_by_id  # for rulesets
from fracas.core.controllers import Controller
from fracas.core.errors import FracasError, UnknownRuleset
from fracas.core.events import CombatantSummary
from fracas.core.journal import Command
from fracas.core.map import BattleMap, plane_map
from fracas.core.outcome import Verdict
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table

SpecT = TypeVar("SpecT", bound=BaseModel)
StateT = TypeVar("StateT", bound=BattleState)

ENTRY_POINT_GROUP = "fracas.rulesets"


class DuelModel(Protocol):
    """A ruleset's chain for one duel: where it starts, and one round from any state (the
    contract `Ruleset.duel` returns; `fracas.exact.duel` follows it to the odds)."""

    def start(self) -> Mapping[Hashable, Fraction]: ...

    def round(self, state: Hashable) -> Mapping[Hashable, Fraction]:
        """The states (or `exact.duel.End`s) after one more round from `state`, with their
        probabilities (summing to 1 less what the ruleset's own cut-off left out)."""
        ...


class Ruleset(ABC, Generic[SpecT, StateT]):
    """Base class of every ruleset, generic over its encounter model and its fight state.
    Subclass, fill the class attributes, register."""

    id: ClassVar[str]
    title: ClassVar[str]
    source: ClassVar[str]  # the chapter it implements, for `fracas rulesets`
    version: ClassVar[str] = "1"  # bumped when the same journal would play differently

    @abstractmethod
    def encounter_model(self) -> type[SpecT]:
        """The pydantic model an encounter file of this ruleset must satisfy."""

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        """Bundled combatant templates, by name (an encounter's `template:` refers to them)."""
        return {}

    def names(self) -> Mapping[str, Sequence[str]]:
        """The names a combatant sheet may use, by its field (`{"weapons": [...], "armour":
        [...]}`): listed by `fracas list` and as enums in `fracas schema`."""
        return {}

    @abstractmethod
    def setup(self, spec: SpecT) -> StateT:
        """The starting state of a battle from a validated encounter."""

    @abstractmethod
    def play_round(self, table: Table, state: StateT) -> None:
        """One round, in this ruleset's own order of play. Call `table.between_actions()`
        wherever a GM command may take effect (between actions)."""

    def outcome(self, state: StateT) -> Verdict | None:
        """None while the fight goes on; over when at most one side still has an active
        combatant."""
        return last_side_standing(state)

    def after_battle(self, table: Table, state: StateT) -> None:
        """Anything the rules do once the fight is over (e.g. gear wearing out); by default,
        nothing (an optional hook, not an abstract method)."""

    @abstractmethod
    def policy(self, state: StateT) -> Controller:
        """The default tactical policy, deciding for any side nobody else controls."""

    @abstractmethod
    def summary(self, state: StateT) -> tuple[CombatantSummary, ...]:
        """Each combatant's standing at the end, for the summary table and the simulator:
        a typed status and the ruleset's vitals by name."""

    # --- GM commands (DESIGN.md §2) ---------------------------------------------------------

    def commands(self) -> CommandRules[StateT, Any]:
        """This ruleset's GM commands: its vitals, conditions and late arrivals. The base
        takes only what every ruleset shares (removing a combatant, re-roll, end)."""
        return CommandRules()

    def check_command(self, state: StateT, command: Command) -> None:
        """Refuse (CommandError) a command this battle cannot take, before it is journaled."""
        self.commands().check(state, command)

    def apply_command(self, table: Table, state: StateT, command: Command) -> str:
        """Carry out a journaled command where the rules allow it (between actions); returns
        what it did, in words."""
        return self.commands().apply(table, state, command)

    # --- the order of play, for screens (issues 12 and 13) --------------------------------

    def order_of_play(self, state: StateT) -> dict[str, Any]:
        """Who acts when, in this ruleset's own shape, as JSON-ready data for a GM screen:
        `kind` names the shape, `round` the round, `entries` list the combatants in order
        (each with its `id`, `name`, `side`, `hidden` and `active`, plus the ruleset's own
        fields). A screen shows a viewer only the entries of combatants visible to it. By
        default: the sides in encounter order."""
        return {
            "kind": "sides",
            "round": state.round,
            "entries": [order_entry(c) for c in state.combatants],
        }

    def card(self, state: StateT, combatant: Combatant) -> dict[str, Any]:
        """What a screen's card shows of a combatant besides its vitals, JSON-ready (issue
        13): `where` (its position or zone, seen by everyone) and `gear` (its weapons, shield
        and armour with their state, `[{"name", "state"}]`, seen by its side and the GM). By
        default: its position."""
        p = combatant.position
        return {"where": f"({p.x:g}, {p.y:g}) m", "gear": []}

    def battle_map(self, state: StateT) -> BattleMap:
        """The map of the fight as it stands, for a screen (issue 33): where each combatant
        stands (plane, squares or zones) with its footprint and facing, and the areas (zones,
        cover, hazards) the ruleset keeps, in its own units (`core.map`). A screen draws it
        as it is and leaves out the tokens a viewer may not see. By default: the core's
        plane, each combatant a point at its position in metres. A ruleset fills it in a
        module of its own (`rulesets/<id>/map.py`) and names it here, e.g. `battle_map =
        staticmethod(map.battle_map)`."""
        return plane_map(state)

    # --- exact odds (issue 11) --------------------------------------------------------------

    # The decisions by which a target chooses how to meet an action (parry or dodge, react or
    # not): `fracas odds` gives the odds for each of its options as well as for the policy's.
    defence_decisions: ClassVar[tuple[str, ...]] = ()

    def actions(self, state: StateT, actor: Combatant, target: Combatant) -> Sequence[str]:
        """The actions `actor` may take against `target` now, by name (its weapons, spells,
        stunts…), the first being the one `fracas odds` takes by default. None: this
        ruleset gives no odds."""
        return ()

    def option_action(
        self, state: StateT, request: ChoiceRequest, option: object
    ) -> tuple[Combatant, Combatant, str] | None:
        """The action one option of a decision is, as (actor, target, action) for the odds a
        screen shows beside it (issue 13); None when the option is not one action against one
        target as things stand (a move, a pass, an attack after closing in)."""
        return None

    def perform(
        self, table: Table, state: StateT, actor: Combatant, target: Combatant, action: str
    ) -> str:
        """Carry out one action by the rules, through `table`, and name its result in the
        ruleset's own words (miss, parried, hit, critical…)."""
        raise FracasError(f"the {self.title} rules here give no odds")

    def calculate(
        self,
        state: StateT,
        actor: Combatant,
        target: Combatant,
        action: str,
        defence: str | None,
    ) -> Mapping[tuple[str, int, bool], Fraction] | None:
        """What `perform` would give along every way the dice fall, computed by the ruleset's
        own calculator: each (result, harm to the target, target out of the fight) with its
        exact probability, the target defending with the option whose label is `defence`
        (its policy's choice when None or not offered). None: there is no calculator, and
        `fracas odds` enumerates `perform` instead (the calculators are tested against it)."""
        return None

    def duel(self, state: StateT, first: Combatant, second: Combatant) -> DuelModel | None:
        """The fight of `first` against `second`, alone, as a Markov chain over the state that
        matters between rounds (`fracas odds --duel`, `exact.duel`). None: no duel model, and
        the odds are for `fracas sim` to estimate."""
        return None

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


def order_entry(c: Combatant, **extra: Any) -> dict[str, Any]:
    """One combatant in an order of play: what every ruleset's view gives, and its own."""
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "hidden": c.hidden,
        "active": c.active,
        **extra,
    }


AnyRuleset = Ruleset[Any, Any]
_registered: dict[str, type[AnyRuleset]] = {}


@cache
def installed() -> dict[str, type[AnyRuleset]]:
    """Rulesets installed through the `fracas.rulesets` entry points, by id."""
    found: dict[str, type[AnyRuleset]] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        cls = ep.load()
        if isinstance(cls, type) and issubclass(cls, Ruleset):
            found[cls.id] = cls
    return found


def registry() -> dict[str, type[AnyRuleset]]:
    """Every ruleset, by id: those installed and those registered in this process."""
    return dict(sorted({**installed(), **_registered}.items()))


def register(cls: type[AnyRuleset]) -> type[AnyRuleset]:
    """Register a ruleset in this process (a test's toy ruleset, a notebook's house rules);
    usable as a class decorator. Installed packages use the entry points instead."""
    _registered[cls.id] = cls
    return cls


def get_ruleset(ruleset_id: str) -> AnyRuleset:
    rulesets = registry()
    if ruleset_id not in rulesets:
        known = ", ".join(rulesets) or "none installed"
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
    return rulesets[ruleset_id]()
