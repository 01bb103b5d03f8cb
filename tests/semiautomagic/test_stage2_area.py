"""Stage 2: area attacks (rules 71-80; SAM-A20, A21, A22, A23, A25; T-SAM-24, T-SAM-25,
T-SAM-26)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import actions, area, data, decisions, turn
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import events_geometry as geo
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.setup import wield

from .conftest import Scene, human

THROWER = {"skills": {"ranged": 2, "reflex": 2}, "weapons": ["grenade", "arming sword"]}


def _scene(*foes: dict[str, Any], friends: tuple[dict[str, Any], ...] = (), **kw: Any) -> Scene:
    ada = human("Ada", position=[0, 0], **THROWER)
    return Scene(("A", [ada, *friends]), ("B", list(foes)), **kw)


def _square(name: str) -> Any:
    return lambda p: p.label == name


def _none(s: Scene, n: int) -> None:
    s.choices.push(decisions.DEFEND, *([0] * n))


def test_t_sam_24_area_target_is_4_for_a_scale_0_attacker() -> None:
    s = _scene(human("Bo", position=[5, 0]))
    ada = s["Ada"]
    assert area.area_target(ada) == 4
    s.choices.push(area.AIM, _square("Bo"))
    _none(s, 1)
    s.dice.push(3, 4, 4)  # 3 + 1 (Ranged Skill 2) = 4 >= 4: a hit; damage 2d6 = 8 (no STR)
    area.strike(s.table, s.state, ada, ada.wielded, ())
    rolled = s.of(geo.AreaRolled)[0]
    assert rolled.target_score == 4 and rolled.total == 4 and rolled.hit
    assert s["Bo"].wounds == 1  # 8 > 3
    assert s.dice.remaining == 0


def test_t_sam_24_the_target_is_the_attackers_scale_not_the_targets() -> None:
    ogre = {"name": "Og", "template": "ogre", "skills": {"ranged": 2}, "weapons": ["grenade"]}
    s = Scene(("A", [{**ogre, "position": [0, 0]}]), ("B", [human("Cat", position=[6, 0])]))
    og = s["Og"]
    assert area.area_target(og) == 3  # scale 1: Target 3 whatever it aims at
    s.choices.push(area.AIM, _square("Cat"))
    _none(s, 1)
    s.dice.push(3, 1, 1)  # 3 + 1 - 1 (scale) = 3 >= 3
    area.strike(s.table, s.state, og, og.wielded, ())
    assert s.of(geo.AreaRolled)[0].hit


def test_rule_73_friend_and_foe_even_partly_in_the_area_one_damage_roll() -> None:
    s = _scene(
        human("Bo", position=[5, 0]),
        human("Cy", position=[6.4, 0]),  # its footprint 5.9-6.9 reaches into 4-6
        human("Di", position=[7, 0]),  # 6.5-7.5: outside
        friends=(human("Al", position=[4, 1.2]),),  # 0.7-1.7 reaches into -1..1
    )
    ada = s["Ada"]
    s.choices.push(area.AIM, _square("Bo"))
    _none(s, 3)
    s.dice.push(6, 2, 3)  # hit; one damage roll: 5
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert set(s.of(geo.Caught)[0].who) == {"Al", "Bo", "Cy"}
    struck = s.of(ev.Struck)
    assert sorted(e.target for e in struck) == ["Al", "Bo", "Cy"]
    assert {e.damage for e in struck} == {5}  # rule 76: compared with every Toughness
    assert s["Di"].wounds == 0 and s["Al"].wounds == 1
    assert s.dice.remaining == 0
    assert ada.wielded.data.name == "arming sword"  # the grenade is gone (rule 64)


def test_sam_a21_a_miss_scatters_1d6_squares_by_the_d8() -> None:
    s = _scene(human("Bo", position=[5, 0]), human("Di", position=[7, 0]))
    ada = s["Ada"]
    s.choices.push(area.AIM, _square("Bo"))
    _none(s, 1)
    s.dice.push(2, 3, 2, 6, 6)  # 2 + 1 < 4: a miss; d8 3 = east; 1d6 = 2 squares; damage 12
    area.strike(s.table, s.state, ada, ada.wielded, ())
    rolled = s.of(geo.AreaRolled)[0]
    assert not rolled.hit and "2 square(s) east" in rolled.landed
    assert s.of(geo.Caught)[0].who == ("Di",)  # the sphere lands on (7, 0)
    assert s["Bo"].wounds == 0 and s["Di"].dying


def test_sam_a21_k_doublings_scatter_k_plus_1_d6_in_the_larger_scales_squares() -> None:
    ogre = {"name": "Og", "template": "ogre", "skills": {"ranged": 2}, "weapons": ["grenade"]}
    s = Scene(("A", [{**ogre, "position": [0, 0]}]), ("B", [human("Bo", position=[15, 0])]))
    og = s["Og"]
    s.choices.push(area.AIM, _square("Bo"))
    # 15 m at increment 10 is one doubling (-1): 1 + 1 - 1 - 1 = 0 < 3; d8 5 = south;
    # (1 + 1)d6 = 1 + 2 = 3 squares of the ogre's scale (2 m): 6 m south; nobody there, so
    # no damage roll (rule 76, issue 31).
    s.dice.push(1, 5, 1, 2)
    area.strike(s.table, s.state, og, og.wielded, ())
    rolled = s.of(geo.AreaRolled)[0]
    assert rolled.landed.startswith("(15, -6)") and "3 square(s) south" in rolled.landed
    assert s.of(geo.Caught)[0].who == ()
    assert s.dice.remaining == 0


def _with(name: str, **changes: Any) -> Any:
    return replace(data.weapons()[name], **changes)


def _extent(poly: list[tuple[float, float]]) -> tuple[float, float]:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return max(xs) - min(xs), max(ys) - min(ys)


def test_t_sam_25_spheres_of_scale_0_1_2_are_1_2_4_squares_and_scale_4_is_16_m() -> None:
    s = _scene(human("Bo", position=[5, 0]))
    ada = s["Ada"]
    for scale, metres in ((0, 1), (1, 2), (2, 4), (4, 16)):
        w = wield(ada, _with("grenade", area_scale=scale))
        assert _extent(area.shape(ada, w, 5, 0)) == (metres, metres)  # SAM-A20: not 8 m
    # On a scale-0 grid (squares centred on whole metres), laid on the grid's own lines as
    # the illustration is: 1, 2 x 2 and 4 x 4 squares.
    for scale, across in ((0, 1), (1, 2), (2, 4)):
        w = wield(ada, _with("grenade", area_scale=scale))
        poly = area.shape(ada, w, 0, 0, grid=True)
        inside = {
            (x, y)
            for x in range(-6, 7)
            for y in range(-6, 7)
            if min(p[0] for p in poly) <= x - 0.5 and x + 0.5 <= max(p[0] for p in poly)
            and min(p[1] for p in poly) <= y - 0.5 and y + 0.5 <= max(p[1] for p in poly)
        }  # fmt: skip
        assert len(inside) == across * across


def test_sam_a22_a_centred_sphere_catches_whoever_it_overlaps() -> None:
    # scale 1 sphere centred on Bo's square (5, 0): 4-6 x -1-1
    s = _scene(
        human("Bo", position=[5, 0]), human("Cy", position=[6, 1]), human("Di", position=[6.5, 0])
    )
    ada = s["Ada"]
    poly = area.shape(ada, ada.wielded, 5, 0)
    assert [f.name for f in area.caught(s.state, poly)] == ["Bo", "Cy"]  # Di only touches


def test_option_sphere_on_grid_lays_the_sphere_on_its_scales_grid() -> None:
    s = _scene(
        human("Bo", position=[5, 0]),
        human("Cy", position=[4, 0]),
        human("Di", position=[6, 0]),
        options={"sphere_on_grid": True},
    )
    ada = s["Ada"]
    s.choices.push(area.AIM, _square("Bo"))
    _none(s, 2)
    s.dice.push(6, 1, 1)
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert s.of(geo.Caught)[0].who == ("Bo", "Cy")  # the 2 m square 3.5-5.5 x -0.5-1.5


def test_sam_a22_a_line_starts_at_the_attackers_edge_and_points_at_the_square() -> None:
    s = _scene(
        human("Bo", position=[3, 0]), human("Cy", position=[8, 0]), human("Di", position=[3, 2])
    )
    ada = s["Ada"]
    line = wield(ada, data.weapons()["line bolt"])  # scale 2: 2 m wide, 8 m long
    poly = area.shape(ada, line, 3, 0)
    assert _extent(poly) == (8, 2)
    assert min(p[0] for p in poly) == 0.5  # from the footprint's edge
    assert [f.name for f in area.caught(s.state, poly)] == ["Bo", "Cy"]  # Di beside it


def test_c14_lines_of_scale_0_1_2_are_half_a_square_wide_and_two_long() -> None:
    """C14 (RULINGS.md): the illustration's "scale 0, 1, and 1 lines" are scales 0, 1 and 2:
    rule 79's line is half a square of its scale wide and two long (1, 2 and 4 m squares)."""
    s = _scene(human("Bo", position=[9, 0]))
    ada = s["Ada"]
    bolt = data.weapons()["line bolt"]
    for scale, (long, wide) in ((0, (2, 0.5)), (1, (4, 1)), (2, (8, 2))):
        w = wield(ada, replace(bolt, area_scale=scale))
        assert _extent(area.shape(ada, w, 9, 0)) == (long, wide)


