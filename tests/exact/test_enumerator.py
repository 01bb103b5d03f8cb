"""The enumerator (issue 11): a ruleset's own code for one action, run along every way its dice
can fall, gives exact odds — checked by hand and against a simulation of the same code."""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import pytest

import fracas
from conformance import toy
from fracas.core.combatant import BattleState, Status
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.dice import compile_dice
from fracas.exact.enumerator import TooManyPaths, enumerate_action, faces_for

TOY = "tests/conformance/examples/toy/skirmish.yaml"


@functools.cache
def _encounter() -> fracas.Encounter:
    """Read once: every run sets up a fresh state from it (reading the file 12,000 times
    took most of the simulation test's 20 s)."""
    return fracas.load(TOY)


def _duelists() -> tuple[BattleState, toy.Fighter, toy.Fighter]:
    encounter = _encounter()
    state = encounter.ruleset.setup(encounter.spec)
    fighters = {c.name: c for c in state.combatants}
    ann, bo = fighters["Ann"], fighters["Bo"]
    assert isinstance(ann, toy.Fighter) and isinstance(bo, toy.Fighter)
    return state, ann, bo


def _ann_strikes_bo(table: Table) -> tuple[int, Status]:
    """The toy's own `act`: Ann (the only visible target left: Bo, 8 hp) strikes once."""
    state, ann, bo = _duelists()
    for c in state.combatants:
        if c.side == "Blues" and c is not bo:
            c.status = Status.DEAD
    bo.hp = 2
    toy.act(table, state, ann, patience=6)
    return bo.hp, bo.status


def _policy() -> dict[str, toy.ToyPolicy]:
    state, _, _ = _duelists()
    policy = toy.ToyPolicy(state)
    return {"Reds": policy, "Blues": policy, "gm": policy}


def test_one_strike_of_the_toy_by_hand() -> None:
    """To hit: 3+ on 1D6 (4 in 6); damage 1D4 on Bo's 2 hp: 1 leaves him up, 2 to 4 put him
    down (dead only at minus half his 8 hp, -4)."""
    result = enumerate_action(_ann_strikes_bo, _policy())
    miss = Fraction(2, 6)
    quarter = Fraction(4, 6) / 4
    assert result.outcomes == {
        (2, Status.ACTIVE): miss,
        (1, Status.ACTIVE): quarter,
        (0, Status.DOWN): quarter,
        (-1, Status.DOWN): quarter,
        (-2, Status.DOWN): quarter,
    }
    assert sum(result.outcomes.values()) == 1 and result.truncated == 0
    assert result.paths == 2 + 4 * 4  # a miss on 1 or 2; a hit on 3 to 6, then 4 damages


def test_the_enumeration_agrees_with_the_dice_rolled() -> None:
    """The same action, rolled 6,000 times from seeded dice: every outcome within 4 standard
    errors of its exact probability."""
    exact = enumerate_action(_ann_strikes_bo, _policy()).outcomes
    n = 6000
    seen: dict[tuple[int, Status], int] = {}
    for i in range(n):
        outcome = _ann_strikes_bo(Table(SeededDice(i), _policy()))
        seen[outcome] = seen.get(outcome, 0) + 1
    assert set(seen) <= set(exact)
    for outcome, p in exact.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen.get(outcome, 0) / n - float(p)) < 4 * se, outcome


def _exploding_d6(table: Table) -> int:
    total = 0
    while True:
        face = table.roll("1D6", reason="exploding").total
        total += face
        if face < 6:
            return total


def test_unbounded_dice_are_cut_off_and_the_lost_mass_is_told() -> None:
    cutoff = Fraction(1, 6**5)
    result = enumerate_action(_exploding_d6, {}, cutoff=cutoff)
    assert result.outcomes[3] == Fraction(1, 6)
    assert result.outcomes[6 + 6 + 2] == Fraction(1, 6**3)
    assert sum(result.outcomes.values()) + result.truncated == 1
    assert 0 < result.truncated < cutoff * 6
    assert max(result.outcomes) < 6 * 5


def test_totals_not_faces_and_faces_that_make_each_total() -> None:
    result = enumerate_action(lambda t: t.roll("2D6", reason="r").total, {})
    assert result.paths == 11 and result.outcomes[7] == Fraction(6, 36)
    for notation in ("3D6+2", "1D6-1D4", "1D100", "2D10*2"):
        compiled = compile_dice(notation)
        for total in compiled.distribution().weights:
            assert compiled.total(faces_for(compiled, total)) == total


def _two_d10(table: Table) -> int:
    return table.roll("1D10", reason="a").total + table.roll("1D10", reason="b").total


def test_too_many_paths_is_said_not_ground_through() -> None:
    assert enumerate_action(_two_d10, {}).paths == 100
    with pytest.raises(TooManyPaths, match="more than 50"):
        enumerate_action(_two_d10, {}, max_paths=50)
