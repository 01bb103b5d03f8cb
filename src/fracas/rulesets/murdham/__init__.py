"""Murdham (rules version 2024.11.27, "Combat Rules"): seed 001, RULINGS.md §2.

Module map: `zones` (geometry), `model` (encounter schema), `data` (tables), `state`,
`checks` (saves, exploding and impaired damage), `harm` (health, critical damage, death),
`attack` (attacks, reactions, counters, stunts, non-lethal), `blast`, `turn` (a character's
turn, movement, opportunity attacks), `round` (faction alternation, end of round), `morale`
(morale, surrender, chases), `aftermath` (gear degradation), `policy` (default tactics).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from fracas.core.combatant import BattleState, Side, Status, roster
from fracas.core.controllers import Controller
from fracas.core.events import CombatantSummary
from fracas.core.ruleset import Ruleset
from fracas.core.table import Table
from fracas.rulesets.murdham import data, model
from fracas.rulesets.murdham.aftermath import degrade_gear
from fracas.rulesets.murdham.policy import MurdhamPolicy
from fracas.rulesets.murdham.round import play_round
from fracas.rulesets.murdham.state import Character, MurdhamState, build_character
from fracas.rulesets.murdham.zones import Zone, ZoneMap

_TEMPLATE_KEYS = {"str": "STR", "agi": "AGI", "wit": "WIT"}


class Murdham(Ruleset):
    id = "murdham"
    title = "Murdham"
    source = "Murdham 2024.11.27, Combat Rules (seed 001)"

    def encounter_model(self) -> type[BaseModel]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        out = {}
        for name, row in data.bestiary().items():
            t = {_TEMPLATE_KEYS.get(k, k): v for k, v in row.items()}
            if t.get("armour") is None:
                t.pop("armour", None)
            out[name] = t
        return out

    def setup(self, spec: Any) -> BattleState:
        assert isinstance(spec, model.Encounter)
        zones = zone_map(spec.map)
        members: dict[str, list[Character]] = {side.name: [] for side in spec.sides}
        by_name: dict[str, Character] = {}
        riders: list[tuple[Character, str]] = []
        for e in roster(spec.sides):
            c = build_character(e.sheet, e.name, e.id, e.side, zones)
            c.is_mount = e.sheet.mount
            members[e.side].append(c)
            by_name[e.name] = c
            if e.sheet.rides is not None:
                riders.append((c, e.sheet.rides))
        sides = [Side(name, list(group)) for name, group in members.items()]
        for rider, mount_name in riders:
            mount = by_name.get(mount_name)
            if mount is not None and mount.rider is None:
                rider.riding, mount.rider = mount, rider
                rider.zone, rider.border = mount.zone, mount.border
        state = MurdhamState(
            sides=sides,
            zones=zones,
            options=spec.options,
            initiative=spec.conditions.initiative or "",
            original={s.name: len(s.combatants) for s in sides},
            morale={s.name: s.morale for s in spec.sides},
        )
        state.bonus_round = any(c.concealed for c in state.characters())
        return state

    def play_round(self, table: Table, state: BattleState) -> None:
        assert isinstance(state, MurdhamState)
        play_round(table, state)

    def after_battle(self, table: Table, state: BattleState) -> None:
        assert isinstance(state, MurdhamState)
        degrade_gear(table, state)

    def policy(self, state: BattleState) -> Controller:
        assert isinstance(state, MurdhamState)
        return MurdhamPolicy(state)

    def summary(self, state: BattleState) -> tuple[CombatantSummary, ...]:
        assert isinstance(state, MurdhamState)
        words = {Status.ACTIVE: "fighting"}

        def status(c: Character) -> str:
            if c.status is Status.DOWN:
                return "dying" if c.dying_until is not None else "incapacitated"
            return str(words.get(c.status, c.status.value))

        return tuple(
            CombatantSummary(
                id=c.id,
                name=c.name,
                side=c.side,
                status=status(c),
                hp=c.health,
                hp_max=c.max_health,
                damage_dealt=c.damage_dealt,
                damage_taken=c.damage_taken,
                went_down=c.went_down,
            )
            for c in state.characters()
        )


def zone_map(spec: model.MapSpec) -> ZoneMap:
    if spec.zones is not None:
        zones = [
            Zone(z.name, open=z.open, dark=z.dark, cover=z.cover, hazard=z.hazard)
            for z in spec.zones
        ]
        links = [(z.name, other) for z in spec.zones for other in z.links]
        return ZoneMap.from_zones(zones, links)
    cols, rows = spec.grid or [5, 5]
    grid = ZoneMap.grid(cols, rows)
    zones = [
        Zone(
            n,
            open=n not in spec.closed,
            dark=n in spec.dark,
            cover=n in spec.cover,
            hazard=spec.hazards.get(n),
        )
        for n in grid.zones
    ]
    return ZoneMap(dict((z.name, z) for z in zones), grid.links)
