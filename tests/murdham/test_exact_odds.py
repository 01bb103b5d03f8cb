"""Issue 11, Murdham: one attack's exact odds — the real rules enumerated along every way the
dice fall (exploding damage dice cut off below 1 in 10⁹, the lost mass told) — against the
same rules rolled from seeded dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fracas
from fracas.exact.action import OutcomeOdds, action_odds, exact_sum, sample_action
from fracas.rulesets.murdham import odds
from fracas.rulesets.murdham.policy import MurdhamPolicy
from odds_support import assert_within_4_se

DUEL = "src/fracas/rulesets/murdham/bench/1v1.yaml"


def test_every_reaction_is_offered_and_the_odds_add_up() -> None:
    odds = action_odds(fracas.load(DUEL), "Red bandit", "Blue bandit")
    assert odds.action == "Axe" and odds.decision == "react"
    labels = [label for label, _ in odds.choices]
    assert "no reaction" in labels and any(label.startswith("dodge") for label in labels)
    for each in [odds.policy, *(o for _, o in odds.choices)]:
        assert 0 < each.truncated < 1e-4
        assert sum(each.results.values()) + each.truncated == 1
    no_reaction = dict(odds.choices)["no reaction"]
    assert "dodged" not in no_reaction.results and "countered" not in no_reaction.results


def test_the_enumerated_odds_agree_with_the_rules_rolled() -> None:
    """4,000 seeded attacks, the target reacting as its policy would: each result and the
    chance it is out of the fight within 4 standard errors."""
    encounter = fracas.load(DUEL)
    exact = action_odds(encounter, "Red bandit", "Blue bandit").policy
    sampled = sample_action(encounter, "Red bandit", "Blue bandit", "Axe", 4000)
    assert_within_4_se(exact, sampled, 4000)


# --- the calculator (odds.attack_effects) against the enumerated rules -----------------------

BANDIT = {"STR": 8, "AGI": 8, "WIT": 8}


def _duel(red: dict[str, object], blue: dict[str, object]) -> fracas.Encounter:
    return fracas.from_document(
        {
            "ruleset": "murdham",
            "name": "calculator check",
            "map": {"grid": [7, 1]},
            "sides": [
                {"name": "Red", "combatants": [{"name": "Red", "zone": "a1", **BANDIT, **red}]},
                {"name": "Blue", "combatants": [{"name": "Blue", "zone": "a1", **BANDIT, **blue}]},
            ],
        }
    )


# Weapons, armour, shields, wear, size, skills and range, each met in turn.
CASES = {
    "heavy blows on damaged gear, a damaged weapon, piercing": (
        {
            "weapons": ["Heavy battleaxe"],
            "damaged": ["Heavy battleaxe"],
            "skills": ["piercing strike"],
            "STR": 12,
        },
        {
            "weapons": ["Sword"],
            "armour": "Heavy armour",
            "shield": True,
            "damaged": ["Heavy armour", "Shield"],
            "STR": 10,
        },
        "Heavy battleaxe",
    ),
    "unarmed is impaired; a fast, frenzied, tough target": (
        {"weapons": [], "STR": 9},
        {
            "weapons": ["Dagger"],
            "skills": ["fast strike", "tough"],
            "traits": ["frenzied"],
            "health": 3,
        },
        "Unarmed",
    ),
    "a large attacker's doubled dice against a shield bearer who dodges blows": (
        {"size": "large", "weapons": ["Dagger"], "STR": 14},
        {
            "weapons": ["Spear"],
            "shield": True,
            "armour": "Light armour",
            "skills": ["dodge blows"],
            "AGI": 12,
        },
        "Dagger",
    ),
    "a medium archer's arrow against a large target two zones off: halved damage": (
        {"weapons": ["Bow"], "WIT": 12},
        {"size": "large", "weapons": ["Dagger"], "STR": 14, "zone": "c1"},
        "Bow",
    ),
    "a foe at 2 health offered a surrender; shield mastery and cover": (
        {"weapons": ["Mace"], "skills": ["brawling"]},
        {
            "weapons": ["Sword"],
            "health": 2,
            "shield": True,
            "skills": ["shield mastery"],
            "cover": True,
        },
        "Mace",
    ),
    "a bow beyond half range: a WIT save to hit, no counter": (
        {"weapons": ["Bow"], "WIT": 11},
        {"weapons": ["Sword"], "zone": "g1", "health": 4, "AGI": 15},
        "Bow",
    ),
}


@pytest.mark.compiled_build  # some 10 s a case on the pure build (pyproject.toml)
@pytest.mark.parametrize("case", list(CASES))
def test_the_calculator_is_the_rules_enumerated(case: str) -> None:
    """Each reaction the target may choose, and the policy's: the calculator's fractions, and
    the mass it leaves out with the exploding tail, equal the enumerated rules' exactly."""
    red, blue, weapon = CASES[case]
    encounter = _duel(red, blue)
    calculated = action_odds(encounter, "Red", "Blue", weapon)
    enumerated = action_odds(encounter, "Red", "Blue", weapon, by_enumeration=True)
    assert calculated == enumerated
    for each in [calculated.policy, *(o for _, o in calculated.choices)]:
        assert sum(each.results.values()) + each.truncated == 1


