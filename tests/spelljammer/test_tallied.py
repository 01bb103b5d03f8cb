"""Issue 35: a strike's result is tallied under the key `combat.TALLIED` gives it, found by
comparisons (`combat.tallied`) instead of the dictionary."""

from __future__ import annotations

from fracas.rulesets.spelljammer import combat, hitting


def test_a_result_is_tallied_under_its_own_key() -> None:
    """`combat.tallied` answers `TALLIED`'s key for each of `classify`'s results."""
    results = {hitting.classify(roll, sc) for roll in range(1, 101) for sc in (-50, 60)}
    assert results == set(combat.TALLIED)
    for r in results:
        assert combat.tallied(r) == combat.TALLIED[r]
