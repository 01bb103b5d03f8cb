"""Exact odds of one Spelljammer attack (DESIGN.md §6, issue 11), from the dice
distributions, not by sampling: the d100 against SC − DEF as `hitting` assembles them (the
table's criticals and grievous hits, the automatic results as floors, SJ-U8), the damage
dice (doubled with no PROT on a critical or grievous hit, SJ-U11), the grievous wound's
chance and table (SJ-U13), stun (damage taken above the threshold, rule 71) and going down
(SJ-U18); stage 2: a shot into a melee that turns on a friend (rules 245–256; the original
target unharmed), the ambush's +2 damage (rule 110), surprise and unseen foes (through
`hitting`). All arithmetic in Fractions; tested against the enumerated rules
(tests/spelljammer/test_odds.py)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from types import MappingProxyType

from fracas.core.table import Table
from fracas.dice import compile_dice
from fracas.rulesets.spelljammer import (
    casting,
    combat,
    data,
    hitting,
    into_melee,
    movement,
    space,
    surprise,
)
from fracas.rulesets.spelljammer.state import Fighter, Prepared, SjState

Outcomes = dict[tuple[str, int, bool], Fraction]  # (result, harm, target out) → probability

STUNNED = ", stunned"  # rule 71: the result's suffix when the hit stuns
WOUND = ", wound"  # rule 64, P10: the grievous hit is a grievous wound
NONE: Mapping[int, Fraction] = MappingProxyType({-1: Fraction(1)})  # no grievous wound to roll
FRIEND = "turned on a friend"  # rules 245–256: the shot went to a friend instead
CAST = "cast "  # issue 30: a damage spell's action name, `cast <spell>`
FAILS = "spell fails"  # SJ-U37: the cast chance failed, the energy is lost
SPELL_HIT = "damage"


def attack_name(f: Fighter) -> str:
    return f"attack with {f.weapon.data.name}"


def named(result: str, wound: bool, stuns: bool) -> str:
    return result + (WOUND if wound else "") + (STUNNED if stuns else "")


def perform(table: Table, state: SjState, actor: Fighter, target: Fighter) -> str:
    """One attack by the rules (`combat.strike`), its harm landed (`combat.land`)."""
    wounds = state.tally["grievous wounds"]
    friends = state.tally["shots into melee: friend"]
    result = combat.strike(table, state, actor, target, 1)
    if state.tally["shots into melee: friend"] > friends:
        combat.land(table, state)
        return FRIEND
    stuns = any(h.stuns for h in state.harms) or target.stunned
    combat.land(table, state)
    return named(result, state.tally["grievous wounds"] > wounds, stuns)


# The three distributions below depend only on their arguments and the ruleset's fixed tables
# (`data.tables()`, read once): each is worked out once per argument (issue 35: one attack's
# odds under a millisecond), and handed out read-only.


@cache
def d100(modified: int) -> Mapping[str, Fraction]:
    """Rules 37, 39–69: P(each result) of the d100 against the modified SC."""
    faces = Counter(hitting.classify(roll, modified) for roll in range(1, 101))
    return MappingProxyType({result: Fraction(n, 100) for result, n in faces.items()})


def damage(f: Fighter, result: str, prot: int, more: int = 0) -> Mapping[int, Fraction]:
    """P(each damage taken) of a hit of `result` (SJ-U11, rules 197–198; `more`: the
    ambush's +2, rule 110)."""
    w = f.weapon
    shift = int(data.tables()["offhand_damage"]) if w.offhand and not f.ambidextrous else 0
    return damage_of(w.damage, result, prot, shift + more)


@cache
def damage_of(dice: str, result: str, prot: int, shift: int = 0) -> Mapping[int, Fraction]:
    """P(each damage taken) of a hit of `result` with `dice` (+ `shift`) on `prot`."""
    dist = compile_dice(dice).distribution()
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for total in dist.outcomes():
        out[hitting.damage_taken(result, total + shift, prot)] += dist.probability(total)
    return MappingProxyType(dict(out))


@cache
def wounds(weapon_class: str) -> Mapping[int, Fraction]:
    """P10, SJ-U13: the extra hit points of a grievous hit — none unless the d100 is within
    the class's chance, then the table's row for a second d100. Key −1: no wound."""
    chance = int(data.tables()["grievous_chance"][weapon_class])
    rows = Counter(data.grievous_wound(weapon_class, face).hp for face in range(1, 101))
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    out[-1] = Fraction(100 - chance, 100)
    for hp, n in rows.items():
        out[hp] += Fraction(chance * n, 100 * 100)
    return MappingProxyType(dict(out))


def friend_odds(state: SjState, actor: Fighter, target: Fighter) -> Fraction:
    """Rules 245–256: P(the shot turns on a friend), face by face of the d100."""
    friends, foes = into_melee.engaged(state, actor, target)
    if not actor.weapon.ranged or not friends:
        return Fraction(0)
    needed = data.friend_threshold(len(friends), foes) - into_melee.bonus(actor)
    low = into_melee.natural(actor)
    return Fraction(sum(1 for face in range(1, 101) if face <= needed or face <= low), 100)


def attack_outcomes(state: SjState, actor: Fighter, target: Fighter) -> Outcomes:
    """The exact outcomes of `combat.strike` and `combat.land` for one attack."""
    out: defaultdict[tuple[str, int, bool], Fraction] = defaultdict(Fraction)
    friend = friend_odds(state, actor, target)
    if friend:
        out[(FRIEND, 0, not target.able)] += friend
    for key, p in on_target(state, actor, target).items():
        out[key] += p * (1 - friend)
    return dict(out)


def on_target(state: SjState, actor: Fighter, target: Fighter) -> Outcomes:
    """The attack's outcomes when it goes at `target`."""
    bonus = surprise.damage_bonus(state, actor, target)
    sc = hitting.strike_chance(state, actor, target, None)
    dfn = hitting.defence(state, target, actor, state.segment, None)
    out: defaultdict[tuple[str, int, bool], Fraction] = defaultdict(Fraction)
    for result, p in d100(sc - dfn).items():
        if result == hitting.MISS:
            out[(result, 0, not target.able)] += p
            continue
        extra = wounds(actor.weapon.data.weapon_class) if result == hitting.GRIEVOUS else NONE
        for amount, q in damage(actor, result, target.prot(), bonus).items():
            stuns = amount > target.stun_at
            for more, r in extra.items():
                harm = amount + max(0, more)
                name = named(result, more >= 0, stuns)
                out[(name, harm, target.hp - harm <= 0)] += p * q * r
    return dict(out)


# --- Issue 30: reach, and damage spells ---------------------------------------------------


def out_of_reach(state: SjState, actor: Fighter, target: Fighter) -> str:
    """Why the weapon in hand cannot reach `target` this round ("" when it can): a melee
    weapon beyond its reach and a run and attack (TMR, rule 145), a missile beyond its
    range."""
    gap = space.gap(actor, target)
    w = actor.weapon
    if w.ranged:
        if gap <= w.data.range:
            return ""
        how = f"its {w.data.name}'s range is {w.data.range} squares"
    else:
        reach = space.REACH + movement.tmr(state, actor)
        if gap <= reach:
            return ""
        how = f"its {w.data.name}, with a run and attack, reaches {reach:.1f}"
    return f"{actor.name} cannot reach {target.name} this round: {gap:.1f} squares apart, and {how}"


def spell_names(actor: Fighter, target: Fighter) -> list[str]:
    """SJ-U37: its damage spells with a use left and `target` in range."""
    return [
        CAST + s.name for s in actor.spells
        if s.damage and s.uses > 0 and space.gap(actor, target) <= s.range
    ]  # fmt: skip


def spell_of(actor: Fighter, action: str) -> Prepared:
    return next(s for s in actor.spells if CAST + s.name == action)


def perform_spell(
    table: Table, state: SjState, actor: Fighter, target: Fighter, action: str
) -> str:
    """The spell going off at `target` by the rules (`casting.cast_chance`, `casting.effect`),
    its harm landed."""
    spell = spell_of(actor, action)
    if spell.cast_chance >= 0 and not casting.cast_chance(table, actor, spell):
        return FAILS
    casting.effect(table, state, actor, spell, target)
    stuns = any(h.stuns for h in state.harms)
    combat.land(table, state)
    return SPELL_HIT + (STUNNED if stuns else "")


def spell_outcomes(state: SjState, actor: Fighter, target: Fighter, action: str) -> Outcomes:
    """SJ-U37, rule 87: the cast chance (d100 ≤ chance + wound modifier), then the damage
    dice less PROT (never below 0), stunning above the threshold (rule 71)."""
    spell = spell_of(actor, action)
    works = Fraction(1)
    out: defaultdict[tuple[str, int, bool], Fraction] = defaultdict(Fraction)
    if spell.cast_chance >= 0:
        chance = spell.cast_chance + hitting.wound_modifier(actor)
        works = Fraction(sum(1 for face in range(1, 101) if face <= chance), 100)
        if works < 1:
            out[(FAILS, 0, not target.able)] += 1 - works
    dist = compile_dice(spell.damage).distribution()
    for total in dist.outcomes():
        amount = max(0, total - target.prot())
        name = SPELL_HIT + (STUNNED if amount > target.stun_at else "")
        out[(name, amount, target.hp - amount <= 0)] += works * dist.probability(total)
    return dict(out)
