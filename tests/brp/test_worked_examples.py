"""Every worked example of seed 002 and RULINGS.md §3.3 (T-BRP-1 … T-BRP-9), with scripted dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.brp import combat, derived, healing
from fracas.rulesets.brp.actions import Attack, Reload, intents
from fracas.rulesets.brp.events import Damaged, Died, FirstAidRolled
from fracas.rulesets.brp.round import rank_after_moving
from fracas.rulesets.brp.state import Injury

STRONG = {"STR": 15, "SIZ": 12}  # STR+SIZ 27 → db +1D4 (T-BRP-8)


def test_t_brp_1_special_success_with_a_short_sword(scene, sheet):
    """§5.13: special = weapon maximum (1D6+1 → 7) + normal roll (3+1) + db (1D4 → 2) = 13,
    then the defender's armour (hard leather, 2) → 11 HP lost."""
    s = scene(
        [sheet("Attacker", characteristics=STRONG, weapons=["Sword, Short"], skills={"Sword": 60})],
        [sheet("Defender", armour=["Leather, Hard"], characteristics={"CON": 16, "SIZ": 14})],
    )
    a, d = s["Attacker"], s["Defender"]
    s.dice.push(5)  # d100 05 ≤ 12 (one fifth of 60): special
    s.choices.push(len(combat.defences(s.state, d, a.weapons[0])) - 1)  # no defence
    s.dice.push(3, 2)  # 1D6 = 3, 1D4 = 2
    combat.resolve_attack(s.table, s.state, a, d, a.weapons[0])
    [hit] = s.of(Damaged)
    assert (hit.damage, hit.armour, hit.injury, hit.special) == (13, 2, 11, True)
    assert d.hp == 15 - 11
    assert s.dice.remaining == 0


def test_t_brp_2_armour_subtraction(scene, sheet):
    """§5.12: 12 HP, hard leather (2), 6 damage → 4 taken → 8 HP."""
    s = scene([sheet("A")], [sheet("Target", armour=["Leather, Hard"])])
    t = s["Target"]
    assert t.hp == 12
    combat.injure(s.table, t, 6, combat.armour_against(t, s["A"].weapons[0]))
    assert t.hp == 8
    assert [i.damage for i in t.injuries] == [4]


def test_t_brp_3_first_aid_heals_at_most_the_injury_once(scene, sheet):
    """§5.14: a 2-point wound, First Aid succeeds, 1D3 = 3 → heals 2; never twice."""
    s = scene([sheet("Medic", skills={"First Aid": 60}), sheet("Hurt")], [sheet("Foe")])
    medic, hurt = s["Medic"], s["Hurt"]
    hurt.hp -= 2
    hurt.injuries.append(Injury(2))
    s.dice.push(30, 3)  # First Aid 30 ≤ 60, then 1D3 = 3
    healing.first_aid(s.table, s.state, medic, hurt)
    [aid] = s.of(FirstAidRolled)
    assert (aid.healed, hurt.hp) == (2, 12)
    healing.first_aid(s.table, s.state, medic, hurt)  # the same injury cannot be treated again
    assert len(s.of(FirstAidRolled)) == 1 and s.dice.remaining == 0


def test_t_brp_3_a_failed_first_aid_still_counts(scene, sheet):
    s = scene([sheet("Medic", skills={"First Aid": 40}), sheet("Hurt")], [sheet("Foe")])
    hurt = s["Hurt"]
    hurt.hp -= 3
    hurt.injuries.append(Injury(3))
    s.dice.push(90)  # failure: bandaged, not healed
    healing.first_aid(s.table, s.state, s["Medic"], hurt)
    assert s.of(FirstAidRolled)[0].healed == 0 and hurt.injuries[0].aided and hurt.hp == 9