def test_sam_a22_a_cone_is_one_square_long_and_one_wide_at_its_end() -> None:
    s = _scene(human("Bo", position=[2, 0]), human("Cy", position=[1, 1.2]))
    ada = s["Ada"]
    cone = wield(ada, data.weapons()["cone bolt"])  # scale 1: 2 m long, 2 m wide at the end
    poly = area.shape(ada, cone, 2, 0)
    assert poly[0] == (0.5, 0.0) and _extent(poly) == (2, 2)
    # Cy's footprint (0.5-1.5 x 0.7-1.7) is inside the cone's box but beyond its slant
    assert [f.name for f in area.caught(s.state, poly)] == ["Bo"]


def test_t_sam_26_a_dodge_without_evasion_takes_3_off() -> None:
    s = _scene(human("Bo", position=[5, 0]))
    ada, bo = s["Ada"], s["Bo"]
    dodges = bo.defences["dodge"]
    s.choices.push(area.AIM, _square("Bo"))
    s.choices.push(decisions.DEFEND, lambda o: o.kind == "dodge")
    s.dice.push(6, 4, 4, 5)  # hit; damage 8; dodge 5 + 1 >= DC 5 (4 + Ranged bonus 1)
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert "damage −3" in s.of(geo.AreaDefended)[0].result
    assert s.of(ev.Struck)[0].damage == 5  # 8 - 3
    assert bo.defences["dodge"] == dodges - 1  # one dodge roll of the round used


