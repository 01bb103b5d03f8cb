"""The stage-1 worked examples of the SemiAutoMagic checklist (T-SAM-n [Wn]), with scripted
dice and choices."""

from __future__ import annotations

import dataclasses

from fracas.core.combatant import Status
from fracas.rulesets.semiautomagic import attack, data, decisions, harm, setup, space, turn
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Wielded

from .conftest import Scene, human, kind

MAUVE = {"name": "Colonel Mauve", "template": "colonel mauve", "armour": "none"}
GOBLIN = {"name": "Goblin", "template": "goblin mook"}


def test_t_sam_1_w18_colonel_mauve_three_wounds_never_summed() -> None:
    """T-SAM-1 [W18]: three hits of 1d8+3 (faces 5, 3, 1 → 8, 6, 4) against the goblin's 9/3
    as it stood before the combo: three wounds, not dying, 6/0 after; 18 is never formed."""
    s = Scene(("Mauve", [{**MAUVE, "position": [0, 0]}]), ("Gob", [{**GOBLIN, "position": [1, 0]}]))
    mauve, goblin = s["Colonel Mauve"], s["Goblin"]
    assert (goblin.toughness, goblin.min_toughness) == (9, 3)
    s.choices.push(decisions.ACT, kind("combo"), kind("end"))
    s.choices.push(decisions.ALLOT, 0, 0, 0)
    s.choices.push(decisions.DEFEND, *[lambda o: o.kind == attack.NONE] * 3)
    s.dice.push(6, 6, 6, 5, 3, 1)  # three hits, then the damage dice
    turn.take_turn(s.table, s.state, mauve)
    assert [e.damage for e in s.of(ev.Struck)] == [8, 6, 4]
    assert all(e.toughness == 9 and e.minimum == 3 for e in s.of(ev.Struck))
    assert [e.effect for e in s.of(ev.Struck)] == [harm.WOUND] * 3
    assert goblin.wounds == 3 and (goblin.toughness, goblin.min_toughness) == (6, 0)
    assert goblin.active and not goblin.dying
    assert 18 not in [e.damage for e in s.of(ev.Struck)]


def test_t_sam_1_w19_a_goblin_eight_times_bigger_dies_to_18_only_with_ge() -> None:
    """T-SAM-1 [W19], C1: a scale-3 goblin, END 3: 6 + 9 + 3 = 18; one hit of 18 starts it
    dying (damage >= Toughness)."""
    big = setup.toughness(3, 3, 0)
    assert big == 18
    assert harm.effect(18, big, big - 6, False) == harm.DYING
    assert harm.effect(17, big, big - 6, False) == harm.WOUND


def test_t_sam_2_w13_heavy_crossbow_range_increments() -> None:
    """T-SAM-2 [W13], C11: increment 15 m, −1/0 per full doubling, 240 m the maximum."""
    inc = data.weapons()["heavy crossbow"].increment
    assert inc == 15
    expected = {0: 0, 15: 0, 16: 1, 30: 1, 31: 2, 60: 2, 61: 3, 120: 3, 121: 4, 240: 4}
    for distance, penalty in expected.items():
        assert space.range_penalty(distance, inc) == penalty, distance
    assert space.range_penalty(241, inc) == space.OUT_OF_RANGE
    s = Scene(
        ("A", [{"name": "Ada", "template": "crossbowman", "position": [0, 0]}]),
        ("B", [{"name": "Bram", "template": "crossbowman", "position": [20, 0]}]),
    )
    ada, bram = s["Ada"], s["Bram"]
    plain = attack.situation(s.state, ada, bram, ada.wielded, aimed=False)
    aimed = attack.situation(s.state, ada, bram, ada.wielded, aimed=True)
    assert plain is not None and aimed is not None
    assert (plain.x, plain.y) == (-1, 0)  # the DC is unchanged (Y = 0)
    assert (aimed.x, aimed.y) == (0, 0)  # aimed at 20 m: no penalty (SAM-A17)
    far = Scene(
        ("A", [{"name": "Ada", "template": "crossbowman", "position": [0, 0]}]),
        ("B", [{"name": "Bram", "template": "crossbowman", "position": [241, 0]}]),
    )
    assert attack.situation(far.state, far["Ada"], far["Bram"], far["Ada"].wielded, True) is None


