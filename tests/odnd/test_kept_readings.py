"""What the rounds and the policy keep rather than work out again (issue 35) is read again
when what it was read from changes: the initiative slots (`round.slots`), a weapon's `ranged`
(set at load), the pin's odds (`grapple_policy.pin_chance`), the policy's hit chances of a
declaration (`OdndPolicy._hit`)."""

from __future__ import annotations

import builtins
import copy
import itertools
from fractions import Fraction

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.odnd import (
    data,
    grapple_policy,
    manoeuvre_policy,
    manoeuvres,
    round,
    state,
    strikes,
    worth,
)
from fracas.rulesets.odnd.data import WeaponData
from fracas.rulesets.odnd.policy import OdndPolicy
from fracas.rulesets.odnd.state import ACTION_CODES, Plan, kept_plan, let_go

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


def _duelists() -> Scene:
    """Fighters of every manoeuvre, and a monster of three attacks that hits nearly always
    (its victims in plate would make `denied` smaller: here it is near its bound)."""
    return Scene(
        ("Party", [pc("Ann", level=9, ac=9), pc("Bo", weapons=["polearm"], ac=9),
                   pc("Cy", weapons=["whip"], ac=2, mounted=True)]),
        ("Foes", [{"name": "Brute", "kind": "monster", "hd": 9, "ac": 5, "attacks": 3,
                   "weapons": ["claws"], "hp": 40},
                  {"name": "Rider", "kind": "monster", "hd": 2, "ac": 9, "mounted": True,
                   "weapons": ["sword"], "hp": 3}]),
    )  # fmt: skip


def test_the_most_denied_is_at_least_what_is_denied() -> None:
    """`manoeuvre_policy.most_denied`, the bound that refuses a manoeuvre before its foe's
    hit chance is read, is never below `denied` (else a manoeuvre that pays is refused)."""
    s = _duelists()
    fighters = s.state.fighters()
    for me in fighters:
        for target in fighters:
            if target.side == me.side:
                continue
            for kind in manoeuvres.KINDS:
                bound = manoeuvre_policy.most_denied(me, target, kind)
                assert manoeuvre_policy.denied(me, target, kind) <= bound, (me.name, kind)
    brute, ann = s["Brute"], s["Ann"]  # a dismount denies more than a round's swings
    assert manoeuvre_policy.denied(ann, brute, "dismount") > 3 * brute.primary.mean_damage


def test_a_manoeuvre_refused_by_the_bound_would_not_pay() -> None:
    """Every manoeuvre the bound refuses is refused by the full reckoning too (its rounded
    products compared as `manoeuvre_worth` compares them): the declarations choose what
    they chose. In a duel of equals the bound refuses the disarm."""
    s = _duelists()
    fighters = s.state.fighters()
    refused = 0
    for me in fighters:
        for target in fighters:
            if target.side == me.side:
                continue
            hit = worth.hit_chance(me, target)
            harm = worth.harm_at(me, target, hit)
            for kind in manoeuvres.KINDS:
                if hit * manoeuvre_policy.most_denied(me, target, kind) <= harm:
                    refused += 1
                    assert hit * manoeuvre_policy.denied(me, target, kind) <= harm
    assert refused
    duel = Scene(("A", [pc("Ann", level=3)]), ("B", [pc("Bo", level=3)]))
    ann, bo = duel["Ann"], duel["Bo"]
    hit = worth.hit_chance(ann, bo)
    assert hit * manoeuvre_policy.most_denied(ann, bo, "disarm") <= worth.harm_at(ann, bo, hit)


def test_the_plans_on_a_target_are_kept_and_let_go() -> None:
    """`state.kept_plan`: one plan an action and target for the battle, the same the rounds
    list every declaration (`round.options`); a finished battle lets them go (a cycle)."""
    s = Scene(("A", [pc("Ann")]), ("B", [pc("Bo")]))
    ann, bo = s["Ann"], s["Bo"]
    first = round.options(s.state, ann)
    again = round.options(s.state, ann)
    assert [(p.action, p.target) for p in first] == [(p.action, p.target) for p in again]
    assert [(p.action, p.target) for p in first[:3]] == [
        ("attack", bo), ("grapple", bo), ("disarm", bo)]  # fmt: skip
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert kept_plan(bo, "attack") is first[0] and kept_plan(ann, "attack") is not first[0]
    assert kept_plan(bo, "grapple") is first[1] is bo.grapple_plan  # (a field of its own)
    assert kept_plan(bo, "disarm") is first[2] and bo.plans_against == [first[2]]
    assert not first[0].sweep and first[0].spell == ""
    assert [p.code for p in first] == [ACTION_CODES[p.action] for p in first]  # (given, kept)
    let_go(s.state)
    assert bo.plans_against == [] and bo.attack_plan is None and bo.grapple_plan is None
    assert round.options(s.state, ann)[0] is not first[0]


