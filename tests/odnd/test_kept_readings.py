"""What the rounds and the policy keep rather than work out again (issue 35) is read again
when what it was read from changes: the initiative slots (`round.slots`), a weapon's `ranged`
(set at load), the pin's odds (`grapple_policy.pin_chance`), the policy's hit chances of a
declaration (`OdndPolicy._hit`)."""

from __future__ import annotations

import builtins
import itertools
from fractions import Fraction

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.odnd import data, grapple_policy, round, worth
from fracas.rulesets.odnd.data import WeaponData
from fracas.rulesets.odnd.policy import OdndPolicy

from .conftest import Scene, pc


def test_a_weapon_is_ranged_unless_melee() -> None:
    for w in data.weapons().values():
        assert w.ranged == (w.kind != "melee"), w.name
    assert any(w.ranged for w in data.weapons().values())
    with pytest.raises(ValueError):
        WeaponData(name="odd", damage="1d6", size="M", reach=5, kind="melee", ranged=True)
    with pytest.raises(ValueError):
        WeaponData(name="odd", damage="1d6", size="M", reach=0, kind="bow")


def test_the_slots_follow_the_standing_of_the_groups() -> None:
    """Rule 121: a group with no able member has no slot; one that stands again has."""
    s = Scene(("A", [pc("Ann")]), ("B", [pc("Bo")]), ("C", [pc("Cy")]))
    s.dice.push(3, 5, 4)
    round.roll_initiative(s.table, s.state, True)
    assert round.slots(s.state) == [(5, ["Bo"]), (4, ["Cy"]), (3, ["Ann"])]
    assert round.slots(s.state) is round.slots(s.state)  # kept
    s["Bo"].status = Status.DEAD
    assert round.slots(s.state) == [(4, ["Cy"]), (3, ["Ann"])]
    s["Bo"].status = Status.ACTIVE
    assert round.slots(s.state) == [(5, ["Bo"]), (4, ["Cy"]), (3, ["Ann"])]
    s.dice.push(1, 2, 6)
    round.roll_initiative(s.table, s.state, True)  # rolled again (ODD-U30)
    assert round.slots(s.state) == [(6, ["Cy"]), (2, ["Bo"]), (1, ["Ann"])]


def test_initiative_is_rolled_for_a_group_that_had_nobody_able() -> None:
    """A group with no able member rolls no die; it rolls once one stands (rule 121)."""
    s = Scene(("A", [pc("Ann")]), ("B", [pc("Bo")]))
    s["Bo"].status = Status.DOWN
    s.dice.push(3)
    round.roll_initiative(s.table, s.state, False)
    assert s.state.initiative == {"Ann": 3} and not s.state.all_rolled
    s["Bo"].status = Status.ACTIVE
    s.dice.push(5)
    round.roll_initiative(s.table, s.state, False)
    assert s.state.initiative == {"Ann": 3, "Bo": 5} and s.state.all_rolled
    round.roll_initiative(s.table, s.state, False)  # nothing left to roll (no die pushed)
    assert s.state.initiative == {"Ann": 3, "Bo": 5}


@pytest.mark.parametrize(("ours", "theirs"), [(1, 1), (2, 1), (1, 3), (3, 2)])
def test_the_pin_chance_is_the_dice_odds(ours: int, theirs: int) -> None:
    """Rule 105: the grapplers' d6s beat the target's, counted face by face."""
    wins = total = 0
    for faces in itertools.product(range(1, 7), repeat=ours + theirs):
        total += 1
        wins += sum(faces[:ours]) > sum(faces[ours:])
    exact = Fraction(wins, total)
    assert grapple_policy.pin_chance(ours, theirs) == pytest.approx(float(exact), abs=1e-12)
    assert grapple_policy.pin_chance(ours, theirs) == grapple_policy.pin_chance(ours, theirs)


@pytest.mark.parametrize("x", [0.0, 0.25, 0.5, 1.5, 2.5, 3.5, 0.49999999999999994, 2.675, 7.5])
def test_half_even_is_round(x: float) -> None:
    """The pin's dice count (`pin_odds`): the builtin's rounding, ties to the even integer."""
    assert grapple_policy.half_even(x) == builtins.round(x)  # (`round`: the rounds' module)
    steps = [k / 8 for k in range(80)] + [k / 10 for k in range(100)]
    assert [grapple_policy.half_even(v) for v in steps] == [builtins.round(v) for v in steps]


def test_the_hit_chances_kept_belong_to_their_declaration() -> None:
    """A declaration's hit chances are its declarer's, read afresh at the next declaration
    (another declarer, or the target's state changed: a pinned foe is always hit, ODD-U44)."""
    s = Scene(("Party", [pc("Ann", level=1), pc("Bo", level=12)]), ("Orcs", [{"name": "Orc",
              "template": "orc", "hp": 30}]))  # fmt: skip
    ann, bo, orc = s["Ann"], s["Bo"], s["Orc"]
    policy = OdndPolicy(s.state)
    assert worth.hit_chance(ann, orc) != worth.hit_chance(bo, orc)
    for me in (ann, bo, ann):
        policy._declare(me, round.options(s.state, me))
        assert orc in policy._kept_targets[: policy._kept]
        assert policy._hit(me, orc) == worth.hit_chance(me, orc)
    orc.grapple = "pinned"
    policy._declare(ann, round.options(s.state, ann))
    assert policy._hit(ann, orc) == worth.hit_chance(ann, orc) == 1.0


def test_the_pins_kept_are_the_pins_worked_out() -> None:
    """The kept rows (`pin_chance`) hold each pair's own odds, whatever order they are read
    in; a negative count of dice is refused, not read from the end of a row."""
    for ours, theirs in ((3, 4), (3, 1), (1, 2), (5, 0), (3, 4)):
        assert grapple_policy.pin_chance(ours, theirs) == grapple_policy._pin_chance(ours, theirs)
    with pytest.raises(ValueError):
        grapple_policy.pin_chance(2, -1)
