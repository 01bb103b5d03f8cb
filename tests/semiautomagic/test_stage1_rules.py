"""Stage-1 rules of SemiAutoMagic one by one (checklist numbers, readings SAM-An and
RULINGS.md corrections Cn), with scripted dice where dice are rolled."""

from __future__ import annotations

from fracas.rulesets.semiautomagic import (
    actions,
    attack,
    data,
    decisions,
    harm,
    moves,
    round,
    setup,
    space,
    turn,
)
from fracas.rulesets.semiautomagic import events as ev

from .conftest import Scene, human, kind

GOBLIN = {"name": "Goblin", "template": "goblin mook"}


def test_t_sam_17_w5_fractional_speed_rounds_to_whole_squares() -> None:
    """T-SAM-17 [W5], rule 29: 2.5 m → three 1 m squares; 2.4 m → two."""
    assert setup.squares_per_move(2.5, 1.0, 0) == 3
    assert setup.squares_per_move(2.4, 1.0, 0) == 2
    assert setup.squares_per_move(2.0, 1.0, 1) == 2  # SAM-A12: 1.5 squares rounds up


def _field(speed: float = 2, **ground: object) -> Scene:
    return Scene(
        ("A", [human("Runner", speed=speed, position=[0, 0])]),
        ("B", [human("Far", position=[100, 0])]),
        **ground,
    )


def test_t_sam_18_w6_a_run_is_three_times_speed_a_second_for_at_least_3_s() -> None:
    """T-SAM-18 [W6], rules 30-32, C15: 3v a running second, 18v for two 3 s runs."""
    s = _field()
    runner = s["Runner"]
    assert data.seconds("run") == 3
    s.choices.push(decisions.ACT, kind("run"), kind("run"))
    turn.take_turn(s.table, s.state, runner)
    assert [e.squares for e in s.of(ev.Moved)] == [18, 18]  # 2 squares × 3 × 3 s, twice
    assert runner.position.x == 36  # 18 × speed 2 m in a six-second run
    assert _field(speed=2.5)["Runner"].run_squares == 8  # 7.5 m a second → 8 squares
    runs = [a for a in actions.movements(s.state, runner) if a.kind == "run"]
    assert all(a.seconds >= 3 for a in runs)


def test_t_sam_18_w6_two_runs_in_different_directions() -> None:
    s = Scene(
        ("A", [human("Runner", position=[0, 0])]),
        ("B", [human("East", position=[100, 0]), human("North", position=[18, 100])]),
    )
    r = s["Runner"]
    s.choices.push(decisions.ACT, lambda o: o.kind == "run" and o.goal.name == "East")
    s.choices.push(decisions.ACT, lambda o: o.kind == "run" and o.goal.name == "North")
    turn.take_turn(s.table, s.state, r)
    assert [e.squares for e in s.of(ev.Moved)] == [18, 18]


def test_t_sam_18_w6_c15_no_run_through_difficult_ground() -> None:
    s = _field(conditions={"terrain": [{"x": [0.6, 3], "y": [-2, 2]}]})
    runner = s["Runner"]
    assert not moves.can_run(s.state, runner, s["Far"])
    assert "run" not in [a.kind for a in actions.movements(s.state, runner)]
    t = _field(conditions={"terrain": [{"x": [6.6, 9], "y": [-2, 2]}]})
    moved, _ = moves.advance(t.state, t["Runner"], t["Far"], 18, run=True)
    assert moved == 6  # it stops before the difficult squares


def test_t_sam_19_w7_difficult_and_extreme_terrain_costs() -> None:
    """T-SAM-19 [W7], rules 33-36, SAM-A7: 2 a difficult square, 3 a difficult diagonal,
    extreme ×3; open diagonals alternate 1 and 2."""
    assert space.step_cost(2, False, 0, True) == 2
    assert space.step_cost(2, True, 0, True) == 3
    assert space.step_cost(3, False, 0, True) == 3
    assert [space.step_cost(1, True, k, True) for k in range(4)] == [1, 2, 1, 2]
    assert space.step_cost(1, True, 1, False) == 1  # the Chebyshev option
    s = _field(conditions={"terrain": [{"x": [0.6, 50], "y": [-2, 2]}]})
    moved, cost = moves.advance(s.state, s["Runner"], s["Far"], 2)
    assert (moved, cost) == (1, 2)


