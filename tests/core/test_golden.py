"""Golden battles: every ruleset's examples and bench encounters (BRP and Murdham since issue
10, all five since issue 35) fight as they did when their `tests/<ruleset>/golden.json` was
made (tests/golden_support.py; regenerate only for a deliberate change of behaviour). `make
test` runs this on the pure build and on the compiled one: the two builds fight the same
battles."""

from __future__ import annotations

import hashlib

import pytest

import fracas
import golden_support as golden
from fracas.core.battle import Battle
from fracas.narration.render import json_lines

RULESETS = ("brp", "murdham", "odnd", "spelljammer", "semiautomagic")
EXAMPLES = [(r, p) for r in RULESETS for p in golden.example_files(r)]
BENCHES = [(r, p) for r in RULESETS for p in golden.bench_files(r)]


@pytest.mark.parametrize(("ruleset", "path"), EXAMPLES, ids=lambda v: getattr(v, "name", v))
def test_examples_give_the_same_events(ruleset, path):
    """The first seed as `golden_support` digests it, from the file; the other seeds fight
    one reading of it (a battle changes nothing of its encounter, and simulation fights one
    encounter again and again): reading and checking the file ten times was over a quarter
    of these tests' time on the pure build, the same on both (issue 35). A digest made here
    otherwise than `golden_support` makes it would not match the file's."""
    seeds = golden.expected(ruleset)["examples"][golden._name(path)]
    first, *others = golden.SEEDS
    encounter = fracas.load(path)
    got = {str(first): golden.example_digest(path, first)}
    got.update((str(s), _digest(Battle(encounter, seed=s))) for s in others)
    assert got == seeds


def _digest(battle: Battle) -> str:
    """`golden_support.example_digest` of a battle: its JSON event lines, once it has run."""
    battle.run()
    return hashlib.sha256("\n".join(json_lines(battle.events)).encode()).hexdigest()


@pytest.mark.parametrize(("ruleset", "path"), BENCHES, ids=lambda v: getattr(v, "name", v))
def test_bench_battles_are_the_same(ruleset, path):
    want = golden.expected(ruleset)["bench"][golden._name(path)]
    got = golden.bench_record(path)
    assert got["report"] == want["report"]
    assert got["digest"] == want["digest"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_file_is_covered(ruleset):
    expected = golden.expected(ruleset)
    assert {golden._name(p) for p in golden.example_files(ruleset)} == set(expected["examples"])
    assert {golden._name(p) for p in golden.bench_files(ruleset)} == set(expected["bench"])
