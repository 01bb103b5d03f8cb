"""A BRP duel as an absorbing Markov chain (issue 11; `fracas.exact.duel`).

The state between rounds: each fighter's hit points, where it stands, the shots and loading
of its weapons, and whether round 1 (surprise, F-BRP-6) is still to come. One round is played
as `round.play_round` plays it: statement of intent and movement run by the real rules and
policy on a copy of the state (they roll no dice, §5.2, §5.3); the attacks in §5.4 order (DEX
rank, weapon length, skill: `round.action_key`), each by its exact distribution
(`odds.attack_effects`: the policy's parry or dodge, the matrix, damage less armour); a fighter
at 2 hit points or fewer is out (§5.12) and loses its action unless it acts in the same
instant as its feller (§5.2); ammunition is spent (§5.9) and reloads complete at the round's
end; a two-handed swing leaves no shield for the swinger's parry later in the round (F-BRP-10).

Approximation: the matrix's damage to weapons and shields (§5.8, B10: 2 points to a parrying
item under a special attack, 1 to the attacker's weapon under a special parry) is not carried
from round to round: the chain takes every item whole. A broadsword (20 HP) breaks after ten
such blows, rarer in a duel than the chain's cut-off; the tests hold the chain to simulation.
"""

from __future__ import annotations

import copy
import math
from collections import defaultdict
from collections.abc import Hashable
from fractions import Fraction
from itertools import groupby

from fracas.core.errors import FracasError
from fracas.core.requests import RollRequest
from fracas.core.table import Table
from fracas.exact.duel import End, shared_values
from fracas.rulesets.brp import combat, odds
from fracas.rulesets.brp.actions import Action, Attack, Reload
from fracas.rulesets.brp.policy import BRPPolicy
from fracas.rulesets.brp.round import (
    _reset,
    action_key,
    can_strike,
    movement,
    reload,
    statement_of_intent,
    statement_order,
)
from fracas.rulesets.brp.state import BRPState, Fighter, Weapon

DOWN_AT = 2  # §5.12: at 2 hit points or fewer a fighter drops
FighterKey = tuple[int, float, float, tuple[tuple[int | None, bool], ...]]
Key = tuple[bool, FighterKey, FighterKey]  # round 1 to come; hp, place, ammunition of each
Blow = tuple[str, str, int, dict[int, int]]  # who strikes whom, P(each injury) as n / den


class _NoDice:
    """Intent and movement roll nothing; a roll there would be a rule this model misses."""

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        raise FracasError(f"the BRP duel model cannot follow a roll ({request.reason})")


def _fighter_key(f: Fighter) -> FighterKey:
    ammo = tuple((w.shots, w.loaded) for w in f.weapons)
    return (f.hp, round(f.position.x, 9), round(f.position.y, 9), ammo)


