"""BRP rules beyond the worked examples: success levels, order of action, defences, gear."""

from __future__ import annotations

import pytest

import fracas
from fracas.core.combatant import Status
from fracas.core.controllers import ScriptedChoices
from fracas.core.dice_sources import ScriptedDice
from fracas.rulesets.brp import combat, derived
from fracas.rulesets.brp.actions import Attack, FirstAid, Reload, intents
from fracas.rulesets.brp.derived import Level
from fracas.rulesets.brp.events import (
    Acts,
    AttackRolled,
    Damaged,
    FirstAidRolled,
    IntentChanged,
    ItemDamaged,
    NoDefence,
    Surprised,
)
from fracas.rulesets.brp.round import action_key


@pytest.mark.parametrize(
    ("skill", "special"),
    [
        (1, 1),
        (5, 1),
        (6, 1),
        (7, 1),
        (8, 2),
        (10, 2),
        (12, 2),
        (13, 3),
        (17, 3),
        (18, 4),
        (22, 4),
        (23, 5),
        (27, 5),
        (28, 6),
        (32, 6),
        (33, 7),
        (38, 8),
        (43, 9),
        (48, 10),
        (53, 11),
        (58, 12),
        (60, 12),
        (63, 13),
        (67, 13),
        (100, 20),
    ],
)
def test_special_success_threshold_follows_the_srd_table(skill, special):
    """B5 / B-C1: special ≤ skill/5 rounded half up, at least 1."""
    assert derived.special_threshold(skill) == special


@pytest.mark.parametrize(
    ("roll", "chance", "level"),
    [
        (12, 60, Level.SPECIAL),
        (13, 60, Level.SUCCESS),
        (60, 60, Level.SUCCESS),
        (61, 60, Level.FAILURE),
        (98, 60, Level.FAILURE),
        (99, 60, Level.FUMBLE),
        (100, 60, Level.FUMBLE),
        (4, 3, Level.SUCCESS),
        (5, 3, Level.SUCCESS),
        (6, 3, Level.FAILURE),
        (96, 10, Level.FUMBLE),
        (95, 10, Level.FAILURE),
        (97, 30, Level.FUMBLE),
        (98, 50, Level.FUMBLE),
        (100, 100, Level.FUMBLE),
        (99, 100, Level.SUCCESS),
        (1, 3, Level.SPECIAL),
    ],
)
def test_success_levels(roll, chance, level):
    """§5.5; B6: 01–05 always succeed, fumble ranges by skill (no effect beyond failing)."""
    assert derived.success_level(roll, chance) is level


def test_difficult_rounds_up():
    """B-C8: Difficult halves, rounding up."""
    assert [derived.difficult(c) for c in (0, 1, 45, 46, 59)] == [0, 1, 23, 23, 30]


def test_ties_on_a_dex_rank_go_missile_long_medium_short_then_skill(scene, sheet):
    """§5.4 and §5.2: same DEX rank → missile, long, medium, short/unarmed; then skill."""
    fighters = [
        ("Knifer", "Knife", {"Dagger": 90}),
        ("Swordsman", "Sword, Broad", {"Sword": 40}),
        ("Better swordsman", "Sword, Broad", {"Sword": 70}),
        ("Spearman", "Spear, Long", {"Spear": 30}),
        ("Archer", "Bow, Long", {"Bow": 20}),
    ]
    s = scene([sheet(n, weapons=[w], skills=sk) for n, w, sk in fighters], [sheet("Foe")])
    foe = s["Foe"]
    for name, _, _ in fighters:
        f = s[name]
        f.intent = Attack(foe, f.weapons[0], 0.0)
        f.rank = 12.0
    order = sorted((s[n] for n, _, _ in fighters), key=action_key)
    assert [f.name for f in order] == [
        "Archer",
        "Spearman",
        "Better swordsman",
        "Swordsman",
        "Knifer",
    ]


def _duel_doc(sheet, red, blue, **extra):
    return {
        "ruleset": "brp",
        "name": "t",
        "sides": [{"name": "Red", "combatants": red}, {"name": "Blue", "combatants": blue}],
        **extra,
    }


