"""Issue 34: the default SemiAutoMagic policy in small situations, one state each, asserting
the choice it makes (seed 000, `checklists/semiautomagic.md`)."""

from __future__ import annotations

from fractions import Fraction

from fracas.rulesets.semiautomagic import actions, attack, withdraw_policy, withdrawal
from fracas.rulesets.semiautomagic.actions import WITHDRAW_RUN, Action
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.state import Fighter

from .conftest import Scene, human

GAS = {"poison": "tear gas", "x": [4, 8], "y": [-2, 2]}


def best(s: Scene, me: Fighter) -> Action:
    """The action the policy picks among everything legal now."""
    policy = SamPolicy(s.state)
    policy._near = policy._nearest(me)
    options = actions.legal(s.state, me)
    policy._options = options
    return max(options, key=lambda o: policy._action(me, o))


def test_a_melee_fighter_walks_into_gas_toward_a_shooter() -> None:
    """Rule 204 (issue 34): between Ann and an archer stands a cloud; waiting outside only
    gets her shot, so she walks in (before, she waited to the round cap)."""
    s = Scene(("A", [human("Ann", position=[0, 0])]),
              ("B", [human("Bo", position=[14, 0], weapons=["short bow"])]),
              conditions={"gas": [GAS]})  # fmt: skip
    assert best(s, s["Ann"]).kind in ("move", "run")


def test_a_melee_fighter_waits_outside_gas_for_a_foe_who_will_come() -> None:
    """Issue 31 kept: a swordsman beyond the cloud, free to walk round or through it, is let
    come; Ann does not walk into the gas toward him."""
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[10, 0])]),
              conditions={"gas": [GAS]})  # fmt: skip
    assert best(s, s["Ann"]).kind not in ("move", "run")


def test_two_melee_fighters_either_side_of_a_cloud_do_not_wait_for_each_other() -> None:
    """Issue 34: Ann and Bo each outside the same cloud, each blocked by it: neither delays
    for a foe who will not come; Ann walks in."""
    s = Scene(("A", [human("Ann", position=[3, 0])]), ("B", [human("Bo", position=[9, 0])]),
              conditions={"gas": [GAS]})  # fmt: skip
    choice = best(s, s["Ann"])
    assert choice.kind in ("move", "run")


def test_out_of_the_gas_before_striking() -> None:
    """Rule 204 (issue 34): in the cloud with a foe in reach, Ann steps out first (1 s) rather
    than trade blows in the gas, which checks every round with a rising DC."""
    s = Scene(("A", [human("Ann", position=[7, 0])]), ("B", [human("Bo", position=[8, 0])]),
              conditions={"gas": [GAS]})  # fmt: skip
    assert actions.targets(s.state, s["Ann"], s["Ann"].wielded)
    assert best(s, s["Ann"]).kind == "escape"


def test_the_bow_is_drawn_back_once_no_enemy_is_in_reach() -> None:
    """Rule 25 (issue 34): Odo drew his dagger against a bat; the bat is gone and the spider
    stands 12 m off: he draws the bow again rather than walk at it with a dagger."""
    s = Scene(("A", [human("Odo", position=[0, 0], weapons=["dagger", "short bow"])]),
              ("B", [human("Bo", position=[12, 0])]))  # fmt: skip
    odo = s["Odo"]
    assert odo.wielded.data.name == "dagger"
    choice = best(s, odo)
    assert choice.kind == "draw" and choice.weapon is not None
    assert choice.weapon.data.name == "short bow"


def test_a_dagger_stays_in_hand_with_an_enemy_in_reach() -> None:
    s = Scene(("A", [human("Odo", position=[0, 0], weapons=["dagger", "short bow"])]),
              ("B", [human("Bo", position=[1, 0])]))  # fmt: skip
    assert best(s, s["Odo"]).kind in ("single", "combo", "called")


def test_a_shooter_who_needs_a_six_runs_a_band_closer() -> None:
    """Rules 62-63 (issue 34): Bram, in the open, sees Ada prone behind a low wall 52 m off
    (heavy cover, range -1 even aimed): only a six hits; a nearer band would lower the
    penalty, so he runs in rather than trade misses to the round cap."""
    s = Scene(("A", [human("Bram", template="crossbowman", position=[52, 0])]),
              ("B", [human("Ada", template="crossbowman", position=[0, 0], cover="light",
                           cover_toward=[1, 0], posture="prone")]))  # fmt: skip
    bram, ada = s["Bram"], s["Ada"]
    sit = attack.situation(s.state, bram, ada, bram.wielded, True)
    assert sit is not None
    assert sit.target - attack.attack_bonus(bram, bram.wielded) - sit.x == 6  # a six only
    assert best(s, bram).kind == "run"


def test_a_shooter_who_hits_on_a_five_shoots_from_where_he_is() -> None:
    s = Scene(("A", [human("Bram", template="crossbowman", position=[52, 0])]),
              ("B", [human("Ada", template="crossbowman", position=[0, 0])]))  # fmt: skip
    assert best(s, s["Bram"]).kind in ("aim", "single", "called")


