"""Issue 8 (BRP): related specialties, shield bash, waking the unconscious, shooters on the
move, the policy and the helpless, ties on a DEX rank after movement."""

from __future__ import annotations

from fractions import Fraction

from fracas.core.combatant import Status
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table
from fracas.rulesets.brp import combat, decisions, round
from fracas.rulesets.brp.actions import Attack, Awaken, Defend, intents
from fracas.rulesets.brp.events import (
    ActionLost,
    Acts,
    AttackRolled,
    Awakened,
    Damaged,
    ItemDamaged,
    Moved,
)
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
    runner.rank, stander.rank = 13 / 2, 6.0
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


def _sleeper_scene(scene, sheet, foe_at=200):
    return scene(
        [sheet("Waker"), sheet("Sleeper", hp=2, position=[3, 0])],
        [sheet("Foe", weapons=["Sword, Broad"], position=[foe_at, 0])],
    )


def test_an_unconscious_ally_can_be_woken_but_not_a_dying_one(scene, sheet):
    """§5.12: unconscious "until awakened by another character"; the dying are not asleep."""
    s = _sleeper_scene(scene, sheet)
    sleeper = s["Sleeper"]
    [wake] = [o for o in intents(s.state, s["Waker"]) if isinstance(o, Awaken)]
    assert (wake.patient, str(wake)) == (sleeper, "wake Sleeper (moving 1.0 m)")
    sleeper.hp = 0
    assert not any(isinstance(o, Awaken) for o in intents(s.state, s["Waker"]))


def test_waking_happens_at_the_wakers_dex_rank(scene, sheet):
    """F-BRP-14: the waker moves to the sleeper and wakes them at its DEX rank, no roll;
    they fight again from the next round."""
    s = _sleeper_scene(scene, sheet)
    waker = s["Waker"]
    s.choices.push(_index(intents(s.state, waker), Awaken))
    s.choices.push(_index(intents(s.state, s["Foe"]), Defend))
    round.play_round(s.table, s.state)
    [woke] = s.of(Awakened)
    assert (woke.who, woke.by, woke.hp) == ("Sleeper", "Waker", 2)
    assert s["Sleeper"].status is Status.ACTIVE
    assert [e.who for e in s.of(Acts)] == ["Waker"]
    assert s.dice.remaining == 0


def test_the_policy_wakes_an_ally_when_no_enemy_is_at_hand(scene, sheet):
    s = _sleeper_scene(scene, sheet)
    options = intents(s.state, s["Waker"])
    request = ChoiceRequest(s["Waker"], decisions.INTENT, options)
    assert isinstance(options[BRPPolicy(s.state).choose(request)], Awaken)


def test_the_policy_leaves_an_ally_asleep_within_an_enemys_reach(scene, sheet):
    s = _sleeper_scene(scene, sheet, foe_at=20)
    options = intents(s.state, s["Waker"])
    request = ChoiceRequest(s["Waker"], decisions.INTENT, options)
    assert not isinstance(options[BRPPolicy(s.state).choose(request)], Awaken)


def _index(options, kind):
    return next(i for i, o in enumerate(options) if isinstance(o, kind))


def _basher_scene(scene, sheet):
    return scene(
        [
            sheet(
                "Basher",
                shield="Heater",
                skills={"Shield": 50},
                characteristics={"STR": 15},
            )
        ],
        [sheet("Foe", weapons=["Sword, Broad"], skills={"Sword": 60}, position=[1, 0])],
    )


def test_a_shield_can_be_used_as_a_weapon(scene, sheet):
    """§5.11 Shields Table: a Heater bashes with the Shield skill for 1D3+db."""
    s = _basher_scene(scene, sheet)
    basher, foe = s["Basher"], s["Foe"]
    [bash] = [
        o
        for o in intents(s.state, basher)
        if isinstance(o, Attack) and o.weapon is basher.shield.bash
    ]
    assert (str(bash), bash.weapon.chance) == ("attack Foe with Heater shield", 50)
    s.dice.push(30)  # 30 ≤ 50: success (special ≤ 10)
    s.choices.push(len(combat.defences(s.state, foe, bash.weapon)) - 1)  # take it
    s.dice.push(2, 3)  # 1D3 = 2, db 1D4 = 3 (STR 15 + SIZ 12 = 27)
    combat.resolve_attack(s.table, s.state, basher, foe, bash.weapon)
    [hit] = s.of(Damaged)
    assert (hit.damage, foe.hp) == (5, foe.hp_max - 5)


