"""Building a fighter from its stat block: every derived figure computed once (rules 1–23,
25–26, 41; ODD-U7, U11, U13, U49, U50; D1–D5)."""

from __future__ import annotations

import re
from typing import Final

from fracas.rulesets.odnd import data, model, shortcut, space
from fracas.rulesets.odnd.state import Fighter, OdndState, Wielded

_DICE: Final = re.compile(r"^(\d+)d(\d+)([+-]\d+)?$")
UNTRAINED: Final = {"S": "1d3", "M": "1d4", "L": "1d6"}  # rule 41 (D4)
# D1's class families (D1 rows "FM", "Cl", "MU"): fighter types and elves use the fighter row,
# thieves the cleric row (OD&D Greyhawk), magic-users theirs.
FAMILY: Final = {"thief": "cleric", "cleric": "cleric", "magic-user": "magic-user"}


def notation(count: int, sides: int, bonus: int, times: int = 1) -> str:
    dice = f"{count}d{sides}" if times == 1 else f"{count}d{sides}*{times}"
    return f"{dice}{bonus:+d}" if bonus else dice


def critical(count: int, sides: int, bonus: int) -> str:
    """D10, ODD-U3: a critical hit doubles the damage dice — the dice's roll ×2, the bonus
    not (the checklist's T-ODD-1 figure, 37/9 kills a round with criticals, is this reading:
    P(2·d6 + 1 ≥ d6) = 8/9; the seed's own ×2 convention, as in the lance's "2D6 x 2")."""
    return notation(count, sides, bonus, times=2)


def is_normal_man(sheet: model.Fighter) -> bool:
    """Rule 23, D12, ODD-U11: HD (plus ignored) ≤ 1, or level 0; characters of level 1 and up
    (the PCs) and heroes (important NPCs, rule 22) never are."""
    if sheet.hero:
        return False
    if sheet.kind == "character":
        return sheet.level == 0 or sheet.cls == "normal man"
    return sheet.hd <= 1


def melee_bonus(sheet: model.Fighter, fighter_type: bool, swashbuckler: bool) -> int:
    """Rules 4–11 with ODD-U49: fighter types add STR, thieves DEX (negative bonuses too);
    all others +1 at STR 16+ (no penalty); the swashbuckler (7, 11) may use DEX instead."""
    if sheet.kind != "character":
        return 0
    strength = data.attribute_bonus(sheet.STR)
    dex = data.attribute_bonus(sheet.DEX)
    if fighter_type:
        if swashbuckler:
            return max(strength, dex)
        return strength
    if sheet.cls == "thief":
        return dex
    return 1 if sheet.STR >= 16 else 0


def missile_bonuses(sheet: model.Fighter, w: data.WeaponData, melee: int) -> tuple[int, int]:
    """(to hit, damage) for missiles: rules 12, 13, 16–20; ODD-U7 for crossbows and slings."""
    if sheet.kind != "character":
        return 0, 0
    strength = data.attribute_bonus(sheet.STR)
    dex = data.attribute_bonus(sheet.DEX)
    if w.kind == "great_bow":
        return strength, strength  # rules 13, 20
    if w.kind == "bow":
        return dex, dex  # rules 12, 19
    if w.kind in data.RELOADING:
        return dex, 0  # ODD-U7: crossbows and firearms (rule 96)
    return dex, melee  # thrown and slings: DEX to hit (12, U7), damage as melee (16–18)


