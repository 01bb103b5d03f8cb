"""Saves and damage rolls (RULINGS M2, M9, M11): the dice of Murdham, through `table.roll`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fracas.core.table import Reason, Table
from fracas.rulesets.murdham import data
from fracas.rulesets.murdham.events import DamageRolled, SaveRolled
from fracas.rulesets.murdham.state import Character

# "1D4", "1D6"...: one die of each size, written once rather than formatted for every roll
# (the string, and its hash for the table's cache of compiled dice, built per die; issue 10).
ONE_DIE: Final = tuple(f"1D{n}" for n in range(101))


def one_die(die: int) -> str:
    return ONE_DIE[die] if 0 <= die < len(ONE_DIE) else f"1D{die}"


def score(who: Character, ability: str) -> int:
    """The character's STR, AGI or WIT by name: attributes read directly (a `getattr` by name
    is a generic look-up compiled; issue 10), any other name looked up."""
    if ability == "STR":
        return who.STR
    if ability == "AGI":
        return who.AGI
    if ability == "WIT":
        return who.WIT
    found: int = getattr(who, ability)
    return found


def save(table: Table, who: Character, ability: str, why: str) -> bool:
    """M2: roll a d20, pass on a roll equal to or under the ability (a 20 always fails)."""
    value = score(who, ability)
    roll = table.roll(
        "1D20",
        by=who,
        reason=lambda: f"{who.name}'s {ability} save ({why})",  # only if read (`Reason`)
        needs=lambda: save_needs(value),
    ).total
    passed = roll <= value and roll < 20
    if table.observed:
        table.emit(
            SaveRolled,
            who=who.name,
            ability=ability,
            score=value,
            roll=roll,
            passed=passed,
            why=why,
        )
    return passed


def group_save(table: Table, group: Sequence[Character], ability: str, why: str) -> dict[str, bool]:
    """M2: a group save is one d20 compared with each character's score."""
    lead = group[0]
    roll = table.roll(
        "1D20",
        by=lead,
        reason=lambda: f"group {ability} save ({why})",
        needs=lambda: "; ".join(f"{c.name}: {save_needs(score(c, ability))}" for c in group),
    ).total
    out = {}
    for c in group:
        value = score(c, ability)
        passed = roll <= value and roll < 20
        out[c.id] = passed
        if table.observed:
            table.emit(
                SaveRolled,
                who=c.name,
                ability=ability,
                score=value,
                roll=roll,
                passed=passed,
                why=why,
            )
    return out


def save_needs(value: int) -> str:
    """What a save against `value` needs, in words, for a person rolling it by hand (issue 33;
    M2: equal to or under the ability, a 20 always fails)."""
    if value < 1:
        return "cannot pass"
    return f"{min(value, 19)} or less to pass"


def exploding(
    table: Table, die: int, who: Character, reason: Reason
) -> tuple[int, tuple[int, ...]]:
    """M9: on the maximum, roll the die again and add the new result to the previous roll
    minus 1; keep going while the maximum comes up. d6: 6, 6, 3 → 5 + 5 + 3 = 13."""
    notation = one_die(die)
    face = table.roll(notation, by=who, reason=reason).total
    if face < die or die == 1:  # most rolls: no list of faces to build
        return face, (face,)
    faces = [face]
    total = face - 1
    while True:
        face = table.roll(notation, by=who, reason=reason).total
        faces.append(face)
        if face < die:
            return total + face, tuple(faces)
        total += face - 1


def damage_roll(
    table: Table, who: Character, die: int, dice: int, net: int, reason: Reason
) -> tuple[int, tuple[int, ...]]:
    """Roll `dice` exploding dice of `die` sides (size doubling rolls more of them, seed
    "Effects of size"), each impaired or enhanced by `net` = enhancements − impairments
    (M11: −1 roll twice keep the lower, +1 keep the higher, −2 or less no damage at all).
    Returns the total and the first die's first face (a 1 destroys a damaged weapon)."""
    if net <= -2:
        if table.observed:
            table.emit(
                DamageRolled,
                who=who.name,
                die=die,
                dice=dice,
                faces=(),
                total=0,
                note="impaired more than once: no damage (M11)",
            )
        return 0, ()
    total = 0
    firsts: list[int] = []
    # The faces kept, for the log only (issue 10: nothing built unread).
    kept_faces: list[tuple[int, ...]] | None = [] if table.observed else None
    for _ in range(dice):
        if net == 0:
            value, kept = exploding(table, die, who, reason)
        else:
            a, fa = exploding(table, die, who, reason)
            b, fb = exploding(table, die, who, reason)
            pick_a = (a <= b) if net < 0 else (a >= b)
            value, kept = (a, fa) if pick_a else (b, fb)
        total += value
        firsts.append(kept[0])
        if kept_faces is not None:
            kept_faces.append(kept)
    # One die that neither exploded nor was impaired or enhanced is logged once, by its own
    # dice line (issue 33); the damage line sums what that line cannot (M9, M11).
    if kept_faces is not None and (net != 0 or len(kept_faces) > 1 or len(kept_faces[0]) > 1):
        note = {0: "", -1: "impaired: the lower of two (M11)"}.get(
            net, "enhanced: the higher of two (M11)"
        )
        table.emit(
            DamageRolled, who=who.name, die=die, dice=dice, faces=tuple(kept_faces), total=total,
            note=note,
        )  # fmt: skip
    return total, tuple(firsts)


def damage_dice(table: Table, who: Character, notation: str, reason: str) -> int:
    """M9: all damage dice explode, whatever deals the damage (a larger shover's d4, a fall,
    a hazard's "2d6"): each die of `notation` is an exploding die, plus its constant."""
    match = data.DAMAGE_NOTATION.match(notation)
    if match is None:
        raise ValueError(f"not a damage notation: {notation!r} (expected e.g. 2d6+1)")
    count, die, sign, bonus = match.groups()
    total, _ = damage_roll(table, who, int(die), int(count or 1), 0, reason)
    shift = int(bonus or 0)
    return max(0, total - shift if sign == "-" else total + shift)
