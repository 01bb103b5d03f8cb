"""Attack, defence, the matrix and damage: seed 002 §5.5–§5.13, in the order the book runs them.

`resolve_attack` is the whole of one attack: roll against the chance, let the target parry or
dodge if it may, read the matrix, damage the weapons the matrix names, roll and apply damage.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from fracas.core.combatant import Status, record_harm
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.table import UNREAD, Table
from fracas.dice import compile_dice
from fracas.rulesets.brp import data, decisions, derived
from fracas.rulesets.brp.derived import FAILURE, FUMBLE
from fracas.rulesets.brp.events import (
    AttackRolled,
    Damaged,
    DefenceRolled,
    Dying,
    FellUnconscious,
    ItemDamaged,
    MatrixApplied,
    NoDefence,
)
from fracas.rulesets.brp.state import (
    ATTACK_LEVEL,
    ATTACKS,
    BROKEN,
    DODGE_LEVEL,
    PARRY_LEVEL,
    BRPState,
    Fighter,
    Injury,
    Shield,
    Weapon,
    metres_between,
)

# ----------------------------------------------------------------------------- attack chance


def range_band(weapon: Weapon, metres: float) -> int:
    """§5.9: 0 within the range, 1 up to twice (½), 2 up to three times (¼), 3 beyond (none);
    melee weapons are always 0."""
    rng = weapon.data.range
    if not weapon.data.missile or rng is None or metres <= rng:
        return 0
    return 1 if metres <= 2 * rng else 2 if metres <= 3 * rng else 3


def attack_chance(
    state: BRPState,
    attacker: Fighter,
    target: Fighter,
    weapon: Weapon,
    metres: float | None = None,
) -> int:
    """The chance to hit: §5.9 range bands (full, ½ to twice, ¼ to three times, none beyond),
    §5.5 Difficult. A similar specialty (§5.5) is already halved in `weapon.chance`. `metres`:
    the distance to shoot from, if not the present one (a shooter that will move, §5.3).
    Computed on every option the tactics weigh, so it builds no text (see `chance_modifiers`)."""
    chance = weapon.chance
    band = 0  # melee: no range bands, and no distance to measure
    if weapon.data.missile:
        band = range_band(weapon, metres_between(attacker, target) if metres is None else metres)
    if band == 3:
        return 0
    if band == 2:
        chance = derived.quarter(chance)
    elif band == 1:
        chance = derived.difficult(chance)
    if attacker.difficult:
        chance = derived.difficult(chance)
    return chance


def chance_modifiers(attacker: Fighter, target: Fighter, weapon: Weapon) -> tuple[str, ...]:
    """The modifiers `attack_chance` applied, in words, for the log."""
    mods: list[str] = []
    if weapon.similar:
        mods.append(f"similar specialty {weapon.specialty}: ½ (§5.5)")
    d = metres_between(attacker, target)
    rng = weapon.data.range
    band = range_band(weapon, d)
    if band == 3:
        return (f"{d:.0f} m is beyond three times the range ({rng} m): no chance (§5.9)",)
    if band:
        part = "twice the range: ½" if band == 1 else "three times the range: ¼"
        mods.append(f"{d:.0f} m, up to {part} (§5.9)")
    if attacker.difficult:
        mods.append("Difficult: ½ (§5.5)")
    return tuple(mods)


# ----------------------------------------------------------------------------- defence


# Defences are built for every attack: each writes its own __init__ (see actions.py).
@dataclass(slots=True, unsafe_hash=True, init=False)
class Parry:
    item: Weapon | Shield
    chance: int
    note: str

    def __init__(self, item: Weapon | Shield, chance: int, note: str = "") -> None:
        self.item, self.chance, self.note = item, chance, note

    def __str__(self) -> str:
        return f"parry with {self.item} ({self.chance}%)"


@dataclass(slots=True, unsafe_hash=True, init=False)
class Dodge:
    chance: int
    note: str

    def __init__(self, chance: int, note: str = "") -> None:
        self.chance, self.note = chance, note

    def __str__(self) -> str:
        return f"dodge ({self.chance}%)"


@dataclass(slots=True, unsafe_hash=True, init=False)
class NoDefend:
    def __init__(self) -> None:
        pass

    def __str__(self) -> str:
        return "take it"


Defence = Parry | Dodge | NoDefend
NO_DEFENCE: Final = NoDefend()  # it holds nothing: one for every attack


def why_no_defence(state: BRPState, defender: Fighter, weapon: Weapon) -> str | None:
    """Why the defender may not parry or dodge at all, or None if it may try (§5.6, §5.7)."""
    if not defender.active:
        return "not conscious"
    if not defender.aware:
        return "unaware of the attack (§5.6, §5.7)"
    if state.dark:  # F-BRP-9 (`conditions.lighting`, read once)
        return "cannot see the attack coming in the dark (§5.6, §5.7)"
    if weapon.data.high_velocity:
        return "firearms and energy weapons cannot be parried or dodged (§5.6, §5.7)"
    return None


def defences(state: BRPState, defender: Fighter, weapon: Weapon) -> list[Defence]:
    """The defences open to `defender` against `weapon`, each with its chance.

    Melee: parry with an unbroken weapon (its attack skill, §5.6) or shield (Shield skill), or
    dodge. Low-velocity missiles: parry only with a shield at its flat chance (§5.11), dodge as
    Difficult (§5.7, if the GM allows). B9: each earlier defence this round costs the penalty.
    A defence the defender was offered last time and the same again is the same object,
    handed out again (`Fighter.kept_defences`, issue 35); while nothing the list is made
    from changed (`_defences_key`), the list itself is handed out again
    (`Fighter.defences_listed`; a shared list: do not change it).
    """
    penalty = state.defence_penalty * defender.defences
    shield = defender.shield
    # F-BRP-10: no shield in hand in a round its bearer swung a two-handed weapon.
    shield_in_hand = shield is not None and not shield.broken and not defender.two_handed
    missile = weapon.data.missile
    key = _defences_key(defender, penalty, missile, shield_in_hand)
    listed = defender.defences_listed
    if listed is not None and key == defender.defences_key:
        return listed
    kept = defender.kept_defences
    out = _defences_listed(state, defender, kept, penalty, missile, shield_in_hand)
    defender.defences_listed, defender.defences_key = out, key
    return out


def _defences_key(defender: Fighter, penalty: int, missile: bool, shield_in_hand: bool) -> int:
    """Everything `_defences_listed` reads that may change during a battle, as one integer:
    the penalty (B9), the attack a missile or not, the shield in hand, the defender kneeling
    and, against a blow, which of its weapons may parry (unbroken, with hit points). The rest
    is the fighter's for the whole battle (its chances, its shield's kind, its Dodge) or the
    encounter's (`options.dodge_missiles`). Its weapons are those of its sheet: BRP never
    changes them during a battle, so the number of bits is fixed."""
    key = penalty
    for w in defender.weapons:  # (a bit a weapon: the weapons are fixed, so is their number)
        hp = w.hp
        parries = not missile and not w.data.missile and hp is not None and hp > 0
        key = key * 2 + (1 if parries else 0)
    key = key * 8 + (4 if missile else 0) + (2 if shield_in_hand else 0)
    return key + (1 if defender.kneeling else 0)


def defences_afresh(state: BRPState, defender: Fighter, weapon: Weapon) -> list[Defence]:
    """`defences` made from nothing kept: every option built anew (the form `defences` must
    equal, tests/brp/test_statement_kept.py)."""
    penalty = state.defence_penalty * defender.defences
    shield = defender.shield
    shield_in_hand = shield is not None and not shield.broken and not defender.two_handed
    return _defences_listed(state, defender, [], penalty, weapon.data.missile, shield_in_hand)


def _defences_listed(
    state: BRPState,
    defender: Fighter,
    kept: list[object],
    penalty: int,
    missile: bool,
    shield_in_hand: bool,
) -> list[Defence]:
    """`defences` made: each taken from `kept` (`Fighter.kept_defences`) where the same."""
    out: list[Defence] = []
    shield = defender.shield
    if missile:
        if shield_in_hand:
            assert shield is not None
            cls = shield.data.missile
            if cls == "large" and defender.kneeling:
                cls = "large_kneeling"
            chance = data.missile_parry()[cls] - penalty
            _offer_parry(kept, out, shield, chance, "flat chance (§5.11)")
        if state.options.dodge_missiles:
            _offer_dodge(kept, out, derived.difficult(defender.dodge) - penalty, "Difficult (§5.7)")
    else:
        for w in defender.weapons:
            if not w.data.missile and w.hp is not None and not w.broken:
                _offer_parry(kept, out, w, w.chance - penalty, "")
        if shield_in_hand:
            assert shield is not None
            _offer_parry(kept, out, shield, shield.chance - penalty, "")
        _offer_dodge(kept, out, defender.dodge - penalty, "")
    if len(kept) > len(out):
        del kept[len(out) :]
    out.append(NO_DEFENCE)
    return out


def _offer_parry(
    kept: list[object], out: list[Defence], item: Weapon | Shield, chance: int, note: str
) -> None:
    """`Parry(item, chance, note)` added to `out` if it has a chance (§5.6): the one kept at
    the same position if it is that parry (every field the same), else a new one kept there."""
    if chance <= 0:
        return
    k = len(out)
    if k < len(kept):
        old = kept[k]
        if (
            isinstance(old, Parry)
            and old.item is item
            and old.chance == chance
            and old.note == note
        ):
            out.append(old)
            return
    parry = Parry(item, chance, note)
    _keep(kept, k, parry)
    out.append(parry)


def _offer_dodge(kept: list[object], out: list[Defence], chance: int, note: str) -> None:
    """`Dodge(chance, note)` added to `out` if it has a chance (§5.7), kept as `_offer_parry`."""
    if chance <= 0:
        return
    k = len(out)
    if k < len(kept):
        old = kept[k]
        if isinstance(old, Dodge) and old.chance == chance and old.note == note:
            out.append(old)
            return
    dodge = Dodge(chance, note)
    _keep(kept, k, dodge)
    out.append(dodge)


def _keep(kept: list[object], k: int, option: object) -> None:
    if k < len(kept):
        kept[k] = option
    else:
        kept.append(option)


# ----------------------------------------------------------------------------- the attack

# A quiet roll passes `table.UNREAD` (about 170 instructions an attack saved; issue 35);
# the functions that word a roll's reason and needs are made here, only when they may be read.


def _attack_reason(attacker: Fighter) -> Callable[[], str]:
    return lambda: f"{attacker.name}'s attack"  # worked out only if read (`Reason`)


def _to_hit(chance: int, target: Fighter) -> Callable[[], str]:
    return lambda: derived.needs(chance, f"to hit {target.name}")


def _defence_reason(defender: Fighter, defence: Parry | Dodge) -> Callable[[], str]:
    return lambda: f"{defender.name}'s {_kind(defence)}"


def _to_defend(defence: Parry | Dodge) -> Callable[[], str]:
    return lambda: derived.needs(defence.chance, f"to {_kind(defence)}")


def _damage_reason(attacker: Fighter, notation: str) -> Callable[[], str]:
    return lambda: damage_reason(attacker, notation)


def resolve_attack(
    table: Table, state: BRPState, attacker: Fighter, target: Fighter, weapon: Weapon
) -> str:
    """One attack, §5.5 to §5.13; what came of it, in words (`outcome_name`)."""
    chance = attack_chance(state, attacker, target, weapon)
    spend_ammunition(weapon)
    if table.quiet:  # (nobody reads why: no closures made; `Table.quiet`)
        roll = table.roll("1D100", by=attacker, reason=UNREAD)
    else:
        roll = table.roll(
            "1D100", by=attacker, reason=_attack_reason(attacker), needs=_to_hit(chance, target)
        )
    level = derived.level_number(roll.total, chance)  # a plain int (`derived.FUMBLE`...)
    state.count(ATTACKS)
    state.count(ATTACK_LEVEL + level)
    if table.observed:
        table.emit(
            AttackRolled(
                attacker=attacker.name,
                target=target.name,
                weapon=weapon.name,
                chance=chance,
                modifiers=chance_modifiers(attacker, target, weapon),
                roll=roll.total,
                special_at=derived.special_threshold(chance),
                level=derived.label_of(level),
            )
        )
    if weapon.data.hands == 2:
        attacker.two_handed = True
    if level <= FAILURE:  # §5.5: a success or a special succeeds (`derived.succeeded`)
        return outcome_name(level, NO_DEFENCE, FAILURE, "")  # §5.8: no damage, no effect
    defence_level = FAILURE
    defence: Defence = NO_DEFENCE
    reason = why_no_defence(state, target, weapon)
    if reason is not None:
        if table.observed:
            table.emit(NoDefence(defender=target.name, reason=reason))
    else:
        defence = table.choose(target, decisions.DEFEND, defences(state, target, weapon))
        if not isinstance(defence, NoDefend):
            defence_level = roll_defence(table, target, defence)
            if defence_level > FAILURE:
                first = PARRY_LEVEL if isinstance(defence, Parry) else DODGE_LEVEL
                state.count(first + defence_level)
    row = derived.matrix_row_of(level, defence_level)
    if table.observed:
        table.emit(
            MatrixApplied(
                attack=derived.label_of(level),
                defence=derived.label_of(defence_level),
                result=row.result,
                rule=row.text,
            )
        )
    if row.parry_item_damage and isinstance(defence, Parry):
        damage_item(table, state, target, defence.item, row.parry_item_damage)
    if (
        row.attacker_weapon_damage
        and isinstance(defence, Parry)
        and not weapon.data.missile
        and weapon.hp is not None
    ):
        damage_item(table, state, attacker, weapon, row.attacker_weapon_damage)
    if row.result != "blocked":
        deal_damage(table, attacker, target, weapon, special=row.result == "special")
    return outcome_name(level, defence, defence_level, row.result)


def outcome_name(level: int, defence: Defence, defence_level: int, result: str) -> str:
    """An attack's outcome in words, for `fracas odds`: a fumble or a miss (§5.8, B6);
    parried or dodged (blocked by the matrix); partly parried or dodged (a special attack met
    by a successful defence does normal damage); a hit; a special (§5.13). The levels are
    `Level` members or the plain integers they equal (`derived.FUMBLE`...)."""
    if level <= FAILURE:
        return "fumble" if level == FUMBLE else "miss"
    kind = "parried" if isinstance(defence, Parry) else "dodged"
    if result == "blocked":
        return kind
    if result == "normal" and defence_level > FAILURE:
        return f"partly {kind}"
    return "special" if result == "special" else "hit"


def roll_defence(table: Table, defender: Fighter, defence: Parry | Dodge) -> int:
    """§5.6, §5.7: the parry or dodge roll; its level as a plain int (`derived.level_number`)."""
    defender.defences += 1
    if table.quiet:  # (nobody reads why: no closures made; `Table.quiet`)
        roll = table.roll("1D100", by=defender, reason=UNREAD)
    else:
        roll = table.roll(
            "1D100",
            by=defender,
            reason=_defence_reason(defender, defence),
            needs=_to_defend(defence),
        )
    level = derived.level_number(roll.total, defence.chance)
    if table.observed:
        table.emit(
            DefenceRolled(
                defender=defender.name,
                kind=_kind(defence),
                using=str(defence.item) if isinstance(defence, Parry) else "",
                chance=defence.chance,
                modifiers=(defence.note,) if defence.note else (),
                roll=roll.total,
                level=derived.label_of(level),
            )
        )
    return level


def _kind(defence: Parry | Dodge) -> str:
    return "parry" if isinstance(defence, Parry) else "dodge"


def spend_ammunition(weapon: Weapon) -> None:
    """§5.9 notes: a shot from the magazine; a crossbow must be reloaded; a thrown item leaves
    the hand (F-BRP-11)."""
    if weapon.shots is not None:
        weapon.shots -= 1
    if weapon.data.kind is data.Kind.CROSSBOW:
        weapon.loaded = False


def damage_item(
    table: Table, state: BRPState, owner: Fighter, item: Weapon | Shield, points: int
) -> None:
    """§5.8 matrix weapon damage; B10: at 0 hit points the weapon or shield breaks."""
    assert item.hp is not None
    item.hp = max(0, item.hp - points)
    if item.hp == 0:
        state.count(BROKEN)
    if table.observed:
        table.emit(
            ItemDamaged(
                owner=owner.name, item=str(item), points=points, hp=item.hp, broken=item.hp <= 0
            )
        )


# ----------------------------------------------------------------------------- damage

_BONUS = re.compile(r"^(?P<weapon>.*?)(?P<bonus>[+-](?:½|1/2)?db)?$")


def split_damage(notation: str) -> tuple[str, str]:
    """The weapon's own dice and the damage-bonus term: "1D8+2+db" → ("1D8+2", "+db")."""
    m = _BONUS.match(notation.replace(" ", ""))
    assert m is not None
    return m["weapon"], m["bonus"] or ""


