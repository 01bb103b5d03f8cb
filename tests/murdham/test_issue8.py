"""Issue 8: rules that govern every attack govern counters too; gear wear; exploding dice
everywhere; free dodges against blasts; shields that strike; the readings of the seed."""

from __future__ import annotations

from fracas.rulesets.murdham.attack import attack
from fracas.rulesets.murdham.turn import fall

NO_STUNT = 0


def is_(kind):
    return lambda o: isinstance(o, kind)


# ----------------------------------------------------------------------------- M9: all dice


def test_a_fall_a_larger_shovers_d4_and_hazards_explode(scene):
    """M9: every damage die explodes: a fall's d4 4, 2 is 5; a larger shover's d4 4, 1 is 4;
    a hazard's 1d6 6, 2 is 7."""
    from fracas.rulesets.murdham.attack import NoReaction

    s = scene(
        (
            "A",
            [
                {"name": "Rider", "template": "bandit", "STR": 19, "zone": "a1"},
                {"name": "Troll", "template": "troll", "zone": "b1"},
            ],
        ),
        ("B", [{"name": "Victim", "template": "bandit", "STR": 19, "zone": "b1"}]),
        grid=(3, 1),
        map={"hazards": {"c1": "1d6"}},
    )
    rider = s["Rider"]
    s.dice.push(4, 2)
    fall(s.table, s.state, rider)
    assert rider.health == 19 - 5
    victim = s["Victim"]
    s.choices.push("react", is_(NoReaction))
    s.dice.push(4, 1, 6, 2)  # no STR save against a larger shover; d4 4+1; hazard 6+2
    attack(s.table, s.state, s["Troll"], victim, s.weapon("Troll", "Unarmed"), kind="shove")
    assert victim.zone == "c1"
    assert victim.health == 19 - 4 - 7


# ----------------------------------------------------------------------------- counters


def test_a_counter_at_an_unseen_attacker_needs_the_wit_save(scene):
    """Seed "Attacking" and "Counter": a counter is an attack, so in complete darkness it needs
    the WIT save to hit; a WIT-1 counterer misses and the attack lands alone."""
    from fracas.rulesets.murdham.attack import Counter
    from fracas.rulesets.murdham.events import Missed, SaveRolled

    s = scene(
        ("A", [{"name": "Attacker", "template": "bandit", "zone": "a1"}]),
        ("B", [{"name": "Blind", "template": "bandit", "WIT": 1, "zone": "a1"}]),
        map={"dark": ["a1"]},
    )
    attacker, blind = s["Attacker"], s["Blind"]
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(Counter))
    s.dice.push(1, 5, 3)  # the attacker's WIT save passes, the counter's fails; d6 = 3
    attack(s.table, s.state, attacker, blind, s.weapon("Attacker", "Axe"))
    saves = [(e.who, e.passed) for e in s.of(SaveRolled)]
    assert saves == [("Attacker", True), ("Blind", False)]
    assert s.of(Missed)[-1].attacker == "Blind"
    assert attacker.health == attacker.max_health and blind.health == blind.max_health - 3


def test_a_gun_that_counters_is_fired_and_used(scene):
    """M13: a reload weapon fires once per combat, a counter included; the counter's weapon is
    used, so it takes its durability roll after the fight (seed "Combat gear degradation")."""
    from fracas.rulesets.murdham.attack import Counter, reactions

    s = scene(
        ("A", [{"name": "Bandit", "template": "bandit", "zone": "a1"}]),
        ("B", [{"name": "Sybilla", "template": "sybilla", "STR": 19, "zone": "a1"}]),
    )
    bandit, sybilla = s["Bandit"], s["Sybilla"]
    musket = s.weapon("Sybilla", "Musket")
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", lambda o: isinstance(o, Counter) and o.weapon is musket)
    s.dice.push(1, 1)
    attack(s.table, s.state, bandit, sybilla, s.weapon("Bandit", "Axe"))
    assert musket.used and musket.fired
    sybilla.took_turn = False  # a new round
    options = reactions(s.state, bandit, sybilla)
    assert not any(isinstance(o, Counter) and o.weapon is musket for o in options)