def test_no_blow_at_a_foe_it_cannot_hit_while_another_is_there() -> None:
    """Rules 37-40, 98 (issue 34): a horse's hooves cannot hit the crossbowman behind heavy
    cover (a six is short); the spearman beside him in the open is struck instead, though the
    crossbowman, wounded, has less Toughness left."""
    s = Scene(("A", [human("Grane", template="warhorse", position=[0, 0])]),
              ("B", [human("Cy", template="crossbowman", position=[2, 0.5], cover="light",
                           cover_toward=[-1, 0], posture="prone"),
                     human("Sam", position=[2, -1.5], weapons=["spear"])]))  # fmt: skip
    grane, cy, sam = s["Grane"], s["Cy"], s["Sam"]
    assert {t.name for t in actions.targets(s.state, grane, grane.wielded)} == {"Cy", "Sam"}
    cy.toughness = sam.toughness - 3  # wounded: the lowest Toughness left, were it hittable
    policy = SamPolicy(s.state)
    assert not policy._can_hit_with(grane, grane.wielded, cy)
    assert policy._victim(grane, sam) > policy._victim(grane, cy)


def wound(f: Fighter, n: int) -> None:
    """`n` wounds taken (rule 165: each lowers Toughness and its Minimum by one)."""
    f.wounds += n
    f.toughness -= n
    f.min_toughness -= n


def warhorse_at_the_wall(*allies: dict[str, object]) -> Scene:
    """A riderless warhorse beside a crossbowman prone behind a low wall facing it (heavy
    cover: its hooves need a 7), who holds a dagger that cannot wound it (1d4+3 against
    Minimum Toughness 7)."""
    return Scene(("A", [human("Grane", template="warhorse", position=[0, 0]), *allies]),
                 ("B", [human("Cy", template="crossbowman", position=[2, 0.5], cover="light",
                              cover_toward=[-1, 0], posture="prone",
                              weapons=["dagger", "heavy crossbow"])]))  # fmt: skip


def test_two_fighters_who_cannot_hurt_each_other_end_it_by_withdrawing() -> None:
    """F-SAM-121 (issue 34): neither can wound the other: the horse, alone on its side,
    runs off rather than kick at the wall to the round cap (horse_charge)."""
    s = warhorse_at_the_wall()
    grane = s["Grane"]
    assert withdraw_policy.reckoning(s.state, grane) == (0, True)
    assert withdraw_policy.blows_taken(s.state, grane) == 0
    assert best(s, grane).kind == WITHDRAW_RUN


def test_it_stays_while_an_ally_can_hurt_the_enemy() -> None:
    """F-SAM-121: Sam, on the wall's open side with a spear, can wound Cy: the horse stays
    (an archer whose arrows cannot wound the ogre stays while her friends can)."""
    s = warhorse_at_the_wall(human("Sam", position=[3.5, 0.5], weapons=["spear"]))
    assert withdraw_policy.may_hurt(s.state, s["Sam"])
    assert best(s, s["Grane"]).kind not in withdrawal.KINDS


def test_a_wounded_shooter_losing_three_wounds_for_one_withdraws() -> None:
    """F-SAM-121 (issue 34): Bram in the open, Ada prone behind her wall 20 m off: by the
    exact odds her bolt deals him 4/15 of a wound, his deals her 1/15, four times less.
    Unhurt, he shoots on; wounded, he goes (crossbow_duel)."""
    s = Scene(("A", [human("Bram", template="crossbowman", position=[20, 0])]),
              ("B", [human("Ada", template="crossbowman", position=[0, 0], cover="light",
                           cover_toward=[1, 0], posture="prone")]))  # fmt: skip
    bram = s["Bram"]
    dealt, _ = withdraw_policy.reckoning(s.state, bram)
    taken = withdraw_policy.blows_taken(s.state, bram)
    assert (dealt, taken) == (Fraction(1, 15), Fraction(4, 15))
    assert 0 < withdraw_policy.LOSING * dealt <= taken
    assert best(s, bram).kind not in withdrawal.KINDS
    wound(bram, 1)
    assert best(s, bram).kind == WITHDRAW_RUN


def test_a_staggered_fighter_struck_with_no_blow_of_its_own_withdraws() -> None:
    """Rule 186 (issue 34): blinded and staggered by tear gas, Odo's dagger cannot find the
    bat beside him (+4 Target, invisible) while it claws at him: he goes (spider_lair)."""
    bat = human("Bat", scale=-1, speed=1, STR=1, DEX=4, END=2, skills={"weapon": 2},
                weapons=["claws"], position=[0.75, 0])  # fmt: skip
    s = Scene(("A", [human("Odo", position=[0, 0], weapons=["dagger"])]), ("B", [bat]))
    odo = s["Odo"]
    assert withdraw_policy.reckoning(s.state, odo) == (Fraction(1, 4), True)  # seeing it
    assert best(s, odo).kind not in withdrawal.KINDS
    odo.staggered, odo.symptoms = 3, {"blinded"}
    odo.blind_rounds = 3
    dealt, _ = withdraw_policy.reckoning(s.state, odo)
    taken = withdraw_policy.blows_taken(s.state, odo)
    assert dealt == 0 and taken is not None and taken > 0
    assert best(s, odo).kind in withdrawal.KINDS


def test_nobody_walks_after_a_withdrawing_enemy() -> None:
    """Issue 34: an enemy going away is let go (the fight ends when it is gone), not chased
    to the round cap; with nobody else to go to, Ann ends her turn."""
    s = Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[6, 0])]))
    s.state.round = 2
    s["Bo"].withdrew = 2
    assert best(s, s["Ann"]).kind == "end"
