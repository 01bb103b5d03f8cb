"""A table says when nobody will read a roll's reason (`Table.quiet`; issue 35), and the
notations it rolled last are found again by identity: both must leave every roll as the
general path makes it."""

from __future__ import annotations

from pathlib import Path

from fracas.core.battle import Battle
from fracas.core.combatant import Combatant
from fracas.core.dice_sources import SeededDice
from fracas.core.encounter import load
from fracas.core.events import Event
from fracas.core.requests import RollRequest
from fracas.core.table import Table
from fracas.dice import compile_dice

ROOT = Path(__file__).resolve().parents[2]


class _Asked:
    """A seeded stream that is only asked (`faces`): the table's general path."""

    def __init__(self, seed: int) -> None:
        self._dice = SeededDice(seed)

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        return self._dice.faces(request)


def _unreadable() -> str:
    raise AssertionError("a quiet table read a roll's reason")


def test_a_quiet_table_reads_no_reason_and_a_watched_one_does() -> None:
    quiet = Table(SeededDice(3), {})
    assert quiet.quiet
    for notation in ("1D100", "2D6", "1D8+1"):
        quiet.roll(notation, reason=_unreadable, needs=_unreadable)
        assert quiet.quiet
    seen: list[Event] = []
    watched = Table(SeededDice(3), {}, sink=seen.append)
    read: list[str] = []

    def reason() -> str:
        read.append("read")
        return "why"

    assert not watched.quiet
    watched.roll("1D100", reason=reason)
    assert read and seen
    assert not Table(_Asked(3), {}).quiet  # asked, not drawn: its reasons are read


def test_a_replaying_table_is_quiet_only_past_its_journal() -> None:
    table = Table(SeededDice(4), {}, [(7,), (3,)])
    assert not table.quiet
    table.roll("1D100", reason="first")
    assert not table.quiet
    table.roll("1D100", reason="second")
    assert table.quiet
    assert table.journal[:2] == [(7,), (3,)]


def test_notations_found_again_by_identity_roll_as_looked_up() -> None:
    """Two notations alternated, a third pushing one out, and a roller whose bindings change
    in place: the same faces and totals as the general path, and the dice and totals of the
    notation compiled afresh with the bindings of the moment."""
    fast = Table(SeededDice(9), {})
    general = Table(_Asked(9), {})
    by = Combatant("a", "A", "Reds", dice_vars={"db": "1D4"})
    cycle = ("1D100", "1D8+db") * 5 + ("1D8+db", "1D20", "1D8+db", "1D100") * 3 + ("1D6+db",)
    for i in range(400):
        if i % 5 == 0:
            by.dice_vars["db"] = ("1D4", "1D6", "0")[i % 3]  # changed in place
        notation = cycle[i % len(cycle)]
        quick = fast.roll(notation, by=by, reason="test")
        slow = general.roll(notation, by=by, reason="test")
        assert (quick.faces, quick.total) == (slow.faces, slow.total)
        # (both are tables: the reference is the notation compiled with today's bindings)
        made = compile_dice(notation, by.dice_vars)
        assert quick.compiled.dice == made.dice
        assert quick.total == made.total(quick.faces)


def test_a_quiet_battle_is_the_watched_one() -> None:
    """A BRP battle whose rolls skip their reasons (unobserved) ends as the observed one."""
    for size in ("1v1", "4v4"):
        encounter = load(ROOT / f"src/fracas/rulesets/brp/bench/{size}.yaml")
        for seed in range(3):
            quiet = Battle(encounter, dice=SeededDice(seed), observe=False)
            watched = Battle(encounter, dice=SeededDice(seed))
            assert quiet.run() == watched.run()
            assert quiet.journal == watched.journal
            assert dict(quiet.state.tally) == dict(watched.state.tally)
