"""Duel exact odds (issue 11): `fracas.duel_odds` and `fracas odds --duel` — the absorbing
chain of a one-against-one fight against the real rules simulated (`fracas.simulate`), and
the chain's own bookkeeping (every ending, the round cap, what is left out)."""

from __future__ import annotations

import dataclasses
import json
import math
from fractions import Fraction

import pytest
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app
from fracas.core.errors import FracasError
from fracas.exact.duel import DuelOdds

BRP_BENCH = "src/fracas/rulesets/brp/bench/1v1.yaml"
BRP_DUEL = "examples/brp/duel.yaml"
runner = CliRunner()


def assert_agrees(exact: DuelOdds, encounter: fracas.Encounter, n: int, seed: int = 1) -> None:
    """Each side's wins, and the fights with no winner, of `n` simulated battles within 4
    standard errors of the chain's fractions (what the chain leaves out is far below that)."""
    report = fracas.simulate(encounter, n, seed=seed, workers=1)
    no_winner = exact.both_out + exact.round_cap
    pairs = [(exact.wins[s], report.win_probability(s)) for s in exact.sides]
    for p, seen in [*pairs, (no_winner, report.tally.draws / n)]:
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen - float(p)) <= 4 * se + 1e-12, (float(p), seen)


def test_every_ending_is_accounted_for() -> None:
    odds = fracas.duel_odds(fracas.load(BRP_DUEL))
    assert odds.fighters == ("Aldric", "Berend") and odds.sides == ("Red", "Blue")
    total = sum(odds.wins.values()) + odds.both_out + odds.round_cap + odds.truncated
    assert total == 1 and 0 < odds.truncated < Fraction(1, 10**6)


def test_mirror_duellists_win_alike() -> None:
    """The bench's two identical swordsmen, same DEX and skill: they strike in the same
    instant (§5.2), so each wins exactly as often, and both may fall together."""
    odds = fracas.duel_odds(fracas.load(BRP_BENCH))
    assert odds.wins["Red"] == odds.wins["Blue"] and odds.both_out > Fraction(1, 100)


@pytest.mark.compiled_build  # thousands of battles (pyproject.toml, the Makefile)
@pytest.mark.parametrize("path", [BRP_BENCH, BRP_DUEL])
def test_the_chain_agrees_with_the_rules_simulated(path: str) -> None:
    """4,000 battles of the real rules (closing in, DEX ranks, parries chosen by the policy)."""
    encounter = fracas.load(path)
    assert_agrees(fracas.duel_odds(encounter), encounter, 4000)


@pytest.mark.compiled_build  # thousands of battles (pyproject.toml, the Makefile)
def test_a_pistol_against_a_dagger() -> None:
    """An investigator shoots (shots spent, §5.9; no parry or dodge, §5.6–5.7) while a cultist
    runs in from 12 m to stab (movement and DEX ranks, §5.3): 3,000 battles agree."""
    encounter = fracas.from_document({
        "ruleset": "brp",
        "name": "pistol against dagger",
        "sides": [
            {"name": "Red", "combatants": [
                {"name": "Ivy", "template": "investigator", "position": [0, 0]}]},
            {"name": "Blue", "combatants": [
                {"name": "Cole", "template": "cultist", "position": [12, 0]}]},
        ],
    })  # fmt: skip
    odds = fracas.duel_odds(encounter)
    assert odds.states > 200  # shots and places as well as hit points
    assert_agrees(odds, encounter, 3000)


def test_the_round_cap_is_a_draw() -> None:
    """Capped at 2 rounds, the fights still on are draws: the chain gives that mass exactly,
    and it is what the simulation sees."""
    encounter = fracas.load(BRP_BENCH)
    short = dataclasses.replace(encounter, spec=encounter.spec.model_copy(update={"max_rounds": 2}))
    odds = fracas.duel_odds(short)
    assert odds.round_cap > Fraction(1, 2) and odds.truncated == 0
    assert sum(odds.wins.values()) + odds.both_out + odds.round_cap == 1
    assert_agrees(odds, short, 3000)


