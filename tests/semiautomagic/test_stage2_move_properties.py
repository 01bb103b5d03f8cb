"""Stage 2, movement and hazards, over random valid encounters (hypothesis): the encounters of
`test_properties` with a knight on a warhorse, a flyer, a venomous creature, a plague carrier,
a cloud of gas and a radiation source added at random. Battles end, nobody acts after going
down, each hit is defended or lands once, the same seed and a replay give the same battle."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import fracas
from fracas.rulesets.semiautomagic import events as ev

from .test_properties import PROPERTY, assert_each_hit_resolved_once, encounters, fight

KNIGHT = [
    {"name": "Kay", "template": "knight", "rides": "Steed", "position": [-20, 0]},
    {"name": "Steed", "template": "warhorse", "position": [-20, 0]},
]
EXTRAS = {
    "flyer": {"name": "Wyv", "template": "human", "altitude": 4, "fly_speed": 5},
    "venom": {"name": "Asp", "template": "human", "venom": "snake venom", "drinks": [5]},
    "plague": {"name": "Rat", "template": "human", "afflicted": [{"poison": "plague"}]},
    "robot": {"name": "Robo", "template": "robot"},
    "zapper": {"name": "Zap", "template": "human", "weapons": ["emp pistol", "dagger"]},
}
GAS = {"poison": "tear gas", "x": [-3, 3], "y": [-3, 3]}
HOT = {"severity": "heavy", "scale": 0, "at": [3, 0]}


@st.composite
def hazardous(draw: st.DrawFn) -> dict[str, Any]:
    doc = draw(encounters())
    red, blue = doc["sides"]
    if draw(st.booleans()):
        red["combatants"] = red["combatants"] + KNIGHT
    for key in draw(st.sets(st.sampled_from(sorted(EXTRAS)), max_size=3)):
        side = draw(st.sampled_from([red, blue]))
        side["combatants"] = side["combatants"] + [dict(EXTRAS[key])]
    doc["conditions"]["gas"] = draw(st.sampled_from([[], [GAS]]))
    doc["conditions"]["radiation"] = draw(st.sampled_from([[], [HOT]]))
    return doc


@PROPERTY
@given(hazardous(), st.integers(0, 2**32))
def test_hazardous_battles_end_and_the_fallen_act_no_more(doc: dict[str, Any], seed: int) -> None:
    battle = fight(doc, seed)
    assert battle.outcome is not None
    gone: set[str] = set()
    for e in battle.events:
        if isinstance(e, ev.Fell) and e.how != "stabilises":
            gone.add(e.who)
        elif isinstance(e, (ev.Spent, ev.Moved)):
            assert e.who not in gone, f"{e.who} acted after going down"
    assert_each_hit_resolved_once(battle.events)


@PROPERTY
@given(hazardous(), st.integers(0, 2**32))
def test_hazardous_battles_replay(doc: dict[str, Any], seed: int) -> None:
    first = fight(doc, seed)
    again = fracas.replay(fracas.from_document(doc), first.journal)
    assert again.events == first.events and again.outcome == first.outcome
