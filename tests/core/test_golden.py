"""Golden battles: every ruleset's examples and bench encounters (BRP and Murdham since issue
10, all five since issue 35) fight as they did when their `tests/<ruleset>/golden.json` was
made (tests/golden_support.py; regenerate only for a deliberate change of behaviour). `make
test` runs this on the pure build and on the compiled one: the two builds fight the same
battles."""

from __future__ import annotations

import pytest

import golden_support as golden

RULESETS = ("brp", "murdham", "odnd", "spelljammer", "semiautomagic")
EXAMPLES = [(r, p) for r in RULESETS for p in golden.example_files(r)]
BENCHES = [(r, p) for r in RULESETS for p in golden.bench_files(r)]


@pytest.mark.parametrize(("ruleset", "path"), EXAMPLES, ids=lambda v: getattr(v, "name", v))
def test_examples_give_the_same_events(ruleset, path):
    seeds = golden.expected(ruleset)["examples"][golden._name(path)]
    got = {str(s): golden.example_digest(path, s) for s in golden.SEEDS}
    assert got == seeds


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
