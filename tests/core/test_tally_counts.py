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


def test_the_tally_reads_and_writes_as_a_counter():
    """`new_tally`'s `Counts` (the dictionary's item slot, issue 35) answers every reader as a
    `Counter` would: a missing key reads 0 and is not made, `+=` makes it, `most_common`, `+`
    and equality are the Counter's, and copies keep the class."""
    import copy
    import pickle

    tally = new_tally()
    plain: Counter[str] = Counter()
    for key in ["hits", "misses", "hits", "deaths", "hits"]:
        tally[key] += 1
        plain[key] += 1
    tally["zero"] += 0
    plain["zero"] += 0
    assert tally["never counted"] == 0 and "never counted" not in tally
    assert tally == plain and list(tally.items()) == list(plain.items())
    assert tally.most_common(2) == plain.most_common(2) == [("hits", 3), ("misses", 1)]
    assert tally + tally == plain + plain
    for copied in (copy.copy(tally), copy.deepcopy(tally), pickle.loads(pickle.dumps(tally))):
        assert type(copied) is type(tally) and copied == plain