def test_a_non_lethal_counter_leaves_a_blow_that_needed_a_wit_save_unpierced(scene):
    """M24: a piercing strike does not pierce when the blow needed a WIT save, even when a
    non-lethal counter lets it land first (attack.countered_non_lethal)."""
    from fracas.rulesets.murdham.attack import Counter

    s = scene(
        (
            "A",
            [
                {
                    "name": "Piercer",
                    "template": "bandit",
                    "skills": ["piercing strike"],
                    "zone": "a1",
                }
            ],
        ),
        ("B", [{"name": "Theobald", "template": "theobald", "STR": 19, "zone": "a1"}]),
        map={"dark": ["a1"]},
    )
    theobald = s["Theobald"]
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", lambda o: isinstance(o, Counter) and o.kind == "grapple")
    s.dice.push(1, 1, 5, 20)  # both WIT saves pass; the axe rolls 5; the STR save fails
    attack(s.table, s.state, s["Piercer"], theobald, s.weapon("Piercer", "Axe"))
    assert theobald.health == 19 - 3  # armour value 2 (light armour and shield) still counts


# ----------------------------------------------------------------------------- gear


def test_a_shield_that_counted_is_used_and_takes_its_durability_roll(scene):
    """Seed "Combat gear degradation" and M10: the shield counted against a counter, so it was
    used: after the fight its durability roll (a 1) damages it."""
    from fracas.rulesets.murdham.aftermath import degrade_gear
    from fracas.rulesets.murdham.attack import Counter

    s = scene(
        ("A", [{"name": "Theobald", "template": "theobald", "STR": 19, "zone": "a1"}]),
        ("B", [{"name": "Bandit", "template": "bandit", "STR": 19, "zone": "a1"}]),
    )
    theobald = s["Theobald"]
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(Counter))
    s.dice.push(2, 3)  # the spear rolls 2, the axe 3 (1 through armour value 2)
    attack(s.table, s.state, theobald, s["Bandit"], s.weapon("Theobald", "Spear"))
    assert theobald.shield.used
    s.dice.push(4, 4, 1, 4)  # Theobald's spear, armour, shield; the bandit's axe
    degrade_gear(s.table, s.state)
    assert theobald.shield.damaged


# ----------------------------------------------------------------------------- free dodges


def test_a_free_dodge_against_a_blast_is_spent_and_only_once_a_round(scene):
    """M24 "dodge blows": one dodge a round costs no turn, against a blast as against any
    attack; the next blast that round finds it spent (the turn was taken meanwhile)."""
    from fracas.rulesets.murdham.attack import Dodge
    from fracas.rulesets.murdham.blast import blast

    s = scene(
        (
            "Beast",
            [
                {
                    "name": "Troll",
                    "template": "bandit",
                    "zone": "a1",
                    "natural_attacks": [{"name": "Sweep", "die": 4, "blast": True}],
                }
            ],
        ),
        (
            "Men",
            [
                {
                    "name": "Nimble",
                    "template": "bandit",
                    "STR": 19,
                    "skills": ["dodge blows"],
                    "zone": "a1",
                }
            ],
        ),
    )
    nimble, sweep = s["Nimble"], s.weapon("Troll", "Sweep")
    s.choices.push("react", is_(Dodge))
    s.dice.push(1)  # AGI save passes
    blast(s.table, s.state, s["Troll"], sweep, "a1", moving=False)
    assert nimble.free_reaction_used and not nimble.took_turn
    nimble.took_turn = True  # its own turn, later in the round
    s.dice.push(3)  # no dodge left: the sweep lands (an unscripted "react" would fail here)
    blast(s.table, s.state, s["Troll"], sweep, "a1", moving=False)
    assert nimble.health == 19 - 3


