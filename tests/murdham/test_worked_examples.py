"""Every worked example of seed 001 and RULINGS.md §2.3 (T-MUR-1 … T-MUR-14), scripted."""

from __future__ import annotations

import json

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.murdham import checks, harm, morale
from fracas.rulesets.murdham.attack import (
    Counter,
    Dodge,
    NoReaction,
    attack,
    max_range,
    roll_damage,
    why_not,
)
from fracas.rulesets.murdham.events import (
    Activated,
    Harmed,
    Killed,
    Missed,
    Passed,
    SaveRolled,
)
from fracas.rulesets.murdham.round import alternate
from fracas.rulesets.murdham.turn import (
    BreakFree,
    DeathBlow,
    Hold,
    SplitStrike,
    _allocations,
    plans,
    take_turn,
)

NO_STUNT = 0  # the first stunt option is "no stunt"


def is_(kind):
    return lambda o: isinstance(o, kind)


def test_t_mur_1_factions_alternate_until_all_pass_in_a_row(scene):
    """Seed "Combat procedure" example: the bandits hold the initiative and go first."""
    s = scene(
        (
            "Players",
            [
                {"name": n, "template": n.lower(), "zone": "a1"}
                for n in ("Balthasar", "Sybilla", "Theobald")
            ],
        ),
        (
            "GM",
            [
                {"name": "Leader", "template": "bandit_leader", "zone": "e5"},
                {"name": "Bandit", "template": "bandit", "zone": "e5", "count": 3},
            ],
        ),
        conditions={"initiative": "GM"},
    )
    s.state.initiative = "GM"
    named = lambda name: lambda o: o is not None and o.name == name  # noqa: E731
    s.choices.push("first faction", lambda o: o == "GM")
    s.choices.push(
        "activate",
        named("Leader"),
        named("Sybilla"),
        named("Bandit 1"),
        lambda o: o is None,
        named("Bandit 2"),
        named("Balthasar"),
        named("Bandit 3"),
        named("Theobald"),
    )
    s.choices.push("turn", *[is_(Hold)] * 8)
    alternate(s.table, s.state, lambda c: True)
    sequence = [
        (type(e).__name__, e.faction, getattr(e, "who", None), getattr(e, "forced", None))
        for e in s.events
        if isinstance(e, (Activated, Passed))
    ]
    assert sequence == [
        ("Activated", "GM", "Leader", None),
        ("Activated", "Players", "Sybilla", None),
        ("Activated", "GM", "Bandit 1", None),
        ("Passed", "Players", None, False),
        ("Activated", "GM", "Bandit 2", None),  # a pass alone does not end the round
        ("Activated", "Players", "Balthasar", None),
        ("Activated", "GM", "Bandit 3", None),
        ("Activated", "Players", "Theobald", None),
        ("Passed", "GM", None, True),  # all bandits have acted: the GM must pass
        ("Passed", "Players", None, True),  # both passed in a row: the round ends
    ]


def test_t_mur_2_a_plain_hit_then_a_death_blow(scene):
    """Balthasar's sword (d6) rolls 4: the bandit goes from 8 to 4, critical damage
    (4 ≥ half of 8) incapacitates; Sybilla, nearby, kills him with a death blow."""
    s = scene(
        (
            "Players",
            [
                {"name": "Balthasar", "template": "balthasar", "zone": "a1"},
                {"name": "Sybilla", "template": "sybilla", "zone": "a1"},
            ],
        ),
        ("GM", [{"name": "Bandit", "template": "bandit", "zone": "a1"}]),
    )
    bandit = s["Bandit"]
    bandit.took_turn = True  # he cannot react: the example shows none
    s.choices.push("stunt", NO_STUNT)
    s.dice.push(4)
    attack(s.table, s.state, s["Balthasar"], bandit, s.weapon("Balthasar", "Sword"))
    assert bandit.health == 4 and bandit.incapacitated
    s.choices.push("turn", is_(DeathBlow))
    take_turn(s.table, s.state, s["Sybilla"])
    assert bandit.status is Status.DEAD
    assert s.of(Killed)[0].who == "Bandit" and s.dice.remaining == 0


