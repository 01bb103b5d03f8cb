"""Manoeuvres: disarming, dismounting with a polearm, the whip (seed "Melee combatants using a
one-handed weapon can try to disarm …", "… using polearms can attempt to dismount …", "A
whip may be used to entangle …"; checklist rules 40, 91, 93; RULINGS.md T-ODD-13; ODD-U15,
U16, U36).

Each is declared instead of an attack and rolled to hit like one (its situation from
`strikes.modifiers`); it deals no damage (ODD-U16). On a hit: disarm — the target saves vs
Paralysis, +1 per full 3 levels it is above the attacker, or is disarmed (its weapon at its
feet: picking it up takes its next action); dismount — the rider saves the same way or falls,
prone, no longer mounted; whip — the wielder picks an area (feet or weapon) and saves vs
Paralysis less the target's STR bonus: yanked off its feet (prone), or its weapon pulled away.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.odnd import attack, data, decisions, magic, specials, strikes
from fracas.rulesets.odnd.events import Effect, Manoeuvre
from fracas.rulesets.odnd.state import Fighter, OdndState, add_to_tally

KINDS: Final = ("disarm", "dismount", "whip")
AREAS: Final = ("feet", "weapon")  # rule 40: the wielder decides on an area


def level(f: Fighter) -> int:
    return f.level if f.kind == "character" else f.hd


def one_handed_melee(f: Fighter) -> bool:
    """Rule 93: a one-handed weapon held in the hand (not claws or a bite, issue 34)."""
    w = f.primary.data
    return not w.ranged and w.hands == 1 and not w.unarmed and not w.natural and not f.disarmed


def allowed(f: Fighter, target: Fighter) -> list[str]:
    """Which manoeuvres `f` may try on `target` (rules 40, 91, 93; ODD-U36)."""
    return [kind for kind in open_to(f) if allowed_against(kind, target)]


def open_to(f: Fighter) -> tuple[str, ...]:
    """The manoeuvres `f`'s weapon allows on some foe, in `KINDS`' order (`allowed`'s half
    that reads only `f`: the declarations work it out once a fighter, not once a target;
    issue 35). One of the constant tuples below: no list built at each declaration."""
    if f.unit_size:
        return NONE
    w = f.primary.data
    disarm = one_handed_melee(f) and not w.whip  # rule 93: one-handed against one-handed
    if w.polearm:  # rule 91: a polearm against a rider
        if disarm:
            return DISARM_DISMOUNT
        return DISMOUNT_WHIP if w.whip else DISMOUNT
    if w.whip:  # rule 40
        return WHIP
    return DISARM if disarm else NONE


# `open_to`'s answers, each in `KINDS`' order.
NONE: Final[tuple[str, ...]] = ()
DISARM: Final[tuple[str, ...]] = ("disarm",)
DISMOUNT: Final[tuple[str, ...]] = ("dismount",)
WHIP: Final[tuple[str, ...]] = ("whip",)
DISARM_DISMOUNT: Final[tuple[str, ...]] = ("disarm", "dismount")
DISMOUNT_WHIP: Final[tuple[str, ...]] = ("dismount", "whip")


def allowed_against(kind: str, target: Fighter) -> bool:
    """Whether a manoeuvre `open_to` its wielder may be tried on `target` (rules 40, 91, 93):
    never on a unit; a disarm on a one-handed weapon, a dismount on a rider, the whip on a
    foe of ogre size or smaller."""
    if target.unit_size:
        return False
    if kind == "disarm":
        return one_handed_melee(target)
    if kind == "dismount":
        return target.mounted
    return target.size != "huge"


def save_chance(target: Fighter, bonus: int) -> Fraction:
    """P(d20 + bonus ≥ the save vs Paralysis), D6 (for the exact odds)."""
    return Fraction(save_faces(target, bonus), 20)


def save_faces(target: Fighter, bonus: int) -> int:
    """The d20's faces that make the save vs Paralysis with `bonus` (D6): `save_chance` in
    twentieths, for the tactics (no `Fraction` built per option; issue 35)."""
    needed = data.save_target(level(target), target.normal_man) - bonus
    return max(0, min(20, 21 - needed))


def bonus_above(target: Fighter, attacker: Fighter) -> int:
    """T-ODD-13: +1 per full 3 levels the target is above the attacker."""
    return max(0, (level(target) - level(attacker)) // 3)


def save_bonus(target: Fighter, attacker: Fighter) -> int:
    """F-ODD-46, D6 (issue 29 item 18): the saver's attribute bonus — DEX, the reflex save
    a disarm or a fall from the saddle calls for — and T-ODD-13's levels above."""
    return target.dex_bonus + bonus_above(target, attacker)


def attempt(table: Table, state: OdndState, f: Fighter, target: Fighter, kind: str) -> None:
    """The manoeuvre's to-hit roll, then its save (rules 40, 91, 93)."""
    m = strikes.modifiers(state, f, target, table.observed)
    f.charge_strike = False
    shields = strikes.face_shield(f, target, m)  # rule 66, ODD-U4
    d20, needed, hit, _ = attack.swing(
        table, state, f, target, m.bonus, m.edge, shields, not m.exposed
    )
    words = "; ".join(m.why)
    if table.observed:  # both sides' terms (issue 29, the log)
        words = attack.explain(state, f, target, shields, not m.exposed, words, False)
    if table.observed:
        table.emit(
            Manoeuvre, who=f.name, target=target.name, kind=kind, roll=d20, needed=needed, hit=hit,
            rules=words,
        )  # fmt: skip
    if d20 == 1 and not hit:  # rules 27-29: a to-hit roll like any other
        attack.fumble(table, state, f)
    if not hit or not target.active:
        return
    if kind == "whip":
        whip(table, f, target)
        return
    why = "against being disarmed, rule 93" if kind == "disarm" else "to stay mounted, rule 91"
    if magic.save(table, target, save_bonus(target, f), why):
        return
    add_to_tally(state, kind + "s")
    if kind == "disarm":
        disarm(table, target)
    else:
        target.mounted = False
        if table.observed:
            table.emit(Effect, who=target.name, effect="is pulled from the saddle (rule 91)")
        specials.knock_down(table, target, f"{f.name}'s polearm")


def disarm(table: Table, target: Fighter) -> None:
    """ODD-U16: the weapon drops at its feet; picking it up takes its next action."""
    target.disarmed = True
    dropped = target.primary.data.name
    if table.observed:
        table.emit(Effect, who=target.name, effect=f"is disarmed: the {dropped} falls (ODD-U16)")


def whip(table: Table, f: Fighter, target: Fighter) -> None:
    """Rule 40, T-ODD-13: the wielder picks an area and saves with its DEX bonus (F-ODD-46),
    less the target's STR bonus."""
    held = target.primary.data
    if held.natural or held.unarmed or target.disarmed:  # issue 34: claws are not pulled away
        area = "feet"
    else:
        area = table.choose(f, decisions.WHIP_AREA, list(AREAS))
    bonus = f.dex_bonus - target.str_bonus  # F-ODD-46: the wielder's DEX, less their STR
    if not magic.save(table, f, bonus, f"whip entangles the {area}, rule 40"):
        return
    if area == "feet":
        specials.knock_down(table, target, f"{f.name}'s whip")
    else:
        disarm(table, target)
