"""An attack's injury odds in floats (`odds.profile` works them out), kept with each weapon
(`state.Weapon.odds`): a module of its own, below both, so neither imports the other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Profile:
    """An attack's injury odds in floats, for tactics that weigh many options quickly."""

    mean: float
    at_least: tuple[float, ...]  # at_least[k] = P(injury ≥ k)

    def p_at_least(self, k: int) -> float:
        if k <= 0:
            return 1.0
        return self.at_least[k] if k < len(self.at_least) else 0.0
