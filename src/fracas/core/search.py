"""A policy that decides by playing the options forward through the rules (issue 34).

At a decision of its side, `SearchPolicy` plays each option to the end of the battle a few
times: a rollout is a new battle of the same encounter whose journal is the real battle's so
far plus that option (DESIGN.md §1–2: a battle is its encounter plus the journal of answers),
fought on by the ruleset's default policy for every side with dice of its own. It takes the
option confidently better for its side than the default's choice (`pick`): in wins (a draw
counts half), else in the harm its side dealt less the harm it took. It needs nothing from a
ruleset beyond the contracts every ruleset keeps (`setup`, `play_round`, `policy`, the
table), so it plays any of them.

Rollouts never touch the real battle: they replay a copy of its journal, draw from dice of
their own (`AlignedDice`), keyed by a digest of the journal so far and the rollout's number
(the same decision of the same battle gets the same rollouts, so the search is deterministic
for a seed), and observe nothing. Rollout r of every option meets the same luck: the same
faces for the same roll (who rolls, for what, the how-many-th such roll), wherever the option
has moved it (common random numbers kept in step).

Effort is bounded by the rollouts per option and, optionally, steps per decision: a step is
one journal entry a rollout replays or adds (a die or a choice), so the bound counts work and
the search stays deterministic for a seed on any machine (a bound in seconds would not).
Rollouts go round the options, the default policy's choice first, so a decision cut short
has compared the options on as many rollouts each, give or take one; an option confidently
worse in wins than the default's is dropped from the rounds after. The seconds spent are
measured and shown, never decided on.
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
from fracas.core.encounter import UNLIMITED, Encounter, from_document
from fracas.core.journal import Entry
from fracas.core.outcome import Outcome
from fracas.core.policy_names import PolicyChoice
from fracas.core.requests import ChoiceRequest, RollRequest


class Rollout(Protocol):
    """What a rollout is read for: a battle fought to its end, and its state then."""

    state: Any
    journal: list[Entry]

    def run(self) -> Outcome: ...


# Builds a rollout: the battle class itself, given by `core.battle` (which imports this
# module, so this one cannot import it back: the layers admit no cycle).
MakeBattle = Callable[..., Rollout]

Key = tuple[int, int]  # a rollout's dice (`AlignedDice(key)`)
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
    """What a search cost: decisions searched, rollouts fought, their steps (journal entries
    replayed or added: the work, counted), CPU seconds spent (this process's: shown, never
    decided on)."""

    __slots__ = ("decisions", "rollouts", "seconds", "steps")

    def __init__(self) -> None:
        self.decisions = 0
        self.rollouts = 0
        self.steps = 0
        self.seconds = 0.0

    def as_counts(self) -> dict[str, int]:
        """As integer counts, for the simulator's tally (which sums integers)."""
        return {
            "search decisions": self.decisions,
            "search rollouts": self.rollouts,
            "search steps": self.steps,
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
        self._steps = choice.steps
        self._make_battle = make_battle
        self.effort = SearchEffort()
        self._spent = 0  # steps of the decision under way

    def choose(self, request: ChoiceRequest) -> int:
        preferred = self._fallback.choose(request)
        started = time.process_time()
        prefix = list(self._journal)
        totals = self._play_forward(prefix, len(request.options), preferred)
        self.effort.decisions += 1
        self.effort.seconds += time.process_time() - started
        return pick(totals, preferred, self._rollouts)

    def _play_forward(
        self, prefix: list[Entry], options: int, preferred: int
    ) -> dict[int, list[Score]]:
        """Each option's rollout scores, round by round of the options (the preferred first)
        until each has its rollouts or the steps are spent. An option confidently worse than
        the preferred in wins is played no further (its rollouts would only confirm it); an
        option ahead of it in wins but not yet confidently is played on beside it, up to
        `EXTEND` times the rollouts (a gain of a fifth in wins needs some 30 rollouts)."""
        live = [preferred, *(i for i in range(options) if i != preferred)]
        scores: dict[int, list[Score]] = {i: [] for i in live}
        digest = hashlib.blake2b(repr(prefix).encode(), digest_size=16)
        self._spent = 0
        for number in range(self._rollouts * EXTEND):
            if number == self._rollouts:
                live = [o for o in live if o == preferred or ahead(scores[o], scores[preferred])]
            if len(live) == 1 or not self._round(prefix, live, scores, rollout_key(digest, number)):
                return scores
            live = [o for o in live if o == preferred or not worse(scores[o], scores[preferred])]
        return scores

    def _round(
        self, prefix: list[Entry], live: list[int], scores: dict[int, list[Score]], key: Key
    ) -> bool:
        """One rollout of each live option on the dice `key`; False once the steps are spent."""
        for option in live:
            score, steps = self.rollout(prefix, option, key)
            scores[option].append(score)
            self._spent += steps
            if self._steps is not None and self._spent >= self._steps:
                return False
        return True

    def rollout(self, prefix: list[Entry], option: int, key: Key) -> tuple[Score, int]:
        """One battle from the decision on, `option` taken, the default policy deciding
        everything after it, unobserved, on dice keyed `key`; its score, and its steps."""
        battle = self._make_battle(
            self._rollout_encounter,
            dice=AlignedDice(key),
            journal=[*prefix, option],
            observe=False,
        )
        outcome = battle.run()
        steps = len(battle.journal)
        self.effort.rollouts += 1
        self.effort.steps += steps
        winner = outcome.winner
        won = 0.5 if winner is None else 1.0 if winner == self._side else 0.0
        return (won, harm_balance(battle.state.combatants, self._side)), steps


class AlignedDice:
    """A rollout's dice, each roll's faces a function of the rollout's key and of *which* roll
    it is: who rolls, for what (the rules' reason), the notation, and how many such rolls came
    before it in this rollout. Every roll is a different hash of the key, so within a
    rollout the faces are as independent and uniform as a stream's; across the options of one
    decision, rollout r of each meets the same faces for the same roll (the same fighter's
    second attack on the same foe, say) even where the options have moved the rolls along the
    stream. Drawn from one stream instead, the rolls after two options part fall on other dice
    and the options' paired results are nearly independent: the paired differences the
    search tests then carry the luck of the whole rest of the battle twice (common random
    numbers kept in step, issue 34; docs/benchmarks.md)."""

    __slots__ = ("_key", "_seen")

    def __init__(self, key: Key) -> None:
        self._key = key[0].to_bytes(8, "little") + key[1].to_bytes(8, "little")
        self._seen: dict[tuple[str, str, str], int] = {}

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        who = request.by.id if request.by is not None else ""
        name = (who, request.reason, request.notation)
        count = self._seen.get(name, 0)
        self._seen[name] = count + 1
        material = "\x1f".join((who, request.reason, request.notation, str(count))).encode()
        faces: list[int] = []
        block = 0
        while len(faces) < len(request.dice):
            digest = hashlib.blake2b(
                material + block.to_bytes(4, "little"), key=self._key, digest_size=64
            ).digest()
            for start in range(0, 64, 8):
                if len(faces) == len(request.dice):
                    break
                sides = request.dice[len(faces)]
                unit = (int.from_bytes(digest[start : start + 8], "little") >> 11) * _UNIT
                faces.append(int(unit * sides) + 1)
            block += 1
        return tuple(faces)


_UNIT: Final = 2.0**-53  # 53 random bits to a float in [0, 1)


def rollout_key(digest: Any, number: int) -> Key:
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


def pick(scores: Mapping[int, list[Score]], preferred: int, screened: int = 0) -> int:
    """The default policy's choice `preferred`, unless another option is better with 95 %
    confidence (one-sided), rollout for rollout on the same dice: the option whose mean gain
    over it is largest among those whose gain is confidently above nil. The gain is in wins;
    in harm only where no rollout's win differed over many rollouts (`HARM_FEWEST`). Rollouts
    are noisy where one decision weighs little against the rest of the battle: a plain best
    mean then picks at random among near-equal options and plays worse than the default
    (measured: issue 34). The test is per option, not shared among them: an option that passes
    by luck is one near the default's (a worse one is dropped early, `worse`), and sharing the
    5 % would miss the gains of 5-10 % in wins the options differ by (docs/benchmarks.md).

    An option rolled out past the first `screened` rollouts was chosen for more because it
    was ahead on those: it is tested on the later ones only (`confirmed`), lest the luck that
    chose it count again. Tested on all of them, BRP's duels took an option ahead by luck
    often enough to lose more pairs than they won (issue 34, docs/benchmarks.md)."""
    base = scores[preferred]
    best, best_gain = preferred, 0.0
    for option, results in scores.items():
        paired = min(len(results), len(base))
        if option == preferred or paired == 0:
            continue
        first = confirmed(paired, screened)
        gain = _confident_gain(results[first:paired], base[first:paired], ONE_SIDED_95)
        if gain > best_gain:
            best, best_gain = option, gain
    return best


def confirmed(paired: int, screened: int) -> int:
    """Where the rollouts an option is tested on start: past the `screened` ones that chose
    it for more, if it had more; else at the first."""
    return screened if paired > screened else 0


def worse(results: list[Score], base: list[Score]) -> bool:
    """Whether `results` lose confidently in wins to `base`, rollout for rollout (a one-sided
    95 % test on the first rollouts of both): such an option is rolled out no further."""
    paired = min(len(results), len(base))
    if paired < FEWEST_PAIRED:
        return False
    losses = [b[0] - r[0] for r, b in zip(results[:paired], base[:paired], strict=True)]
    return _if_confident(losses, ONE_SIDED_95) > 0


def ahead(results: list[Score], base: list[Score]) -> bool:
    """Whether `results` won more than `base` over their paired rollouts (confidently or not):
    such an option is worth more rollouts."""
    paired = min(len(results), len(base))
    return sum(r[0] for r in results[:paired]) > sum(b[0] for b in base[:paired])


def _confident_gain(results: list[Score], base: list[Score], z: float) -> float:
    """The mean gain of `results` over `base` in wins (else harm), when it is confidently
    above zero; else 0."""
    wins = [r[0] - b[0] for r, b in zip(results, base, strict=True)]
    if any(wins):
        return _if_confident(wins, z)
    if len(wins) < HARM_FEWEST:
        return 0.0  # the same wins on a few rollouts may hide a win chance they missed
    harm = [r[1] - b[1] for r, b in zip(results, base, strict=True)]
    return _if_confident(harm, z) * HARM_WEIGHT


# A harm gain ranks below any win gain (a win's least step is ½ over at most 10,000 rollouts).
HARM_WEIGHT: Final = 1e-9
ONE_SIDED_95: Final = 1.645
# Rollouts each option needs before it may overrule the default: with two that both went
# better the spread looks nil, and the budgeted searches of the first measurement that switched
# on so little lost OD&D's bench duel 7 to 19 (docs/benchmarks.md, issue 34).
FEWEST_PAIRED: Final = 4
# Rollouts with the same wins each before harm alone may overrule the default. Measured (issue
# 34, OD&D's bench duel): a hurt fighter's 8 rollouts all lost, attacking or retreating, so the
# retreat, taking less harm, overruled the attack; 200 rollouts gave the attack 23 % wins and
# the retreat none. After 32 rollouts without a win a 23 % chance is missed once in 4,000.
HARM_FEWEST: Final = 32
# How many times the rollouts per option an option ahead of the default's in wins, not yet
# confidently, is rolled out (beside the default's); with none ahead the search stops at them.
EXTEND: Final = 4


def _if_confident(gains: list[float], z: float) -> float:
    n = len(gains)
    mean = sum(gains) / n
    if mean <= 0:
        return 0.0
    if n < FEWEST_PAIRED:
        return 0.0  # two or three rollouts, all alike, tell little of the spread
    variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean if mean >= z * math.sqrt(variance / n) else 0.0
