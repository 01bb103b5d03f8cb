"""Exact odds against the rules code run many times (DESIGN.md §6): two paths that must agree."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from fracas.core.controllers import ScriptedChoices
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.rulesets.brp import combat, odds
from fracas.rulesets.brp.derived import Level


def test_level_probabilities_sum_to_one_and_match_the_thresholds():
    p = odds.levels(60)
    assert sum(p.values()) == 1
    assert p[Level.SPECIAL] == Fraction(12, 100)
    assert p[Level.SUCCESS] == Fraction(48, 100)
    assert p[Level.FUMBLE] == Fraction(2, 100)  # 99–00 at skill 51–70 (B6)


def test_special_damage_distribution_is_max_plus_a_roll():
    """§5.13 for a short sword without db: 7 + 1D6+1 → 9..14 uniformly."""
    d = odds.injury("7+1D6+1", "0", 0)
    assert d == {v: Fraction(1, 6) for v in range(9, 15)}


@pytest.mark.compiled_build  # the rules run 20,000 times (pyproject.toml)
def test_exact_injury_odds_agree_with_the_rules_run_20000_times(scene, sheet):
    s = scene(
        [
            sheet(
                "A",
                characteristics={"STR": 15, "SIZ": 12},
                weapons=["Sword, Broad"],
                skills={"Sword": 55},
            )
        ],
        [
            sheet(
                "D",
                armour=["Leather, Hard", "Helmet, Light"],
                skills={"Dodge": 0},
                characteristics={"CON": 100, "SIZ": 100},
            )
        ],
    )
    a, d = s["A"], s["D"]
    weapon = a.weapons[0]
    exact = odds.undefended_injury(
        55, weapon.data.damage, combat.damage_notation(weapon, True), a.db, d.armour
    )
    table = Table(SeededDice(2024), {"Red": ScriptedChoices(), "Blue": _Take()})
    n = 20_000
    tally: dict[int, int] = {}
    for _ in range(n):
        before = d.hp
        combat.resolve_attack(table, s.state, a, d, weapon)
        hurt = before - d.hp
        tally[hurt] = tally.get(hurt, 0) + 1
        table.journal.clear()
    for k in range(0, 25):
        p = float(sum(q for v, q in exact.items() if v >= k))
        seen = sum(c for v, c in tally.items() if v >= k) / n
        se = math.sqrt(max(p * (1 - p), 1e-9) / n)
        assert abs(seen - p) <= 4 * se + 1e-9, (k, seen, p)
    mean = sum(v * c for v, c in tally.items()) / n
    assert abs(mean - float(odds.expected(exact))) < 0.1


class _Take:
    def choose(self, request):
        return len(request.options) - 1
