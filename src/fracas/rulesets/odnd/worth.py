"""What an attack is worth, for the default tactics (issue 34): one round's expected harm and
whether a side's fight is lost. It reads the state, never changes it.

The figures are the rules' own: the hit chance of the attack matrix (`attack.needed_at`
against `attack.armour_class`, natural 1 and 20 bounding it, rules 27, 30), nothing when the
weapon cannot hurt the target (rule 31, ODD-U50), and the mean of the weapon's damage dice.
The situation of a single swing (flank, charge…) is left to `odds.py`, whose exact figures
cost too much to read for every option of every declaration.
"""

from __future__ import annotations

from typing import Final

from fracas.rulesets.odnd.attack import armour_class, can_hurt, needed_at
from fracas.rulesets.odnd.state import Fighter, OdndState

# Issue 34: a fight is lost when the foes, at their pace, would take out the side in less
# than this share of the rounds the side needs to take them out.
LOST_PACE: Final = 0.5


def hit_chance(attacker: Fighter, target: Fighter, weaponless: bool = False) -> float:
    """The chance of a hit with the first weapon (ignoring the situation): between 1 and 19
    in 20 (rules 27, 30); a pinned target always (ODD-U44); none when the weapon cannot hurt
    the target (rule 31, ODD-U50) — unless `weaponless` (a grapple, issue 29 item 19)."""
    immune = target.needs != "none" and not weaponless
    if immune and not can_hurt(attacker.weapons[0], attacker, target):
        return 0.0
    if target.grapple == "pinned":
        return 1.0
    ac = armour_class(target, attacker, True, not attacker.weapons[0].data.ranged)
    needed = needed_at(attacker, ac)
    return min(19, max(1, 21 - needed)) / 20


def attack_value(target: Fighter, attacks: int, hit: float) -> float:
    """The tactics' worth of `attacks` swings at `target` with the hit chance `hit`: expected
    hits, each worth more the likelier it kills (low hit points first)."""
    return attacks * hit * (1.0 + 1.0 / max(1, target.hp))


def harm(attacker: Fighter, target: Fighter) -> float:
    """The expected hit points one round of `attacker`'s attacks takes from `target`, no
    more than it has — or, sweeping normal men (rule 21, ODD-U11), than as many of its kind
    as the sweep has attacks."""
    return harm_at(attacker, target, hit_chance(attacker, target))


def harm_at(attacker: Fighter, target: Fighter, hit: float) -> float:
    """`harm` with the hit chance already worked out (`hit_chance(attacker, target)`)."""
    sweeping = target.normal_man and attacker.sweep_attacks > attacker.attacks
    swings = attacker.sweep_attacks if sweeping else attacker.attacks
    expected = swings * hit * attacker.weapons[0].mean_damage  # (its mean, kept by setup)
    return min(expected, float(max(1, target.hp) * (swings if sweeping else 1)))


def able_foes(state: OdndState, me: Fighter) -> list[Fighter]:
    return [e for e in state.enemies_of(me) if isinstance(e, Fighter) and e.active]


def able_friends(state: OdndState, me: Fighter) -> list[Fighter]:
    return [a for a in state.fighters() if a.side == me.side and a.active]


def side_pace(ours: list[Fighter], theirs: list[Fighter]) -> float:
    """The hit points `ours` take from `theirs` a round, each at its best target. (Loops, not
    generators: the same sum in the same order, the first of equal bests; issue 35.)"""
    total = 0.0
    for a in ours:
        best = 0.0
        for i in range(len(theirs)):
            h = harm(a, theirs[i])
            if i == 0 or h > best:
                best = h
        total += best
    return total


def can_harm(attacker: Fighter, target: Fighter) -> bool:
    """Whether `attacker`'s weapon can hurt `target` at all: `hit_chance` above zero (rule
    31, ODD-U50), told without working the chance out."""
    return target.needs == "none" or can_hurt(attacker.weapons[0], attacker, target)


def surely_hurts(state: OdndState, me: Fighter) -> bool:
    """True when `cannot_hurt_any` is surely False, told at a glance: the first able foe
    needs no special weapon (rule 31, ODD-U50), so `me`, able, can hurt it (issue 35: a duel
    read the whole answer, kept in dictionaries by side, at every declaration). False says
    nothing: ask `cannot_hurt_any`."""
    if not me.active:
        return False
    side = me.side
    for e in state.fighters():  # its foes in `enemies_of`'s order (no dictionary read)
        if e.side != side and e.active:
            return e.needs == "none"
    return False


def cannot_hurt_any(state: OdndState, me: Fighter) -> bool:
    """Nobody on `me`'s side can hurt any foe left (rule 31, ODD-U50)."""
    foes = False
    for e in state.enemies_of(me):
        if not (isinstance(e, Fighter) and e.active):
            continue
        foes = True
        for a in state.fighters():
            if a.side == me.side and a.active and can_harm(a, e):
                return False
    return foes


def fight_lost(state: OdndState, me: Fighter) -> bool:
    """Issue 34: `me`'s side cannot win — it cannot hurt any foe left (rule 31), or the foes
    would take it out in under half the rounds it needs to take them out."""
    foes: list[Fighter] = []  # `able_foes` and `able_friends` in one pass over the fighters,
    friends: list[Fighter] = []  # in their order (issue 35: sides never change)
    for c in state.fighters():
        if c.active:
            (friends if c.side == me.side else foes).append(c)
    if not foes:
        return False
    ours = side_pace(friends, foes)
    if ours <= 0.0:
        return True
    theirs = side_pace(foes, friends)
    if theirs <= 0.0:
        return False
    rounds_to_win = sum(max(1, e.hp) for e in foes) / ours
    rounds_to_lose = sum(max(1, f.hp) for f in friends) / theirs
    return rounds_to_lose < LOST_PACE * rounds_to_win
