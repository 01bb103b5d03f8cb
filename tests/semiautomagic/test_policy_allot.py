"""Issue 35 (eleventh stop): the ALLOT decision that follows an attack chosen by the ACT
decision reads the allotting pick that decision made on `legal`'s own list (`SamPolicy._allot`)
instead of working the same top victim's futility out again. It must give `_first_victim`'s
answer, worked out by a policy that has kept nothing: over the bench skirmishes (every ALLOT
asked, the kept answer taken at least once), and on a list that is another object, or a
fighter whose aim changed, after the state changed under it."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.controllers import Policy, best_index
from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic import SemiAutoMagic, actions, decisions, items
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.state import Fighter, SamState
from fracas.sim.bench import bench_encounters
from fracas.sim.runner import fight_range

from .conftest import Scene, human


class Checked(Policy):
    """The default policy, each of its allotting answers checked against a fresh policy's
    full form (`best_index` of every `_victim` score); counts the answers it read kept."""

    def __init__(self, state: SamState, seen: dict[str, int]) -> None:
        self.state, self.inner, self.seen = state, SamPolicy(state), seen

    def pick(self, who: Any, decision: str, options: list[Any]) -> int:
        kept = decision in (decisions.ALLOT, items.ALLOT) and options is self.inner._allot_list
        got = self.inner.pick(who, decision, options)
        if decision in (decisions.ALLOT, items.ALLOT):
            assert isinstance(who, Fighter)
            fresh = SamPolicy(self.state)
            assert got == best_index([fresh._victim(who, t) for t in options]), who.name
            self.seen["allot"] += 1
            self.seen["kept"] += kept
        return got


def test_the_kept_allotting_pick_is_the_full_form_in_the_bench_skirmish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every ALLOT of forty bench 4v4 battles answers as the full form, and the ACT
    decision's kept pick answered some of them (else this test tests nothing)."""
    seen = {"allot": 0, "kept": 0}
    monkeypatch.setattr(SemiAutoMagic, "policy", lambda self, state: Checked(state, seen))
    enc = next(e for r, n, e in bench_encounters() if r == "semiautomagic" and n == "4v4")
    fight_range(enc, 1, 0, 40)
    assert seen["allot"] > 50 and seen["kept"] > 10, seen


def scene() -> tuple[Scene, Fighter, Fighter, Fighter]:
    """Me, with a sword, between two goblins in reach: the one of lower Toughness is the
    pick."""
    s = Scene(
        ("Red", [human("Me", position=[0, 0])]),
        ("Blue", [human("Near", position=[1, 0]), human("Other", position=[0, 1])]),
    )
    me, near, other = s["Me"], s["Near"], s["Other"]
    near.toughness = other.toughness - 1
    return s, me, near, other


def marked(s: Scene, me: Fighter) -> tuple[SamPolicy, list[Fighter]]:
    """A policy that has answered `me`'s ACT decision on `legal`'s list (the called shots ask
    `_mark`), and the weapon in hand's targets `legal` found for it."""
    options = actions.legal(s.state, me)
    policy = SamPolicy(s.state)
    policy.pick(me, decisions.ACT, options)
    shown = s.state.shown
    assert shown is not None and shown.targets is not None
    assert policy._allot_list is shown.targets  # kept for the ALLOT
    return policy, shown.targets


def test_the_very_list_reads_the_kept_pick() -> None:
    s, me, near, _ = scene()
    policy, victims = marked(s, me)
    assert victims[policy.pick(me, decisions.ALLOT, victims)] is near
    assert policy._allot_list is None  # once


def test_another_list_or_aim_is_worked_out_afresh() -> None:
    """After the state changed (the first pick now out of reach), a copy of the list, or
    the same list with the aim changed, is answered from the state as it is now."""
    s, me, near, other = scene()
    policy, victims = marked(s, me)
    near.toughness = other.toughness + 5  # now the other is the pick
    assert victims[policy.pick(me, decisions.ALLOT, list(victims))] is other
    policy, victims = marked(s, me)
    near.toughness = other.toughness - 5  # the near one again; kept: other
    assert victims[policy._allot_index] is other
    me.aimed_at = near.id
    assert victims[policy.pick(me, decisions.ALLOT, victims)] is near


def test_a_new_act_decision_forgets_the_kept_pick() -> None:
    s, me, near, _ = scene()
    policy, victims = marked(s, me)
    near.position = Position(5, 5)  # out of reach: no called shot, no mark
    options = actions.legal(s.state, me)
    policy.pick(me, decisions.ACT, options)
    assert policy._allot_list is not victims
