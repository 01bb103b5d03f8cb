"""From stat block to fighter: the derivations, computed once (checklist stage 1, "Stat blocks
and derivations"; rules 37-48, 135, 163-165, 174, 217-222)."""

from __future__ import annotations

import math
from typing import Final

from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic import cover, data, model
from fracas.rulesets.semiautomagic.hazard_model import base_dc, overdose
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Syndrome, Wielded, rolls_of

# SAM-A12, T-SAM-5: the skills a mobility penalty lowers (Conditions list, plus Dodge: the
# Reflex bonus as a defence, not Reflex in initiative, rule 1; issue 31 item 8).
MOBILITY_SKILLS: Final = ("acrobatics", "athletics", "wrestle", "stealth", "dodge")


def scale_of_size(metres: float) -> int:
    """Rule 40 (T-SAM-21): scale by size, rounding down: 1-2 m across is scale 0, 2-4 m 1,
    0.5-1 m -1 (thin objects may be smaller: the stat block says so)."""
    return max(-1, min(10, math.floor(math.log2(metres) + 1e-9)))


def base_toughness(scale: int) -> int:
    """Rule 44 (T-SAM-9): 6 + 3 x Scale."""
    return 6 + 3 * scale


def target_score(scale: int) -> int:
    """Rule 47: Target = 4 - scale."""
    return 4 - scale


def defence_bonus(armour: int, natural: int, durability: int, unarmoured: int) -> int:
    """Rule 164: the sources do not stack (the best counts); natural armour is a +0 floor, so
    a paper shirt (-3) lowers nothing (T-SAM-22)."""
    return max(armour, natural, durability, unarmoured, 0)


def toughness(scale: int, endurance: int, defence: int) -> int:
    """Rule 163: 6 + 3 x Scale + END + Defence (an average human 9/3, T-SAM-9 [W11])."""
    return base_toughness(scale) + endurance + defence


def encumbrance_penalty(strength: int, endurance: int, carried: float, wheeled: float) -> int:
    """Rules 217-218, 221 (T-SAM-5): one mobility penalty per encumbrance step carried beyond
    the first; a load on wheels counts a quarter of its mass."""
    step = data.encumbrance_step(strength + endurance)
    mass = carried + wheeled / 4
    if mass <= 0:
        return 0
    if step <= 0:
        return 99  # nothing can be carried: more than five steps (rule 220)
    return max(0, math.ceil(round(mass / step, 9)) - 1)


def squares_per_move(speed: float, square: float, mobility: int) -> int:
    """Rule 29 (T-SAM-17): speed in whole squares of its own scale, 0.5 and up rounding up;
    SAM-A12: half a square less per mobility penalty (rule 174), before rounding."""
    squares = speed / square - 0.5 * mobility
    return max(0, math.floor(squares + 0.5))


def skill_bonuses(sheet: model.Combatant, mobility: int) -> dict[str, int]:
    """S2 by rank; scale on checks (rule 42, SAM-A14: Fortitude +3 x scale, Wrestle +scale,
    Stealth -scale); attack skills less scale (rule 48) are applied per attack; mobility
    penalties (rule 174, SAM-A12)."""
    ranks: dict[str, int] = {str(k): v for k, v in sheet.skills.items()}
    out = {name: data.skill_bonus(name, ranks.get(name, 0)) for name in data.skill_names()}
    out["fortitude"] += 3 * sheet.scale
    out["wrestle"] += sheet.scale
    out["stealth"] -= sheet.scale
    out["dodge"] = out["reflex"]  # rule 49: a dodge is rolled with Reflex
    for name in MOBILITY_SKILLS:
        out[name] -= mobility
    return out


