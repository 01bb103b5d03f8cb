"""The averaging shortcut against normal men (rule 24, ODD-U12, T-ODD-1): kills a round =
attacks × P(hit) × min(1, average damage / average hit points), capped by the normal men in
reach; rounded up (the seed's "6 if rounded up") or carried from round to round."""

from __future__ import annotations

import math

from fracas.dice import compile_dice


def mean(notation: str) -> float:
    """The average of a dice notation (NdS+K)."""
    return float(compile_dice(notation).distribution().mean())


def kills(attacks: int, needed: int, damage: str, hit_points: str, in_reach: int) -> float:
    """Expected kills a round, before rounding (ODD-U12)."""
    return kills_at(attacks, needed, damage, mean(hit_points), in_reach)


def kills_at(attacks: int, needed: int, damage: str, mean_hp: float, in_reach: int) -> float:
    """The same with the victims' average hit points given."""
    p_hit = min(19, max(1, 21 - needed)) / 20  # rules 27, 30: natural 1 misses, 20 hits
    ratio = min(1.0, mean(damage) / max(mean_hp, 1e-9))
    return min(float(in_reach), attacks * p_hit * ratio)


def rounded_up(value: float) -> int:
    """The seed's reading: "6 if rounded up" (the `up` option)."""
    return math.ceil(value - 1e-9)


class Carry:
    """The `carry` option: fractions of a kill accumulate from round to round."""

    __slots__ = ("owed",)

    def __init__(self) -> None:
        self.owed = 0.0

    def take(self, value: float) -> int:
        self.owed += value
        whole = math.floor(self.owed + 1e-9)
        self.owed -= whole
        return whole
