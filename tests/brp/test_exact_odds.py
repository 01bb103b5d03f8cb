"""Issue 11, BRP: the exact odds of one attack three ways — the hand-written calculator
(`odds.attack_outcomes`), the enumerator running the real rules (`combat.resolve_attack`)
along every roll, and the real rules rolled from seeded dice."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

import pytest

import fracas
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.exact.action import action_odds

DUEL = "examples/brp/duel.yaml"
FIREFIGHT = "examples/brp/firefight.yaml"


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
    ruleset, n = encounter.ruleset, 6000
    seen: Counter[str] = Counter()
    fell = 0
    for i in range(n):
        state = ruleset.setup(encounter.spec)
        aldric, berend = (next(c for c in state.combatants if c.name == name)
                          for name in ("Aldric", "Berend"))  # fmt: skip
        table = Table(SeededDice(i), {side.name: ruleset.policy(state) for side in state.sides})
        seen[ruleset.perform(table, state, aldric, berend, "Sword, Broad")] += 1
        fell += not berend.active
    for name, p in [*exact.results.items(), ("fell", exact.down)]:
        observed = (fell if name == "fell" else seen[name]) / n
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(observed - float(p)) <= 4 * se + 1e-12, name


def test_an_unknown_action_or_combatant_is_refused() -> None:
    encounter = fracas.load(DUEL)
    with pytest.raises(fracas.core.errors.FracasError, match="actions are: Sword, Broad"):
        action_odds(encounter, "Aldric", "Berend", "Bazooka")
    assert action_odds(encounter, "Aldric", "Berend").policy.down > Fraction(0)