def test_a_battle_as_it_stands() -> None:
    """From a battle as it stands (counted from the next round): Berend down to 4 hit
    points, Aldric's odds rise; the battle is not touched."""
    battle = fracas.Battle(fracas.load(BRP_DUEL), seed=3, seats={"Red": "person"})
    assert battle.advance() is not None
    assert battle.state is not None
    berend = next(c for c in battle.state.combatants if c.name == "Berend")
    start = fracas.duel_odds(fracas.load(BRP_DUEL))
    berend.hp = 4
    odds = fracas.duel_odds(battle, "Aldric", "Berend")
    assert odds.wins["Red"] > start.wins["Red"] + Fraction(1, 5) and berend.hp == 4


def test_not_a_duel_is_said_plainly() -> None:
    with pytest.raises(FracasError, match=r"one against one.*fracas sim"):
        fracas.duel_odds(fracas.load("examples/brp/skirmish.yaml"))
    with pytest.raises(FracasError, match=r"no combatant 'Zed'"):
        fracas.duel_odds(fracas.load(BRP_DUEL), "Zed")


def test_the_command_line_in_words_and_in_json() -> None:
    r = runner.invoke(app, ["odds", BRP_DUEL, "--duel"])
    assert r.exit_code == 0, r.output
    assert "Aldric against Berend" in r.output and "Red wins (Aldric left standing)" in r.output
    doc = json.loads(runner.invoke(app, ["odds", BRP_DUEL, "--duel", "--json"]).stdout)
    exact = fracas.duel_odds(fracas.load(BRP_DUEL))
    red = exact.wins["Red"]
    assert doc["wins"]["Red"] == {"exact": f"{red.numerator}/{red.denominator}", "p": float(red)}
    assert doc["round_cap"]["rounds"] == 50
    both = [BRP_DUEL, "--duel", "--action", "Sword, Broad"]
    for args in (["examples/brp/skirmish.yaml", "--duel"], [BRP_DUEL], both):
        bad = runner.invoke(app, ["odds", *args])
        assert bad.exit_code == 2 and "Traceback" not in bad.output


# --- Murdham ----------------------------------------------------------------------------------

MUR_BENCH = "src/fracas/rulesets/murdham/bench/1v1.yaml"


def _murdham(leader: dict[str, object], zone: str = "b1") -> fracas.Encounter:
    """Theobald (spear, shield) and the bandit leader, the bandits holding the initiative."""
    return fracas.from_document({
        "ruleset": "murdham",
        "name": "Theobald and the bandit leader",
        "map": {"grid": [3, 1]},
        "conditions": {"initiative": "Bandits"},
        "sides": [
            {"name": "Travellers",
             "combatants": [{"name": "Theobald", "template": "theobald", "zone": "b1"}]},
            {"name": "Bandits",
             "combatants": [{"name": "Bandit leader", "template": "bandit_leader",
                             "zone": zone, **leader}]},
        ],
    })  # fmt: skip


def test_murdham_mirror_bandits_with_the_initiative_drawn() -> None:
    """Nobody started the bench duel: the initiative is drawn (1D2), so the two bandits win
    exactly alike; a counter may fell both at once (M-C3)."""
    odds = fracas.duel_odds(fracas.load(MUR_BENCH))
    assert odds.wins["Red"] == odds.wins["Blue"] and odds.both_out > Fraction(1, 100)
    total = sum(odds.wins.values()) + odds.both_out + odds.round_cap + odds.truncated
    assert total == 1


@pytest.mark.compiled_build  # thousands of battles (pyproject.toml, the Makefile)
@pytest.mark.parametrize("which", ["bench", "armoured leader"])
def test_murdham_chain_agrees_with_the_rules_simulated(which: str) -> None:
    """4,000 battles: alternation, reactions spending turns, counters, morale, worn gear."""
    encounter = (
        fracas.load(MUR_BENCH)
        if which == "bench"
        else _murdham({"armour": "Light armour", "damaged": ["Light armour"]})
    )
    assert_agrees(fracas.duel_odds(encounter), encounter, 4000)


def test_murdham_plans_the_chain_does_not_follow_are_said() -> None:
    """Out of reach, the leader would close in first: the chain says so and suggests
    simulation (exit 2 on the command line)."""
    far = _murdham({}, zone="c1")
    with pytest.raises(FracasError, match=r"would .*fracas sim"):
        fracas.duel_odds(far)