def damage_notation(weapon: Weapon, special: bool) -> str:
    """§5.9 normal damage, or §5.13 special: the weapon's maximum + a normal roll + db."""
    return special_damage(weapon.data.damage) if special else weapon.data.damage


@lru_cache(maxsize=256)
def special_damage(notation: str) -> str:
    """§5.13: "1D6+1+db" → "7+1D6+1+db" (maximum of the weapon's own dice, then the roll)."""
    own, bonus = split_damage(notation)
    return f"{compile_dice(own).maximum}+{own}{bonus}"


def armour_against(target: Fighter, weapon: Weapon) -> int:
    """§5.10: armour points (helmet added, B11); Riot Gear 12 against firearms (B-C4)."""
    if weapon.data.kind is data.Kind.FIREARM:
        return target.armour_vs_firearms
    return target.armour


def damage_reason(attacker: Fighter, notation: str) -> str:
    """What a damage roll is for, naming the damage bonus the dice hold (§5.9, 2.5: db from
    STR+SIZ), so that a player can check the sum in the log or roll it at the table."""
    db = attacker.dice_vars.get("db", "0")
    if "db" not in notation or db in ("0", "+0"):
        return f"{attacker.name}'s damage"
    return f"{attacker.name}'s damage ({notation}, damage bonus db = {db})"