def test_a_damaged_shield_used_to_strike_breaks_on_a_1(scene):
    """Seed "Combat gear degradation": damaged weapons and shields are destroyed if used to
    attack and a 1 comes up on the damage die; the shield bash is the shield itself."""
    from fracas.rulesets.murdham import harm
    from fracas.rulesets.murdham.attack import NoReaction

    s = scene(
        (
            "A",
            [
                {
                    "name": "Theobald",
                    "template": "theobald",
                    "zone": "a1",
                    "weapons": ["Shield bash"],
                    "damaged": ["Shield"],
                }
            ],
        ),
        ("B", [{"name": "Bandit", "template": "bandit", "zone": "a1"}]),
    )
    theobald = s["Theobald"]
    bash = s.weapon("Theobald", "Shield bash")
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(NoReaction))
    s.dice.push(1)
    attack(s.table, s.state, theobald, s["Bandit"], bash)
    assert theobald.shield.destroyed and theobald.shield.used and not bash.ready
    assert harm.armour_value(theobald, shield_counts=True, cover_counts=False) == 1


# ----------------------------------------------------------------------------- readings


def test_a_full_move_of_two_zones_in_closed_terrain_is_no_sprint(scene):
    """M15: a full move walks 2 zones; only farther, on open ground, is a sprint."""
    from fracas.rulesets.murdham.events import Moved
    from fracas.rulesets.murdham.turn import Advance, take_turn

    s = scene(
        ("A", [{"name": "Walker", "template": "bandit", "zone": "a1"}]),
        ("B", [{"name": "Far", "template": "bandit", "zone": "e1"}]),
        grid=(5, 1),
        map={"closed": ["a1", "b1", "c1", "d1", "e1"]},
    )
    s.choices.push("turn", is_(Advance))
    take_turn(s.table, s.state, s["Walker"])
    assert [(e.to, e.sprint) for e in s.of(Moved)] == [("b1", False), ("c1", False)]


def test_a_grabber_keeps_hold_through_a_full_move(scene):
    """Seed "Grapple": the grabber can keep hold while moving together with the grabbed."""
    from fracas.rulesets.murdham.turn import Advance, take_turn

    s = scene(
        ("A", [{"name": "Grabber", "template": "bandit", "zone": "a1"}]),
        (
            "B",
            [
                {"name": "Held", "template": "bandit", "zone": "a1"},
                {"name": "Far", "template": "bandit", "zone": "e1"},
            ],
        ),
        grid=(5, 1),
    )
    grabber, held = s["Grabber"], s["Held"]
    grabber.grabbing, held.grabbed_by = held, grabber
    s.choices.push("turn", is_(Advance))
    take_turn(s.table, s.state, grabber)
    assert grabber.grabbing is held and held.grabbed_by is grabber
    assert grabber.zone != "a1" and held.zone == grabber.zone


def test_mounting_is_half_a_move_and_the_save_only_onto_a_moving_mount(scene):
    """Seed "Mounts and vehicles": mounting counts as moving half a zone, so an action is left
    (a rider's attack, impaired); the AGI save applies only if the mount is moving: one that
    took its turn holding still is not, one that moved this round is."""
    from fracas.rulesets.murdham.attack import NoReaction
    from fracas.rulesets.murdham.events import SaveRolled
    from fracas.rulesets.murdham.turn import Dismount, Hold, Mount, Strike, take_turn

    s = scene(
        (
            "A",
            [
                {"name": "Walker", "template": "bandit", "zone": "a1"},
                {"name": "Pony", "template": "horse", "zone": "a1"},
            ],
        ),
        ("B", [{"name": "Foe", "template": "bandit", "zone": "a1"}]),
    )
    walker, pony, foe = s["Walker"], s["Pony"], s["Foe"]
    pony.took_turn = True  # it held still: not moving
    s.choices.push("turn", is_(Mount), lambda o: isinstance(o, Strike) and not o.held_back)
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(NoReaction))
    s.dice.push(3, 4)  # a rider's blow is impaired: the lower of two
    take_turn(s.table, s.state, walker)
    assert walker.riding is pony and foe.health == foe.max_health - 3
    assert not s.of(SaveRolled)
    pony.moved = True  # now it has moved this round
    walker.took_turn = False
    s.choices.push("turn", is_(Dismount))
    s.dice.push(20, 2)  # the AGI save fails: a fall, d4 = 2
    s.choices.push("turn", is_(Hold))
    take_turn(s.table, s.state, walker)
    assert walker.riding is None and walker.health == walker.max_health - 2


