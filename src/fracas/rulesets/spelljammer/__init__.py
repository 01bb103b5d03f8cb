"""The "Champions of the Empire" Spelljammer combat rules (seed 004, RULINGS.md §5, checklist
spelljammer.md), stages 1 and 2: the segment count-down, Strike Chance against DEF,
criticals and grievous hits, stun, spell casting times; surprise and ambush, invisible foes,
shooting into melee, stuck missiles, weapon handling, shields, potions, free and held
actions, the remaining exceptions.

Module map: `model` (encounter schema), `data` (tables), `setup` (stat block → fighter),
`state` (fighters, plans, the agenda), `space` (squares on the plane), `options` (what may be
declared), `initiative` (a roll per attack), `casting` (casting times and releases),
`movement` (tenths of a move a segment, the free move), `hitting` (SC, DEF, the d100 and the
table), `combat` (one attack, damage, stun, going down), `round` (declarations and the
count-down), `commands` (the GM's commands), `policy` (default tactics), `decisions`,
`events`, `odds` (the exact odds of one attack); stage 2: `surprise` (surprise and ambush),
`sight` (invisible foes), `into_melee` (shooting into melee), `missiles` (stuck missiles,
First Aid), `handling` (weapons, shields, potions, free actions).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

from fracas.core.combatant import Combatant, Side, Status, roster
from fracas.core.controllers import Controller
from fracas.core.errors import FracasError
from fracas.core.events import CombatantSummary
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import Ruleset, order_entry
from fracas.core.table import Table
from fracas.rulesets.spelljammer import data, decisions, model, odds, space
from fracas.rulesets.spelljammer.commands import SjCommands
from fracas.rulesets.spelljammer.map import battle_map as draw_map
from fracas.rulesets.spelljammer.policy import SjPolicy
from fracas.rulesets.spelljammer.round import after_battle, play_round
from fracas.rulesets.spelljammer.setup import build, place
from fracas.rulesets.spelljammer.state import Arm, Fighter, Plan, SjState, clone_state


class Spelljammer(Ruleset[model.Encounter, SjState]):
    id = "spelljammer"
    title = "Spelljammer (Champions of the Empire)"
    source = "Champions of the Empire Spelljammer, combat (seed 004), stage 2: complete"
    version = "2"

    def encounter_model(self) -> type[model.Encounter]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def names(self) -> Mapping[str, Sequence[str]]:
        return {"weapons": list(data.weapons())}  # each weapon's `weapon` (model.Weapon)

    _template: tuple[model.Encounter, SjState] | None = None

    def setup(self, spec: model.Encounter) -> SjState:
        """Each battle copies the encounter's template (`build_state`), built once (issue 35:
        the sheets' arithmetic once per encounter, as OD&D, BRP and Murdham do)."""
        template = self._template
        if template is None or template[0] is not spec:
            template = (spec, self.build_state(spec))
            self._template = template
        return clone_state(template[1])

    def build_state(self, spec: model.Encounter) -> SjState:
        """The encounter's fighters built from their sheets and placed: the template."""
        members: dict[str, list[Combatant]] = {side.name: [] for side in spec.sides}
        index = {side.name: i for i, side in enumerate(spec.sides)}
        for order, e in enumerate(roster(spec.sides)):
            f = build(e.sheet, e.name, e.id, e.side, order)
            place(f, e.sheet, e.copy, index[e.side], len(members[e.side]), spec.conditions.distance)
            ambush = spec.conditions.ambush
            f.hidden = ambush is not None and e.side == ambush.by  # SJ-U19: GM-only until sprung
            if spec.options.hp_at_encounter_start:
                f.wound_base = f.hp  # SJ-U17 option: the hit points as the encounter starts
            members[e.side].append(f)
        return SjState(
            sides=[Side(name, group) for name, group in members.items()],
            conditions=spec.conditions,
            options=spec.options,
        )

    # The compiled functions themselves, not interpreted methods wrapping them (issue 35):
    # the round, and the fighters letting go of one another after a simulated battle.
    play_round = staticmethod(play_round)
    after_battle = staticmethod(after_battle)

    def policy(self, state: SjState) -> Controller:
        return SjPolicy(state)

    battle_map = staticmethod(draw_map)  # the GM screen's map (issue 33)

    def summary(self, state: SjState) -> tuple[CombatantSummary, ...]:
        return tuple(summarize(c) for c in state.fighters())

    def commands(self) -> SjCommands:
        return SjCommands()

    def order_of_play(self, state: SjState) -> dict[str, Any]:
        """Rules 28–32: the count-down — each fighter's attack segments and its spell's start
        and release this round, highest first (fighters with nothing scheduled last)."""

        def first(f: Fighter) -> int:
            marks = [*f.scheduled, *([f.cast_start] if f.casting is not None else [])]
            return -max(marks, default=-99)

        return {
            "kind": "segment count-down",
            "round": state.round,
            "segment": state.segment,
            "entries": [
                order_entry(
                    f,
                    attacks=sorted(f.scheduled, reverse=True),
                    casting=f.casting.name if f.casting is not None else None,
                    release=f.release if f.casting is not None else None,
                    plan=str(f.plan) if f.plan is not None else None,
                    stunned=f.stunned,
                    held=f.held,
                    ambush=f"{f.ambush_band}× PER" if f.ambush_band else None,
                )
                for f in sorted(state.fighters(), key=first)
            ],
        }

    def card(self, state: SjState, combatant: Combatant) -> dict[str, Any]:
        """Where it stands (squares), its weapons with SC, rank and where they are (in hand,
        sheathed, dropped), DEF and PROT, a slung shield, missiles stuck in it, potions."""
        f = cast(Fighter, combatant)
        gear = [
            {"name": a.data.name, "state": f"SC {a.sc}, rank {a.rank}, {a.damage}{where(a)}"}
            for a in f.arms
        ]
        parts = f.def_dex + f.def_skill + f.def_shield + f.def_magic_always + f.def_magic_other
        gear.append({"name": "DEF", "state": str(parts)})
        gear.append({"name": "PROT", "state": f"{f.prot_armour} armour + {f.prot_natural}"})
        gear.extend({"name": s.name, "state": f"{s.uses} left"} for s in f.spells)
        if f.shield_slung:
            gear.append({"name": "shield", "state": "slung (no DEF until readied)"})
        gear.extend(
            {"name": f"stuck {m.missile}", "state": f"{m.dex:+d} DEX, {m.bleed} a round"}
            for m in f.stuck
        )
        gear.extend({"name": p.name, "state": f"{p.count} left"} for p in f.potions)
        return {"where": space.where(f), "gear": gear}

    # --- exact odds (issue 11): one attack (rules 37–71) -----------------------------------

    def actions(self, state: SjState, actor: Combatant, target: Combatant) -> list[str]:
        """The attack with the weapon in hand, when `actor` has one, can act and can reach
        `target` this round; its damage spells in range (issue 30). Nothing offered because
        the target is out of reach: refused, saying so."""
        if not isinstance(actor, Fighter) or not isinstance(target, Fighter):
            return []
        if not actor.able or not target.able or actor.side == target.side or actor.stunned:
            return []
        out, why = [], ""
        if actor.armed:
            why = odds.out_of_reach(state, actor, target)
            if not why:
                out.append(odds.attack_name(actor))
        out.extend(odds.spell_names(actor, target))
        if not out and why:
            raise FracasError(why)
        return out

    def option_action(
        self, state: SjState, request: ChoiceRequest, option: object
    ) -> tuple[Combatant, Combatant, str] | None:
        """A declared attack on a target in reach, from where it stands and giving up no SC,
        is one attack on it as things stand; so is a new target's choice (SJ-U7). Moving,
        running (−25 SC), Defending, Careful Aim (+15), attacking then moving, another
        weapon, or a shield or potion alongside change the attack, and have no odds beside
        them."""
        who = request.who
        if not isinstance(who, Fighter) or not who.armed:
            return None
        if request.decision == decisions.DECLARE and isinstance(option, Plan):
            t = option.target
            if option.action != "attack" or t is None or option.sacrifice:
                return None
            if option.handling or option.extra:  # another weapon, or fewer attacks
                return None
            if option.mode in ("stand", "still") and space.in_reach(who, t):
                return who, t, odds.attack_name(who)
            return None
        if request.decision == decisions.RETARGET and isinstance(option, Fighter):
            return who, option, odds.attack_name(who)
        return None

    def perform(
        self, table: Table, state: SjState, actor: Combatant, target: Combatant, action: str
    ) -> str:
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        if action.startswith(odds.CAST):
            return odds.perform_spell(table, state, actor, target, action)
        return odds.perform(table, state, actor, target)

    def calculate(
        self,
        state: SjState,
        actor: Combatant,
        target: Combatant,
        action: str,
        defence: str | None,
    ) -> dict[tuple[str, int, bool], Fraction] | None:
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        if action.startswith(odds.CAST):
            return odds.spell_outcomes(state, actor, target, action)
        return odds.attack_outcomes(state, actor, target)


def where(a: Arm) -> str:
    """Rules 150–154, 199: a weapon not in hand says where it is."""
    return "" if a.state == "in_hand" else f", {a.state}"


def summarize(c: Fighter) -> CombatantSummary:
    word = "fighting" if c.status is Status.ACTIVE else c.status.value
    return CombatantSummary.of(c, word, {"hp": (c.hp, c.max_hp), "PROT": c.prot()})
