"""A policy that decides by playing the options forward through the rules (issue 34).

At a decision of its side, `SearchPolicy` plays each option to the end of the battle a few
times: a rollout is a new battle of the same encounter whose journal is the real battle's so
far plus that option (DESIGN.md §1–2: a battle is its encounter plus the journal of answers),
fought on by the ruleset's default policy for every side with dice of its own. It takes the
option with the best mean outcome for its side: the win (a draw counts half), then the harm
its side dealt less the harm it took. It needs nothing from a ruleset beyond the contracts
every ruleset keeps (`setup`, `play_round`, `policy`, the table), so it plays any of them.

Rollouts never touch the real battle: they replay a copy of its journal, draw from their own
`SeededDice`, keyed by a digest of the journal so far and the rollout's number (the same
decision of the same battle gets the same rollouts, so the search is deterministic for a
seed), and observe nothing. Rollout r of every option uses the same dice (common random
numbers: the options are compared on the same luck).

Effort is bounded by the rollouts per option and, optionally, seconds per decision (checked
between rollouts; rollouts go round the options, the default policy's choice first, so a
decision cut short has compared the options on as many rollouts each, give or take one).
A time budget that cuts a decision short makes the choice depend on the machine's speed:
leave it off where a battle must be the same for its seed everywhere.
"""

from __future__ import annotations

import copy
import hashlib
import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Protocol

from fracas.core.combatant import Combatant
from fracas.core.controllers import Controller
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import UNLIMITED, Encounter, from_document
from fracas.core.journal import Entry
from fracas.core.outcome import Outcome
from fracas.core.policy_names import PolicyChoice
from fracas.core.requests import ChoiceRequest


class Rollout(Protocol):
    """What a rollout is read for: a battle fought to its end, and its state then."""

    state: Any

    def run(self) -> Outcome: ...


# Builds a rollout: the battle class itself, given by `core.battle` (which imports this
# module, so this one cannot import it back: the layers admit no cycle).
MakeBattle = Callable[..., Rollout]

Score = tuple[float, float]  # (mean win: 1, a draw ½, a loss 0; mean harm dealt − taken)


def without_policies(encounter: Encounter) -> Encounter:
    """The encounter with every side left to the ruleset's default policy: what rollouts
    fight (a rollout that searched in turn would never end)."""
    document = copy.deepcopy(dict(encounter.document))
    for side in document.get("sides", []):
        if isinstance(side, dict):
            side.pop("policy", None)
    return from_document(document, encounter.source, max_combatants=UNLIMITED)


class SearchEffort:
    """What a search cost: decisions searched, rollouts fought, seconds spent."""

    __slots__ = ("decisions", "rollouts", "seconds")

    def __init__(self) -> None:
        self.decisions = 0
        self.rollouts = 0
        self.seconds = 0.0

    def as_counts(self) -> dict[str, int]:
        """As integer counts, for the simulator's tally (which sums integers)."""
        return {
            "search decisions": self.decisions,
            "search rollouts": self.rollouts,
            "search milliseconds": round(self.seconds * 1000),
        }


