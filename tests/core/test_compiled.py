"""The compiled build is the compiled build (issue 10): when `make test-compiled` runs the
suites on it, the hot modules must really be the mypyc extensions, not the sources beside."""

from __future__ import annotations

import importlib
import os

import pytest

HOT = (
    "fracas.core.table",
    "fracas.core.battle",
    "fracas.dice.compiler",
    "fracas.rulesets.brp.combat",
    "fracas.rulesets.murdham.attack",
    "fracas.rulesets.odnd.round",
    "fracas.rulesets.odnd.attack",
    "fracas.rulesets.odnd.policy",
    "fracas.rulesets.odnd.state",
    "fracas.rulesets.spelljammer.round",
    "fracas.rulesets.spelljammer.policy",
    "fracas.rulesets.spelljammer.state",
    "fracas.rulesets.semiautomagic.turn",
    "fracas.rulesets.semiautomagic.actions",
    "fracas.rulesets.semiautomagic.policy",
    "fracas.rulesets.semiautomagic.state",
)


@pytest.mark.skipif(
    not os.environ.get("FRACAS_EXPECT_COMPILED"), reason="the pure build (make test-compiled)"
)
@pytest.mark.parametrize("name", HOT)
def test_the_hot_path_is_compiled(name: str) -> None:
    module = importlib.import_module(name)
    assert not str(module.__file__).endswith(".py"), module.__file__
