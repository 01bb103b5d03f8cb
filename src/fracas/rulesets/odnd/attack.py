"""One attack, by the book: d20 against the attack matrix, natural 1 and the fumble, natural
20 and the over-20 penalty, the critical hit, damage (seed "COMBAT", "MISC COMBAT RULES";
RULINGS.md §4.1, D1, D2, D9–D11; checklist rules 1–2, 27–34, 59–63, 66, 69–70, 74–76;
ODD-U1, U2, U3, U4, U18, U21, U22, U50, U51)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from fracas.core.combatant import record_harm
from fracas.core.requests import Needs
from fracas.core.table import Table
from fracas.rulesets.odnd import data, facing, mass, space, specials, subdual
from fracas.rulesets.odnd.events import Attack, Damage, Fumble
from fracas.rulesets.odnd.state import Fighter, OdndState, Wielded, add_to_tally

D20: Final = "1d20"
D6: Final = "1d6"
TO_HIT: Final = "to hit"
ADVANTAGE: Final = "to hit, second die (advantage/disadvantage, D11)"
FUMBLE_CHECK: Final = "fumble check (d20 > level, rule 28)"
FUMBLE_TABLE: Final = "critical fumble (D9)"
WHICH_WEAPON: Final = "which weapon hit (Florentine, ODD-U22)"
DAMAGE: Final = "damage"
CRIT_DAMAGE: Final = "damage, critical (dice doubled, D10)"

RANGE_MOD: Final = {"short": 1, "medium": 0, "long": -1}  # rule 14


def armour_class(
    target: Fighter, attacker: Fighter, shield_counts: bool, melee: bool, dex: bool = True
) -> int:
    """Rules 1, 2, 15, 66, 69, 76 with ODD-U4, U51: DEX lowers AC unless the target is
    surprised, charging, helpless (prone, pinned, struggling, stunned: ODD-U15, U44) or
    attacked from the flank or rear (`dex` False, ODD-U20); a shield lowers it by 1 against
    its first two attackers, not in those cases but for the charge (rule 81, F-ODD-11: a
    charger loses its DEX only); Florentine lowers it by 1 against melee (76), a parry by
    2 (92)."""
    ac = target.base_ac
    if dex and not (target.surprised or exposed(target)):
        if not target.charging:
            ac -= target.dex_bonus
        if target.shield and shield_counts:
            ac -= 1
    if melee and len(target.weapons) == 2:
        ac -= 1
    if guarded(target):  # rules 92, 51: +2 defence
        ac -= 2
    return ac


def guarded(target: Fighter) -> bool:
    """Parrying (rule 92) or in a fighting withdrawal (rule 51): +2 defence."""
    return target.parrying or target.action == "withdraw"


def defence_words(
    state: OdndState, attacker: Fighter, target: Fighter, shield_counts: bool, dex: bool
) -> str:
    """The target's side of the "vs N+" line, for the log (issue 29, "What the log must
    show"): its AC from the sheet's, each term named as `armour_class` and `to_hit` apply
    it — DEX kept or lost and why, shield counted or not, Florentine, parry, off balance;
    a pinned target hit automatically."""
    melee = not attacker.weapons[0].data.ranged
    ac = armour_class(target, attacker, shield_counts, melee, dex)
    terms = [f"target AC {target.base_ac}"]
    lost = guard_lost(target, dex)
    if target.dex_bonus:
        gone = lost or ("charging" if target.charging else "")
        terms.append(f"DEX lost ({gone})" if gone else f"DEX {-target.dex_bonus:+d}")
    if target.shield:
        counted = shield_counts and not lost
        terms.append("shield -1" if counted else f"shield not counted ({lost or 'third attacker'})")
    if melee and len(target.weapons) == 2:
        terms.append("Florentine -1")
    if target.parrying or target.action == "withdraw":
        terms.append("parrying -2" if target.parrying else "withdrawing -2")
    if target.off_balance_until and target.off_balance_until >= state.round:
        terms.append("off balance +2")
        ac += 2
    words = ", ".join(terms) + (f" = AC {ac}" if len(terms) > 1 else "")
    words += f"; matrix {attacker.needed_at_ac9 + 9 - ac}+ against AC {ac}"
    if not attacker.weapons[0].trained:
        words += " (untrained: the normal man's row, rule 41)"
    if attacker.weapons[0].to_hit:
        words += f", {attacker.weapons[0].to_hit:+d} attributes/weapon"
    if target.grapple == "pinned":
        words += "; pinned: hit automatically but on a natural 1 (ODD-U44)"
    return words


def guard_lost(target: Fighter, dex: bool) -> str:
    """Why the target has neither DEX nor shield against this attack ("" if it has them)."""
    if not dex:
        return "flank or rear"
    if target.surprised:
        return "surprised"
    if target.stunned_until:
        return "stunned"
    if target.grapple:
        return target.grapple
    return "prone" if target.prone else ""


def exposed(target: Fighter) -> bool:
    """ODD-U15, U44, U51: prone, held in a grapple, or stunned — no DEX (nor shield)."""
    return target.prone or bool(target.grapple) or target.stunned_until > 0


def can_hurt(weapon: Wielded, attacker: Fighter, target: Fighter) -> bool:
    """Rule 31, ODD-U50: a monster needing magic (or silver) is hurt only by a magic weapon
    (magic bonus > 0 or flagged magic), or for silver also by a silver one."""
    if target.needs == "none":
        return True
    magic = weapon.data.magic or attacker.magic_weapon
    if target.needs == "magic":
        return magic
    return magic or weapon.data.silver


def roll_d20(table: Table, attacker: Fighter, edge: int, needs: Needs | None = None) -> int:
    """D11: advantage rolls two d20 and keeps the higher, disadvantage the lower; they cancel
    (ODD-U18); natural 1 and 20 are judged on the kept die (ODD-U2). `needs` says what the
    kept die needs, for a person rolling by hand (issue 33)."""
    first = table.roll(D20, by=attacker, reason=TO_HIT, needs=needs).total
    if edge == 0:
        return first
    second = table.roll(D20, by=attacker, reason=ADVANTAGE, needs=needs).total
    return max(first, second) if edge > 0 else min(first, second)


def needed_at(attacker: Fighter, ac: int, bonus: int = 0) -> int:
    """ODD-U1: the attack matrix's row at AC 9 extended linearly; ODD-U2: the d20 needed is
    net of every modifier (the weapon's, the situation's `bonus`)."""
    return attacker.needed_at_ac9 + (9 - ac) - attacker.weapons[0].to_hit - bonus


def to_hit(
    state: OdndState,
    attacker: Fighter,
    target: Fighter,
    bonus: int,
    edge: int,
    shield_counts: bool,
    dex: bool = True,
) -> tuple[int, int]:
    """The d20 an attack needs and its edge (advantage +1, disadvantage −1): the target's AC
    (rules 1, 2, 66, 76, 92), 2 worse off balance (D9), and Florentine's advantage."""
    ac = target_ac(state, attacker, target, shield_counts, dex)
    if not attacker.weapons[0].data.ranged and len(attacker.weapons) == 2 and edge < 1:
        edge += 1  # rule 74: Florentine rolls with advantage (two sources give one, U18)
    return needed_at(attacker, ac, bonus), edge


