"""Issue 34: the default BRP policy never does the obviously wrong thing: no blow at a foe
it cannot hurt while another target exists, and no stalemate to the round cap."""

from __future__ import annotations

from typing import Any

import pytest

import fracas
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.brp import decisions
from fracas.rulesets.brp.actions import Attack, intents
from fracas.rulesets.brp.state import BRPState, Fighter
from policy_choices import EXAMPLES

ROUND_CAP_SHARE = 0.02  # issue 34: at most 2 % of the fights end at the round cap


def _brawl(armoured: list[str]) -> dict[str, Any]:
    """A brawler (1D3, no damage bonus) a metre from a foe in a hoplite's panoply (6 points,
    §5.10: only a critical, which ignores armour, can hurt) and an unarmoured one; the
    armoured stands first, so a tie would pick it."""
    plain = {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "APP": 10}
    return {
        "ruleset": "brp",
        "name": "a blow that cannot hurt",
        "sides": [
            {
                "name": "Brawler",
                "combatants": [
                    {
                        "name": "Brawler",
                        "characteristics": plain,
                        "skills": {"Brawl": 70},
                        "weapons": ["Brawl"],
                        "position": [0, 0],
                    }
                ],
            },
            {
                "name": "Foes",
                "combatants": [
                    {
                        "name": "Armoured",
                        "characteristics": plain,
                        "weapons": ["Brawl"],
                        "armour": armoured,
                        "position": [1, 0],
                    },
                    {
                        "name": "Unarmoured",
                        "characteristics": plain,
                        "weapons": ["Brawl"],
                        "position": [0, 1],
                    },
                ],
            },
        ],
    }


def _intent(doc: dict[str, Any], who: str) -> object:
    encounter = fracas.from_document(doc)
    state = encounter.ruleset.setup(encounter.spec)
    assert isinstance(state, BRPState)
    state.round = 1
    me = next(f for f in state.fighters() if f.name == who)
    options = intents(state, me)
    pick = encounter.ruleset.policy(state).choose(ChoiceRequest(me, decisions.INTENT, options))
    return options[pick]


def test_no_blow_at_a_foe_it_cannot_hurt_while_another_can_be_hurt() -> None:
    intent = _intent(_brawl(["Hoplite Panoply"]), "Brawler")
    assert isinstance(intent, Attack)
    assert isinstance(intent.target, Fighter) and intent.target.name == "Unarmoured"


def test_with_no_armour_in_the_way_the_first_foe_is_as_good() -> None:
    """The control: the same two foes both unarmoured, the tie goes to the first listed (so
    the test above is decided by the armour, not by the order)."""
    intent = _intent(_brawl([]), "Brawler")
    assert isinstance(intent, Attack) and intent.target.name == "Armoured"


@pytest.mark.compiled_build  # 300 battles of each example (pyproject.toml)
@pytest.mark.parametrize(
    "path", sorted((EXAMPLES / "brp").iterdir()), ids=lambda p: getattr(p, "name", p)
)
def test_no_bundled_example_runs_to_the_round_cap(path: Any) -> None:
    report = fracas.simulate(fracas.load(path), 300, seed=0, workers=1).to_dict()
    assert report["endings"].get("round cap", 0.0) <= ROUND_CAP_SHARE
