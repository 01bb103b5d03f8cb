"""Stage 2, exact odds with speed damage (rule 114, T-SAM-3): a knight's single attack from
the back of a galloping horse — the calculator (`odds.py`) against the rules enumerated and
the rules rolled; EMP weapons and envenomed hits are left to the enumerator."""

from __future__ import annotations

from typing import Any

import fracas
from fracas.exact.action import action_odds, sample_action
from fracas.rulesets.semiautomagic import odds
from odds_support import assert_within_4_se

CHARGE: dict[str, Any] = {
    "ruleset": "semiautomagic",
    "name": "speed odds",
    "sides": [
        {"name": "K", "combatants": [
            {"name": "Kay", "template": "knight", "position": [0, 0], "rides": "Horse"},
            {"name": "Horse", "template": "warhorse", "position": [0, 0]}]},
        {"name": "F", "combatants": [
            {"name": "Foe", "template": "human", "position": [1.5, 0]}]},
    ],
}  # fmt: skip


def _galloping(pace: float) -> fracas.Battle:
    encounter = fracas.from_document(CHARGE)
    battle = fracas.Battle(encounter, seed=1, seats={"K": "person", "F": "person"})
    battle.advance()  # to the first question, the state as it stands
    horse = next(f for f in battle.state.fighters() if f.name == "Horse")
    kay = next(f for f in battle.state.fighters() if f.name == "Kay")
    horse.pace = pace
    kay.moved_squares = 54 if pace else 0  # a 3 s run, 27 of its 2 m squares (rule 113)
    return battle


def test_speed_damage_odds_are_the_rules_enumerated() -> None:
    battle = _galloping(18.0)
    action = "single attack with arming sword"
    calculated = action_odds(battle, "Kay", "Foe", action)
    enumerated = action_odds(battle, "Kay", "Foe", action, by_enumeration=True)
    assert calculated == enumerated
    still = action_odds(_galloping(0.0), "Kay", "Foe", action)
    # 1d8 + 3 + 3 against 9/3 starts dying on 3-8 instead of 6-8 (rule 114, T-SAM-3)
    assert calculated.choices[0][1].results["dying"] > still.choices[0][1].results["dying"]


def test_speed_damage_odds_agree_with_the_rules_rolled() -> None:
    battle = _galloping(18.0)
    action = "single attack with arming sword"
    exact = action_odds(battle, "Kay", "Foe", action).policy
    rolled = sample_action(battle, "Kay", "Foe", action, 3000, seed=7)
    assert_within_4_se(exact, rolled, 3000)


def test_emp_and_venom_are_left_to_the_enumerator() -> None:
    doc = {
        "ruleset": "semiautomagic",
        "sides": [
            {"name": "A", "combatants": [
                {"name": "Zap", "template": "human", "weapons": ["emp pistol"], "position": [0, 0]},
                {"name": "Asp", "template": "human", "venom": "snake venom",
                 "position": [0, 1]}]},
            {"name": "B", "combatants": [{"name": "Robo", "template": "robot",
                                          "position": [1.5, 0]}]},
        ],
    }  # fmt: skip
    encounter = fracas.from_document(doc)
    state = encounter.ruleset.setup(encounter.spec)
    zap, asp, robo = state.fighters()
    assert not odds.calculable(state, zap, robo, zap.wielded)
    assert not odds.calculable(state, asp, robo, asp.wielded)
    stops = action_odds(encounter, "Zap", "Robo")  # enumerated: 2d6 > 3 stops it
    assert stops.policy.down > 0


def test_a_wing_shots_odds_are_its_rules_enumerated() -> None:
    """Rule 123 (SAM-A28, SAM-A29): wings −1 Target / −3 Toughness; no wound at Minimum, a
    wound (never dying) at Toughness — calculated == enumerated."""
    doc = {
        "ruleset": "semiautomagic",
        "sides": [
            {"name": "A", "combatants": [{"name": "Ann", "template": "human",
                                          "position": [0, 0]}]},
            {"name": "B", "combatants": [{"name": "Bat", "template": "human", "altitude": 3,
                                          "fly_speed": 4, "position": [1.5, 0]}]},
        ],
    }  # fmt: skip
    encounter = fracas.from_document(doc)
    name = "called shot at the wings with arming sword"
    calculated = action_odds(encounter, "Ann", "Bat", name)
    assert calculated == action_odds(encounter, "Ann", "Bat", name, by_enumeration=True)
    assert "dying" not in calculated.policy.results and "wound" in calculated.policy.results