def target_ac(
    state: OdndState, attacker: Fighter, target: Fighter, shield_counts: bool, dex: bool
) -> int:
    """The AC an attack is made against: the target's (rules 1, 2, 66, 76, 92), 2 worse off
    balance (D9)."""
    melee = not attacker.weapons[0].data.ranged
    ac = armour_class(target, attacker, shield_counts, melee, dex)
    if target.off_balance_until and target.off_balance_until >= state.round:  # set by D9 only
        ac += 2
    return ac


def hit_needs(
    state: OdndState,
    attacker: Fighter,
    target: Fighter,
    needed: int,
    hurts: bool,
    shield_counts: bool,
    dex: bool,
) -> str:
    """What the to-hit d20 needs, in words, for a person rolling it by hand (issue 33): a
    natural 1 always misses, a natural 20 always hits (rules 27, 30), a pinned target is hit
    on anything else (ODD-U44); nothing hits a target the weapon cannot hurt (rule 31)."""
    if not hurts:
        metal = "magic" if target.needs == "magic" else "silver or magic"
        return f"nothing hits: only a {metal} weapon hurts {target.name} (rule 31)"
    if target.grapple == "pinned":
        return f"2 or more to hit {target.name}, pinned (ODD-U44)"
    ac = target_ac(state, attacker, target, shield_counts, dex)
    return f"{max(2, min(needed, 20))} or more to hit AC {ac}"


