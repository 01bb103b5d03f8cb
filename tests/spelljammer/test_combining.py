"""The stage-1 worked examples of combining actions and stances (checklist T-SJ-10 [W-16],
T-SJ-16 [W-29], T-SJ-25 [W-25], T-SJ-7's push), with scripted dice."""

from __future__ import annotations

import pytest

from fracas.rulesets.spelljammer import decisions, hitting, initiative, space, withdrawal
from fracas.rulesets.spelljammer import round as sj_round
from fracas.rulesets.spelljammer.events import AfterAttack, Attack, Pushed
from fracas.rulesets.spelljammer.state import Plan

from .conftest import Scene, sheet


@pytest.mark.parametrize(
    ("im", "face", "dex_roll", "start", "squares"),
    [(0, 3, 40, 0, 0.0), (0, 7, 20, 5, 1.0), (5, 7, None, 10, 2.0)],
)
def test_t_sj_10_w16_attack_and_move(
    im: int, face: int, dex_roll: int | None, start: int, squares: float
) -> None:
    """T-SJ-10 [W-16]: DEX 12; last attack on 3, d100 40 (4×: 37–48) → 3 − 4 = −1, no move;
    last on 7, d100 20 (2×) → moves on 5…1, 5/20 TMR; last on 12 → moves 10…1, ½ TMR (TMR 4:
    0, 1 and 2 squares)."""
    s = Scene(("A", [sheet("Ann", IM=im, DEX=12, TMR=4)]), ("B", [sheet("Orc", 5)]))
    s.choices.push(decisions.DECLARE, lambda p: p.mode == "then_move", lambda p: p.action == "full")
    s.dice.push(face, 99, *([] if dex_roll is None else [dex_roll]))
    before = s["Ann"].position
    sj_round.play_round(s.table, s.state)
    after = s.of(AfterAttack)[0]
    assert (after.last, after.start) == (face + im, start)
    assert s["Ann"].position.distance(before) / space.SQUARE == pytest.approx(squares)
    assert s.dice.remaining == 0


def test_t_sj_16_w29_careful_aim() -> None:
    """T-SJ-16 [W-29]: a 2-attack archer aiming shoots once at +15 and has no DEF from DEX or
    the Defense skill; a 1-attack archer aims this round and gets +15 on its first shot next
    round, standing still."""
    bow = [{"weapon": "longbow", "sc": 100, "rank": 5}]
    parts = {"dex": 10, "skill": 10, "shield": 5, "magic_always": 5}
    s = Scene(
        ("A", [sheet("Two", attacks=2, weapons=bow, DEF=parts), sheet("One", weapons=bow)]),
        ("B", [sheet("Tgt", 50)]),
    )
    two, one, tgt = s["Two"], s["One"], s["Tgt"]
    two.plan = Plan("attack", tgt, "aim")
    s.dice.push(6)
    initiative.roll_attacks(s.table, s.state, two, two.plan)
    assert two.scheduled == [6]  # one shot; standing still is not the no-movement declaration
    why: list[str] = []
    assert hitting.strike_chance(s.state, two, tgt, why) == 115
    assert "+15 Careful Aim" in why
    assert hitting.defence(s.state, two, tgt, 11, None) == 10  # shield + magic (rule 222)
    two.plan, two.scheduled = Plan("attack", tgt, "aim_still"), []
    s.dice.push(6)
    initiative.roll_attacks(s.table, s.state, two, two.plan)
    assert two.scheduled == [9]  # with the no-movement declaration added: +3
    assert hitting.defence(s.state, two, tgt, 11, None) == 10 - 20  # and −20
    s.choices.push(decisions.DECLARE, lambda p: p.mode == "aim", lambda p: p.mode == "aim")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "full")
    s.dice.push(6, 99)  # Two: one d10, its shot misses; One aims: no roll
    sj_round.play_round(s.table, s.state)
    assert one.aimed and not two.aimed
    one.plan = Plan("attack", tgt, "still")
    assert hitting.strike_chance(s.state, one, tgt, None) == 115