def test_a_death_blow_is_an_attack_it_reveals_and_an_ally_may_guard(scene):
    """F-MUR-13: a death blow is an attack: a concealed attacker is revealed by it (seed
    "Sneaking"), and a nearby ally may guard the fallen (seed "Guarding"), taking an ordinary
    blow from the weapon instead; without a guard, the fallen dies."""
    from fracas.core.combatant import Status
    from fracas.rulesets.murdham.events import Revealed
    from fracas.rulesets.murdham.turn import DeathBlow, take_turn

    s = scene(
        ("A", [{"name": "Killer", "template": "bandit", "zone": "a1", "concealed": True}]),
        (
            "B",
            [
                {"name": "Fallen", "template": "bandit", "zone": "a1"},
                {"name": "Friend", "template": "bandit", "STR": 19, "zone": "a1"},
            ],
        ),
    )
    killer, fallen = s["Killer"], s["Fallen"]
    fallen.incapacitated, fallen.status = True, Status.DOWN
    s.choices.push("turn", is_(DeathBlow))
    take_turn(s.table, s.state, killer)  # taken by surprise: nobody may guard
    assert not killer.hidden and s.of(Revealed)[0].who == "Killer"
    assert fallen.status is Status.DEAD and s.weapon("Killer", "Axe").used
    s2 = scene(
        ("A", [{"name": "Killer", "template": "bandit", "zone": "a1"}]),
        (
            "B",
            [
                {"name": "Fallen", "template": "bandit", "zone": "a1"},
                {"name": "Friend", "template": "bandit", "STR": 19, "zone": "a1"},
            ],
        ),
    )
    fallen, friend = s2["Fallen"], s2["Friend"]
    fallen.incapacitated, fallen.status = True, Status.DOWN
    s2.choices.push("turn", lambda o: isinstance(o, DeathBlow) and o.weapon.name == "Axe")
    s2.choices.push("guard", 1)
    s2.dice.push(3)
    take_turn(s2.table, s2.state, s2["Killer"])
    assert fallen.status is Status.DOWN and friend.health == 19 - 3 and friend.took_turn


def test_a_thrown_consumable_is_spent(scene):
    """Seed "Taking a turn" (using a consumable item): a fire bomb thrown is gone; it is
    neither thrown again nor rolled for durability after the fight."""
    from fracas.rulesets.murdham.aftermath import degrade_gear
    from fracas.rulesets.murdham.blast import blast
    from fracas.rulesets.murdham.turn import Blast, plans

    s = scene(
        ("A", [{"name": "Thrower", "template": "bandit", "zone": "a1", "weapons": ["Fire bomb"]}]),
        ("B", [{"name": "Foe", "template": "bandit", "zone": "b1"}]),
    )
    bomb = s.weapon("Thrower", "Fire bomb")
    s["Foe"].took_turn = True
    s.dice.push(2)
    blast(s.table, s.state, s["Thrower"], bomb, "b1", moving=False)
    assert s["Foe"].health == 6 and not bomb.ready
    assert not any(isinstance(p, Blast) for p in plans(s.state, s["Thrower"]))
    degrade_gear(s.table, s.state)  # no dice: nothing used is left to wear
