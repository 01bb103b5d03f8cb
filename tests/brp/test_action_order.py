"""§5.4's order of action (`round.in_order`, issue 35): the places sorted as their keys
(tuples) compare, equal places in the order given (the encounter's), as a stable sort puts
them."""

from __future__ import annotations

import random

from fracas.rulesets.brp.round import in_order
from fracas.rulesets.brp.state import Place


def placed(keys):
    return [Place(*k) for k in keys]


def test_places_in_order_as_a_stable_sort_puts_them():
    rng = random.Random(35)
    for _ in range(500):
        n = rng.randint(0, 9)
        places = [
            (
                -rng.randint(3, 5),
                rng.randint(0, 2),
                -rng.choice((40, 55)),
                -rng.choice((4.0, 4.25, 4.5, 5.0)),
            )
            for _ in range(n)
        ]
        assert in_order(placed(places)) == sorted(range(n), key=lambda i: places[i])


def test_equal_places_keep_the_encounter_order():
    same = (-10, 2, -50, -10.0)
    assert in_order(placed([same, (-12, 0, 0, -12.0), same, same])) == [1, 0, 2, 3]


def test_the_last_field_breaks_only_what_the_others_leave_tied():
    assert in_order(placed([(-6, 2, -50, -6.25), (-6, 2, -50, -6.5), (-6, 1, -40, -6.0)])) == [
        2,
        1,
        0,
    ]
