"""Issue 35, Murdham: the calculator follows a counter that grapples (seed "Non-lethal
attacks": the non-lethal counter is resolved last, RULINGS T-MUR-8). Each way the attack ends
— the result, and both fighters' condition, gear and holds (`odds.Body`, the grab included)
— against the real rules enumerated along every way the dice fall."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import fracas
from fracas.core.controllers import Controller
from fracas.core.dice_sources import DiceSource
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table
from fracas.exact.enumerator import enumerate_runs
from fracas.rulesets.murdham import decisions, duel, odds
from fracas.rulesets.murdham.policy import MurdhamPolicy
from fracas.rulesets.murdham.state import Character, MurdhamState

GRAPPLE = "counter with Unarmed (grapple)"
BANDIT = {"STR": 8, "AGI": 8, "WIT": 8}


def _encounter(red: dict[str, Any], blue: dict[str, Any], **map_: Any) -> fracas.Encounter:
    return fracas.from_document(
        {
            "ruleset": "murdham",
            "name": "grappling counter",
            "map": {"grid": [3, 1], **map_},
            "sides": [
                {"name": "Red", "combatants": [{"name": "Red", "zone": "a1", **BANDIT, **red}]},
                {"name": "Blue", "combatants": [{"name": "Blue", "zone": "a1", **BANDIT, **blue}]},
            ],
        }
    )


class _Forced:
    """The policy, except that the target reacts with the option labelled `label`."""

    def __init__(self, policy: Controller, target: Character, label: str) -> None:
        self.policy, self.target, self.label = policy, target, label

    def choose(self, request: ChoiceRequest) -> int:
        if request.who is self.target and request.decision == decisions.REACT:
            labels = [str(option) for option in request.options]
            assert self.label in labels, labels
            return labels.index(self.label)
        return self.policy.choose(request)


def _fighters(encounter: fracas.Encounter) -> tuple[MurdhamState, Character, Character]:
    state = encounter.ruleset.setup(encounter.spec)
    assert isinstance(state, MurdhamState)
    red, blue = state.characters()
    return state, red, blue


def _enumerated(encounter: fracas.Encounter, weapon: str) -> tuple[odds.Effects, Fraction]:
    """The rules run along every way the dice fall (the calculator's cut-off), each run's
    end read as the calculator's `Effect`."""

    def run(dice: DiceSource) -> odds.Effect:
        state, red, blue = _fighters(encounter)
        forced = _Forced(MurdhamPolicy(state), blue, GRAPPLE)
        table = Table(dice, {"Red": forced, "Blue": forced, "gm": forced})
        name = encounter.ruleset.perform(table, state, red, blue, weapon)
        return odds.Effect(name, odds.Body.of(red), odds.Body.of(blue))

    found = enumerate_runs(run, cutoff=odds.CUTOFF)
    return dict(found.outcomes), found.truncated


def _calculated(encounter: fracas.Encounter, weapon: str) -> tuple[odds.Effects, Fraction]:
    state, red, blue = _fighters(encounter)
    arm = next(w for w in red.weapons if w.name == weapon)
    found = odds.attack_effects(state, red, blue, arm, GRAPPLE, MurdhamPolicy(state))
    assert found is not None, "the calculator declined the grappling counter"
    return found


# Each situation a grappling counter meets: the attacker's STR save, denied or not; the
# counter's WIT save in the dark; a target struck down before it grabs; gear that breaks.
CASES: dict[str, tuple[dict[str, Any], dict[str, Any], str, dict[str, Any]]] = {
    "bandits: the axe lands, then a STR save against the grab": (
        {"weapons": ["Hatchet"]},
        {"weapons": ["Hatchet"]},
        "Hatchet",
        {},
    ),
    "a wrestler grabs a strong man: no save": (
        {"weapons": ["Sword"], "STR": 15},
        {"weapons": ["Dagger"], "skills": ["wrestling"]},
        "Sword",
        {},
    ),
    "both wrestlers; a small attacker cannot resist a medium target": (
        {"weapons": ["Dagger"], "size": "small", "skills": ["wrestling"], "STR": 14},
        {"weapons": ["Spear"], "skills": ["wrestling"]},
        "Dagger",
        {},
    ),
    "in the dark: the attack and the counter each need a WIT save": (
        {"weapons": ["Mace"], "WIT": 12},
        {"weapons": ["Sword"], "WIT": 6, "shield": True},
        "Mace",
        {"dark": ["a1"]},
    ),
    "a weak target struck down first; damaged gear broken and worn; piercing": (
        {
            "weapons": ["Heavy battleaxe"],
            "damaged": ["Heavy battleaxe"],
            "skills": ["piercing strike"],
            "STR": 11,
        },
        {
            "weapons": ["Sword"],
            "health": 3,
            "armour": "Heavy armour",
            "shield": True,
            "damaged": ["Heavy armour", "Shield"],
            "traits": ["frenzied"],
        },
        "Heavy battleaxe",
        {},
    ),
}


@pytest.mark.compiled_build  # the rules enumerated (pyproject.toml)
@pytest.mark.parametrize("case", list(CASES))
def test_the_grappling_counter_is_the_rules_enumerated(case: str) -> None:
    red, blue, weapon, map_ = CASES[case]
    encounter = _encounter(red, blue, **map_)
    assert _calculated(encounter, weapon) == _enumerated(encounter, weapon)


def test_the_cases_meet_what_they_name() -> None:
    """A grab follows a failed STR save at times, never a blow that struck the target down,
    and always a blow that did not where no save is allowed; a counter in the dark misses."""

    def grabbed(effects: odds.Effects) -> Fraction:
        return sum((p for e, p in effects.items() if e.attacker.grabbed), Fraction(0))

    def down_and_holding(effects: odds.Effects) -> bool:
        return any(e.target.down and e.target.grabbing for e in effects)

    found = {}
    for case, (red, blue, weapon, map_) in CASES.items():
        found[case] = _calculated(_encounter(red, blue, **map_), weapon)
    bandits, _ = found["bandits: the axe lands, then a STR save against the grab"]
    assert 0 < grabbed(bandits) < 1
    wrestler, lost = found["a wrestler grabs a strong man: no save"]
    assert grabbed(wrestler) + sum(p for e, p in wrestler.items() if e.target.down) + lost == 1
    dark, _ = found["in the dark: the attack and the counter each need a WIT save"]
    assert "missed" in {e.name for e in dark}
    weak, _ = found["a weak target struck down first; damaged gear broken and worn; piercing"]
    assert any(e.target.down for e in weak) and not down_and_holding(weak)
    assert any(e.attacker.broken for e in weak) and any(e.target.shield_gone for e in weak)


def test_a_grapple_among_holds_is_left_to_the_enumerator() -> None:
    """An attacker already holding someone would be freed of that hold by the grab
    (`harm.release`): the calculator declines, and `fracas.odds` enumerates the rules."""
    encounter = _encounter({"weapons": ["Hatchet"]}, {"weapons": ["Hatchet"]})
    state, red, blue = _fighters(encounter)
    other = Character()
    red.grabbing, other.grabbed_by = other, red
    arm = red.weapons[0]
    assert odds.attack_effects(state, red, blue, arm, GRAPPLE, MurdhamPolicy(state)) is None


def test_the_duel_chain_follows_no_grab(monkeypatch: pytest.MonkeyPatch) -> None:
    """A duellist that counters by grappling would leave the two holding on (seed
    "Grapple"), which the chain's state does not carry: the chain says so (`Unfollowed`)
    rather than go on as if nobody held anyone. (The bench's policy never grapples: here it
    is made to.)"""

    class Grappler:  # (a wrapper: the compiled build's policy class takes no subclass)
        def __init__(self, state: MurdhamState) -> None:
            self.policy = MurdhamPolicy(state)

        def choose(self, request: ChoiceRequest) -> int:
            if request.decision == decisions.REACT:
                labels = [str(option) for option in request.options]
                if GRAPPLE in labels:
                    return labels.index(GRAPPLE)
            return self.policy.choose(request)

    monkeypatch.setattr(duel, "MurdhamPolicy", Grappler)
    encounter = _encounter({"weapons": ["Hatchet"]}, {"weapons": ["Hatchet"]})
    with pytest.raises(duel.Unfollowed, match="grab"):
        fracas.duel_odds(encounter)