def test_t_mur_3_a_ranged_attack_beyond_half_range_needs_a_wit_save(scene):
    """A bow (d6, range 8) at 5 zones: a WIT save, rolled 5, hits."""
    s = scene(
        ("GM", [{"name": "Bandit", "template": "bandit_archer", "zone": "a1"}]),
        ("Players", [{"name": "Balthasar", "template": "balthasar", "zone": "f1"}]),
        grid=(8, 1),
    )
    archer, target = s["Bandit"], s["Balthasar"]
    bow = next(w for w in archer.weapons if w.data.range == 8)
    assert s.state.range(archer, target) == 5
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(NoReaction))
    s.dice.push(5, 3)  # WIT save 5 ≤ 8; d6 = 3
    attack(s.table, s.state, archer, target, bow)
    [save] = s.of(SaveRolled)
    assert (save.ability, save.roll, save.passed) == ("WIT", 5, True)
    assert target.health == target.max_health - 3


def test_t_mur_3_beyond_half_range_while_moving_is_impossible(scene):
    s = scene(
        ("GM", [{"name": "Bandit", "template": "bandit_archer", "zone": "a1"}]),
        ("Players", [{"name": "Balthasar", "template": "balthasar", "zone": "f1"}]),
        grid=(10, 1),
    )
    bow = next(w for w in s["Bandit"].weapons if w.data.range == 8)
    reason = why_not(s.state, s["Bandit"], s["Balthasar"], bow, moving=True)
    assert reason is not None and "half range while moving" in reason


def test_t_mur_4_melee_in_darkness_needs_a_wit_save_and_20_misses(scene):
    s = scene(
        ("Players", [{"name": "Theobald", "template": "theobald", "zone": "a1"}]),
        ("GM", [{"name": "Bandit", "template": "bandit", "zone": "a1"}]),
        map={"dark": ["a1"]},
    )
    s.choices.push("stunt", NO_STUNT)
    s.dice.push(20)
    attack(s.table, s.state, s["Theobald"], s["Bandit"], s.weapon("Theobald", "Sword"))
    assert s.of(Missed)[0].why == "failed WIT save"
    assert s["Bandit"].health == s["Bandit"].max_health


def test_t_mur_5_a_dodge_spends_the_turn(scene):
    """Sybilla's musket; the bandit (AGI 8) has not acted and dodges: 2 ≤ 8, a miss."""
    s = scene(
        ("Players", [{"name": "Sybilla", "template": "sybilla", "zone": "a1"}]),
        ("GM", [{"name": "Bandit", "template": "bandit", "zone": "b1"}]),
    )
    bandit = s["Bandit"]
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(Dodge))
    s.dice.push(2)
    attack(s.table, s.state, s["Sybilla"], bandit, s.weapon("Sybilla", "Musket"))
    assert s.of(Missed)[0].why == "dodged" and bandit.took_turn
    assert s.weapon("Sybilla", "Musket").fired  # a gun: once per fight (M13)


def test_t_mur_6_the_counter_that_lands_first_cancels_the_other(scene):
    """Theobald's spear rolls 4; the leader counters with a d8 battleaxe rolling 5. Theobald's
    shield counts against a counter, so with light armour his armour value is 2: he would take
    3, the leader 4. The larger lands first: 4 of 8 is critical, so Theobald takes nothing."""
    s = scene(
        ("Players", [{"name": "Theobald", "template": "theobald", "zone": "a1"}]),
        (
            "GM",
            [
                {
                    "name": "Leader",
                    "template": "bandit_leader",
                    "weapons": ["Heavy battleaxe"],
                    "zone": "a1",
                }
            ],
        ),
    )
    theobald, leader = s["Theobald"], s["Leader"]
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", lambda o: isinstance(o, Counter) and o.weapon.name == "Heavy battleaxe")
    s.dice.push(4, 5)
    attack(s.table, s.state, theobald, leader, s.weapon("Theobald", "Spear"))
    assert harm.armour_value(theobald, shield_counts=True, cover_counts=True) == 2
    assert leader.health == 4 and leader.incapacitated
    assert theobald.health == theobald.max_health
    assert "never lands" in s.of(Missed)[0].why


