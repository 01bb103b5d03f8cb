"""Issue 35: what the count-down keeps instead of finding again, checked against the full form
at every segment's start of every example's and bench encounter's battles.

- The round's gang (rule 168, F-SJ-19: who attacks whom in melee) is kept from one segment to
  the next (`SjState.kept_gang`) and built again only when something it reads has changed:
  whenever it is kept it must be the gang built afresh (`hitting.gang_of`). A change that
  forgot to drop it would leave a stale gang for the next segment's attacks.
- The agenda's lists by segment (`SjState.slots`) must be the agenda's own, segment for
  segment, on the state and on a copy of it, and the count-down's top the highest booked."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.rulesets.spelljammer import hitting, initiative, movement, sight, surprise
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.state import LAST_SEGMENT, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


class Checked:
    """`round.play_round`'s order of play, checking the kept gang and the agenda's slots
    before each segment."""

    def __init__(self) -> None:
        self.kept = 0  # segments that start with a gang kept from an earlier one

    def check(self, state: SjState) -> None:
        if state.kept_gang is not None:
            assert state.kept_gang == hitting.gang_of(state)
            self.kept += 1
        slotted(state)

    def play_round(self, table: Table, state: SjState) -> None:
        sj_round.begin(state)
        if state.ambush_by is not None and state.round == 1:
            state.surprise_round = True
            surprise.roll_ambush(table, state)
        sight.roll_sight(table, state)
        sj_round.declare(table, state)
        initiative.roll_all(table, state)
        slotted(copy.deepcopy(state))  # (the copy's slots are its agenda's lists)
        top = max([10, *state.agenda])
        quiet = False
        for segment in range(top, sj_round.LAST_SEGMENT - 1, -1):
            self.check(state)
            quiet = sj_round.run_segment(table, state, segment, quiet)
            if table.between_actions():
                quiet = False
                state.kept_gang = None
        self.check(state)
        sj_round.end(table, state)


def slotted(state: SjState) -> None:
    """Each segment's slot holds the agenda's list (the same object), or None with none."""
    top = LAST_SEGMENT + len(state.slots) - 1
    assert top == max([10, *state.agenda])
    for segment in range(LAST_SEGMENT, top + 1):
        assert state.slots[segment - LAST_SEGMENT] is state.agenda.get(segment)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_kept_gang_and_slots_are_the_full_forms(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter = fracas.load(path)
    checked = Checked()
    # The ruleset object is interpreted: the battle looks its `play_round` up on it.
    monkeypatch.setattr(encounter.ruleset, "play_round", checked.play_round)
    for seed in range(6):
        Battle(encounter, dice=SeededDice(seed), observe=False).run()
    assert checked.kept > 0  # the kept gang was read (and checked)


@pytest.mark.skipif(
    not str(movement.__file__).endswith(".py"),
    reason="compiled: `round.run_segment` calls `movement.step` directly, not through the module",
)
@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_a_calm_segments_first_mover_is_found_again_at_the_step(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`round.run_segment` hands `movement.step` the first mover it found before the segment's
    items when nothing acts or lands (issue 35): asked again at the step, `first_mover` must
    find the same fighter and the same target (those before it still not moving)."""
    encounter = fracas.load(path)
    step, handed = movement.step, []

    def checked_step(table: Table, state: SjState, first: int = -1) -> None:
        if first >= 0:
            target = state.first_target
            assert movement.first_mover(state) == first and state.first_target is target
            handed.append(first)
        step(table, state, first)

    monkeypatch.setattr(movement, "step", checked_step)
    for seed in range(6):
        Battle(encounter, dice=SeededDice(seed), observe=False).run()
    assert handed  # the first mover was handed on, and checked
