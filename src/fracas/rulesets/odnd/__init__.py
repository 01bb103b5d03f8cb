"""OD&D house rules (seed 003, RULINGS.md §4, checklist odnd.md), stage 1: the skirmish game.

Module map: `model` (encounter schema), `data` (tables), `setup` (stat block → fighter),
`state`, `space` (feet on the plane), `attack` (one attack: matrix, naturals, fumble, crit,
damage), `strikes` (an attack's situation), `moves` (movement, charges, retreat), `magic`
(spells, saves), `opening` (distance, reaction), `round` (surprise, initiative,
declarations, segments and slots, morale), `shortcut` (the averaging shortcut), `commands`
(the GM's commands), `policy` (default tactics), `decisions`, `events`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from fracas.core.combatant import Combatant, Side, Status, roster
from fracas.core.controllers import Controller
from fracas.core.events import CombatantSummary
from fracas.core.outcome import Verdict
from fracas.core.ruleset import Ruleset, order_entry
from fracas.core.table import Table
from fracas.rulesets.odnd import data, model
from fracas.rulesets.odnd.commands import OdndCommands
from fracas.rulesets.odnd.policy import OdndPolicy
from fracas.rulesets.odnd.round import play_round
from fracas.rulesets.odnd.setup import arrange, build, place
from fracas.rulesets.odnd.space import where
from fracas.rulesets.odnd.state import Fighter, OdndState

ROUT = "rout"  # seed "check monster morale": the beaten side ran
NO_COMBAT = "no combat"  # rules 117-118, ODD-U29: the monsters' reaction was friendly


class Odnd(Ruleset[model.Encounter, OdndState]):
    id = "odnd"
    title = "OD&D house rules"
    source = "OD&D house rules, combat (seed 003), stage 1: the skirmish game"
    version = "1"

    def encounter_model(self) -> type[model.Encounter]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def names(self) -> Mapping[str, Sequence[str]]:
        return {"weapons": list(data.weapons())}

    def setup(self, spec: model.Encounter) -> OdndState:
        members: dict[str, list[Fighter]] = {side.name: [] for side in spec.sides}
        groups: dict[str, list[Fighter]] = {}
        for e in roster(spec.sides):
            f = build(e.sheet, e.name, e.id, e.side, spec.options)
            place(f, e.sheet, e.copy)
            # ODD-U30: a die per PC, one per monster group (its sheet, or `group:`); the
            # party's one die as an option.
            if f.kind == "character":
                f.group = f"{e.side} (party)" if spec.conditions.party_die else e.name
            else:
                f.group = e.sheet.group or e.sheet.name
            members[e.side].append(f)
            groups.setdefault(f.group, []).append(f)
        state = OdndState(
            sides=[Side(name, list(group)) for name, group in members.items()],
            conditions=spec.conditions,
            options=spec.options,
            surprise_chances={s.name: (s.surprises_on, s.surprised_on) for s in spec.sides},
            groups=groups,
            group_size={g: len(m) for g, m in groups.items()},
        )
        arrange(state, spec)
        return state

    def play_round(self, table: Table, state: OdndState) -> None:
        play_round(table, state)

    def outcome(self, state: OdndState) -> Verdict | None:
        if state.no_combat:  # ODD-U29: a friendly reaction
            return Verdict(None, NO_COMBAT)
        verdict = super().outcome(state)
        if verdict is None or verdict.winner is None:
            return verdict
        beaten = [c for c in state.fighters() if c.side != verdict.winner]
        if beaten and any(c.status is Status.FLED for c in beaten):
            return Verdict(verdict.winner, ROUT)
        return verdict

    def policy(self, state: OdndState) -> Controller:
        return OdndPolicy(state)

    def summary(self, state: OdndState) -> tuple[CombatantSummary, ...]:
        return tuple(summarize(c) for c in state.fighters())

    def commands(self) -> OdndCommands:
        return OdndCommands()

    def order_of_play(self, state: OdndState) -> dict[str, Any]:
        """Rules 118–127 (ODD-U30, U31): a d6 per PC and per monster group, high first;
        groups with the same roll share a slot and strike simultaneously. Entries in slot
        order (groups not yet rolled for last), each with its group, its roll and this
        round's declaration."""
        rolls = state.initiative
        ordered = sorted(
            (f for members in state.groups.values() for f in members),
            key=lambda f: -rolls.get(f.group, 0),
        )
        return {
            "kind": "group initiative",
            "round": state.round,
            "entries": [
                order_entry(
                    f,
                    group=f.group,
                    initiative=rolls.get(f.group),
                    surprised=f.surprised,
                    target=f.plan_target.name if f.plan_target is not None else None,
                    parrying=f.parrying,
                    action=f.action or None,  # ODD-U23: this round's declared action
                )
                for f in ordered
            ],
        }

    def card(self, state: OdndState, combatant: Combatant) -> dict[str, Any]:
        """Its armour class (descending, with shield and DEX, rules 1–2) and weapons."""
        f = cast(Fighter, combatant)
        gear = [
            {"name": w.data.name, "state": f"{w.damage}, {w.to_hit:+d} to hit"} for w in f.weapons
        ]
        shield = " with shield" if f.shield else ""
        gear.append({"name": "armour class", "state": f"AC {f.base_ac}{shield}"})
        return {"where": where(state, f), "gear": gear}


def summarize(c: Fighter) -> CombatantSummary:
    word = "fighting" if c.status is Status.ACTIVE else c.status.value
    return CombatantSummary.of(c, word, {"hp": (c.hp, c.max_hp)})