class SearchPolicy:
    """Decides for `side` by rollouts (see the module's docstring); `fallback` is the
    ruleset's default policy, whose choice wins any tie. `journal` is the real battle's own
    list, read (never changed) at each decision."""

    def __init__(
        self,
        encounter: Encounter,
        side: str,
        journal: Sequence[Entry],
        fallback: Controller,
        choice: PolicyChoice,
        make_battle: MakeBattle,
    ) -> None:
        self._rollout_encounter = without_policies(encounter)
        self._side = side
        self._journal = journal
        self._fallback = fallback
        self._rollouts = choice.rollouts
        self._budget = choice.budget
        self._make_battle = make_battle
        self.effort = SearchEffort()

    def choose(self, request: ChoiceRequest) -> int:
        preferred = self._fallback.choose(request)
        started = time.perf_counter()
        prefix = list(self._journal)
        totals = self._play_forward(prefix, len(request.options), preferred, started)
        self.effort.decisions += 1
        self.effort.seconds += time.perf_counter() - started
        return pick(totals, preferred)

    def _play_forward(
        self, prefix: list[Entry], options: int, preferred: int, started: float
    ) -> dict[int, list[Score]]:
        """Each option's rollout scores, round by round of the options (the preferred first)
        until each has its rollouts or the time budget is spent."""
        order = [preferred, *(i for i in range(options) if i != preferred)]
        scores: dict[int, list[Score]] = {i: [] for i in order}
        digest = hashlib.blake2b(repr(prefix).encode(), digest_size=16)
        for number in range(self._rollouts):
            key = rollout_key(digest, number)
            for option in order:
                scores[option].append(self._rollout(prefix, option, key))
                self.effort.rollouts += 1
                if self._out_of_time(started):
                    return scores
        return scores

    def _out_of_time(self, started: float) -> bool:
        return self._budget is not None and time.perf_counter() - started >= self._budget

    def _rollout(self, prefix: list[Entry], option: int, key: tuple[int, int]) -> Score:
        """One battle from the decision on, `option` taken, the default policy deciding
        everything after it, unobserved, on dice keyed `key`."""
        battle = self._make_battle(
            self._rollout_encounter,
            dice=SeededDice(key=key),
            journal=[*prefix, option],
            observe=False,
        )
        outcome = battle.run()
        winner = outcome.winner
        won = 0.5 if winner is None else 1.0 if winner == self._side else 0.0
        return won, harm_balance(battle.state.combatants, self._side)


def rollout_key(digest: Any, number: int) -> tuple[int, int]:
    """The dice key of rollout `number` at a decision whose journal so far hashed to
    `digest` (a blake2b object, copied: the digest of the prefix is computed once)."""
    h = digest.copy()
    h.update(number.to_bytes(4, "little"))
    raw: bytes = h.digest()
    return int.from_bytes(raw[:8], "little"), int.from_bytes(raw[8:16], "little")


def harm_balance(combatants: Sequence[Combatant], side: str) -> float:
    """The harm `side`'s combatants dealt less the harm they took (`combatant.record_harm`:
    every ruleset's bookkeeping of harm)."""
    return float(sum(c.damage_dealt - c.damage_taken for c in combatants if c.side == side))


def pick(scores: Mapping[int, list[Score]], preferred: int) -> int:
    """The default policy's choice `preferred`, unless another option is better with 95 %
    confidence, rollout for rollout on the same dice: the option whose mean gain over it is
    largest among those whose gain is at least 1.645 standard errors (one-sided). The gain is
    in wins, or in harm where no rollout's win differed. Rollouts are noisy where one
    decision weighs little against the rest of the battle: a plain best mean then picks at
    random among near-equal options and plays worse than the default (measured: issue 34)."""
    base = scores[preferred]
    best, best_gain = preferred, 0.0
    for option, results in scores.items():
        paired = min(len(results), len(base))
        if option == preferred or paired == 0:
            continue
        gain = _confident_gain(results[:paired], base[:paired])
        if gain > best_gain:
            best, best_gain = option, gain
    return best


def _confident_gain(results: list[Score], base: list[Score]) -> float:
    """The mean gain of `results` over `base` in wins (else harm), when it is confidently
    above zero; else 0."""
    wins = [r[0] - b[0] for r, b in zip(results, base, strict=True)]
    if any(wins):
        return _if_confident(wins)
    harm = [r[1] - b[1] for r, b in zip(results, base, strict=True)]
    return _if_confident(harm) * HARM_WEIGHT


# A harm gain ranks below any win gain (a win's least step is ½ over at most 10,000 rollouts).
HARM_WEIGHT: Final = 1e-9
ONE_SIDED_95: Final = 1.645
# Rollouts each option needs before it may overrule the default: with two that both went
# better the spread looks nil, and the budgeted searches of the first measurement that switched
# on so little lost OD&D's bench duel 7 to 19 (docs/benchmarks.md, issue 34).
FEWEST_PAIRED: Final = 4


def _if_confident(gains: list[float]) -> float:
    n = len(gains)
    mean = sum(gains) / n
    if mean <= 0:
        return 0.0
    if n < FEWEST_PAIRED:
        return 0.0  # two or three rollouts, all alike, tell little of the spread
    variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean if mean >= ONE_SIDED_95 * math.sqrt(variance / n) else 0.0
