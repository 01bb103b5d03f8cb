"""Murdham rules beyond the worked examples: blasts, shoves, disarms, freeing, barriers, cover,
stunts refused, chases, zones."""

from __future__ import annotations

from fracas.core.combatant import Status
from fracas.rulesets.murdham import harm, morale
from fracas.rulesets.murdham.attack import Guard, Hide, NoReaction, attack, reactions, why_not
from fracas.rulesets.murdham.blast import blast
from fracas.rulesets.murdham.events import Disarmed, Missed, Shoved
from fracas.rulesets.murdham.turn import FreeAlly, PickUp, plans, take_turn
from fracas.rulesets.murdham.zones import Zone, ZoneMap

NO_STUNT = 0


def is_(kind):
    return lambda o: isinstance(o, kind)


def test_zones_range_borders_and_sprint():
    """M14: range counts zones crossed; a border counts as either zone; M15 open terrain."""
    grid = ZoneMap.grid(4, 3)
    assert grid.distance("a1", "d3") == 5 and grid.distance("b2", "b2") == 0
    assert grid.neighbours("b2") == ["a2", "b1", "b3", "c2"]
    custom = ZoneMap.from_zones(
        [Zone("hall"), Zone("stair", open=False), Zone("tower")],
        [("hall", "stair"), ("stair", "tower")],
    )
    assert custom.distance("hall", "tower") == 2
    assert not custom.open_path("hall", "tower") and custom.open_path("hall", "stair") is False


def test_a_character_on_a_border_is_nearby_both_sides(scene):
    s = scene(
        ("A", [{"name": "A", "template": "bandit", "zone": "a1", "border": "b1"}]),
        (
            "Bandits",  # not "B": a side and one of several fighters may not share a name
            [
                {"name": "B", "template": "bandit", "zone": "b1"},
                {"name": "C", "template": "bandit", "zone": "a1"},
            ],
        ),
    )
    assert s.state.range(s["A"], s["B"]) == 0 and s.state.range(s["A"], s["C"]) == 0


def test_a_melee_blast_hits_everyone_else_in_the_zone_and_cannot_miss(scene):
    s = scene(
        (
            "Beast",
            [
                {
                    "name": "Troll",
                    "template": "bandit",
                    "STR": 19,
                    "zone": "a1",
                    "natural_attacks": [{"name": "Sweep", "die": 4, "blast": True}],
                }
            ],
        ),
        (
            "Men",
            [
                {"name": "Man", "template": "bandit", "zone": "a1", "count": 2},
                {"name": "Far", "template": "bandit", "zone": "c1"},
            ],
        ),
    )
    sweep = s.weapon("Troll", "Sweep")
    for man in ("Man 1", "Man 2"):
        s[man].took_turn = True  # no reactions: the blast's reach alone is tested
    s.dice.push(3, 2)
    blast(s.table, s.state, s["Troll"], sweep, "a1", moving=False)
    assert s["Man 1"].health == 5 and s["Man 2"].health == 6
    assert s["Far"].health == 8 and s["Troll"].health == 19


def test_a_missed_ranged_blast_deviates_to_a_neighbouring_zone(scene):
    s = scene(
        (
            "Thrower",
            [{"name": "Thrower", "template": "bandit", "weapons": ["Fire bomb"], "zone": "a2"}],
        ),
        (
            "Men",
            [
                {"name": "Target", "template": "bandit", "zone": "c2"},
                {"name": "Unlucky", "template": "bandit", "zone": "c3"},
            ],
        ),
        grid=(4, 4),
    )
    bomb = s.weapon("Thrower", "Fire bomb")
    s["Unlucky"].took_turn = True
    # Beyond half range (2 zones, range 2): a WIT save, 19, fails; the neighbours of c2 are
    # b2, c1, c3, d2: a d4 of 3 picks c3; the bomb's d6 = 4, fire is direct.
    s.dice.push(19, 3, 4)
    blast(s.table, s.state, s["Thrower"], bomb, "c2", moving=False)
    assert "deviates to zone c3" in s.of(Missed)[0].why
    assert s["Target"].health == 8 and s["Unlucky"].health == 4