def test_t_sam_26_with_evasion_a_dodge_negates() -> None:
    s = _scene(human("Bo", position=[5, 0], techniques=["evasion"]))
    ada, bo = s["Ada"], s["Bo"]
    s.choices.push(area.AIM, _square("Bo"))
    s.choices.push(decisions.DEFEND, lambda o: o.kind == "dodge")
    s.dice.push(6, 6, 6, 5)
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert s.of(geo.AreaDefended)[0].result.startswith("negated")
    assert not s.of(ev.Struck) and bo.wounds == 0


def test_sam_a23_heavy_cover_dodges_as_evasion_a_shield_blocks_no_parry() -> None:
    s = _scene(
        human("Bo", position=[5, 0], cover="heavy"),
        human("Cy", position=[5, 0], shield=True, skills={"shield": 2, "weapon": 2}),
    )
    ada = s["Ada"]
    offered: list[list[str]] = []
    _seat(s, "B", _Recording(s.choices, offered))
    s.choices.push(area.AIM, _square("Bo"))
    s.choices.push(decisions.DEFEND, lambda o: o.kind == "dodge", lambda o: o.kind == "block")
    s.dice.push(6, 6, 6, 5, 5)  # hit; 12 damage; Bo dodges 5 + 1 >= 5; Cy blocks 5 + 1 >= 5
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert offered == [["no defence", "dodge"], ["no defence", "dodge", "block"]]  # no parry
    assert [e.result.startswith("negated") for e in s.of(geo.AreaDefended)] == [True, True]
    assert s["Bo"].wounds == 0 and s["Cy"].wounds == 0


def _seat(s: Scene, side: str, controller: Any) -> None:
    seats = {x.name: s.choices for x in s.state.sides}
    seats[side] = controller
    s.table = Table(s.dice, seats, sink=s.events.append)


class _Recording:
    def __init__(self, inner: Any, seen: list[list[str]]) -> None:
        self.inner, self.seen = inner, seen

    def choose(self, request: Any) -> int:
        if request.decision == decisions.DEFEND:
            self.seen.append([o.kind for o in request.options])
        result: int = self.inner.choose(request)
        return result


