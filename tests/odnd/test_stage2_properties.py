"""Properties of whole OD&D battles with the stage-2 rules in play (hypothesis): facing on the
plane, backstabbers, empty hands and subdual, whips and polearms, grapplers, monsters with
specials, units, pursuit with lures and a route. Battles end; nobody acts after going down
(outside the slot it fell in, rule 121; the knocked out until they come round, rule 99);
each hit deals its damage once; the same seed, or a replay, gives the same battle."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fracas.core.events import RoundStarted
from fracas.core.outcome import Ending
from fracas.rulesets.odnd import NO_COMBAT, data
from fracas.rulesets.odnd.events import (
    Attack,
    CameRound,
    Fell,
    Fled,
    KnockedOut,
    Manoeuvre,
    Segment,
)

from .test_properties import (
    assert_each_hit_deals_damage_once,
    assert_same_seed_same_battle_and_replay,
    fight,
)

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

characters = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Ann", "Bo", "Cy"]),
        "kind": st.just("character"),
        "cls": st.sampled_from(["fighter", "thief", "cleric", "hobbit"]),
        "level": st.integers(1, 9),
        "STR": st.integers(3, 18),
        "DEX": st.integers(3, 18),
        "ac": st.integers(2, 9),
        "weapons": st.sampled_from(
            [["sword"], ["fists"], ["whip"], ["polearm"], ["improvised"], ["arquebus"]]
        ),
        "subdue": st.booleans(),
        "back_to_wall": st.booleans(),
        "mounted": st.booleans(),
        "carries": st.lists(st.sampled_from(["food", "treasure"]), max_size=2),
    }
)
monsters = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Foe", "Brute"]),
        "template": st.sampled_from(sorted(data.templates())),
        "count": st.integers(1, 6),
    }
)
troops = st.fixed_dictionaries(
    {
        "name": st.just("Troop"),
        "template": st.sampled_from(["bandit", "orc"]),
        "count": st.sampled_from([10, 20, 25]),
        "unit": st.sampled_from([5, 10]),
    }
)


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    foes = draw(st.lists(monsters, min_size=1, max_size=2))
    if draw(st.booleans()):
        foes.append(draw(troops))
    return {
        "ruleset": "odnd",
        "max_rounds": 30,
        "conditions": {
            "surprise": draw(st.booleans()),
            "distance": draw(st.sampled_from([None, 30, "roll"])),
            "reaction": draw(st.booleans()),
            "pursuit": draw(st.booleans()),
            "route": draw(st.lists(st.sampled_from(["corner", "door", "secret door"]))),
        },
        "options": {"facing": draw(st.booleans())},
        "sides": [
            {"name": "Party", "combatants": draw(st.lists(characters, min_size=1, max_size=3))},
            {"name": "Monsters", "combatants": foes},
        ],
    }


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_stage2_battles_end_and_the_fallen_act_no_more(doc: dict[str, Any], seed: int) -> None:
    battle = fight(doc, seed)
    assert battle.outcome is not None
    if battle.outcome.ending is not Ending.ROUND_CAP and battle.outcome.reason != NO_COMBAT:
        assert battle.outcome.winner is not None or all(s.status.out for s in battle.summary)
    gone: set[str] = set()
    slot_fallen: set[str] = set()
    for e in battle.events:
        if isinstance(e, (Segment, RoundStarted)):
            gone |= slot_fallen
            slot_fallen = set()
        elif isinstance(e, (Fell, KnockedOut)):
            slot_fallen.add(e.who)
        elif isinstance(e, CameRound):
            gone.discard(e.who)
        elif isinstance(e, Fled):
            gone.add(e.who)
        elif isinstance(e, (Attack, Manoeuvre)):
            who = e.attacker if isinstance(e, Attack) else e.who
            assert who not in gone, f"{who} acted after going down"


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_stage2_each_hit_deals_damage_once(doc: dict[str, Any], seed: int) -> None:
    assert_each_hit_deals_damage_once(fight(doc, seed))


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_stage2_same_seed_same_battle_and_replay(doc: dict[str, Any], seed: int) -> None:
    assert_same_seed_same_battle_and_replay(doc, seed)
