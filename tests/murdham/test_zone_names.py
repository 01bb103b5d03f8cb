"""Each zone's name is one string object: the map's key, its links and the characters' zones
(`ZoneMap.name`), so that the dictionaries keyed by zone find it by identity. Equal text is
what the rules compare: this only says the objects are shared."""

from __future__ import annotations

from fracas.core.encounter import from_document
from fracas.rulesets.murdham.zones import Zone, ZoneMap


def test_a_name_is_the_maps_own_string():
    zones = ZoneMap.from_zones([Zone("hall"), Zone("yard")], [("".join(["ha", "ll"]), "yard")])
    keys = {k: k for k in zones.zones}
    given = "".join(["ya", "rd"])
    assert zones.name(given) is keys["yard"] and given is not keys["yard"]
    assert all(n is keys[n] for linked in zones.links.values() for n in linked)
    assert zones.name("cellar") == "cellar"  # not on the map: as given


def test_characters_stand_in_the_maps_zones():
    document = {
        "ruleset": "murdham",
        "map": {"grid": [2, 1]},
        "sides": [
            {"name": "Red", "combatants": [{"name": "A", "template": "bandit", "zone": "a1"}]},
            {
                "name": "Blue",
                "combatants": [
                    {"name": "B", "template": "bandit", "zone": "b1", "border": "a1"}
                ],
            },
        ],
    }
    encounter = from_document(document, "test")
    state = encounter.ruleset.setup(encounter.spec)
    keys = {k: k for k in state.zones.zones}
    for c in state.characters():
        assert c.zone is keys[c.zone]
        assert c.border is None or c.border is keys[c.border]