def test_t_mur_6_a_tie_lands_both(scene):
    s = scene(
        ("Players", [{"name": "A", "template": "bandit", "zone": "a1"}]),
        ("GM", [{"name": "B", "template": "bandit", "zone": "a1"}]),
    )
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(Counter))
    s.dice.push(2, 2)
    attack(s.table, s.state, s["A"], s["B"], s["A"].weapons[0])
    assert s["A"].health == s["B"].health == 6


def test_t_mur_7_an_accepted_stunt_replaces_damage_and_reactions(scene):
    s = scene(
        ("Players", [{"name": "Balthasar", "template": "balthasar", "zone": "a1"}]),
        ("GM", [{"name": "Bandit", "template": "bandit", "zone": "a1", "health": 3}]),
    )
    bandit = s["Bandit"]
    s.choices.push("stunt", lambda o: o is not None and "disarmed" in o.effect)
    s.choices.push("accept stunt", lambda o: o is True)
    attack(s.table, s.state, s["Balthasar"], bandit, s.weapon("Balthasar", "Sword"))
    assert bandit.incapacitated and bandit.health == 3
    assert not [w for w in bandit.weapons if w.name != "Unarmed"]
    assert s.dice.remaining == 0 and not bandit.took_turn  # no roll, no reaction


def test_t_mur_8_a_grapple_countered_then_the_grabbed_can_only_break_free(scene):
    """The bandit counters Theobald's grapple with an axe: 1 damage, nothing through Theobald's
    armour value 2; the non-lethal grapple resolves last: the bandit fails his STR save and is
    grabbed. Next, Theobald stabs him with a dagger (he cannot react). On his turn he can only
    try to break free; he succeeds, and his turn is spent."""
    s = scene(
        ("Players", [{"name": "Theobald", "template": "theobald", "zone": "a1"}]),
        ("GM", [{"name": "Bandit", "template": "bandit", "weapons": ["Axe"], "zone": "a1"}]),
    )
    theobald, bandit = s["Theobald"], s["Bandit"]
    unarmed = s.weapon("Theobald", "Unarmed")
    s.choices.push("react", lambda o: isinstance(o, Counter) and o.weapon.name == "Axe")
    s.dice.push(1, 15)  # the axe's d6 = 1; the bandit's STR save 15 > 8 fails
    attack(s.table, s.state, theobald, bandit, unarmed, kind="grapple")
    assert theobald.health == theobald.max_health
    assert bandit.grabbed_by is theobald and theobald.grabbing is bandit
    s.choices.push("stunt", NO_STUNT)
    s.dice.push(3)
    attack(s.table, s.state, theobald, bandit, s.weapon("Theobald", "Dagger"))
    assert bandit.health == 5 and theobald.grabbing is bandit  # a one-handed weapon keeps hold
    assert plans(s.state, bandit) == [BreakFree()]
    s.choices.push("turn", is_(BreakFree))
    s.dice.push(4)
    take_turn(s.table, s.state, bandit)
    assert bandit.grabbed_by is None and bandit.took_turn


def test_t_mur_9_size_doubles_dice_halves_damage_and_scales_range(scene):
    s = scene(
        (
            "Party",
            [
                {"name": "Man", "template": "bandit", "weapons": ["Sword", "Bow"], "zone": "a1"},
                {"name": "Child", "template": "bandit", "size": "small", "zone": "a1"},
            ],
        ),
        ("Beast", [{"name": "Wyrm", "template": "wyrm", "zone": "a1"}]),
    )
    man, child, wyrm = s["Man"], s["Child"], s["Wyrm"]
    bite = s.weapon("Wyrm", "Bite, talons & tail")
    breath = s.weapon("Wyrm", "Fire breath")
    s.dice.push(3, 5)
    assert roll_damage(s.table, wyrm, man, bite) == 8  # 2d8 against the medium
    s.dice.push(1, 2, 3, 4)
    assert roll_damage(s.table, wyrm, child, bite) == 10  # 4d8 against the small
    s.dice.push(4)
    assert roll_damage(s.table, wyrm, child, breath) == 4  # blasts ignore size
    s.dice.push(3)
    assert roll_damage(s.table, man, wyrm, s.weapon("Man", "Sword")) == 2  # 3 halved, up
    bow = s.weapon("Man", "Bow")
    assert max_range(man, wyrm, bow) == 16 and max_range(wyrm, man, bow) == 4
    assert harm.armour_value(wyrm, shield_counts=False, cover_counts=False) == 2
    assert why_not(s.state, man, wyrm, s.weapon("Man", "Unarmed"), kind="grapple")
    splits = {
        tuple((t.name, n) for t, n in p.shares)
        for p in plans(s.state, wyrm)
        if isinstance(p, SplitStrike) and p.weapon is bite
    }
    assert (("Man", 1), ("Child", 2)) in splits  # a medium and a small: d8 and 2d8
    assert sorted(_allocations(4, [1, 1, 1])) == [(1, 1, 2), (1, 2, 1), (2, 1, 1)]
    assert _allocations(2, [1, 1]) == [(1, 1)]  # two medium: d8 each