def test_t_sam_5_w32_encumbrance_steps() -> None:
    """T-SAM-5 [W32]: STR 3 + END 3 → 8.0 kg a step; one penalty per step beyond the first;
    more than five steps: one square per 6 s; a wheeled load counts a quarter."""
    assert data.encumbrance_step(6) == 8.0
    assert [setup.encumbrance_penalty(3, 3, kg, 0) for kg in (8, 16, 24)] == [0, 1, 2]
    assert setup.encumbrance_penalty(3, 3, 0, 32) == 0  # 32 kg on wheels count 8 kg
    s = Scene(
        ("A", [human("Mule", carried=41, position=[0, 0]), human("Pack", carried=16)]),
        ("B", [human("Far", position=[30, 0])]),
    )
    assert s["Mule"].overloaded and not s["Pack"].overloaded
    assert s["Pack"].mobility == 1 and s["Pack"].move_squares == 2  # 2 − 0.5 = 1.5 → 2
    from fracas.rulesets.semiautomagic import actions

    options = actions.movements(s.state, s["Mule"])
    assert [(o.kind, o.seconds) for o in options] == [("stagger", 6)]


def test_t_sam_9_w10_the_scale_table() -> None:
    """T-SAM-9 [W10], C5, SAM-A15: Target 4 − s, base Toughness 6 + 3s, attack −s, size
    multiplier 4^s (4096 at 6), square 2^s m."""
    for s, row in data.scale_table().items():
        assert row.target == 4 - s == setup.target_score(s)
        assert row.toughness == 6 + 3 * s == setup.base_toughness(s)
        assert row.attack == -s
        assert row.multiplier == 4.0**s
        assert row.square == 2.0**s
    assert data.scale_table()[6].multiplier == 4096
    assert data.scale_table()[-1].target == 5 and data.scale_table()[10].toughness == 36


def test_t_sam_9_w11_average_human_is_9_3() -> None:
    s = Scene(("A", [human("Joe")]), ("B", [human("Moe")]))
    assert (s["Joe"].toughness, s["Joe"].min_toughness) == (9, 3)


def _caster(delay: int) -> tuple[Scene, Wielded]:
    s = Scene(
        ("A", [human("Mage", skills={"magic": 4}, weapons=["delayed bolt"], position=[0, 0])]),
        ("B", [human("Mark", position=[5, 0])]),
    )
    mage = s["Mage"]
    w = mage.wielded
    w.data = dataclasses.replace(w.data, delay=delay)
    return s, w


def test_t_sam_11_w3_a_two_second_delay_fires_after_second_six() -> None:
    """T-SAM-11 [W3], SAM-A1: a 4 s cast at seconds 1–4 with a 2 s delay takes effect after
    second 6 (the seed's "then one second after that" cannot happen)."""
    s, _ = _caster(2)
    s.choices.push(decisions.ACT, kind("single"), kind("end"))
    s.dice.push(1)  # the bolt's attack roll when it fires: a miss
    turn.take_turn(s.table, s.state, s["Mage"])
    fired = s.of(ev.DelayFired)
    assert [f.second for f in fired] == [6]


def test_t_sam_11_w4_c4_an_eleven_second_delay_fires_after_the_third_second() -> None:
    """T-SAM-11 [W4], C4: a 4 s cast, delay 11: 2 s left of the turn (9 left), a whole turn
    (3 left), then it fires after the 3rd second of the second turn after."""
    s, _ = _caster(11)
    mage = s["Mage"]
    s.choices.push(decisions.ACT, kind("single"), kind("end"), kind("end"), kind("end"))
    turn.take_turn(s.table, s.state, mage)
    assert mage.delays[0].left == 9
    turn.take_turn(s.table, s.state, mage)
    assert mage.delays[0].left == 3 and not s.of(ev.DelayFired)
    s.dice.push(1)
    turn.take_turn(s.table, s.state, mage)
    assert [f.second for f in s.of(ev.DelayFired)] == [3]


