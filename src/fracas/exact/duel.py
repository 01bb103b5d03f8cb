"""Exact odds of a duel (issue 11): `fracas odds FILE --duel`, `fracas.duel_odds`.

One against one, a fight is an absorbing Markov chain over the state that matters between
rounds (each ruleset names it: hit points, weapons and shields, ammunition…). The ruleset
gives one round's transitions from a state (`Ruleset.duel`, built from its per-action exact
distributions as its policy plays the round by its rules); this module runs the chain round
by round up to the encounter's round cap, in exact fractions. A state whose probability falls
under the cut-off is dropped and its mass reported as truncated, as the enumerator drops the
tail of exploding dice.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import operator
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fracas.core import arguments
from fracas.core.battle import Battle
from fracas.core.combatant import Combatant
from fracas.core.encounter import Encounter
from fracas.core.errors import FracasError
from fracas.core.ruleset import DuelModel
from fracas.exact.sources import encounter_or_battle

CUTOFF = Fraction(1, 10**9)
MAX_STATES = 20_000  # states alive in one round beyond which a duel is left to `fracas sim`


@dataclass(frozen=True, slots=True)
class End:
    """An absorbing state: the side left standing, or None when both are out."""

    winner: str | None


class TooLarge(FracasError):
    """The chain has more states than the exact odds follow: simulate instead."""


@dataclass(frozen=True)
class DuelOdds:
    """Who wins a duel, exactly: each side's chance, both out of the fight (no winner), a
    draw at the round cap, and the probability left out (rare states, dice tails)."""

    fighters: tuple[str, str]
    sides: tuple[str, str]
    wins: dict[str, Fraction]
    both_out: Fraction
    round_cap: Fraction
    rounds: int
    truncated: Fraction
    states: int

    def to_dict(self) -> dict[str, Any]:
        exact = _exact
        return {
            "fighters": list(self.fighters),
            "sides": list(self.sides),
            "wins": {side: exact(p) for side, p in self.wins.items()},
            "both_out": exact(self.both_out),
            "round_cap": {"rounds": self.rounds, **exact(self.round_cap)},
            "truncated": exact(self.truncated),
            "states": self.states,
        }


def _exact(p: Fraction) -> dict[str, Any]:
    return {"exact": f"{p.numerator}/{p.denominator}", "p": float(p)}


def run_chain(model: DuelModel, rounds: int, cutoff: Fraction) -> tuple[
    dict[str | None, Fraction], Fraction, Fraction, int
]:  # fmt: skip
    """The chain from its start for `rounds` rounds: the probability of each ending (by
    winner), of still fighting at the cap, of what was left out, and the states seen.
    Exact in integers: each round's masses are numerators over one common denominator (the
    running product of the transitions' common denominators), which spares the fractions'
    reductions; a round's mass is moved state by state into each state it reaches
    (`_Chain.advance`)."""
    start = dict(model.start())
    chain = _Chain(model)
    den = math.lcm(*(p.denominator for p in start.values()))
    alive = {chain.index(k): p.numerator * (den // p.denominator) for k, p in start.items()}
    ends: dict[str | None, int] = {}
    lost = den - sum(alive.values())
    seen: set[int] = set(alive)
    for _ in range(rounds):
        scale, reached, ended, spilt = chain.advance(alive)
        ends = {k: v * scale for k, v in ends.items()}
        for winner, n in ended.items():
            ends[winner] = ends.get(winner, 0) + n
        lost = lost * scale + spilt
        den *= scale
        floor = cutoff * den
        alive = {k: n for k, n in reached.items() if n >= floor}
        lost += sum(reached.values()) - sum(alive.values())
        seen.update(alive)
        if len(alive) > MAX_STATES:
            raise TooLarge(
                f"this duel has more than {MAX_STATES:,} states in play at once: too many"
                " for exact odds; `fracas sim` gives its odds by simulation"
            )
        if not alive:
            break
    share = {k: Fraction(v, den) for k, v in ends.items()}
    return share, Fraction(sum(alive.values()), den), Fraction(lost, den), len(seen)


class _Chain:
    """The chain's transitions as integers, gathered by where they lead: each state (by its
    number, in the order met), each ending and the mass the model leaves out has the states
    that move into it and their numerators, so a round's masses are multiplied and summed
    in C (`sum(map(...))`) rather than a Python step per move. A state's round is asked of
    the model once, when the state is first alive, as the chain meets it."""

    def __init__(self, model: DuelModel) -> None:
        self.model = model
        self.numbers: dict[Hashable, int] = {}
        self.dens: list[int] = []  # each stepped state's common denominator (0: not yet)
        self.into: list[tuple[list[int], list[int]]] = []  # each state: sources, numerators
        self.ends: dict[str | None, tuple[list[int], list[int]]] = {}
        self.spills: tuple[list[int], list[int]] = ([], [])  # d - the moves' sum, by source

    def index(self, state: Hashable) -> int:
        number = self.numbers.get(state)
        if number is None:
            number = self.numbers[state] = len(self.dens)
            self.dens.append(0)
            self.into.append(([], []))
        return number

    def step(self, i: int, state: Hashable) -> None:
        """Ask the model for state `i`'s round and file its moves by where they lead."""
        moves = self.model.round(state)
        d = math.lcm(*(p.denominator for p in moves.values()))
        self.dens[i] = d
        spilt = d
        for after, p in moves.items():
            m = p.numerator * (d // p.denominator)
            spilt -= m
            if isinstance(after, End):
                sources, numerators = self.ends.setdefault(after.winner, ([], []))
            else:
                sources, numerators = self.into[self.index(after)]
            sources.append(i)
            numerators.append(m)
        if spilt:
            self.spills[0].append(i)
            self.spills[1].append(spilt)

    def advance(
        self, alive: dict[int, int]
    ) -> tuple[int, dict[int, int], dict[str | None, int], int]:
        """One round from the masses `alive` (numerators by state): the factor the common
        denominator grows by, the masses reached (each state some alive state moves into,
        as numerators over the new denominator), those ended by winner, and those the model
        left out."""
        states = list(self.numbers)
        for i in alive:
            if not self.dens[i]:
                self.step(i, states[i])
        dens = self.dens
        scale = math.lcm(*{dens[i] for i in alive})
        masses = [0] * len(dens)
        for i, n in alive.items():
            masses[i] = n if dens[i] == scale else n * (scale // dens[i])
        get = masses.__getitem__
        reached: dict[int, int] = {}
        for j, (sources, numerators) in enumerate(self.into):
            if any(i in alive for i in sources):
                reached[j] = sum(map(operator.mul, map(get, sources), numerators))
        ended = {
            winner: sum(map(operator.mul, map(get, sources), numerators))
            for winner, (sources, numerators) in self.ends.items()
            if any(i in alive for i in sources)
        }
        spilt = sum(map(operator.mul, map(get, self.spills[0]), self.spills[1]))
        return scale, reached, ended, spilt


def duel_odds(
    source: Encounter | Battle,
    actor: str | None = None,
    target: str | None = None,
    *,
    cutoff: Fraction = CUTOFF,
) -> DuelOdds:
    """The exact odds of a one-against-one fight, from an encounter's start or a battle as it
    stands (taken from the start of its next round): each side's chance to win, of both
    falling, and of a draw at the round cap."""
    source = encounter_or_battle(source)
    actor = arguments.optional_text(actor, "actor")
    target = arguments.optional_text(target, "target")
    cutoff = arguments.cutoff(cutoff)
    encounter = source.encounter if isinstance(source, Battle) else source
    ruleset = encounter.ruleset
    if isinstance(source, Battle):
        if source.state is None:
            source.advance()
        state = source.state
    else:
        state = ruleset.setup(encounter.spec)
    first, second = _pair(state.combatants, actor, target)
    model = ruleset.duel(state, first, second)
    if model is None:
        raise FracasError(
            f"the {ruleset.title} rules here have no duel model; `fracas sim` gives the odds"
            " by simulation"
        )
    rounds = encounter.spec.max_rounds - state.round
    sides = (first.side, second.side)
    ends, capped, lost, seen = run_chain(model, rounds, cutoff)
    wins = {side: ends.get(side, Fraction(0)) for side in sides}
    both = ends.get(None, Fraction(0))
    names = (first.name, second.name)
    cap = encounter.spec.max_rounds
    return DuelOdds(names, sides, wins, both, capped, cap, lost, seen)


def _pair(
    combatants: list[Combatant], actor: str | None, target: str | None
) -> tuple[Combatant, Combatant]:
    """The two duellists: everyone still in the fight must be one of two, on two sides."""
    fighting = [c for c in combatants if c.active]
    for name in (actor, target):
        if name is not None and not any(name in (c.name, c.id) for c in fighting):
            known = ", ".join(c.name for c in fighting)
            raise FracasError(f"no combatant {name!r} in the fight (there are: {known})")
    if len(fighting) != 2 or fighting[0].side == fighting[1].side:
        raise FracasError(
            f"a duel is one against one, and this fight has {len(fighting)} combatants in it"
            " (on their sides); `fracas sim` gives the odds of any fight by simulation"
        )
    if actor is not None and actor not in (fighting[0].name, fighting[0].id):
        fighting.reverse()
    return fighting[0], fighting[1]


_ATOMS = (type(None), bool, int, float, complex, str, bytes, Fraction, enum.Enum)


def shared_values(root: object) -> dict[int, object]:
    """Every value reachable from `root` that no rule can change — a frozen dataclass (or a
    tuple or frozenset) holding only such values and atoms — by its id: the memo a duel model
    seeds its copies of a state with (`copy.deepcopy(origin, dict(shared))`), so that a copy
    per chain state shares them instead of rebuilding each (issue 35: a weapon's data,
    positions, zones)."""
    found: dict[int, bool] = {}  # id -> unchangeable
    shared: dict[int, object] = {}
    keep: list[object] = []  # what was looked at, alive while the ids are used

    def unchangeable(value: object) -> bool:
        if isinstance(value, _ATOMS):
            return True
        known = found.get(id(value))
        if known is not None:
            return known
        found[id(value)] = False  # until shown otherwise (and for cycles)
        keep.append(value)
        parts = _parts(value)
        verdict = all([unchangeable(part) for part in parts]) and _frozen(value)
        found[id(value)] = verdict
        if verdict:
            shared[id(value)] = value
        return verdict

    unchangeable(root)
    return shared


def _frozen(value: object) -> bool:
    if isinstance(value, tuple | frozenset):
        return True
    params = getattr(type(value), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def _parts(value: object) -> list[object]:
    """What `value` holds: a container's items, a dataclass's fields and other attributes."""
    if isinstance(value, list | tuple | set | frozenset):
        return list(value)
    if isinstance(value, dict):
        return [*value.keys(), *value.values()]
    parts: list[object] = []
    if dataclasses.is_dataclass(value):
        parts += [getattr(value, f.name) for f in dataclasses.fields(value)]
    parts += list(getattr(value, "__dict__", {}).values())
    return parts