def test_a_copy_of_the_state_copies_the_kept_plans() -> None:
    """The exact odds copy a state (`core.immutable`): a kept plan names the copied target."""
    s = Scene(("A", [pc("Ann")]), ("B", [pc("Bo")]))
    round.options(s.state, s["Ann"])
    copied = copy.deepcopy(s.state)
    bo = next(f for f in copied.fighters() if f.name == "Bo")
    assert bo is not s["Bo"] and bo.plans_against
    assert all(p.target is bo for p in bo.plans_against)
    assert bo.attack_plan is not None and bo.attack_plan.target is bo
    assert bo.grapple_plan is not None and bo.grapple_plan.target is bo
    assert [p.action for p in bo.plans_against] == [p.action for p in s["Bo"].plans_against]


def test_the_manoeuvres_open_to_a_weapon() -> None:
    """`manoeuvres.open_to`, in `KINDS`' order: a one-handed melee weapon disarms (rule 93), a
    polearm dismounts (91), the whip entangles (40), a unit tries none."""
    s = _duelists()
    assert manoeuvres.open_to(s["Ann"]) == ("disarm",)
    assert manoeuvres.open_to(s["Bo"]) == ("dismount",)
    assert manoeuvres.open_to(s["Cy"]) == ("whip",)
    assert manoeuvres.open_to(s["Brute"]) == ()  # claws
    for w in data.weapons().values():
        s["Ann"].weapons[0].data = w
        one = w.hands == 1 and not w.ranged and not w.unarmed and not w.natural
        expected = [k for k, on in (("disarm", one and not w.whip), ("dismount", w.polearm),
                                    ("whip", w.whip)) if on]  # fmt: skip
        assert list(manoeuvres.open_to(s["Ann"])) == expected, w.name


def test_surely_hurts_only_when_it_can() -> None:
    """`worth.surely_hurts` answers for `cannot_hurt_any` only when that is surely False."""
    s = Scene(("A", [pc("Ann")]), ("B", [pc("Bo"), pc("Wight", needs="silver")]))
    ann, bo = s["Ann"], s["Bo"]
    assert worth.surely_hurts(s.state, ann) and not worth.cannot_hurt_any(s.state, ann)
    bo.status = Status.DEAD  # the first able foe needs silver: ask in full
    assert not worth.surely_hurts(s.state, ann) and worth.cannot_hurt_any(s.state, ann)
    ann.status = Status.DOWN
    assert not worth.surely_hurts(s.state, ann)


def test_the_plan_codes_name_the_actions() -> None:
    """`Plan.code`, what the policy and `round.adopt` compare: one code an action, the
    ranges they read the same actions as the rounds' word lists."""
    codes = state.ACTION_CODES
    assert len(set(codes.values())) == len(codes) and 0 not in codes.values()
    for action, code in codes.items():
        assert Plan(None, False, action).code == code
    assert Plan(None, False, "dance").code == 0  # an action unknown matches no branch

    def between(low: int, high: int) -> set[str]:
        return {a for a, c in codes.items() if low <= c <= high}

    assert between(state.GRAPPLE, state.WHIP) == set(round.SPECIAL)
    assert between(state.ATTACK, state.WHIP) == set(round.ATTACKING)
    assert between(state.GRAPPLE, state.STRUGGLE) == {*round.SPECIAL, "struggle"}
    assert between(state.ATTACK, state.CHARGE) == {"attack", "sweep", "charge"}


def test_the_modifiers_lists_are_their_own_once_written() -> None:
    """`strikes.Mods` starts with shared empty lists and writes only to lists of its own."""
    m, other = strikes.Mods(), strikes.Mods()
    m.times(2)
    m.times(3)
    m.add(1, "flank", observed=True)
    m.say("prone")
    assert m.multipliers == [2, 3] and m.why == ["+1 flank", "prone"]
    assert other.multipliers == [] and other.why == []
    assert strikes.NO_MULTIPLIERS == [] and strikes.NO_WORDS == []
