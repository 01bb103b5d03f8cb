"""The exact odds' timings (`python -m fracas.sim.odds_bench`): what each ruleset's figures
time — never the times themselves (a timed test would only measure the machine)."""

from __future__ import annotations

from fracas.exact.action import ActionOdds
from fracas.sim.odds_bench import cases


def test_a_duel_out_of_reach_times_one_attack_with_the_two_closed_in() -> None:
    """SemiAutoMagic's bench duel starts 4 m apart (no attack offered): its one-attack figure
    is of the same two 1 m apart, the calculator's odds."""
    found = cases("semiautomagic")
    names = [name for name in found if "one attack" in name]
    assert names == ["semiautomagic: one attack's odds (Swordsman on Goblin, 1 m)"]
    odds = found[names[0]]()
    assert isinstance(odds, ActionOdds) and odds.action.startswith("single attack")


def test_a_duel_in_reach_times_its_first_attack_as_it_stands() -> None:
    found = cases("brp")
    assert list(found) == [
        "brp: one attack's odds (Red swordsman on Blue swordsman)",
        "brp: duel odds of the bench 1v1",
    ]
