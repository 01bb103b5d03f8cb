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

from fracas.rulesets.odnd.attack import armour_class, can_hurt, guarded, needed_at
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


class HitRow:
    """The hit chances against one target, and what of the target they were read with."""

    __slots__ = ("guarded", "hits", "hp")

    def __init__(self, target: Fighter) -> None:
        self.guarded = guarded(target)
        self.hp = target.hp
        self.hits: dict[Fighter, float] = {}


class Hits:
    """`hit_chance(attacker, target)` kept for one round's declarations (issue 35: a skirmish's
    policy worked each helper's chance against each foe out again for every grapple plan of
    every fighter). While fighters declare, no die is rolled and nothing moves; of what
    `hit_chance` reads, only the target's guard changes (a parry or a withdrawal lowers its
    AC, rules 51, 92, as it adopts its plan), so a target's row is read again when its guard
    (or its hit points: a GM's edit) is not what the row was read with. `clear` as a round's
    declarations begin."""

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: dict[Fighter, HitRow] = {}

    def clear(self) -> None:
        self.rows.clear()

    def hit(self, attacker: Fighter, target: Fighter) -> float:
        row = self.rows.get(target)
        if row is None or row.hp != target.hp or row.guarded != guarded(target):
            row = self.rows[target] = HitRow(target)
        found = row.hits.get(attacker)
        if found is None:
            found = row.hits[attacker] = hit_chance(attacker, target)
        return found


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
    foes, friends = able_foes(state, me), able_friends(state, me)
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
