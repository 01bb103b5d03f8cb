"""Properties of whole Spelljammer battles over random, valid encounters (hypothesis):
battles end; nothing happens after segment −5; a stunned or fallen combatant makes no later
attack that round (it still delivers its own attack on the segment it is hit, SJ-U1); each
scheduled attack resolves at most once; the same seed, or a replay of the journal, gives the
same battle."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fracas
from fracas.core.events import RoundStarted
from fracas.core.outcome import Ending
from fracas.rulesets.spelljammer import data
from fracas.rulesets.spelljammer.events import Attack, Down, Initiative, Segment, Stunned

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

weapon = st.builds(
    lambda name, sc, rank, off, spec: {
        "weapon": name, "sc": sc, "rank": rank, "offhand": off, "specialist": spec
    },
    st.sampled_from(sorted(data.weapons())),
    st.integers(40, 130),
    st.integers(0, 8),
    st.booleans(),
    st.sampled_from([0, 0, 1, 2]),
)  # fmt: skip
spare = st.builds(lambda w: {**w, "state": "sheathed"}, weapon)  # stage 2: a second weapon
first = st.builds(
    lambda w, state: {**w, "state": state},
    weapon,
    st.sampled_from(["in_hand", "in_hand", "in_hand", "sheathed", "dropped"]),
)
spell = st.sampled_from(
    [
        {"name": "Bolt", "caster": "mage", "rank": 8, "knowledge": "SK", "damage": "3d6"},
        {
            "name": "Smite",
            "caster": "cleric",
            "casting_time": 4,
            "damage": "2d6",
            "cast_chance": 70,
        },
        {"name": "Cure", "caster": "cleric", "casting_time": "1 round", "heal": "1d8"},
    ]
)
fighters = st.fixed_dictionaries(
    {
        "name": st.sampled_from(["Ann", "Bo", "Cy", "Di"]),
        "DEX": st.integers(5, 25),
        "CON": st.integers(5, 30),
        "hp": st.integers(5, 60),
        "TMR": st.integers(2, 8),
        "attacks": st.integers(1, 4),
        "weapons": st.tuples(first, st.lists(spare, max_size=1)).map(lambda t: [t[0], *t[1]]),
        "spells": st.lists(spell, max_size=1),
        "DEF": st.fixed_dictionaries({"dex": st.integers(0, 20), "shield": st.integers(0, 15)}),
        "PROT": st.fixed_dictionaries({"armour": st.integers(0, 6)}),
        "size": st.sampled_from(["small", "medium", "large"]),
        "count": st.integers(1, 2),
        # Stage 2: PER, sight, surprise, a slung shield, potions, First Aid, Range of Field.
        "PER": st.integers(5, 20),
        "invisible": st.sampled_from([False, False, False, True]),
        "targeting_sense": st.booleans(),
        "unaware": st.sampled_from(["no", "no", "in_combat", "out_of_combat"]),
        "alert": st.booleans(),
        "shield_slung": st.booleans(),
        "potions": st.sampled_from([[], [{"name": "Healing", "heal": "2d4+2"}]]),
        "first_aid": st.sampled_from([0, 40]),
        "range_of_field": st.integers(0, 3),
        "master_bowman": st.integers(0, 2),
        "luck": st.integers(0, 30),
    }
)


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "ruleset": "spelljammer",
        "max_rounds": 25,
        "conditions": {
            "lighting": draw(st.sampled_from(["none", "starry", "unlit"])),
            "distance": draw(st.sampled_from([5, 20, 60])),
            "ambush": draw(st.sampled_from([None, {"by": "Crew"}, {"by": "Foes"}])),
        },
        "options": {
            "same_segment": draw(st.sampled_from(["simultaneous", "by_im"])),
            "late_arrival": draw(st.sampled_from(["delay", "lose"])),
            "one_round_start": draw(st.sampled_from(["ten", "general"])),
            "interruption": draw(st.sampled_from(["damage", "luck", "never"])),
            "two_minus_five": draw(st.sampled_from(["any", "weapon_handling"])),
            "shield_counts": draw(st.sampled_from(["next_round", "segment_5"])),
            "invisible_penalty": draw(st.sampled_from(["larger", "both"])),
        },
        "sides": [
            {"name": "Crew", "combatants": draw(st.lists(fighters, min_size=1, max_size=2))},
            {"name": "Foes", "combatants": draw(st.lists(fighters, min_size=1, max_size=2))},
        ],
    }


def fight(doc: dict[str, Any], seed: int) -> fracas.Battle:
    battle = fracas.Battle(fracas.from_document(doc), seed=seed)
    battle.run()
    return battle


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_battles_end_and_nothing_happens_after_minus_5(doc: dict[str, Any], seed: int) -> None:
    battle = fight(doc, seed)
    assert battle.outcome is not None
    if battle.outcome.ending is not Ending.ROUND_CAP:
        assert battle.outcome.winner is not None or all(s.status.out for s in battle.summary)
    for e in battle.events:
        if isinstance(e, Segment):
            assert e.segment >= -5
        if isinstance(e, Initiative) and "lost" not in e.note and e.what.startswith("attack"):
            assert e.segment >= -5


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_stunned_or_fallen_make_no_later_attack(doc: dict[str, Any], seed: int) -> None:
    """SJ-U1, SJ-U14, SJ-U18: out for the rest of the round (stun) or the fight (down), from
    the next segment on."""
    battle = fight(doc, seed)
    stunned: set[str] = set()
    gone: set[str] = set()
    fresh: set[str] = set()  # fallen or stunned this segment: its own attack still counts
    for e in battle.events:
        if isinstance(e, (Segment, RoundStarted)):
            stunned |= {w for w in fresh if w not in gone}
            fresh = set()
            if isinstance(e, RoundStarted):
                stunned = set()
        elif isinstance(e, Stunned):
            fresh.add(e.who)
        elif isinstance(e, Down):
            fresh.add(e.who)
            gone.add(e.who)
        elif isinstance(e, Attack) and e.number > 0:
            assert e.attacker not in stunned, f"{e.attacker} attacked while stunned"
            assert e.attacker not in gone - fresh, f"{e.attacker} attacked after going down"
            assert e.target not in gone - fresh, f"{e.target} was attacked after going down"


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_each_attack_resolves_at_most_once(doc: dict[str, Any], seed: int) -> None:
    battle = fight(doc, seed)
    seen: set[tuple[str, int]] = set()
    for e in battle.events:
        if isinstance(e, RoundStarted):
            seen = set()
        elif isinstance(e, Attack) and e.number > 0:
            key = (e.attacker, e.number)
            assert key not in seen, f"{key} resolved twice in a round"
            seen.add(key)


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_same_seed_same_battle_and_replay(doc: dict[str, Any], seed: int) -> None:
    first = fight(doc, seed)
    second = fight(doc, seed)
    assert first.events == second.events
    again = fracas.replay(fracas.from_document(doc), first.journal)
    assert again.events == first.events
    assert again.outcome == first.outcome


@PROPERTY
@given(encounters(), st.integers(0, 2**32))
def test_stage_2_surprise_round_and_shots_into_melee(doc: dict[str, Any], seed: int) -> None:
    """Rules 102–111: in the surprise round an ambushed character caught (3× or worse) makes
    no attack, and nobody of the ambushed side is hidden; rules 245–256: each shot into a
    melee is followed by exactly one attack, at whoever it turned on."""
    from fracas.rulesets.spelljammer.events import IntoMelee, PerRoll

    battle = fight(doc, seed)
    caught: set[str] = set()
    round_no = 0
    pending: str | None = None
    for e in battle.events:
        if isinstance(e, RoundStarted):
            round_no += 1
            caught = set()
        elif isinstance(e, PerRoll) and "ambush" in e.effect and e.band >= 3:
            assert round_no == 1
            caught.add(e.who)
        elif isinstance(e, IntoMelee):
            assert pending is None
            pending = e.now
        elif isinstance(e, Attack):
            assert e.attacker not in caught, f"{e.attacker} attacked while caught by the ambush"
            if pending is not None:
                assert e.target == pending
                pending = None
    assert pending is None
