"""Stage 2: the mind (rules 137-139, 143-144, 175, 177-184, 191, 194-195; S15; SAM-A36 d,
SAM-A37, SAM-A45): typed morale damage, panic, the Confusion chart, rage, sleep, tiredness,
the calm hour."""

from __future__ import annotations

from typing import Any

import pytest

import fracas
from fracas.core.combatant import Status
from fracas.core.errors import FracasError
from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic import attack, decisions, mind, morale, possession, turn
from fracas.rulesets.semiautomagic import events as ev

from .conftest import Scene, human, kind
from .test_stage2_possession import Possession


def duel(*extra: dict[str, Any], **kw: Any) -> Scene:
    """Ann at (0, 0) (with any `extra` beside her) against Bo 1.5 m east (adjacent)."""
    return Scene(
        ("A", [human("Ann", position=[0, 0]), *extra]),
        ("B", [human("Bo", position=[1.5, 0])]),
        **kw,
    )


def test_rule_137_fear_above_will_panics_with_one_penalty() -> None:
    """Rule 137 (SAM-A37): fear above Will: a penalty and panicked; it flees the source, a run
    away (rule 184), still able to defend; far enough from every enemy, it has fled."""
    s = duel(options={"escape": 10})
    ann, bo = s["Ann"], s["Bo"]
    morale.typed(s.table, s.state, ann, 10, "fear", bo)
    assert (ann.will, ann.min_will, ann.panicked) == (8, 2, bo.id)
    assert len(attack.defences(s.state, ann, True)) > 1  # may still defend (rule 184)
    s.choices.push(decisions.ACT, lambda o: o.kind == mind.FLEE_RUN, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert ann.position.x == -18  # 3 s of running at 6 squares a second, due west
    assert ann.status is Status.FLED and not ann.active
    assert "panicked, no enemy within 10 m" in s.of(ev.Fell)[-1].rule


def test_rule_184_a_panicked_fighter_is_offered_only_flight() -> None:
    s = duel()
    ann, bo = s["Ann"], s["Bo"]
    morale.typed(s.table, s.state, ann, 10, "fear", bo)
    kinds = [a.kind for a in mind.options(s.state, ann, turn.actions.legal)]
    assert kinds == [mind.FLEE_RUN, mind.FLEE, "end"]


def test_sam_a37_effect_only_option_and_fear_below_will() -> None:
    """SAM-A37's other reading (`typed_morale: effect only`): the effect without a penalty;
    fear not above Will is an ordinary penalty, no panic."""
    s = duel(options={"typed_morale": "effect only"})
    ann, bo = s["Ann"], s["Bo"]
    morale.typed(s.table, s.state, ann, 10, "fear", bo)
    assert ann.will == 9 and ann.panicked == bo.id
    s2 = duel()
    morale.typed(s2.table, s2.state, s2["Ann"], 9, "fear", s2["Bo"])
    assert s2["Ann"].will == 8 and not s2["Ann"].panicked


def test_sam_a37_panic_ends_with_the_source_or_a_removed_penalty() -> None:
    s = duel()
    ann, bo = s["Ann"], s["Bo"]
    morale.typed(s.table, s.state, ann, 10, "fear", bo)
    morale.remove(s.table, ann, 1)
    assert not ann.panicked and ann.will == 9
    morale.typed(s.table, s.state, ann, 10, "fear", bo)
    bo.status = Status.DEAD
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert not ann.panicked and ann.active


def test_rule_139_rage_attacks_the_source_without_focus_and_minus_1() -> None:
    """Rule 139: a frenzy against the source: it is the only foe; -1 to Dexterity- and
    Intelligence-based skills; no spell (F-SAM-104); over when the source is gone."""
    s = Scene(
        ("A", [human("Ann", position=[0, 0], weapons=["arcane bolt", "arming sword"])]),
        ("B", [human("Bo", position=[1.5, 0]), human("Cy", position=[0, 1.5])]),
    )
    ann, cy = s["Ann"], s["Cy"]
    reflex = ann.bonus["reflex"]
    morale.typed(s.table, s.state, ann, 10, "rage", cy)
    assert ann.raging == cy.id and ann.bonus["reflex"] == reflex - 1
    mind.start_turn(s.table, s.state, ann)
    assert s.state.marks_of(ann) == [cy]  # Bo, adjacent, is not its concern
    kinds = {a.kind for a in mind.options(s.state, ann, turn.actions.legal)}
    assert "single" not in kinds  # the bolt in hand is a spell: no focus (rule 139)
    assert "draw" in kinds
    cy.status = Status.DEAD
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert not ann.raging and ann.bonus["reflex"] == reflex


def test_rule_140_untyped_is_two_penalties_and_no_effect() -> None:
    s = duel()
    ann = s["Ann"]
    morale.typed(s.table, s.state, ann, 10, "untyped", s["Bo"])
    assert (ann.will, ann.panicked, ann.confused, ann.raging) == (7, "", False, "")


def confused() -> Scene:
    s = duel(human("Cy", position=[0, 1]))
    morale.typed(s.table, s.state, s["Ann"], 10, "insanity", s["Bo"])
    assert s["Ann"].confused and s["Ann"].will == 8
    return s


def test_rule_138_insanity_confuses_until_a_penalty_is_removed() -> None:
    """Rules 138, 180 (chart 14): confused, it rolls the chart at its turn: falls prone and
    does nothing else; a penalty removed ends the confusion."""
    s = confused()
    ann = s["Ann"]
    s.dice.push(14)
    turn.take_turn(s.table, s.state, ann)  # no `next action` asked
    assert ann.posture == "prone" and not s.of(ev.Spent)
    morale.remove(s.table, ann, 1)
    assert not ann.confused


def test_rule_178_chart_1_and_6_roll_again() -> None:
    """Rule 178: 1 re-rolls ignoring further 1s and adds 1d6 rounds, which run on after the
    penalty is removed; 6 screams and re-rolls ignoring 5s."""
    s = confused()
    ann = s["Ann"]
    s.dice.push(1, 3, 1, 10)  # 1: 3 more rounds; a 1 again is ignored; 10 stares
    turn.take_turn(s.table, s.state, ann)
    assert ann.confused_extra == 3 and not s.of(ev.Spent)
    morale.remove(s.table, ann, 1)
    s.dice.push(6, 5, 15)  # 6 screams, 5 ignored, 15 sits down
    turn.take_turn(s.table, s.state, ann)
    assert ann.posture == "crouched" and ann.confused_extra == 2
    told = [e.what for e in s.of(ev.Did) if "Confusion chart" in e.what]
    assert [t.split(":")[0] for t in told][-2:] == ["rolls 6 on the Confusion chart",
                                                    "rolls 15 on the Confusion chart"]  # fmt: skip


def test_rule_179_chart_4_attacks_the_closest_creature_even_a_friend() -> None:
    """Rule 179 (chart 4): its deadliest attack against the closest creature: Cy, its own
    side's, 1 m away, before Bo at 1.5 m (SAM-A45: the deadliest is the policy's pick)."""
    s = confused()
    ann, cy = s["Ann"], s["Cy"]
    s.dice.push(4)
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 8)  # hits, 8 + 3 = 11 >= 9: dying
    turn.take_turn(s.table, s.state, ann)  # Cy is its only possible target
    assert [e.targets for e in s.of(ev.Allotted)] == [("Cy",)] and cy.dying
    assert ann.victim == ""  # the chart's compulsion ends with the turn