def deal_damage(
    table: Table, attacker: Fighter, target: Fighter, weapon: Weapon, *, special: bool
) -> None:
    notation = damage_notation(weapon, special)
    if table.quiet:  # (nobody reads why: no closure made; `Table.quiet`)
        roll = table.roll(notation, by=attacker, reason=UNREAD)
    else:
        roll = table.roll(notation, by=attacker, reason=_damage_reason(attacker, notation))
    rolled = max(0, roll.total)
    armour = armour_against(target, weapon)
    injure(table, target, rolled, armour, attacker=attacker, special=special)


def injure(
    table: Table,
    target: Fighter,
    damage: int,
    armour: int,
    *,
    attacker: Fighter | None = None,
    special: bool = False,
) -> None:
    """§5.12: damage beyond the armour comes off hit points, as one injury (§5.14)."""
    injury = max(0, damage - armour)
    if injury:
        target.hp -= injury
        target.injuries.append(Injury(injury))
        record_harm(target, injury, attacker)
    if table.observed:
        table.emit(
            Damaged(
                target=target.name,
                attacker=attacker.name if attacker else "",
                damage=damage,
                armour=armour,
                injury=injury,
                hp=target.hp,
                hp_max=target.hp_max,
                special=special,
            )
        )
    if target.status is Status.ACTIVE and target.hp <= 2:
        target.status = Status.DOWN
        target.went_down = True
        if table.observed:
            if target.hp <= 0:
                table.emit(Dying(who=target.name, hp=target.hp))
            else:
                table.emit(FellUnconscious(who=target.name, hp=target.hp))
    elif target.dying and target.hp + injury > 0 and table.observed:
        table.emit(Dying(who=target.name, hp=target.hp))


# Built with their own __init__, these copy through it on the compiled build (core.immutable).
rebuilt_by_constructor(Parry, Dodge, NoDefend)
