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


def test_a_reason_given_as_a_function_is_worked_out_only_when_read():
    """`reason` may be a function (`core.table.Reason`): an unobserved simulated roll never
    calls it; an observed one shows its words, as a plain reason would be shown."""
    from fracas.core.dice_sources import SeededDice
    from fracas.core.events import DiceRolled

    a = Combatant(id="a", name="A", side="Red")
    asked: list[str] = []

    def reason() -> str:
        asked.append("asked")
        return "A's attack"

    quiet = Table(SeededDice(1), {})
    quiet.roll("1D100", by=a, reason=reason)
    assert asked == []
    seen: list[object] = []
    shown = Table(SeededDice(1), {}, sink=seen.append)
    shown.roll("1D100", by=a, reason=reason)
    assert asked == ["asked"]
    assert [e.reason for e in seen if isinstance(e, DiceRolled)] == ["A's attack"]


def test_a_reason_function_names_the_roll_a_script_or_a_replay_is_asked_for():
    """Off the simulation's path (scripted dice, a journal replayed), the function's words
    are the roll's reason, as the request and a mismatch name it."""
    import pytest

    from fracas.core.errors import ReplayError

    a = Combatant(id="a", name="A", side="Red")
    table = Table(ScriptedDice([]), {})
    with pytest.raises(ReplayError, match="A's attack"):
        table.roll("1D100", by=a, reason=lambda: "A's attack")
    replayed = Table(ScriptedDice([]), {}, journal=[3])
    with pytest.raises(ReplayError, match=r"a choice.*A's attack"):
        replayed.roll("1D100", by=a, reason=lambda: "A's attack")
