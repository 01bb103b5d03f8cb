"""Issue 11, SemiAutoMagic: the exact odds of one single attack three ways — the calculator
(`odds.py`), the enumerator running the real rules (`attack.resolve`) along every roll, and
the real rules rolled from seeded dice — for each defence the target may choose, on the
bundled examples and on constructed cases (scale, cover, range, aim, helpless, nonlethal,
wound_on_equal, a target already wounded)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import fracas
from fracas.exact.action import action_odds, sample_action
from odds_support import assert_within_4_se

DUEL = "examples/semiautomagic/crossbow_duel.yaml"


def _doc(attacker: dict[str, Any], target: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {
        "ruleset": "semiautomagic",
        "name": "odds",
        "sides": [
            {"name": "A", "combatants": [{"name": "Att", "position": [0, 0], **attacker}]},
            {"name": "B", "combatants": [{"name": "Tgt", "position": [1, 0], **target}]},
        ],
        **extra,
    }


SWORD = {"template": "human", "skills": {"weapon": 4}}
SHIELDED = {"template": "human", "shield": True, "skills": {"weapon": 2, "reflex": 2, "shield": 4}}
CASES = [
    _doc(SWORD, {"template": "human"}),
    _doc(SWORD, SHIELDED),
    _doc({"template": "ogre"}, {**SHIELDED, "position": [2, 0]}),
    _doc({"template": "cat"}, {"template": "human", "posture": "crouched"}),
    _doc({"template": "human", "weapons": ["sap"], "STR": 6}, {"template": "human"}),
    _doc(SWORD, {"template": "human"}, options={"wound_on_equal": True}),
    _doc(SWORD, {"template": "goblin mook", "armour": "chain"}, conditions={"lighting": "hazy"}),
    _doc({"template": "crossbowman"}, {"template": "human", "position": [40, 0], "cover": "light"}),
]


@pytest.mark.parametrize("doc", CASES)
def test_the_calculator_is_the_rules_enumerated(doc: dict[str, Any]) -> None:
    """For the policy's defence and each defence forced: calculated == enumerated, to the
    last fraction, with nothing cut off."""
    encounter = fracas.from_document(doc)
    calculated = action_odds(encounter, "Att", "Tgt")
    enumerated = action_odds(encounter, "Att", "Tgt", by_enumeration=True)
    assert calculated == enumerated
    assert calculated.policy.truncated == 0 and sum(calculated.policy.results.values()) == 1
    assert calculated.decision == "defend"
    assert calculated.choices[0][0] == "no defence"


def test_the_bundled_duel_by_hand() -> None:
    """Ada's heavy crossbow at Bram, 70 m off (−3/0, T-SAM-2): d6 + 2 − 3 ≥ 4 hits on 5-6;
    1d10 against 10/4: a wound on 5-9, dying on 10; Bram's dodge (+1 vs DC 6) saves 1 in 3."""
    odds = action_odds(fracas.load(DUEL), "Ada", "Bram")
    no_defence = dict(odds.choices)["no defence"].results
    assert no_defence == {
        "miss": Fraction(2, 3),
        "no effect": Fraction(1, 3) * Fraction(4, 10),
        "wound": Fraction(1, 3) * Fraction(5, 10),
        "dying": Fraction(1, 3) * Fraction(1, 10),
    }
    dodge = dict(odds.choices)["dodge"].results
    assert dodge["dodged"] == Fraction(1, 3) * Fraction(1, 3)
    # The policy dodges only what would wound (SAM-A24: the damage is rolled first).
    assert odds.policy.results["no effect"] == no_defence["no effect"]
    assert odds.policy.results["dodged"] == Fraction(1, 3) * Fraction(6, 10) * Fraction(1, 3)


def test_an_invisible_target_is_left_to_the_enumerator() -> None:
    doc = _doc(SWORD, {"template": "human", "invisible": True})
    encounter = fracas.from_document(doc)
    state = encounter.ruleset.setup(encounter.spec)
    me, them = state.fighters()
    assert (
        encounter.ruleset.calculate(state, me, them, "single attack with arming sword", None)
        is None
    )
    odds = action_odds(encounter, "Att", "Tgt")  # enumerated: locate, then attack at +4
    assert "miss (wrong square)" in odds.policy.results


@pytest.mark.parametrize("doc", [CASES[1], CASES[2], CASES[7]])
def test_the_calculator_agrees_with_the_rules_rolled(doc: dict[str, Any]) -> None:
    """4,000 attacks of the real rules from seeded dice: each result and the chance the
    target is out within 4 standard errors of the calculated fraction."""
    encounter = fracas.from_document(doc)
    exact = action_odds(encounter, "Att", "Tgt").policy
    action = action_odds(encounter, "Att", "Tgt").action
    sampled = sample_action(encounter, "Att", "Tgt", action, 4000, seed=5)
    assert_within_4_se(exact, sampled, 4000)