def wield(sheet: model.Fighter, name: str, fighter_type: bool, swashbuckler: bool) -> Wielded:
    w = data.weapons()[name]
    magic = sheet.magic_bonus  # ODD-U50: +N to hit and damage
    light = swashbuckler and sheet.light_armour and sheet.cls in ("fighter", "pirate")
    melee = melee_bonus(sheet, fighter_type, light and w.hands == 1 and not w.ranged)
    to_hit, dmg = missile_bonuses(sheet, w, melee) if w.ranged else (melee, melee)
    dex_part = dex_share(sheet, w, light and w.hands == 1, to_hit)
    found = _DICE.match(w.damage.replace(" ", "").lower())
    if found is None:
        raise ValueError(f"weapon {name!r}: damage {w.damage!r} is not NdS+K")
    count, sides = int(found.group(1)), int(found.group(2))
    plus = int(found.group(3) or 0)
    if not trained(sheet, w):  # rule 41: D3/D4/D6 by size, attacks as a normal man
        base = UNTRAINED[w.size]
        count, sides, plus = 1, int(base[2:]), 0
    total = plus + dmg + magic
    out = Wielded(w, notation(count, sides, total), critical(count, sides, total), to_hit + magic)
    out.dex_to_hit = dex_part
    out.trained = trained(sheet, w)  # rule 41: for the log
    out.mean_damage = shortcut.mean(out.damage)  # the tactics' expected harm (issue 34)
    large = _DICE.match(w.large_damage.replace(" ", "").lower()) if w.large_damage else None
    if large is not None and trained(sheet, w):  # rule 86: the lance's 3d6 against large foes
        n, s = int(large.group(1)), int(large.group(2))
        out.large_damage = notation(n, s, total)
        out.large_crit = critical(n, s, total)
    return out


def dex_share(sheet: model.Fighter, w: data.WeaponData, swash: bool, to_hit: int) -> int:
    """The DEX part of the to-hit bonus (rules 5, 7, 12), which a charger loses (rule 81)."""
    if sheet.kind != "character" or w.kind == "great_bow":
        return 0
    dex = data.attribute_bonus(sheet.DEX)
    if w.ranged or sheet.cls == "thief" or (swash and dex == to_hit and dex > 0):
        return dex
    return 0


def trained(sheet: model.Fighter, w: data.WeaponData) -> bool:
    """Rule 41, ODD-U42: the sheet's `trained`, and the class's weapon list."""
    if sheet.kind != "character":
        return sheet.trained
    return sheet.trained and data.trained_in(sheet.cls, w)


def needed_at_ac9(sheet: model.Fighter, normal_man: bool) -> int:
    """D1 (characters, by class family and level) or D2 (monsters); untrained weapons attack
    as a normal man (rule 41)."""
    if sheet.kind == "character":
        if not trained(sheet, data.weapons()[sheet.weapons[0]]) or normal_man:
            return data.men_needed_at_ac9("fighter", 0)
        return data.men_needed_at_ac9(FAMILY.get(sheet.cls, "fighter"), sheet.level)
    if not sheet.trained:
        return data.men_needed_at_ac9("fighter", 0)
    return data.monster_needed_at_ac9(sheet.hd, sheet.hd_plus)


def hit_dice(sheet: model.Fighter) -> str:
    """D3: d6 per HD plus the +N (monsters, a creature under 1 HD rolls one die); characters
    d6 per level, fighter types d6+1 (D3, sibling C1_FIGHTER.txt)."""
    if sheet.kind == "character":
        level = max(1, sheet.level)
        per = 1 if sheet.cls in model.FIGHTER_TYPES else 0
        return notation(level, 6, per * level)
    return notation(max(1, sheet.hd), 6, sheet.hd_plus)


