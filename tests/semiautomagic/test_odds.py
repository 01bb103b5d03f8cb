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


DUO = {
    "template": "human",
    "weapons": ["dagger"],
    "techniques": ["extra attack"],
    "skills": {"weapon": 2, "combat_expertise": 1},
    "combos": [["attack"], ["attack", "attack"]],
}
COMBOS = [
    _doc(DUO, {"template": "goblin mook", "armour": "paper shirt"}),
    _doc(
        {**DUO, "STR": 6},
        {"template": "human", "skills": {"reflex": 0}},
        options={"combo_wound_kills_dying": True},
    ),
    _doc({**DUO, "weapons": ["sap"], "STR": 6}, {"template": "human", "skills": {"reflex": 0}}),
]


@pytest.mark.compiled_build  # the rules enumerated (pyproject.toml)
@pytest.mark.parametrize("doc", COMBOS)
def test_a_combos_odds_are_its_rules_enumerated(doc: dict[str, Any]) -> None:
    """Rules 88-91, SAM-A24, SAM-A25: a combo of two attacks on one target — every die first,
    each hit's defence with the round's rolls running down, the hits at once against the
    Toughness from before — calculated == enumerated, for the policy and each defence."""
    encounter = fracas.from_document(doc)
    combo = action_odds(encounter, "Att", "Tgt").action  # the default: a single attack
    assert combo.startswith("single attack")
    name = "combo [attack, attack] with " + ("sap" if doc is COMBOS[2] else "dagger")
    calculated = action_odds(encounter, "Att", "Tgt", name)
    enumerated = action_odds(encounter, "Att", "Tgt", name, by_enumeration=True)
    assert calculated == enumerated
    assert sum(calculated.policy.results.values()) == 1


def test_a_combo_by_hand_never_sums_its_damage() -> None:
    """Two dagger hits (1d4 + 3: 4-7) on a 9/3 goblin that cannot defend (T-SAM-1's rule):
    each wounds (> 3) and none reaches 9, so two hits are two wounds, never dying."""
    doc = _doc(DUO, {"template": "goblin mook"})
    sides = doc["sides"]
    sides[1] = {**sides[1], "surprised": True}  # flat-footed: no defence rolls (C7)
    odds = action_odds(
        fracas.from_document(doc), "Att", "Tgt", "combo [attack, attack] with dagger"
    )
    p = Fraction(2, 3)  # d6 + 1 >= 4 on 3-6 (Weapon Skill 2 ranks, Staggered: +1)
    assert odds.policy.results == {
        "miss": (1 - p) ** 2,
        "wound": 2 * p * (1 - p),
        "2 wounds": p * p,
    }
    assert odds.policy.down == 0


def test_a_combos_odds_agree_with_the_rules_rolled() -> None:
    """Mauve's combo of three Attacks (T-SAM-1) on a goblin who parries and dodges: 3,000
    combos rolled by the rules, each result within 4 standard errors of the calculator."""
    doc = _doc({"template": "colonel mauve"}, {"template": "goblin mook", "skills": {"reflex": 2}})
    encounter = fracas.from_document(doc)
    action = "combo [attack, attack, attack] with arming sword"
    exact = action_odds(encounter, "Att", "Tgt", action).policy
    assert sum(exact.results.values()) == 1 and "3 wounds" in exact.results
    sampled = sample_action(encounter, "Att", "Tgt", action, 3000, seed=9)
    assert_within_4_se(exact, sampled, 3000)


CALLED_CASES = [
    (CASES[0], "head"),
    (CASES[1], "hand"),
    (CASES[0], "leg"),
    (CASES[5], "arm"),
    (CASES[4], "critical"),
]


@pytest.mark.parametrize(("doc", "region"), CALLED_CASES)
def test_a_called_shots_odds_are_its_rules_enumerated(doc: dict[str, Any], region: str) -> None:
    """Rules 116-124 (T-SAM-13): a called shot's Target modifier and its region's row against
    the adjusted Toughness — calculated == enumerated, for the policy and each defence."""
    encounter = fracas.from_document(doc)
    weapon = "sap" if doc is CASES[4] else "arming sword"
    name = f"called shot at the {region} with {weapon}"
    calculated = action_odds(encounter, "Att", "Tgt", name)
    enumerated = action_odds(encounter, "Att", "Tgt", name, by_enumeration=True)
    assert calculated == enumerated
    assert sum(calculated.policy.results.values()) == 1


def test_a_head_shots_odds_agree_with_the_rules_rolled() -> None:
    encounter = fracas.from_document(CASES[0])
    name = "called shot at the head with arming sword"
    exact = action_odds(encounter, "Att", "Tgt", name).policy
    rolled = sample_action(encounter, "Att", "Tgt", name, 3000, seed=5)
    assert_within_4_se(exact, rolled, 3000)


# --- stage 2: an area attack at a creature's square, an attack at an item ---------------

