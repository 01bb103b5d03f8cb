"""Stage-1 reach, situations, defences, conditions, time and the encounter's checks."""

from __future__ import annotations

import pytest

import fracas
from fracas.core.combatant import Status
from fracas.core.errors import EncounterError
from fracas.rulesets.semiautomagic import (
    actions,
    attack,
    decisions,
    harm,
    moves,
    round,
    space,
    turn,
)
from fracas.rulesets.semiautomagic import events as ev

from .conftest import Scene, human, kind


def _pair(a: dict, b: dict, **extra: object) -> Scene:  # type: ignore[type-arg]
    return Scene(("A", [a]), ("B", [b]), **extra)


def test_rules_58_60_reach_bands_close_standard_long_and_minimum() -> None:
    """Rules 56-60, SAM-A13: unarmed reaches only an overlapping target; a sword adjacent
    ones; a spear (Standard to Long) one square further; a pike (Long 2-3) not adjacent."""
    s = Scene(
        ("A", [human("Fist", weapons=["unarmed"], position=[0, 0]),
               human("Spear", weapons=["spear"], position=[0, 10]),
               human("Pike", weapons=["pike"], position=[0, 20])]),
        ("B", [human("Near", position=[1, 0]), human("Two", position=[2, 10]),
               human("Close", position=[1, 20])]),
    )  # fmt: skip
    st = s.state
    assert space.squares(st, s["Fist"], s["Near"]) == 1
    assert not actions.targets(st, s["Fist"], s["Fist"].wielded)
    assert s["Spear"] and actions.targets(st, s["Spear"], s["Spear"].wielded) == [s["Two"]]
    assert not actions.targets(st, s["Pike"], s["Pike"].wielded)  # rule 60: too close
    s["Fist"].position = s["Near"].position
    assert actions.targets(st, s["Fist"], s["Fist"].wielded) == [s["Near"]]
    t = _pair(human("Fist", weapons=["unarmed"], position=[0, 0]), human("Near", position=[1, 0]),
              options={"close_reaches_adjacent": True})  # fmt: skip
    assert actions.targets(t.state, t["Fist"], t["Fist"].wielded) == [t["Near"]]


def test_rule_94_flanked_by_opposite_sides_minus_1_to_every_defence() -> None:
    """Rules 94-95, SAM-A40."""
    s = Scene(
        ("A", [human("Mid", position=[0, 0], skills={"reflex": 2})]),
        ("B", [human("West", position=[-1, 0]), human("East", position=[1, 0]),
               human("North", position=[0, 1])]),
    )  # fmt: skip
    mid = s["Mid"]
    assert space.flanked(s.state, mid)
    dodge = next(d for d in attack.defences(s.state, mid, True) if d.kind == attack.DODGE)
    assert dodge.bonus == 1 - 1
    s["East"].position = s["North"].position
    assert not space.flanked(s.state, mid)  # west and north are not opposite
    s["North"].position = type(mid.position)(1, -1)
    s["West"].position = type(mid.position)(-1, 1)
    assert space.flanked(s.state, mid)  # opposite corners


def test_rules_115_176_flat_footed_no_defence_or_minus_1_option() -> None:
    """C7: surprised → flat-footed, no defence rolls until its turn (SAM-A6); option −1."""
    s = Scene(
        ("A", [human("Ann")]),
        ("B", [human("Bob")]),
    )
    doc = s.encounter.document
    sides = [dict(doc["sides"][0]), {**doc["sides"][1], "surprised": True}]
    surprised = fracas.from_document({**doc, "sides": sides})
    state = surprised.ruleset.setup(surprised.spec)
    bob = state.fighters()[1]
    assert bob.flat_footed and [str(d) for d in attack.defences(state, bob, True)] == ["no defence"]
    lenient = fracas.from_document({**doc, "sides": sides, "options": {"flat_footed": "-1"}})
    st2 = lenient.ruleset.setup(lenient.spec)
    bob2 = st2.fighters()[1]
    dodge = next(d for d in attack.defences(st2, bob2, True) if d.kind == attack.DODGE)
    assert dodge.bonus == bob2.bonus["reflex"] - 1


def test_rule_193_held_dodges_at_minus_1_and_cannot_block_or_parry() -> None:
    s = _pair(human("Ann"), human("Bob", held=True, shield=True, skills={"reflex": 2, "shield": 2}))
    bob = s["Bob"]
    kinds = {d.kind: d.bonus for d in attack.defences(s.state, bob, True)}
    assert set(kinds) == {attack.NONE, attack.DODGE} and kinds[attack.DODGE] == 0


def test_s6_defence_rolls_per_round_and_who_can_parry() -> None:
    """S6: 1 + ranks a round of each kind; block needs a shield, parry a melee weapon and a
    melee attack."""
    s = _pair(
        human("Ann", shield=True, skills={"reflex": 2, "shield": 1, "weapon": 3}), human("Bob")
    )
    ann = s["Ann"]
    assert ann.defences == {attack.DODGE: 3, attack.BLOCK: 2, attack.PARRY: 4}
    assert {d.kind for d in attack.defences(s.state, ann, False)} == {
        attack.NONE,
        attack.DODGE,
        attack.BLOCK,
    }
    ann.defences[attack.DODGE] = 0
    assert attack.DODGE not in {d.kind for d in attack.defences(s.state, ann, True)}