def test_t_sam_20_w8_squares_are_the_movers_own() -> None:
    """T-SAM-20 [W8], rule 43: two squares are 2 m for a human, 1 m for a cat."""
    s = Scene(
        (
            "A",
            [human("Man", position=[0, 0]), {"name": "Cat", "template": "cat", "position": [0, 5]}],
        ),
        ("B", [human("Far", position=[100, 0])]),
    )
    for name, metres in (("Man", 2.0), ("Cat", 1.0)):
        f = s[name]
        x = f.position.x
        moves.advance(s.state, f, s["Far"], 2)
        assert f.position.x - x == metres


def test_t_sam_21_w9_scale_by_size_rounds_down() -> None:
    assert [setup.scale_of_size(m) for m in (1.0, 1.5, 1.99, 2.0, 0.7, 8.5)] == [0, 0, 0, 1, -1, 3]


def test_t_sam_22_w12_a_paper_shirt_lowers_nothing() -> None:
    """T-SAM-22 [W12], rule 164: natural armour's +0 floor; sources do not stack."""
    s = Scene(
        ("A", [human("Joe", armour="paper shirt")]),
        ("B", [human("Moe", armour="chain", natural_armour=2)]),
    )
    assert (s["Joe"].toughness, s["Joe"].min_toughness) == (9, 3)
    assert s["Moe"].defence == 3 and s["Moe"].toughness == 12  # the best source only


def test_t_sam_23_w14_the_x_y_notation() -> None:
    """T-SAM-23 [W14], rule 70: Ranged +2 at scale 0; On the Exhale +1/0: d6+3 vs 4, DC 6;
    Shoot from the Hip −1/−1: d6+1 vs 4, DC 5."""
    s = Scene(
        ("A", [human("Shot", skills={"ranged": 4}, weapons=["short bow"], position=[0, 0])]),
        ("B", [human("Mark", position=[5, 0])]),
    )
    shot, mark = s["Shot"], s["Mark"]
    assert attack.attack_bonus(shot, shot.wielded) == 2
    for name, total, dc in (("on the exhale", 4, 6), ("shoot from the hip", 2, 5)):
        sit = attack.situation(s.state, shot, mark, shot.wielded, False, data.modifier(name))
        assert sit is not None
        s.dice.push(1, 1, 1)  # the attack d6, the damage, Mark's dodge
        s.choices.push(decisions.DEFEND, lambda o: o.kind == attack.DODGE)
        mark.defences[attack.DODGE] = 1
        swing = attack.Swing(mark, sit)
        attack.resolve(s.table, s.state, shot, shot.wielded, [swing])
        rolled = s.of(ev.AttackRolled)[-1]
        assert (rolled.total, rolled.target_score) == (total, 4)
        if swing.hit:
            assert s.of(ev.Defended)[-1].dc == dc
    assert attack.dc_base(shot, shot.wielded) + data.modifier("on the exhale")[1] == 6
    assert attack.dc_base(shot, shot.wielded) + data.modifier("shoot from the hip")[1] == 5


def test_t_sam_27_w20_crouching_and_prone_with_and_without_cover() -> None:
    """T-SAM-27 [W20], rules 97-98, SAM-A41."""

    def target(posture: str, cover: str, melee: bool) -> int:
        s = Scene(
            ("A", [human("Hit", weapons=["arming sword", "short bow"], position=[0, 0])]),
            ("B", [human("Duck", position=[1, 0], posture=posture, cover=cover)]),
        )
        hit, duck = s["Hit"], s["Duck"]
        w = hit.weapons[0] if melee else hit.weapons[1]
        sit = attack.situation(s.state, hit, duck, w, False)
        assert sit is not None
        return sit.target

    assert (target("crouched", "none", False), target("crouched", "none", True)) == (5, 3)
    assert (target("prone", "none", False), target("prone", "none", True)) == (6, 2)
    assert (target("crouched", "light", False), target("crouched", "light", True)) == (6, 6)
    assert target("prone", "light", False) == 7
    s = Scene(("A", [human("A")]), ("B", [human("Duck", posture="prone", cover="light")]))
    assert attack.evasion(s["Duck"])  # heavy cover: dodge as with Evasion
    t = Scene(("A", [human("A")]), ("B", [human("Duck", posture="prone", cover="medium")]))
    assert attack.sight(t.state, t["A"], t["Duck"]) == "invisible"  # SAM-A41: total cover