def build(sheet: model.Combatant, name: str, ident: str, side: str) -> Fighter:
    square = data.scale_table()[sheet.scale].square
    armour = data.armour()[sheet.armour]
    unarmoured = data.skill_bonus("unarmoured", sheet.skills.get("unarmoured", 0))
    enc = encumbrance_penalty(sheet.STR, sheet.END, sheet.carried, sheet.wheeled)
    mobility = max(armour.mobility, enc)  # rule 222: armour and encumbrance do not stack
    defence = defence_bonus(armour.defence, sheet.natural_armour, sheet.durability, unarmoured)
    tough = toughness(sheet.scale, sheet.END, defence)
    f = Fighter(id=ident, name=name, side=side)
    f.scale, f.square = sheet.scale, square
    f.STR, f.DEX, f.END, f.SPI = sheet.STR, sheet.DEX, sheet.END, sheet.SPI
    f.ranks = {str(k): v for k, v in sheet.skills.items()}
    f.round_rolls = rolls_of(f.ranks)  # S6: a round's defence rolls (`refresh_defences`)
    f.bonus = skill_bonuses(sheet, min(mobility, 5))
    f.techniques = list(sheet.techniques)
    f.speed = sheet.speed
    f.mobility = mobility
    f.overloaded = enc >= 5  # rule 220: more than five steps carried (a fifth penalty)
    f.move_squares = squares_per_move(sheet.speed, square, mobility)
    f.run_squares = squares_per_move(3 * sheet.speed, square, 3 * mobility)  # rule 30
    f.defence = defence
    f.defence_floor = defence_bonus(0, sheet.natural_armour, sheet.durability, unarmoured)
    f.toughness, f.min_toughness = tough, tough - 6
    f.will = sheet.SPI + 6 + sheet.will_modifier  # rules 135, 143 (T-SAM-10)
    f.min_will = f.will - 6
    f.weapons = [wield(f, data.weapons()[w]) for w in sheet.weapons]
    f.armour, f.shield = sheet.armour, sheet.shield
    f.combos = [tuple(c) for c in sheet.combos]
    if sheet.possession is not None:  # rule 152
        p = sheet.possession
        f.possession = (p.bonus, p.range, p.seconds)
    f.attacks_allowed = 1 + sheet.techniques.count("extra attack")  # rule 86
    f.posture, f.cover = sheet.posture, sheet.cover
    if sheet.cover_toward is not None:  # issue 31: cover protects from its own side only
        f.cover_toward = (float(sheet.cover_toward[0]), float(sheet.cover_toward[1]))
    f.cover_object = cover.build(sheet.cover_object)  # rules 103-106
    f.concealed, f.invisible, f.lowlight = sheet.concealed, sheet.invisible, sheet.lowlight
    f.hiding = sheet.hiding
    f.arrives = sheet.arrives
    f.present = sheet.arrives <= 1
    f.hidden = not f.present  # rule 4: not there yet, unknown to the other sides
    f.disabled, f.held = sheet.disabled, sheet.held
    f.level, f.xp, f.asleep = sheet.level, sheet.xp, sheet.asleep  # rules 191, 225
    f.inanimate, f.animal = sheet.inanimate, sheet.animal  # rules 171, 224
    if sheet.tired:  # rule 194 (S16): -1 to all checks
        f.bonus = {k: v - 1 for k, v in f.bonus.items()}
    if sheet.position is not None:
        f.position = Position(float(sheet.position[0]), float(sheet.position[1]))
    movement_and_hazards(f, sheet)
    return f


def movement_and_hazards(f: Fighter, sheet: model.Combatant) -> None:
    """Stage 2: a flyer aloft moves at its flight speed (SAM-A11); its melee hits' poison
    (rule 203); syndromes it has as the fight starts (rules 208, 210: no check until its
    turn, it caught them before); drinks to roll for (rule 211); EMP Toughness (rule 200)."""
    f.altitude = sheet.altitude
    if sheet.fly_speed is not None:
        f.fly_squares = squares_per_move(sheet.fly_speed, f.square, f.mobility)
        if f.altitude > 0:
            f.move_squares = f.fly_squares
            f.run_squares = squares_per_move(3 * sheet.fly_speed, f.square, 3 * f.mobility)
    f.venom = sheet.venom or ""
    for d in sheet.afflicted:
        dc, counts = overdose(base_dc(d.poison), d.doses)
        f.syndromes.append(Syndrome(d.poison, dc, counts, d.doses))
    f.to_drink = list(sheet.drinks)
    if sheet.electronic is not None:
        f.emp_toughness = data.hazards()["emp_toughness"][sheet.electronic]


def wield(f: Fighter, w: data.WeaponData) -> Wielded:
    """S9: damage = die + STR (melee and thrown) + 3 x scale (melee, rule 55, SAM-A26); a
    light bludgeoning weapon one die smaller (rule 197)."""
    bonus = (f.STR if w.strength else 0) + (3 * f.scale if w.kind == "melee" else 0)
    die = w.damage
    if w.light_material and "bludgeoning" in w.types:
        die = data.smaller_die(die)  # rule 197
    notation = die if bonus == 0 else f"{die}{bonus:+d}"
    return Wielded(data=w, damage=notation)


def place_with(state: SamState, f: Fighter, side: str) -> None:
    """F-SAM-2: a fighter without a position stands in its side's line: the sides
    `conditions.distance` metres apart along x, each line along y, two squares a fighter."""
    index = [s.name for s in state.sides].index(side)
    x = index * (state.conditions.distance + 1)
    others = [
        g for g in state.fighters() if g.side == side and g is not f and g.placed
    ]  # fmt: skip
    y = sum(2 * g.square for g in others)
    f.position = Position(x, y)
    f.placed = True


def arrange(state: SamState, sheets: dict[str, model.Combatant]) -> None:
    for f in state.fighters():
        if sheets[f.id].position is not None:
            f.placed = True
    for f in state.fighters():
        if not f.placed:
            place_with(state, f, f.side)
