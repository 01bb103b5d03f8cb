"""`fracas odds` and `fracas.odds` (issue 11): one action's exact odds through the ruleset's
own code, from an encounter's start or a battle as it stands, per defence the target may
choose — here on the conformance kit's toy rules, computed by hand."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

import fracas
from conformance import toy
from fracas.cli.app import app
from fracas.core.combatant import BattleState, Combatant
from fracas.core.errors import FracasError
from fracas.core.table import Table

TOY = "tests/conformance/examples/toy/skirmish.yaml"
runner = CliRunner()


def test_one_strike_from_the_start() -> None:
    """3+ on 1D6 hits (2/3); 1D4 damage; Bo has 8 hp, so no blow downs him."""
    odds = fracas.odds(fracas.load(TOY), "Ann", "Bo")
    assert odds.action == "strike" and odds.decision is None and odds.choices == ()
    assert odds.policy.results == {"miss": Fraction(1, 3), "hit": Fraction(2, 3)}
    assert odds.policy.harm == {0: Fraction(1, 3), **{d: Fraction(1, 6) for d in (1, 2, 3, 4)}}
    assert odds.policy.down == 0 and odds.policy.mean_harm() == Fraction(5, 3)


def test_a_battle_as_it_stands_and_left_untouched() -> None:
    """Mid-fight, the Reds asked for their order, Bo down to 2 hp: a hit of 2 or more downs
    him (2/3 × 3/4 = 1/2); the battle itself is not touched."""
    battle = fracas.Battle(fracas.load(TOY), seed=3, seats={"Reds": "person"})
    assert battle.advance() is not None
    bo = next(c for c in battle.state.combatants if c.name == "Bo")
    bo.hp = 2
    journal = list(battle.journal)
    odds = fracas.odds(battle, "Ann", "Bo")
    assert odds.policy.down == Fraction(1, 2)
    assert battle.journal == journal and bo.hp == 2 and bo.active


class BracingToy(toy.Toy):
    """The toy, where the target may brace (guard: 4+ to hit it) or not before each blow."""

    defence_decisions = ("brace",)

    def perform(
        self, table: Table, state: BattleState, actor: Combatant, target: Combatant, action: str
    ) -> str:
        assert isinstance(actor, toy.Fighter) and isinstance(target, toy.Fighter)
        target.guarding = table.choose(target, "brace", ("stand", "brace")) == "brace"
        return toy.strike(table, actor, target)


class BracingPolicy(toy.ToyPolicy):
    def choose(self, request: fracas.core.requests.ChoiceRequest) -> int:
        return 1 if request.decision == "brace" else super().choose(request)


def test_each_defence_and_the_policys() -> None:
    ruleset = BracingToy()
    ruleset.policy = BracingPolicy  # type: ignore[method-assign,assignment]
    encounter = dataclasses.replace(fracas.load(TOY), ruleset=ruleset)
    odds = fracas.odds(encounter, "Ann", "Bo")
    assert odds.decision == "brace"
    by_choice = {label: o.results["hit"] for label, o in odds.choices}
    assert by_choice == {"stand": Fraction(2, 3), "brace": Fraction(1, 2)}
    assert odds.policy.results["hit"] == Fraction(1, 2)  # the policy braces


def test_bad_requests_are_said_plainly() -> None:
    encounter = fracas.load(TOY)
    with pytest.raises(FracasError, match=r"no combatant 'Zed'.*Ann"):
        fracas.odds(encounter, "Ann", "Zed")
    with pytest.raises(FracasError, match=r"cannot 'dance'.*strike"):
        fracas.odds(encounter, "Ann", "Bo", "dance")
    with pytest.raises(FracasError, match="no action against"):
        fracas.odds(encounter, "Ann", "Grunt 1")  # an ally


def test_the_command_line_in_words_and_in_json() -> None:
    r = runner.invoke(app, ["odds", TOY, "--actor", "Ann", "--target", "Bo"])
    assert r.exit_code == 0, r.output
    assert "Ann → Bo: strike" in r.output and "66.7 %" in r.output
    doc = json.loads(runner.invoke(app, ["odds", TOY, "--actor", "Ann", "--target", "Bo",
                                          "--json"]).stdout)  # fmt: skip
    assert doc["policy"]["results"]["hit"] == {"exact": "2/3", "p": 2 / 3}
    bad = runner.invoke(app, ["odds", TOY, "--actor", "Ann", "--target", "Zed"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output and "Zed" in bad.output


def test_an_enumeration_past_its_time_gives_up_and_a_screen_shows_no_odds_for_it() -> None:
    """Issue 35: a screen cannot wait 30 s for one option's odds. `seconds` bounds an
    enumeration (the calculator's own sums are not bounded: they take no time); the GM
    screen's `option_odds` leaves out the options not worked out in its time."""
    from fracas.exact.enumerator import TooManyPaths
    from fracas.exact.options import option_odds

    encounter = fracas.load(TOY)
    with pytest.raises(TooManyPaths, match="fit its time"):
        fracas.odds(encounter, "Ann", "Bo", by_enumeration=True, seconds=1e-9)
    assert fracas.odds(encounter, "Ann", "Bo", by_enumeration=True, seconds=60).policy.results
    with pytest.raises(fracas.ArgumentValueError, match="seconds must be a finite number"):
        fracas.odds(encounter, "Ann", "Bo", seconds=0)
    battle = fracas.Battle(fracas.load("examples/brp/duel.yaml"), seed=3, seats={"Red": "person"})
    question = battle.advance()
    assert question is not None and question.kind == "choice"
    assert option_odds(battle, seconds=60)
    assert option_odds(battle, seconds=1e-9) == {}