@pytest.mark.parametrize(
    ("weapon", "metres", "expected"),
    [
        ("Bow, Long", 90, 60),
        ("Bow, Long", 91, 30),
        ("Bow, Long", 180, 30),
        ("Bow, Long", 181, 15),
        ("Bow, Long", 270, 15),
        ("Bow, Long", 271, 0),
        ("Crossbow, Heavy", 55, 60),
        ("Crossbow, Heavy", 56, 30),
        ("Crossbow, Heavy", 110, 30),
        ("Crossbow, Heavy", 111, 15),
        ("Crossbow, Heavy", 165, 15),
        ("Crossbow, Heavy", 166, 0),
    ],
)
def test_t_brp_4_missile_range_bands(scene, sheet, weapon, metres, expected):
    """§5.9: full to the range, ½ to twice, ¼ to three times, none beyond."""
    skill = weapon.split(",")[0]
    s = scene(
        [sheet("Shooter", weapons=[weapon], skills={skill: 60})],
        [sheet("Mark", position=[metres, 0])],
    )
    shooter, mark = s["Shooter"], s["Mark"]
    chance = combat.attack_chance(s.state, shooter, mark, shooter.weapons[0])
    assert chance == expected
    offered = [o for o in intents(s.state, shooter) if isinstance(o, Attack) and not o.move]
    assert any(o.weapon.name == weapon for o in offered) == (expected > 0)  # from where it stands


def test_t_brp_4_crossbows_fire_every_other_round(scene, sheet):
    """§5.9 *: a full round to reload after each shot."""
    s = scene(
        [sheet("Shooter", weapons=["Crossbow, Light"], skills={"Crossbow": 50})],
        [sheet("Mark", position=[20, 0])],
    )
    shooter, mark = s["Shooter"], s["Mark"]
    bow = shooter.weapons[0]
    s.dice.push(99)  # a miss
    combat.resolve_attack(s.table, s.state, shooter, mark, bow)
    options = intents(s.state, shooter)
    assert not any(isinstance(o, Attack) and o.weapon is bow for o in options)
    assert Reload(bow) in options


@pytest.mark.parametrize(
    ("attack", "defence", "result", "parry_item_hp_lost", "attacker_weapon_hp_lost"),
    [
        ("special", "special", "blocked", 0, 0),
        ("special", "success", "normal", 2, 0),
        ("special", "failure", "special", 0, 0),
        ("success", "special", "blocked", 0, 1),
        ("success", "success", "blocked", 0, 0),
        ("success", "failure", "normal", 0, 0),
        ("failure", None, None, 0, 0),
    ],
)
def test_t_brp_5_the_attack_and_defence_matrix(
    scene, sheet, attack, defence, result, parry_item_hp_lost, attacker_weapon_hp_lost
):
    """§5.8, every row, with the parrying weapon (−2) and the attacker's weapon (−1)."""
    from fracas.rulesets.brp.events import MatrixApplied

    s = scene(
        [sheet("A", weapons=["Sword, Broad"], skills={"Sword": 60})],
        [sheet("D", weapons=["Sword, Broad"], skills={"Sword": 50}, position=[1, 0])],
    )
    a, d = s["A"], s["D"]
    faces = {"special": 5, "success": 40, "failure": 80}
    s.dice.push(faces[attack])
    if defence is not None:
        s.choices.push(0)  # parry with the broadsword (the first defence offered)
        s.dice.push({"special": 5, "success": 30, "failure": 90}[defence])
    if result in ("normal", "special"):
        s.dice.push(4)  # 1D8 (db is 0); a special adds the maximum, 9, without a die
    combat.resolve_attack(s.table, s.state, a, d, a.weapons[0])
    rows = s.of(MatrixApplied)
    if result is None:
        assert rows == []
    else:
        assert rows[0].result == result
    assert d.weapons[0].hp == 12 - parry_item_hp_lost
    assert a.weapons[0].hp == 12 - attacker_weapon_hp_lost
    assert bool(s.of(Damaged)) == (result in ("normal", "special"))
    assert s.dice.remaining == 0


