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
import math
from collections import defaultdict
from collections.abc import Hashable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any, cast

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
Pair = tuple[odds.Body, odds.Body]
Ways = tuple[int, list[tuple[Any, int]]]  # a common denominator; each outcome, numerator
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
        self.sides = (a.side, b.side)
        self.duellists = self.pair(self.origin)  # the origin is copied, never changed
        self.freshes: dict[odds.Body, odds.Body] = {}
        self.turns: dict[tuple[odds.Body, odds.Body, str], Ways | None] = {}
        self.ends: dict[tuple[str, Pair, Pair, tuple[bool, bool]], Ways] = {}
        self.orders: dict[str, list[str]] = {}
        self.working: MurdhamState | None = None  # the strikes' state (`materialize`)
        self.working_pair = self.duellists

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
        """The state of a strike: one copy of the origin for the whole chain, its duellists
        put in the condition `bodies` name (`apply`) before each strike. A strike changes
        nothing else: it chooses (the policy, the plans) and works out the attack's odds
        (`odds.attack_effects`, which reads the state), its only write the striker's turn
        taken, which `apply` sets again (a full copy a strike was a seventh of a duel)."""
        if self.working is None:
            s = self.working = copy.deepcopy(self.origin, dict(self.shared))
            self.working_pair = self.pair(s)
        s = self.working
        s.initiative = initiative
        for c, start, body in zip(self.working_pair, self.duellists, bodies, strict=True):
            c.dying_until = start.dying_until  # as in a fresh copy, for `apply` to read
            apply(c, body, s.round)
        return s

    def round(self, key: Hashable) -> dict[Hashable, Fraction]:
        """Seed "Combat procedure": factions alternate until both have passed in a row;
        then the end of the round. The masses are integers over each turn's common
        denominator (issue 35: the fractions' reductions were a tenth of a duel), made
        fractions once, at the end."""
        initiative, body_a, body_b, immune_a, immune_b = cast(Key, key)
        order = self.order(initiative)
        before, immune = (body_a, body_b), (immune_a, immune_b)
        level: dict[Turn, int] = {(body_a, body_b, 0, 0): 1}
        den = 1  # the level's common denominator
        out: dict[Hashable, dict[int, int]] = {}  # numerators by denominator
        while level:
            steps: list[tuple[Turn, int, Ways | None]] = []
            scale = 1
            for turn, n in level.items():
                a, b, passes, taken = turn
                if passes >= len(order):
                    d, ways = self.ending(initiative, (a, b), before, immune)
                    for after, m in ways:
                        sums = out.setdefault(after, {})
                        sums[den * d] = sums.get(den * d, 0) + n * m
                    continue
                found = self.activation(initiative, (a, b), order[taken % len(order)])
                if found is not None and found[0] != scale:
                    scale = math.lcm(scale, found[0])
                steps.append((turn, n, found))
            nxt: dict[Turn, int] = {}
            for (a, b, passes, taken), n, found in steps:
                if found is None:
                    step = (a, b, passes + 1, taken + 1)
                    nxt[step] = nxt.get(step, 0) + n * scale
                    continue
                d, ways = found
                f = n * (scale // d)
                for (a2, b2), m in ways:
                    step = (a2, b2, 0, taken + 1)
                    nxt[step] = nxt.get(step, 0) + f * m
            level = nxt
            den *= scale
        return {after: total(sums) for after, sums in out.items()}

    def order(self, initiative: str) -> list[str]:
        """The faction holding the initiative decides who goes first (`round.alternate`);
        its policy takes the first turn itself. Asked once for each holder: the policy
        decides it from the starting state, as every round of the chain does."""
        found = self.orders.get(initiative)
        if found is None:
            found = self.orders[initiative] = self.first_faction(initiative)
        return found

    def first_faction(self, initiative: str) -> list[str]:
        s = self.origin
        names = [side.name for side in s.sides]
        holder = next(side for side in s.sides if side.name == initiative)
        policy = MurdhamPolicy(s)
        first = names[policy.choose(ChoiceRequest(holder, decisions.FIRST_FACTION, names))]
        return names[names.index(first) :] + names[: names.index(first)]

    def activation(
        self, initiative: str, bodies: tuple[odds.Body, odds.Body], faction: str
    ) -> Ways | None:
        """One faction's activation (cached): None for a pass, else the strike's effects
        as integers (`ways`)."""
        key = (bodies[0], bodies[1], faction)
        if key not in self.turns:
            found = self.strike(initiative, bodies, faction)
            self.turns[key] = None if found is None else ways(found)
        return self.turns[key]

    def ending(
        self,
        initiative: str,
        bodies: tuple[odds.Body, odds.Body],
        before: tuple[odds.Body, odds.Body],
        immune: tuple[bool, bool],
    ) -> Ways:
        """`end` as integers (`ways`), once for each round's start and ending bodies."""
        key = (initiative, bodies, before, immune)
        found = self.ends.get(key)
        if found is None:
            found = self.ends[key] = ways(self.end(initiative, bodies, before, immune))
        return found

    def strike(
        self, initiative: str, bodies: tuple[odds.Body, odds.Body], faction: str
    ) -> dict[tuple[odds.Body, odds.Body], Fraction] | None:
        """`round.alternate` and `turn.take_turn` for the duellist of `faction`: activated
        by its policy (or passing), its plan chosen, its strike by `odds.attack_effects`.
        A duellist whose body says it cannot act passes without a copy of the state: `apply`
        gives it that turn taken and condition, which `round.eligible` (able: active and not
        incapacitated; its turn not taken) reads — most activations of a round are such."""
        body = bodies[0] if self.sides[0] == faction else bodies[1]
        if body.took_turn or body.status is not Status.ACTIVE or body.incapacitated:
            return None
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
        duellists = self.duellists
        if not any(
            self.shaken(c, i, bodies[i], before[i], immune) for i, c in enumerate(duellists)
        ):
            return {self.closing(initiative, bodies, immune): Fraction(1)}  # no save to make
        branches = {(bodies, immune): Fraction(1)}
        for i, c in enumerate(duellists):
            nxt: defaultdict[tuple[tuple[odds.Body, odds.Body], tuple[bool, bool]], Fraction]
            nxt = defaultdict(Fraction)
            for (bs, im), p in branches.items():
                for (bs2, im2), q in self.morale(c, i, bs, before[i], im).items():
                    nxt[(bs2, im2)] += p * q
            branches = dict(nxt)
        out: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        for (pair, im), p in branches.items():
            out[self.closing(initiative, pair, im)] += p
        return dict(out)

    def closing(
        self, initiative: str, bodies: tuple[odds.Body, odds.Body], immune: tuple[bool, bool]
    ) -> Hashable:
        """The fight is over if a side has nobody standing (`End`), else the next round's
        state."""
        (a, b), (x, y) = self.duellists, bodies
        standing = [c.side for c, body in ((a, x), (b, y)) if body.status is Status.ACTIVE]
        if len(standing) < 2:
            return End(standing[0] if standing else None)
        return (initiative, self.fresh(x), self.fresh(y), *immune)

    def fresh(self, body: odds.Body) -> odds.Body:
        """`fresh`, once for each body."""
        found = self.freshes.get(body)
        if found is None:
            found = self.freshes[body] = fresh(body)
        return found

    def shaken(
        self, c: Character, i: int, body: odds.Body, before: odds.Body, immune: tuple[bool, bool]
    ) -> bool:
        """`morale.morale` asks duellist `c` (number `i`) to save: fighting alone (M26,
        F-MUR-11), able, not immune, at half its health or less and hurt this round."""
        checks = self.origin.morale.get(c.side, True) and self.origin.original[c.side] == 1
        able = body.status is Status.ACTIVE and not body.incapacitated
        fearless = immune[i] or c.immune_to_fear
        hurt = body.health * 2 <= c.max_health and body.health < before.health
        return bool(checks and able and not fearless and hurt)

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
        if not self.shaken(c, i, body, before, immune):
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


def ways(found: Mapping[Any, Fraction]) -> Ways:
    """Probabilities as numerators over their common denominator."""
    den = math.lcm(*(p.denominator for p in found.values()))
    return den, [(k, p.numerator * (den // p.denominator)) for k, p in found.items()]


def total(sums: dict[int, int]) -> Fraction:
    """Numerators by denominator, summed as one fraction."""
    den = math.lcm(*sums)
    return Fraction(sum(n * (den // d) for d, n in sums.items()), den)


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
