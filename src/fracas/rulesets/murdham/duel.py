"""A Murdham duel as an absorbing Markov chain (issue 11; `fracas.exact.duel`).

The state between rounds: who holds the initiative, and each character's health and
condition, worn gear and weapons destroyed, guns fired (`odds.Body`) and immunity to morale.
One round as `round.play_round` plays it (seed "Combat procedure"): the initiative drawn in
round 1 if nobody started the fight; the faction holding it goes first (its policy chooses
itself) and the factions alternate, each activating its character or passing, until both
have passed in a row; a reaction spends the reactor's turn (seed "Reacting", M24); each
strike is one attack's exact distribution (`odds.attack_effects`); at the end of the round a
character fighting alone, brought to half its health or less this round, saves against
morale (seed "Morale", M26: WIT; a failure retreats or surrenders, out either way).

The chain follows strikes within reach, as the policy plays them. A plan it does not follow
(closing in, a stunt other than a surrender, a blast, grabs, mounts, an ambush's bonus round)
stops it with a message that suggests `fracas sim`.
"""

from __future__ import annotations

import copy
from collections import defaultdict
from collections.abc import Hashable
from dataclasses import replace
from fractions import Fraction
from typing import cast

from fracas.core.combatant import Status
from fracas.core.errors import FracasError
from fracas.core.requests import ChoiceRequest
from fracas.exact.duel import End, shared_values
from fracas.rulesets.murdham import decisions, odds
from fracas.rulesets.murdham.policy import MurdhamPolicy
from fracas.rulesets.murdham.round import eligible
from fracas.rulesets.murdham.state import Character, MurdhamState
from fracas.rulesets.murdham.turn import Strike, plans

Key = tuple[str, odds.Body, odds.Body, bool, bool]  # initiative, bodies, immune to morale
Turn = tuple[odds.Body, odds.Body, int, int]  # bodies, passes in a row, turns taken
Effects = dict[tuple[odds.Body, odds.Body], Fraction]  # both duellists after a strike
SIM = "; `fracas sim` gives the odds of this fight by simulation"


class Unfollowed(FracasError):
    """A plan or a rule the duel chain does not follow."""