def shield_counts(attacker: Fighter, target: Fighter) -> bool:
    """ODD-U4: a shield counts against the first two attackers a round only."""
    return attacker in target.shield_faced or len(target.shield_faced) < 2


def resolve(
    table: Table,
    state: OdndState,
    attacker: Fighter,
    target: Fighter,
    bonus: int,
    edge: int,
    shield_counts: bool,
    why: str,
    multipliers: Sequence[int] = (),
    dex: bool = True,
) -> bool:
    """One attack roll and its damage. `bonus` holds the situational modifiers (gang-up,
    behind, range, first-sweep +N), `edge` advantage (+1) or disadvantage (−1), `dex` False
    when the target gets no DEX (flank, rear). Returns whether it hit."""
    d20, needed, hit, critical = swing(
        table, state, attacker, target, bonus, edge, shield_counts, dex
    )
    if table.observed:
        why = explain(state, attacker, target, shield_counts, dex, why, d20 >= needed)
    if d20 == 1 and not hit:
        if table.observed:
            table.emit(
                Attack, attacker=attacker.name, target=target.name, roll=d20, needed=needed,
                hit=False, natural="natural 1", critical=False, rules=why,
            )  # fmt: skip
        if not attacker.unit_size:  # F-ODD-61: a unit's one throw has no fumble
            fumble(table, state, attacker)
        return False
    if critical:
        add_to_tally(state, "criticals")  # the simulator's report counts them
    if table.observed:
        table.emit(
            Attack, attacker=attacker.name, target=target.name, roll=d20, needed=needed, hit=hit,
            natural="natural 20" if d20 == 20 else "", critical=critical, rules=why,
        )  # fmt: skip
    if not hit:
        return False
    weapon = which_weapon(table, attacker)
    dice = damage_dice(attacker, target, weapon, critical)
    rolled = table.roll(dice, by=attacker, reason=CRIT_DAMAGE if critical else DAMAGE).total
    times = multiplier(state, multipliers)
    penalty = needed - 20 if needed > 20 else 0  # rule 32, ODD-U2: last, minimum 0
    amount = max(0, rolled * times - penalty)
    halved = target.skeleton and not (weapon.data.blunt or weapon.data.unarmed)
    if halved:
        amount //= 2  # rule 39, ODD-U48: edged and piercing weapons do half to skeletons
    how = ""
    if table.observed:
        how = damage_words(weapon, rolled, times, halved)
    deal(table, state, attacker, target, weapon, amount, penalty, how)
    specials.natural_roll(table, state, attacker, target, d20)  # rule 35, ODD-U14
    return True


def explain(
    state: OdndState,
    attacker: Fighter,
    target: Fighter,
    shield_counts: bool,
    dex: bool,
    why: str,
    enough: bool,
) -> str:
    """The modifiers of both sides in words, and why a roll that was enough did nothing
    (rule 31: the weapon it needs)."""
    words = "; ".join(
        w for w in (why, defence_words(state, attacker, target, shield_counts, dex)) if w
    )
    if enough and not can_hurt(attacker.weapons[0], attacker, target):
        words += f"; no effect: needs a {target.needs} weapon (rule 31)"
    return words


