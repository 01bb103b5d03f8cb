"""Issue 35: after a segment of movement where nobody acted or moved, `round.run_segment` asks
only the leavers whether they move now (`movement.a_leaver_moves`); every such answer must be
the one asking everyone (`movement.anyone_moves`) gives, in every example's battles."""

from __future__ import annotations

from pathlib import Path

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.dice_sources import SeededDice
from fracas.core.table import Table
from fracas.rulesets.spelljammer import initiative, movement, sight, surprise
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.state import SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


class Checked:
    """`round.play_round`'s order of play, checking each quiet segment's short answer."""

    def __init__(self) -> None:
        self.checked = 0

    def play_round(self, table: Table, state: SjState) -> None:
        sj_round.begin(state)
        if state.ambush_by is not None and state.round == 1:
            state.surprise_round = True
            surprise.roll_ambush(table, state)
        sight.roll_sight(table, state)
        sj_round.declare(table, state)
        initiative.roll_all(table, state)
        top = max([10, *state.agenda])
        quiet = False
        for segment in range(top, sj_round.LAST_SEGMENT - 1, -1):
            if quiet:
                state.segment = segment
                assert movement.a_leaver_moves(state) == movement.anyone_moves(state)
                self.checked += 1
            quiet = sj_round.run_segment(table, state, segment, quiet)
            if table.between_actions():
                quiet = False
        sj_round.end(table, state)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_a_quiet_segment_asks_the_leavers_as_everyone_would_answer(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    encounter = fracas.load(path)
    checked = Checked()
    # The ruleset object is interpreted: the battle looks its `play_round` up on it.
    monkeypatch.setattr(encounter.ruleset, "play_round", checked.play_round)
    for seed in range(6):
        Battle(encounter, dice=SeededDice(seed), observe=False).run()
    assert checked.checked > 0
