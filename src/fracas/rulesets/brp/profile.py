"""An attack's injury odds in floats (`odds.profile` works them out), and what the tactics
make of them (`Worth`), kept with each weapon (`state.Weapon.odds`): a module of its own,
below both, so neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Profile:
    """An attack's injury odds in floats, for tactics that weigh many options quickly."""

    mean: float
    at_least: tuple[float, ...]  # at_least[k] = P(injury ≥ k)

    def p_at_least(self, k: int) -> float:
        if k <= 0:
            return 1.0
        return self.at_least[k] if k < len(self.at_least) else 0.0


class Worth:
    """What the tactics make of a blow's odds (`Profile`): its expected injury `mean`, and
    `by_k[k]` = `mean` + 2 × P(injury ≥ k), the worth of a blow that needs an injury of `k` to
    drop its target (`policy.BRPPolicy._blow_value`), worked out once per weapon, chance and
    armour for all the battles of an encounter. Compiled with unboxed floats: the frozen
    `Profile`'s fields are read through Python's generic attribute look-up, and each blow the
    tactics weigh read two of them (issue 35)."""

    __slots__ = ("by_k", "mean", "profile")

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.mean: float = profile.mean
        tail = profile.at_least
        # the same sum, in the same order, as `mean + 2 * tail[k]` worked out at each blow
        self.by_k: list[float] = [profile.mean + 2 * tail[k] for k in range(len(tail))]

    def __copy__(self) -> Worth:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Worth:
        """Never changed once made, so a copied state shares it, as the weapon's copies for
        later battles do (`state.clone_weapon`). (Compiled, the copy module's own way builds
        the class through `__init__`, which needs its `Profile`.)"""
        return self

    def at(self, k: int) -> float:
        """`mean + 2 * P(injury ≥ k)` (P is 0 beyond the table: the sum is `mean`)."""
        by_k = self.by_k
        return by_k[k] if k < len(by_k) else self.mean + 2 * 0.0
