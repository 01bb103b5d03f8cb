"""Ranges read by zone indices (issue 35: `ZoneMap.place`, `ZoneMap.between`,
`Character.place`) and visibility on a map without darkness (`ZoneMap.dark_anywhere`): the
same answers as by name, whatever index a character holds, and the indices kept up as
characters move, are shoved, hide, mount and dismount."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Any

import fracas
from fracas.core.battle import Battle
from fracas.rulesets.murdham.attack import NoReaction, attack
from fracas.rulesets.murdham.state import MurdhamState
from fracas.rulesets.murdham.zones import UNREACHABLE, Zone, ZoneMap

EXAMPLES = Path(__file__).parents[2] / "examples" / "murdham"


def _maps() -> list[ZoneMap]:
    return [
        ZoneMap.grid(3, 2),
        ZoneMap.from_zones(
            [Zone("hall"), Zone("stair"), Zone("tower", dark=True), Zone("crypt")],
            [("hall", "stair"), ("stair", "tower")],  # the crypt: no path leads there
        ),
    ]


def test_between_is_distance_whatever_the_indices() -> None:
    for zones in _maps():
        names = list(zones.zones)
        other = ZoneMap.grid(2, 2)
        guesses = [-1, 0, 1, len(names) - 1, len(names), 99]
        for a, b in product(names, names):
            want = zones.distance(a, b)
            assert zones.between(a, zones.place(a), b, zones.place(b)) == want
            for i, j in product(guesses, guesses):  # wrong, stale, out of range
                assert zones.between(a, i, b, j) == want
            assert zones.between(a, other.place(a), b, other.place(b)) == want
        assert zones.place("nowhere") == -1
    crypt = _maps()[1]
    assert crypt.between("hall", crypt.place("hall"), "crypt", crypt.place("crypt")) == (
        UNREACHABLE
    )


def test_darkness_anywhere() -> None:
    lit, dark = _maps()
    assert not lit.dark_anywhere()
    assert dark.dark_anywhere()


def test_indices_are_kept_up_through_whole_fights() -> None:
    """Every example (riders, a wyrm's shoves, ambushers) fought out: each character's index
    is its zone's at the end."""
    fought = 0
    for path in sorted(EXAMPLES.glob("*.yaml")):
        encounter = fracas.load(path)
        for seed in range(4):
            battle = Battle(encounter, seed=seed, observe=False)
            battle.run()
            state = battle.state
            assert isinstance(state, MurdhamState)
            for c in state.characters():
                assert c.place == state.zones.place(c.zone), (path.name, seed, c.name)
                fought += 1
    assert fought > 50


def test_a_shove_across_a_border_keeps_the_index(scene: Callable[..., Any]) -> None:
    s = scene(
        ("A", [{"name": "Shover", "template": "bandit", "zone": "b1"}]),
        ("B", [{"name": "Victim", "template": "bandit", "zone": "b1", "border": "c1"}]),
        grid=(3, 1),
    )
    victim = s["Victim"]
    s.choices.push("react", lambda option: isinstance(option, NoReaction))
    s.dice.push(20)  # the STR save fails: across the border (F-MUR-6)
    attack(s.table, s.state, s["Shover"], victim, s.weapon("Shover", "Unarmed"), kind="shove")
    assert victim.zone == "c1"
    assert victim.place == s.state.zones.place("c1")