def test_t_mur_9_smaller_targets_cannot_resist_a_larger_grabber(scene):
    s = scene(
        ("Party", [{"name": "Man", "template": "bandit", "zone": "a1"}]),
        ("Beast", [{"name": "Wyrm", "template": "wyrm", "zone": "a1"}]),
    )
    s.choices.push("react", is_(NoReaction))
    attack(s.table, s.state, s["Wyrm"], s["Man"], s.weapon("Wyrm", "Unarmed"), kind="grapple")
    assert s["Man"].grabbed_by is s["Wyrm"] and not s.of(SaveRolled)  # no STR save at all


@pytest.mark.parametrize(
    ("die", "faces", "net", "total"),
    [(6, [6, 6, 3], 0, 13), (6, [4, 6, 3], 1, 8), (8, [3, 7], -1, 3), (8, [], -2, 0)],
)
def test_t_mur_10_exploding_impaired_and_enhanced_damage(scene, die, faces, net, total):
    """M9/M11: d6 6,6,3 → 13; enhanced d6 4 and 6→(5+3) → 8; impaired d8 3 and 7 → 3;
    impaired twice → no damage."""
    s = scene(
        ("A", [{"name": "A", "template": "bandit", "zone": "a1"}]),
        ("B", [{"name": "B", "template": "bandit", "zone": "a1"}]),
    )
    s.dice.push(*faces)
    assert checks.damage_roll(s.table, s["A"], die, 1, net, "test")[0] == total
    assert s.dice.remaining == 0


@pytest.mark.parametrize(
    ("health", "damage", "critical", "dead"),
    [
        (9, 4, False, False),
        (9, 5, True, False),
        (4, 2, True, False),
        (4, 9, True, True),
        (9, 9, True, True),
    ],
)
def test_t_mur_11_critical_damage_and_instant_death(scene, health, damage, critical, dead):
    s = scene(
        ("A", [{"name": "A", "template": "bandit", "STR": 9, "zone": "a1", "health": health}]),
        ("B", [{"name": "B", "template": "bandit", "zone": "a1"}]),
    )
    a = s["A"]
    harm.harm(s.table, s.state, a, damage)
    assert a.incapacitated == critical
    assert (a.status is Status.DEAD) == dead


def test_t_mur_11_losing_all_health_is_a_mortal_wound(scene):
    """M6: dying, dead at the end of the next round."""
    from fracas.rulesets.murdham.round import end_of_round

    s = scene(
        ("A", [{"name": "A", "template": "bandit", "zone": "a1", "health": 3}]),
        ("B", [{"name": "B", "template": "bandit", "zone": "a1"}]),
    )
    a = s["A"]
    harm.harm(s.table, s.state, a, 5)
    assert a.health == 0 and a.dying_until == 2 and a.status is Status.DOWN
    end_of_round(s.table, s.state, {"A": 0, "B": 1})
    assert a.status is Status.DOWN
    s.state.round = 2
    end_of_round(s.table, s.state, {"A": 0, "B": 1})
    assert a.status is Status.DEAD