def swing(
    table: Table,
    state: OdndState,
    attacker: Fighter,
    target: Fighter,
    bonus: int,
    edge: int,
    shield_counts: bool,
    dex: bool,
    wrestle: bool = False,
) -> tuple[int, int, bool, bool]:
    """The kept d20, the number needed, hit, critical (rules 27, 30–33; D-C1). A pinned
    target is hit automatically (ODD-U44); a unit's throw is never a critical (F-ODD-61); a
    grapple (`wrestle`) is no weapon, so needing silver or magic does not stop it (issue 29
    item 19)."""
    needed, edge = to_hit(state, attacker, target, bonus, edge, shield_counts, dex)
    hurts = wrestle or can_hurt(attacker.weapons[0], attacker, target)
    d20 = roll_d20(
        table,
        attacker,
        edge,
        lambda: hit_needs(state, attacker, target, needed, hurts, shield_counts, dex),
    )
    if d20 == 1:  # rule 27: a natural 1 always misses, a pinned target too (issue 29, 12)
        return d20, needed, False, False
    if target.grapple == "pinned":
        return d20, needed, hurts, hurts and d20 == 20 and needed <= 18
    hit = hurts and (d20 == 20 or d20 >= needed)  # rules 30, 31
    # Rules 32, 33 (D-C1): a natural 20 is a crit unless only a 19–20 (or more) could hit.
    critical = hit and d20 == 20 and needed <= 18 and not attacker.unit_size
    return d20, needed, hit, critical


def damage_words(weapon: Wielded, rolled: int, times: int, halved: bool) -> str:
    """A hit's damage that is not the bare roll, in words: the multiplier (ODD-U3), the
    skeleton's half (rule 39), an untrained weapon's die (rule 41)."""
    words = []
    if times != 1:
        words.append(f"rolled {rolled} ×{times}")
    if halved:
        words.append("halved: edged against a skeleton, rule 39")
    if not weapon.trained:
        words.append("untrained: the smaller die, rule 41")
    return "; ".join(words)


def which_weapon(table: Table, attacker: Fighter) -> Wielded:
    """ODD-U22: Florentine with weapons of different size — a d6: 1–3 main, 4–6 off-hand."""
    weapon = attacker.weapons[0]
    two = len(attacker.weapons) == 2 and attacker.weapons[1].data.size != weapon.data.size
    if two and table.roll(D6, by=attacker, reason=WHICH_WEAPON).total >= 4:
        return attacker.weapons[1]
    return weapon


def damage_dice(attacker: Fighter, target: Fighter, weapon: Wielded, critical: bool) -> str:
    """The damage notation: a unit's d6 × its size against another unit (rule 143,
    ODD-U45); the lance's dice against the large (rule 86); doubled dice on a crit (D10)."""
    if attacker.unit_size and target.unit_size:
        return attacker.unit_damage
    if weapon.large_damage and target.size in ("large", "huge"):
        return weapon.large_crit if critical else weapon.large_damage
    return weapon.crit_damage if critical else weapon.damage


def deal(
    table: Table,
    state: OdndState,
    attacker: Fighter,
    target: Fighter,
    weapon: Wielded,
    amount: int,
    penalty: int,
    how: str = "",
) -> None:
    """A hit's damage: split into real and temporary when subduing (rules 97–103), else
    real; then its event (`how`: a multiplier or halving in words)."""
    temporary = 0
    if subdual.subduing(attacker, weapon):
        surprised = target.surprised or facing.unaware(state, attacker, target)
        amount, temporary = subdual.split(table, attacker, target, weapon, amount, surprised)
    wound(state, attacker, target, amount)
    if temporary:
        subdual.knock(state, attacker, target, temporary)
    name = weapon.data.name
    if attacker.unit_size and target.unit_size:
        name = f"the unit's blow (d6 × {attacker.unit_size}, rule 143)"
    if table.observed:
        table.emit(
            Damage, attacker=attacker.name, target=target.name, amount=amount, penalty=penalty,
            weapon=name, hp=target.hp, max_hp=target.max_hp, temporary=temporary, how=how,
        )  # fmt: skip