@pytest.mark.parametrize(
    ("metres", "rank"),
    [
        (0, 14),
        (5, 14),
        (6, 7),
        (10, 7),
        (15, 7),
        (16, Fraction(7, 2)),
        (20, Fraction(7, 2)),
        (29, Fraction(7, 2)),
        (30, None),
    ],
)
def test_t_brp_6_movement_halves_or_quarters_the_dex_rank(metres, rank):
    """§5.3 with B-C5: DEX 14 moving 10 m acts on 7, 20 m on 3 (3.5 kept for ties), 30 m never."""
    assert rank_after_moving(14, metres) == rank


def test_t_brp_7_first_aid_in_the_round_saves_a_dying_character(scene, sheet):
    """§5.14: 3 HP, takes 5 → −2; an ally's First Aid (1D3 = 3) in the same round → 1 HP,
    unconscious (1–2 HP); without it, dead at the end of the round."""
    for aided in (True, False):
        s = scene([sheet("Hurt"), sheet("Medic", skills={"First Aid": 80})], [sheet("Foe")])
        hurt = s["Hurt"]
        hurt.hp = 3
        combat.injure(s.table, hurt, 5, 0)
        assert hurt.hp == -2 and hurt.dying
        if aided:
            s.dice.push(10, 3)
            healing.first_aid(s.table, s.state, s["Medic"], hurt)
            s.dice.push(4)  # 1D6 hours unconscious
        healing.end_of_round(s.table, s.state)
        if aided:
            assert hurt.hp == 1 and hurt.status is Status.DOWN and not s.of(Died)
        else:
            assert hurt.status is Status.DEAD and s.of(Died)[0].hp == -2


@pytest.mark.parametrize(
    ("con", "siz", "hp"), [(13, 12, 13), (12, 12, 12), (3, 4, 4), (18, 18, 18)]
)
def test_t_brp_8_hit_points(con, siz, hp):
    """B1: ceil((CON+SIZ)/2)."""
    assert derived.hit_points(con, siz) == hp


@pytest.mark.parametrize(
    ("str_", "siz", "db"),
    [
        (15, 12, "1D4"),
        (8, 8, "-1D4"),
        (6, 6, "-1D6"),
        (12, 12, "0"),
        (20, 20, "1D6"),
        (28, 28, "2D6"),
        (30, 30, "3D6"),
        (36, 36, "3D6"),
        (40, 40, "4D6"),
    ],
)
def test_t_brp_8_damage_bonus(str_, siz, db):
    """B2, with the PROPOSED +1D6 per 16 points above 56."""
    assert derived.damage_bonus(str_, siz) == db


@pytest.mark.parametrize(
    ("shield", "kneeling", "chance"),
    [
        ("Target", False, 15),
        ("Heater", False, 30),
        ("Kite", False, 30),
        ("Round", False, 30),
        ("Hoplite", False, 60),
        ("Riot", False, 60),
        ("Hoplite", True, 90),
        ("Round", True, 30),
    ],
)
def test_t_brp_9_shields_against_missiles(scene, sheet, shield, kneeling, chance):
    """§5.11: flat chances against low-velocity missiles, 90% kneeling behind a large shield."""
    s = scene(
        [sheet("Archer", weapons=["Bow, Long"], skills={"Bow": 60})],
        [sheet("Shieldbearer", shield=shield, skills={"Shield": 75}, position=[30, 0])],
    )
    d = s["Shieldbearer"]
    d.kneeling = kneeling
    options = combat.defences(s.state, d, s["Archer"].weapons[0])
    parries = [o for o in options if isinstance(o, combat.Parry)]
    assert [p.chance for p in parries] == [chance]
    dodges = [o for o in options if isinstance(o, combat.Dodge)]
    assert [o.chance for o in dodges] == [derived.difficult(d.dodge)]  # §5.7: Difficult
