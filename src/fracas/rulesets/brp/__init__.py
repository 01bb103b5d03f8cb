"""Basic Roleplaying (Chaosium BRP SRD 1.0, chapter 5 Combat): seed 002, RULINGS.md §3.

Module map, in the book's order: `derived` (2.5 derived characteristics, success levels),
`actions` (5.2 intents, 5.3 movement limits), `round` (5.1 the round's four phases),
`combat` (5.5–5.13 attack, parry, dodge, matrix, damage), `healing` (5.14 First Aid, 5.12
death), `policy` (default tactics), `data/` (every table of the seed, as YAML).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from fracas.core.combatant import BattleState, Combatant, Side, Status, roster
from fracas.core.controllers import Controller
from fracas.core.events import CombatantSummary
from fracas.core.ruleset import Ruleset
from fracas.core.table import Table
from fracas.rulesets.brp import data, model
from fracas.rulesets.brp.policy import BRPPolicy
from fracas.rulesets.brp.round import play_round
from fracas.rulesets.brp.state import BRPState, build_fighter


class BRP(Ruleset):
    id = "brp"
    title = "Basic Roleplaying"
    source = "BRP SRD 1.0, 5. Combat (seed 002)"

    def encounter_model(self) -> type[BaseModel]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def setup(self, spec: Any) -> BattleState:
        assert isinstance(spec, model.Encounter)
        fighters: dict[str, list[Combatant]] = {side.name: [] for side in spec.sides}
        for e in roster(spec.sides):
            fighters[e.side].append(build_fighter(e.sheet, e.name, e.id, e.side, offset=e.copy))
        sides = [Side(name, members) for name, members in fighters.items()]
        return BRPState(sides=sides, options=spec.options, conditions=spec.conditions)

    def play_round(self, table: Table, state: BattleState) -> None:
        assert isinstance(state, BRPState)
        play_round(table, state)

    def policy(self, state: BattleState) -> Controller:
        assert isinstance(state, BRPState)
        return BRPPolicy(state)

    def summary(self, state: BattleState) -> tuple[CombatantSummary, ...]:
        assert isinstance(state, BRPState)
        words = {Status.DOWN: "unconscious", Status.ACTIVE: "fighting"}
        return tuple(
            CombatantSummary(
                id=f.id,
                name=f.name,
                side=f.side,
                status=words.get(f.status, f.status.value),
                hp=f.hp,
                hp_max=f.hp_max,
                damage_dealt=f.damage_dealt,
                damage_taken=f.damage_taken,
                went_down=f.went_down,
            )
            for f in state.fighters()
        )
