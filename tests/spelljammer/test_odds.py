"""Issue 11, Spelljammer: the exact odds of one attack three ways — the calculator
(`odds.py`), the enumerator running the real rules (`combat.strike`, `combat.land`) along
every roll, and the real rules rolled from seeded dice — on the bundled examples and a
constructed case (stun, going down, the off hand)."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fracas
from fracas.core.errors import FracasError
from fracas.core.requests import ChoiceRequest
from fracas.exact.action import action_odds, sample_action
from fracas.exact.options import option_odds
from fracas.rulesets.spelljammer import decisions
from odds_support import assert_within_4_se

OGRE = "examples/spelljammer/fighter_vs_ogre.yaml"
MAGE = "examples/spelljammer/mage_under_attack.yaml"
BRAWL = {
    "ruleset": "spelljammer",
    "name": "odds",
    "sides": [
        {
            "name": "A",
            "combatants": [
                {
                    "name": "Brute",
                    "hp": 30,
                    "weapons": [{"weapon": "club", "sc": 70, "damage": "2d6+4", "offhand": True}],
                }
            ],
        },
        {
            "name": "B",
            "combatants": [
                {
                    "name": "Victim",
                    "hp": 9,
                    "CON": 8,
                    "PROT": {"armour": 3},
                    "weapons": [{"weapon": "dagger", "sc": 40}],
                }
            ],
        },
    ],
}


def test_the_fighter_against_the_ogre_by_hand() -> None:
    """SC 112 − the ogre's DEF 10 = 102 (band 97–103: grievous 01–05, critical 01–15):
    5 % grievous, of which 15 % (class B) a wound; 10 % critical; 80 % hit; 96–100 miss."""
    odds = action_odds(fracas.load(OGRE), "Derrick", "Ogre").policy
    assert odds.results == {
        "miss": Fraction(5, 100),
        "hit": Fraction(80, 100),
        "critical": Fraction(10, 100),
        "grievous": Fraction(5, 100) * Fraction(85, 100),
        "grievous, wound": Fraction(5, 100) * Fraction(15, 100),
    }
    assert odds.down == 0  # 1d8+4 doubled is at most 24, the ogre has 45


@pytest.mark.compiled_build  # the rules enumerated (pyproject.toml)
@pytest.mark.parametrize(
    ("source", "actor", "target"),
    [(OGRE, "Derrick", "Ogre"), (MAGE, "Orc 1", "Ilsa"), (BRAWL, "Brute", "Victim")],
)
def test_the_calculator_is_the_rules_enumerated(
    source: str | dict[str, object], actor: str, target: str
) -> None:
    """Calculated == enumerated, to the last fraction, nothing cut off."""
    encounter = fracas.load(source) if isinstance(source, str) else fracas.from_document(source)
    calculated = action_odds(encounter, actor, target)
    enumerated = action_odds(encounter, actor, target, by_enumeration=True)
    assert calculated == enumerated
    assert calculated.policy.truncated == 0
    assert sum(calculated.policy.results.values()) == 1


def test_stun_and_going_down_are_outcomes() -> None:
    """Rule 71: a hit taken above CON 8 stuns; 9 hp or more downs the victim. Off hand: −20
    SC and −2 damage (rules 196–197): 2d6+2 − PROT 3 on a hit, (2d6+2) × 2 on a critical."""
    odds = action_odds(fracas.from_document(BRAWL), "Brute", "Victim").policy
    names = set(odds.results)
    assert {"hit", "hit, stunned", "critical, stunned", "miss"} <= names
    assert max(odds.harm) == 2 * (12 + 2) + 4  # a grievous wound's hit points on top (C: 4)
    assert odds.down == sum((p for h, p in odds.harm.items() if h >= 9), Fraction(0))


@pytest.mark.parametrize(
    ("source", "actor", "target"), [(OGRE, "Derrick", "Ogre"), (BRAWL, "Brute", "Victim")]
)
def test_the_calculator_agrees_with_the_rules_rolled(
    source: str | dict[str, object], actor: str, target: str
) -> None:
    encounter = fracas.load(source) if isinstance(source, str) else fracas.from_document(source)
    exact = action_odds(encounter, actor, target).policy
    action = action_odds(encounter, actor, target).action
    sampled = sample_action(encounter, actor, target, action, 5000, seed=7)
    assert_within_4_se(exact, sampled, 5000)


def test_each_declared_attack_has_its_odds_beside_it() -> None:
    """Beside the declaration: the attacks in reach, from where it stands (or with no
    movement), giving up no SC; not running, Defending, aiming or attacking then moving."""
    doc = {**BRAWL, "conditions": {"distance": 5}}
    battle = fracas.Battle(fracas.from_document(doc), seed=1, seats={"A": "person"})
    question = battle.advance()
    request = question.request if question is not None else None
    assert isinstance(request, ChoiceRequest) and request.decision == decisions.DECLARE
    found = option_odds(battle)
    plain = [
        i
        for i, o in enumerate(request.options)
        if o.action == "attack" and o.mode in ("stand", "still") and not o.sacrifice
    ]
    assert len(plain) == 2 and sorted(found) == plain
    assert len(request.options) > len(plain) + 2  # then_move, Defending … have none


ARCHERS = "examples/spelljammer/archers_into_melee.yaml"


def test_a_shot_into_a_melee_by_hand_and_rolled() -> None:
    """Stage 2 (rules 245–256): Pell's shot at an orc fighting both marines may turn on a
    marine — the calculator by hand and against the rules rolled (the enumerator would walk
    two d100s and the damage: more than its million ways)."""
    encounter = fracas.load(ARCHERS)
    calculated = action_odds(encounter, "Pell", "Orc 1")
    # 2 friends, 3 foes: 30 + 10 − 20 = 20; d100 + rank 2 ≤ 20 → 18 faces (natural 05 inside)
    assert calculated.policy.results["turned on a friend"] == Fraction(18, 100)
    assert sum(calculated.policy.results.values()) == 1
    sampled = sample_action(encounter, "Pell", "Orc 1", calculated.action, 5000, seed=3)
    assert_within_4_se(calculated.policy, sampled, 5000)


def test_the_ambush_damage_bonus_in_the_odds() -> None:
    """Rule 110: +2 damage against a completely surprised character is in the calculator."""
    from fracas.rulesets.spelljammer import odds

    encounter = fracas.load("examples/spelljammer/ambush.yaml")
    state = encounter.ruleset.setup(encounter.spec)
    scro = next(f for f in state.fighters() if f.name == "Scro 1")
    amos = next(f for f in state.fighters() if f.name == "Brother Amos")
    plain = odds.attack_outcomes(state, scro, amos)
    state.surprise_round, amos.ambush_band = True, 5
    caught = odds.attack_outcomes(state, scro, amos)
    top = max(h for (_, h, _) in plain)
    assert max(h for (_, h, _) in caught) == top + 4  # doubled on a critical


SURPRISED = {
    "ruleset": "spelljammer",
    "name": "odds",
    "sides": [
        {"name": "A", "combatants": [
            {"name": "Ghost", "hp": 20, "invisible": True,
             "weapons": [{"weapon": "dagger", "sc": 60}]}]},
        {"name": "B", "combatants": [
            {"name": "Guard", "hp": 12, "CON": 6, "alert": True, "unaware": "out_of_combat",
             "DEF": {"dex": 10, "skill": 11}, "weapons": [{"weapon": "mace", "sc": 50}]}]},
    ],
}  # fmt: skip


@pytest.mark.compiled_build  # the rules enumerated (pyproject.toml)
def test_surprise_and_an_unseen_attacker_calculated_and_enumerated() -> None:
    """Rules 96–101, 163–164: an alert guard surprised (+10, DEF 21 → 10) by an invisible
    attacker it cannot see (−20 DEF): SC 70 − DEF −10 = 80; calculated == enumerated."""
    encounter = fracas.from_document(SURPRISED)
    calculated = action_odds(encounter, "Ghost", "Guard")
    assert calculated == action_odds(encounter, "Ghost", "Guard", by_enumeration=True)
    assert calculated.policy.results["miss"] == Fraction(20, 100)  # 81–100


FAR = {
    "ruleset": "spelljammer",
    "name": "far",
    "sides": [
        {"name": "A", "combatants": [{
            "name": "Mage", "hp": 20, "position": [0, 0],
            "weapons": [{"weapon": "dagger", "sc": 40}],
            "spells": [{"name": "Bolt", "caster": "mage", "rank": 8, "knowledge": "SK",
                        "damage": "2d6+2", "range": 20, "cast_chance": 80}],
        }]},
        {"name": "B", "combatants": [{
            "name": "Orc", "hp": 8, "CON": 6, "PROT": {"armour": 3}, "position": [60, 0],
            "weapons": [{"weapon": "axe", "sc": 60}],
        }]},
    ],
}  # fmt: skip


def test_odds_refuse_an_attack_that_cannot_reach_now() -> None:
    """Issue 30: `fracas odds` refuses, with the reason, an attack that cannot reach its
    target this round (a melee weapon 12 squares from its target, with TMR 5: a run and attack
    reaches 1.5 + 5 squares); the Orc's axe cannot reach the Mage either."""
    encounter = fracas.from_document(FAR)
    with pytest.raises(FracasError, match=r"12\.0 squares .* reaches 6\.5"):
        action_odds(encounter, "Orc", "Mage")


def test_odds_cover_a_damaging_spell() -> None:
    """Issue 30, SJ-U37: a damage spell has odds — the cast chance (80: 80 % it works), then
    2d6+2 − PROT 3 (stun above CON 6, down at 8) — calculated and enumerated alike."""
    encounter = fracas.from_document(FAR)
    calculated = action_odds(encounter, "Mage", "Orc", "cast Bolt")
    assert calculated == action_odds(encounter, "Mage", "Orc", "cast Bolt", by_enumeration=True)
    results = calculated.policy.results
    assert results["spell fails"] == Fraction(20, 100)
    assert sum(results.values()) == 1
    # 2d6+2 − 3 > 6 (stunned) when 2d6 ≥ 8: 15 of 36 ways
    assert results["damage, stunned"] == Fraction(80, 100) * Fraction(15, 36)