def test_rule_179_chart_8_one_attack_only() -> None:
    """Rule 179 (chart 8): the nearest creature, one single attack, then nothing more."""
    s = confused()
    ann = s["Ann"]
    s.dice.push(8)
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(1)  # a miss
    turn.take_turn(s.table, s.state, ann)
    assert ann.attacks_made == 1 and [e.targets for e in s.of(ev.Allotted)] == [("Cy",)]
    # After the attack only "end the turn" was left: a lone option is not asked.
    assert len(s.choices.script[decisions.ACT]) == 1


def test_rule_179_chart_13_hallucinates_and_is_flanked_for_the_round() -> None:
    s = confused()
    ann = s["Ann"]
    before = {d.kind: d.bonus for d in attack.defences(s.state, ann, True)}
    s.dice.push(13)
    turn.take_turn(s.table, s.state, ann)
    after = {d.kind: d.bonus for d in attack.defences(s.state, ann, True)}
    assert after["dodge"] == before["dodge"] - 1 and ann.hallucinating
    s.dice.push(10)  # next turn: it ends as the turn starts (SAM-A6)
    turn.take_turn(s.table, s.state, ann)
    assert not ann.hallucinating


def test_rules_180_181_chart_9_drops_and_chart_12_runs_a_scatter_way() -> None:
    s = confused()
    ann = s["Ann"]
    s.dice.push(9)
    turn.take_turn(s.table, s.state, ann)
    assert ann.wielded.data.name == "unarmed"
    s.dice.push(12, 7)  # runs; the scatter die's 7 is west (east, Bo's square stops it)
    turn.take_turn(s.table, s.state, ann)
    assert (ann.position.x, ann.position.y) == (-18, 0)  # a 3 s run: 6 squares a second
    s.dice.push(12, 3)  # east: Bo stands in the way (issue 31 item 6)
    ann.position = Position(0, 0)
    turn.take_turn(s.table, s.state, ann)
    assert (ann.position.x, ann.position.y) == (0, 0)