def test_t_mur_12_morale_of_a_group_reduced_to_half(scene):
    s = scene(
        ("Players", [{"name": "P", "template": "theobald", "zone": "a1"}]),
        ("GM", [{"name": "Bandit", "template": "bandit", "zone": "e5", "count": 4}]),
    )
    b1, b2, b3, b4 = (s[f"Bandit {i}"] for i in range(1, 5))
    harm.kill(s.table, s.state, b1, "test")
    harm.kill(s.table, s.state, b2, "test")
    b3.WIT, b4.WIT = 12, 5
    s.dice.push(9)  # one group WIT save: 9 passes for WIT 12, fails for WIT 5
    s.choices.push("morale", lambda o: o == morale.SURRENDER)
    morale.morale(s.table, s.state, {"GM": 4, "Players": 1})
    assert b3.morale_immune and b3.status is Status.ACTIVE
    assert b4.status is Status.SURRENDERED
    morale.morale(s.table, s.state, {"GM": 1, "Players": 1})  # no new losses: no check
    assert s.dice.remaining == 0


def test_t_mur_12_a_lone_character_checks_at_half_health(scene):
    s = scene(
        ("Players", [{"name": "P", "template": "theobald", "zone": "a1"}]),
        ("GM", [{"name": "Troll", "template": "bandit", "STR": 12, "zone": "e5"}]),
    )
    troll = s["Troll"]
    troll.health_at_round_start = 12
    troll.health = 6
    s.dice.push(19)
    s.choices.push("morale", lambda o: o == morale.RETREAT)
    morale.morale(s.table, s.state, {"GM": 1, "Players": 1})
    assert troll.status is Status.FLED


def test_t_mur_12_immune_to_fear_is_immune_to_morale(scene):
    s = scene(
        ("Players", [{"name": "P", "template": "theobald", "zone": "a1"}]),
        ("GM", [{"name": "Skel", "template": "skeletal_warrior", "zone": "e5", "count": 2}]),
    )
    harm.kill(s.table, s.state, s["Skel 1"], "test")
    morale.morale(s.table, s.state, {"GM": 2, "Players": 1})
    assert s.dice.remaining == 0 and s["Skel 2"].status is Status.ACTIVE


def test_t_mur_13_gear_degradation(scene):
    """A damaged weapon breaks on a 1; damaged shields, then armour, break under 8+ damage
    before armour; improvised weapons count as damaged; durability rolls after the fight."""
    from fracas.rulesets.murdham.aftermath import degrade_gear

    s = scene(
        (
            "A",
            [
                {
                    "name": "A",
                    "template": "theobald",
                    "zone": "a1",
                    "weapons": ["Sword", "Improvised hand weapon"],
                    "damaged": ["Sword", "Shield", "Light armour"],
                }
            ],
        ),
        ("B", [{"name": "B", "template": "bandit", "STR": 19, "zone": "a1"}]),
    )
    a, b = s["A"], s["B"]
    assert s.weapon("A", "Improvised hand weapon").damaged
    s.dice.push(1)
    roll_damage(s.table, a, b, s.weapon("A", "Sword"))
    assert s.weapon("A", "Sword").destroyed
    harm.harm(s.table, s.state, a, 8, shield_counts=True)
    assert a.shield.destroyed and not a.armour.destroyed  # the shield first
    harm.harm(s.table, s.state, a, 9, shield_counts=True)
    assert a.armour.destroyed
    s.weapon("A", "Improvised hand weapon").used = True
    s.dice.push(1)
    degrade_gear(s.table, s.state)
    assert s.weapon("A", "Improvised hand weapon").destroyed  # already damaged, then a 1


