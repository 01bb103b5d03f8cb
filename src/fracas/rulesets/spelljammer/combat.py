"""One attack and what it does (seed "Hitting", "Critical and Grievous Hits", "Taking
Damage", "Wound Modifiers"; checklist rules 7, 37–94; SJ-U1, U8–U15, U18): the d100 against
SC − DEF, the damage (doubled with no PROT on a critical or grievous hit), the grievous
wound's chance and table, and the harm landing as its segment ends — hit points, the
armour's PROT, stun and everything it cancels, going down."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fracas.core.combatant import Status, record_harm
from fracas.core.events import Revealed
from fracas.core.table import Table
from fracas.rulesets.spelljammer import data, into_melee, missiles, surprise
from fracas.rulesets.spelljammer.events import (
    ActionLost,
    Attack,
    Damage,
    Down,
    GrievousWound,
    LuckSave,
    ProtLost,
    Stunned,
    Wounded,
)
from fracas.rulesets.spelljammer.hitting import (
    CRITICAL,
    GRIEVOUS,
    HIT,
    MISS,
    classify,
    damage_taken,
    defence,
    hit_needs,
    leaves_gang,
    strike_chance,
    wound_level,
    wound_modifier,
)
from fracas.rulesets.spelljammer.state import Fighter, Harm, SjState

D100: Final = "1d100"
TO_HIT: Final = "to hit (d100 ≤ SC − DEF)"
DAMAGE: Final = "damage"
WOUND_CHANCE: Final = "grievous wound chance (P10)"
WOUND_TABLE: Final = "grievous wound table (SJ-U13)"
LUCK: Final = "Luck save (P9, P15)"
OFFHAND_DAMAGE: Final = int(data.tables()["offhand_damage"])  # rules 197–198
# The tally's key of each result (not formatted per attack): counted on the state by its
# index in `state.COUNTED` (`counted`), written into the tally as the battle ends.
TALLIED: Final = {r: f"attacks: {r}" for r in (MISS, HIT, CRITICAL, GRIEVOUS)}


def strike(
    table: Table,
    state: SjState,
    attacker: Fighter,
    target: Fighter,
    number: int,
    shield: bool = True,
) -> str:
    """Rule 7: one attack's own SC roll and damage roll (SJ-U5: d100, damage, then the
    grievous chance and table). The harm lands as the segment ends (SJ-U1), or at once when
    the same segment is played by IM. `number` 0 is a free attack on a withdrawer, which the
    target meets without its shield (`shield`). Returns the result (miss, hit, critical,
    grievous). A missile at a foe engaged with friends may turn on a friend first (rules
    245–256)."""
    if attacker.hidden:  # SJ-U19: an ambusher is seen as it strikes
        attacker.hidden = False
        if table.observed:
            table.emit(Revealed, who=attacker.name, why="springs the ambush")
    if attacker.weapon.ranged:
        target = into_melee.resolve(table, state, attacker, target)
    why: list[str] | None = [] if table.observed else None
    sc = strike_chance(state, attacker, target, why)
    dfn = defence(state, target, attacker, state.segment, why, shield)
    if attacker.aimed and attacker.plan is not None and not attacker.plan.aiming:
        attacker.aimed = False  # SJ-U43: the carried aim is spent on this shot
    if table.quiet:  # (nobody reads what it needs: no closure made; `Table.quiet`)
        roll = table.roll(D100, by=attacker, reason=TO_HIT).total
    else:
        roll = table.roll(D100, by=attacker, reason=TO_HIT, needs=_to_hit(sc - dfn)).total
    missiles.spend(attacker)  # issue 30, item 10
    result = classify(roll, sc - dfn)
    state.count(counted(result))  # (the tally's `TALLIED[result]`, as the battle ends)
    if target.unaware != "no" or state.surprise_round:  # (else neither: `surprise.kind`)
        if surprise.kind(state, target, attacker) != "no":
            state.tally["surprise attacks"] += 1
            state.aware.append(target)  # SJ-U19: a single unexpected attack (its segment)
        if surprise.ambushing(state, attacker, target):
            state.tally["ambush attacks"] += 1
    if why is not None:
        table.emit(
            Attack, attacker=attacker.name, target=target.name, number=number, sc=sc,
            defence=dfn, modified=sc - dfn, roll=roll, result=result, rules=", ".join(why),
        )  # fmt: skip
    if result == MISS:
        return result
    harm = hurt(table, state, attacker, target, result)
    harm.stuck = missiles.sticks(attacker, result)
    if result == GRIEVOUS:
        grievous_wound(table, state, attacker, target, harm)
    state.harms.append(harm)
    if state.by_im:
        land(table, state)
    return result


# What a roll needs, for a person rolling it by hand: worded by a closure, made only when the
# table may read it (`Table.quiet` false). Made here, in functions of their own: a lambda in
# `strike` itself would make mypyc build a closure environment on every strike, read or not
# (about 140 instructions a strike, issue 35).
def _to_hit(modified: int) -> Callable[[], str]:
    return lambda: hit_needs(modified)


def _wound_needs(chance: int) -> Callable[[], str]:
    return lambda: f"{chance} or less for a wound"


def _luck_needs(needed: int) -> Callable[[], str]:
    return lambda: f"{needed} or more to keep the spell"


def counted(result: str) -> int:
    """The index in `state.COUNTED` of `TALLIED[result]` (`classify`'s four results), by
    comparisons: a string compared with a `Final` one is cheaper than a dictionary's hash and
    look-up, once a strike (issue 35)."""
    if result == MISS:
        return 0
    if result == HIT:
        return 1
    if result == CRITICAL:
        return 2
    return 3


def rolled_damage(
    table: Table, state: SjState, attacker: Fighter, target: Fighter
) -> tuple[int, int, str]:
    """The weapon's damage dice, −2 in the off hand unless ambidextrous (rules 197–198), +2
    against a completely surprised character in an ambush (rule 110): (the total, the dice
    alone, each modifier in words for the log)."""
    w = attacker.weapon
    dice = table.roll(w.damage, by=attacker, reason=DAMAGE).total
    rolled, words = dice, []
    if w.offhand and not attacker.ambidextrous:
        off = int(data.tables()["offhand_damage"])
        rolled += off
        words.append(f"{off:+d} off hand".replace("-", "−"))
    bonus = surprise.damage_bonus(state, attacker, target)
    if bonus:
        rolled += bonus
        words.append(f"{bonus:+d} ambush (completely surprised, rule 110)".replace("-", "−"))
    return rolled, dice, " ".join(words)


def damage_total(table: Table, state: SjState, attacker: Fighter, target: Fighter) -> int:
    """`rolled_damage`'s total, without the words: the same roll, the same modifiers (rules
    110, 197–198)."""
    w = attacker.weapon
    rolled = table.roll(w.damage, by=attacker, reason=DAMAGE).total
    if w.offhand and not attacker.ambidextrous:
        rolled += OFFHAND_DAMAGE
    return rolled + surprise.damage_bonus(state, attacker, target)


def hurt(table: Table, state: SjState, attacker: Fighter, target: Fighter, result: str) -> Harm:
    """Rules 61–63, 70, 71 (SJ-U11, S-C4): the damage taken, and whether it stuns (more than
    the target's threshold, after PROT)."""
    if not table.observed:  # the total alone (issue 35: no words built nobody reads)
        amount = damage_taken(result, damage_total(table, state, attacker, target), target.prot())
        return Harm(target, attacker, amount, amount > target.stun_at, result == GRIEVOUS)
    rolled, dice, mods = rolled_damage(table, state, attacker, target)
    amount = damage_taken(result, rolled, target.prot())
    stuns = amount > target.stun_at
    if table.observed:
        table.emit(
            Damage, attacker=attacker.name, target=target.name, rolled=rolled,
            doubled=result != "hit", prot=target.prot(), amount=amount, stuns=stuns, dice=dice,
            mods=mods,
        )  # fmt: skip
    return Harm(target, attacker, amount, stuns, grievous=result == GRIEVOUS)


def grievous_wound(
    table: Table, state: SjState, attacker: Fighter, target: Fighter, harm: Harm
) -> None:
    """Rule 64, P10, SJ-U13: a d100 against the weapon class's chance; on a wound, a d100 on
    the class's table (two Puncture rows sourced, the rest PLACEHOLDER)."""
    cls = attacker.weapon.data.weapon_class
    chance = int(data.tables()["grievous_chance"][cls])
    if table.quiet:  # (nobody reads what it needs: no closure made; `Table.quiet`)
        roll = table.roll(D100, by=attacker, reason=WOUND_CHANCE).total
    else:
        roll = table.roll(D100, by=attacker, reason=WOUND_CHANCE, needs=_wound_needs(chance)).total
    words = ""
    if roll <= chance:
        face = table.roll(D100, by=attacker, reason=WOUND_TABLE).total
        wound = data.grievous_wound(cls, face)
        harm.amount += wound.hp
        harm.bleed, harm.tmr, harm.dex, harm.arm = wound.bleed, wound.tmr, wound.dex, wound.arm
        words = wound_words(wound)
        state.tally["grievous wounds"] += 1
    if table.observed:
        table.emit(GrievousWound, target=target.name, roll=roll, chance=chance, wound=words)


def wound_words(w: data.Wound) -> str:
    """A wound and each of its effects, for the log."""
    said = [f"{w.hp} hp now" if w.hp else "", f"bleeds {w.bleed} a round" if w.bleed else "",
            f"TMR −{w.tmr}" if w.tmr else "", f"−{-w.dex} DEX" if w.dex else "",
            f"{w.arm} arm disabled" if w.arm else ""]  # fmt: skip
    effects = ", ".join(x for x in said if x)
    return f"{w.words} ({effects})" if effects else w.words


def maim(t: Fighter, h: Harm) -> None:
    """SJ-U13 (issue 30): DEX lost (N× DEX rolls and IM by P2, as a stuck missile's); the
    primary arm disabled puts its weapons in the other hand (rules 196–198: −20 SC, −2
    damage unless ambidextrous); the off arm disabled loses the shield's DEF."""
    if h.dex:
        t.dex_lost += h.dex
        missiles.recompute(t)
    if h.arm == "primary":
        for a in t.arms:
            a.offhand = True
    elif h.arm == "off":
        t.def_shield = 0


def land(table: Table, state: SjState) -> None:
    """SJ-U1: the segment's harm lands together as it ends — hit points, the armour's PROT −1
    on a grievous hit (SJ-U12), a grievous wound's bleeding and TMR, then interruption of a
    spell (P15), stun (SJ-U14) and going down (SJ-U18)."""
    if not state.harms and not state.aware:
        return  # (most segments: nothing lands, issue 35)
    harms, state.harms = state.harms, []
    for t in state.aware:
        t.unaware = "no"  # SJ-U19: surprised once
    state.aware.clear()
    for h in harms:
        t = h.target
        t.hp -= h.amount
        record_harm(t, h.amount, h.by)
        if h.grievous and t.prot_armour > 0:
            t.prot_armour -= 1
            if table.observed:
                table.emit(ProtLost, who=t.name, armour=t.prot_armour)
        t.bleeding += h.bleed
        t.tmr_lost += h.tmr
        maim(t, h)
        if h.stuck is not None:
            missiles.lodge(table, t, h.stuck)
            state.tally["missiles stuck"] += 1
        if h.amount > 0:
            if table.observed:
                table.emit(
                    Wounded, who=t.name, amount=h.amount, hp=t.hp, max_hp=t.max_hp,
                    level=level_name(t),
                )  # fmt: skip
            interrupt(table, state, t)
        if h.stuns and t.active and not t.stunned:
            stun(table, state, t)
    for h in harms:
        if h.target.hp <= 0 and h.target.active:
            fall(table, state, h.target)


def level_name(f: Fighter) -> str:
    """Rules 88–94, SJ-U17: the wound level with what it costs — its modifier, or none while
    the starting-HP exception holds (issue 30: a label that reads as a modifier must be one)."""
    level = wound_level(f, f.hp)
    if level == 0:
        return ""
    levels = data.wound_levels()
    name = str(levels[len(levels) - level][2])
    mod = wound_modifier(f)
    if mod == 0:
        return f"{name} (no modifier: it started at this level, rule 93)"
    return f"{name} ({mod:+d})".replace("-", "−")


def cancel(state: SjState, f: Fighter) -> list[str]:
    """Every pending item of `f` this round goes (SJ-U14, SJ-U18): its attacks, its spell's
    release, its movement. Returns what was lost, in words."""
    lost: list[str] = []
    for items in state.agenda.values():
        for item in items:
            if item.who is f and not item.done:
                item.done = True
                words = {"attack": f"attack {item.number}", "potion": "its potion"}
                lost.append(words.get(item.kind, "its spell"))
    f.scheduled.clear()
    f.casting = None
    f.allowance = f.moved
    leaves_gang(state, f)  # its schedule emptied (stun, fall: `SjState.kept_gang`)
    return lost


def cancel_attacks(state: SjState, f: Fighter) -> None:
    """Its attacks still to come this round are given up (SJ-U29)."""
    for items in state.agenda.values():
        for item in items:
            if item.who is f and item.kind == "attack":
                item.done = True
    f.scheduled.clear()
    state.kept_gang = None  # its schedule emptied (`SjState.kept_gang`)


def interrupt(table: Table, state: SjState, t: Fighter) -> None:
    """Rules 4–5, P15 (default: any damage): a caster hurt between the start of casting and
    the release loses the spell and its action for the round."""
    if t.casting is None or state.options.interruption == "never":
        return
    if t.cast_start >= state.segment:  # begun; a spell gone off is no longer `casting`
        if state.options.interruption == "luck" and luck_save(table, t):
            return
        spell = t.casting.name
        t.casting.uses -= 1  # rule 5: the spell energy is lost
        cancel(state, t)
        state.tally["spells interrupted"] += 1
        if table.observed:
            table.emit(ActionLost, who=t.name, what=spell, reason="hurt while casting (P15)")


def luck_save(table: Table, t: Fighter) -> bool:
    """P9 (PROPOSED), P15 option `luck`: d100 + the save bonus ≥ 111 keeps the spell; −20
    under no movement (rule 21)."""
    row = data.tables()["luck_save"]
    bonus = t.luck + (int(row["no_movement"]) if t.plan is not None and t.plan.still else 0)
    if table.quiet:  # (nobody reads what it needs: no closure made; `Table.quiet`)
        roll = table.roll(D100, by=t, reason=LUCK).total
    else:
        roll = table.roll(
            D100, by=t, reason=LUCK, needs=_luck_needs(int(row["needed"]) - bonus)
        ).total
    if table.observed:
        table.emit(LuckSave, who=t.name, roll=roll, bonus=bonus, needed=int(row["needed"]))
    return roll + bonus >= int(row["needed"])


def stun(table: Table, state: SjState, t: Fighter) -> None:
    """Rules 71–72, SJ-U14: stunned for the rest of the round, losing its remaining attacks,
    its spell and its movement; attackers get +10 (hitting.strike_chance)."""
    t.stunned = True
    state.tally["stuns"] += 1
    lost = cancel(state, t)
    if table.observed:
        table.emit(Stunned, who=t.name, lost=", ".join(lost))


def fall(table: Table, state: SjState, t: Fighter) -> None:
    """SJ-U18: down at 0 hit points or below, losing its pending actions; dead at the
    option's threshold (−10 by default)."""
    cancel(state, t)  # (which drops the kept gang: it goes down, `SjState.kept_gang`)
    dead = t.hp <= state.options.dead_at
    t.status = Status.DEAD if dead else Status.DOWN
    t.went_down = True
    state.tally["deaths" if dead else "downs"] += 1
    if table.observed:
        table.emit(Down, who=t.name, hp=t.hp, dead=dead)