THROWER = {"template": "human", "skills": {"ranged": 2, "reflex": 2}, "weapons": ["grenade"]}
AREA_CASES = [
    _doc(THROWER, {"template": "human", "position": [5, 0]}),
    _doc(THROWER, {**SHIELDED, "position": [5, 0], "techniques": ["evasion"]}),
    _doc(THROWER, {"template": "human"}),  # 1 m off: the thrower is caught too
    _doc(THROWER, {"template": "human", "position": [15, 0]}, options={"sphere_on_grid": True}),
    _doc(THROWER, {"template": "human", "position": [12, 0]},
         options={"scatter_dice": "increments"}),
    _doc({**THROWER, "weapons": ["line bolt"], "skills": {"magic": 2}},
         {"template": "human", "position": [6, 0], "cover": "heavy"}),
    _doc({**THROWER, "weapons": ["cone bolt"], "skills": {"magic": 2}},
         {"template": "goblin mook", "position": [2, 1]}),
]  # fmt: skip


@pytest.mark.compiled_build  # the rules enumerated (pyproject.toml)
@pytest.mark.parametrize("doc", AREA_CASES)
def test_an_area_attacks_odds_are_its_rules_enumerated(doc: dict[str, Any]) -> None:
    """Rules 72-76 (SAM-A21, SAM-A23): hit or scatter, caught or not, block, dodge −3 or
    Evasion, one damage roll — calculated == enumerated, for the policy and each defence."""
    encounter = fracas.from_document(doc)
    calculated = action_odds(encounter, "Att", "Tgt")
    assert calculated.action.startswith("area attack with ")
    enumerated = action_odds(encounter, "Att", "Tgt", by_enumeration=True)
    assert calculated == enumerated
    assert sum(calculated.policy.results.values()) == 1


def test_an_area_attacks_odds_by_hand() -> None:
    """A grenade (a 2 m sphere) at a human 5 m off: d6 + 1 >= 4 lands on him (2/3); a miss
    scatters 1d6 squares, and only 1 square, in any of the 8 directions, still overlaps him:
    caught 2/3 + 1/3 x 1/6 = 13/18."""
    odds = action_odds(fracas.from_document(AREA_CASES[0]), "Att", "Tgt")
    no_defence = dict(odds.choices)["no defence"].results
    assert no_defence["not caught"] == Fraction(5, 18)
    assert sum(v for k, v in no_defence.items() if k != "not caught") == Fraction(13, 18)


def test_an_area_attacks_odds_agree_with_the_rules_rolled() -> None:
    encounter = fracas.from_document(AREA_CASES[1])
    exact = action_odds(encounter, "Att", "Tgt").policy
    assert "evaded" in exact.results or "blocked" in exact.results
    rolled = sample_action(encounter, "Att", "Tgt", action_odds(encounter, "Att", "Tgt").action,
                           3000, seed=7)  # fmt: skip
    assert_within_4_se(exact, rolled, 3000)


ITEM_CASES = [
    (CASES[0], "weapon"),
    (CASES[1], "shield"),
    (CASES[6], "armour"),
    (_doc({**SWORD, "STR": 8}, {"template": "human", "weapons": ["dagger"]}), "weapon"),
]


@pytest.mark.parametrize(("doc", "item"), ITEM_CASES)
def test_an_attack_at_an_items_odds_are_its_rules_enumerated(
    doc: dict[str, Any], item: str
) -> None:
    """Rules 125-129: the item's Target, the holder's defence, the item's Toughness."""
    encounter = fracas.from_document(doc)
    weapon = "arming sword"
    name = f"attack on the {item} with {weapon}"
    calculated = action_odds(encounter, "Att", "Tgt", name)
    enumerated = action_odds(encounter, "Att", "Tgt", name, by_enumeration=True)
    assert calculated == enumerated
    assert sum(calculated.policy.results.values()) == 1


def test_an_attack_at_an_item_agrees_with_the_rules_rolled() -> None:
    encounter = fracas.from_document(ITEM_CASES[3][0])
    name = "attack on the weapon with arming sword"
    exact = action_odds(encounter, "Att", "Tgt", name).policy
    assert "destroyed" in exact.results  # 1d8 + 8 > 10 (a dagger: 10/4)
    rolled = sample_action(encounter, "Att", "Tgt", name, 3000, seed=3)
    assert_within_4_se(exact, rolled, 3000)


def test_a_wounded_weapon_or_a_cover_object_is_left_to_the_enumerator() -> None:
    doc = _doc(SWORD, {"template": "human", "cover": "light", "cover_object": {"durability": 1}})
    encounter = fracas.from_document(doc)
    state = encounter.ruleset.setup(encounter.spec)
    me, them = state.fighters()
    name = "single attack with arming sword"
    assert encounter.ruleset.calculate(state, me, them, name, None) is None
    assert encounter.ruleset.calculate(state, me, them, name, None) is None
    odds = action_odds(encounter, "Att", "Tgt")  # enumerated: the cover may be hit
    assert sum(odds.policy.results.values()) == 1 and "hit the cover" in odds.policy.results
    plain = fracas.from_document(_doc(SWORD, {"template": "human"}))
    state = plain.ruleset.setup(plain.spec)
    me, them = state.fighters()
    me.wielded.wounds = 1
    assert plain.ruleset.calculate(state, me, them, name, None) is None
