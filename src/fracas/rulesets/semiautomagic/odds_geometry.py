"""Exact odds of an area attack aimed at a creature's square and of an attack at an item
(DESIGN.md §6; rules 71-80, 125-129), from the dice distributions, as `odds.py` does for a
single attack; tested against the enumerated rules (tests/semiautomagic/test_odds.py).

An area attack's odds are the target's: the d6 against the area's Target; on a miss every
direction of the d8 and every distance of the scatter dice, each landing checked against the
target's footprint; caught, its defence as its policy (or a forced option) picks it knowing
the damage (rule 75: a block or an evasion negates, a dodge takes 3 off); the one damage
roll against its Toughness. Results: `not caught`, `blocked`, `evaded`, then those of a hit
that lands (`no effect`, `wound`, `dying`, `knocked out`, `killed`). An attack at an item:
the d6 against the item's Target, the holder's defence, the damage against the item's
Toughness: `miss`, `dodged`, `blocked`, `parried`, `no effect`, `wound`, `destroyed`."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from fracas.core.table import Table
from fracas.dice import compile_dice
from fracas.rulesets.semiautomagic import area, attack, items, odds
from fracas.rulesets.semiautomagic.defending import pick_defence
from fracas.rulesets.semiautomagic.odds import Outcomes, chance
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

AREA = "area attack with {} at the target's square"
ITEM = "attack on the {} with {}"
EIGHTH = Fraction(1, 8)


def area_name(w: Wielded) -> str:
    return AREA.format(w.data.name)


def item_name(item: str, w: Wielded) -> str:
    return ITEM.format(item, w.data.name)


def item_of(f: Fighter, action: str) -> str:
    """The item an action name attacks ("" when it is not an attack at an item)."""
    for item in items.ITEMS:
        if action == item_name(item, f.wielded):
            return item
    return ""


def point_of(t: Fighter) -> area.Point:
    return area.Point(t.position.x, t.position.y, t.id, t.name)


def names(state: SamState, a: Fighter, t: Fighter) -> list[str]:
    """The odds' actions of the weapon in hand against `t`: an area attack at its square, or
    an attack at each item it has."""
    w = a.wielded
    if w.data.area:
        in_range = any(p.who == t.id for p in area.points(state, a, w))
        return [area_name(w)] if in_range else []
    return [item_name(i, w) for i in items.ITEMS if items.stats(t, i) is not None]


def perform(table: Table, state: SamState, a: Fighter, t: Fighter, action: str) -> str:
    """The action by the rules, named by what befell `t`."""
    w = a.wielded
    if w.data.area:
        b = area.Blast(point_of(t))
        area.resolve(table, state, a, w, [b])
        found = b.results.get(t.id)
        return "not caught" if found is None else odds.named(found, t)
    item = item_of(a, action)
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    assert sit is not None
    items.aim(sit, t, item)
    s = attack.Swing(t, sit)
    items.resolve(table, state, a, w, s, item)
    return s.result


def calculable(state: SamState, a: Fighter, t: Fighter) -> bool:
    """A wounded weapon, a target behind a cover object or unseen: the enumerator's."""
    w = a.wielded
    if w.wounds or w.data.delay or t.cover_object is not None:
        return False
    if w.data.area:
        return True
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    return sit is not None and not sit.locate


def catches(state: SamState, a: Fighter, w: Wielded, t: Fighter, x: float, y: float) -> bool:
    grid = state.options.sphere_on_grid
    return area.overlaps(area.shape(a, w, x, y, grid), t)


def caught_chance(state: SamState, a: Fighter, w: Wielded, t: Fighter) -> Fraction:
    """Rules 72-74 (SAM-A21): the chance the area lands on `t`, aimed at its square."""
    p = point_of(t)
    k = area.doublings(state, a, w, p)
    penalty = k - 1 if k and a.aimed_at == t.id and w.data.kind != "magic" else k
    p_hit = chance(attack.attack_bonus(a, w) - penalty, area.area_target(a))
    total = p_hit if catches(state, a, w, t, p.x, p.y) else Fraction(0)
    scatter = compile_dice(f"{area.scatter_dice(state, a, w, p)}d6").distribution()
    unit = area.side(max(a.scale, w.data.scale))
    for dx, dy in area.COMPASS:
        for n in scatter.outcomes():
            if catches(state, a, w, t, p.x + dx * n * unit, p.y + dy * n * unit):
                total += (1 - p_hit) * EIGHTH * Fraction(scatter.probability(n))
    return total


def area_outcomes(state: SamState, a: Fighter, t: Fighter, label: str | None) -> Outcomes:
    """Rules 72-76: what an area attack aimed at `t`'s square does to `t`."""
    w = a.wielded
    p_caught = caught_chance(state, a, w, t)
    out: Outcomes = defaultdict(Fraction)
    if p_caught < 1:
        out[("not caught", 0, t.status.out)] += 1 - p_caught
    options = attack.defences(state, t, False)
    labels = [str(o) for o in options]
    dc = attack.dc_base(a, w)
    damage = compile_dice(w.damage).distribution()
    nonlethal = w.data.nonlethal
    for d in damage.outcomes():
        q = p_caught * Fraction(damage.probability(d))
        i = labels.index(label) if label in labels else pick_defence(state, t, options, d, True)
        pick = options[i]
        saved = Fraction(0) if pick.kind == attack.NONE else chance(pick.bonus, dc)
        if saved and (pick.kind == attack.BLOCK or attack.evasion(t)):
            word = "blocked" if pick.kind == attack.BLOCK else "evaded"
            out[(word, 0, t.status.out)] += q * saved
        elif saved:
            out[odds.landed(state, t, max(0, d - area.DODGE_CUT), nonlethal)] += q * saved
        out[odds.landed(state, t, d, nonlethal)] += q * (1 - saved)
    return dict(out)


def item_outcomes(
    state: SamState, a: Fighter, t: Fighter, item: str, label: str | None
) -> Outcomes:
    """Rules 125-129: a single attack at `t`'s item."""
    w = a.wielded
    sit = attack.situation(state, a, t, w, a.aimed_at == t.id)
    found = items.stats(t, item)
    assert sit is not None and found is not None
    items.aim(sit, t, item)
    p_hit = Fraction(1) if sit.auto else chance(attack.attack_bonus(a, w) + sit.x, sit.target)
    out: Outcomes = defaultdict(Fraction)
    if p_hit < 1:
        out[("miss", 0, t.status.out)] += 1 - p_hit
    options = attack.defences(state, t, w.data.kind == "melee")
    labels = [str(o) for o in options]
    dc = attack.dc_base(a, w) + sit.y
    tough = found[1]
    damage = compile_dice(w.damage).distribution()
    for d in damage.outcomes():
        q = p_hit * Fraction(damage.probability(d))
        i = labels.index(label) if label in labels else pick_defence(state, t, options, d)
        pick = options[i]
        saved = Fraction(0) if pick.kind == attack.NONE else chance(pick.bonus, dc)
        if saved:
            word = attack.NEGATED[pick.kind]
            out[(word, 0, t.status.out)] += q * saved
        out[(item_effect(state, d, tough), 0, t.status.out)] += q * (1 - saved)
    return dict(out)


def item_effect(state: SamState, damage: int, tough: int) -> str:
    """As `items.struck` names it."""
    least = tough - 6
    if damage > tough:
        return "destroyed"
    if damage > least or (state.options.wound_on_equal and damage == least):
        return "wound"
    return "no effect"