def multiplier(state: OdndState, multipliers: Sequence[int]) -> int:
    """ODD-U3: situational multipliers (charge, set spear, lance, horns) do not stack — the
    largest applies; the `additive` option adds them (×2 and ×2 → ×3)."""
    if not multipliers:
        return 1
    if state.options.multipliers == "additive":
        return 1 + sum(m - 1 for m in multipliers)
    return max(multipliers)


def wound(state: OdndState, attacker: Fighter, target: Fighter, amount: int) -> None:
    """Hit points lost; at 0 the target is slain — but only as its initiative slot ends
    (rule 121, ODD-U31): until then it still strikes."""
    if amount <= 0:
        return
    before = target.hp
    target.hp -= amount
    target.hurt_segment = state.segment  # ODD-U32: for spell interruption
    record_harm(target, amount, attacker)
    if target.unit_size:  # rule 145: the men the unit has lost, for the report
        lost = mass.survivors(target, before) - mass.survivors(target, target.hp)
        add_to_tally(state, f"men lost ({target.side})", lost)
    if target.hp - target.temp <= 0 and not target.pending_down:  # ODD-U43: dead or out
        target.pending_down, target.dropped_by = True, attacker
        state.pending.append(target)


def fumble(table: Table, state: OdndState, attacker: Fighter) -> None:
    """Rules 28, 29 (D9, ODD-U13): after a natural 1, d20 > the attacker's level is a critical
    fumble, its effect from the fumble table."""
    check = table.roll(D20, by=attacker, reason=FUMBLE_CHECK).total
    if check <= attacker.fumble_level:
        if table.observed:
            table.emit(
                Fumble, who=attacker.name, roll=check, level=attacker.fumble_level, effect=""
            )
        return
    add_to_tally(state, "fumbles")
    effect = data.fumble_effect(table.roll(D6, by=attacker, reason=FUMBLE_TABLE).total)
    if effect == "drop":  # D9 1–2: the weapon is dropped; picking it up costs the next attack
        attacker.lose_attacks += 1
        words = "drops the weapon (loses the next attack picking it up)"
    elif effect == "lose_next":  # D9 3–4
        attacker.lose_attacks += 1
        words = "loses the next attack"
    elif effect == "hit_ally":  # D9 5: a new attack roll against the nearest ally
        words = "swings at an ally"
        ally = nearest_ally(state, attacker)
        if ally is not None:
            if table.observed:
                table.emit(
                    Fumble, who=attacker.name, roll=check, level=attacker.fumble_level, effect=words
                )
            resolve(table, state, attacker, ally, 0, 0, True, "fumble: hits an ally (D9)")
            return
        words = "swings wild (no ally near)"
    else:  # D9 6: off balance, AC 2 worse until the end of the next round
        attacker.off_balance_until = state.round + 1
        words = "off balance (AC 2 worse through the next round)"
    if table.observed:
        table.emit(Fumble, who=attacker.name, roll=check, level=attacker.fumble_level, effect=words)


def nearest_ally(state: OdndState, attacker: Fighter) -> Fighter | None:
    """The nearest able ally within 10 ft (rule 49); in one melee (F-ODD-1) the first able
    ally in order."""
    near = [
        c for c in state.allies_of(attacker)
        if isinstance(c, Fighter) and c.active and not c.pending_down
        and space.in_melee(state, attacker, c)
    ]  # fmt: skip
    if state.positional:
        near.sort(key=lambda c: space.feet(attacker, c))
    return near[0] if near else None
