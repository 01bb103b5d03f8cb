"""Mirrored fights of a policy against the default policy (issue 34, docs/benchmarks.md).

Pair i fights the encounter twice on the same dice (battle i of the seed's stream, as
`runner.simulate` seeds it): once with the first side playing `policy`, once with the second,
the other side keeping the ruleset's default policy. Whatever edge a side's position gives,
each policy has it once a pair; a policy no better than the default wins half of the decisive
battles. `python -m fracas.sim.mirror POLICY FILE... [--pairs N] [--steps S]` prints one JSON
line per encounter: the searching side's wins, losses and draws, the share of the decisive
battles it won with its 95 % Wilson interval, the pairs it came out of ahead and behind (a
pair the search changed nothing in is one win and one loss: the pairs ahead against those
behind are what tell the policies apart), and what the search cost (in steps, rollouts
and CPU seconds: this process's time, less shaken by a loaded machine than the clock's).
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from collections.abc import Sequence
from typing import Any

from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import Encounter, from_document, load
from fracas.core.philox import SpawnedKeys
from fracas.sim import stats


def with_policy(encounter: Encounter, side: int, policy: str) -> Encounter:
    """The encounter with side number `side` playing `policy`."""
    document = copy.deepcopy(dict(encounter.document))
    document["sides"][side]["policy"] = policy
    return from_document(document, encounter.source)


def mirrored(
    encounter: Encounter, policy: str, pairs: int, seed: int = 0, steps: int | None = None
) -> dict[str, Any]:
    """Up to `pairs` mirrored pairs, fewer when the search has spent `steps` (journal entries
    its rollouts went through: counted work, so the pairs fought are the same on any machine
    and under any load)."""
    names = [s.name for s in encounter.spec.sides]
    playing = [with_policy(encounter, k, policy) for k in (0, 1)]
    keys = SpawnedKeys(seed)
    counts = {"wins": 0, "losses": 0, "draws": 0, "battles": 0, "pairs ahead": 0, "pairs behind": 0}
    effort = {
        "search decisions": 0,
        "search rollouts": 0,
        "search steps": 0,
        "search milliseconds": 0,
    }
    started = time.process_time()
    done = 0
    while done < pairs and (steps is None or effort["search steps"] < steps):
        pair = 0  # the searching side's wins less its losses over the pair
        for k in (0, 1):
            battle = Battle(playing[k], dice=SeededDice.spawned(keys, done), observe=False)
            winner = battle.run().winner
            counts["battles"] += 1
            outcome = "draws" if winner is None else "wins" if winner == names[k] else "losses"
            counts[outcome] += 1
            pair += {"wins": 1, "losses": -1, "draws": 0}[outcome]
            for name, count in battle.search_effort.items():
                effort[name] += count
        if pair:
            counts["pairs ahead" if pair > 0 else "pairs behind"] += 1
        done += 1
    counts["pairs"] = done
    return _report(encounter, policy, counts, effort, time.process_time() - started)


def _report(
    encounter: Encounter,
    policy: str,
    counts: dict[str, int],
    effort: dict[str, int],
    elapsed: float,
) -> dict[str, Any]:
    decisive = counts["wins"] + counts["losses"]
    low, high = stats.wilson(counts["wins"], decisive) if decisive else (0.0, 1.0)
    decisions = max(effort["search decisions"], 1)
    return {
        "encounter": encounter.source,
        "policy": policy,
        **counts,
        "share": counts["wins"] / decisive if decisive else None,
        "interval": [low, high],
        "ms_per_decision": effort["search milliseconds"] / decisions,
        "rollouts_per_decision": effort["search rollouts"] / decisions,
        "steps_per_decision": effort["search steps"] / decisions,
        "cpu_s_per_battle": elapsed / max(counts["battles"], 1),
        **effort,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m fracas.sim.mirror", description=__doc__)
    parser.add_argument("policy", help="the policy to measure, e.g. search:4")
    parser.add_argument("files", nargs="+", help="encounter files")
    parser.add_argument("--pairs", type=int, default=20, help="mirrored pairs per encounter")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the battles")
    parser.add_argument(
        "--steps", type=int, help="start no new pair once the search has spent this many steps"
    )
    args = parser.parse_args(argv)
    for path in args.files:
        report = mirrored(load(path), args.policy, args.pairs, args.seed, args.steps)
        print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main()