def test_simultaneous_blows_both_land(sheet):
    """§5.2: equal DEX, weapon type and skill act simultaneously: one felled by the other's
    blow still strikes back in the same rank."""
    a = sheet(
        "A",
        weapons=["Sword, Broad"],
        skills={"Sword": 50, "Dodge": 0},
        characteristics={"DEX": 12},
        hp=3,
    )
    b = sheet(
        "B",
        weapons=["Sword, Broad"],
        skills={"Sword": 50, "Dodge": 0},
        characteristics={"DEX": 12},
        position=[1, 0],
        hp=3,
    )
    enc = fracas.from_document(_duel_doc(sheet, [a], [b]))
    # Intents: both attack (choices scripted by index of the Attack option with the sword).
    # Each attack: d100 10 (success), the defender takes it (no defence), 1D8+1 = 8.
    dice = ScriptedDice([10, 7, 10, 7, 1, 1])
    battle = fracas.Battle(enc, dice=dice, default_controller=_AttackOrTake())
    battle.run()
    acts = [e for e in battle.events if isinstance(e, Acts)]
    assert acts[0].simultaneous_with == ("B",) and acts[1].simultaneous_with == ("A",)
    assert len([e for e in battle.events if isinstance(e, AttackRolled)]) == 2
    assert battle.outcome is not None and battle.outcome.winner is None
    assert battle.outcome.ending is fracas.Ending.MUTUAL


class _AttackOrTake:
    """Attack with the first weapon that can; never defend."""

    def choose(self, request):
        for i, o in enumerate(request.options):
            if isinstance(o, Attack):
                return i
        for i, o in enumerate(request.options):
            if isinstance(o, combat.NoDefend):
                return i
        return 0


def test_firearms_cannot_be_parried_or_dodged(scene, sheet):
    s = scene(
        [sheet("Gunman", weapons=["Pistol"], skills={"Pistol": 60})],
        [sheet("Knight", weapons=["Sword, Broad"], shield="Round", position=[10, 0])],
    )
    s.dice.push(30, 5)  # hit, 1D8 = 5; no defence is asked for
    combat.resolve_attack(s.table, s.state, s["Gunman"], s["Knight"], s["Gunman"].weapons[0])
    assert "firearms" in s.of(NoDefence)[0].reason
    assert s.of(Damaged)[0].damage == 5
    assert s["Gunman"].weapons[0].shots == 5  # §5.9 **: six shots, one spent


def test_missiles_are_parried_only_with_a_shield(scene, sheet):
    """§5.6: "one needs a shield to parry missile weapons"."""
    s = scene(
        [sheet("Archer", weapons=["Bow, Long"], skills={"Bow": 60})],
        [sheet("Swordsman", weapons=["Sword, Broad"], skills={"Sword": 80}, position=[20, 0])],
    )
    options = combat.defences(s.state, s["Swordsman"], s["Archer"].weapons[0])
    assert not any(isinstance(o, combat.Parry) for o in options)
    assert any(isinstance(o, combat.Dodge) for o in options)


def test_dodging_missiles_can_be_ruled_out(scene, sheet):
    """§5.7: dodging arrows is at the GM's discretion (options.dodge_missiles)."""
    s = scene(
        [sheet("Archer", weapons=["Bow, Long"], skills={"Bow": 60})],
        [sheet("Target", position=[20, 0])],
        options={"dodge_missiles": False},
    )
    options = combat.defences(s.state, s["Target"], s["Archer"].weapons[0])
    assert options == [combat.NoDefend()]


def test_each_further_defence_costs_the_optional_penalty(scene, sheet):
    """B9 (PROPOSED, off by default): −N% per earlier parry or dodge in the round."""
    s = scene(
        [sheet("A", weapons=["Sword, Broad"], skills={"Sword": 60})],
        [sheet("D", skills={"Dodge": 50}, position=[1, 0])],
        options={"defence_penalty": 30},
    )
    d = s["D"]
    weapon = s["A"].weapons[0]
    first = [o.chance for o in combat.defences(s.state, d, weapon) if isinstance(o, combat.Dodge)]
    d.defences = 1
    second = [o.chance for o in combat.defences(s.state, d, weapon) if isinstance(o, combat.Dodge)]
    assert (first, second) == ([50], [20])