def test_rule_189_melee_hits_the_helpless_without_a_roll() -> None:
    s = _pair(human("Ann", position=[0, 0]), human("Bob", position=[1, 0]))
    ann, bob = s["Ann"], s["Bob"]
    harm.start_dying(s.table, s.state, bob)
    sit = attack.situation(s.state, ann, bob, ann.wielded, False)
    assert sit is not None and sit.auto
    s.dice.push(1)  # only the damage die: 1 + 3 = 4 > 3 − 0: a wound while dying
    attack.resolve(s.table, s.state, ann, ann.wielded, [attack.Swing(bob, sit)])
    assert bob.status is Status.DEAD  # rule 166


def _combo_scene(**options: object) -> Scene:
    return Scene(
        ("A", [{"name": "Mauve", "template": "colonel mauve", "position": [0, 0],
                "weapons": ["greatsword"], "STR": 4}]),
        ("B", [{"name": "Gob", "template": "goblin mook", "position": [1, 0]}]),
        options=options,
    )  # fmt: skip


def test_sam_a25_a_dying_hit_and_a_wound_in_one_combo_do_not_kill() -> None:
    """Rule 88, SAM-A25: all results of one combo apply together; a target sent dying by one
    hit is not killed by another of the same combo (option `combo_wound_kills_dying`)."""
    for option, status in ((False, Status.DOWN), (True, Status.DEAD)):
        s = _combo_scene(combo_wound_kills_dying=option)
        mauve, gob = s["Mauve"], s["Gob"]
        s.choices.push(decisions.ALLOT, 0, 0, 0)
        s.choices.push(decisions.DEFEND, 0, 0)
        s.dice.push(6, 6, 1, 6, 1)  # two hits (10 → dying, 5 → wound), one miss
        actions.strike(s.table, s.state, mauve, actions.Action("combo", 4, weapon=mauve.wielded,
                                                               combo=("attack",) * 3))  # fmt: skip
        assert gob.wounds == 2 and gob.status is status


def test_sam_a33_nonlethal_knocks_out_instead_of_dying() -> None:
    s = _pair(
        human("Sapper", weapons=["sap"], STR=6, position=[0, 0]), human("Bob", position=[1, 0])
    )
    sapper, bob = s["Sapper"], s["Bob"]
    sit = attack.situation(s.state, sapper, bob, sapper.wielded, False)
    assert sit is not None
    s.dice.push(6, 6)  # hit; 6 + 6 = 12 ≥ 9
    s.choices.push(decisions.DEFEND, 0)
    attack.resolve(s.table, s.state, sapper, sapper.wielded, [attack.Swing(bob, sit)])
    assert bob.wounds == 1 and bob.unconscious and not bob.dying and bob.status is Status.DOWN


def test_rules_64_65_reload_times_and_sam_a16_shared_reloading() -> None:
    assert actions.reload_seconds(0, 0, 1) == 4
    assert actions.reload_seconds(1, 0, 1) == 8  # a ballista: one scale larger
    assert actions.reload_seconds(1, 0, 3) == 3  # ceil(8 / 3)
    s = _pair({"name": "Ada", "template": "crossbowman", "position": [0, 0]},
              {"name": "Bram", "template": "crossbowman", "position": [30, 0]})  # fmt: skip
    ada = s["Ada"]
    ada.wielded.loaded = False
    assert [a.kind for a in actions.strikes(s.state, ada)] == []
    assert "reload" in [a.kind for a in actions.preparations(s.state, ada)]


def test_sam_a17_aim_survives_other_actions_and_is_lost_on_moving() -> None:
    s = _pair({"name": "Ada", "template": "crossbowman", "position": [0, 0]},
              {"name": "Bram", "template": "crossbowman", "position": [40, 0]})  # fmt: skip
    ada, bram = s["Ada"], s["Bram"]
    s.choices.push(decisions.ACT, kind("aim"), kind("crouch"), kind("stand_from_crouch"))
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ada)
    assert ada.aimed_at == bram.id
    moves.go(ada, space.shifted(ada, (1, 0)), (1, 0))
    assert ada.aimed_at == ""


def test_sam_a18_charge_needs_six_metres_of_straight_movement() -> None:
    s = Scene(
        ("A", [{"name": "Mauve", "template": "colonel mauve", "position": [0, 0],
                "combos": [["attack"], ["charge", "attack", "attack"]],
                "skills": {"weapon": 4, "combat_expertise": 2}}]),
        ("B", [{"name": "Gob", "template": "goblin mook", "position": [10, 0]}]),
    )  # fmt: skip
    mauve, gob = s["Mauve"], s["Gob"]
    moves.advance(s.state, mauve, gob, 2)
    moves.advance(s.state, mauve, gob, 2)
    mauve.position = type(mauve.position)(mauve.position.x, 0)
    assert mauve.straight == 4.0
    assert all("charge" not in a.combo for a in actions.strikes(s.state, mauve))
    moves.advance(s.state, mauve, gob, 10)
    assert mauve.straight >= 6
    assert any("charge" in a.combo for a in actions.strikes(s.state, mauve))


