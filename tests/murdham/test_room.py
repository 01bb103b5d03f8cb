"""M14: up to 8 medium characters in a zone and 2 on a border, a size step being 4 times the
room; an encounter that starts more crowded is refused with the rule's name."""

from __future__ import annotations

import pytest

import fracas
from fracas.core.errors import EncounterError


def _doc(*groups: dict[str, object]) -> dict[str, object]:
    return {
        "ruleset": "murdham",
        "name": "room",
        "sides": [
            {"name": "A", "combatants": [g for g in groups if g.get("side", "A") == "A"]},
            {"name": "B", "combatants": [{"name": "Far", "template": "bandit", "zone": "e5"}]},
        ],
    }


@pytest.mark.parametrize(
    ("groups", "crowded"),
    [
        ([{"name": "M", "template": "bandit", "zone": "a1", "count": 8}], False),
        ([{"name": "M", "template": "bandit", "zone": "a1", "count": 9}], True),
        ([{"name": "M", "template": "bandit", "zone": "a1", "border": "a2", "count": 2}], False),
        ([{"name": "M", "template": "bandit", "zone": "a2", "border": "a1", "count": 3}], True),
        ([{"name": "L", "template": "bandit", "size": "large", "zone": "a1", "count": 2}], False),
        ([{"name": "L", "template": "bandit", "size": "large", "zone": "a1", "count": 2},
          {"name": "M", "template": "bandit", "zone": "a1"}], True),
        ([{"name": "S", "template": "bandit", "size": "small", "zone": "a1", "count": 20}], False),
    ],
)  # fmt: skip
def test_a_crowded_start_is_refused(groups: list[dict[str, object]], crowded: bool) -> None:
    doc = _doc(*groups)
    if crowded:
        with pytest.raises(EncounterError, match=r"the rules allow \d \(M14\)"):
            fracas.from_document(doc)
    else:
        fracas.from_document(doc)
