"""Issue 11, BRP: the exact odds of one attack three ways — the hand-written calculator
(`odds.attack_outcomes`), the enumerator running the real rules (`combat.resolve_attack`)
along every roll, and the real rules rolled from seeded dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

import fracas
from fracas.exact.action import action_odds, sample_action
from odds_support import assert_within_4_se

DUEL = "examples/brp/duel.yaml"
FIREFIGHT = "examples/brp/firefight.yaml"


@pytest.mark.compiled_build  # about 10 s on the pure build (pyproject.toml)
def test_the_calculator_is_the_rules_enumerated_for_every_defence() -> None:
    """Broadsword against Berend: as his policy defends, and parrying with the sword, the
    shield, dodging or taking it — equal to the last fraction."""
    encounter = fracas.load(DUEL)
    calculated = action_odds(encounter, "Aldric", "Berend")
    enumerated = action_odds(encounter, "Aldric", "Berend", by_enumeration=True)
    assert calculated == enumerated
    assert calculated.decision == "defend" and len(calculated.choices) == 4
    for _, odds in calculated.choices:
        assert sum(odds.results.values()) == 1 and sum(odds.harm.values()) == 1


def test_firearms_cannot_be_defended_and_the_calculator_knows() -> None:
    """§5.6–5.7: no parry or dodge against a pistol; the odds have no defence to choose."""
    encounter = fracas.load(FIREFIGHT)
    calculated = action_odds(encounter, "Robber 1", "Officer 1", "Pistol")
    assert calculated.decision is None and calculated.choices == ()
    assert calculated == action_odds(encounter, "Robber 1", "Officer 1", "Pistol",
                                     by_enumeration=True)  # fmt: skip
    assert set(calculated.policy.results) <= {"miss", "fumble", "hit", "special"}


def test_the_calculator_agrees_with_the_rules_rolled() -> None:
    """6,000 attacks of the real rules from seeded dice: every result and the chance of
    falling within 4 standard errors of the calculated fraction."""
    encounter = fracas.load(DUEL)
    exact = action_odds(encounter, "Aldric", "Berend").policy
    sampled = sample_action(encounter, "Aldric", "Berend", "Sword, Broad", 6000)
    assert_within_4_se(exact, sampled, 6000)


def test_an_unknown_action_or_combatant_is_refused() -> None:
    encounter = fracas.load(DUEL)
    with pytest.raises(fracas.core.errors.FracasError, match="actions are: Sword, Broad"):
        action_odds(encounter, "Aldric", "Berend", "Bazooka")
    assert action_odds(encounter, "Aldric", "Berend").policy.down > Fraction(0)
