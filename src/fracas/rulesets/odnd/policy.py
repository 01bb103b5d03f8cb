"""The default OD&D tactics, for every side nobody else controls. It reads the state and
scores the options the rules offer; it never rolls and never changes the state.

- declare against the enemy where the expected damage a round, weighed against the hit
  points left (the chance of a kill), is best; sweep normal men when the sweep's expected
  kills beat a single attack (ODD-U11);
- charge (rule 77) when a foe is beyond half a move but within a full one (the charge's +2
  and double damage), unless it stands behind a set spear; run toward foes out of reach;
- set a spear (rule 83) when an unengaged foe could charge it; cast a damaging spell when
  it beats an attack, haste on an ally not yet hasted; stand ready (parry) rather than run
  at a foe who can reach it this round;
- parry (rule 92) only when down to a quarter of its hit points; a shooter caught in a melee
  withdraws (rule 51); otherwise never withdraw or retreat (morale decides flight, ODD-U28);
  the players' side always chooses to fight (rule 118);
- pick each sweep victim, or a new target, by the same measure: the weakest able enemy
  first, the lowest hit points, then the earliest in the roster (ODD-U12's pinned targeting).
"""

from __future__ import annotations

from typing import Any

from fracas.core.combatant import Side
from fracas.core.controllers import UnknownDecision, best_index
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.odnd import data, decisions, moves, shortcut, space
from fracas.rulesets.odnd.attack import armour_class, needed_at
from fracas.rulesets.odnd.round import Plan
from fracas.rulesets.odnd.state import Fighter, OdndState


def hit_chance(attacker: Fighter, target: Fighter) -> float:
    """The chance of a hit with the first weapon (ignoring the situation): between 1 and 19
    in 20 (a natural 20 always hits, a natural 1 always misses)."""
    ac = armour_class(target, attacker, True, not attacker.weapons[0].data.ranged)
    needed = needed_at(attacker, ac)
    return min(19, max(1, 21 - needed)) / 20


def value(attacker: Fighter, target: Fighter, attacks: int) -> float:
    """Expected hits, each worth more the likelier it kills (low hit points first)."""
    return attacks * hit_chance(attacker, target) * (1.0 + 1.0 / max(1, target.hp))


class OdndPolicy:
    def __init__(self, state: OdndState) -> None:
        self.state = state

    def choose(self, request: ChoiceRequest) -> int:
        who = request.who
        options: list[Any] = list(request.options)
        if isinstance(who, Side) and request.decision == decisions.PLAYERS:
            return 0  # rule 118: fight
        if isinstance(who, Fighter) and not isinstance(who, Side):
            if request.decision == decisions.DECLARE:
                return best_index([self._plan(who, o) for o in options])
            if request.decision == decisions.VICTIM:
                return best_index([self._victim(who, o) for o in options])
        raise UnknownDecision(f"the OD&D policy has no answer to {request.decision!r}")

    def _plan(self, me: Fighter, plan: Plan) -> float:
        if plan.action == "parry":  # only when nearly dead (a quarter of its hp or less)
            return 0.6 if 4 * me.hp <= me.max_hp else 0.0
        if plan.action == "set":  # against a foe who could charge and has not set its own
            threats = [
                e for e in self.state.enemies_of(me)
                if isinstance(e, Fighter) and e.active and not e.spear_set
                and moves.can_charge(self.state, e, me)
            ]  # fmt: skip
            return max((3 * value(me, e, 1) for e in threats), default=-1.0)
        if plan.action == "withdraw" and me.primary.data.ranged:
            return 0.5  # a shooter caught in a melee backs out to shoot again (ODD-U40)
        if plan.target is None:  # withdraw, retreat
            return -1.0
        if plan.action == "run":  # run at them unless they can come to it (then stand ready)
            return -0.5 if self._threatened(me) else 0.01
        if plan.action == "cast":
            return self._spell(me, plan)
        if plan.action == "charge":  # +2 to hit, double damage (rule 85)
            return 0.1 if plan.target.spear_set else 2.5 * value(me, plan.target, 1)
        if plan.sweep:
            victims = sum(
                1
                for e in self.state.enemies_of(me)
                if e.active and isinstance(e, Fighter) and e.normal_man
            )
            return value(me, plan.target, min(me.sweep_attacks, max(1, victims)))
        return value(me, plan.target, me.attacks)

    def _threatened(self, me: Fighter) -> bool:
        """Some foe can reach `me` this round (rules 42, 77)."""
        return any(
            isinstance(e, Fighter) and e.active and not e.primary.data.ranged
            and space.gap(self.state, e, me) <= space.turn_move(self.state, e)
            for e in self.state.enemies_of(me)
        )  # fmt: skip

    def _spell(self, me: Fighter, plan: Plan) -> float:
        row = data.spells()[plan.spell]
        assert plan.target is not None
        if row.effect == "haste":
            return -1.0 if plan.target.hasted else 1.0
        hurt = shortcut.mean(row.damage) if row.damage else 0.0
        return hurt / max(1, plan.target.hp) + 0.2 * hurt

    def _victim(self, me: Fighter, target: Fighter) -> float:
        return value(me, target, 1)
