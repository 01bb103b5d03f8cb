"""What a ruleset's default policy chooses in the bundled examples (issue 34): battles run with
fixed seeds through the public API, every decision's options and pick tallied by kind.
Shared by the rulesets' tests of their policies (`test_policy_uses_the_rules.py`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import fracas
from fracas.core.controllers import Controller
from fracas.core.requests import ChoiceRequest

EXAMPLES = Path(fracas.__file__).parent / "examples"

# The kind of an option: a short name for what it does, from who is asked, the decision and
# the option.
KindOf = Callable[[Any, str, Any], str]


class Tally:
    """The kinds offered and the kinds taken, over every battle it watched."""

    def __init__(self, kind_of: KindOf) -> None:
        self.kind_of = kind_of
        self.offered: Counter[str] = Counter()
        self.taken: Counter[str] = Counter()

    def unlisted(self, listed: set[str]) -> list[str]:
        """The kinds offered somewhere that `listed` does not name."""
        return sorted(set(self.offered) - listed)

    def never_taken(self, kinds: Iterable[str]) -> list[str]:
        """The kinds of `kinds` the policy never took."""
        return sorted(k for k in kinds if self.taken[k] == 0)


class Recorder:
    """A controller that asks the ruleset's own default policy and notes what it picked.
    The policy reads the battle's state, which exists once the battle has started: it is
    made at the first question, from the battle given after both were built."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally
        self.battle: fracas.Battle | None = None
        self.policy: Controller | None = None

    def choose(self, request: ChoiceRequest) -> int:
        if self.policy is None:
            assert self.battle is not None, "the recorder was never given its battle"
            self.policy = self.battle.encounter.ruleset.policy(self.battle.state)
        pick = self.policy.choose(request)
        kind_of = self.tally.kind_of
        for option in request.options:
            self.tally.offered[kind_of(request.who, request.decision, option)] += 1
        self.tally.taken[kind_of(request.who, request.decision, request.options[pick])] += 1
        return pick


def tally_examples(ruleset: str, seeds: Iterable[int], kind_of: KindOf) -> Tally:
    """Run every bundled example of `ruleset` once per seed, tallying the policy's choices."""
    tally = Tally(kind_of)
    seeds = list(seeds)
    for path in sorted((EXAMPLES / ruleset).iterdir()):
        encounter = fracas.load(path)
        for seed in seeds:
            recorder = Recorder(tally)
            battle = fracas.Battle(encounter, seed=seed, observe=False, default_controller=recorder)
            recorder.battle = battle
            battle.run()
    return tally


def fought_examples(ruleset: str, seeds: Iterable[int]) -> Iterator[fracas.Battle]:
    """Every bundled example of `ruleset` fought to its end by the default policy, once per
    seed: the battles whose events a test reads for the kinds of action taken."""
    seeds = list(seeds)
    for path in sorted((EXAMPLES / ruleset).glob("*.yaml")):
        encounter = fracas.load(path)
        for seed in seeds:
            battle = fracas.Battle(encounter, seed=seed)
            battle.run()
            yield battle