def test_rule_187_disabled_three_seconds_single_attacks_crawl() -> None:
    s = _pair(human("Hurt", disabled=True, position=[0, 0]), human("Foe", position=[1, 0]))
    hurt = s["Hurt"]
    assert turn.budget(hurt) == 3
    assert actions.strikes(s.state, hurt) == []  # the arming sword is not light
    s["Foe"].position = type(hurt.position)(5, 0)
    assert [a.kind for a in actions.movements(s.state, hurt)] == ["crawl"]
    assert actions.movements(s.state, hurt)[0].seconds == 4


def test_rules_185_186_stunned_seconds_are_the_first_of_the_next_turn() -> None:
    """SAM-A3: N stunned seconds are lost at the start of the turn; an action in progress is
    lost; staggered rolls its d6 at the turn's start."""
    s = _pair(human("Ann", position=[0, 0]), human("Bob", position=[30, 0]))
    ann = s["Ann"]
    ann.stunned = 2
    ann.carried = None
    s.choices.push(decisions.ACT, kind("crouch"), kind("stand_from_crouch"), kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert s.of(ev.Lost)[0].seconds == 2
    assert [(e.first, e.last) for e in s.of(ev.Spent)] == [(3, 3), (4, 4)]
    ann.staggered = 1
    s.dice.push(5)
    s.choices.push(decisions.ACT, kind("crouch"))
    turn.take_turn(s.table, s.state, ann)
    assert s.of(ev.Lost)[-1].seconds == 5 and s.of(ev.Spent)[-1].first == 6


def test_rules_1_2_initiative_ties_reroll_among_the_tied() -> None:
    s = Scene(("A", [human("Ann"), human("Cy")]), ("B", [human("Bob")]))
    s.dice.push(3, 3, 1, 6, 2)  # Ann 9, Cy 9, Bob 7; Ann and Cy re-roll: 12, 8
    order = round.ordered(s.table, s.state.fighters())
    assert [f.name for f in order] == ["Ann", "Cy", "Bob"]


def test_rule_4_a_late_arrival_is_slotted_in_by_its_roll() -> None:
    s = Scene(("A", [human("Ann"), human("Cy", arrives=2)]), ("B", [human("Bob")]))
    cy = s["Cy"]
    assert cy.hidden and not cy.present
    s.dice.push(2, 5)  # Ann 8, Bob 11
    round.begin(s.table, s.state)
    s.state.round = 2
    s.dice.push(4)  # Cy 10: between Bob and Ann
    round.arrivals(s.table, s.state)
    assert [f.name for f in s.state.order] == ["Bob", "Cy", "Ann"] and not cy.hidden


def test_sam_a34_lighting_and_lowlight_vision() -> None:
    s = _pair(human("Ann"), human("Bob"), conditions={"lighting": "hazy"})
    assert attack.sight(s.state, s["Ann"], s["Bob"]) == "concealed"
    s["Ann"].lowlight = True
    assert attack.sight(s.state, s["Ann"], s["Bob"]) == "clear"
    d = _pair(human("Ann", lowlight=True), human("Bob"), conditions={"lighting": "dark"})
    assert attack.sight(d.state, d["Ann"], d["Bob"]) == "invisible"


@pytest.mark.parametrize(
    ("sheet", "message"),
    [
        ({"combos": [["attack", "attack"]]}, "maximum is 1"),
        (
            {"combos": [["attack", "attack"]], "skills": {"weapon": 2, "combat_expertise": 1}},
            "Extra Attack",
        ),
        (
            {
                "combos": [["attack"] * 3],
                "techniques": ["extra attack"] * 2,
                "skills": {"weapon": 1, "combat_expertise": 2},
            },
            "rule 84",
        ),
        ({"combos": [["attack"], ["attack"]]}, "Combat Expertise"),
        ({"combos": [["attack", "kick"]]}, "unknown combo component"),
        ({"weapons": ["lightsaber"]}, "unknown weapon"),
        ({"armour": "mithral"}, "unknown armour"),
        ({"combos": [["charge"]]}, "makes no attack"),
    ],
)
def test_bad_sheets_are_refused_with_a_message(sheet: dict, message: str) -> None:  # type: ignore[type-arg]
    doc = {
        "ruleset": "semiautomagic",
        "sides": [
            {"name": "A", "combatants": [{"name": "Ann", "template": "human", **sheet}]},
            {"name": "B", "combatants": [{"name": "Bob", "template": "human"}]},
        ],
    }
    with pytest.raises(EncounterError, match=message):
        fracas.from_document(doc)