class BRPDuel:
    """The chain of one duel between fighters `a` and `b`, from `state` (not touched)."""

    def __init__(self, state: BRPState, a: Fighter, b: Fighter) -> None:
        self.origin = copy.deepcopy(state)
        self.shared = shared_values(self.origin)  # what every copy of it may share
        self.ids = (a.id, b.id)
        # Each blow's injuries by the situation it is struck in (not hit points: the odds
        # and the policy's parry or dodge do not depend on them, §5.5–5.10).
        self.injuries: dict[Hashable, tuple[int, dict[int, int]]] = {}

    def key(self, s: BRPState) -> Key:
        a, b = self.pair(s)
        return (s.round == 0, _fighter_key(a), _fighter_key(b))

    def pair(self, s: BRPState) -> tuple[Fighter, Fighter]:
        by_id = {f.id: f for f in s.fighters()}
        return by_id[self.ids[0]], by_id[self.ids[1]]

    def start(self) -> dict[Hashable, Fraction]:
        return {self.key(self.origin): Fraction(1)}

    def materialize(self, key: Key) -> BRPState:
        """A copy of the starting state put in the state `key` names."""
        s = copy.deepcopy(self.origin, dict(self.shared))
        first, *fighters = key
        if not first and s.round == 0:
            s.round = 1
        for f, (hp, x, y, ammo) in zip(self.pair(s), fighters, strict=True):
            f.hp, f.position = hp, type(f.position)(x, y)
            for w, (shots, loaded) in zip(f.weapons, ammo, strict=True):
                w.shots, w.loaded = shots, loaded
        return s

    def round(self, key: Hashable) -> dict[Hashable, Fraction]:
        """One round from `key`: intent and movement by the rules, then the blows."""
        s = self.materialize(key)  # type: ignore[arg-type]  # the chain's keys are ours
        s.round += 1
        policy = BRPPolicy(s)
        table = Table(_NoDice(), {side.name: policy for side in s.sides})
        order = statement_order(s)
        for f in s.fighters():
            _reset(f)
        statement_of_intent(table, s, order)
        movement(table, s, order)
        groups = self.blows(s, policy)
        for f in order:  # a reload completes at the round's end (§5.9)
            if isinstance(f.intent, Reload):
                reload(table, f, f.intent.weapon)
        return self.combine(s, groups)

    def blows(self, s: BRPState, policy: BRPPolicy) -> list[list[Blow]]:
        """The round's attacks in §5.4 order, grouped by instant, each with its injuries;
        a blow's side effects (ammunition, a two-handed swing) applied to `s` in turn."""
        actors = [f for f in s.fighters() if isinstance(f.intent, Action) and f.rank]
        keyed = sorted(((action_key(f), f) for f in actors), key=lambda kf: kf[0])
        groups: list[list[Blow]] = []
        for _, group in groupby(keyed, key=lambda kf: kf[0]):
            blows = [b for _, f in group if (b := self.blow(s, f, policy)) is not None]
            groups.append(blows)
        return groups

    def blow(self, s: BRPState, me: Fighter, policy: BRPPolicy) -> Blow | None:
        """`round.act` for a duellist: an attack on the foe, if it is still in reach and the
        weapon whole; anything else touches no one in a duel."""
        intent = me.intent
        if not isinstance(intent, Attack) or intent.target.id not in self.ids:
            return None
        foe, weapon = intent.target, intent.weapon
        if weapon.broken or not can_strike(s, me, weapon, foe):
            return None
        key = (me.id, me.weapons.index(weapon), _situation(me), _situation(foe))
        injuries = self.injuries.get(key)
        if injuries is None:
            injuries = self.injuries[key] = _injuries(s, me, foe, weapon, policy)
        combat.spend_ammunition(weapon)
        if weapon.data.hands == 2:
            me.two_handed = True
        return me.id, foe.id, *injuries

    def combine(self, s: BRPState, groups: list[list[Blow]]) -> dict[Hashable, Fraction]:
        """The blows over hit points: a fighter down (§5.12) at the start of its instant loses
        its action, and a blow at a foe already down is held (F-BRP-7; the policy holds it).
        In integers over the product of the blows' denominators."""
        a, b = self.pair(s)
        branches: dict[tuple[int, int], int] = {(a.hp, b.hp): 1}
        den = 1
        for group in groups:
            nxt: defaultdict[tuple[int, int], int] = defaultdict(int)
            scale = 1
            for start, p in branches.items():
                scale, found = self.instant(start, group)
                for hps, q in found.items():
                    nxt[hps] += p * q
            den *= scale
            branches = dict(nxt)
        return self.after(s, branches, den)

    def instant(
        self, start: tuple[int, int], group: list[Blow]
    ) -> tuple[int, dict[tuple[int, int], int]]:
        """One instant's blows from hit points `start` (simultaneous blows all land, §5.2), in
        integers over the product of the blows' denominators (the same for every start)."""
        index = {ident: i for i, ident in enumerate(self.ids)}
        sub: dict[tuple[int, int], int] = {start: 1}
        den = 1
        for who, whom, d, injuries in group:
            den *= d
            acts = start[index[who]] > DOWN_AT
            nxt: defaultdict[tuple[int, int], int] = defaultdict(int)
            for hps, q in sub.items():
                if not acts or hps[index[whom]] <= DOWN_AT:
                    nxt[hps] += q * d
                    continue
                for injury, r in injuries.items():
                    hit = list(hps)
                    # Below DOWN_AT a fighter's hit points are only ever found down (§5.12):
                    # the branches there are one.
                    hit[index[whom]] = max(hit[index[whom]] - injury, DOWN_AT)
                    nxt[(hit[0], hit[1])] += q * r
            sub = dict(nxt)
        return den, sub

    def after(
        self, s: BRPState, branches: dict[tuple[int, int], int], den: int
    ) -> dict[Hashable, Fraction]:
        """Each branch's state, or its end: one side down, or both (§5.12)."""
        a, b = self.pair(s)
        first, key_a, key_b = self.key(s)
        out: defaultdict[Hashable, int] = defaultdict(int)
        ended: dict[str | None, int] = {}
        rest_a, rest_b = key_a[1:], key_b[1:]
        for (hp_a, hp_b), n in branches.items():
            down_a, down_b = hp_a <= DOWN_AT, hp_b <= DOWN_AT
            if down_a or down_b:
                winner = None if down_a and down_b else (b.side if down_a else a.side)
                ended[winner] = ended.get(winner, 0) + n
                continue
            out[(first, (hp_a, *rest_a), (hp_b, *rest_b))] += n
        for winner, n in ended.items():
            out[End(winner)] += n
        return {k: Fraction(n, den) for k, n in out.items()}


def _situation(f: Fighter) -> Hashable:
    """What of a fighter the odds of a blow by or at it depend on, hit points aside: where it
    stands, its ammunition, whether it knows of the attack, kneels, swung two-handed, and
    how many defences it has made this round (§5.3–5.11, B9, F-BRP-6, F-BRP-10)."""
    ammo = tuple((w.shots, w.loaded, w.hp) for w in f.weapons)
    shield = f.shield.hp if f.shield is not None else None
    place = (round(f.position.x, 9), round(f.position.y, 9))
    return (place, ammo, shield, f.aware, f.kneeling, f.two_handed, f.defences)


def _injuries(
    s: BRPState, me: Fighter, foe: Fighter, weapon: Weapon, policy: BRPPolicy
) -> tuple[int, dict[int, int]]:
    """P(each injury) of the blow, as numerators over one denominator."""
    _, effects = odds.attack_effects(s, me, foe, weapon, policy)
    injuries: defaultdict[int, Fraction] = defaultdict(Fraction)
    for (injury, _, _), p in effects.items():
        injuries[injury] += p
    den = math.lcm(*(p.denominator for p in injuries.values()))
    return den, {k: p.numerator * (den // p.denominator) for k, p in injuries.items()}