def test_rule_180_chart_5_panicked_for_this_round_only() -> None:
    s = confused()
    ann = s["Ann"]
    s.dice.push(5)
    s.choices.push(decisions.ACT, lambda o: o.kind == mind.FLEE, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    moved = [e for e in s.of(ev.Moved) if e.who == "Ann"]
    assert moved and "away from Cy" in moved[0].to  # the nearest creature
    assert ann.active and not ann.panicked


def test_rule_183_chart_19_control_for_1d6_rounds() -> None:
    """Rule 183 (SAM-A6): 19 gives control for 1d6 rounds (this one the first): no chart roll
    in the next two turns, the chart again at the fourth."""
    s = confused()
    ann = s["Ann"]
    s.dice.push(19, 3)
    for _ in range(3):
        s.choices.push(decisions.ACT, kind("end"))
        turn.take_turn(s.table, s.state, ann)
    assert ann.lucid == 0
    s.dice.push(10)
    turn.take_turn(s.table, s.state, ann)  # the chart again: stares
    assert len([e for e in s.of(ev.Did) if "Confusion chart" in e.what]) == 2


def test_sam_a45_chart_3_the_most_disliked() -> None:
    s = Scene(
        ("A", [human("Ann", position=[0, 0], dislikes="Di"), human("Cy", position=[0, 1])]),
        ("B", [human("Bo", position=[1.5, 0]), human("Di", position=[0, -1.5])]),
    )
    ann, di = s["Ann"], s["Di"]
    assert ann.dislikes == di.id
    morale.typed(s.table, s.state, ann, 10, "insanity", s["Bo"])
    s.dice.push(3)
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(1)  # a miss
    turn.take_turn(s.table, s.state, ann)
    # Di, 1.5 m away, not Cy, the nearest at 1 m, nor Bo, who drove it mad.
    assert [e.targets for e in s.of(ev.Allotted)] == [("Di",)]


def test_sam_a45_dislikes_must_name_a_combatant() -> None:
    with pytest.raises(FracasError, match="dislikes"):
        fracas.from_document({
            "ruleset": "semiautomagic", "name": "bad",
            "sides": [{"name": "A", "combatants": [human("Ann", dislikes="Nobody")]},
                      {"name": "B", "combatants": [human("Bo")]}],
        })  # fmt: skip


def test_f_sam_102_a_morale_attack_hits_will_not_toughness() -> None:
    """F-SAM-102: a fear spell's hit is fear damage against Will (rule 137), no wound."""
    s = Scene(
        ("A", [human("Ann", position=[0, 0], weapons=["dread"], skills={"magic": 4})]),
        ("B", [human("Bo", position=[3, 0])]),
    )
    ann, bo = s["Ann"], s["Bo"]
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.choices.push(decisions.ALLOT, 0)
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 4)  # hits; 4 + 6 = 10 > Will 9
    turn.take_turn(s.table, s.state, ann)
    assert bo.wounds == 0 and bo.panicked == ann.id and bo.will == 8


def test_sam_a36_d_morale_damage_hits_every_mind_in_a_body() -> None:
    s = Possession()
    jack, bal = s["Jack"], s["Bal-Ziggaroth"]
    s.dice.push(6)
    possession.attempt(s.table, s.state, bal, jack)  # Jack 8/2, Bal 11/5
    morale.typed(s.table, s.state, jack, 7, "untyped", s["Lou"])
    assert (jack.will, bal.will) == (7, 10)  # Jack 7 > 2: one; Bal 7 > 5: one (rule 136)