def test_sam_a23_the_flat_footed_get_no_defence() -> None:
    s = _scene(human("Bo", position=[5, 0]))
    ada, bo = s["Ada"], s["Bo"]
    bo.flat_footed = True
    s.choices.push(area.AIM, _square("Bo"))
    s.dice.push(6, 2, 2)
    offered: list[list[str]] = []
    _seat(s, "B", _Recording(s.choices, offered))
    area.strike(s.table, s.state, ada, ada.wielded, ())
    assert offered == []  # a question of one option is not asked: no defence
    assert not s.of(geo.AreaDefended) and bo.wounds == 1


def test_sam_a25_area_attacks_in_a_combo_apply_together() -> None:
    combo = {"combos": [["attack", "attack"]], "techniques": ["extra attack"],
             "skills": {"ranged": 2, "reflex": 2, "combat_expertise": 1},
             "weapons": ["flame-thrower"]}  # fmt: skip
    s = Scene(
        ("A", [human("Ada", position=[0, 0], **combo)]), ("B", [human("Bo", position=[3, 0])])
    )
    ada, bo = s["Ada"], s["Bo"]
    offered = {(a.kind, a.combo) for a in actions.strikes(s.state, ada)}
    assert ("area", ("attack", "attack")) in offered and ("area", ()) in offered
    s.choices.push(area.AIM, _square("Bo"), _square("Bo"))
    _none(s, 2)
    # both attack dice, then both damage rolls (rule 90): 9 and 6 against 9/3 from before
    s.dice.push(6, 6, 5, 4, 3, 3)
    area.strike(s.table, s.state, ada, ada.wielded, ("attack", "attack"))
    assert [e.toughness for e in s.of(ev.Struck)] == [9, 9]
    assert bo.dying and bo.active is False and bo.status.value != "dead"  # not killed
    assert bo.wounds == 2
    assert ada.wielded.data.name == "flame-thrower"  # not thrown: still in hand


def test_policy_throws_where_it_catches_more_foes_than_friends() -> None:
    s = _scene(human("Bo", position=[5, 0]), human("Cy", position=[5, 1]))
    ada = s["Ada"]
    _seat(s, "A", SamPolicy(s.state))
    s.choices.push(decisions.DEFEND, 0, 0)
    s.dice.push(6, 1, 1)
    turn.take_turn(s.table, s.state, ada)
    spent = [e.action for e in s.of(ev.Spent)]
    assert spent[0].startswith("area attack with grenade")
    assert set(s.of(geo.Caught)[0].who) == {"Bo", "Cy"}


def test_policy_keeps_the_grenade_when_a_friend_would_be_caught_as_much() -> None:
    """Bo has a friend of Ada's on each side: every square whose area catches him (his own or
    an empty one, issue 31) catches one of them too."""
    around = ([5, 1], [5, -1], [4, 0], [6, 0])
    ring = tuple(human(f"F{i}", position=p) for i, p in enumerate(around))
    s = _scene(human("Bo", position=[5, 0]), friends=ring)
    ada = s["Ada"]
    policy = SamPolicy(s.state)
    w = ada.wielded
    acts = [a for a in actions.legal(s.state, ada) if a.kind == "area"]
    assert acts and policy._action(ada, acts[0]) < 0
    assert area.points(s.state, ada, w)  # in range all the same


def test_f_sam_61_an_unseen_foes_square_is_not_offered() -> None:
    s = _scene(human("Bo", position=[5, 0]), human("Cy", position=[5, 3], invisible=True))
    ada = s["Ada"]
    offered = area.points(s.state, ada, ada.wielded)
    assert [p.label for p in offered if p.who] == ["Bo"]  # and empty squares (issue 31)
    assert all(p.who != s["Cy"].id and (p.x, p.y) != (5, 3) for p in offered)


def test_option_scatter_dice_increments_reads_1d6_per_increment_out() -> None:
    for option, dice in (("doublings", 3), ("increments", 4)):
        s = _scene(human("Bo", position=[35, 0]), options={"scatter_dice": option})
        ada = s["Ada"]
        s.choices.push(area.AIM, _square("Bo"))
        # 35 m at increment 10: two doublings (k = 2, -2): a miss; a d8; then (k + 1)d6 = 3d6,
        # or one d6 per increment out (35 / 10 -> 4); each face 6: far off, nobody caught: no
        # damage roll (rule 76, issue 31)
        s.dice.push(1, 1, *([6] * dice))
        area.strike(s.table, s.state, ada, ada.wielded, ())
        assert f"{6 * dice} square(s) north" in s.of(geo.AreaRolled)[0].landed
        assert s.dice.remaining == 0
