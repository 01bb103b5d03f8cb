"""Issue 35: the short forms of the count-down's figures are the full ones: a strike's result
tallied under the key `combat.TALLIED` gives it, found by comparisons (`combat.tallied`); the
initiative modifier without its words (`initiative.modifier`)."""

from __future__ import annotations

from fracas.rulesets.spelljammer import combat, handling, hitting, initiative
from fracas.rulesets.spelljammer.state import Plan


def test_a_result_is_tallied_under_its_own_key() -> None:
    """`combat.tallied` answers `TALLIED`'s key for each of `classify`'s results."""
    results = {hitting.classify(roll, sc) for roll in range(1, 101) for sc in (-50, 60)}
    assert results == set(combat.TALLIED)
    for r in results:
        assert combat.tallied(r) == combat.TALLIED[r]


def test_the_initiative_modifier_is_the_one_with_words() -> None:
    """`initiative.modifier` (the mode read once, no tuple) is `modifiers`' figure for every
    mode and weapon handling a plan may declare (rules 18, 133, 146, 150–152)."""
    modes = ("stand", "still", "move", "run", "aim", "aim_still", "then_move")
    for mode in modes:
        for how in handling.MINUS_FIVE:
            plan = Plan("attack", mode=mode, handling=how)
            assert initiative.modifier(plan) == initiative.modifiers(plan)[0]