def _dying(wounds: int, dc_option: int = 4) -> Scene:
    s = Scene(("A", [human("Joe")]), ("B", [human("Moe")]), options={"dying_dc": dc_option})
    joe = s["Joe"]
    joe.wounds = wounds
    harm.start_dying(s.table, s.state, joe)
    return s


def test_t_sam_12_w26_dying_with_no_wound_dies_when_the_dc_passes_9() -> None:
    """T-SAM-12 [W26], C2, SAM-A32: END 3 and no wound (the Soul Coma case): d10 first, then
    d6 + END vs DC 4, +1 on each failure; death once the DC is above 9."""
    s = _dying(0)
    joe = s["Joe"]
    s.dice.push(1, 1)  # d10 not 10; 1 + 3 = 4 >= 4 holds
    harm.dying_check(s.table, s.state, joe)
    assert joe.dying and joe.dying_dc == 4
    joe.dying_dc = 5
    for face, dc in ((1, 5), (2, 6), (3, 7), (4, 8)):
        s.dice.push(2, face)  # d6 + 3 = dc − 1: a failure
        harm.dying_check(s.table, s.state, joe)
        assert joe.status is Status.DOWN and joe.dying_dc == dc + 1
    s.dice.push(2, 5)  # 8 vs DC 9: fails, DC 10 > 9
    harm.dying_check(s.table, s.state, joe)
    assert joe.status is Status.DEAD


def test_t_sam_12_w26_with_one_wound_death_when_the_dc_reaches_9() -> None:
    """The checklist's realistic case (Corrections, T-SAM-12): END 3, 1 wound: the best check
    is 8, so death when the DC reaches 9."""
    s = _dying(1)
    joe = s["Joe"]
    for dc in (4, 5, 6, 7):
        s.dice.push(3, 1)  # 1 + 3 − 1 = 3: fails
        harm.dying_check(s.table, s.state, joe)
        assert joe.dying_dc == dc + 1
    s.dice.push(3, 1)
    harm.dying_check(s.table, s.state, joe)
    assert joe.dying_dc == 9 and joe.status is Status.DEAD


def test_t_sam_12_w27_a_ten_on_the_d10_stabilises() -> None:
    s = _dying(1)
    joe = s["Joe"]
    s.dice.push(10)
    harm.dying_check(s.table, s.state, joe)
    assert joe.stable and not joe.dying and joe.status is Status.DOWN


def test_c2_the_conditions_dc_6_option_has_no_wound_penalty() -> None:
    s = _dying(2, dc_option=6)
    joe = s["Joe"]
    assert joe.dying_dc == 6
    s.dice.push(1, 3)  # 3 + 3 = 6 >= 6: holds, no −2 for the wounds
    harm.dying_check(s.table, s.state, joe)
    assert joe.dying_dc == 6 and joe.dying


def _clock_scene() -> Scene:
    return Scene(
        ("A", [{**MAUVE, "position": [0, 0]}]),
        ("B", [{**GOBLIN, "position": [1, 0]}, {**GOBLIN, "name": "Far", "position": [40, 0]}]),
    )


def test_t_sam_15_w1_six_moves_fit_in_a_turn() -> None:
    s = _clock_scene()
    s.choices.push(decisions.ACT, *[lambda o: o.kind == "move" and o.goal.name == "Far"] * 6)
    turn.take_turn(s.table, s.state, s["Colonel Mauve"])
    spent = s.of(ev.Spent)
    assert [(e.first, e.last) for e in spent] == [(k, k) for k in range(1, 7)]
    assert s["Colonel Mauve"].carried is None


