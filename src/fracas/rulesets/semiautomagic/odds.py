"""Exact odds of one SemiAutoMagic single attack (DESIGN.md §6, issue 11; rules 45-54, C16),
from the dice distributions, not by sampling: the d6 against Target (or the helpless hit,
rule 189), the damage die, the target's defence as its policy (or a forced option) picks it
knowing the damage (SAM-A24), d6 + bonus against the DC, and damage against Toughness
(`harm.effect`). Tested against the enumerated rules (tests/semiautomagic/test_odds.py)."""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.dice import compile_dice
from fracas.rulesets.semiautomagic import attack, called, data, harm, mounted
from fracas.rulesets.semiautomagic.attack import NONE, Swing
from fracas.rulesets.semiautomagic.defending import pick_defence
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

Outcomes = dict[tuple[str, int, bool], Fraction]
PREFIX = "single attack with "
SIXTH = Fraction(1, 6)


def action_name(w: Wielded) -> str:
    return PREFIX + w.data.name


CALLED = "called shot at the {} with {}"  # rules 116-124


def weapon_of(f: Fighter, action: str) -> Wielded:
    for w in f.weapons:
        if action_name(w) == action:
            return w
    aimed = called_of(f, action)
    if aimed is not None:
        return aimed[1]
    raise ValueError(f"{f.name} has no weapon for {action!r}")


def called_of(f: Fighter, action: str) -> tuple[str, Wielded] | None:
    """A called shot's region and weapon from its action name."""
    for w in f.weapons:
        for r in called.ALL:
            if action == CALLED.format(r, w.data.name):
                return r, w
    return None


def region_of(f: Fighter, action: str) -> str:
    aimed = called_of(f, action)
    return aimed[0] if aimed is not None else ""


def chance(bonus: int, needed: int) -> Fraction:
    """P(d6 + bonus >= needed) (S3)."""
    return Fraction(faces(bonus, needed), 6)


def faces(bonus: int, needed: int) -> int:
    """The faces of a d6 with which d6 + bonus >= needed (S3): `chance`'s sixths."""
    return sum(1 for face in range(1, 7) if face + bonus >= needed)


def perform(table: Table, state: SamState, a: Fighter, t: Fighter, action: str) -> str:
    """One single attack by the rules (`attack.resolve`), named by its result."""
    w, region = weapon_of(a, action), region_of(a, action)
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    if region:
        called.aim(sit, region)
    s = Swing(t, sit, region)
    attack.resolve(table, state, a, w, [s])
    return named(s.result, t)


def named(result: str, t: Fighter) -> str:
    if result in (harm.WOUND, harm.DYING) and t.status is Status.DEAD:
        return "killed"
    if result == harm.DYING and not t.dying:
        return "knocked out"
    return result


def calculable(state: SamState, a: Fighter, t: Fighter, w: Wielded) -> bool:
    """The enumerator takes over for an invisible target (its square located first), a
    morale attack (F-SAM-102: its damage falls on Will), an object (rule 171), a wounded
    weapon (rules 126-127), a target behind a cover object (rules 103-106), an EMP weapon
    (rule 200) and an envenomed hit (its Fortitude check, rule 203)."""
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    return (
        sit is not None
        and not sit.locate
        and not w.data.delay
        and not w.data.morale
        and not t.inanimate  # rule 171: an object is destroyed, not sent dying
        and not w.wounds
        and t.cover_object is None
        and "emp" not in w.data.types
        and not (a.venom and w.data.kind == "melee")
    )


def damage_notation(state: SamState, a: Fighter, t: Fighter, w: Wielded) -> str:
    """The weapon's damage, with speed damage when a fast mover is in it (rule 114)."""
    fast = mounted.speed_damage(state, a, t, w)
    return w.damage if not fast else f"{w.damage}{fast:+d}"


