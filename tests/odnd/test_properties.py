"""Properties of whole OD&D battles over random, valid encounters (hypothesis): battles end,
nobody acts after going down (outside the slot it fell in, rule 121), each attack resolves
once, and the same seed, or a replay of the journal, gives the same battle."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fracas
from fracas.core.events import RoundStarted
from fracas.core.outcome import Ending
from fracas.rulesets.odnd import NO_COMBAT, data
from fracas.rulesets.odnd.events import Attack, Damage, Fell, Fled, Segment

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MELEE = [w for w, d in data.weapons().items() if not d.ranged and d.hands == 1]

characters = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Ann", "Bo", "Cy", "Di"]),
        "kind": st.just("character"),
        "cls": st.sampled_from(["fighter", "thief", "cleric", "magic-user", "elf", "dwarf"]),
        "level": st.integers(1, 9),
        "STR": st.integers(3, 18),
        "DEX": st.integers(3, 18),
        "ac": st.integers(-2, 9),
        "weapons": st.lists(
            st.sampled_from([*MELEE, "bow", "crossbow", "sling", "javelin", "pike", "lance"]),
            min_size=1,
            max_size=1,
        ),
        "mounted": st.booleans(),
        "hasted": st.booleans(),
        "elevation": st.sampled_from([0, 5]),
        "cover": st.sampled_from([0, 25, 50]),
        "spells": st.lists(st.sampled_from(sorted(data.spells())), max_size=2),
    }
)
monsters = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Foe", "Brute"]),
        "template": st.sampled_from(sorted(data.templates())),
        "count": st.integers(1, 6),
    }
)


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "ruleset": "odnd",
        "max_rounds": 30,
        "conditions": {
            "surprise": draw(st.booleans()),
            "reroll_initiative": draw(st.booleans()),
            "party_die": draw(st.booleans()),
            "distance": draw(st.sampled_from([None, "roll", 40])),
            "outdoors": draw(st.booleans()),
            "reaction": draw(st.booleans()),
        },
        "options": {
            "multipliers": draw(st.sampled_from(["largest", "additive"])),
            "shortcut": draw(st.sampled_from(["off", "up", "carry"])),
        },
        "sides": [
            {"name": "Party", "combatants": draw(st.lists(characters, min_size=1, max_size=3))},
            {"name": "Monsters", "combatants": draw(st.lists(monsters, min_size=1, max_size=2))},
        ],
    }


def fight(doc: dict[str, Any], seed: int) -> fracas.Battle:
    battle = fracas.Battle(fracas.from_document(doc), seed=seed)
    battle.run()
    return battle


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_battles_end_and_the_fallen_act_no_more(doc: dict[str, Any], seed: int) -> None:
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
        elif isinstance(e, Fell):
            slot_fallen.add(e.who)
        elif isinstance(e, Fled):
            gone.add(e.who)
        elif isinstance(e, Attack):
            assert e.attacker not in gone, f"{e.attacker} attacked after going down"
            assert e.target not in gone, f"{e.target} was attacked after going down"


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_each_hit_deals_damage_once(doc: dict[str, Any], seed: int) -> None:
    assert_each_hit_deals_damage_once(fight(doc, seed))


def assert_each_hit_deals_damage_once(battle: fracas.Battle) -> None:
    """Every hit's damage is rolled once, and no damage comes without a hit (spells aside)."""
    pending = 0
    for e in battle.events:
        if isinstance(e, Attack):
            assert pending == 0, "an attack's damage was never rolled"
            pending = 1 if e.hit else 0
        elif isinstance(e, Damage) and e.weapon not in data.spells():
            assert pending == 1, "damage without a hit"
            pending = 0


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_same_seed_same_battle_and_replay(doc: dict[str, Any], seed: int) -> None:
    assert_same_seed_same_battle_and_replay(doc, seed)


def assert_same_seed_same_battle_and_replay(doc: dict[str, Any], seed: int) -> None:
    first = fight(doc, seed)
    second = fight(doc, seed)
    assert first.events == second.events
    again = fracas.replay(fracas.from_document(doc), first.journal)
    assert again.events == first.events
    assert again.outcome == first.outcome