def test_rule_191_a_sleeper_is_helpless_and_wakes_flat_footed() -> None:
    """Rule 191 (F-SAM-107): helpless while asleep; the fight's noise (louder than DC -5 by
    default) wakes it at its turn, flat-footed for the round; with a quieter noise it rolls
    Perception at -6; a wound wakes it."""
    s = duel(conditions={"noise": 0})
    ann = s["Ann"]
    ann.asleep = True
    assert ann.helpless
    s.dice.push(6)  # 6 + 0 - 6 = 0 >= 0: it hears
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert not ann.asleep and ann.flat_footed
    ann.asleep = True
    s.dice.push(5)  # -1 < 0: sleeps on, no action asked
    turn.take_turn(s.table, s.state, ann)
    assert ann.asleep
    from fracas.rulesets.semiautomagic import harm

    harm.wound(s.table, s.state, ann, 1)
    assert not ann.asleep and ann.flat_footed


def test_rule_191_the_default_fight_wakes_sleepers_at_their_turn() -> None:
    s = duel(human("Cy", position=[0, 1], asleep=True))
    cy = s["Cy"]
    assert cy.asleep and cy.helpless
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, cy)  # no Perception die rolled
    assert not cy.asleep and cy.flat_footed


def test_rules_143_194_will_modifier_and_tired() -> None:
    s = duel(human("Cy", will_modifier=2, tired=True))
    cy, ann = s["Cy"], s["Ann"]
    assert (cy.will, cy.min_will) == (11, 5)
    assert all(cy.bonus[k] == ann.bonus[k] - 1 for k in ann.bonus)


def test_rule_144_the_calm_hour_option_removes_every_penalty() -> None:
    doc = {
        "ruleset": "semiautomagic", "name": "calm", "options": {"calm_hour": True},
        "sides": [
            {"name": "A", "combatants": [{"name": "Mauve", "template": "colonel mauve",
                                          "position": [0, 0]}]},
            {"name": "B", "combatants": [{"name": "Gob", "template": "goblin mook",
                                          "position": [1, 0]}]},
        ],
    }  # fmt: skip
    battle = fracas.Battle(fracas.from_document(doc), seed=3)
    battle.run()
    assert not [e for e in battle.events if isinstance(e, ev.Did) and "removes" in e.what]
    s = duel(options={"calm_hour": True})
    ann = s["Ann"]
    morale.penalty(s.table, s.state, ann, 9, "test")
    assert ann.broken
    mind.calm_hour(s.table, s.state)
    assert (ann.will, ann.broken, ann.morale_penalties) == (9, False, 0)


def test_bad_mind_fields_are_refused() -> None:
    for sheet, options in (
        (human("Ann", will_modifier=99), {}),
        (human("Ann", asleep="yes"), {}),
        (human("Ann"), {"typed_morale": "sometimes"}),
        (human("Ann"), {"escape": 0}),
    ):
        doc = {
            "ruleset": "semiautomagic", "name": "bad", "options": options,
            "sides": [{"name": "A", "combatants": [sheet]},
                      {"name": "B", "combatants": [human("Bo")]}],
        }  # fmt: skip
        with pytest.raises(FracasError):
            fracas.from_document(doc)


def test_rule_171_an_object_is_destroyed_not_dying_and_never_acts() -> None:
    """Rules 163, 171, 201: a door (END 3, Durability 2: 11/5) takes wounds, is destroyed by
    a hit of more than its Toughness (11 is not, 12 is), never acts nor defends; nonlethal
    damage does nothing to it."""
    door = {"name": "Door", "template": "human", "inanimate": True, "durability": 2,
            "position": [1, 0]}  # fmt: skip
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [door]))
    d = s["Door"]
    assert (d.toughness, d.min_toughness) == (11, 5) and d.helpless
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, d)  # no action asked
    assert [e.timeline for e in s.of(ev.TurnEnded)] == ["an object: no action (rule 171)"]
    from fracas.rulesets.semiautomagic import harm

    ann = s["Ann"]
    harm.apply_all(s.table, s.state, [harm.Hit(ann, d, 11, False)])
    assert d.active and d.wounds == 1 and not d.dying  # 11 = Toughness: a wound only
    harm.apply_all(s.table, s.state, [harm.Hit(ann, d, 20, True)])
    assert d.wounds == 1  # nonlethal: nothing (rule 201)
    harm.apply_all(s.table, s.state, [harm.Hit(ann, d, 11, False)])  # 11 > 10
    assert d.status is Status.DEAD and s.of(ev.Fell)[-1].how == "is destroyed"


def test_gm_conditions_confused_and_asleep() -> None:
    from fracas.rulesets.semiautomagic.commands import SamCommands

    s = duel()
    ann = s["Ann"]
    SamCommands().set_condition(s.table, s.state, ann, "confused", True)
    SamCommands().set_condition(s.table, s.state, ann, "asleep", True)
    assert ann.confused and ann.asleep and ann.helpless