class MurdhamDuel:
    """The chain of one duel between characters `a` and `b`, from `state` (not touched)."""

    def __init__(self, state: MurdhamState, a: Character, b: Character) -> None:
        if any(c.hidden or c.riding or c.rider or c.grabbed_by for c in (a, b)):
            raise Unfollowed("the duel chain follows no ambush, mount or grab" + SIM)
        self.origin = copy.deepcopy(state, {id(state.zones): state.zones})
        # What every copy of it may share: the zones, and every value no rule changes.
        self.shared = {**shared_values(self.origin), id(state.zones): state.zones}
        self.ids = (a.id, b.id)
        self.turns: dict[tuple[odds.Body, odds.Body, str], Effects | None] = {}

    def pair(self, s: MurdhamState) -> tuple[Character, Character]:
        by_id = {c.id: c for c in s.characters()}
        return by_id[self.ids[0]], by_id[self.ids[1]]

    def start(self) -> dict[Hashable, Fraction]:
        """Seed "Combat procedure": the faction that started holds the initiative, else one
        drawn at random in round 1 (`round.hold_initiative`)."""
        a, b = self.pair(self.origin)
        bodies = (fresh(odds.Body.of(a)), fresh(odds.Body.of(b)))  # from its next round
        rest = (*bodies, a.morale_immune, b.morale_immune)
        if self.origin.initiative:
            return {(self.origin.initiative, *rest): Fraction(1)}
        sides = [s.name for s in self.origin.sides]
        return {(side, *rest): Fraction(1, len(sides)) for side in sides}

    def materialize(self, initiative: str, bodies: tuple[odds.Body, odds.Body]) -> MurdhamState:
        s = copy.deepcopy(self.origin, dict(self.shared))
        s.initiative = initiative
        for c, body in zip(self.pair(s), bodies, strict=True):
            apply(c, body, s.round)
        return s

    def round(self, key: Hashable) -> dict[Hashable, Fraction]:
        """Seed "Combat procedure": factions alternate until both have passed in a row;
        then the end of the round."""
        initiative, body_a, body_b, immune_a, immune_b = cast(Key, key)
        order = self.order(initiative)
        level: dict[Turn, Fraction] = {(body_a, body_b, 0, 0): Fraction(1)}
        out: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        while level:
            nxt: defaultdict[Turn, Fraction] = defaultdict(Fraction)
            for (a, b, passes, turn), p in level.items():
                if passes >= len(order):
                    ending = self.end(initiative, (a, b), (body_a, body_b), (immune_a, immune_b))
                    for after, q in ending.items():
                        out[after] += p * q
                    continue
                found = self.activation(initiative, (a, b), order[turn % len(order)])
                if found is None:
                    nxt[(a, b, passes + 1, turn + 1)] += p
                    continue
                for (a2, b2), q in found.items():
                    nxt[(a2, b2, 0, turn + 1)] += p * q
            level = dict(nxt)
        return dict(out)

    def order(self, initiative: str) -> list[str]:
        """The faction holding the initiative decides who goes first (`round.alternate`);
        its policy takes the first turn itself."""
        s = self.origin
        names = [side.name for side in s.sides]
        holder = next(side for side in s.sides if side.name == initiative)
        policy = MurdhamPolicy(s)
        first = names[policy.choose(ChoiceRequest(holder, decisions.FIRST_FACTION, names))]
        return names[names.index(first) :] + names[: names.index(first)]

    def activation(
        self, initiative: str, bodies: tuple[odds.Body, odds.Body], faction: str
    ) -> dict[tuple[odds.Body, odds.Body], Fraction] | None:
        """One faction's activation (cached): None for a pass, else the strike's effects."""
        key = (bodies[0], bodies[1], faction)
        if key not in self.turns:
            self.turns[key] = self.strike(initiative, bodies, faction)
        return self.turns[key]

    def strike(
        self, initiative: str, bodies: tuple[odds.Body, odds.Body], faction: str
    ) -> dict[tuple[odds.Body, odds.Body], Fraction] | None:
        """`round.alternate` and `turn.take_turn` for the duellist of `faction`: activated
        by its policy (or passing), its plan chosen, its strike by `odds.attack_effects`."""
        s = self.materialize(initiative, bodies)
        a, b = self.pair(s)
        me, foe = (a, b) if a.side == faction else (b, a)
        if not eligible(me):
            return None
        policy = MurdhamPolicy(s)
        side = next(x for x in s.sides if x.name == faction)
        if policy.choose(ChoiceRequest(side, decisions.ACTIVATE, [None, me])) == 0:
            return None
        me.took_turn = True
        options = plans(s, me)
        plan = options[policy.choose(ChoiceRequest(me, decisions.TURN, options))]
        if not within_reach(plan, foe):
            raise Unfollowed(f"{me.name} would {plan}: the duel chain follows strikes" + SIM)
        assert isinstance(plan, Strike)
        found = odds.attack_effects(s, me, foe, plan.weapon, None, policy)
        if found is None:
            raise Unfollowed(f"{me.name}'s {plan.weapon} is not followed by the chain" + SIM)
        if any(effect.attacker.grabbed for effect in found[0]):  # a grappling counter
            raise Unfollowed(f"{foe.name} would grab {me.name}: the chain follows no grab" + SIM)
        out: defaultdict[tuple[odds.Body, odds.Body], Fraction] = defaultdict(Fraction)
        for effect, q in found[0].items():
            pair = (effect.attacker, effect.target)
            out[pair if me is a else (pair[1], pair[0])] += q
        return dict(out)

    def end(
        self,
        initiative: str,
        bodies: tuple[odds.Body, odds.Body],
        before: tuple[odds.Body, odds.Body],
        immune: tuple[bool, bool],
    ) -> dict[Hashable, Fraction]:
        """`round.end_of_round`: morale for a character fighting alone (seed "Morale"), then
        the fight is over if a side has nobody standing, else the next round's state."""
        branches = {(bodies, immune): Fraction(1)}
        for i, c in enumerate(self.pair(self.origin)):
            nxt: defaultdict[tuple[tuple[odds.Body, odds.Body], tuple[bool, bool]], Fraction]
            nxt = defaultdict(Fraction)
            for (bs, im), p in branches.items():
                for (bs2, im2), q in self.morale(c, i, bs, before[i], im).items():
                    nxt[(bs2, im2)] += p * q
            branches = dict(nxt)
        out: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        a, b = self.pair(self.origin)
        for ((x, y), (ia, ib)), p in branches.items():
            standing = [c.side for c, body in ((a, x), (b, y)) if body.status is Status.ACTIVE]
            if len(standing) < 2:
                out[End(standing[0] if standing else None)] += p
            else:
                out[(initiative, fresh(x), fresh(y), ia, ib)] += p
        return dict(out)

    def morale(
        self,
        c: Character,
        i: int,
        bodies: tuple[odds.Body, odds.Body],
        before: odds.Body,
        immune: tuple[bool, bool],
    ) -> dict[tuple[tuple[odds.Body, odds.Body], tuple[bool, bool]], Fraction]:
        """`morale.morale` for one duellist: fighting alone (M26, F-MUR-11), at half its
        health or less and hurt this round, a WIT save (M2); passing makes it immune for the
        fight, failing takes it out (it retreats or surrenders: `morale.fail`)."""
        body = bodies[i]
        checks = self.origin.morale.get(c.side, True) and self.origin.original[c.side] == 1
        able = body.status is Status.ACTIVE and not body.incapacitated
        fearless = immune[i] or c.immune_to_fear
        shaken = body.health * 2 <= c.max_health and body.health < before.health
        if not (checks and able and not fearless and shaken):
            return {(bodies, immune): Fraction(1)}
        passes = Fraction(max(0, min(c.WIT, 19)), 20)
        brave = list(immune)
        brave[i] = True
        gone = list(bodies)
        gone[i] = replace(body, status=Status.FLED)
        ways = {
            (bodies, (brave[0], brave[1])): passes,
            ((gone[0], gone[1]), immune): 1 - passes,
        }
        return {k: p for k, p in ways.items() if p}


def within_reach(plan: object, foe: Character) -> bool:
    """A strike on the foe within reach, with full force, staying put (seed "Attacking")."""
    return (
        isinstance(plan, Strike)
        and plan.target is foe
        and plan.approach == 0
        and plan.kind == "damage"
        and not plan.held_back
        and not plan.withdraw
    )


def fresh(body: odds.Body) -> odds.Body:
    """A new round: every turn and free reaction to be taken again (`round.play_round`)."""
    return replace(body, took_turn=False, free_used=False)


def apply(c: Character, body: odds.Body, round_: int) -> None:
    """Put character `c` in the condition `body` names."""
    c.health, c.status, c.incapacitated = body.health, body.status, body.incapacitated
    if not body.dying:
        c.dying_until = None
    elif c.dying_until is None:
        c.dying_until = round_ + 1
    if c.armour is not None:
        c.armour.destroyed = body.armour_gone
    if c.shield is not None:
        c.shield.destroyed = body.shield_gone
    for index, w in enumerate(c.weapons):
        w.destroyed, w.fired = index in body.broken, index in body.fired
    c.took_turn, c.free_reaction_used = body.took_turn, body.free_used
