"""GM commands given while an action is under way (issue 32): they wait for the end of that
action (the next point between actions), the GM is told so, and a command about a combatant
who falls to that action is not applied: a "set vitals" never brings anyone back after the
blow that was pending when it was given."""

from __future__ import annotations

from pathlib import Path

import yaml

import fracas
from fracas import Battle, Seat, SetVitals
from fracas.core.events import CommandApplied
from fracas.core.question import Question

DUEL = Path(__file__).parents[2] / "examples" / "brp" / "duel.yaml"


def answer(battle: Battle, q: Question, value: int | list[int]) -> Question:
    nxt = battle.answer(q.id, value, by=q.seat or "gm")
    assert nxt is not None
    return nxt


def blow_pending(hp: int, squire: bool = True) -> tuple[Battle, Question]:
    """A duel with physical dice at both seats, Aldric at `hp`, and Berend's damage roll on
    Aldric open (Berend hits with a 1; every other d100 is a 100, a fumble)."""
    document = yaml.safe_load(DUEL.read_text())  # and a squire far away: the fight goes on
    cedric = {"name": "Cedric", "template": "swordsman", "position": [-400, 0]}
    if squire:
        document["sides"][0]["combatants"].append(cedric)
    battle = Battle(
        fracas.from_document(document),
        seed=1,
        seats={"Red": Seat("person", "physical"), "Blue": Seat("person", "physical")},
    )
    q = battle.advance()
    assert q is not None
    battle.command(SetVitals("aldric", {"HP": hp}))
    q = battle.question
    assert q is not None
    for _ in range(20):
        if "damage" in q.prompt and "Berend" in q.prompt:
            return battle, q
        if not q.dice:  # intents and defences: the first option (attack, parry)
            q = answer(battle, q, 0)
        elif "Berend's attack" in q.prompt:
            q = answer(battle, q, [1])
        else:
            q = answer(battle, q, [100] * len(q.dice))
    raise AssertionError(f"no damage roll for Berend: {q.prompt}")


def aldric(battle: Battle) -> fracas.core.combatant.Combatant:
    return next(c for c in battle.state.combatants if c.id == "aldric")


def test_a_command_given_at_a_pending_roll_waits_and_the_battle_says_so() -> None:
    battle, q = blow_pending(hp=12)
    battle.command(SetVitals("aldric", {"HP": 13}))
    assert battle.question is not None and battle.question.prompt == q.prompt  # still asked
    assert [c.describe() for c in battle.waiting_commands] == ["set aldric: HP 13"]


def test_set_vitals_during_a_blow_does_not_bring_its_victim_back() -> None:
    battle, q = blow_pending(hp=4)
    assert not aldric(battle).status.out  # up, when the GM gives the command
    battle.command(SetVitals("aldric", {"HP": 12}))
    q = battle.question
    assert q is not None
    battle.answer(q.id, list(q.dice), by=q.seat or "gm")  # every die at its highest
    assert aldric(battle).status.out, aldric(battle).status
    applied = [e.effect for e in battle.events if isinstance(e, CommandApplied)]
    assert any("HP 12: not applied" in e and "Aldric was" in e for e in applied), applied


def test_a_command_on_the_fallen_given_after_the_blow_is_applied() -> None:
    """Reviving on purpose still works: the combatant was already out when it was given."""
    battle, q = blow_pending(hp=4)
    battle.answer(q.id, list(q.dice), by=q.seat or "gm")
    assert aldric(battle).status.out and battle.question is not None
    battle.command(SetVitals("aldric", {"HP": 12}))
    for _ in range(10):  # on to the next point between actions
        q = battle.question
        applied = [e.effect for e in battle.events if isinstance(e, CommandApplied)]
        if q is None or any("HP 12" in e or "HP set to 12" in e for e in applied):
            break
        battle.answer(q.id, 0 if not q.dice else list(q.dice), by=q.seat or "gm")
    assert any("HP set to 12" in e for e in applied), applied


def test_ending_the_battle_applies_the_commands_given_before() -> None:
    battle, _ = blow_pending(hp=4)
    battle.command(SetVitals("cedric", {"HP": 12}))
    battle.command(fracas.EndBattle())
    applied = [e.effect for e in battle.events if isinstance(e, CommandApplied)]
    assert any("Cedric: HP set to 12" in e for e in applied), applied


def test_a_command_the_battle_ends_before_is_said_not_applied() -> None:
    battle, q = blow_pending(hp=4, squire=False)
    battle.command(SetVitals("berend", {"HP": 5}))
    q = battle.question
    assert q is not None
    battle.answer(q.id, list(q.dice), by=q.seat or "gm")  # Aldric falls: the duel is over
    assert battle.question is None
    applied = [e.effect for e in battle.events if isinstance(e, CommandApplied)]
    assert "set berend: HP 5: not applied (the battle ended first)" in applied, applied
