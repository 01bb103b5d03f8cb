"""Whether a grapple is worth trying (rules 104–105, T-ODD-5, ODD-U44; issue 34: no grapple
whose odds are far below a plain attack's). It reads the state, never changes it.

Each fighter of the side in melee with the target (and not busy with something else this
round) grapples it with its hit chance; the grapplers who hit roll a d6 per hit die against
the target's d6 per hit die, and a higher total pins it (ODD-U44: attacks on it then hit
automatically, and it cannot act). The grapple spends the gang's attacks of this round (G,
their expected harm) to win, with the pin's chance P, sure hits and the foe's own attacks
stopped (A: the gang's full damage and the foe's expected harm a round) from the next round
on: over that next round it pays when P·A − G ≥ G, so it is tried only when P·A ≥ 2·G —
against a foe that armour (or a weapon immunity, rule 31) makes hard to hurt, by a gang that
outweighs it.
P is read from the exact distribution of the d6 sums, with the gang's expected dice.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from fracas.rulesets.odnd import grapple, space, worth
from fracas.rulesets.odnd.state import Fighter, OdndState


@cache
def d6_sums(count: int) -> tuple[float, ...]:
    """P(the sum of `count` d6 is s), indexed by s."""
    sums = [1.0]
    for _ in range(count):
        wider = [0.0] * (len(sums) + 6)
        for s, p in enumerate(sums):
            for face in range(1, 7):
                wider[s + face] += p / 6
        sums = wider
    return tuple(sums)


def pin_chance(grapplers_dice: int, target_dice: int) -> float:
    """P(the grapplers' d6s sum to more than the target's), rule 105: pinned. Kept for the
    process in a row per count of the grapplers' dice, indexed by the target's (issue 35: a
    `functools.cache` call cost about 680 instructions a reading, a dictionary keyed by one
    boxed integer about 800; a list's item is read in a few)."""
    if grapplers_dice < 0 or target_dice < 0:
        raise ValueError(f"{grapplers_dice} against {target_dice} grapple dice")
    rows = _PIN_ROWS
    while len(rows) <= grapplers_dice:
        rows.append([])
    row = rows[grapplers_dice]
    while len(row) <= target_dice:
        row.append(_pin_chance(grapplers_dice, len(row)))
    return row[target_dice]


# `_PIN_ROWS[g][t]`: `_pin_chance(g, t)`, filled up to the largest `t` read.
_PIN_ROWS: Final[list[list[float]]] = []


def _pin_chance(grapplers_dice: int, target_dice: int) -> float:
    ours, theirs = d6_sums(grapplers_dice), d6_sums(target_dice)
    below: list[float] = []  # below[s]: P(the target's sum < s)
    running = 0.0
    for p in theirs:
        below.append(running)
        running += p
    return sum(p * (below[s] if s < len(below) else 1.0) for s, p in enumerate(ours))


def gang(state: OdndState, me: Fighter, target: Fighter) -> list[Fighter] | None:
    """`me` and its side's fighters in melee with `target`, not held themselves, that have
    not declared something else this round (those still to declare may join); None when
    none would join it (issue 35: no list built for a grapple alone, a duel's)."""
    out: list[Fighter] | None = None  # then its allies, in order (no list to filter)
    for a in state.fighters():
        if (
            a.side == me.side and a is not me and a.active and not a.grapple
            and (not a.action or (a.action == "grapple" and a.plan_target is target))
            and space.in_melee(state, a, target)
        ):  # fmt: skip
            if out is None:
                out = [me]
            out.append(a)
    return out


def pin_odds(target: Fighter, helpers: list[Fighter], hits: list[float]) -> float:
    """The chance the gang's grapple pins the target, with the gang's expected dice (each
    grappler's hit dice times its hit chance `hits[i]`, weaponless: a grapple needs no
    weapon, issue 29 item 19)."""
    dice = 0.0  # (a float loop, not `sum` of a generator: boxed numbers added; issue 35)
    for i in range(len(helpers)):
        dice += grapple.hit_dice(helpers[i]) * hits[i]
    count = half_even(dice)
    return pin_chance(count if count > 1 else 1, grapple.hit_dice(target))


def half_even(x: float) -> int:
    """`round(x)` for a finite `x` ≥ 0: the nearest integer, a tie to the even one. Written
    out because the compiled policy called the builtin generically, about 1,000 instructions
    a reading (callgrind, issue 35). `x - int(x)` is exact (the fraction of a double is a
    double), so the comparisons with 0.5 are too: the same integer as `round`."""
    whole = int(x)
    frac = x - whole
    if frac > 0.5 or (frac == 0.5 and whole % 2 == 1):
        return whole + 1
    return whole


def grapple_worth(state: OdndState, me: Fighter, target: Fighter, my_hit: float) -> float:
    """A grapple by a gang of two or more on a foe not already held, that their plain
    attacks would not fell this round, when P·A ≥ 2·G (the module's reckoning): worth the
    plain attack's score (`worth.attack_value`) scaled by how far it clears that bar;
    otherwise never (-1). `my_hit` is `worth.hit_chance(me, target)` (the policy keeps it
    for the declaration; issue 35)."""
    if target.grapple:
        return -1.0  # held already (no gang looked for)
    helpers = gang(state, me, target)
    if helpers is None:
        return -1.0  # a gang of one
    # Each helper's hit chance worked out once (issue 35): its plain harm reads it, and so do
    # the pin's dice when the target needs no special weapon (rule 31: `hit_chance` is then
    # the same with or without `weaponless`).
    plain_hits = target.needs == "none"
    pin_hits: list[float] = []
    swings = 0.0  # (float loops, not `sum` of generators: the same sums in the same order)
    for a in helpers:
        hit = my_hit if a is me else worth.hit_chance(a, target)
        pin_hits.append(hit if plain_hits else worth.hit_chance(a, target, weaponless=True))
        swings += worth.harm_at(a, target, hit)
    if swings >= target.hp:
        return -1.0  # their plain attacks are likely to fell it this round
    sure = 0.0
    for a in helpers:
        if worth.can_harm(a, target):  # rule 31: pinned, still proof against it
            sure += a.attacks * a.weapons[0].mean_damage  # (its mean, kept by setup)
    sure += worth.harm(target, me)  # ODD-U44: pinned, it takes no action
    pinned = pin_odds(target, helpers, pin_hits) * sure
    if pinned < 2 * swings:
        return -1.0
    plain = worth.attack_value(target, me.attacks, my_hit)
    return max(plain, 0.1) * pinned / max(0.1, 2 * swings)