def test_a_weapon_broken_by_parrying_can_no_longer_parry(scene, sheet):
    """§5.8 and B10: a special attack partly parried costs the parrying weapon 2 HP; at 0 it
    breaks and is offered no more."""
    s = scene(
        [sheet("A", weapons=["Sword, Great"], skills={"Sword": 90})],
        [sheet("D", weapons=["Mace, Light"], skills={"Mace": 60}, position=[1, 0])],
    )
    d = s["D"]
    mace = d.weapons[0]
    mace.hp = 2
    s.dice.push(3)  # special
    s.choices.push(0)  # parry with the mace
    s.dice.push(40, 4, 4)  # parry success; normal damage 2D8 = 8
    combat.resolve_attack(s.table, s.state, s["A"], d, s["A"].weapons[0])
    [broke] = s.of(ItemDamaged)
    assert broke.broken and mace.broken
    assert not any(
        isinstance(o, combat.Parry) and o.item is mace
        for o in combat.defences(s.state, d, s["A"].weapons[0])
    )
    assert not any(isinstance(o, Attack) and o.weapon is mace for o in intents(s.state, d))


@pytest.mark.parametrize(
    ("weapon", "skill", "armour"),
    [("Pistol", "Pistol", 12), ("Sword, Broad", "Sword", 6), ("Pistol, Laser", "Laser Pistol", 6)],
)
def test_riot_gear_stops_12_against_firearms_and_6_otherwise(scene, sheet, weapon, skill, armour):
    """B-C4 (PROPOSED): Riot Gear 12/6."""
    s = scene(
        [sheet("A", weapons=[weapon], skills={skill: 50})],
        [sheet("Riot cop", armour=["Riot Gear"])],
    )
    assert combat.armour_against(s["Riot cop"], s["A"].weapons[0]) == armour


def test_helmets_add_to_body_armour_and_armour_hinders_dodge(scene, sheet):
    """B11 and §5.10: chain 7 + heavy helmet 2 = 9; chain's −20% to physical skills."""
    s = scene(
        [sheet("Knight", armour=["Chain", "Helmet, Heavy"], skills={"Dodge": 45})], [sheet("Foe")]
    )
    knight = s["Knight"]
    assert (knight.armour, knight.dodge) == (9, 25)


def test_half_damage_bonus_rounds_up(scene, sheet):
    """§5.9: "½ damage bonus means roll and divide by 2, rounding up"."""
    s = scene(
        [
            sheet(
                "Thrower",
                characteristics={"STR": 18, "SIZ": 17},
                weapons=["Dagger (thrown)"],
                skills={"Throwing Dagger": 70},
            )
        ],
        [sheet("Mark", position=[5, 0])],
    )
    thrower = s["Thrower"]
    assert thrower.db == "1D6"
    s.dice.push(20)  # hit
    s.choices.push(len(combat.defences(s.state, s["Mark"], thrower.weapons[0])) - 1)
    s.dice.push(2, 5)  # 1D4 = 2, ½(1D6 = 5) = 3
    combat.resolve_attack(s.table, s.state, thrower, s["Mark"], thrower.weapons[0])
    assert s.of(Damaged)[0].damage == 5
    assert thrower.weapons[0].shots == 0 and not thrower.weapons[0].ready  # it has left the hand


def test_similar_specialty_is_used_at_half(scene, sheet):
    """§5.5: a sword used with the Dagger skill, as Difficult."""
    s = scene(
        [
            sheet(
                "A",
                weapons=[{"name": "Sword, Short", "use_skill": "Dagger"}],
                skills={"Dagger": 61},
            )
        ],
        [sheet("B")],
    )
    sword = s["A"].weapons[0]
    assert (sword.chance, sword.similar) == (31, True)


def test_pistols_hold_six_shots_then_reload(scene, sheet):
    s = scene(
        [sheet("A", weapons=["Pistol"], skills={"Pistol": 50})], [sheet("B", position=[5, 0])]
    )
    pistol = s["A"].weapons[0]
    for _ in range(6):
        s.dice.push(99)
        combat.resolve_attack(s.table, s.state, s["A"], s["B"], pistol)
    assert pistol.shots == 0 and not pistol.ready
    options = intents(s.state, s["A"])
    assert Reload(pistol) in options
    assert not any(isinstance(o, Attack) and o.weapon is pistol for o in options)