def single_attack(
    state: SamState, a: Fighter, t: Fighter, w: Wielded, label: str | None, region: str = ""
) -> Outcomes:
    """A single attack, or a called shot at `region` (rules 116-124)."""
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    if region:
        called.aim(sit, region)
    p_hit = Fraction(1) if sit.auto else chance(attack.attack_bonus(a, w) + sit.x, sit.target)
    out: Outcomes = defaultdict(Fraction)
    if p_hit < 1:
        out[("miss", 0, t.status.out)] += 1 - p_hit
    options = attack.defences(state, t, w.data.kind == "melee")
    labels = [str(o) for o in options]
    dc = attack.dc_base(a, w) + sit.y
    damage = compile_dice(damage_notation(state, a, t, w)).distribution()
    for d in damage.outcomes():
        p = p_hit * damage.probability(d)
        i = labels.index(label) if label in labels else pick_defence(state, t, options, d)
        pick = options[i]
        saved = Fraction(0) if pick.kind == NONE else chance(pick.bonus, dc)
        if saved:
            word = attack.NEGATED[pick.kind]
            out[(word, 0, t.status.out)] += p * saved
        out[landed(state, t, d, w.data.nonlethal, region)] += p * (1 - saved)
    return dict(out)


def mean_wounds(
    state: SamState, a: Fighter, t: Fighter, w: Wielded, region: str = ""
) -> tuple[int, int]:
    """The wounds a single attack (or a called shot at `region`) deals on average, as a
    fraction in lowest terms (numerator, denominator): `single_attack`'s outcomes weighted by
    their wounds, with no forced defence, counted in integers (issue 35: the withdrawal
    judgement's blows; `Fraction` arithmetic is interpreted, about 10k instructions an
    operation). A miss and a negated hit deal none; a hit that gets through deals `landed`'s.
    Of 6 x 6 x the damage's weights: the d6 to hit, the d6 of the defence, the damage die."""
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    if region:
        called.aim(sit, region)
    hits = 6 if sit.auto else faces(attack.attack_bonus(a, w) + sit.x, sit.target)
    options = attack.defences(state, t, w.data.kind == "melee")
    dc = attack.dc_base(a, w) + sit.y
    damage = compile_dice(damage_notation(state, a, t, w)).distribution()
    total = 0
    for d, weight in damage.weights.items():
        pick = options[pick_defence(state, t, options, d)]
        through = 6 if pick.kind == NONE else 6 - faces(pick.bonus, dc)  # sixths not saved
        total += weight * through * landed(state, t, d, w.data.nonlethal, region)[1]
    num, den = hits * total, 36 * damage.denominator
    common = math.gcd(num, den)
    return num // common, den // common


def landed(
    state: SamState, t: Fighter, damage: int, nonlethal: bool, region: str = ""
) -> tuple[str, int, bool]:
    """One hit that got through, as `harm.settle` applies it alone (a called shot's region
    row, rules 116-124)."""
    on_equal = state.options.wound_on_equal
    if region:
        level = called.severity(region, damage, t.toughness, t.min_toughness, on_equal)
        e = called.wound_effect(region, level)
    else:
        e = harm.effect(damage, t.toughness, t.min_toughness, on_equal)
    if e == harm.NO_EFFECT:
        return e, 0, t.status.out
    if t.dying:
        return ("knocked out", 1, True) if nonlethal else ("killed", 1, True)
    if e == harm.DYING:
        return ("knocked out", 1, True) if nonlethal else (harm.DYING, 1, True)
    return harm.WOUND, 1, t.status.out


# --- a whole combo against one target (rules 88-91, SAM-A24, SAM-A25) --------------------

COMBO = "combo [{}] with {}"


def combo_name(combo: tuple[str, ...], w: Wielded) -> str:
    return COMBO.format(", ".join(combo), w.data.name)


def combo_of(f: Fighter, action: str) -> tuple[str, ...] | None:
    for combo in f.combos:
        if action == combo_name(combo, f.wielded):
            return combo
    return None


def attacks_in(combo: tuple[str, ...]) -> int:
    return sum(data.components()[c]["attacks"] for c in combo)


def perform_combo(table: Table, state: SamState, a: Fighter, t: Fighter, action: str) -> str:
    """Every attack of the combo allotted to `t`, by the rules (`attack.resolve`), named from
    the target as it ends up."""
    combo = combo_of(a, action)
    assert combo is not None
    w = a.wielded
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    was_dying = t.dying
    swings = [Swing(t, sit) for _ in range(attacks_in(combo))]
    attack.resolve(table, state, a, w, swings)
    wounds = sum(1 for s in swings if s.result in (harm.WOUND, harm.DYING))
    landed = any(s.result in (harm.NO_EFFECT, harm.WOUND, harm.DYING) for s in swings)
    defended = any(s.hit for s in swings)
    if t.status is Status.DEAD:
        after = "dead"
    elif not t.active and not t.dying:
        after = "knocked out"
    else:
        after = "dying" if t.dying and not was_dying else "up"
    return combo_result(wounds, landed, defended, after)


