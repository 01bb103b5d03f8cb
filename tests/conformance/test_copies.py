"""A battle's state can be copied at any question, on the compiled build as on the pure one:
the exact odds beside each option and the undo preview (issues 11, 13) work on copies, so a
copy must be whole and must play on as the battle itself does."""

from __future__ import annotations

import copy
from pathlib import Path

import fracas
from fracas.exact.options import option_odds

from . import kit

ODDS_AT = 2  # the first choices of each battle: odds by enumeration take their time


@kit.each_example()
def test_the_state_copies_at_every_question_and_the_odds_are_worked_out_on_copies(
    path: Path,
) -> None:
    encounter = kit.load(path, max_rounds=2)
    seats = {side: "person" for side in kit.side_names(encounter)}
    battle = fracas.Battle(encounter, seed=5, seats=seats)
    ruleset = encounter.ruleset
    choices = 0

    def look(b: fracas.Battle, question: fracas.Question) -> fracas.Battle:
        nonlocal choices
        twin = copy.deepcopy(b.state)
        assert twin is not b.state
        assert ruleset.summary(twin) == ruleset.summary(b.state)
        if question.kind == "choice" and choices < ODDS_AT:
            choices += 1
            before = ruleset.summary(b.state)
            option_odds(b)  # worked out on copies: the battle itself is untouched
            assert ruleset.summary(b.state) == before
        return b

    battle, steps = kit.play(battle, before=look)
    assert steps, "a battle played by people asks something"