def test_a_shove_moves_half_a_zone_and_into_a_hazard(scene):
    s = scene(
        ("A", [{"name": "Shover", "template": "bandit", "zone": "b1"}]),
        ("B", [{"name": "Victim", "template": "bandit", "zone": "b1"}]),
        grid=(3, 1),
        map={"hazards": {"c1": "1d6"}},
    )
    victim = s["Victim"]
    s.choices.push("react", is_(NoReaction))
    s.dice.push(20)  # STR save fails
    attack(s.table, s.state, s["Shover"], victim, s.weapon("Shover", "Unarmed"), kind="shove")
    assert victim.zone == "b1" and victim.border in ("a1", "c1")  # half a zone (F-MUR-6)
    victim.border = "c1"
    s.choices.push("react", is_(NoReaction))
    s.dice.push(20, 5)  # fails again: across the border into the pit, 1d6 = 5 direct
    attack(s.table, s.state, s["Shover"], victim, s.weapon("Shover", "Unarmed"), kind="shove")
    assert victim.zone == "c1" and s.of(Shoved)[-1].hazard and victim.health == 3


def test_disarm_drops_the_weapon_or_hands_it_to_a_free_hand(scene):
    s = scene(
        ("A", [{"name": "Brawler", "template": "bandit", "weapons": [], "zone": "a1"}]),
        ("B", [{"name": "Swordsman", "template": "bandit", "weapons": ["Sword"], "zone": "a1"}]),
    )
    s.choices.push("react", is_(NoReaction))
    s.choices.push("weapon to disarm", lambda o: o.name == "Sword")
    s.dice.push(20)
    attack(
        s.table,
        s.state,
        s["Brawler"],
        s["Swordsman"],
        s.weapon("Brawler", "Unarmed"),
        kind="disarm",
    )
    assert s.of(Disarmed)[0].taken_by == "Brawler"
    assert any(w.name == "Sword" for w in s["Brawler"].weapons)
    assert not any(w.name == "Sword" for w in s["Swordsman"].weapons)


def test_a_dropped_weapon_can_be_picked_up(scene):
    s = scene(
        ("A", [{"name": "Shield man", "template": "theobald", "zone": "a1"}]),
        ("B", [{"name": "Victim", "template": "bandit", "weapons": ["Sword"], "zone": "a1"}]),
    )
    s.choices.push("react", is_(NoReaction))
    s.choices.push("weapon to disarm", lambda o: o.name == "Sword")
    s.dice.push(20)
    attack(
        s.table,
        s.state,
        s["Shield man"],
        s["Victim"],
        s.weapon("Shield man", "Unarmed"),
        kind="disarm",
    )
    victim = s["Victim"]
    assert [w.name for w in victim.dropped] == ["Sword"]  # no free hand: it falls
    s.choices.push("turn", is_(PickUp))
    take_turn(s.table, s.state, victim)
    assert any(w.name == "Sword" for w in victim.weapons) and not victim.dropped


def test_an_ally_frees_a_grabbed_friend(scene):
    s = scene(
        (
            "A",
            [
                {"name": "Grabbed", "template": "bandit", "zone": "a1"},
                {"name": "Friend", "template": "bandit", "zone": "a1"},
            ],
        ),
        ("B", [{"name": "Grabber", "template": "bandit", "zone": "a1"}]),
    )
    grabbed, grabber = s["Grabbed"], s["Grabber"]
    grabbed.grabbed_by, grabber.grabbing = grabber, grabbed
    s.choices.push("turn", is_(FreeAlly))
    s.dice.push(3)
    take_turn(s.table, s.state, s["Friend"])
    assert grabbed.grabbed_by is None and grabber.grabbing is None


