"""Issue 35 (eleventh stop): the policy's trimmed forms answer as the forms they replace. A
crouch or prone option scored in `_action` without `_posture_change`'s calls; the judgement's
bound on the blows taken (`withdraw_policy.taken_below`) summed without a list of the blows,
whose answer must still decide the verdict as `taken_by` does; an unwounded fighter settled
as not beaten when it can wound, or some enemy is where its blows do not land at their best
(`withdraw_policy.wounds_or_unsettled`)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.rulesets.semiautomagic import actions
from fracas.rulesets.semiautomagic import withdraw_policy as wp
from fracas.rulesets.semiautomagic.policy import CROUCHED, PRONE, SamPolicy

from .test_policy_bounds import dressed, scenes
from .test_policy_shortcuts import crowd, melees, plain_alone_beaten


def test_going_down_is_never_standing_up() -> None:
    """`_action`'s crouch and prone branch answers -1 for a panicked or melee fighter, as
    `_posture_change` does for any posture but standing."""
    assert CROUCHED == actions.POSTURE_AFTER["crouch"] != "standing"
    assert PRONE == actions.POSTURE_AFTER["prone"] != "standing"


@settings(max_examples=100, deadline=None)
@given(scenes(), st.lists(st.booleans(), min_size=9, max_size=9))
def test_crouch_and_prone_score_as_the_posture_change(
    doc: dict[str, Any], panic: list[bool]
) -> None:
    """Every crouch and prone option offered to any fighter of the crowd (shooters and
    melee fighters, panicked or not, behind cover or not) scores as `_posture_change`."""
    s = dressed(doc)
    seen = 0
    for f, p in zip(s.state.fighters(), panic, strict=False):
        f.panicked = "Foe0" if p else ""  # (the id of what it flees: rule 137)
        policy = SamPolicy(s.state)
        for o in actions.legal(s.state, f):
            if o.kind in ("crouch", "prone"):
                after = actions.POSTURE_AFTER[o.kind]
                assert policy._action(f, o) == policy._posture_change(f, after), (f.name, o.kind)
                seen += 1
    assert seen > 0 or all(f.posture != "standing" for f in s.state.fighters())


@settings(max_examples=150, deadline=None)
@given(melees(), st.integers(1, 12), st.integers(1, 12))
def test_the_bound_on_blows_taken_decides_as_their_sum(
    doc: dict[str, Any], num: int, den: int
) -> None:
    """`taken_below` is ZERO (only when the blows taken are below LOSING x `best`) or the
    blows taken themselves (`taken_by`), for any positive `best`."""
    s = crowd(doc)
    me, best = s["Me"], (num, den * 6)
    below, full = wp.taken_below(s.state, me, best), wp.taken_by(s.state, me)
    if below == wp.ZERO and full != wp.ZERO:
        assert full is not None and full[0] * best[1] < wp.LOSING * best[0] * full[1]
    else:
        assert below == full


@settings(max_examples=150, deadline=None)
@given(melees())
def test_wounds_or_unsettled_is_can_wound_or_not_settled(doc: dict[str, Any]) -> None:
    """`wounds_or_unsettled` is True exactly when `can_wound` is, or `reckoned` finds some
    enemy where no blow lands as well as it can (its None, a blow it cannot reckon, aside);
    and the judgement it shortens answers as the plain form."""
    s = crowd(doc)
    for f in s.state.fighters():
        got = wp.wounds_or_unsettled(s.state, f)
        best, settled = wp.reckoned(s.state, f)
        if got:
            assert wp.can_wound(s.state, f) or not settled, f.name
        else:
            assert not wp.can_wound(s.state, f) and (settled or best is None), f.name
        assert wp.alone_beaten(s.state, f) == plain_alone_beaten(s.state, f), f.name
