"""Exact odds of a possession check and a veto (rules 152-154, 157; SAM-A36 a): the
calculator (`odds_mind.py`) against the rules enumerated along every roll and the rules
rolled from seeded dice."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pytest

import fracas
from fracas.core.dice_sources import DiceSource, SeededDice
from fracas.core.table import Table
from fracas.exact.action import action_odds, sample_action
from fracas.exact.enumerator import enumerate_runs
from fracas.rulesets.semiautomagic import odds_mind
from odds_support import assert_within_4_se

from .test_stage2_possession import BAL, Possession

EXAMPLE = "examples/semiautomagic/possession.yaml"


def doc(will_bonus: int, bonus: int) -> dict[str, Any]:
    return {
        "ruleset": "semiautomagic", "name": "odds",
        "sides": [
            {"name": "Heroes", "combatants": [
                {"name": "Jack", "template": "human", "position": [0, 0],
                 "will_modifier": will_bonus}]},
            {"name": "Demons", "combatants": [
                {**BAL, "possession": {"bonus": bonus, "range": 20}}]},
        ],
    }  # fmt: skip


def test_t_sam_4_the_possession_checks_odds_by_hand() -> None:
    """T-SAM-4: Bal (+4) against Jack's 9/3: every roll beats 3 (a penalty), only a 6 beats
    9 (possessed)."""
    odds = action_odds(fracas.load(EXAMPLE), "Bal-Ziggaroth", "Jack Clancy")
    assert odds.action == "possession check against Jack Clancy"
    assert odds.policy.results == {"possessed": Fraction(1, 6), "morale penalty": Fraction(5, 6)}
    assert odds.policy.down == 0


@pytest.mark.parametrize(("will_bonus", "bonus"), [(0, 4), (-4, 1), (3, 8), (6, -2)])
def test_a_possession_checks_odds_are_its_rules_enumerated(will_bonus: int, bonus: int) -> None:
    encounter = fracas.from_document(doc(will_bonus, bonus))
    calculated = action_odds(encounter, "Bal-Ziggaroth", "Jack")
    enumerated = action_odds(encounter, "Bal-Ziggaroth", "Jack", by_enumeration=True)
    assert calculated == enumerated and sum(calculated.policy.results.values()) == 1


def test_a_possession_checks_odds_agree_with_the_rules_rolled() -> None:
    encounter = fracas.from_document(doc(0, 4))
    exact = action_odds(encounter, "Bal-Ziggaroth", "Jack")
    sampled = sample_action(encounter, "Bal-Ziggaroth", "Jack", exact.action, 3000, seed=7)
    assert_within_4_se(exact.policy, sampled, 3000)


def vetoing(jack_will: int) -> tuple[Possession, Any, Any]:
    """Jack (Will `jack_will`) possessed by Bal (Will 11)."""
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    jack.will, jack.min_will = jack_will, jack_will - 6
    jack.possessed_by, bal.inside, s.state.possessing = bal.id, jack.id, True
    return s, jack, bal


def veto_once(dice: DiceSource, jack_will: int) -> str:
    s, jack, bal = vetoing(jack_will)
    table = Table(dice, {"Heroes": s.heroes, "Demons": s.demons})
    action = odds_mind.VETO.format(bal.name)
    assert action in odds_mind.offered(s.state, jack, bal)
    return odds_mind.perform(table, s.state, jack, bal, action)


@pytest.mark.parametrize("jack_will", [8, 11, 14, 4])
def test_a_vetos_odds_are_its_rules_enumerated(jack_will: int) -> None:
    """Rule 157: opposed d6 + Will, ties re-rolled. The enumerator follows the re-rolls down
    to its cut-off: it agrees with the calculator up to the probability it cut off."""
    s, jack, bal = vetoing(jack_will)
    calculated = odds_mind.calculate(s.state, jack, bal, odds_mind.VETO.format(bal.name))
    assert calculated is not None and sum(calculated.values()) == 1
    found = enumerate_runs(lambda dice: veto_once(dice, jack_will), cutoff=Fraction(1, 10**6))
    assert found.truncated <= Fraction(1, 6**3)  # the ways with many ties in a row
    for (name, _, _), p in calculated.items():
        gap = p - found.outcomes.get(name, Fraction(0))
        assert 0 <= gap <= found.truncated, name


def test_t_sam_4_the_vetos_odds_by_hand() -> None:
    """T-SAM-4: Jack (Will 8) vetoing Bal (Will 11): Jack's die must beat Bal's by more than
    3: 3 ways of 36 win, 3 tie (re-rolled), 30 lose: 3/33 = 1/11."""
    s, jack, bal = vetoing(8)
    calculated = odds_mind.calculate(s.state, jack, bal, odds_mind.VETO.format(bal.name))
    assert calculated == {("veto holds", 0, False): Fraction(1, 11),
                          ("veto fails", 0, False): Fraction(10, 11)}  # fmt: skip


def test_a_vetos_odds_agree_with_the_rules_rolled() -> None:
    n = 3000
    held = sum(veto_once(SeededDice(seed=i), 10) == "veto holds" for i in range(n))
    s, jack, bal = vetoing(10)
    calculated = odds_mind.calculate(s.state, jack, bal, odds_mind.VETO.format(bal.name))
    assert calculated is not None
    p = float(calculated[("veto holds", 0, False)])
    assert abs(held / n - p) <= 4 * math.sqrt(p * (1 - p) / n)


def test_no_veto_at_will_0_nor_outside_the_body() -> None:
    s, jack, bal = vetoing(0)
    assert odds_mind.offered(s.state, jack, bal) == []  # rule 157: Will 0 cannot veto
    assert odds_mind.VETO.format(jack.name) in odds_mind.offered(s.state, bal, jack)
    lou = s["Lou"]
    assert not [a for a in odds_mind.offered(s.state, lou, bal) if a.startswith("veto")]
