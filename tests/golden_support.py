"""Golden battles (python-chess style): digests of what a ruleset's bundled examples and bench
encounters do with given seeds, kept in a data file beside the ruleset's tests.

A speed-up of the rules or the core must give the same battles, pure or compiled (issue 10):
the same seed, the same events. Each example is fought with 10 seeds and its JSON event
stream digested (what `fracas run FILE --seed S --json` prints); each bench encounter is
simulated as `fracas sim` fights it (unobserved, the spawned seeds) and every battle's journal
(each die's faces and each decision), outcome, combatants' tallies and the ruleset's counts are
digested, with the merged report kept readable beside the digest.

A deliberate change of behaviour regenerates the file, and the diff goes in its commit:

    PYTHONPATH=src python tests/golden_support.py brp murdham
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import fracas
from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.philox import SpawnedKeys
from fracas.narration.render import json_lines
from fracas.sim.tally import Tally

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "src" / "fracas" / "examples"
BENCH = ROOT / "src" / "fracas" / "rulesets"
SEEDS = tuple(range(10))
BATTLES = {"1v1": 300, "4v4": 200}  # per bench file: seconds on the pure build
SIM_SEED = 1


def golden_file(ruleset: str) -> Path:
    return ROOT / "tests" / ruleset / "golden.json"


def example_files(ruleset: str) -> list[Path]:
    return sorted(p for p in (EXAMPLES / ruleset).iterdir() if p.suffix in (".yaml", ".toml"))


def bench_files(ruleset: str) -> list[Path]:
    return sorted((BENCH / ruleset / "bench").glob("*.yaml"))


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def example_digest(path: Path, seed: int) -> str:
    """The digest of `fracas run PATH --seed SEED --json`'s lines (the GM's view)."""
    battle = Battle(fracas.load(path), seed=seed)
    battle.run()
    text = "\n".join(json_lines(battle.events))
    return hashlib.sha256(text.encode()).hexdigest()


def bench_record(path: Path) -> dict[str, Any]:
    """`fracas sim PATH -n N --seed 1` battle by battle: a digest of each battle's journal,
    outcome and tallied combatants, and the merged report."""
    encounter = fracas.load(path)
    n = BATTLES[path.stem]
    keys = SpawnedKeys(SIM_SEED)
    digest = hashlib.sha256()
    tally = Tally()
    for i in range(n):
        battle = Battle(encounter, dice=SeededDice.spawned(keys, i), observe=False)
        outcome = battle.run()
        state = battle.state
        tally.add(outcome, state.combatants, state.tally)
        record = [
            [e if isinstance(e, int) else list(e) for e in battle.journal],
            [outcome.winner, outcome.rounds, outcome.ending.value, outcome.reason],
            [
                [c.id, c.status.value, c.went_down, c.damage_dealt, c.damage_taken]
                for c in state.combatants
            ],
            sorted(state.tally.items()),
        ]
        digest.update(json.dumps(record).encode())
    sides = [s.name for s in encounter.spec.sides]
    report = {
        "battles": tally.battles,
        "wins": {s: tally.wins.get(s, 0) for s in sides},
        "draws": tally.draws,
        "rounds": {str(k): v for k, v in sorted(tally.rounds.items())},
        "extras": dict(sorted(tally.extras.items())),
    }
    return {"digest": digest.hexdigest(), "report": report}


def compute(ruleset: str) -> dict[str, Any]:
    return {
        "examples": {
            _name(p): {str(s): example_digest(p, s) for s in SEEDS} for p in example_files(ruleset)
        },
        "bench": {_name(p): bench_record(p) for p in bench_files(ruleset)},
    }


def expected(ruleset: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(golden_file(ruleset).read_text())
    return data


def regenerate(ruleset: str) -> None:
    golden_file(ruleset).write_text(json.dumps(compute(ruleset), indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    for name in sys.argv[1:] or ["brp", "murdham", "odnd", "spelljammer", "semiautomagic"]:
        regenerate(name)
        print(f"wrote {golden_file(name).relative_to(ROOT)}")
