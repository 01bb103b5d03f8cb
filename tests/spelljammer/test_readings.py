"""The readings the checklist marks as blocking (SJ-U1, SJ-U2), both ways: the same segment
for different combatants, and an attack due before its attacker has arrived."""

from __future__ import annotations

import pytest

from fracas.core.combatant import Status
from fracas.rulesets.spelljammer import decisions
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.events import ActionLost, Attack, Delayed, Moved

from .conftest import Scene, sheet

STAND = lambda p: p.action == "attack" and p.mode == "stand"  # noqa: E731
MOVE = lambda p: p.action == "attack" and p.mode == "move"  # noqa: E731


@pytest.mark.parametrize(
    ("same_segment", "both_strike"), [("simultaneous", True), ("by_im", False)]
)
def test_sj_u1_the_same_segment_for_two_combatants(same_segment: str, both_strike: bool) -> None:
    """Ann (IM 2) and Bo (IM 0) both on segment 5; Ann's hit fells Bo. Simultaneous (the
    default): Bo still delivers his attack on 5. By IM: Ann first, Bo's attack is lost (the
    IMs differ, so no tie roll)."""
    s = Scene(
        ("A", [sheet("Ann", IM=2)]),
        ("B", [sheet("Bo", 5, hp=5)]),
        options={"same_segment": same_segment},
    )
    s.choices.push(decisions.DECLARE, STAND, STAND)
    s.dice.push(3, 5)  # initiative: 3 + 2 = 5 and 5 + 0 = 5
    s.dice.push(50, 4)  # Ann hits: 4 + 4 = 8 ≥ Bo's 5 hp
    if both_strike:
        s.dice.push(99)  # Bo's own attack on 5 (a miss)
    sj_round.play_round(s.table, s.state)
    assert s["Bo"].status is Status.DOWN
    assert [a.attacker for a in s.of(Attack)] == (["Ann", "Bo"] if both_strike else ["Ann"])
    assert s.dice.remaining == 0


@pytest.mark.parametrize(("late_arrival", "waits"), [("delay", True), ("lose", False)])
def test_sj_u2_an_attack_due_before_its_attacker_arrives(late_arrival: str, waits: bool) -> None:
    """Ann moves and attacks (½ TMR 6 = 3 squares, 0.3 a segment) at Bo 3 squares off, IM 5:
    d10 10 → 15 − 5 = 10, due on 10 before she has moved. `delay` (the default): it waits a
    segment at a time until the 5 ft free move brings her in reach (on 8, 2.4 squares off);
    `lose`: the attack is lost."""
    s = Scene(
        ("A", [sheet("Ann", IM=5, TMR=6)]),
        ("B", [sheet("Bo", 15)]),
        options={"late_arrival": late_arrival},
    )
    s.choices.push(decisions.DECLARE, MOVE, lambda p: p.action == "full")
    s.dice.push(10)
    if waits:
        s.dice.push(99)
    sj_round.play_round(s.table, s.state)
    if waits:
        delays = [d.segment for d in s.of(Delayed)]
        assert delays == [9, 8]
        assert [a.attacker for a in s.of(Attack)] == ["Ann"]
        assert "takes the 5 ft free move," in [m.how for m in s.of(Moved)]
    else:
        assert [e.reason for e in s.of(ActionLost)] == ["out of reach, nobody else in reach"]
        assert s.of(Attack) == []
    assert s.dice.remaining == 0


@pytest.mark.parametrize(("penalty", "tmr"), [("percent", 9.0), ("flat", 0.0)])
def test_sj_u16_the_wound_modifier_on_tmr(penalty: str, tmr: float) -> None:
    """SJ-U16: badly wounded (−10), TMR 10 → 9 squares (−10 %); `flat`: 10 − 10 = 0."""
    from fracas.rulesets.spelljammer import movement

    s = Scene(
        ("A", [sheet("Ann", TMR=10, hp=60)]),
        ("B", [sheet("Bo", 5)]),
        options={"tmr_wound_penalty": penalty},
    )
    ann = s["Ann"]
    assert movement.tmr(s.state, ann) == 10.0
    ann.hp = 20
    assert movement.tmr(s.state, ann) == tmr