def test_t_sj_25_w25_free_attack_on_a_withdrawer_from_a_defending_opponent() -> None:
    """T-SJ-25 [W-25]: the opponent gave up 30 SC for +15 DEF → its free attack is at −30;
    the withdrawer's DEF 30 (10 DEX + 10 skill + 10 shield) counts 20 without the shield →
    90 − 30 − 20 = 40; d100 40 hits."""
    axe = [{"weapon": "axe", "sc": 90, "rank": 6, "damage": "1d6"}]
    s = Scene(
        ("A", [sheet("Runner", DEF={"dex": 10, "skill": 10, "shield": 10})]),
        ("B", [sheet("Guard", 5, weapons=axe)]),
    )
    runner, guard = s["Runner"], s["Guard"]
    guard.plan = Plan("attack", runner, sacrifice=30)
    runner.plan = Plan("attack", guard, "then_move")
    s.state.segment = 5
    s.dice.push(40, 3)
    to = withdrawal.away(runner, guard, 1.0)
    assert withdrawal.withdraw(s.table, s.state, runner, to)
    attack = s.of(Attack)[0]
    assert (attack.number, attack.modified, attack.result) == (0, 40, "hit")
    assert runner.hp == 57
    assert withdrawal.free_attackers(s.state, runner) == []  # one free attack a round
    guard.free_attacked.clear()
    guard.plan = Plan("full", None)  # rules 205, 208: no free attack from Full Defense
    assert withdrawal.free_attackers(s.state, runner) == []


def test_t_sj_7_desperate_defense_push() -> None:
    """T-SJ-7 (SJ-U28): at its first attack, hit or miss, the attacker may force a desperate
    defender back 10 ft (2 squares), once a round."""
    s = Scene(("A", [sheet("Att", attacks=2)]), ("B", [sheet("Des", 5)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "desperate")
    s.choices.push(decisions.PUSH, lambda o: o == "push 10 ft east")  # straight back
    s.dice.push(9, 1, 99)  # d10 9, d8 1; the first attack misses; the second is out of reach
    sj_round.play_round(s.table, s.state)
    assert [p.who for p in s.of(Pushed)] == ["Des"]
    assert space.gap(s["Att"], s["Des"]) == pytest.approx(3.0)
    assert len(s.of(Attack)) == 1


def test_t_sj_10_giving_up_the_attacks_left_to_move_earlier() -> None:
    """SJ-U29: attacks on 9 and 2; after the first, the fighter gives up the second to move;
    DEX 12, d100 10 (1×) → it moves from segment 8; the attack on 2 is never made."""
    s = Scene(("A", [sheet("Ann", attacks=2, DEX=12, TMR=4)]), ("B", [sheet("Orc", 5)]))
    s.choices.push(decisions.DECLARE, lambda p: p.mode == "then_move", lambda p: p.action == "full")
    s.choices.push(decisions.MOVE_NOW, 1)
    s.dice.push(9, 2, 99, 10)  # d10 9, d8 2; the attack on 9 misses; the DEX roll
    sj_round.play_round(s.table, s.state)
    after = s.of(AfterAttack)[0]
    assert (after.last, after.roll, after.band, after.start) == (9, 10, 1, 8)
    assert len(s.of(Attack)) == 1
    assert s.dice.remaining == 0


def test_t_sj_18_a_push_breaks_no_movement() -> None:
    """SJ-U28 with rules 23–26: a desperate defender who declared no movement, pushed, makes a
    2× DEX roll (DEX 12: d100 20 ≤ 24 keeps its feet)."""
    from fracas.rulesets.spelljammer.events import NoMovementBroken

    s = Scene(("A", [sheet("Att")]), ("B", [sheet("Des", 5, DEX=12)]))
    s.choices.push(decisions.DECLARE, lambda p: p.action == "attack" and p.mode == "stand")
    s.choices.push(decisions.DECLARE, lambda p: p.action == "desperate" and p.mode == "still")
    s.choices.push(decisions.PUSH, lambda o: o == "push 10 ft east")  # straight back
    s.dice.push(9, 99, 20)  # d10 9; the attack misses; the 2× DEX roll
    sj_round.play_round(s.table, s.state)
    assert [(b.who, b.falls) for b in s.of(NoMovementBroken)] == [("Des", False)]
