"""Test support for exact odds: one path to the odds checked against another (issue 11:
the enumerated, calculated and simulated odds must tell the same numbers)."""

from __future__ import annotations

import math

from fracas.exact.action import OutcomeOdds


def assert_within_4_se(exact: OutcomeOdds, sampled: OutcomeOdds, n: int) -> None:
    """Every result, and the chance the target is out of the fight, of `n` sampled actions
    within 4 standard errors of the exact fraction (a sampled result must be a possible one)."""
    unexpected = set(sampled.results) - set(exact.results)
    assert not unexpected, f"sampled results the exact odds call impossible: {unexpected}"
    pairs = [(name, p, sampled.results.get(name, 0)) for name, p in exact.results.items()]
    for name, p, seen in [*pairs, ("out of the fight", exact.down, sampled.down)]:
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(float(seen) - float(p)) <= 4 * se + 1e-12, (name, float(seen), float(p))
