"""Properties of whole SemiAutoMagic battles over random, valid encounters (hypothesis):
battles end, nobody acts after going down, each hit is defended or lands exactly once, and
the same seed, or a replay of the journal, gives the same battle."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fracas
from fracas.core.outcome import Ending
from fracas.rulesets.semiautomagic import data
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import events_geometry as geo

# Random battles by the dozen: `make test` runs them on the compiled build only, where the
# rules are compiled (pyproject.toml, the Makefile's COMPILED_TESTS), as BRP's and Murdham's.
pytestmark = pytest.mark.compiled_build

PROPERTY = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOG = {"kind": "difficult", "x": [2, 5], "y": [-9, 9]}
WEAPONS = [w for w, d in data.weapons().items() if not d.delay]
# Stage 2: a demon that possesses (rules 152-157) on some of the Blue sides.
DEMON = {"name": "Demon", "template": "human", "SPI": 5, "possession": {"bonus": 4, "range": 40}}

fighters = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Ann", "Bo", "Cy"]),
        "template": st.sampled_from(sorted(data.templates())),
        "count": st.integers(1, 3),
        "weapons": st.lists(st.sampled_from(WEAPONS), min_size=1, max_size=2),
        "armour": st.sampled_from(sorted(data.armour())),
        "posture": st.sampled_from(["standing", "crouched", "prone"]),
        "cover": st.sampled_from(["none", "light", "medium"]),
        "arrives": st.integers(1, 3),
        "shield": st.booleans(),
        "disabled": st.sampled_from([False, False, True]),
    }
).flatmap(
    lambda d: (
        st.sampled_from([d, {**d, "cover_object": {"durability": 2}}])
        if d["cover"] != "none"
        else st.just(d)
    )
)  # stage 2: cover as an object that can be hit (rules 103-106)


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "ruleset": "semiautomagic",
        "max_rounds": 15,
        "conditions": {
            "lighting": draw(st.sampled_from(["clear", "hazy", "dark"])),
            "distance": draw(st.sampled_from([1, 6, 30])),
            "terrain": draw(st.sampled_from([[], [BOG]])),
        },
        "options": {
            "wound_on_equal": draw(st.booleans()),
            "dying_dc": draw(st.sampled_from([4, 6])),
            "diagonals": draw(st.sampled_from(["alternate", "chebyshev"])),
            "combo_wound_kills_dying": draw(st.booleans()),
            "flat_footed": draw(st.sampled_from(["no defence", "-1"])),
        },
        "sides": [
            {"name": "Red", "combatants": draw(st.lists(fighters, min_size=1, max_size=2)),
             "surprised": draw(st.booleans())},
            {"name": "Blue", "combatants": draw(st.lists(fighters, min_size=1, max_size=2))
             + draw(st.sampled_from([[], [DEMON]]))},
        ],
    }  # fmt: skip


def fight(doc: dict[str, Any], seed: int) -> fracas.Battle:
    battle = fracas.Battle(fracas.from_document(doc), seed=seed)
    battle.run()
    return battle


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_battles_end_and_the_fallen_act_no_more(doc: dict[str, Any], seed: int) -> None:
    battle = fight(doc, seed)
    assert battle.outcome is not None
    if battle.outcome.ending is not Ending.ROUND_CAP:
        assert battle.outcome.winner is not None or all(s.status.out for s in battle.summary)
    gone: set[str] = set()
    for e in battle.events:
        if isinstance(e, ev.Fell) and e.how != "stabilises":
            gone.add(e.who)
        elif isinstance(e, ev.AttackRolled):
            assert e.attacker not in gone, f"{e.attacker} attacked after going down"
        elif isinstance(e, (ev.Spent, ev.Moved)):
            assert e.who not in gone, f"{e.who} acted after going down"
        elif isinstance(e, ev.Allotted):
            assert not set(e.targets) & gone, f"{e.targets}: one was down already"


def assert_each_hit_resolved_once(events: list[Any]) -> None:
    """Between two allotments, every hit is defended or lands, exactly once."""
    hits = saved = landed = 0
    for e in [*events, ev.Allotted(who="", combo="", targets=())]:
        if isinstance(e, ev.Allotted):
            assert hits == saved + landed, "a hit was resolved twice or never"
            hits = saved = landed = 0
        elif isinstance(e, ev.AttackRolled):
            hits += e.hit
        elif isinstance(e, geo.CoverStruck):  # rules 105-106: on through the cover
            hits += e.through
        elif isinstance(e, geo.Caught):  # rule 73: everyone caught is hit
            hits += len(e.who)
        elif isinstance(e, ev.Defended):
            saved += e.success
        elif isinstance(e, geo.AreaDefended):  # rule 75: a dodge's −3 still lands
            saved += e.result.startswith("negated")
        elif isinstance(e, (ev.Struck, ev.Unnerved, geo.ItemStruck)):  # Unnerved: F-SAM-102
            landed += 1


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_each_hit_is_defended_or_lands_once(doc: dict[str, Any], seed: int) -> None:
    assert_each_hit_resolved_once(fight(doc, seed).events)


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_same_seed_same_battle_and_replay(doc: dict[str, Any], seed: int) -> None:
    first = fight(doc, seed)
    second = fight(doc, seed)
    assert first.events == second.events
    again = fracas.replay(fracas.from_document(doc), first.journal)
    assert again.events == first.events
    assert again.outcome == first.outcome
