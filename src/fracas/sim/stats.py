"""Small, exact-where-possible statistics for simulation reports."""

from __future__ import annotations

import math
from collections.abc import Mapping

Z95 = 1.959963984540054  # two-sided 95 % normal quantile


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (well-behaved near 0 and 1)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At p = 0 (or 1) the bound is exactly 0 (or 1); say so rather than a rounding error off.
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def quantile(histogram: Mapping[int, int], q: float) -> int:
    """The smallest value whose cumulative share reaches q (the "lower" quantile)."""
    total = sum(histogram.values())
    if total == 0:
        return 0
    need = q * total
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= need:
            return value
    return max(histogram)


def mean(histogram: Mapping[int, int]) -> float:
    total = sum(histogram.values())
    return sum(v * c for v, c in histogram.items()) / total if total else 0.0
