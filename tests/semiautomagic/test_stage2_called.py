"""Stage 2: called shots (rules 116-124; SAM-A28, SAM-A29; T-SAM-13)."""

from __future__ import annotations

from fracas.rulesets.semiautomagic import actions, called, decisions, harm, turn
from fracas.rulesets.semiautomagic import events as ev

from .conftest import Scene, human, kind


def _pair() -> Scene:
    return Scene(("A", [human("Ada", position=[0, 0])]), ("B", [human("Bo", position=[1.5, 0])]))


def _hit(s: Scene, damage: int, region: str) -> str:
    ada, bo = s["Ada"], s["Bo"]
    return harm.apply_all(s.table, s.state, [harm.Hit(ada, bo, damage, False, region)])[0]


def test_t_sam_13_head_shot_target_plus_3_against_6_over_0() -> None:
    s = _pair()
    ada, bo = s["Ada"], s["Bo"]
    s.choices.push(decisions.ACT, lambda o: o.region == "head", kind("end"))
    s.choices.push(decisions.DEFEND, 0)
    s.dice.push(6, 1, 1)  # 6 + 1 = 7 >= Target 4 + 3; damage 1 + 3 = 4; Fortitude 1 + 0 < 4
    turn.take_turn(s.table, s.state, ada)
    rolled = s.of(ev.AttackRolled)[0]
    assert rolled.target_score == 7 and rolled.hit
    assert bo.wounds == 1 and not bo.dying  # 4 < 6: a wound (not dying)
    assert bo.staggered == 1  # failed Fortitude against DC 4: staggered one round (SAM-A3)


def test_t_sam_13_head_shot_at_the_adjusted_toughness_starts_dying() -> None:
    s = _pair()
    assert _hit(s, 6, "head") == "dying"  # 6 >= 9 - 3
    assert s["Bo"].dying


def test_t_sam_13_any_damage_above_0_wounds_the_head() -> None:
    s = _pair()
    s.dice.push(6)  # Fortitude passes
    assert _hit(s, 1, "head") == "wound"  # 1 > 3 - 3
    assert s["Bo"].staggered == 0


def test_sam_a29_limbs_never_start_dying() -> None:
    s = _pair()
    s.dice.push(1)  # Fortitude fails: prone
    assert _hit(s, 20, "leg") == "wound"
    bo = s["Bo"]
    assert not bo.dying and bo.active and bo.posture == "prone"
    assert bo.move_squares == 0  # 2 squares - 2 (rule 117)
    assert called.severity("arm", 20, 9, 3, False) == called.TOUGHNESS


def test_rule_118_arm_at_toughness_drops_the_weapon() -> None:
    s = _pair()
    assert _hit(s, 8, "arm") == "wound"  # 8 >= 9 - 1
    assert s["Bo"].wielded.data.name == "unarmed"


def test_sam_a28_hand_at_minimum_no_wound_but_minus_1_and_maybe_a_drop() -> None:
    s = _pair()
    s.dice.push(6)  # Fortitude 6 >= 2: keeps the sword
    assert _hit(s, 2, "hand") == "no effect"  # 2 > 3 - 2, below 9 - 2
    bo = s["Bo"]
    assert bo.wounds == 0 and bo.hand_penalty == 1
    assert bo.wielded.data.name == "arming sword"
    s.dice.push(1)  # fails against 3: drops it
    _hit(s, 3, "hand")
    assert bo.wielded.data.name == "unarmed" and bo.hand_penalty == 2


def test_rule_117_both_legs_at_toughness_crawl_only() -> None:
    s = Scene(("A", [human("Ada", position=[0, 0])]), ("B", [human("Bo", position=[9, 0])]))
    s.dice.push(6, 6)
    _hit(s, 8, "leg")
    _hit(s, 7, "leg")
    bo = s["Bo"]
    bo.posture = "standing"  # (up again: still only a crawl)
    assert bo.legs_hit == 2
    assert {a.kind for a in actions.movements(s.state, bo)} == {"crawl"}


def test_t_sam_29_high_speed_target_until_its_next_turn() -> None:
    from fracas.rulesets.semiautomagic import attack

    assert [attack.high_speed(n) for n in (29, 30, 59, 60)] == [0, 1, 1, 2]
    s = _pair()
    ada, bo = s["Ada"], s["Bo"]
    bo.moved_squares = 30
    sit = attack.situation(s.state, ada, bo, ada.wielded, False)
    assert sit is not None and sit.target == 5 and "high speed +1" in sit.rules
    s.choices.push(decisions.ACT, kind("end"))
    turn.take_turn(s.table, s.state, bo)  # its next turn: the count starts again
    assert bo.moved_squares == 0