def test_the_cases_meet_what_they_name() -> None:
    """The cases are not idle: the sword counters the heavy axe, which, taken without a
    reaction, kills outright at times; the bow, 6 zones off, misses by its WIT save."""
    axe = CASES["heavy blows on damaged gear, a damaged weapon, piercing"]
    heavy = action_odds(_duel(axe[0], axe[1]), "Red", "Blue", "Heavy battleaxe")
    assert heavy.policy.results == {"countered": 1 - heavy.policy.truncated}
    assert dict(heavy.choices)["no reaction"].results["killed"] > 0
    shot = CASES["a bow beyond half range: a WIT save to hit, no counter"]
    bow = action_odds(_duel(shot[0], shot[1]), "Red", "Blue", "Bow")
    assert bow.policy.results["missed"] == Fraction(9, 20)
    offer = CASES["a foe at 2 health offered a surrender; shield mastery and cover"]
    mace = action_odds(_duel(offer[0], offer[1]), "Red", "Blue", "Mace")
    assert mace.policy.results == {"surrendered": 1}
    assert not any(label.startswith("counter") for label, _ in bow.choices)


def test_blasts_are_left_to_the_enumerator() -> None:
    """A blast is not one attack on one target: the calculator declines (None)."""
    encounter = _duel({"template": "wyrm"}, {"weapons": ["Spear"]})
    state = encounter.ruleset.setup(encounter.spec)
    wyrm, man = state.characters()
    assert encounter.ruleset.calculate(state, wyrm, man, "Fire breath", None) is None


def test_the_calculator_agrees_with_the_rules_rolled() -> None:
    """4,000 seeded attacks of the real rules against the calculated odds of the case with
    the most going on (heavy blows, wear, piercing)."""
    red, blue, weapon = CASES["heavy blows on damaged gear, a damaged weapon, piercing"]
    encounter = _duel(red, blue)
    exact = action_odds(encounter, "Red", "Blue", weapon).policy
    sampled = sample_action(encounter, "Red", "Blue", weapon, 4000, seed=11)
    assert_within_4_se(exact, sampled, 4000)


def _alone(encounter: fracas.Encounter, weapon: str, label: str | None) -> OutcomeOdds:
    """The calculator's odds for one reaction, outside any `fracas.odds` call (nothing
    shared, `exact.scope`), as `fracas.odds` reports them."""
    state = encounter.ruleset.setup(encounter.spec)
    red, blue = state.combatants[:2]
    outcomes = encounter.ruleset.calculate(state, red, blue, weapon, label)
    assert outcomes is not None
    return OutcomeOdds.of_outcomes(outcomes, 1 - exact_sum(outcomes.values()))


@pytest.mark.parametrize("case", list(CASES))
def test_what_one_call_shares_is_each_reaction_alone(case: str) -> None:
    """Within one `fracas.odds` call the calculator shares the reaction it comes to (the
    policy's answer is that of the option it picks; an attack that never reaches a choice
    is any label's): the policy's odds and each option's equal the calculator's for that
    reaction alone, in a state of its own."""
    red, blue, weapon = CASES[case]
    encounter = _duel(red, blue)
    odds = action_odds(encounter, "Red", "Blue", weapon)
    assert odds.policy == _alone(encounter, weapon, None)
    for label, each in odds.choices:
        assert each == _alone(encounter, weapon, label), label
    assert len({repr(each) for _, each in odds.choices}) > 1 or case.startswith("a foe")


def _grouped(effects: dict[odds.Effect, Fraction], before: int) -> dict[object, Fraction]:
    """`attack_effects` grouped as `fracas odds` reports them, fraction by fraction: the way
    `Murdham.calculate` grouped them before `attack_results` (issue 35)."""
    groups: dict[object, list[Fraction]] = {}
    for effect, p in effects.items():
        key = (effect.name, before - effect.target.health, effect.target.status.out)
        groups.setdefault(key, []).append(p)
    return {key: sum(ps, Fraction(0)) for key, ps in groups.items()}


@pytest.mark.parametrize("case", [*CASES, "the bench duel"])
def test_the_results_in_integers_are_the_effects_grouped(case: str) -> None:
    """`odds.attack_results` adds each result's parts as integers and makes no effect: for the
    policy's reaction and each option's, the same results (the same fractions, in the same
    order) and the same mass left out as `attack_effects` grouped result by result."""
    if case == "the bench duel":
        encounter, weapon = fracas.load(DUEL), "Axe"
    else:
        red, blue, weapon = CASES[case]
        encounter = _duel(red, blue)
    first, second = encounter.ruleset.setup(encounter.spec).combatants[:2]
    labels = [label for label, _ in action_odds(encounter, first.name, second.name, weapon).choices]
    assert labels or case.startswith("a foe")
    for label in [None, *labels]:
        state = encounter.ruleset.setup(encounter.spec)
        red_c, blue_c = state.characters()[:2]
        arm = next(w for w in red_c.weapons if w.name == weapon)
        policy = MurdhamPolicy(state)
        effects = odds.attack_effects(state, red_c, blue_c, arm, label, policy)
        results = odds.attack_results(state, red_c, blue_c, arm, label, policy)
        if effects is None:
            assert results is None, label
            continue
        assert results is not None, label
        grouped = _grouped(effects[0], blue_c.health)
        assert list(results[0].items()) == list(grouped.items()), label
        assert results[1] == effects[1], label
