"""Exact odds of one SemiAutoMagic single attack (DESIGN.md §6, issue 11; rules 45-54, C16),
from the dice distributions, not by sampling: the d6 against Target (or the helpless hit,
rule 189), the damage die, the target's defence as its policy (or a forced option) picks it
knowing the damage (SAM-A24), d6 + bonus against the DC, and damage against Toughness
(`harm.effect`). Tested against the enumerated rules (tests/semiautomagic/test_odds.py)."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.dice import compile_dice
from fracas.rulesets.semiautomagic import attack, harm
from fracas.rulesets.semiautomagic.attack import NONE, PARRY, Swing
from fracas.rulesets.semiautomagic.policy import pick_defence
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

Outcomes = dict[tuple[str, int, bool], Fraction]
PREFIX = "single attack with "
SIXTH = Fraction(1, 6)


def action_name(w: Wielded) -> str:
    return PREFIX + w.data.name


def weapon_of(f: Fighter, action: str) -> Wielded:
    for w in f.weapons:
        if action_name(w) == action:
            return w
    raise ValueError(f"{f.name} has no weapon for {action!r}")


def chance(bonus: int, needed: int) -> Fraction:
    """P(d6 + bonus >= needed) (S3)."""
    return Fraction(sum(1 for face in range(1, 7) if face + bonus >= needed), 6)


def perform(table: Table, state: SamState, a: Fighter, t: Fighter, action: str) -> str:
    """One single attack by the rules (`attack.resolve`), named by its result."""
    w = weapon_of(a, action)
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    s = Swing(t, sit)
    attack.resolve(table, state, a, w, [s])
    return named(s.result, t)


def named(result: str, t: Fighter) -> str:
    if result in (harm.WOUND, harm.DYING) and t.status is Status.DEAD:
        return "killed"
    if result == harm.DYING and not t.dying:
        return "knocked out"
    return result


def calculable(state: SamState, a: Fighter, t: Fighter, w: Wielded) -> bool:
    """The enumerator takes over for an invisible target (its square located first)."""
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    return sit is not None and not sit.locate and not w.data.delay


def single_attack(
    state: SamState, a: Fighter, t: Fighter, w: Wielded, label: str | None
) -> Outcomes:
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    p_hit = Fraction(1) if sit.auto else chance(attack.attack_bonus(a, w) + sit.x, sit.target)
    out: Outcomes = defaultdict(Fraction)
    if p_hit < 1:
        out[("miss", 0, t.status.out)] += 1 - p_hit
    options = attack.defences(state, t, w.data.kind == "melee")
    labels = [str(o) for o in options]
    dc = attack.dc_base(a, w) + sit.y
    damage = compile_dice(w.damage).distribution()
    for d in damage.outcomes():
        p = p_hit * damage.probability(d)
        i = labels.index(label) if label in labels else pick_defence(state, t, options, d)
        pick = options[i]
        saved = Fraction(0) if pick.kind == NONE else chance(pick.bonus, dc)
        if saved:
            word = "parried" if pick.kind == PARRY else f"{pick.kind}d"
            out[(word, 0, t.status.out)] += p * saved
        out[landed(state, t, d, w.data.nonlethal)] += p * (1 - saved)
    return dict(out)


def landed(state: SamState, t: Fighter, damage: int, nonlethal: bool) -> tuple[str, int, bool]:
    """One hit that got through, as `harm.settle` applies it alone."""
    e = harm.effect(damage, t.toughness, t.min_toughness, state.options.wound_on_equal)
    if e == harm.NO_EFFECT:
        return e, 0, t.status.out
    if t.dying:
        return ("knocked out", 1, True) if nonlethal else ("killed", 1, True)
    if e == harm.DYING:
        return ("knocked out", 1, True) if nonlethal else (harm.DYING, 1, True)
    return harm.WOUND, 1, t.status.out