def combo_result(wounds: int, landed: bool, defended: bool, after: str) -> str:
    """A combo's result in the seed's words."""
    if wounds == 0:
        return harm.NO_EFFECT if landed else "defended" if defended else "miss"
    if after == "dead":
        return "killed"
    if after in ("knocked out", "dying"):
        return after
    return harm.WOUND if wounds == 1 else f"{wounds} wounds"


def settled(state: SamState, t: Fighter, effects: list[str], nonlethal: bool) -> str:
    """What `harm.settle` makes of the landed hits' effects, all at once (SAM-A25, SAM-A33)."""
    wounding = [e for e in effects if e != harm.NO_EFFECT]
    if not wounding:
        return "up"
    if t.dying:
        return "knocked out" if nonlethal else "dead"
    if harm.DYING not in wounding:
        return "up"
    if nonlethal:
        return "knocked out"
    if state.options.combo_wound_kills_dying and len(wounding) > 1:
        return "dead"
    return "dying"


def combo_outcomes(
    state: SamState, a: Fighter, t: Fighter, combo: tuple[str, ...], label: str | None
) -> Outcomes:
    """Every attack die, then every damage die (rule 90), then each hit's defence in order
    with the round's rolls as they run down (SAM-A24), then the hits at once (rule 88)."""
    w = a.wielded
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    p_hit = Fraction(1) if sit.auto else chance(attack.attack_bonus(a, w) + sit.x, sit.target)
    damage = compile_dice(damage_notation(state, a, t, w)).distribution()
    rolled: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}  # the damage of each hit
    for _ in range(attacks_in(combo)):
        grown: dict[tuple[int, ...], Fraction] = defaultdict(Fraction)
        for hits, p in rolled.items():
            if p_hit < 1:
                grown[hits] += p * (1 - p_hit)
            for d in damage.outcomes():
                grown[(*hits, d)] += p * p_hit * damage.probability(d)
        rolled = grown
    out: Outcomes = defaultdict(Fraction)
    dc = attack.dc_base(a, w) + sit.y
    for hits, p in rolled.items():
        for landed, saved, q in defended(state, t, list(hits), w, dc, label):
            effects = [
                harm.effect(d, t.toughness, t.min_toughness, state.options.wound_on_equal)
                for d in landed
            ]
            wounds = sum(1 for e in effects if e != harm.NO_EFFECT)
            after = settled(state, t, effects, w.data.nonlethal)
            name = combo_result(wounds, bool(landed), saved > 0, after)
            out[(name, wounds, after != "up" or t.status.out)] += p * q
    return dict(out)


def defended(
    state: SamState, t: Fighter, hits: list[int], w: Wielded, dc: int, label: str | None
) -> list[tuple[list[int], int, Fraction]]:
    """Each way the hits' defences go: (the damage that lands, defences made, probability);
    the target's rolls left this round run down as it defends (S6)."""
    if not hits:
        return [([], 0, Fraction(1))]
    options = attack.defences(state, t, w.data.kind == "melee")
    labels = [str(o) for o in options]
    d, rest = hits[0], hits[1:]
    i = labels.index(label) if label in labels else pick_defence(state, t, options, d)
    pick = options[i]
    if pick.kind == NONE:
        return [
            ([d, *landed], saved, q) for landed, saved, q in defended(state, t, rest, w, dc, label)
        ]
    saved_p = chance(pick.bonus, dc)
    t.defences[pick.kind] -= 1
    try:
        after = defended(state, t, rest, w, dc, label)
    finally:
        t.defences[pick.kind] += 1
    out = [(landed, saved + 1, q * saved_p) for landed, saved, q in after if saved_p]
    out += [([d, *landed], saved, q * (1 - saved_p)) for landed, saved, q in after if saved_p < 1]
    return out
