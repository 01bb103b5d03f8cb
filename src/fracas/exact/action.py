"""The exact odds of one action (issue 11): `fracas odds FILE --actor A --target T`.

The ruleset names the actions an actor may take against a target and carries one out
(`Ruleset.actions`, `Ruleset.perform`); the enumerator runs it along every way the dice can
fall, from a fresh copy of the state each time, with every decision left to the ruleset's
policy — and again with the target's defence forced to each of its options, where the ruleset
names the decisions by which a target defends (`Ruleset.defence_decisions`).
"""

from __future__ import annotations

import copy
import math
import time
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fracas.core import arguments
from fracas.core.battle import Battle
from fracas.core.combatant import BattleState, Combatant
from fracas.core.controllers import Controller
from fracas.core.dice_sources import DiceSource, SeededDice
from fracas.core.encounter import Encounter
from fracas.core.errors import FracasError
from fracas.core.philox import SpawnedKeys
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import AnyRuleset
from fracas.core.table import Table
from fracas.exact.enumerator import Enumerated, enumerate_runs
from fracas.exact.scope import SHARED
from fracas.exact.sources import encounter_or_battle

Result = tuple[str, int, bool]  # the ruleset's name for it, harm to the target, target out


@dataclass(frozen=True)
class OutcomeOdds:
    """What one action does, exactly: each result by the ruleset's name, the harm the target
    takes, and the chance it is out of the fight. `truncated` is the probability left out
    with the tail of unbounded dice."""

    results: dict[str, Fraction]
    harm: dict[int, Fraction]
    down: Fraction
    truncated: Fraction

    @classmethod
    def of(cls, enumerated: Enumerated[Result]) -> OutcomeOdds:
        return cls.of_outcomes(enumerated.outcomes, enumerated.truncated)

    @classmethod
    def of_outcomes(
        cls, outcomes: Mapping[Result, Fraction], truncated: Fraction = Fraction(0)
    ) -> OutcomeOdds:
        # Summed as integers over the outcomes' common denominator: the same fractions, without
        # a reduction at every addition (issue 35: most of one attack's odds went to them).
        den = common_denominator(outcomes.values())
        results: dict[str, int] = {}
        harm: dict[int, int] = {}
        down = 0
        for (name, damage, out), p in outcomes.items():
            n = p.numerator * (den // p.denominator)
            results[name] = results.get(name, 0) + n
            harm[damage] = harm.get(damage, 0) + n
            down += n if out else 0
        return cls(
            {name: Fraction(n, den) for name, n in results.items()},
            {damage: Fraction(harm[damage], den) for damage in sorted(harm)},
            Fraction(down, den),
            truncated,
        )

    def mean_harm(self) -> Fraction:
        return sum((damage * p for damage, p in self.harm.items()), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        """Exact fractions as "n/d" strings (JSON has no fractions), with floats beside."""
        return {
            "results": {k: _exact(p) for k, p in self.results.items()},
            "harm": {str(k): _exact(p) for k, p in self.harm.items()},
            "mean_harm": _exact(self.mean_harm()),
            "down": _exact(self.down),
            "truncated": _exact(self.truncated),
        }


def common_denominator(values: Iterable[Fraction]) -> int:
    return math.lcm(*(p.denominator for p in values))


def exact_sum(values: Collection[Fraction]) -> Fraction:
    """The sum of `values`, added as integers over their common denominator."""
    den = common_denominator(values)
    return Fraction(sum(p.numerator * (den // p.denominator) for p in values), den)


def _exact(p: Fraction) -> dict[str, Any]:
    return {"exact": f"{p.numerator}/{p.denominator}", "p": float(p)}


@dataclass(frozen=True)
class ActionOdds:
    """The odds of `actor`'s `action` against `target`: as the policy would defend, and for
    each option of the target's defence (`decision`), by its label."""

    actor: str
    target: str
    action: str
    policy: OutcomeOdds
    decision: str | None
    choices: tuple[tuple[str, OutcomeOdds], ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "actor": self.actor,
            "target": self.target,
            "action": self.action,
            "policy": self.policy.to_dict(),
            "decision": self.decision,
            "choices": [{"option": label, **odds.to_dict()} for label, odds in self.choices],
        }


Seen = list[tuple[str, tuple[str, ...]]]  # the target's defence decision and its options


class _Defence:
    """The policy, except at the target's defence: there it notes the options offered (once,
    in `seen`) and, when told to, takes the one with a given label (the policy's choice where
    that option is not offered)."""

    def __init__(
        self,
        policy: Controller,
        target: Combatant,
        decisions: tuple[str, ...],
        label: str | None,
        seen: Seen,
    ) -> None:
        self.policy, self.target, self.decisions = policy, target, decisions
        self.label, self.seen = label, seen

    def choose(self, request: ChoiceRequest) -> int:
        if request.who is self.target and request.decision in self.decisions:
            labels = tuple(str(option) for option in request.options)
            if not self.seen:
                self.seen.append((request.decision, labels))
            if self.label in labels:
                return labels.index(self.label)
        return self.policy.choose(request)


def action_odds(
    source: Encounter | Battle,
    actor: str,
    target: str,
    action: str | None = None,
    *,
    cutoff: Fraction = Fraction(1, 10**9),
    by_enumeration: bool = False,
    seconds: float | None = None,
) -> ActionOdds:
    """The exact odds of one action, from an encounter's start or a battle as it stands: by
    the ruleset's calculator where it has one, else (or with `by_enumeration`) by running its
    rules along every way the dice can fall — giving up with `TooManyPaths` after `seconds`
    of enumeration, where a caller (a screen) cannot wait."""
    source = encounter_or_battle(source)
    actor, target = arguments.text(actor, "actor"), arguments.text(target, "target")
    action = arguments.optional_text(action, "action")
    cutoff = arguments.cutoff(cutoff)
    deadline = (
        None if seconds is None else time.perf_counter() + arguments.positive(seconds, "seconds")
    )
    encounter = source.encounter if isinstance(source, Battle) else source
    ruleset: AnyRuleset = encounter.ruleset
    fresh = _fresh_states(source)
    state = fresh()
    me, them = _named(state, actor), _named(state, target)
    offered = list(ruleset.actions(state, me, them))
    if not offered:
        raise FracasError(
            f"the rules offer {me.name} no action against {them.name} as they stand"
            " (out of reach or range, on the same side, or out of the fight)"
        )
    if action is None:
        action = offered[0]
    elif action not in offered:
        raise FracasError(
            f"{me.name} cannot {action!r} against {them.name}; the actions are: "
            + ", ".join(offered)
        )
    plan = _Plan(ruleset, fresh, me.id, them.id, action, cutoff, by_enumeration, deadline)
    token = SHARED.set({})  # the calculator's answers shared within this call (`scope`)
    try:
        seen: Seen = []
        policy = plan.odds(None, seen)
        if not seen:
            return ActionOdds(me.name, them.name, action, policy, None, ())
        decision, labels = seen[0]
        choices = tuple((label, plan.odds(label, [])) for label in labels)
    finally:
        SHARED.reset(token)
    return ActionOdds(me.name, them.name, action, policy, decision, choices)


@dataclass(frozen=True)
class _Plan:
    """One action of one actor against one target, enumerated from a fresh state per run."""

    ruleset: AnyRuleset
    fresh: Callable[[], BattleState]
    actor: str  # ids
    target: str
    action: str
    cutoff: Fraction
    by_enumeration: bool
    deadline: float | None = None  # a time.perf_counter() reading

    def odds(self, label: str | None, seen: Seen) -> OutcomeOdds:
        if not self.by_enumeration:
            calculated = self.calculated(label, seen)
            if calculated is not None:
                return calculated
        run = enumerate_runs(
            lambda dice: self.once(dice, label, seen), cutoff=self.cutoff, deadline=self.deadline
        )
        return OutcomeOdds.of(run)

    def calculated(self, label: str | None, seen: Seen) -> OutcomeOdds | None:
        """The ruleset's calculator; the target's defence options are found as the
        enumerator finds them, by offering the rules one run (its dice never rolled)."""
        state = self.fresh()
        me, them = _by_id(state, self.actor), _by_id(state, self.target)
        outcomes = self.ruleset.calculate(state, me, them, self.action, label)
        if outcomes is None:
            return None
        if label is None and not seen and self.ruleset.defence_decisions:
            self.probe_defence(seen)  # (a ruleset with no defence decisions offers none)
        # What the calculator left out (the tail of exploding dice) is reported as truncated.
        return OutcomeOdds.of_outcomes(outcomes, 1 - exact_sum(outcomes.values()))

    def probe_defence(self, seen: Seen) -> None:
        """Follow the ways the dice can fall until the target's defence is first offered
        (a few runs: the first attack roll that succeeds)."""
        enumerate_runs(lambda dice: self.once(dice, None, seen), until=lambda: bool(seen))

    def once(self, dice: DiceSource, label: str | None, seen: Seen) -> Result:
        state = self.fresh()
        me, them = _by_id(state, self.actor), _by_id(state, self.target)
        ruleset = self.ruleset
        defence = _Defence(ruleset.policy(state), them, ruleset.defence_decisions, label, seen)
        controllers: dict[str, Controller] = {s.name: defence for s in state.sides}
        controllers["gm"] = defence
        before = them.damage_taken
        name = ruleset.perform(Table(dice, controllers), state, me, them, self.action)
        return name, them.damage_taken - before, them.status.out


def sample_action(
    source: Encounter | Battle, actor: str, target: str, action: str, n: int, seed: int = 0
) -> OutcomeOdds:
    """The same action carried out `n` times by the rules from seeded dice, the target
    defending as its policy would: the frequencies, as fractions of `n` — the third path to
    the same numbers, for tests and for rulesets with neither calculator nor a small enough
    enumeration."""
    encounter = source.encounter if isinstance(source, Battle) else source
    fresh = _fresh_states(source)
    state = fresh()
    me, them = _named(state, actor), _named(state, target)
    plan = _Plan(encounter.ruleset, fresh, me.id, them.id, action, Fraction(0), True)
    keys = SpawnedKeys(seed)  # run i rolls battle i's dice of a simulation with this seed
    counts: dict[Result, int] = {}
    for i in range(n):
        result = plan.once(SeededDice.spawned(keys, i), None, [])
        counts[result] = counts.get(result, 0) + 1
    return OutcomeOdds.of_outcomes({k: Fraction(v, n) for k, v in counts.items()})


def _fresh_states(source: Encounter | Battle) -> Callable[[], BattleState]:
    """A new copy of the state for each run: the encounter's start, or the battle's state as
    it stands (copied, so the battle itself is never touched)."""
    if isinstance(source, Battle):
        if source.state is None:
            source.advance()
        snapshot = source.state
        return lambda: copy.deepcopy(snapshot)
    ruleset, spec = source.ruleset, source.spec
    return lambda: ruleset.setup(spec)


def _named(state: BattleState, name: str) -> Combatant:
    for c in state.combatants:
        if name in (c.name, c.id):
            return c
    known = ", ".join(c.name for c in state.combatants)
    raise FracasError(f"no combatant {name!r} here (there are: {known})")


def _by_id(state: BattleState, ident: str) -> Combatant:
    return next(c for c in state.combatants if c.id == ident)