def test_t_sam_15_w1_a_combo_and_two_moves_fit_two_combos_do_not() -> None:
    """T-SAM-15 [W1], SAM-A1: a combo (4 s) leaves 2 s: two moves fit; a second combo runs
    into the next turn and ends at its second 2."""
    s = _clock_scene()
    move_far = lambda o: o.kind == "move" and o.goal.name == "Far"  # noqa: E731
    s.choices.push(decisions.ACT, kind("combo"), move_far, move_far)
    s.choices.push(decisions.ALLOT, 0, 0, 0)
    s.dice.push(1, 1, 1)  # three misses
    turn.take_turn(s.table, s.state, s["Colonel Mauve"])
    assert [(e.first, e.last) for e in s.of(ev.Spent)] == [(1, 4), (5, 5), (6, 6)]
    t = _clock_scene()
    mauve = t["Colonel Mauve"]
    t.choices.push(decisions.ACT, kind("combo"), kind("combo"), kind("end"))
    t.choices.push(decisions.ALLOT, 0, 0, 0, 0, 0, 0)
    t.dice.push(1, 1, 1)
    turn.take_turn(t.table, t.state, mauve)
    last = t.of(ev.Spent)[-1]
    assert (last.first, last.last, last.carried) == (5, 6, 2)
    t.dice.push(1, 1, 1)
    turn.take_turn(t.table, t.state, mauve)
    finish = [e for e in t.of(ev.Spent) if e.finishing]
    assert [(e.first, e.last) for e in finish] == [(1, 2)]
    assert len(t.of(ev.AttackRolled)) == 6


def test_t_sam_15_w1_a_cast_leaves_two_seconds_so_three_moves_do_not_fit() -> None:
    """SAM-A1: a 4 s cast leaves 2 s: two 1-second actions, and the turn is over."""
    s, _ = _caster(0)
    s.choices.push(decisions.ACT, kind("single"), kind("crouch"), kind("stand_from_crouch"))
    s.dice.push(1)
    turn.take_turn(s.table, s.state, s["Mage"])
    assert [(e.first, e.last) for e in s.of(ev.Spent)] == [(1, 4), (5, 5), (6, 6)]
    assert not s.choices.script[decisions.ACT]  # no third question: no second left


def test_t_sam_16_w2_a_spell_begun_with_3_s_left_ends_at_second_1_of_the_next_turn() -> None:
    """T-SAM-16 [W2], rules 12-13: three 1-second actions, then a 4 s cast: it completes at
    the end of second 1 of the next turn, which then has 5 s; no pause in between."""
    s = Scene(
        ("A", [human("Mage", skills={"magic": 4}, weapons=["arcane bolt"], position=[0, 0])]),
        ("B", [human("Mark", position=[5, 0])]),
    )
    mage = s["Mage"]
    s.choices.push(decisions.ACT, kind("crouch"), kind("stand_from_crouch"), kind("crouch"))
    s.choices.push(decisions.ACT, kind("single"))
    turn.take_turn(s.table, s.state, mage)
    assert mage.carried is not None and mage.carried.left == 1
    assert not s.of(ev.AttackRolled)
    s.dice.push(1)  # the bolt misses
    s.choices.push(decisions.ACT, kind("stand_from_crouch"), kind("end"))
    turn.take_turn(s.table, s.state, mage)
    spent = s.of(ev.Spent)
    assert [(e.first, e.last, e.finishing) for e in spent[-2:]] == [(1, 1, True), (2, 2, False)]
    assert len(s.of(ev.AttackRolled)) == 1


def test_t_sam_15_w1_option_three_second_combos_fit_twice() -> None:
    """SAM-A1's other reading (option `combo_seconds: 3`): the seed's "use two combos"."""
    s = Scene(
        ("A", [{**MAUVE, "position": [0, 0]}]),
        ("B", [{**GOBLIN, "position": [1, 0]}]),
        options={"combo_seconds": 3},
    )
    s.choices.push(decisions.ACT, kind("combo"), kind("combo"))
    s.choices.push(decisions.ALLOT, *[0] * 6)
    s.dice.push(*[1] * 6)
    turn.take_turn(s.table, s.state, s["Colonel Mauve"])
    assert [(e.first, e.last, e.carried) for e in s.of(ev.Spent)] == [(1, 3, 0), (4, 6, 0)]
