"""Golden battles: BRP's examples and bench encounters fight as they did when the file was
made (tests/golden_support.py; regenerate only for a deliberate change of behaviour)."""

from __future__ import annotations

import pytest

import golden_support as golden

RULESET = "brp"
EXPECTED = golden.expected(RULESET)


@pytest.mark.parametrize("path", golden.example_files(RULESET), ids=lambda p: p.name)
def test_examples_give_the_same_events(path):
    seeds = EXPECTED["examples"][golden._name(path)]
    got = {str(s): golden.example_digest(path, s) for s in golden.SEEDS}
    assert got == seeds


@pytest.mark.parametrize("path", golden.bench_files(RULESET), ids=lambda p: p.name)
def test_bench_battles_are_the_same(path):
    want = EXPECTED["bench"][golden._name(path)]
    got = golden.bench_record(path)
    assert got["report"] == want["report"]
    assert got["digest"] == want["digest"]


def test_every_file_is_covered():
    names = {golden._name(p) for p in golden.example_files(RULESET)}
    assert names == set(EXPECTED["examples"])
    assert {golden._name(p) for p in golden.bench_files(RULESET)} == set(EXPECTED["bench"])
