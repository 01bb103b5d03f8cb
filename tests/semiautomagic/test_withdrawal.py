"""F-SAM-121 (PROPOSED; issue 34): withdrawing from the fight. The seed's only flight is
panic's (rule 184), but nothing in its movement rules (28-36) keeps a fighter in a foe's
reach, and an enemy "caused to flee" counts as defeated (seed "Experience", Enemy Defeated or
Outsmarted, example 2): a fighter may move or run directly away from its nearest known
enemy, and once it ends a turn it withdrew in with no enemy within `options.escape` metres it
has left the fight, as a panicked creature does (F-SAM-105). The seed gives no worked
example; these are built on its movement figures (a human's run: 6 squares a second)."""

from __future__ import annotations

from fracas.core.combatant import Status
from fracas.rulesets.semiautomagic import actions, decisions, turn, withdrawal
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.actions import WITHDRAW, WITHDRAW_RUN, Action

from .conftest import Scene, human, kind


def duel(**kw: object) -> Scene:
    """Ann at (0, 0) against Bo 1.5 m east (adjacent)."""
    return Scene(("A", [human("Ann", position=[0, 0])]), ("B", [human("Bo", position=[1.5, 0])]),
                 **kw)  # fmt: skip


def offered(s: Scene, name: str) -> list[Action]:
    return [a for a in actions.legal(s.state, s[name]) if a.kind in withdrawal.KINDS]


def test_a_standing_fighter_may_withdraw_from_its_nearest_enemy() -> None:
    s = duel()
    found = offered(s, "Ann")
    assert [a.kind for a in found] == [WITHDRAW, WITHDRAW_RUN]
    assert all(a.goal is s["Bo"] for a in found)
    assert [a.seconds for a in found] == [1, 3]  # a move (rule 28), a run of 3 s (C15)


def test_withdrawing_at_a_run_far_enough_leaves_the_fight() -> None:
    """3 s of running at 6 squares a second, due west from Bo: 18 m, past `escape` (10 m)."""
    s = duel(options={"escape": 10})
    ann = s["Ann"]
    s.choices.push(decisions.ACT, kind(WITHDRAW_RUN), kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert ann.position.x == -18
    assert ann.status is Status.FLED and not ann.active
    assert s.state.tally["fled"] == 1
    assert "withdrew, no enemy within 10 m (F-SAM-121)" in s.of(ev.Fell)[-1].rule


def test_a_withdrawal_not_far_enough_keeps_it_in_the_fight() -> None:
    """One move (2 squares) away: 3.5 m from Bo, within the 30 m of the default."""
    s = duel()
    ann = s["Ann"]
    s.choices.push(decisions.ACT, kind(WITHDRAW), kind("end"))
    turn.take_turn(s.table, s.state, ann)
    assert ann.position.x == -2 and ann.active
    assert withdrawal.withdrawing(s.state, ann)
    assert s.state.tally["fled"] == 0


def test_a_prone_fighter_stands_first_and_a_rider_goes_with_its_mount() -> None:
    """Rules 26, 134: no withdrawal while prone (stand up first), nor for a rider (its mount
    moves it); the mount may, and takes its rider out of the fight with it."""
    s = Scene(("A", [human("Alys", template="knight", position=[0, 0], rides="Bayard"),
                     human("Bayard", template="warhorse", position=[0, 0])]),
              ("B", [human("Bo", position=[3, 0], posture="prone")]),
              options={"escape": 10})  # fmt: skip
    alys, bayard = s["Alys"], s["Bayard"]
    assert offered(s, "Bo") == [] and offered(s, "Alys") == []
    run = next(a for a in offered(s, "Bayard") if a.kind == WITHDRAW_RUN)
    s.state.round = 1
    withdrawal.perform(s.table, s.state, bayard, run)
    assert bayard.position.x < -10 and alys.position == bayard.position  # rule 134
    withdrawal.end_turn(s.table, s.state, bayard)
    assert bayard.status is Status.FLED and alys.status is Status.FLED
