"""A battle's tally: `add_counts` adds to the Counter as `+=` would, and leaves it a Counter
(a missing key reads 0)."""

from __future__ import annotations

from collections import Counter

from fracas.core.combatant import add_counts, new_tally


def test_counts_add_to_what_the_tally_holds():
    tally = new_tally()
    add_counts(tally, {"attacks": 2, "deaths": 1})
    add_counts(tally, {"attacks": 3})
    add_counts(tally, {})
    assert tally == Counter({"attacks": 5, "deaths": 1})
    assert isinstance(tally, Counter) and tally["never counted"] == 0