def test_t_sam_28_w21_invisibility_is_relative() -> None:
    """T-SAM-28 [W21], rules 110, 112: Stealth 6 hides from Perception 5, not from 6."""
    s = Scene(
        ("A", [human("Hider", position=[0, 0], cover="light", hiding=True, skills={"stealth": 2})]),
        (
            "B",
            [
                human("Five", position=[1, 0], skills={"perception": 1}),
                human("Six", position=[0, 1], skills={"perception": 1}),
            ],
        ),
    )
    hider = s["Hider"]
    s.dice.push(3, 4, 5)  # Stealth 3 + 2 + light cover 1 = 6; Perception 4 + 1 and 5 + 1
    round.hide(s.table, s.state, hider)
    assert hider.stealth_result == 6 and hider.unseen_by == {s["Five"].id}
    w = s["Five"].wielded
    five = attack.situation(s.state, s["Five"], hider, w, False)
    six = attack.situation(s.state, s["Six"], hider, w, False)
    assert five is not None and six is not None
    assert five.target == six.target + 4 and five.locate and not six.locate
    s.dice.push(4)  # SAM-A43: Perception 5 vs the Stealth result 6: the wrong square
    swing = attack.Swing(hider, five)
    attack.resolve(s.table, s.state, s["Five"], w, [swing])
    assert swing.result.startswith("miss") and not s.of(ev.AttackRolled)


def test_c1_wound_strictly_above_the_minimum_dying_at_toughness() -> None:
    """C1, SAM-A27 (rules 53-54): > Minimum wounds, >= Toughness is dying; `wound_on_equal`."""
    assert harm.effect(3, 9, 3, False) == harm.NO_EFFECT
    assert harm.effect(4, 9, 3, False) == harm.WOUND
    assert harm.effect(3, 9, 3, True) == harm.WOUND
    assert harm.effect(9, 9, 3, False) == harm.DYING


def test_c3_standing_up_from_prone_and_aiming_take_two_seconds() -> None:
    assert data.seconds("stand_from_prone") == 2 and data.seconds("aim") == 2
    assert [a.seconds for a in actions.postures_of("prone")] == [2, 1]


def test_c5_scale_squares_are_powers_of_two() -> None:
    assert [data.scale_table()[s].square for s in (7, 8, 9, 10)] == [128, 256, 512, 1024]


def test_c8_the_defence_dc_ignores_the_attackers_scale() -> None:
    """C8, rule 50: an ogre (scale 1, Weapon Skill +1) attacks at +0 but its DC is 5."""
    s = Scene(("A", [{"name": "Ogre", "template": "ogre"}]), ("B", [human("Man")]))
    ogre = s["Ogre"]
    assert attack.attack_bonus(ogre, ogre.wielded) == 0
    assert attack.dc_base(ogre, ogre.wielded) == 5


def test_c11_four_doublings_at_most() -> None:
    assert space.range_penalty(160, 10) == 4 and space.range_penalty(161, 10) == space.OUT_OF_RANGE


def test_c16_a_single_attack_takes_four_seconds_like_a_combo() -> None:
    assert data.seconds("single_attack") == data.seconds("combo") == 4


def test_rule_55_creatures_add_three_times_scale_to_melee_damage() -> None:
    """Rule 55, SAM-A26, S9: an ogre's club 1d6 + STR 4 + 3; a cat's claws 1d6 + 1 − 3; a
    bow adds neither."""
    s = Scene(
        ("A", [{"name": "Ogre", "template": "ogre"}, {"name": "Cat", "template": "cat"}]),
        ("B", [{"name": "Archer", "template": "human", "weapons": ["short bow"]}]),
    )
    assert s["Ogre"].wielded.damage == "1d6+7"
    assert s["Cat"].wielded.damage == "1d6-2"
    assert s["Archer"].wielded.damage == "1d6"


def test_rule_197_light_bludgeoning_weapons_deal_one_die_smaller() -> None:
    s = Scene(("A", [human("Al", weapons=["aluminium club", "club"])]), ("B", [human("Bo")]))
    assert [w.damage for w in s["Al"].weapons] == ["1d4+3", "1d6+3"]
    assert data.smaller_die("2d8") == "2d6" and data.smaller_die("1d4") == "1d3"


def test_rule_101_cover_adds_to_the_hiders_stealth_result() -> None:
    s = Scene(
        ("A", [human("Hider", cover="medium", hiding=True)]),
        ("B", [human("Eye", skills={"perception": 4})]),
    )
    s.dice.push(3, 6)  # Stealth 3 + 0 + medium cover 2 = 5; Perception 6 + 4 = 10 sees it
    round.hide(s.table, s.state, s["Hider"])
    assert s["Hider"].stealth_result == 5 and not s["Hider"].unseen_by