def test_guarding_and_hiding_redirect_the_attack(scene):
    s = scene(
        (
            "A",
            [
                {"name": "Target", "template": "bandit", "zone": "a1"},
                {"name": "Bodyguard", "template": "theobald", "zone": "a1"},
            ],
        ),
        ("B", [{"name": "Attacker", "template": "bandit", "zone": "a1"}]),
    )
    options = reactions(s.state, s["Attacker"], s["Target"])
    assert any(isinstance(o, Guard) and o.guard is s["Bodyguard"] for o in options)
    assert any(isinstance(o, Hide) and o.behind is s["Bodyguard"] for o in options)
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(Guard))
    s.dice.push(4)
    attack(s.table, s.state, s["Attacker"], s["Target"], s["Attacker"].weapons[0])
    assert s["Target"].health == 8 and s["Bodyguard"].took_turn
    assert s["Bodyguard"].health == s["Bodyguard"].max_health - 2  # shield + armour: AV 2


def test_barriers_block_until_one_peeks_out_and_cover_adds_one(scene):
    s = scene(
        (
            "A",
            [{"name": "Sniper", "template": "bandit_archer", "zone": "a1", "behind_barrier": True}],
        ),
        ("B", [{"name": "Hunter", "template": "bandit_archer", "zone": "c1", "cover": True}]),
    )
    sniper, hunter = s["Sniper"], s["Hunter"]
    bow = next(w for w in hunter.weapons if w.data.ranged)
    assert "barrier" in why_not(s.state, hunter, sniper, bow)
    assert harm.armour_value(hunter, shield_counts=False, cover_counts=True) == 1
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(NoReaction))
    s.dice.push(2)
    attack(s.table, s.state, sniper, hunter, next(w for w in sniper.weapons if w.data.ranged))
    assert hunter.health == 7  # 2 − cover 1
    assert why_not(s.state, hunter, sniper, bow) is None  # peeking: it can be shot back
    assert harm.armour_value(sniper, shield_counts=False, cover_counts=True) == 1


def test_a_refused_stunt_is_resolved_as_a_normal_attack(scene):
    s = scene(
        ("A", [{"name": "A", "template": "balthasar", "zone": "a1"}]),
        ("B", [{"name": "B", "template": "bandit", "zone": "a1"}]),
    )
    s.choices.push("stunt", lambda o: o is not None and o.effect == "surrender")
    s.choices.push("accept stunt", lambda o: o is False)
    s.choices.push("react", is_(NoReaction))
    s.dice.push(3)
    attack(s.table, s.state, s["A"], s["B"], s.weapon("A", "Sword"))
    assert s["B"].health == 5 and s["B"].status is Status.ACTIVE


def test_a_surrender_ends_when_the_enemy_harms_them(scene):
    s = scene(
        ("A", [{"name": "A", "template": "bandit", "zone": "a1"}]),
        ("B", [{"name": "B", "template": "bandit", "zone": "a1"}]),
    )
    b = s["B"]
    b.status = Status.SURRENDERED
    harm.harm(s.table, s.state, b, 1, by=s["A"])
    assert b.status is Status.ACTIVE


def test_long_chases_by_speed_or_a_group_agi_save(scene):
    s = scene(
        ("Fleeing", [{"name": "Runner", "template": "bandit", "zone": "a1", "count": 2}]),
        (
            "Chasing",
            [
                {"name": "Hound", "template": "wolf", "zone": "e5"},
                {"name": "Horse", "template": "horse", "zone": "e5"},
            ],
        ),
    )
    r1, r2 = s["Runner 1"], s["Runner 2"]
    hound, horse = s["Hound"], s["Horse"]
    assert morale.long_chase(s.table, [r1], [horse]) == {r1.id: False}  # slower: caught
    r1.speed = 6
    assert morale.long_chase(s.table, [r1], [horse]) == {r1.id: True}  # faster: away
    r1.speed = hound.speed = r2.speed = 2
    r1.AGI, r2.AGI = 12, 5
    s.dice.push(9)
    assert morale.long_chase(s.table, [r1, r2], [hound]) == {r1.id: True, r2.id: False}


