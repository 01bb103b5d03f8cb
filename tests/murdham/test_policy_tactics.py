"""Issue 34: the default Murdham policy never does the obviously wrong thing: no blow at a
foe its armour all but stops while another target is there, and no stalemate to the round
cap."""

from __future__ import annotations

from typing import Any

import pytest

import fracas
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.murdham import decisions
from fracas.rulesets.murdham.state import MurdhamState
from fracas.rulesets.murdham.turn import Strike, Surrender, plans
from policy_choices import EXAMPLES

ROUND_CAP_SHARE = 0.02  # issue 34: at most 2 % of the fights end at the round cap


def _scene(armour: str | None, *, health: int | None = None, foes: int = 2) -> dict[str, Any]:
    """A bandit (axe, d6) beside foes in one zone: the first in `armour`, the others in
    none (listed after it, so a tie would pick the armoured)."""
    me: dict[str, Any] = {"name": "Bandit", "template": "bandit", "zone": "a1"}
    if health is not None:
        me["health"] = health
    others = [{"name": f"Plain {i}", "template": "bandit", "zone": "a1"} for i in range(foes - 1)]
    return {
        "ruleset": "murdham",
        "name": "the plan of a turn",
        "map": {"grid": [2, 1]},
        "sides": [
            {"name": "Bandits", "combatants": [me]},
            {
                "name": "Watch",
                "combatants": [
                    {"name": "Armoured", "template": "bandit", "armour": armour, "zone": "a1"},
                    *others,
                ],
            },
        ],
    }


def _plan(doc: dict[str, Any]) -> object:
    encounter = fracas.from_document(doc)
    state = encounter.ruleset.setup(encounter.spec)
    assert isinstance(state, MurdhamState)
    state.round = 1
    me = next(c for c in state.characters() if c.name == "Bandit")
    options = plans(state, me)
    pick = encounter.ruleset.policy(state).choose(ChoiceRequest(me, decisions.TURN, options))
    return options[pick]


def test_no_blow_at_a_foe_armour_all_but_stops_while_another_is_there() -> None:
    plan = _plan(_scene("Heavy armour"))
    assert isinstance(plan, Strike) and plan.target.name == "Plain 0"


def test_with_no_armour_in_the_way_the_first_foe_is_as_good() -> None:
    """The control: both unarmoured, the tie goes to the first listed (so the test above is
    decided by the armour, not by the order)."""
    plan = _plan(_scene(None))
    assert isinstance(plan, Strike) and plan.target.name == "Armoured"


def test_a_lost_fight_is_surrendered() -> None:
    """Seed "Surrendering": alone, one hit from falling, against two."""
    assert isinstance(_plan(_scene(None, health=2)), Surrender)


def test_one_foe_left_is_still_fought() -> None:
    """Against one foe the fight is not lost: the policy strikes."""
    assert isinstance(_plan(_scene(None, health=2, foes=1)), Strike)


def test_a_hale_fighter_does_not_surrender() -> None:
    assert isinstance(_plan(_scene(None, health=3)), Strike)


@pytest.mark.parametrize(
    "path", sorted((EXAMPLES / "murdham").iterdir()), ids=lambda p: getattr(p, "name", p)
)
def test_no_bundled_example_runs_to_the_round_cap(path: Any) -> None:
    report = fracas.simulate(fracas.load(path), 300, seed=0, workers=1).to_dict()
    assert report["endings"].get("round cap", 0.0) <= ROUND_CAP_SHARE
