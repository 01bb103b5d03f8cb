"""What a search could gain over the default policy (issue 34, docs/benchmarks.md): at each
decision of one side in battles fought by the default policy, every option's share of wins
over many rollouts, and how far the best of them is above the default's choice.

The side is seated as a person, so each of its decisions stops the battle (`Pending`); the
default policy (built on the state as it stands) answers, after `core.search` has rolled every
option out `rollouts` times on the same dice (its own rollouts, with a key of their own). A
gap near nil at every decision means no search can beat the default by much, whatever its
effort: its rollouts would find the options alike. The best share is of noisy estimates, so
the gaps are biased upward (by about a standard error of a share: ½ / √rollouts at most).
`python -m fracas.sim.gaps FILE... [--rollouts N] [--battles B]` prints one JSON line per
encounter.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Sequence
from typing import Any

from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import Encounter, load
from fracas.core.journal import Entry
from fracas.core.philox import SpawnedKeys
from fracas.core.policy_names import SEARCH, PolicyChoice
from fracas.core.requests import ChoiceRequest, Pending
from fracas.core.search import SearchPolicy, rollout_key

Shares = tuple[int, list[float]]  # the default's choice, each option's share of wins


def shares(encounter: Encounter, rollouts: int, battles: int, seed: int = 0) -> list[Shares]:
    """At each decision of the first side in `battles` battles (battle i on dice i of `seed`),
    the default policy's choice and every option's share of wins over `rollouts` rollouts."""
    side = encounter.spec.sides[0].name
    found: list[Shares] = []
    keys = SpawnedKeys(seed)
    for number in range(battles):
        dice = SeededDice.spawned(keys, number)
        battle = Battle(encounter, dice=dice, seats={side: "person"}, observe=False)
        while _decision(battle, side, rollouts, found):
            pass
    return found


def _decision(battle: Battle, side: str, rollouts: int, found: list[Shares]) -> bool:
    """Run the battle to its side's next decision and answer it as the default would, after
    rolling its options out; False when the battle ended."""
    try:
        battle.run()
    except Pending as pending:
        request = pending.request
        if not isinstance(request, ChoiceRequest):
            asked = f"a seated side was asked {request!r}: only choices are probed"
            raise TypeError(asked) from None
        policy = battle.encounter.ruleset.policy(battle.state)
        preferred = policy.choose(request)
        prefix: list[Entry] = list(battle.journal)
        search = SearchPolicy(
            battle.encounter, side, prefix, policy, PolicyChoice(SEARCH, rollouts), Battle
        )
        digest = hashlib.blake2b(repr(prefix).encode() + b"gaps", digest_size=16)
        wins = [0.0] * len(request.options)
        for n in range(rollouts):
            key = rollout_key(digest, n)
            for option in range(len(wins)):
                wins[option] += search.rollout(prefix, option, key)[0][0]
        found.append((preferred, [w / rollouts for w in wins]))
        battle.journal.append(preferred)
        return True
    return False


def summary(encounter: Encounter, found: list[Shares], rollouts: int) -> dict[str, Any]:
    """The gaps in wins between the best option and the default's choice."""
    gaps = sorted(max(rates) - rates[chosen] for chosen, rates in found)
    n = max(len(gaps), 1)
    return {
        "encounter": encounter.source,
        "rollouts": rollouts,
        "decisions": len(gaps),
        "mean_gap": sum(gaps) / n,
        "largest_gap": gaps[-1] if gaps else 0.0,
        "gaps_of_a_tenth": sum(g >= 0.1 for g in gaps),
        "default_best": sum(g == 0 for g in gaps),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m fracas.sim.gaps", description=__doc__)
    parser.add_argument("files", nargs="+", help="encounter files")
    parser.add_argument("--rollouts", type=int, default=60, help="rollouts per option")
    parser.add_argument("--battles", type=int, default=4, help="battles per encounter")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the battles")
    args = parser.parse_args(argv)
    for path in args.files:
        encounter = load(path)
        found = shares(encounter, args.rollouts, args.battles, args.seed)
        print(json.dumps(summary(encounter, found, args.rollouts)), flush=True)


if __name__ == "__main__":
    main()
