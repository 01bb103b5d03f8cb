"""The default Spelljammer tactics, for every side nobody else controls. It reads the state
and scores the plans the rules offer; it never rolls and never changes the state.

- attack where the expected damage this round, weighed by the target's hit points left (the
  chance of a kill), is best; attacks a move or a run would cost and the SC a run costs count
  against it, so it stands and fights when it can;
- give up SC to Defending when badly hurt (a third of its hit points or less) and
  outnumbered; Full Defense only when nothing can be attacked; never Desperate Defense;
- casters: go on with a carried spell; cast a damaging spell when it beats their weapon,
  with no movement (+3 initiative) when no foe can reach them this round (keeping out of
  reach), healing on an ally down to half its hit points;
- a new target (SJ-U7): the one with the fewest hit points; never push a desperate defender
  out of reach (SJ-U28); an attack-and-move fighter makes all its attacks (SJ-U29).
"""

from __future__ import annotations

from typing import Any

from fracas.core.controllers import UnknownDecision, best_index
from fracas.core.requests import ChoiceRequest
from fracas.dice import compile_dice
from fracas.rulesets.spelljammer import decisions, hitting, initiative, space
from fracas.rulesets.spelljammer.state import Fighter, Plan, SjState


def mean(dice: str) -> float:
    dist = compile_dice(dice).distribution()
    return float(sum(v * dist.probability(v) for v in dist.outcomes()))


def modified(state: SjState, me: Fighter, target: Fighter) -> int:
    """SC − DEF as things stand before the round (no plan of `me`'s yet)."""
    return hitting.strike_chance(state, me, target, None) - hitting.defence(
        state, target, me, 11, None
    )


def hit_chance(base: int, penalty: int) -> float:
    """About how often an attack hits: (SC − DEF) in 100, between the automatic 3 and 95."""
    return min(95, max(3, base - penalty)) / 100


class SjPolicy:
    def __init__(self, state: SjState) -> None:
        self.state = state
        self._means: dict[str, float] = {}
        self._modified: dict[int, int] = {}  # per target, for the declaration being scored

    def _mean(self, dice: str) -> float:
        if dice not in self._means:
            self._means[dice] = mean(dice)
        return self._means[dice]

    def choose(self, request: ChoiceRequest) -> int:
        who = request.who
        options: list[Any] = list(request.options)
        if isinstance(who, Fighter):
            if request.decision == decisions.DECLARE:
                self._modified = {}
                return best_index([self._plan(who, p) for p in options])
            if request.decision == decisions.RETARGET:
                return best_index([-float(t.hp) for t in options])
            if request.decision == decisions.PUSH:
                return 0  # keep the desperate defender in reach
            if request.decision == decisions.MOVE_NOW:
                return 0  # keep attacking
        raise UnknownDecision(f"the Spelljammer policy has no answer to {request.decision!r}")

    def _plan(self, me: Fighter, plan: Plan) -> float:
        if plan.action == "continue":
            return 100.0
        if plan.action == "desperate":
            return -1.0 if plan.mode == "stand" else -2.0
        if plan.action == "full":
            return 0.0
        if plan.action == "advance":
            return 0.01
        assert plan.target is not None
        if plan.action == "cast":
            return self._cast(me, plan)
        return self._attack(me, plan)

    def _attack(self, me: Fighter, plan: Plan) -> float:
        assert plan.target is not None
        t = plan.target
        run = 25 if plan.mode == "run" else 0
        p = hit_chance(self._base(me, t), run + plan.sacrifice)
        n = initiative.kept_attacks(me.attacks, plan.mode)
        value = n * p * self._mean(me.weapon.damage) / max(1, t.hp) * (1 + 1 / max(1, t.hp))
        hurt = 3 * me.hp <= me.max_hp
        if plan.sacrifice:
            return value + (0.5 if hurt and self._threats(me) > 1 else -0.001)
        if plan.mode == "then_move":
            return -0.5  # stepping away gains nothing here: there is no fleeing the fight
        if plan.mode == "aim":  # +15 on the shots left; a one-attack archer shoots next round
            return value * (1.15 if n else 0.0) + (0.0 if n else 0.5 * self._aim_next(me, t))
        if plan.mode == "still":
            value *= 1.15 if me.aimed else 1.0
            return value - 0.002  # −20 DEF for +3 initiative: only a missile user standing off
        return value

    def _cast(self, me: Fighter, plan: Plan) -> float:
        spell, t = plan.spell, plan.target
        assert spell is not None and t is not None
        safe = self._threats(me) == 0
        bonus = 0.001 if plan.still == safe else -0.001
        if spell.heal:
            need = t.max_hp - t.hp
            return (2.0 if 2 * t.hp <= t.max_hp else 0.1) * min(
                need, self._mean(spell.heal)
            ) + bonus
        value = self._mean(spell.damage) / max(1, t.hp) * (1 + 1 / max(1, t.hp)) * 1.5
        return value + bonus

    def _aim_next(self, me: Fighter, t: Fighter) -> float:
        """A one-attack archer aiming now: half its next, better, shot's value, when no foe
        can reach it this round."""
        if self._threats(me) or me.aimed:
            return 0.0
        p = hit_chance(self._base(me, t), -15)
        return p * self._mean(me.weapon.damage) / max(1, t.hp)

    def _base(self, me: Fighter, t: Fighter) -> int:
        key = id(t)
        if key not in self._modified:
            self._modified[key] = modified(self.state, me, t)
        return self._modified[key]

    def _threats(self, me: Fighter) -> int:
        """Foes who could reach `me` in melee this round (a run and a step)."""
        return sum(
            1 for e in self.state.enemies_of(me)
            if isinstance(e, Fighter) and e.able and e.arms and not e.weapon.data.ranged
            and space.gap(e, me) <= space.REACH + e.tmr
        )  # fmt: skip
