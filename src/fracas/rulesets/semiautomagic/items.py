"""Attacking a worn or held item (seed "Attacking a Worn or Held Item"; rules 125-130; SAM-A30;
RULINGS.md C9).

"This functions much like a called shot": a single attack (4 s, F-SAM-48) at the weapon in an
enemy's hand, its armour or its shield, against the item's Target from the item table (armour:
the wearer's), with the enemy's situational modifiers; the enemy defends as usual. The damage
goes against the item's Toughness: above its Minimum Toughness a wound on the item (a weapon's
wounds then come off its damage, and a ranged weapon's off its attacks: `wear`; armour's off its
Defence bonus, SAM-A30); more than its Toughness destroys it (seed "Objects": "takes more
damage than its Toughness"; rule 128: a destroyed weapon is useless, F-SAM-64)."""

from __future__ import annotations

from typing import Any, Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import attack, called, data, wear
from fracas.rulesets.semiautomagic import events_geometry as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

ITEMS: Final[tuple[str, ...]] = ("weapon", "armour", "shield")  # (typed: a C loop)
ALLOT: Final = "allot item attack"  # rule 125: whose item, chosen before the dice (rule 90)
ARMOUR_BASE: Final = 3  # C9: (wearer's scale x 3) + Defence bonus + 3, kept as written


def row(name: str) -> dict[str, Any]:
    found: dict[str, Any] = data.tables()["items"][name]
    return found


def scaled(name: str, scale: int, wounds: int) -> tuple[int, int]:
    """Rules 129-130 (SAM-A30): the row's Target and Toughness, -1 Target and +3 Toughness a
    scale above 0 (the same the other way below 0), less the item's wounds."""
    r = row(name)
    return int(r["target"]) - scale, int(r["toughness"]) + 3 * scale - wounds


def armour_defence(t: Fighter) -> int:
    """SAM-A30: the armour's Defence bonus less its wounds."""
    return data.armour()[t.armour].defence - t.armour_wounds


def stats(t: Fighter, item: str) -> tuple[int, int] | None:
    """The item's Target and Toughness (Minimum 6 less), or None when `t` has no such item
    that can be attacked (fists, claws and spells are not on the table)."""
    if item == "weapon":
        w = t.wielded
        return scaled(w.data.item, w.data.scale, w.wounds) if w.data.item else None
    if item == "armour":  # C9: Target as the wearer, Toughness 3 x scale + Defence + 3
        if t.armour == "none":
            return None
        return 4 - t.scale, 3 * t.scale + armour_defence(t) + ARMOUR_BASE
    if not t.shield:
        return None
    return scaled(data.tables()["shield_item"], t.scale, t.shield_wounds)  # F-SAM-65


def offered(foes: list[Fighter]) -> list[str]:
    """The items some enemy in reach or range has, in `ITEMS`' order: each enemy read once
    for all three (`has`'s tests written out; issue 35: no string compared per item and
    enemy), and the walk stops once all three are found."""
    weapon = armour = shield = False
    for t in foes:
        weapon = weapon or bool(t.wielded.data.item)
        armour = armour or t.armour != "none"
        shield = shield or t.shield
        if weapon and armour and shield:
            break
    out: list[str] = []
    if weapon:
        out.append("weapon")
    if armour:
        out.append("armour")
    if shield:
        out.append("shield")
    return out


def has(t: Fighter, item: str) -> bool:
    """Whether `stats` finds the item on `t` (without working out its figures)."""
    if item == "weapon":
        return bool(t.wielded.data.item)
    if item == "armour":
        return t.armour != "none"
    return t.shield


def aim(sit: attack.Situation, t: Fighter, item: str) -> None:
    """Rule 125: the item's Target in place of the wearer's (4 - scale, rule 47)."""
    found = stats(t, item)
    assert found is not None
    sit.target += found[0] - (4 - t.scale)
    sit.rules += f"; at the {item} (rule 125)"


def resolve(
    table: Table, state: SamState, a: Fighter, w: Wielded, s: attack.Swing, item: str
) -> None:
    """Rule 125: attack roll, damage, the holder's defence, then the damage on the item."""
    t = s.target
    a.attacks_made += 1
    attack.roll_attack(table, state, a, w, s, {})
    if s.hit or s.cover:
        s.damage = wear.damage(table.roll(w.damage, by=a, reason=f"{w.data.name} damage").total, w)
    if s.cover:
        attack.through(table, state, a, s)
    if s.hit and not attack.defend(table, state, a, w, s):
        s.result = struck(table, state, t, item, s.damage)
    attack.spend_ammunition(a, w)


def struck(table: Table, state: SamState, t: Fighter, item: str, damage: int) -> str:
    """Rules 126-129 and the seed's "Objects": more than Toughness destroys the item; more
    than Minimum Toughness (or equal, option `wound_on_equal`) wounds it."""
    found = stats(t, item)
    if found is None:  # gone meanwhile (dropped by another hit)
        return "no effect"
    tough = found[1]
    least = tough - 6
    if damage > tough:
        effect = "destroyed"
    elif damage > least or (state.options.wound_on_equal and damage == least):
        effect = "wound"
    else:
        effect = "no effect"
    name = t.wielded.data.name if item == "weapon" else item
    if table.observed:
        table.emit(ev.ItemStruck, target=t.name, item=name, damage=damage, toughness=tough,
                   minimum=least, effect=effect)  # fmt: skip
    if effect != "no effect":
        state.tally[f"{item} {effect}"] += 1
        harm_item(table, t, item, effect == "destroyed")
    return effect


def harm_item(table: Table, t: Fighter, item: str, destroyed: bool) -> None:
    """A wound or destruction, on the item."""
    if item == "weapon":
        if destroyed:  # rule 128: useless for its purpose
            called.drop(table, t, f"its {t.wielded.data.name} is destroyed (rule 128)")
        else:
            t.wielded.wounds += 1
    elif item == "armour":
        if destroyed:
            t.armour, t.armour_wounds = "none", 0
        else:
            t.armour_wounds += 1
        refit(t)
    elif destroyed:
        t.shield = False  # no more Block (S6)
        called.say(table, t, "its shield is destroyed: it can no longer block")
    else:
        t.shield_wounds += 1


def refit(t: Fighter) -> None:
    """SAM-A30, rule 164: the armour's Defence falls with its wounds (or to nothing when it is
    destroyed) down to the best other source; Toughness and Minimum follow the change."""
    best = max(armour_defence(t), t.defence_floor, 0)
    change = best - t.defence
    t.defence = best
    t.toughness += change
    t.min_toughness += change


def wear_note(w: Wielded) -> str:
    """The GM card's note of a weapon's wounds and jam (rules 126-127)."""
    notes = [f"{w.wounds} wound(s)"] if w.wounds else []
    if w.jammed:
        notes.append("jammed")
    return f" ({', '.join(notes)})" if notes else ""
