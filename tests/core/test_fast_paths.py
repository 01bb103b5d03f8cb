"""The table's and the dice's fast paths for a simulated battle (issue 35) give what the
general paths give: a one-die roll's shared `Roll`, one policy asked straight for every
decision, a spawned stream's key words, and the encounter's side policies kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.combatant import Combatant
from fracas.core.controllers import Policy
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import with_policies
from fracas.core.errors import ReplayError
from fracas.core.philox import SpawnedKeys, key_words, seed_key
from fracas.core.requests import RollRequest
from fracas.core.table import Table

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "src/fracas/rulesets/brp/bench/1v1.yaml"

NOTATIONS = ("1D100", "1D6+2", "1D20-1", "1D4", "2D6", "1D8+1D4", "3", "1D100+db")


class _Asked:
    """A seeded stream that is only asked (`faces`): the table's general path."""

    def __init__(self, seed: int) -> None:
        self._dice = SeededDice(seed)

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        return self._dice.faces(request)


def test_a_rolls_fast_path_gives_the_general_paths_faces_and_totals() -> None:
    fast = Table(SeededDice(5), {})
    general = Table(_Asked(5), {})
    by = Combatant("a", "A", "Reds", dice_vars={"db": "1D4"})
    for i in range(400):
        notation = NOTATIONS[i % len(NOTATIONS)]
        quick = fast.roll(notation, by=by, reason="test")
        slow = general.roll(notation, by=by, reason="test")
        assert (quick.faces, quick.total, quick.compiled) == (
            slow.faces,
            slow.total,
            slow.compiled,
        )
        assert quick.total == int(quick) == quick.compiled.total(quick.faces)
    assert fast.journal == general.journal


def test_a_named_rolls_kept_compilation_follows_its_rollers_bindings() -> None:
    """`1D8+db` is kept with the bindings it was last compiled with (issue 35): rollers with
    other bindings, or one whose bindings change in place, get their own; nobody's bindings
    still name no `db`."""
    from fracas.dice import DiceError, compile_dice

    table = Table(SeededDice(3), {})
    strong = Combatant("s", "S", "Reds", dice_vars={"db": "1D4"})
    weak = Combatant("w", "W", "Blues", dice_vars={"db": "-1D4"})
    for i in range(60):
        by = (strong, strong, weak)[i % 3]
        if i == 31:  # (the last roll was also the strong one's)
            strong.dice_vars["db"] = "1D6"  # changed in place: the kept copy no longer equals
        roll = table.roll("1D8+db", by=by, reason="test")
        assert roll.compiled == compile_dice("1D8+db", by.dice_vars)
        assert roll.total == roll.compiled.total(roll.faces)
    with pytest.raises(DiceError):
        table.roll("1D8+db", reason="test")


def test_a_one_die_roll_is_its_faces_shared_roll() -> None:
    table = Table(SeededDice(9), {})
    table.roll("1D6+2", reason="test")  # (the notation's first roll compiles it)
    rolls = [table.roll("1D6+2", reason="test") for _ in range(200)]
    assert {r.faces for r in rolls} == {(f,) for f in range(1, 7)}
    assert all(r.total == r.faces[0] + 2 for r in rolls)
    by_face = {r.faces: r for r in rolls}
    assert all(r is by_face[r.faces] for r in rolls)


class _Picks(Policy):
    """Picks `index` (counted from the end when negative) and notes who it was asked for."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.asked: list[str] = []

    def pick(self, who: Any, decision: str, options: list[Any]) -> int:
        self.asked.append(who.name)
        return self.index % len(options) if self.index >= 0 else len(options) + self.index


def _decisions(table: Table) -> list[str]:
    red = Combatant("r", "Red", "Reds")
    blue = Combatant("b", "Blue", "Blues")
    options = ["first", "second", "third"]
    return [table.choose(who, "act", options) for who in (red, blue, red, blue)]


def test_one_policy_for_every_side_is_asked_as_each_sides_own_would_be() -> None:
    sole = _Picks(-1)
    alike = {"Reds": _Picks(-1), "Blues": _Picks(-1), "gm": _Picks(-1)}
    table = Table(SeededDice(1), {"Reds": sole, "Blues": sole, "gm": sole})
    other = Table(SeededDice(1), alike)
    assert _decisions(table) == _decisions(other) == ["third"] * 4
    assert table.journal == other.journal == [2, 2, 2, 2]
    assert sole.asked == ["Red", "Blue", "Red", "Blue"]


def test_different_policies_each_answer_for_their_own_side() -> None:
    reds, blues = _Picks(0), _Picks(1)
    table = Table(SeededDice(1), {"Reds": reds, "Blues": blues, "gm": reds})
    assert _decisions(table) == ["first", "second", "first", "second"]
    assert (reds.asked, blues.asked) == (["Red", "Red"], ["Blue", "Blue"])


def test_a_sole_policys_answer_out_of_range_is_refused() -> None:
    wild = _Picks(5)
    wild.pick = lambda who, decision, options: 7  # type: ignore[method-assign]
    table = Table(SeededDice(1), {"Reds": wild, "gm": wild})
    with pytest.raises(ReplayError, match="out of range"):
        table.choose(Combatant("r", "Red", "Reds"), "act", ["a", "b"])


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**64 + 5, 2**127 + 3, 2**130 + 7])
def test_a_spawned_streams_key_words_are_its_keys(seed: int) -> None:
    keys = SpawnedKeys(seed)
    for index in (0, 1, 2, 999, 2**31, 2**32 - 1, 2**32, 2**40 + 1):
        key = keys.key(index)
        assert key == seed_key(seed, (index,))
        assert keys.words(index) == key_words(key)
        spawned = SeededDice.spawned(keys, index)
        assert spawned.key == key
        plain = SeededDice(key=key)
        assert spawned.draw((100,) * 9) == plain.draw((100,) * 9)


def test_each_encounter_gets_its_own_side_policies() -> None:
    plain = fracas.load(DUEL)
    searching = with_policies(plain, ["Red=search:1"])
    for encounter, searches in ((plain, set()), (searching, {"Red"}), (plain, set())):
        battle = Battle(encounter, seed=4, observe=False)
        battle.run()
        assert set(battle.searches) == searches


def test_a_two_dice_draw_is_its_two_faces_in_order() -> None:
    """`draw` of two dice (built as a pair) gives the faces one die at a time gives, the first
    die drawn first; three dice still take the general way."""
    for seed in range(30):
        pairs, singles = SeededDice(seed), SeededDice(seed)
        for dice in ((8, 4), (6, 6), (100, 3), (20, 2), (4, 6, 8)):
            assert pairs.draw(dice) == tuple(singles.face(sides) for sides in dice)
        assert pairs.position == singles.position


def test_a_battle_asks_its_one_controller_or_each_sides_own() -> None:
    """A battle given one controller for all (its `sole` hint to the table) asks it for every
    side; given a side's own, that side's decisions go to it alone, in the same battle."""
    duel = fracas.load(DUEL)
    one = _Picks(0)
    Battle(duel, seed=3, default_controller=one, observe=False).run()
    assert {"Red swordsman", "Blue swordsman"} <= set(one.asked)
    reds, rest = _Picks(0), _Picks(0)
    Battle(duel, seed=3, controllers={"Red": reds}, default_controller=rest, observe=False).run()
    assert set(reds.asked) == {"Red swordsman"} and "Red swordsman" not in rest.asked
    assert sorted(one.asked) == sorted(reds.asked + rest.asked)
