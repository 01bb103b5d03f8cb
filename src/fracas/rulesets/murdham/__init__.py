"""Murdham (rules version 2024.11.27, "Combat Rules"): seed 001, RULINGS.md §2.

Module map: `zones` (geometry), `model` (encounter schema), `data` (tables), `state`,
`checks` (saves, exploding and impaired damage), `harm` (health, critical damage, death),
`attack` (attacks, reactions, counters, stunts, non-lethal), `blast`, `turn` (a character's
turn, movement, opportunity attacks), `round` (faction alternation, end of round), `morale`
(morale, surrender, chases), `aftermath` (gear degradation), `commands` (the GM's commands),
`policy` (default tactics), `decisions` (the names of the decisions rules ask and policy answers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

from fracas.core.combatant import Combatant, Status, roster
from fracas.core.events import CombatantSummary
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import Ruleset, order_entry
from fracas.core.table import Table
from fracas.rulesets.murdham import attack, data, decisions, model, odds
from fracas.rulesets.murdham import round as murdham_round
from fracas.rulesets.murdham.aftermath import after_battle
from fracas.rulesets.murdham.commands import MurdhamCommands
from fracas.rulesets.murdham.duel import MurdhamDuel
from fracas.rulesets.murdham.map import battle_map as draw_map
from fracas.rulesets.murdham.policy import MurdhamPolicy
from fracas.rulesets.murdham.state import (
    Character,
    Gear,
    MurdhamState,
    Template,
    Weapon,
    build_character,
    fresh_state,
)
from fracas.rulesets.murdham.turn import Strike
from fracas.rulesets.murdham.zones import Zone, ZoneMap


class Murdham(Ruleset[model.Encounter, MurdhamState]):
    id = "murdham"
    title = "Murdham"
    source = "Murdham 2024.11.27, Combat Rules (seed 001)"
    version = "3"

    def encounter_model(self) -> type[model.Encounter]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def names(self) -> Mapping[str, Sequence[str]]:
        return {"weapons": list(data.weapons()), "armour": list(data.armour())}

    def __init__(self) -> None:
        # The zone maps of the encounters set up so far, by their spec (see `zone_map`).
        self._maps: dict[int, tuple[model.MapSpec, ZoneMap]] = {}
        # The last encounter set up, its characters built (see `setup`).
        self._template: Template | None = None

    def setup(self, spec: model.Encounter) -> MurdhamState:
        """A copy of the encounter's characters as built from their sheets (once per
        encounter, `template`): a simulation sets up the same encounter for every battle."""
        template = self._template
        if template is None or template.spec is not spec:
            template = self._template = self.template(spec)
        return fresh_state(template)

    def template(self, spec: model.Encounter) -> Template:
        """The encounter's characters from their sheets, by faction, and who rides what."""
        zones = self.zone_map(spec.map)
        members: dict[str, list[Character]] = {side.name: [] for side in spec.sides}
        riders: list[tuple[str, str]] = []
        for e in roster(spec.sides):
            c = build_character(e.sheet, e.name, e.id, e.side, zones)
            c.is_mount = e.sheet.mount
            members[e.side].append(c)
            if e.sheet.rides is not None:
                riders.append((e.name, e.sheet.rides))
        initiative = spec.conditions.initiative or ""
        morale = {s.name: s.morale for s in spec.sides}
        return Template(spec, members, riders, zones, spec.options, initiative, morale)

    def zone_map(self, spec: model.MapSpec) -> ZoneMap:
        """The encounter's zones, built once and shared by all its battles: nothing in a fight
        changes a zone or a link (M14), and the distances worked out in one battle serve the
        next (issue 10: building the map was a third of setting up a duel)."""
        maps = self._maps
        found = maps.get(id(spec))
        if found is None or found[0] is not spec:
            if len(maps) >= 32:  # a long-lived process sees many encounters: keep the latest
                maps.clear()
            found = maps[id(spec)] = (spec, zone_map(spec))
        return found[1]

    # The round and the end of the fight are compiled functions, called as they are: a method
    # wrapping each would add an interpreted call per round (issue 10).
    play_round = staticmethod(murdham_round.play_round)
    outcome = staticmethod(murdham_round.verdict)

    # Compiled, called as they are (issue 10): gear degradation after the fight (and riders
    # letting go of their mounts), and the default tactics built for each battle.
    after_battle = staticmethod(after_battle)
    policy = staticmethod(MurdhamPolicy)

    battle_map = staticmethod(draw_map)  # the GM screen's map (issue 33)

    def summary(self, state: MurdhamState) -> tuple[CombatantSummary, ...]:
        return tuple(summarize(c) for c in state.characters())

    def card(self, state: MurdhamState, combatant: Combatant) -> dict[str, Any]:
        """The character's zone, its weapons, armour and shield with their wear (seed "Combat
        gear degradation"; guns fired once a combat, M13; consumables spent)."""
        c = cast(Character, combatant)
        gear = [{"name": w.name, "state": gear_state(w.wear, w.fired)} for w in c.weapons]
        for worn in (c.armour, c.shield):
            if worn is not None:
                gear.append({"name": worn.name, "state": gear_state(worn, False)})
        return {"where": f"zone {c.zone}", "gear": gear}

    def commands(self) -> MurdhamCommands:
        return MurdhamCommands()

    def order_of_play(self, state: MurdhamState) -> dict[str, Any]:
        """Seed "Combat procedure": factions take turns activating one character at a time,
        the initiative's faction first; each character once a round (or passing). Entries by
        faction in turn order, each with whether it has taken its turn this round."""
        first = [s for s in state.sides if s.name == state.initiative]
        order = [*first, *(s for s in state.sides if s.name != state.initiative)]
        return {
            "kind": "faction turns",
            "round": state.round,
            "initiative": state.initiative or None,
            "bonus_round": state.bonus_round,
            "entries": [
                order_entry(c, took_turn=c.took_turn, able=c.able, zone=c.zone)
                for side in order
                for c in state.faction(side.name)
            ],
        }

    # --- exact odds (issue 11): one attack, seed "Attacking" to "Reacting to an attack" -----

    defence_decisions = (decisions.REACT,)

    def actions(self, state: MurdhamState, actor: Combatant, target: Combatant) -> list[str]:
        """An attack with each weapon the rules let `actor` use on `target` from where both
        stand (seed "Attacking"), by its name."""
        if not isinstance(actor, Character) or not isinstance(target, Character):
            return []
        if not actor.able or actor.side == target.side:
            return []
        return [w.name for w in actor.weapons if attack.why_not(state, actor, target, w) is None]

    def option_action(
        self, state: MurdhamState, request: ChoiceRequest, option: object
    ) -> tuple[Combatant, Combatant, str] | None:
        """Seed "Attacking": a turn that strikes a target already within reach, to harm it
        with full force, is that weapon's attack (one that closes in first, holds back, or
        is a stunt is not that one action as things stand)."""
        who = request.who
        if request.decision != decisions.TURN or not isinstance(option, Strike):
            return None
        within_reach = option.approach == 0 and option.kind == "damage" and not option.held_back
        if within_reach and isinstance(who, Character):
            return who, option.target, option.weapon.name
        return None

    def perform(
        self, table: Table, state: MurdhamState, actor: Combatant, target: Combatant, action: str
    ) -> str:
        """One attack, named by what came of it for the target: missed (a failed WIT save),
        dodged, countered, a stunt it accepted (incapacitated or surrendered without harm),
        killed, incapacitated (critical damage, M5), wounded, or no harm (armour, M10)."""
        assert isinstance(actor, Character) and isinstance(target, Character)
        weapon = next(w for w in actor.weapons if w.name == action)
        before = Counter(state.tally)
        health = target.health
        attack.attack(table, state, actor, target, weapon)
        for key, name in _ATTACK_TALLIES:
            if state.tally[key] > before[key]:
                return name
        if target.status is Status.DEAD:
            return "killed"
        if target.health == health and target.status is not Status.ACTIVE:
            return "surrendered" if target.status is Status.SURRENDERED else "stunt"
        if target.incapacitated:
            return "incapacitated"
        return "wounded" if target.health < health else "no harm"

    def calculate(
        self,
        state: MurdhamState,
        actor: Combatant,
        target: Combatant,
        action: str,
        defence: str | None,
    ) -> dict[tuple[str, int, bool], Fraction] | None:
        """`perform`'s results by `odds.attack_effects` (exploding dice cut off where the
        enumerator cuts them); None where it does not follow the rules (blasts, guards…)."""
        assert isinstance(actor, Character) and isinstance(target, Character)
        weapon = next(w for w in actor.weapons if w.name == action)
        # Each result's effects added as integers inside the calculator (issue 35).
        found = odds.attack_results(state, actor, target, weapon, defence, MurdhamPolicy(state))
        return None if found is None else found[0]

    def duel(self, state: MurdhamState, first: Combatant, second: Combatant) -> MurdhamDuel:
        """Health, conditions, gear and morale, round by round (`duel.MurdhamDuel`)."""
        assert isinstance(first, Character) and isinstance(second, Character)
        return MurdhamDuel(state, first, second)


def condition(c: Character) -> str:
    """Murdham's words for where a character stands (M5, M6, seed "Surrendering")."""
    if c.status is Status.DOWN:
        return "dying" if c.dying_until is not None else "incapacitated"
    return "fighting" if c.status is Status.ACTIVE else c.status.value


def summarize(c: Character) -> CombatantSummary:
    return CombatantSummary.of(c, condition(c), {"health": (c.health, c.max_health)})


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


# What the attack procedure counts in the battle's tally, and the outcome it names.
_ATTACK_TALLIES = (
    ("attacks missed", "missed"),
    ("attacks dodged", "dodged"),
    ("attacks countered", "countered"),
)


def gear_state(item: Weapon | Gear, fired: bool) -> str:
    """Wear in words: destroyed, damaged, spent (fired), or ready."""
    if item.destroyed:
        return "destroyed"
    words = [w for w, on in (("damaged", item.damaged), ("fired", fired)) if on]
    return ", ".join(words) or "ready"
