"""Basic Roleplaying (Chaosium BRP SRD 1.0, chapter 5 Combat): seed 002, RULINGS.md §3.

Module map, in the book's order: `derived` (2.5 derived characteristics, success levels),
`actions` (5.2 intents, 5.3 movement limits), `round` (5.1 the round's four phases),
`combat` (5.5–5.13 attack, parry, dodge, matrix, damage), `healing` (5.14 First Aid, 5.12
death), `commands` (the GM's commands), `policy` (default tactics), `decisions` (the names of
the decisions rules ask and the policy answers), `data/` (every table of the seed, as YAML).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, cast

from fracas.core.combatant import Combatant, Status, last_side_standing
from fracas.core.events import CombatantSummary
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import Ruleset, order_entry
from fracas.core.table import Table
from fracas.rulesets.brp import combat, data, decisions, model, odds
from fracas.rulesets.brp import round as brp_round
from fracas.rulesets.brp.actions import Action, Attack
from fracas.rulesets.brp.commands import BRPCommands
from fracas.rulesets.brp.duel import BRPDuel
from fracas.rulesets.brp.map import battle_map as draw_map
from fracas.rulesets.brp.policy import BRPPolicy
from fracas.rulesets.brp.round import action_key
from fracas.rulesets.brp.state import BRPState, Fighter, Weapon
from fracas.rulesets.brp.state import setup as brp_setup


class BRP(Ruleset[model.Encounter, BRPState]):
    id = "brp"
    title = "Basic Roleplaying"
    source = "BRP SRD 1.0, 5. Combat (seed 002)"
    version = "3"

    def encounter_model(self) -> type[model.Encounter]:
        return model.Encounter

    def templates(self) -> Mapping[str, Mapping[str, Any]]:
        return data.templates()

    def names(self) -> Mapping[str, Sequence[str]]:
        return {
            "weapons": list(data.weapons()),
            "armour": list(data.armour()),
            "shield": list(data.shields()),
            "skills": list(data.skills()),
        }

    # Compiled, called as it is (issue 35; `state.setup`): the fighters are built once per
    # encounter and copied for each battle.
    setup = staticmethod(brp_setup)

    # The round and the core's end of the fight are compiled functions, called as they are:
    # a method wrapping each would add an interpreted call per round (issue 10).
    play_round = staticmethod(brp_round.play_round)
    outcome = staticmethod(last_side_standing)

    # Compiled, called as they are (issue 35): the fight's counts written into its tally, and
    # the default tactics built for each battle; a method wrapping each was an interpreted
    # call per battle.
    after_battle = staticmethod(brp_round.after_battle)
    policy = staticmethod(BRPPolicy)

    battle_map = staticmethod(draw_map)  # the GM screen's map (issue 33)

    def summary(self, state: BRPState) -> tuple[CombatantSummary, ...]:
        return tuple(summarize(f) for f in state.fighters())

    def card(self, state: BRPState, combatant: Combatant) -> dict[str, Any]:
        """The fighter's weapons with their hit points, shots and reloading (§5.6, §5.9), its
        shield and armour, and where it stands."""
        card = super().card(state, combatant)
        f = cast(Fighter, combatant)
        gear = [{"name": w.name, "state": weapon_state(w)} for w in f.weapons]
        if f.shield is not None:
            gear.append({"name": f.shield.bash.name, "state": f"{f.shield.hp} HP"})
        if f.armour:
            gear.append({"name": "armour", "state": f"{f.armour} points"})
        return {**card, "gear": gear}

    def commands(self) -> BRPCommands:
        return BRPCommands()

    def order_of_play(self, state: BRPState) -> dict[str, Any]:
        """§5.1–5.4: the DEX ranks. Once intents are stated, the fighters in the order they
        act (rank after moving, weapon length, skill: `round.action_key`), with their intent;
        before, by DEX. A fighter with no rank (it ran, §5.3) or no action comes last."""
        fighters = state.fighters()
        acting = [f for f in fighters if isinstance(f.intent, Action) and f.rank]
        acting.sort(key=action_key)
        rest = sorted((f for f in fighters if f not in acting), key=lambda f: -f.dex)
        return {
            "kind": "DEX ranks",
            "round": state.round,
            "entries": [
                order_entry(
                    f,
                    dex=f.dex,
                    rank=math.floor(f.rank) if f in acting and f.rank is not None else None,
                    intent=str(f.intent) if f.intent is not None else None,
                )
                for f in [*acting, *rest]
            ],
        }

    # --- exact odds (issue 11): one attack, §5.5 to §5.13 -----------------------------------

    defence_decisions = (decisions.DEFEND,)

    def actions(self, state: BRPState, actor: Combatant, target: Combatant) -> list[str]:
        """An attack with each weapon `actor` can strike `target` with now (by its name)."""
        if not isinstance(actor, Fighter) or not isinstance(target, Fighter):
            return []
        if not actor.active or actor.side == target.side:
            return []
        return [str(w) for w in actor.arms() if w.ready]

    def option_action(
        self, state: BRPState, request: ChoiceRequest, option: object
    ) -> tuple[Combatant, Combatant, str] | None:
        """§5.2: an intent to attack is an attack with that weapon on that target."""
        who = request.who
        if request.decision != decisions.INTENT or not isinstance(option, Attack):
            return None
        return (who, option.target, str(option.weapon)) if isinstance(who, Fighter) else None

    def perform(
        self, table: Table, state: BRPState, actor: Combatant, target: Combatant, action: str
    ) -> str:
        weapon = _weapon(actor, action)
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        return combat.resolve_attack(table, state, actor, target, weapon)

    def calculate(
        self,
        state: BRPState,
        actor: Combatant,
        target: Combatant,
        action: str,
        defence: str | None,
    ) -> dict[tuple[str, int, bool], Fraction]:
        assert isinstance(actor, Fighter) and isinstance(target, Fighter)
        policy = BRPPolicy(state)
        return odds.attack_outcomes(state, actor, target, _weapon(actor, action), defence, policy)

    def duel(self, state: BRPState, first: Combatant, second: Combatant) -> BRPDuel:
        """Hit points, items, ammunition and places, round by round (`duel.BRPDuel`)."""
        assert isinstance(first, Fighter) and isinstance(second, Fighter)
        return BRPDuel(state, first, second)


def condition(f: Fighter) -> str:
    """BRP's words for where a fighter stands (§5.12, §5.14)."""
    if f.status is Status.DOWN:
        return "unconscious" if f.unconscious else "dying"
    return "fighting" if f.status is Status.ACTIVE else f.status.value


def summarize(f: Fighter) -> CombatantSummary:
    return CombatantSummary.of(f, condition(f), {"HP": (f.hp, f.hp_max)})


def _weapon(actor: Combatant, name: str) -> Weapon:
    assert isinstance(actor, Fighter)
    return next(w for w in actor.arms() if str(w) == name)


def weapon_state(w: Weapon) -> str:
    """A weapon's state in words: broken, its hit points, shots left, needing a reload."""
    if w.broken:
        return "broken"
    words = [f"{w.chance}%"]
    if w.hp is not None:
        words.append(f"{w.hp} HP")
    if w.shots is not None:
        words.append(f"{w.shots} shots")
    if w.needs_reload and w.shots == 0:
        words.append("to reload")
    return ", ".join(words)