def test_a_parried_shield_bash_damages_the_shield_itself(scene, sheet):
    """§5.8: success against a special parry in melee: the attacker's weapon, here the
    shield, takes 1 point; it is the same item that parries (F-BRP-15)."""
    s = _basher_scene(scene, sheet)
    basher, foe = s["Basher"], s["Foe"]
    s.dice.push(30)  # success
    s.choices.push(0)  # parry with the sword
    s.dice.push(1)  # special parry
    combat.resolve_attack(s.table, s.state, basher, foe, basher.shield.bash)
    [dented] = s.of(ItemDamaged)
    assert (dented.owner, dented.item, dented.points) == ("Basher", "Heater shield", 1)
    assert basher.shield.hp == 11 and basher.shield.bash.hp == 11
    parry = next(
        o for o in combat.defences(s.state, basher, foe.weapons[0]) if isinstance(o, combat.Parry)
    )
    assert parry.item is basher.shield


def _archer_scene(scene, sheet, weapon="Bow, Long", skill="Bow", at=110):
    return scene(
        [sheet("Archer", weapons=[weapon], skills={skill: 60})],
        [sheet("Foe", position=[at, 0])],
    )


def test_a_shooter_may_close_to_a_nearer_range_band(scene, sheet):
    """§5.3 with §5.9: at 110 m a long bow (90 m) shoots at ½ from here, or moves 20 m and
    shoots at full chance."""
    s = _archer_scene(scene, sheet)
    shots = [o for o in intents(s.state, s["Archer"]) if isinstance(o, Attack)]
    assert [(o.move, o.within) for o in shots] == [(0.0, None), (20.0, 90)]
    assert str(shots[1]) == "attack Foe with Bow, Long (moving 20.0 m)"


def test_a_shooter_out_of_range_may_move_into_it(scene, sheet):
    """§5.9: a pistol (20 m) has no chance beyond 60 m; at 70 m, 10 m of movement brings the
    target within three times the range."""
    s = _archer_scene(scene, sheet, weapon="Pistol", skill="Pistol", at=70)
    shots = [o for o in intents(s.state, s["Archer"]) if isinstance(o, Attack)]
    assert [(o.move, o.within) for o in shots] == [(10.0, 60)]


def test_a_moving_shooter_fires_at_a_quarter_of_its_dex_rank(scene, sheet):
    """§5.3: 20 m of movement, then the shot at ¼ DEX rank (12 → 3), at the full chance."""
    s = _archer_scene(scene, sheet)
    archer = s["Archer"]
    options = intents(s.state, archer)
    s.choices.push(next(i for i, o in enumerate(options) if isinstance(o, Attack) and o.move))
    s.choices.push(_index(intents(s.state, s["Foe"]), Defend))
    s.dice.push(99)  # a miss
    round.play_round(s.table, s.state)
    [moved] = s.of(Moved)
    assert (moved.who, moved.metres, moved.rank) == ("Archer", 20.0, 3.0)
    [shot] = s.of(AttackRolled)
    assert (shot.chance, shot.modifiers) == (60, ())
    assert [e.rank for e in s.of(Acts)] == [3]


def test_the_policy_weighs_the_chance_from_where_the_shooter_will_be(scene, sheet):
    """A stand-still shot at ½ (30%) against a 20 m walk for 60% at ¼ rank: the walk."""
    s = _archer_scene(scene, sheet)
    options = intents(s.state, s["Archer"])
    request = ChoiceRequest(s["Archer"], decisions.INTENT, options)
    chosen = options[BRPPolicy(s.state).choose(request)]
    assert isinstance(chosen, Attack) and chosen.within == 90
