"""Stage 2: attacking worn and held items, weapon wounds, jams, the item table (rules 125-130;
SAM-A30, SAM-A31; RULINGS.md C9, C10)."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.semiautomagic import actions, attack, data, decisions, harm, items, turn, wear
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import events_geometry as geo
from fracas.rulesets.semiautomagic.setup import wield

from .conftest import Scene, human, kind


def _pair(ada: dict[str, Any] | None = None, **bo: Any) -> Scene:
    return Scene(
        ("A", [human("Ada", position=[0, 0], **(ada or {}))]),
        ("B", [human("Bo", position=[1.5, 0], **bo)]),
    )


def test_c9_the_item_table_and_armour_without_a_base_6() -> None:
    assert items.scaled("small metal", 0, 0) == (6, 10)
    assert items.scaled("metal", 0, 0) == (5, 13)
    assert items.scaled("large metal", 0, 0) == (4, 16)
    assert items.scaled("wooden hafted", 0, 0) == (5, 10)  # C9: the blank row, PROPOSED 10/4
    s = _pair(armour="leather")
    assert items.stats(s["Bo"], "armour") == (4, 4)  # as wearer; 3 x 0 + 1 + 3 (C9)
    assert data.weapons()["dagger"].item == "small metal"  # the seed's knife
    assert data.weapons()["spear"].item == "wooden hafted"  # the seed's spear


def test_rule_130_sam_a30_scale_both_ways() -> None:
    assert items.scaled("metal", 1, 0) == (4, 16)  # +3 Toughness, -1 Target a scale
    assert items.scaled("metal", -1, 0) == (6, 10)  # SAM-A30: the same below 0
    s = Scene(
        ("A", [human("Ada", position=[0, 0])]),
        ("B", [{"name": "Og", "template": "ogre", "armour": "chain", "position": [3, 0]}]),
    )
    assert items.stats(s["Og"], "armour") == (3, 9)  # 3 x 1 + 3 + 3


def test_rule_125_a_called_shot_at_the_held_weapon_wounds_it() -> None:
    s = _pair()
    ada, bo = s["Ada"], s["Bo"]
    s.choices.push(decisions.ACT, lambda o: o.kind == "item" and o.region == "weapon", kind("end"))
    s.choices.push(items.ALLOT, 0)
    s.choices.push(decisions.DEFEND, lambda o: o.kind == "no defence")
    s.dice.push(4, 5)  # 4 + 1 = 5 >= the sword's Target 5; 5 + 3 = 8 > 7 (13/7)
    turn.take_turn(s.table, s.state, ada)
    hit = s.of(geo.ItemStruck)[0]
    assert (hit.item, hit.toughness, hit.minimum, hit.effect) == ("arming sword", 13, 7, "wound")
    assert bo.wielded.wounds == 1 and bo.wounds == 0  # the sword, not Bo
    assert wear.damage(8, bo.wielded) == 7  # rule 126: its wound off its damage
    assert items.stats(bo, "weapon") == (5, 12)


def test_rule_125_the_item_target_replaces_the_wearers() -> None:
    s = _pair()
    s.choices.push(decisions.ACT, lambda o: o.kind == "item" and o.region == "weapon", kind("end"))
    s.choices.push(items.ALLOT, 0)
    s.dice.push(3)  # 3 + 1 = 4: would hit Bo (Target 4), misses the sword (Target 5)
    turn.take_turn(s.table, s.state, s["Ada"])
    assert not s.of(geo.ItemStruck) and s["Bo"].wielded.wounds == 0


def test_rule_128_a_destroyed_weapon_is_useless() -> None:
    s = _pair(ada={"STR": 6}, weapons=["arming sword", "dagger"])
    ada, bo = s["Ada"], s["Bo"]
    s.choices.push(decisions.DEFEND, 0)
    sit = attack.situation(s.state, ada, bo, ada.wielded, False)
    assert sit is not None
    items.aim(sit, bo, "weapon")
    s.dice.push(6, 8)  # hit; 8 + 6 = 14 > 13: destroyed ("more damage than its Toughness")
    items.resolve(s.table, s.state, ada, ada.wielded, attack.Swing(bo, sit), "weapon")
    assert s.of(geo.ItemStruck)[0].effect == "destroyed"
    assert [w.data.name for w in bo.weapons] == ["dagger"]


def test_sam_a31_a_ranged_weapons_wounds_off_attack_and_dc() -> None:
    s = _pair(ada={"weapons": ["heavy crossbow"], "skills": {"ranged": 4}})
    ada = s["Ada"]
    w = ada.wielded
    before = attack.attack_bonus(ada, w), attack.dc_base(ada, w)
    w.wounds = 2
    assert (attack.attack_bonus(ada, w), attack.dc_base(ada, w)) == (before[0] - 2, before[1] - 2)
    sword = wield(ada, data.weapons()["arming sword"])
    sword.wounds = 2
    assert attack.attack_bonus(ada, sword) == ada.bonus["weapon"]  # melee: damage only
    assert wear.damage(5, sword) == 3 and wear.damage(1, sword) == 0


def test_rule_127_a_wounded_firearm_jams_on_a_1_and_a_reload_clears_it() -> None:
    s = _pair(ada={"weapons": ["pistol"], "skills": {"ranged": 8}})
    ada, bo = s["Ada"], s["Bo"]
    pistol = ada.wielded
    pistol.wounds = 1
    sit = attack.situation(s.state, ada, bo, pistol, False)
    assert sit is not None
    s.dice.push(1)  # 1 + 4 - 1 (its wound) = 4 would hit Target 4: a 1 jams instead
    attack.resolve(s.table, s.state, ada, pistol, [attack.Swing(bo, sit)])
    assert pistol.jammed and s.of(geo.Jammed) and not s.of(ev.AttackRolled)[0].hit
    assert not actions.strikes(s.state, ada)
    reload = [a for a in actions.preparations(s.state, ada) if a.kind == "reload"]
    assert reload and reload[0].seconds == 4  # SAM-A31: clearing a jam is a reload (4SA)
    actions.perform(s.table, s.state, ada, reload[0])
    assert not pistol.jammed and actions.strikes(s.state, ada)
    unwounded = wield(ada, data.weapons()["pistol"])
    assert not wear.jams(unwounded, 1)


def test_sam_a30_a_wound_on_armour_lowers_its_defence_and_the_wearers_toughness() -> None:
    s = _pair(armour="chain")
    bo = s["Bo"]
    assert (bo.toughness, bo.min_toughness) == (12, 6)
    assert items.stats(bo, "armour") == (4, 6)
    assert items.struck(s.table, s.state, bo, "armour", 4) == "wound"  # 4 > 0
    assert (bo.defence, bo.toughness, bo.min_toughness) == (2, 11, 5)
    assert items.struck(s.table, s.state, bo, "armour", 9) == "destroyed"  # 9 > 5
    assert (bo.armour, bo.defence, bo.toughness) == ("none", 0, 9)
    assert items.stats(bo, "armour") is None


def test_sam_a30_armour_wounds_stop_at_natural_armour() -> None:
    s = _pair(armour="leather", natural_armour=1)
    bo = s["Bo"]
    items.struck(s.table, s.state, bo, "armour", 4)
    assert (bo.defence, bo.toughness) == (1, 10)  # the natural +1 takes over (rule 164)


def test_a_destroyed_shield_blocks_no_more() -> None:
    s = _pair(shield=True, skills={"shield": 2})
    bo = s["Bo"]
    assert items.stats(bo, "shield") == (5, 10)  # F-SAM-65: a wooden row
    assert items.struck(s.table, s.state, bo, "shield", 11) == "destroyed"
    assert "block" not in [d.kind for d in attack.defences(s.state, bo, True)]


def test_c10_the_hand_rows_fortitude_dc_is_the_damage_without_the_stray_5() -> None:
    s = _pair()
    ada, bo = s["Ada"], s["Bo"]
    s.dice.push(3)  # Fortitude 3 + 0 >= DC 3 (a "5" read in would make it 8)
    effect = harm.apply_all(s.table, s.state, [harm.Hit(ada, bo, 3, False, "hand")])[0]
    assert effect == "no effect" and bo.wielded.data.name == "arming sword"
    s.dice.push(2)  # 2 < DC 3: drops it
    harm.apply_all(s.table, s.state, [harm.Hit(ada, bo, 3, False, "hand")])
    assert bo.wielded.data.name == "unarmed"


def test_the_policy_never_attacks_items() -> None:
    from fracas.rulesets.semiautomagic.policy import SamPolicy

    s = _pair()
    ada = s["Ada"]
    policy = SamPolicy(s.state)
    item_attacks = [a for a in actions.legal(s.state, ada) if a.kind == "item"]
    assert item_attacks and all(policy._action(ada, a) < 0 for a in item_attacks)