def build(
    sheet: model.Fighter, name: str, ident: str, side: str, options: model.Options
) -> Fighter:
    f = Fighter(id=ident, name=name, side=side)
    character = sheet.kind == "character"
    f.kind = sheet.kind
    f.cls = sheet.cls if character else "monster"
    f.level = sheet.level if character else 0
    f.hd, f.hd_plus = (0, 0) if character else (sheet.hd, sheet.hd_plus)
    f.normal_man = is_normal_man(sheet)
    f.hero = not f.normal_man
    f.fighter_type = character and sheet.cls in model.FIGHTER_TYPES and not f.normal_man
    # ODD-U13: the fumble test's level: characters' level, monsters' HD, normal men 0.
    f.fumble_level = 0 if f.normal_man else (f.level if character else sheet.hd)
    f.needed_at_ac9 = needed_at_ac9(sheet, f.normal_man)
    f.dex_bonus = data.attribute_bonus(sheet.DEX)  # rule 1 (D5; ODD-U49: penalties too)
    f.base_ac = sheet.ac
    f.shield = sheet.shield
    f.weapons = [wield(sheet, w, f.fighter_type, options.swashbuckler) for w in sheet.weapons]
    # ODD-U11: "fight" = 1 attack, 2 for fighter types of 7th level and up; monsters' own count.
    f.attacks = (2 if f.fighter_type and f.level >= 7 else 1) if character else sheet.attacks
    # Rules 21, 26: attacks against normal men — fighter types' level, monsters' HD (> 1 HD).
    if f.fighter_type and f.level > 1:
        f.sweep_attacks = f.level
    elif not character and sheet.hd > 1:
        f.sweep_attacks = sheet.hd
        f.sweep_plus = max(0, sheet.hd_plus)  # T-ODD-2: the +N on the first attack only
    f.morale = sheet.morale
    f.needs = sheet.needs
    f.magic_weapon = sheet.magic_bonus > 0
    f.size = sheet.size
    f.range_band = sheet.range
    f.elevation, f.cover = sheet.elevation, sheet.cover
    f.mounted, f.horns, f.hasted, f.leader = sheet.mounted, sheet.horns, sheet.hasted, sheet.leader
    f.move = sheet.move if sheet.move is not None else data.movement(sheet.ac)  # rule 152
    f.psy_bonus = data.attribute_bonus(sheet.PSY)  # rule 128 (D16)
    f.spells = list(sheet.spells)
    f.hp = f.max_hp = sheet.hp if sheet.hp is not None else 0
    f.hit_dice = "" if sheet.hp is not None else hit_dice(sheet)
    stage_two(f, sheet)
    return f


def stage_two(f: Fighter, sheet: model.Fighter) -> None:
    """The stage-2 figures: backstab (ODD-U17), subdual (rules 100, 101), specials (ODD-U14),
    skeletons (ODD-U48), STR for the whip (ODD-U16), what it can drop (rule 137)."""
    f.back_to_wall = sheet.back_to_wall
    thiefy = sheet.kind == "character" and sheet.cls == "thief"
    f.backstabber = thiefy if sheet.backstab is None else sheet.backstab
    f.backstab_mult = data.backstab_multiplier(max(1, f.level))
    f.subdue, f.pull_punches = sheet.subdue, sheet.pull_punches
    strength = sheet.STR
    f.strong = strength >= int(data.table("subdual")["strong_from"])
    f.intelligent, f.skeleton = sheet.intelligent, sheet.skeleton
    if sheet.on_roll is not None:
        f.on_roll = (sheet.on_roll.at, sheet.on_roll.effect, sheet.on_roll.dice)
    if sheet.kind == "character" or "STR" in sheet.model_fields_set:
        f.str_bonus = data.attribute_bonus(sheet.STR)
    else:
        f.str_bonus = int(data.table("monster_str")[sheet.size])
    f.carries = list(sheet.carries)
    if sheet.facing is not None:
        f.facing = space.unit(sheet.facing[0], sheet.facing[1])


def place(f: Fighter, sheet: model.Fighter, copy: int) -> None:
    """The sheet's position in feet (copies of a `count` 5 ft apart), on the core's plane."""
    if sheet.position is not None:
        x, y = sheet.position
        f.position = space.at_feet(x, y + space.ADJACENT * copy)
        f.round_start = f.position  # ODD-U20: where it stands as the fight begins
        f.placed = True


def arrange(state: OdndState, spec: model.Encounter) -> None:
    """Positions, or the encounter's distance, make the fight one on the plane; without
    either it is one melee (F-ODD-1)."""
    distance = spec.conditions.distance
    placed = any(f.placed for f in state.fighters()) or bool(spec.conditions.entrances)
    state.positional = distance is not None or placed
    if isinstance(distance, int):
        space.place_sides(state, float(distance))
