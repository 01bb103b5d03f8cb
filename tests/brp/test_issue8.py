"""Issue 8 (BRP): related specialties, shield bash, waking the unconscious, shooters on the
move, the policy and the helpless, ties on a DEX rank after movement."""

from __future__ import annotations

from fractions import Fraction

from fracas.core.combatant import Status
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table
from fracas.rulesets.brp import decisions, round
from fracas.rulesets.brp.actions import Attack
from fracas.rulesets.brp.events import ActionLost, AttackRolled
from fracas.rulesets.brp.policy import BRPPolicy


def test_the_policy_holds_rather_than_strike_the_helpless(scene, sheet):
    """Policy: never waste blows on the helpless while others still fight. The stated
    target fell before the attacker's DEX rank; the only other choice is to hold (F-BRP-7)."""
    s = scene(
        [sheet("A", weapons=["Sword, Broad"], skills={"Sword": 60})],
        [sheet("Fallen", hp=2, position=[1, 0]), sheet("Far", position=[40, 0])],
    )
    fallen = s["Fallen"]
    assert fallen.status is Status.DOWN
    a = s["A"]
    choice = round.retarget(_policy_table(s), s.state, a, a.weapons[0], fallen)
    assert choice is None
    assert "holds the blow" in s.of(ActionLost)[0].reason
    assert not s.of(AttackRolled)


def test_the_policy_scores_striking_the_helpless_below_holding(scene, sheet):
    s = scene(
        [sheet("A", weapons=["Sword, Broad"], skills={"Sword": 60})],
        [sheet("Fallen", hp=2, position=[1, 0]), sheet("Far", position=[40, 0])],
    )
    request = ChoiceRequest(s["A"], decisions.NEW_TARGET, [s["Fallen"], None])
    assert BRPPolicy(s.state).choose(request) == 1


def _policy_table(s):
    """The scene's dice, with the default policy deciding for every side."""
    policy = BRPPolicy(s.state)
    return Table(s.dice, {side.name: policy for side in s.state.sides}, sink=s.events.append)


def test_a_moved_fighter_shares_the_rounded_dex_rank_and_weapon_type_decides(scene, sheet):
    """§5.4, T-BRP-6, F-BRP-12: ½ of DEX 13 is rank 6 (6.5 kept only to break what the seed
    leaves tied): on rank 6 a long spear goes before a knife, whatever the fraction."""
    s = scene(
        [
            sheet("Runner", weapons=["Knife"], characteristics={"DEX": 13}),
            sheet("Spearman", weapons=["Spear, Long"], characteristics={"DEX": 6}),
        ],
        [sheet("Foe")],
    )
    runner, spearman = s["Runner"], s["Spearman"]
    for f in (runner, spearman):
        f.intent = Attack(s["Foe"], f.weapons[0], 0.0)
    runner.rank = round.rank_after_moving(13, 10.0)
    spearman.rank = round.rank_after_moving(6, 0.0)
    assert runner.rank == Fraction(13, 2)
    assert sorted([runner, spearman], key=round.action_key) == [spearman, runner]


def test_the_fraction_breaks_only_what_weapon_type_and_skill_leave_tied(scene, sheet):
    """F-BRP-12: same rounded rank, weapon type and skill: 6.5 before 6, not simultaneous."""
    s = scene(
        [
            sheet("Runner", weapons=["Knife"], skills={"Dagger": 40}, characteristics={"DEX": 13}),
            sheet("Stander", weapons=["Knife"], skills={"Dagger": 40}, characteristics={"DEX": 6}),
        ],
        [sheet("Foe")],
    )
    runner, stander = s["Runner"], s["Stander"]
    for f in (runner, stander):
        f.intent = Attack(s["Foe"], f.weapons[0], 0.0)
    runner.rank, stander.rank = Fraction(13, 2), Fraction(6)
    assert round.action_key(runner) < round.action_key(stander)


def test_an_unlisted_related_specialty_is_used_at_half_its_base(scene, sheet):
    """§5.5: a sword used with the Dagger skill the sheet does not list: Dagger's base 25
    (§5.9), as Difficult → 13 (B-C8 rounds up)."""
    s = scene([sheet("A", weapons=[{"name": "Sword, Short", "use_skill": "Dagger"}])], [sheet("B")])
    sword = s["A"].weapons[0]
    assert (sword.chance, sword.specialty, sword.similar) == (13, "Dagger", True)


def test_an_unlisted_sword_specialty_takes_the_highest_sword_base(scene, sheet):
    """F-BRP-13: Sword's base is 15 (Broad, Short), not the Great Sword's own 05."""
    s = scene([sheet("A", weapons=[{"name": "Dagger", "use_skill": "Sword"}])], [sheet("B")])
    assert s["A"].weapons[0].chance == 8