def test_t_mur_14_mounts_and_riders(scene):
    """Riders' attacks are impaired; a mount at full speed leaves its rider unable to act;
    falling off a moving mount: d4 direct damage."""
    from fracas.rulesets.murdham.attack import net_damage_steps
    from fracas.rulesets.murdham.round import activate
    from fracas.rulesets.murdham.turn import Advance, Mount, fall

    s = scene(
        (
            "Riders",
            [
                {"name": "Horse", "template": "horse", "zone": "a1"},
                {"name": "Rider", "template": "theobald", "zone": "a1", "rides": "Horse"},
                {"name": "Walker", "template": "bandit", "zone": "a1"},
                {"name": "Pony", "template": "horse", "zone": "a1"},
            ],
        ),
        ("Foes", [{"name": "Foe", "template": "bandit", "zone": "e5"}]),
    )
    rider, horse = s["Rider"], s["Horse"]
    assert rider.riding is horse
    assert net_damage_steps(rider, s.weapon("Rider", "Spear"), False) == -1
    s.choices.push("turn", is_(Advance))
    activate(s.table, s.state, horse)
    assert rider.riding_locked and not rider.took_turn
    assert any(isinstance(p, Mount) for p in plans(s.state, s["Walker"]))
    before = rider.health
    s.dice.push(3)
    fall(s.table, s.state, rider)
    assert rider.riding is None and rider.health == before - 3
    assert s.of(Harmed)[-1].direct


def test_concealed_ambushers_play_a_bonus_round_hidden_from_the_players():
    """Seed "Sneaking in combat": only the concealed act in the bonus round; their targets
    cannot react; their moves reach the game master only."""
    import fracas
    from fracas.core.audience import PLAYERS
    from fracas.narration.render import json_lines
    from fracas.rulesets.murdham.events import BonusRound, Moved, Reacted, Revealed

    enc = fracas.load("examples/murdham/bandit_ambush.yaml")
    for seed in range(12):
        battle = fracas.Battle(enc, seed=seed)
        battle.run()
        events = battle.events
        start = next(i for i, e in enumerate(events) if isinstance(e, BonusRound))
        end = next(i for i, e in enumerate(events) if type(e).__name__ == "RoundEnded")
        bonus = events[start:end]
        acted = {e.who for e in bonus if isinstance(e, Activated)}
        assert acted <= {"Hidden bandit 1", "Hidden bandit 2"}
        assert not [e for e in bonus if isinstance(e, Reacted)]  # taken by surprise
        hidden_moves = [e for e in bonus if isinstance(e, Moved)]
        assert all(e.audience == "side:Bandits" for e in hidden_moves)
        player_view = [json.loads(line) for line in json_lines(events, PLAYERS)]
        assert not [d for d in player_view if d["audience"] != "all"]
        assert not [
            d
            for d in player_view
            if d["type"] in ("Moved", "TurnPlan")
            and d["round"] == 1
            and d.get("who", "").startswith("Hidden")
        ]
        attackers = {e.attacker for e in bonus if type(e).__name__ == "AttackDeclared"}
        assert attackers <= {e.who for e in bonus if isinstance(e, Revealed)}
    assert any(e.audience != "all" for e in events)


def test_movement_splits_around_the_attack_and_leaving_invites_opportunity_attacks(scene):
    """Seed "Taking a turn" (movement before and after actions) and "Opportunity attacks": an
    archer shoots the bandit beside her and draws back a zone; the bandit, who has not acted,
    strikes as she leaves."""
    from fracas.rulesets.murdham.attack import NoReaction
    from fracas.rulesets.murdham.events import Moved, Reacted
    from fracas.rulesets.murdham.turn import Strike

    s = scene(
        ("Players", [{"name": "Archer", "template": "bandit_archer", "zone": "b1"}]),
        ("GM", [{"name": "Bandit", "template": "bandit", "zone": "b1"}]),
        grid=(4, 1),
    )
    archer, bandit = s["Archer"], s["Bandit"]
    s.choices.push(
        "turn", lambda o: isinstance(o, Strike) and o.withdraw == 1 and o.weapon.data.ranged
    )
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(NoReaction))
    s.choices.push("opportunity attack", lambda o: o is not None)
    s.choices.push("stunt", NO_STUNT)
    # Shooting then drawing back is attacking while moving (F-MUR-8): a WIT save, 3, passes;
    # the bow's d6 = 2; the bandit's axe d6 = 1.
    s.dice.push(3, 2, 1)
    take_turn(s.table, s.state, archer)
    assert bandit.health == bandit.max_health - 2
    assert [e.who for e in s.of(Reacted)] == ["Bandit"] and bandit.took_turn
    assert archer.health == archer.max_health - 1
    assert [e.to for e in s.of(Moved)] in (["a1"], ["c1"])  # she still draws back after it