def test_laser_weapons_hold_twenty_charges(scene, sheet):
    s = scene([sheet("A", weapons=["Rifle, Laser"])], [sheet("B")])
    assert s["A"].weapons[0].shots == 20


def test_surprised_side_neither_acts_nor_defends_in_round_one(sheet):
    doc = _duel_doc(
        sheet,
        [sheet("Ambusher", weapons=["Bow, Long"], skills={"Bow": 60})],
        [sheet("Victim", position=[30, 0], skills={"Dodge": 90})],
        conditions={"surprised": ["Blue"]},
        max_rounds=1,
    )
    battle = fracas.Battle(fracas.from_document(doc), seed=3)
    battle.run()
    assert [e.who for e in battle.events if isinstance(e, Surprised)] == ["Victim"]
    attacks = [e for e in battle.events if isinstance(e, AttackRolled)]
    assert {e.attacker for e in attacks} == {"Ambusher"}
    if any(e.level != "failure" for e in attacks):
        assert any(isinstance(e, NoDefence) and "unaware" in e.reason for e in battle.events)


def test_in_the_dark_nobody_sees_an_attack_coming(scene, sheet):
    s = scene([sheet("A")], [sheet("B")], conditions={"lighting": "dark"})
    reason = combat.why_no_defence(s.state, s["B"], s["A"].weapons[0])
    assert reason is not None and "dark" in reason


def test_an_ally_may_drop_its_action_to_tend_a_dying_friend(sheet):
    """F-BRP-4 with §5.14: Red's medic (DEX 10) sees Red's fighter fall at DEX 15 and tends
    him; the First Aid resolves at the end of the round and saves him."""
    fighter = sheet("Fighter", hp=3, characteristics={"DEX": 8}, skills={"Dodge": 0})
    medic = sheet("Medic", characteristics={"DEX": 10}, skills={"First Aid": 90}, position=[1, 1])
    brute = sheet(
        "Brute",
        characteristics={"DEX": 15},
        weapons=["Club, Heavy"],
        skills={"Club": 90},
        position=[1, 0],
    )
    enc = fracas.from_document(_duel_doc(sheet, [fighter, medic], [brute], max_rounds=1))
    red = ScriptedChoices()
    battle = fracas.Battle(
        enc,
        dice=ScriptedDice([50, 5, 10, 3, 2]),
        controllers={"Red": red},
        default_controller=_AttackOrTake(),
    )
    # Intents in DEX order: Brute (policy), Medic: attack the brute (Brawl), Fighter: attack.
    # Brute: 50 ≤ 90 hits the fighter, who has no defence (Dodge 0, only fists), 1D8 = 5 → −2.
    # Medic's turn: tend him (option 1).
    # Fighter is down. End of round: First Aid 10 ≤ 90, 1D3 = 3 → 1 HP; 1D6 hours = 2.
    medic_intents = intents(battle.encounter.ruleset.setup(enc.spec), _named(battle, enc, "Medic"))
    red.push(_index(medic_intents, Attack), 0, 1)
    battle.run()
    kinds = [type(e).__name__ for e in battle.events]
    assert "IntentChanged" in kinds
    [changed] = [e for e in battle.events if isinstance(e, IntentChanged)]
    assert changed.who == "Medic"
    [aid] = [e for e in battle.events if isinstance(e, FirstAidRolled)]
    assert (aid.healed, aid.hp) == (3, 1)
    f = next(x for x in battle.state.fighters() if x.name == "Fighter")
    assert f.status is Status.DOWN and f.hp == 1


def _named(battle, enc, name):
    state = enc.ruleset.setup(enc.spec)
    return next(f for f in state.fighters() if f.name == name)


def _index(options, kind):
    return next(i for i, o in enumerate(options) if isinstance(o, kind))


def test_first_aid_intent_is_offered_for_wounded_allies(scene, sheet):
    s = scene([sheet("Medic"), sheet("Hurt", hp=5)], [sheet("Foe", position=[50, 0])])
    hurt = s["Hurt"]
    from fracas.rulesets.brp.state import Injury

    hurt.injuries.append(Injury(7))
    assert any(isinstance(o, FirstAid) and o.patient is hurt for o in intents(s.state, s["Medic"]))
