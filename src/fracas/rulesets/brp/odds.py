"""Exact odds of one BRP attack (DESIGN.md §6), from the dice distributions, not by sampling.

An undefended attack: the d100 gives each success level with an exact probability (§5.5, B5,
B6); a success deals the weapon's damage, a special the §5.13 special damage; armour comes off
(§5.10). All arithmetic is exact: Fractions, or integers over a common denominator.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from fractions import Fraction
from functools import lru_cache

from fracas.core.controllers import Controller
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.requests import ChoiceRequest
from fracas.dice import compile_dice
from fracas.rulesets.brp import combat, data, decisions, derived
from fracas.rulesets.brp.derived import Level
from fracas.rulesets.brp.profile import Profile
from fracas.rulesets.brp.state import BRPState, Fighter, Weapon


@lru_cache(maxsize=512)
def levels(chance: int) -> dict[Level, Fraction]:
    """P(each success level) of a d100 roll against `chance`."""
    counts = Counter(derived.success_level(roll, chance) for roll in range(1, 101))
    return {level: Fraction(n, 100) for level, n in counts.items()}


@lru_cache(maxsize=4096)
def injury(notation: str, db: str, armour: int) -> dict[int, Fraction]:
    """P(each injury) once `notation` (with damage bonus `db`) has hit `armour`."""
    dist = compile_dice(notation, {"db": db}).distribution()
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for total in dist.outcomes():
        out[max(0, max(0, total) - armour)] += dist.probability(total)
    return dict(out)


def expected(dist: dict[int, Fraction]) -> Fraction:
    return sum((v * p for v, p in dist.items()), Fraction(0))


@lru_cache(maxsize=4096)
def undefended_injury(
    chance: int, normal: str, special: str, db: str, armour: int
) -> dict[int, Fraction]:
    """P(each injury) of one attack the target does not parry or dodge."""
    p = levels(chance)
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    out[0] += p.get(Level.FAILURE, Fraction(0)) + p.get(Level.FUMBLE, Fraction(0))
    for level, notation in ((Level.SUCCESS, normal), (Level.SPECIAL, special)):
        for hurt, q in injury(notation, db, armour).items():
            out[hurt] += p.get(level, Fraction(0)) * q
    return dict(out)


@lru_cache(maxsize=4096)
def profile(chance: int, normal: str, special: str, db: str, armour: int) -> Profile:
    dist = undefended_injury(chance, normal, special, db, armour)
    top = max(dist)
    tail = [float(sum(p for v, p in dist.items() if v >= k)) for k in range(top + 1)]
    return Profile(float(expected(dist)), tuple(tail))


Outcomes = dict[tuple[str, int, bool], Fraction]  # (result, harm, target out) → probability


def attack_outcomes(
    state: BRPState,
    attacker: Fighter,
    target: Fighter,
    weapon: Weapon,
    defence_label: str | None,
    policy: Controller,
) -> Outcomes:
    """The exact outcomes of one attack as `combat.resolve_attack` resolves it (§5.5–5.13):
    the attack's success levels, then the target's defence — the option labelled
    `defence_label`, else the policy's choice — and its levels, the matrix (§5.8), the normal
    or special damage less armour (§5.9, §5.10, §5.13), and whether the target falls (§5.12:
    2 hit points or fewer). Tested against the enumerated rules (tests/exact)."""
    counts: dict[tuple[str, int, bool], int] = {}
    fallen = not target.active
    defence = _defence(state, target, weapon, defence_label, policy)
    den, blows = _blows(state, attacker, target, weapon, defence)
    for level, defence_level, row, harm, n in blows:
        result = "" if row is None else row.result
        name = combat.outcome_name(level, defence, defence_level, result)
        damaged = row is not None and row.result != "blocked"
        key = (name, harm, fallen or (damaged and target.hp - harm <= 2))
        counts[key] = counts.get(key, 0) + n
    return {key: Fraction(n, den) for key, n in counts.items()}


# Each way one attack can go: the levels, the matrix row, the injury, and its count of ways
# out of the blow's denominator (`_blow_table`).
Blow = tuple[Level, Level, data.MatrixRow | None, int, int]


def _blows(
    state: BRPState, attacker: Fighter, target: Fighter, weapon: Weapon, defence: combat.Defence
) -> tuple[int, tuple[Blow, ...]]:
    """Every way one attack can go against `defence`: the attack's level, the defence's, the
    matrix row (§5.8; None when the attack failed), the injury after armour (§5.9, §5.10,
    §5.13) and its count of ways, with the denominator they are counted out of."""
    parrying = None if isinstance(defence, combat.NoDefend) else defence.chance
    return _blow_table(
        combat.attack_chance(state, attacker, target, weapon),
        parrying,
        combat.damage_notation(weapon, special=False),
        combat.damage_notation(weapon, special=True),
        attacker.dice_vars.get("db", "0"),
        combat.armour_against(target, weapon),
    )


@lru_cache(maxsize=4096)
def _blow_table(
    chance: int, defence: int | None, normal: str, special: str, db: str, armour: int
) -> tuple[int, tuple[Blow, ...]]:
    """`_blows` from the figures alone (the attack's chance, the defence's — None for none —,
    the normal and special damage, the damage bonus and the armour), in integers over one
    denominator: worked out once per figures, not once per attack (issue 35)."""
    defended = {Level.FAILURE: Fraction(1)} if defence is None else levels(defence)
    hurt = {row: injury(row, db, armour) for row in (normal, special)}
    ways: list[tuple[Level, Level, data.MatrixRow | None, int, Fraction]] = []
    for level, p in levels(chance).items():
        if not derived.succeeded(level):
            ways.append((level, Level.FAILURE, None, 0, p))
            continue
        for defence_level, q in defended.items():
            row = derived.matrix_row(level, defence_level)
            if row.result == "blocked":
                ways.append((level, defence_level, row, 0, p * q))
                continue
            notation = special if row.result == "special" else normal
            for harm, r in hurt[notation].items():
                ways.append((level, defence_level, row, harm, p * q * r))
    den = math.lcm(*(way[4].denominator for way in ways))
    return den, tuple((*way[:4], _count(way[4], den)) for way in ways)


def _count(p: Fraction, den: int) -> int:
    """`p` as a count of ways out of `den` (a multiple of its denominator)."""
    return p.numerator * (den // p.denominator)


def _defence(
    state: BRPState, target: Fighter, weapon: Weapon, label: str | None, policy: Controller
) -> combat.Defence:
    """The defence the target meets the attack with, as the rules would ask it (§5.6, §5.7)."""
    if combat.why_no_defence(state, target, weapon) is not None:
        return combat.NoDefend()
    options = combat.defences(state, target, weapon)
    labels = [str(option) for option in options]
    if len(options) == 1:
        return options[0]
    if label in labels:
        return options[labels.index(label)]
    return options[policy.choose(ChoiceRequest(target, decisions.DEFEND, options))]


Effects = dict[tuple[int, int, int], Fraction]  # (injury, parrying item's loss, weapon's loss)


def attack_effects(
    state: BRPState, attacker: Fighter, target: Fighter, weapon: Weapon, policy: Controller
) -> tuple[combat.Defence, Effects]:
    """What one attack does to the target and to the items in play (a duel's chain needs
    both): the blows of `attack_outcomes`, with the matrix's item damage (§5.8: a special
    attack partly parried costs the parrying item 2 points, a special parry costs the
    attacker's melee weapon 1), the target defending as the policy chooses."""
    counts: dict[tuple[int, int, int], int] = {}
    defence = _defence(state, target, weapon, None, policy)
    parried = isinstance(defence, combat.Parry)
    breakable = parried and not weapon.data.missile and weapon.hp is not None
    den, blows = _blows(state, attacker, target, weapon, defence)
    for _, _, row, harm, n in blows:
        if row is None:
            key = (0, 0, 0)
        else:
            item = row.parry_item_damage if parried else 0
            own = row.attacker_weapon_damage if breakable else 0
            key = (harm, item, own)
        counts[key] = counts.get(key, 0) + n
    return defence, {key: Fraction(n, den) for key, n in counts.items()}


rebuilt_by_constructor(Profile)  # copies of a state (core.immutable)
