"""Exact odds of one Murdham attack (DESIGN.md §6), from the dice distributions, not sampled.

The attack as `attack.attack` runs it (seed "Attacking" to "Reacting to an attack"): the
stunt the policy may offer, the WIT save to hit, the target's reaction (none, dodge, counter),
exploding damage (M9) impaired or enhanced (M11), size (seed "Effects of size"), armour (M10),
and what the blow does (M5–M7). Exploding dice have no end: the ways the dice fall are
followed as the enumerator follows them — one branch per total of each roll, a branch whose
probability falls under `CUTOFF` left out and its mass counted as truncated — so the two
answer the same fractions (tests/murdham/test_exact_odds.py). A counter that grapples (seed
"Non-lethal attacks") is followed; a stunt other than a surrender, a guard or hide, a shove
or disarm, a grapple between fighters already holding or riding, and blasts are left to the
enumerator (`attack_effects` gives None).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Final

from fracas.core.combatant import Status
from fracas.core.controllers import Controller
from fracas.core.requests import ChoiceRequest
from fracas.exact.scope import SHARED
from fracas.rulesets.murdham import attack, decisions, harm
from fracas.rulesets.murdham.state import Character, MurdhamState, Weapon

# The enumerator's cut-off for `fracas odds` (exact.action.action_odds), so both agree.
CUTOFF: Final = Fraction(1, 10**9)


@dataclass(slots=True, init=False)
class Body:
    """What one attack may change of a character: health and condition (M5–M7), worn gear
    destroyed by heavy blows (seed "gear degradation"), weapons broken or fired (M13), and
    its turn or free reaction spent on a reaction (seed "Reacting", M24).

    A value: never changed once built (every change is a new body), hashed by its fields.
    Its own `__init__` (the fast style: the dataclass's, frozen, stays interpreted and sets
    each field through `object.__setattr__`; issue 35, a sixth of a countered blow's odds)."""

    health: int
    status: Status
    incapacitated: bool
    dying: bool
    armour_gone: bool
    shield_gone: bool
    broken: frozenset[int]  # weapons (by index) destroyed
    fired: frozenset[int]  # guns fired, consumables spent
    took_turn: bool
    free_used: bool
    # Seed "Grapple": held by the other fighter, or holding it (a grappling counter's effect).
    grabbed: bool
    grabbing: bool

    def __init__(
        self,
        health: int,
        status: Status,
        incapacitated: bool,
        dying: bool,
        armour_gone: bool,
        shield_gone: bool,
        broken: frozenset[int],
        fired: frozenset[int],
        took_turn: bool,
        free_used: bool,
        grabbed: bool = False,
        grabbing: bool = False,
    ) -> None:
        self.health, self.status, self.incapacitated, self.dying = (
            health,
            status,
            incapacitated,
            dying,
        )
        self.armour_gone, self.shield_gone, self.broken, self.fired = (
            armour_gone,
            shield_gone,
            broken,
            fired,
        )
        self.took_turn, self.free_used, self.grabbed, self.grabbing = (
            took_turn,
            free_used,
            grabbed,
            grabbing,
        )

    @classmethod
    def of(cls, c: Character) -> Body:
        return cls(
            c.health,
            c.status,
            c.incapacitated,
            c.dying_until is not None,
            c.armour is not None and c.armour.destroyed,
            c.shield is not None and c.shield.destroyed,
            frozenset(i for i, w in enumerate(c.weapons) if w.destroyed),
            frozenset(i for i, w in enumerate(c.weapons) if w.fired),
            c.took_turn,
            c.free_reaction_used,
            c.grabbed_by is not None,
            c.grabbing is not None,
        )

    def __hash__(self) -> int:
        """The dataclass's hash of every field, the status by its value: `Enum.__hash__` is a
        Python call, one per body hashed (issue 35: bodies are hashed by the hundred in an
        attack's odds, into effects and `_Attack.one`)."""
        return hash(
            (
                self.health,
                self.status._value_,
                self.incapacitated,
                self.dying,
                self.armour_gone,
                self.shield_gone,
                self.broken,
                self.fired,
                self.took_turn,
                self.free_used,
                self.grabbed,
                self.grabbing,
            )
        )

    @property
    def down(self) -> bool:
        """Struck down by a blow: a second blow of a counter is then cancelled (M-C3)."""
        return self.incapacitated or self.status is Status.DEAD


@dataclass(slots=True, unsafe_hash=True, init=False)
class Effect:
    """One way an attack ends: the result as `Murdham.perform` names it, and both fighters.
    A value, never changed; its own `__init__` (as `Body`'s)."""

    name: str
    attacker: Body
    target: Body

    def __init__(self, name: str, attacker: Body, target: Body) -> None:
        self.name, self.attacker, self.target = name, attacker, target


Effects = dict[Effect, Fraction]
Values = tuple[tuple[int, Fraction], ...]  # an exploding die's values, with their weights
Kept = tuple[tuple[int, Fraction, Fraction], ...]  # value, its path's prefix, its weight


@lru_cache(maxsize=4096)
def chain(die: int, prefix: Fraction, cutoff: Fraction) -> tuple[Values, Fraction]:
    """One exploding die (M9) after a path of probability `prefix`: each value with its weight,
    and the weight left out. Roll j of the chain branches into its faces with weight die^-j;
    a value k(die-1)+f comes of k maxima and a last face f < die. The first roll whose
    branches fall under the cut-off is left out whole."""
    if die == 1:
        return ((1, Fraction(1)),), Fraction(0)
    out: list[tuple[int, Fraction]] = []
    j = 1
    while True:
        weight = Fraction(1, die**j)
        if prefix * weight < cutoff:
            return tuple(out), weight * die
        out += [((j - 1) * (die - 1) + f, weight) for f in range(1, die)]
        j += 1


Rolled = dict[tuple[int, bool, Fraction], Fraction]  # (total, first is 1, prefix) → mass


@lru_cache(maxsize=4096)
def damage_dice(
    die: int, dice: int, net: int, prefix: Fraction, cutoff: Fraction
) -> tuple[Rolled, Fraction]:
    """`checks.damage_roll`: `dice` exploding dice, each the lower (net −1) or higher (net +1)
    of two when impaired or enhanced (M11), none at all impaired twice. Each total with
    whether the first die kept showed a 1 (a damaged weapon breaks, seed) and the probability
    of its path (for the cut-off), with its weight; and the weight left out."""
    if net <= -2:
        return {(0, False, prefix): Fraction(1)}, Fraction(0)
    partial: Rolled = {(0, False, prefix): Fraction(1)}
    lost = Fraction(0)
    for i in range(dice):
        nxt: Rolled = defaultdict(Fraction)
        for (total, one, p), mass in partial.items():
            for value, q, m in _one_die(die, net, p, cutoff):
                nxt[(total + value, one or (i == 0 and value == 1), q)] += mass * m
            lost += mass * _one_die_lost(die, net, p, cutoff)
        partial = nxt
    return dict(partial), lost


@lru_cache(maxsize=4096)
def counted_dice(
    die: int, dice: int, net: int, prefix: Fraction, cutoff: Fraction, halved: int
) -> tuple[int, tuple[tuple[int, bool, int], ...], Fraction]:
    """`damage_dice` as a counter's trade meets it: each total (halved, rounded up, `halved`
    times against a larger target: seed "Effects of size") and whether the first die kept
    showed a 1, by total, with its weight as a numerator over the common denominator — the
    paths to one total merged (their prefixes no longer matter once the roll is the last of
    the path); and the weight left out."""
    rolled, lost = damage_dice(die, dice, net, prefix, cutoff)
    den = math.lcm(*(w.denominator for w in rolled.values())) if rolled else 1
    merged: dict[tuple[int, bool], int] = {}
    for (total, one, _), w in rolled.items():
        if halved:
            total = -(-total // 2**halved)
        merged[(total, one)] = merged.get((total, one), 0) + w.numerator * (den // w.denominator)
    return den, tuple((total, one, n) for (total, one), n in sorted(merged.items())), lost


# `counted_dice` and `damage_dice` by integers: their `lru_cache` hashes the fractions among
# the arguments, each a Python call and a modular inverse (issue 35: a tenth of a countered
# blow's odds compiled). Kept as the caches behind them are, up to 4096 answers.
CountedKey = tuple[int, int, int, int, int, int, int, int]
Counted = tuple[int, tuple[tuple[int, bool, int], ...], Fraction]
_COUNTED: Final[dict[CountedKey, Counted]] = {}
_ROLLED: Final[dict[CountedKey, tuple[Rolled, Fraction]]] = {}


def counted(
    die: int, dice: int, net: int, prefix: Fraction, cutoff: Fraction, halved: int
) -> Counted:
    """`counted_dice`, found by integers."""
    p, c = prefix.as_integer_ratio(), cutoff.as_integer_ratio()
    key = (die, dice, net, p[0], p[1], c[0], c[1], halved)
    found = _COUNTED.get(key)
    if found is None:
        if len(_COUNTED) >= 4096:
            _COUNTED.clear()
        found = _COUNTED[key] = counted_dice(die, dice, net, prefix, cutoff, halved)
    return found


def rolled(
    die: int, dice: int, net: int, prefix: Fraction, cutoff: Fraction
) -> tuple[Rolled, Fraction]:
    """`damage_dice`, found by integers."""
    p, c = prefix.as_integer_ratio(), cutoff.as_integer_ratio()
    key = (die, dice, net, p[0], p[1], c[0], c[1], 0)
    found = _ROLLED.get(key)
    if found is None:
        if len(_ROLLED) >= 4096:
            _ROLLED.clear()
        found = _ROLLED[key] = damage_dice(die, dice, net, prefix, cutoff)
    return found


@lru_cache(maxsize=4096)
def _one_die(die: int, net: int, p: Fraction, cutoff: Fraction) -> Kept:
    """One damage die, plain or the kept one of two: (value, prefix after, weight)."""
    first, _ = chain(die, p, cutoff)
    if net == 0:
        return tuple((v, p * w, w) for v, w in first)
    out: list[tuple[int, Fraction, Fraction]] = []
    for a, wa in first:
        second, _ = chain(die, p * wa, cutoff)
        for b, wb in second:
            kept = (a if a <= b else b) if net < 0 else (a if a >= b else b)
            out.append((kept, p * wa * wb, wa * wb))
    return tuple(out)


@lru_cache(maxsize=4096)
def _one_die_lost(die: int, net: int, p: Fraction, cutoff: Fraction) -> Fraction:
    first, lost = chain(die, p, cutoff)
    if net == 0:
        return lost
    return lost + sum((wa * chain(die, p * wa, cutoff)[1] for _, wa in first), Fraction(0))


class _Unsupported(Exception):
    """The attack takes a turn the calculator does not follow (the enumerator does)."""


def attack_effects(
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    label: str | None,
    policy: Controller,
    cutoff: Fraction = CUTOFF,
) -> tuple[Effects, Fraction] | None:
    """Every way one full-force attack within reach can end, with its probability, and the
    probability left out with the tail of exploding dice; the target reacting with the option
    labelled `label`, else as `policy` has it. None where the calculator does not follow the
    rules (a blast, an accepted stunt that is not a surrender, a guard or hide, a non-lethal
    counter)."""
    if weapon.data.blast:
        return None
    shared = SHARED.get()
    key = _shared_key("murdham attack", attacker, target, weapon, cutoff)
    found = _shared_answer(shared, key, label)
    if isinstance(found, _Shared):
        return dict(found.effects), found.truncated
    calc = _Attack(state, attacker, target, weapon, label, policy, cutoff)
    try:
        calc.run()
    except _Unsupported:
        return None
    if shared is not None:  # (the answer built only to be kept)
        _share(shared, key, calc.reacted, _Shared(calc.out, calc.truncated))
    return dict(calc.out), calc.truncated


def _shared_key(
    kind: str, attacker: Character, target: Character, weapon: Weapon, cutoff: Fraction
) -> tuple[object, ...]:
    """What an attack's answer is kept under within one `fracas.odds` call (the cut-off as
    integers: a fraction's hash is a Python call)."""
    return (kind, attacker.id, target.id, weapon.name, *cutoff.as_integer_ratio())


def _shared_answer(
    shared: dict[Hashable, object] | None, key: tuple[object, ...], label: str | None
) -> object:
    """The answer kept under `key` for the reaction `label` (or for any), if any."""
    if shared is None:
        return None
    return shared.get((*key, _ANY)) or shared.get((*key, label))


def _share(
    shared: dict[Hashable, object],
    key: tuple[object, ...],
    reacted: str | None,
    answer: object,
) -> None:
    """Keep an answer for the rest of this `fracas.odds` call (`exact.scope`): the reaction is
    chosen once, from the state as it stands (seed "Reacting to an attack"), so the policy's
    answer is the option's it picks; one that never met a choice (`reacted` None), any
    label's. A reaction the calculator could not name (`""`) is not kept."""
    if reacted != "":
        shared[(*key, _ANY if reacted is None else reacted)] = answer


Results = dict[tuple[str, int, bool], Fraction]  # by name, harm to the target, target out


def attack_results(
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    label: str | None,
    policy: Controller,
    cutoff: Fraction = CUTOFF,
) -> tuple[Results, Fraction] | None:
    """`attack_effects` as `fracas odds` reports it (`Murdham.calculate`): each result by its
    name, the harm the target takes and whether it is out of the fight, and the probability
    left out. The effects of one result are added as integers, with no effect made (issue 35:
    an effect and a fraction per pair of bodies, then their sums, were a sixth of one attack's
    odds); the same fractions. Shared within one `fracas.odds` call as `attack_effects` is."""
    if weapon.data.blast:
        return None
    shared = SHARED.get()
    key = _shared_key("murdham results", attacker, target, weapon, cutoff)
    found = _shared_answer(shared, key, label)
    if isinstance(found, _SharedResults):
        return dict(found.results), found.truncated
    calc = _Attack(state, attacker, target, weapon, label, policy, cutoff)
    try:
        calc.strike()
    except _Unsupported:
        return None
    results = calc.results()
    truncated = calc.truncated + calc.lost.total()
    if shared is not None:
        _share(shared, key, calc.reacted, _SharedResults(results, truncated))
    return dict(results), truncated


@dataclass(frozen=True, slots=True)
class _SharedResults:
    """One attack's results kept for the rest of a `fracas.odds` call (`exact.scope`)."""

    results: Results
    truncated: Fraction


# (the key of an attack whose reaction was never chosen: the same whatever the label)
_ANY: Final = object()


@dataclass(frozen=True, slots=True)
class _Shared:
    """One attack's answer kept for the rest of a `fracas.odds` call (`exact.scope`)."""

    effects: Effects
    truncated: Fraction


Branch = tuple[bool, Fraction, Fraction]  # passed, the path's probability, its mass


class _Attack:
    """`attack.attack` step by step over every branch: (prefix, mass) is the probability of
    one path of the enumerator and the mass of all the paths merged into this one."""

    def __init__(
        self,
        state: MurdhamState,
        attacker: Character,
        target: Character,
        weapon: Weapon,
        label: str | None,
        policy: Controller,
        cutoff: Fraction,
    ) -> None:
        self.state, self.attacker, self.target, self.weapon = state, attacker, target, weapon
        self.label, self.policy, self.cutoff = label, policy, cutoff
        self.cut_n, self.cut_d = cutoff.as_integer_ratio()
        self.out: dict[Effect, Fraction] = {}
        # The label of the reaction chosen (`choose`), None while none was chosen: then the
        # attack is the same whatever the label (`attack_effects` shares it so).
        self.reacted: str | None = None
        self.truncated = Fraction(0)
        self.lost = _Sums()  # the counters' tails left out, in integers
        self.before = target.health
        self.hits: dict[tuple[int, int, int, int, bool, bool], tuple[Body, Body]] = {}
        self.bodies: dict[Body, int] = {}  # each body met, by value: its number (`one`)
        self.listed: list[Body] = []  # each body met, by number
        self.caps: dict[tuple[int, int, bool], int] = {}  # by fighter and weapon (`cap`)
        # Each result's sum, by its name and the bodies' identities (`finish`).
        self.finished: dict[tuple[str, int, int], tuple[Body, Body, _Sums]] = {}
        # The weights of each result and pair of bodies, summed as integers per denominator
        # (`_Sums`) and made fractions once at the end: the same sums, without a reduction
        # per addition; an effect (hashing two bodies) made only then (issue 35: the hashes
        # of effects were a tenth of a countered blow's odds).
        self.parts: list[tuple[str, Body, Body, _Sums]] = []

    def run(self) -> None:
        """The attack's every way (`strike`), each effect's sum made a fraction once (the
        parts of one effect, equal bodies met as different objects, added)."""
        self.strike()
        out = self.out
        for name, a, t, sums in self.parts:
            total = sums.total()
            found = out.setdefault(Effect(name, a, t), total)  # (one hash where it is new)
            if found is not total:
                out[Effect(name, a, t)] = found + total
        self.truncated += self.lost.total()

    def results(self) -> Results:
        """The attack's every way (`strike` done) by result: its name, the harm to the target,
        whether the target is out; the parts of one result added as integers per denominator,
        made one fraction each."""
        merged: dict[tuple[str, int, bool], dict[int, int]] = {}
        before = self.before
        for name, _, t, sums in self.parts:
            key = (name, before - t.health, t.status.out)
            found = merged.get(key)
            if found is None:
                merged[key] = dict(sums.parts)
                continue
            for d, n in sums.parts.items():
                found[d] = found.get(d, 0) + n
        out: Results = {}
        for key, parts in merged.items():
            den = math.lcm(*parts)
            out[key] = Fraction(sum([n * (den // d) for d, n in parts.items()]), den)
        return out

    def part(self, name: str, a: Body, t: Body) -> _Sums:
        """A new sum for the effect `name` leaving the bodies `a` and `t` (`run`)."""
        sums = _Sums()
        self.parts.append((name, a, t, sums))
        return sums

    def strike(self) -> None:
        """Seed "Attacking": strike out, a stunt, the WIT save, the reaction, resolution."""
        attacker, target, weapon = self.attacker, self.target, self.weapon
        a = strike_out(Body.of(attacker), attacker, weapon)
        t = Body.of(target)
        if target.able and self.stunt_accepted():
            self.finish("", a, replace(t, status=Status.SURRENDERED), Fraction(1))
            return
        needed = attack.wit_save_needed(self.state, attacker, target, weapon, False)
        for hit, prefix, mass in self.save(
            attacker.WIT if needed else None, Fraction(1), Fraction(1)
        ):
            if hit:
                self.react(a, t, prefix, mass, aimed=needed is None)
            else:
                self.finish("missed", a, t, mass)

    def stunt_accepted(self) -> bool:
        """Seed "Attack stunts": the policy's offer and the target's answer (no dice); only a
        surrender is followed here (F-MUR-7)."""
        offers = [attack.Stunt(effect, self.target) for effect in attack.STUNT_EFFECTS]
        options = [None, *offers]
        pick = self.policy.choose(ChoiceRequest(self.attacker, decisions.STUNT, options))
        stunt = options[pick]
        if stunt is None:
            return False
        yes = self.policy.choose(ChoiceRequest(self.target, decisions.ACCEPT_STUNT, [False, True]))
        if yes and stunt.effect != "surrender":
            raise _Unsupported
        return bool(yes)

    def save(self, score: int | None, prefix: Fraction, mass: Fraction) -> list[Branch]:
        """M2: a d20 at or under the score, a 20 failing; one branch per face (1/20 each) for
        the enumerator's cut-off; no roll when no save is called for (`score` None)."""
        if score is None:
            return [(True, prefix, mass)]
        # The fractions made from integers, one each (Python's fraction arithmetic is an
        # interpreted call per operation: issue 35); the same values.
        pn, pd = prefix.as_integer_ratio()
        if pn * self.cut_d < self.cut_n * pd * 20:  # prefix / 20 < cutoff
            self.truncated += mass
            return []
        q = Fraction(pn, pd * 20)
        passes = max(0, min(score, 19))
        mn, md = mass.as_integer_ratio()
        ways = [(True, q, Fraction(mn * passes, md * 20))]
        ways.append((False, q, Fraction(mn * (20 - passes), md * 20)))
        return [w for w in ways if w[2]]

    def finish(self, name: str, a: Body, t: Body, mass: Fraction) -> None:
        n, d = mass.as_integer_ratio()
        self.add(name, a, t, n, d)

    def add(self, name: str, a: Body, t: Body, n: int, d: int) -> None:
        """Weight n / d to the result `name` (by what the blow did where empty) leaving the
        bodies `a` and `t`: summed as integers (`_Sums`), the effect found by the bodies'
        identities (the entry keeps them, so that a reused id is never mistaken)."""
        key = (name, id(a), id(t))
        found = self.finished.get(key)
        if found is None or found[0] is not a or found[1] is not t:
            sums = self.part(name or self.name(t), a, t)
            found = self.finished[key] = (a, t, sums)
        found[2].add(d, n)

    def name(self, t: Body) -> str:
        """`Murdham.perform`'s words for what the attack did to its target."""
        if t.status is Status.DEAD:
            return "killed"
        if t.health == self.before and t.status is not Status.ACTIVE:
            return "surrendered" if t.status is Status.SURRENDERED else "stunt"
        if t.incapacitated:
            return "incapacitated"
        return "wounded" if t.health < self.before else "no harm"

    def react(self, a: Body, t: Body, prefix: Fraction, mass: Fraction, *, aimed: bool) -> None:
        """Seed "Reacting to an attack": none, a dodge (an AGI save, the attack missing) or a
        counter; a reaction spends the turn (M24: or the free one) and brings in the shield
        (M10). A target taken by surprise cannot react (seed "Sneaking")."""
        attacker, target = self.attacker, self.target
        reaction: attack.Reaction = attack.NoReaction()
        options = attack.reactions(self.state, attacker, target)
        if not attacker.hidden and len(options) > 1:
            reaction = self.choose(options)
        if isinstance(reaction, attack.NoReaction):
            self.land(a, t, prefix, mass, shield=False, aimed=aimed)
            return
        grapples = isinstance(reaction, attack.Counter) and reaction.kind == "grapple"
        if isinstance(reaction, attack.Counter) and reaction.kind != "damage" and not grapples:
            raise _Unsupported  # a shove or a disarm
        if grapples and not self.free_to_grapple():
            raise _Unsupported  # a grab among holds and mounts
        if not isinstance(reaction, attack.Dodge | attack.Counter):
            raise _Unsupported  # a guard or a hiding place: a new target
        t = spend(t, target, "dodge blows" if isinstance(reaction, attack.Dodge) else "")
        if grapples:
            assert isinstance(reaction, attack.Counter)
            self.grapple(a, t, reaction.weapon, prefix, mass, aimed=aimed)
            return
        if isinstance(reaction, attack.Counter):
            self.counter(a, t, reaction.weapon, prefix, mass, aimed=aimed)
            return
        for dodged, q, m in self.save(target.AGI, prefix, mass):
            if dodged:
                self.finish("dodged", a, t, m)
            else:
                self.land(a, t, q, m, shield=True, aimed=aimed)

    def choose(self, options: list[attack.Reaction]) -> attack.Reaction:
        """The reaction labelled `label`, else the policy's; noted in `reacted` (its label,
        or "" where another option has the same label and the label would pick that one)."""
        labels = [str(option) for option in options]
        pick = labels.index(self.label) if self.label in labels else None
        if pick is None:
            pick = self.policy.choose(ChoiceRequest(self.target, decisions.REACT, options))
        self.reacted = labels[pick] if labels.index(labels[pick]) == pick else ""
        return options[pick]

    def land(
        self,
        a: Body,
        t: Body,
        prefix: Fraction,
        mass: Fraction,
        *,
        shield: bool,
        aimed: bool,
        name: str = "",
    ) -> None:
        """`attack.land`: the damage roll, and the blow (`hit`); `name` for the result if
        it is not named by what the blow did."""
        attacker, target, weapon = self.attacker, self.target, self.weapon
        piercing = attack.pierces(attacker, aimed)
        a_broken = broken(a, attacker, weapon)
        # The roll is the path's last: its paths merged by total (`last_roll`), and the totals
        # by the bodies they leave.
        den, totals, lost = self.last_roll(attacker, target, weapon, prefix)
        if lost:
            self.truncated += lost * mass
        gathered: dict[tuple[int, int], tuple[Body, Body, list[int]]] = {}
        for total, breaks, k in totals:
            a2, t2 = a_broken if breaks else a, self.hit(t, target, total, weapon, piercing, shield)
            found = gathered.get((id(a2), id(t2)))
            if found is None:
                gathered[(id(a2), id(t2))] = (a2, t2, [k])
            else:
                found[2].append(k)
        n, d = mass.numerator, mass.denominator
        for a2, t2, ks in gathered.values():
            self.add(name, a2, t2, n * sum(ks), d * den)

    def last_roll(
        self, striker: Character, whom: Character, weapon: Weapon, prefix: Fraction
    ) -> tuple[int, list[tuple[int, bool, int]], Fraction]:
        """`rolls` for a roll that ends its path (`counted_dice`): a common denominator, each
        total with whether the weapon breaks and its numerator; the weight left out."""
        steps = striker.size - whom.size
        blast = weapon.data.blast
        dice = 2**steps if steps > 0 and not blast else 1
        net = attack.net_damage_steps(striker, weapon, False)
        halved = -steps if steps < 0 and not blast else 0
        den, totals, lost = counted(weapon.data.die, dice, net, prefix, self.cutoff, halved)
        wear = weapon.wear
        fragile = wear.damaged and not wear.destroyed
        return den, [(total, fragile and one, n) for total, one, n in totals], lost

    def damage(
        self,
        striker: Character,
        whom: Character,
        weapon: Weapon,
        prefix: Fraction,
        mass: Fraction,
    ) -> list[tuple[int, bool, Fraction, Fraction]]:
        """`attack.roll_damage`: (damage, the weapon breaks, the path's prefix, weight); the
        weight of the paths left out goes to `truncated`."""
        out, lost = self.rolls(striker, whom, weapon, prefix)
        self.truncated += lost * mass
        return out

    def rolls(
        self, striker: Character, whom: Character, weapon: Weapon, prefix: Fraction
    ) -> tuple[list[tuple[int, bool, Fraction, Fraction]], Fraction]:
        """`damage`, and the weight left out."""
        steps = striker.size - whom.size
        blast = weapon.data.blast
        dice = 2**steps if steps > 0 and not blast else 1
        net = attack.net_damage_steps(striker, weapon, False)
        ways, lost = rolled(weapon.data.die, dice, net, prefix, self.cutoff)
        wear = weapon.wear
        fragile = wear.damaged and not wear.destroyed
        out = []
        for (total, one, q), m in ways.items():
            if steps < 0 and not blast:
                total = -(-total // 2 ** (-steps))
            out.append((total, fragile and one, q, m))
        return out, lost

    def counter(
        self, a: Body, t: Body, weapon: Weapon, prefix: Fraction, mass: Fraction, *, aimed: bool
    ) -> None:
        """`attack.countered` (seed "Counter", M-C3): the counter is an attack of its own (it
        fires its weapon and takes aim); if it misses, the attack lands alone (named a miss,
        as the tally has it); else both roll damage, attacker first, and trade blows."""
        attacker, target = self.attacker, self.target
        t = strike_out(t, target, weapon)
        needed = attack.wit_save_needed(self.state, target, attacker, weapon, False)
        for hit_back, q, m in self.save(target.WIT if needed else None, prefix, mass):
            if not hit_back:
                self.land(a, t, q, m, shield=True, aimed=aimed, name="missed")
                continue
            blows = _Blows(self, a, t, weapon, aimed, needed is None)
            blows.trade(self.damage(attacker, target, self.weapon, q, m), m)

    def free_to_grapple(self) -> bool:
        """Neither fighter holds, is held, rides or is ridden: a grab then only joins the two
        (`harm.release` of the one grabbed frees nobody else, seed "Grapple", F-MUR-12)."""
        return all(
            c.grabbing is None and c.grabbed_by is None and c.riding is None and c.rider is None
            for c in (self.attacker, self.target)
        )

    def grapple(
        self, a: Body, t: Body, unarmed: Weapon, prefix: Fraction, mass: Fraction, *, aimed: bool
    ) -> None:
        """`attack.countered` met by a grappling counter (seed "Non-lethal attacks": the
        non-lethal one is resolved last; RULINGS T-MUR-8): the counter strikes out and takes
        aim (missing, the attack lands alone, named a miss); else the attack's damage lands
        (the shield in play, M10), and unless it struck the target down (M5–M7) the target
        grabs the attacker (`attack.non_lethal`): a STR save resists, denied to a smaller
        attacker (seed "Effects of size") and to one without wrestling against it (M24)."""
        attacker, target = self.attacker, self.target
        t = strike_out(t, target, unarmed)
        needed = attack.wit_save_needed(self.state, target, attacker, unarmed, False)
        piercing = attack.pierces(attacker, aimed)
        denied = "wrestling" in target.skills and "wrestling" not in attacker.skills
        resists = attacker.size >= target.size and not denied
        for hit_back, q, m in self.save(target.WIT if needed else None, prefix, mass):
            if not hit_back:
                self.land(a, t, q, m, shield=True, aimed=aimed, name="missed")
                continue
            self.grab(a, t, q, m, piercing, resists)

    def grab(
        self, a: Body, t: Body, prefix: Fraction, mass: Fraction, piercing: bool, resists: bool
    ) -> None:
        """`grapple` once the counter hits: the attack's damage, then the grab and the STR
        save (`resists`: allowed one), each way weighed in integers (`add`: no fraction
        arithmetic per roll), the bodies held made once per pair (issue 35)."""
        attacker, target, weapon = self.attacker, self.target, self.weapon
        a_broken = broken(a, attacker, weapon)
        helds: dict[tuple[bool, int], tuple[Body, Body]] = {}
        passes = max(0, min(attacker.STR, 19))  # M2, as `save`
        mn, md = mass.as_integer_ratio()
        for dealt, breaks, q1, m1 in self.damage(attacker, target, weapon, prefix, mass):
            a1 = a_broken if breaks else a
            t1 = self.hit(t, target, dealt, weapon, piercing)
            wn, wd = m1.as_integer_ratio()
            n, d = mn * wn, md * wd
            if t1.down:  # struck down first: the grapple never lands
                self.add("countered", a1, t1, n, d)
                continue
            key = (breaks, id(t1))  # (t1 is the attack's one body of its value: `one`)
            held = helds.get(key)
            if held is None:
                held = helds[key] = (grabbed(a1, True, a1.grabbing), grabbed(t1, t1.grabbed, True))
            if not resists:
                self.add("countered", held[0], held[1], n, d)
                continue
            qn, qd = q1.as_integer_ratio()
            if qn * self.cut_d < self.cut_n * qd * 20:  # the save's roll cut off (`save`)
                self.truncated += Fraction(n, d)
                continue
            if passes:  # freed
                self.add("countered", a1, t1, n * passes, d * 20)
            if passes < 20:
                self.add("countered", held[0], held[1], n * (20 - passes), d * 20)

    def hit(
        self,
        body: Body,
        c: Character,
        damage: int,
        weapon: Weapon,
        piercing: bool,
        shield: bool = True,
    ) -> Body:
        """`hit` (the shield in play unless told), remembered for this attack (a counter's
        blows meet the same bodies and damages many times over). By the body's identity,
        kept with the entry so that a reused id is never mistaken for it."""
        damage = min(damage, self.cap(c, weapon, shield))
        key = (id(body), id(c), damage, id(weapon), piercing, shield)
        found = self.hits.get(key)
        if found is None or found[0] is not body:
            after = self.one(hit(body, c, damage, weapon, shield, piercing))
            found = self.hits[key] = (body, after)
        return found[1]

    def cap(self, c: Character, weapon: Weapon, shield: bool) -> int:
        """The damage from which every blow of `weapon` on `c` does the same: a heavy blow
        (seed "gear degradation") that goes through the armour, pierced or not, to match the
        maximum health and kill outright (M7)."""
        key = (id(c), id(weapon), shield)
        found = self.caps.get(key)
        if found is None:
            cover = attack.cover_holds(weapon)
            direct = weapon.data.direct
            av = 0 if direct else harm.armour_value(c, shield_counts=shield, cover_counts=cover)
            found = self.caps[key] = max(harm.HEAVY_BLOW, av + c.max_health)
        return found

    def one(self, body: Body) -> Body:
        """The one object of all the bodies equal to `body` met in this attack: blows of
        different damage often leave the same body (every blow that kills, every blow armour
        stops), and a counter's trade gathers its pairs by the bodies' identities."""
        return self.listed[self.number(body)]

    def number(self, body: Body) -> int:
        """The number of `body`'s value among the bodies met in this attack (`one`)."""
        found = self.bodies.get(body)
        if found is None:
            found = self.bodies[body] = len(self.listed)
            self.listed.append(body)
        return found


BackRolls = tuple[int, list[tuple[tuple[int, int], bool, int]], Fraction]
"""A counter's damage rolls: a denominator, each ((damage, after armour), it breaks the
weapon, numerator), and the weight left out."""


class _Run:
    """Counter rolls next to each other in the order of the damage the attacker suffers
    after armour, that leave the attacker the same body and break the counter's weapon alike:
    what a trade does with them depends on that damage only through its comparison with the
    damage the target suffers (M-C3), so a run is met whole (or split in three where that
    damage falls within it) rather than roll by roll. The body by its number in the attack
    (`_Attack.number`): the trade gathers pairs of bodies as one integer (issue 35)."""

    __slots__ = ("body", "cums", "down", "high", "low", "ons", "t_breaks", "total")

    def __init__(self, body: int, down: bool, t_breaks: bool) -> None:
        self.body, self.t_breaks, self.down = body, t_breaks, down
        self.ons: list[int] = []  # each roll's damage after armour, in order
        self.cums: list[int] = [0]  # the numerators summed up to each roll
        self.low = self.high = self.total = 0

    def add(self, on_a: int, n: int) -> None:
        """A roll (in order): one entry for each damage (an impaired or enhanced roll comes
        of many paths of two dice, each leaving the same damage)."""
        ons, cums = self.ons, self.cums
        self.total += n
        if not ons:
            self.low = on_a
        elif ons[-1] == on_a:
            cums[-1] += n
            return
        self.high = on_a
        ons.append(on_a)
        cums.append(cums[-1] + n)


class _Struck:
    """The counter's rolls after one prefix of the attacker's path, in runs (`_Run`), with
    the runs' highest damages (never falling) and their numerators summed run by run."""

    __slots__ = ("highs", "runs", "sums")

    def __init__(self) -> None:
        self.runs: list[_Run] = []
        self.highs: list[int] = []
        self.sums: list[int] = [0]


class _Dealt:
    """One damage of the attacker's blow on the target, met by every roll of the counter:
    the damage after armour, and the target's body after it (whole weapon, or broken where the
    counter's weapon may break), by number, and whether it is struck down."""

    __slots__ = ("hurt", "hurt_down", "on_t", "whole", "whole_down")

    def __init__(self, on_t: int, whole: int, whole_down: bool, hurt: int, hurt_down: bool) -> None:
        self.on_t, self.whole, self.whole_down = on_t, whole, whole_down
        self.hurt, self.hurt_down = hurt, hurt_down


# A pair of bodies as one integer: the attacker's number shifted past the target's (an
# attack meets far fewer than 2**24 bodies).
_PAIR: Final = 24
_LOW: Final = (1 << _PAIR) - 1


class _Blows:
    """A counter's trade of blows (`attack.countered` once both hit): every pair of damage
    rolls, the attacker's first; the counter's roll by the prefix of the attacker's path, in
    integers, and the pairs' results gathered before they are weighed — their weights summed
    as integers over each trade's denominator (issue 35: the fractions' reductions were most
    of a countered blow's odds). The counter's rolls are met by runs that leave the attacker
    the same body (`_Run`), not one by one; the bodies by their numbers, a pair of them as one
    integer (no tuple, no `id`, no closure per blow: the fast style, issue 35)."""

    def __init__(
        self, calc: _Attack, a: Body, t: Body, weapon: Weapon, aimed: bool, back_aimed: bool
    ) -> None:
        self.calc, self.a, self.t, self.weapon = calc, a, t, weapon
        self.pierce_a = attack.pierces(calc.attacker, aimed)
        self.pierce_t = attack.pierces(calc.target, back_aimed)
        self.a_n = calc.number(a)
        self.t_n = calc.number(t)
        self.a_broken = calc.one(broken(a, calc.attacker, calc.weapon))
        self.a_broken_n = calc.number(self.a_broken)
        self.t_broken = calc.one(broken(t, calc.target, weapon))
        self.t_broken_n = calc.number(self.t_broken)
        wear = weapon.wear  # `rolls`: a damaged weapon breaks on a 1 (seed "gear degradation")
        self.fragile = wear.damaged and not wear.destroyed
        # M24 fast strike: one fighter with it strikes first, whatever the blows: 1 the
        # target (the attacker has it), 2 the attacker, 0 neither (the blows decide).
        fast = [c for c in (calc.attacker, calc.target) if "fast strike" in c.skills]
        self.first = (1 if fast[0] is calc.attacker else 2) if len(fast) == 1 else 0
        self.backs: dict[tuple[int, int], BackRolls] = {}
        self.afters: dict[int, int] = {}  # the counter's damage after the attacker's armour
        # The counter's rolls after a path, in runs by the attacker's body after the blow
        # (whole weapon, or broken).
        self.struck: dict[tuple[int, int, bool], _Struck] = {}
        self.a_hits: tuple[dict[int, int], dict[int, int]] = ({}, {})  # numbers, by damage
        self.dealt: dict[int, _Dealt] = {}  # the attacker's blows, by damage
        self.t_cap = calc.cap(calc.target, calc.weapon, True)
        # Each pair of bodies' sum, by the pair's integer (`_PAIR`).
        self.effects: dict[int, _Sums] = {}

    def back_rolls(self, prefix: Fraction, pn: int, pd: int) -> BackRolls:
        """The counter's damage after the attacker's path `prefix` (`pn` / `pd`): a common
        denominator, each (damage, after armour), whether the weapon breaks, numerator; the
        weight lost."""
        key = (pn, pd)  # (a fraction's hash is slow)
        found = self.backs.get(key)
        if found is None:
            calc = self.calc
            den, totals, lost = calc.last_roll(calc.target, calc.attacker, self.weapon, prefix)
            ways = [((back, self.after(back)), breaks, n) for back, breaks, n in totals]
            found = self.backs[key] = (den, ways, lost)
        return found

    def after(self, back: int) -> int:
        found = self.afters.get(back)
        if found is None:
            calc = self.calc
            found = self.afters[back] = attack.after_armour(
                calc.attacker, back, self.weapon, shield=True, piercing=self.pierce_t
            )
        return found

    def struck_by(self, prefix: Fraction, pn: int, pd: int, a_breaks: bool) -> _Struck:
        """The counter's rolls after the path `prefix` (`pn` / `pd`, `back_rolls`), in order
        of the damage the attacker suffers, gathered in runs by the attacker's body (broken
        weapon or not) after the blow and by whether the counter's weapon breaks; made once."""
        key = (pn, pd, a_breaks)
        found = self.struck.get(key)
        if found is None:
            a1 = self.a_broken if a_breaks else self.a
            hits = self.a_hits[1 if a_breaks else 0]
            found = self.struck[key] = _Struck()
            runs = found.runs
            run: _Run | None = None
            # (by damage, and so by damage after armour, which never falls as damage rises)
            for (back, on_a), t_breaks, n in self.back_rolls(prefix, pn, pd)[1]:
                body = hits.get(back)
                if body is None:
                    body = hits[back] = self.calc.number(self.a_hit(a1, back))
                if run is None or run.body != body or run.t_breaks != t_breaks:
                    run = _Run(body, self.calc.listed[body].down, t_breaks)
                    runs.append(run)
                run.add(on_a, n)
            highs, sums = found.highs, found.sums
            for run in runs:
                highs.append(run.high)
                sums.append(sums[-1] + run.total)
        return found

    def trade(self, rolls: list[tuple[int, bool, Fraction, Fraction]], mass: Fraction) -> None:
        """The attacker's damage rolls (`_Attack.damage`, of weight `mass` in all) against
        the counter's (M-C3): those of one path's prefix and one weight at once, as one
        count of the counter's rolls per pair of bodies (`blows`), weighed once."""
        groups: dict[tuple[int, int, int, int], tuple[Fraction, list[tuple[int, bool]]]] = {}
        for dealt, a_breaks, prefix, weight in rolls:
            p, w = prefix.as_integer_ratio(), weight.as_integer_ratio()
            group = (p[0], p[1], w[0], w[1])  # (a fraction's hash is slow)
            found = groups.get(group)
            if found is None:
                found = groups[group] = (prefix, [])
            found[1].append((dealt, a_breaks))
        calc = self.calc
        mn, md = mass.as_integer_ratio()
        for (pn, pd, wn, wd), (prefix, dealts) in groups.items():
            num, dnm = mn * wn, md * wd
            den, _, lost = self.back_rolls(prefix, pn, pd)
            if lost:
                ln, ld = lost.as_integer_ratio()
                calc.lost.add(dnm * ld, num * ln * len(dealts))
            gathered: dict[int, int] = {}
            whole: _Struck | None = None  # the counter's rolls, by the attacker's weapon
            hurt: _Struck | None = None
            for dealt, a_breaks in dealts:
                if a_breaks:
                    if hurt is None:
                        hurt = self.struck_by(prefix, pn, pd, True)
                    self.blows(dealt, True, hurt, gathered)
                else:
                    if whole is None:
                        whole = self.struck_by(prefix, pn, pd, False)
                    self.blows(dealt, False, whole, gathered)
            base = dnm * den
            for key, n in gathered.items():
                self.sums(key).add(base, num * n)

    def blows(self, dealt: int, a_breaks: bool, struck: _Struck, gathered: dict[int, int]) -> None:
        """One attacker's roll against every roll of the counter after its path (`struck`;
        M-C3, `attack.exchange_blows` on bodies): the one who suffers more after armour is
        hit first, and the second blow is cancelled if the first struck its maker down; a
        tie, both at once. M24 fast strike: the one striker with it first (`first`). Each
        pair of bodies left is counted in `gathered`, by the pair's integer (`_PAIR`)."""
        a1 = (self.a_broken_n if a_breaks else self.a_n) << _PAIR
        hit = self.dealt_on(dealt)
        on_t = hit.on_t
        first = self.first
        runs = struck.runs
        start = 0
        if first == 0 and hit.whole_down and not self.fragile:
            # The target suffers more than every roll of the first runs and is hit first,
            # struck down: none of those blows lands, whatever the attacker's body after it.
            start = bisect_left(struck.highs, on_t)
            if start:
                key = a1 | hit.whole
                gathered[key] = gathered.get(key, 0) + struck.sums[start]
        for i in range(start, len(runs)):
            run = runs[i]
            total = run.total
            under = level = over = 0
            if first == 0:
                if run.high < on_t:
                    under = total
                elif run.low > on_t:
                    over = total
                else:
                    ons, cums = run.ons, run.cums
                    low, high = bisect_left(ons, on_t), bisect_right(ons, on_t)
                    under, level, over = cums[low], cums[high] - cums[low], total - cums[high]
            elif first == 1:
                under = total
            else:
                over = total
            t_breaks = run.t_breaks
            t_hit = hit.hurt if t_breaks else hit.whole
            body = run.body << _PAIR
            if under:  # the target hit first: the attacker's blow if the target still stands
                t_down = hit.hurt_down if t_breaks else hit.whole_down
                key = (a1 if t_down else body) | t_hit
                gathered[key] = gathered.get(key, 0) + under
            if level:  # both at once
                key = body | t_hit
                gathered[key] = gathered.get(key, 0) + level
            if over:  # the attacker hit first: the target's blow if the attacker stands
                spared = (self.t_broken_n if t_breaks else self.t_n) if run.down else t_hit
                key = body | spared
                gathered[key] = gathered.get(key, 0) + over

    def dealt_on(self, dealt: int) -> _Dealt:
        """The attacker's blow of damage `dealt` on the target (`hit`, the shield in play),
        worked out once for the trade."""
        found = self.dealt.get(dealt)
        if found is None:
            calc = self.calc
            on_t = attack.after_armour(
                calc.target, dealt, calc.weapon, shield=True, piercing=self.pierce_a
            )
            # The bodies by the damage capped (`_Attack.cap`: every larger blow does the same).
            capped = dealt if dealt < self.t_cap else self.t_cap
            same = self.dealt.get(-1 - capped)  # (kept beside, under negative keys)
            if same is None:
                whole = self.t_hit(self.t, capped)
                # (the target's broken weapon only where the counter's weapon may break on a 1)
                hurt = self.t_hit(self.t_broken, capped) if self.fragile else whole
                same = self.dealt[-1 - capped] = _Dealt(
                    -1, calc.number(whole), whole.down, calc.number(hurt), hurt.down
                )
            found = self.dealt[dealt] = _Dealt(
                on_t, same.whole, same.whole_down, same.hurt, same.hurt_down
            )
        return found

    def t_hit(self, t: Body, dealt: int) -> Body:
        """The attacker's blow on the target's body `t` (`hit`, the shield in play)."""
        calc = self.calc
        return calc.hit(t, calc.target, dealt, calc.weapon, self.pierce_a)

    def a_hit(self, a: Body, back: int) -> Body:
        """The counter's blow on the attacker's body `a`."""
        return self.calc.hit(a, self.calc.attacker, back, self.weapon, self.pierce_t)

    def sums(self, key: int) -> _Sums:
        """The sum of the effect "countered" leaving the pair of bodies `key` (`_PAIR`),
        found once."""
        found = self.effects.get(key)
        if found is None:
            listed = self.calc.listed
            found = self.effects[key] = self.calc.part(
                "countered", listed[key >> _PAIR], listed[key & _LOW]
            )
        return found


class _Sums:
    """A sum of fractions kept as integer numerators per denominator, made one fraction at
    the end (`exact.enumerator` sums its paths so)."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: dict[int, int] = {}

    def add(self, den: int, n: int) -> None:
        parts = self.parts
        parts[den] = parts.get(den, 0) + n

    def total(self) -> Fraction:
        den = math.lcm(*self.parts) if self.parts else 1
        return Fraction(sum(n * (den // d) for d, n in self.parts.items()), den)


def strike_out(body: Body, c: Character, weapon: Weapon) -> Body:
    """`attack.strike_out`: a gun is fired, a consumable spent (M13, seed "Taking a turn")."""
    if weapon.data.reload or weapon.data.consumable:
        return replace(body, fired=body.fired | {c.weapons.index(weapon)})
    return body


def spend(body: Body, c: Character, skill: str) -> Body:
    """`attack.spend_reaction`: the turn, or the free reaction of a skill (M24)."""
    if body.took_turn or not attack.can_react(c):
        return spent(body, body.took_turn, True)
    if skill in c.skills and not body.free_used:
        return spent(body, body.took_turn, True)
    return spent(body, True, body.free_used)


def spent(body: Body, took_turn: bool, free_used: bool) -> Body:
    """`body` with its turn and free reaction as given (no `dataclasses.replace`, a Python
    call per field: issue 35)."""
    return Body(
        body.health,
        body.status,
        body.incapacitated,
        body.dying,
        body.armour_gone,
        body.shield_gone,
        body.broken,
        body.fired,
        took_turn,
        free_used,
        body.grabbed,
        body.grabbing,
    )


def grabbed(body: Body, held: bool, holding: bool) -> Body:
    """`body` held by the other fighter, or holding it (seed "Grapple"), as given."""
    return Body(
        body.health,
        body.status,
        body.incapacitated,
        body.dying,
        body.armour_gone,
        body.shield_gone,
        body.broken,
        body.fired,
        body.took_turn,
        body.free_used,
        held,
        holding,
    )


def broken(body: Body, c: Character, weapon: Weapon) -> Body:
    """A damaged weapon (or the shield struck with) destroyed by a 1 (seed "gear degradation")."""
    shield = weapon.gear is not None
    return Body(
        body.health,
        body.status,
        body.incapacitated,
        body.dying,
        body.armour_gone,
        True if shield else body.shield_gone,
        body.broken if shield else body.broken | {c.weapons.index(weapon)},
        body.fired,
        body.took_turn,
        body.free_used,
        body.grabbed,
        body.grabbing,
    )


def hit(
    body: Body, c: Character, damage: int, weapon: Weapon, shield: bool, piercing: bool
) -> Body:
    """`harm.harm` on a body: armour (M10; cover, seed; piercing strike, M24), heavy blows
    wearing gear (seed), health lost, instant death (M7), surrender ended by harm (seed
    "Surrendering"), critical damage and mortal wounds (M5, M6; frenzied, M17)."""
    direct = weapon.data.direct
    cover = attack.cover_holds(weapon)
    av = 0 if direct else harm.armour_value(c, shield_counts=shield, cover_counts=cover)
    if piercing and damage > av:
        av = 0
    body = worn(body, c, damage, shield and not direct)
    through = max(0, damage - av)
    before = body.health
    lost = min(through, before)
    health = before - lost
    if through >= c.max_health:
        return struck(body, health, Status.DEAD, True, body.dying)
    status = body.status
    if lost and status is Status.SURRENDERED:
        status = Status.ACTIVE
    if not lost or lost * 2 < before:
        return body if not lost else struck(body, health, status, body.incapacitated, body.dying)
    mortal = health == 0
    dying = body.dying or mortal
    if ("frenzied" in c.traits and not mortal) or body.incapacitated:
        return struck(body, health, status, body.incapacitated, dying)
    down = Status.DOWN if status in (Status.ACTIVE, Status.SURRENDERED) else status
    return struck(body, health, down, True, dying)


def struck(body: Body, health: int, status: Status, incapacitated: bool, dying: bool) -> Body:
    """`body` with its health and condition after a blow: one new body (a `replace` per
    field changed was most of `hit`)."""
    return Body(
        health,
        status,
        incapacitated,
        dying,
        body.armour_gone,
        body.shield_gone,
        body.broken,
        body.fired,
        body.took_turn,
        body.free_used,
        body.grabbed,
        body.grabbing,
    )


def worn(body: Body, c: Character, damage: int, shield_in_play: bool) -> Body:
    """`harm.wear_gear`: 8 or more before armour destroys damaged gear, the shield first."""
    if damage < harm.HEAVY_BLOW:
        return body
    if shield_in_play and c.shield is not None and c.shield.damaged and not body.shield_gone:
        return replace(body, shield_gone=True)
    if c.armour is not None and c.armour.damaged and not body.armour_gone:
        return replace(body, armour_gone=True)
    return body
