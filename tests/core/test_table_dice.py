"""The table's dice: notation naming a combatant's values (a damage bonus) is compiled with its
bindings as they are at each roll, whatever the table and the dice compiler keep."""

from __future__ import annotations

from fracas.core.combatant import Combatant
from fracas.core.dice_sources import ScriptedDice
from fracas.core.table import Table


def _faces_and_total(table: Table, by: Combatant) -> tuple[tuple[int, ...], int]:
    roll = table.roll("1D6+db", by=by, reason="damage")
    return roll.faces, roll.total


def test_bound_notation_follows_the_combatants_bindings():
    a = Combatant(id="a", name="A", side="Red", dice_vars={"db": "1D4"})
    b = Combatant(id="b", name="B", side="Blue", dice_vars={"db": "-1D4"})
    table = Table(ScriptedDice([3, 2, 5, 4, 6, 1, 6, 4, 2]), {})
    assert _faces_and_total(table, a) == ((3, 2), 5)
    assert _faces_and_total(table, a) == ((5, 4), 9)  # kept: the same dice
    assert _faces_and_total(table, b) == ((6, 1), 5)  # another combatant, its own bonus
    a.dice_vars = {"db": "0"}  # new bindings
    assert _faces_and_total(table, a) == ((6,), 6)
    a.dice_vars["db"] = "2"  # changed in place
    assert _faces_and_total(table, a) == ((4,), 6)
    b.dice_vars.clear()
    b.dice_vars["db"] = "1"
    assert _faces_and_total(table, b) == ((2,), 3)