def test_impossible_attacks_say_why(scene):
    s = scene(
        ("A", [{"name": "A", "template": "bandit_archer", "zone": "a1"}]),
        ("B", [{"name": "B", "template": "bandit", "zone": "e5"}]),
        map={"dark": ["e5"]},
    )
    bow = next(w for w in s["A"].weapons if w.data.ranged)
    assert "not visible" in why_not(s.state, s["A"], s["B"], bow)
    melee = next(w for w in s["A"].weapons if not w.data.ranged)
    assert "nearby" in why_not(s.state, s["A"], s["B"], melee)
    assert not any(
        getattr(p, "target", None) is s["B"] and getattr(p, "weapon", None) is bow
        for p in plans(s.state, s["A"])
    )
    assert [e for e in s.of(Missed)] == []


def test_dodge_blows_and_protect_react_without_spending_the_turn(scene):
    """M24: "dodge blows" dodges without spending the turn, once a round; "protect" guards so."""
    from fracas.rulesets.murdham.attack import Dodge

    s = scene(
        (
            "A",
            [
                {"name": "Nimble", "template": "bandit", "skills": ["dodge blows"], "zone": "a1"},
                {"name": "Warden", "template": "theobald", "skills": ["protect"], "zone": "a1"},
            ],
        ),
        ("B", [{"name": "Attacker", "template": "bandit", "zone": "a1"}]),
    )
    nimble, warden = s["Nimble"], s["Warden"]
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(Dodge))
    s.dice.push(1)  # AGI save passes
    attack(s.table, s.state, s["Attacker"], nimble, s["Attacker"].weapons[0])
    assert not nimble.took_turn and nimble.free_reaction_used
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", lambda o: isinstance(o, Guard) and o.guard is warden)
    s.dice.push(2)
    attack(s.table, s.state, s["Attacker"], nimble, s["Attacker"].weapons[0])
    assert not warden.took_turn and warden.free_reaction_used
    nimble.took_turn = True
    options = reactions(s.state, s["Attacker"], nimble)
    assert not any(isinstance(o, Dodge) for o in options)  # the free dodge is spent


def test_a_piercing_strike_ignores_the_armour_it_exceeds(scene):
    s = scene(
        (
            "A",
            [
                {
                    "name": "Piercer",
                    "template": "bandit",
                    "weapons": ["Sword"],
                    "skills": ["piercing strike"],
                    "zone": "a1",
                }
            ],
        ),
        ("B", [{"name": "Knight", "template": "theobald", "armour": "Heavy armour", "zone": "a1"}]),
    )
    knight = s["Knight"]
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(NoReaction))
    s.dice.push(3)  # 3 > armour value 2: the whole 3 goes through
    attack(s.table, s.state, s["Piercer"], knight, s.weapon("Piercer", "Sword"))
    assert knight.health == knight.max_health - 3
    s.choices.push("stunt", NO_STUNT)
    s.choices.push("react", is_(NoReaction))
    s.dice.push(2)  # not above the armour value: armour as usual
    attack(s.table, s.state, s["Piercer"], knight, s.weapon("Piercer", "Sword"))
    assert knight.health == knight.max_health - 3


def test_wrestling_denies_the_str_save_to_those_without_it(scene):
    s = scene(
        ("A", [{"name": "Wrestler", "template": "bandit", "skills": ["wrestling"], "zone": "a1"}]),
        (
            "B",
            [
                {"name": "Victim", "template": "bandit", "zone": "a1"},
                {
                    "name": "Other wrestler",
                    "template": "bandit",
                    "skills": ["wrestling"],
                    "zone": "a1",
                },
            ],
        ),
    )
    from fracas.rulesets.murdham.events import SaveRolled

    s.choices.push("react", is_(NoReaction))
    attack(
        s.table,
        s.state,
        s["Wrestler"],
        s["Victim"],
        s.weapon("Wrestler", "Unarmed"),
        kind="grapple",
    )
    assert s["Victim"].grabbed_by is s["Wrestler"] and not s.of(SaveRolled)
    s["Wrestler"].grabbing = None
    s.choices.push("react", is_(NoReaction))
    s.dice.push(1)  # this one has the skill too: a STR save, and it passes
    attack(
        s.table,
        s.state,
        s["Wrestler"],
        s["Other wrestler"],
        s.weapon("Wrestler", "Unarmed"),
        kind="grapple",
    )
    assert s["Other wrestler"].grabbed_by is None and s.of(SaveRolled)
