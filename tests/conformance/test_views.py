"""What each viewer sees, for every example of every ruleset (DESIGN.md §1–2): nothing meant
for the GM or another side reaches the players' stream, and no combatant hidden from a side
is named to it — in an event, its ids, its narration or a question — before a `Revealed` it
may see."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app
from fracas.core.audience import PLAYERS, Viewer
from fracas.core.battle import Battle
from fracas.core.events import Event, Revealed, visible_to
from fracas.core.question import Question

from . import kit

SEEDS = (0, 1, 2, 3)
ROUNDS = 4  # the cap of the battles played question by question


def hidden_at_start(battle: Battle) -> dict[str, tuple[str, str]]:
    """Combatants hidden as the battle starts, as the GM sees it: name → (id, side)."""
    return {
        e.name: (e.id, side)
        for side, entrants in kit.started(battle).sides
        for e in entrants
        if e.hidden
    }


def viewers(encounter: fracas.Encounter) -> list[Viewer]:
    return [PLAYERS, *(Viewer(side=s) for s in kit.side_names(encounter))]


def _concealed(
    hidden: dict[str, tuple[str, str]], viewer: Viewer, revealed: set[str]
) -> dict[str, str]:
    """Who `viewer` must not hear of yet: name → id."""
    return {
        name: ident
        for name, (ident, side) in hidden.items()
        if side != viewer.side and name not in revealed
    }


def _named(text: str, concealed: dict[str, str]) -> list[str]:
    return [n for n, i in concealed.items() if n in text or json.dumps(i) in text]


def leaks(
    events: Iterable[Event], viewer: Viewer, hidden: dict[str, tuple[str, str]]
) -> tuple[list[str], set[str]]:
    """What `viewer` was shown and must not have been; and who was revealed to it."""
    problems: list[str] = []
    revealed: set[str] = set()
    for i, event in enumerate(events):
        shown = visible_to(event, viewer)
        if shown is None:
            continue
        if not viewer.may_see(shown.audience):
            problems.append(f"{viewer}: event {i} {shown.type} is for {shown.audience}")
        if isinstance(shown, Revealed):
            revealed.add(shown.who)
        text = json.dumps(shown.to_dict()) + "\n" + shown.text()
        for name in _named(text, _concealed(hidden, viewer, revealed)):
            problems.append(f"{viewer}: event {i} {shown.type} names {name}: {text}")
    return problems, revealed


@kit.each_example()
def test_no_viewer_is_shown_what_is_not_for_it(path: Path) -> None:
    encounter = kit.load(path)
    for seed in SEEDS:
        battle = fracas.Battle(encounter, seed=seed)
        battle.run()
        hidden = hidden_at_start(battle)
        for viewer in viewers(encounter):
            problems, _ = leaks(battle.events, viewer, hidden)
            assert not problems, "\n".join(problems[:5])
        for name, (_, side) in hidden.items():  # the GM and their own side are told of them
            for viewer in (fracas.GM_VIEW, Viewer(side=side)):
                seen = [visible_to(e, viewer) for e in battle.events]
                started = seen[0]
                assert started is not None and name in json.dumps(started.to_dict())


def test_the_kit_has_an_example_with_combatants_hidden() -> None:
    """The leak test is not vacuous: some example of some ruleset starts with an ambush."""
    found = []
    for path in kit.EXAMPLES:
        battle = fracas.Battle(kit.load(path, max_rounds=1), seed=0)
        battle.run()
        if hidden_at_start(battle):
            found.append(kit.example_id(path))
    assert found


def _play_noting(battle: Battle) -> tuple[Battle, list[tuple[Question, int]]]:
    """Play with the policy's answers; each question asked, and how many events were told
    before it."""
    asked: list[tuple[Question, int]] = []

    def note(b: Battle, q: Question) -> kit.Answer:
        asked.append((q, len(b.events)))
        return kit.policy_answer(b, q)

    done, _ = kit.play(battle, note)
    return done, asked


@kit.each_example()
def test_questions_tell_no_viewer_of_a_combatant_hidden_from_it(path: Path) -> None:
    """Every side at a person's seat: each question is shown to its audience only, and names
    nobody that audience may not know of yet."""
    encounter = kit.load(path, max_rounds=ROUNDS)
    seats = {s: "person" for s in kit.side_names(encounter)}
    for seed in SEEDS[:2]:
        done, asked = _play_noting(fracas.Battle(encounter, seed=seed, seats=seats))
        hidden = hidden_at_start(done)
        for viewer in viewers(encounter):
            for question, told in asked:
                if question.seat is not None and viewer.side is not None:
                    assert (question.seat == viewer.side) == viewer.may_see(question.audience)
                if not viewer.may_see(question.audience):
                    continue
                _, revealed = leaks(done.events[:told], viewer, hidden)
                text = json.dumps(question.to_dict())
                named = _named(text, _concealed(hidden, viewer, revealed))
                assert not named, f"{viewer} is asked {text}, which names {named}"


def _cli(*args: str) -> list[dict[str, Any]]:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def test_the_players_stream_of_the_command_line_keeps_the_ambush() -> None:
    """`fracas run FILE --player --json` (and the narration, and each other side's view): a
    concealed combatant is named first by the line that reveals it. The examples this run fights
    through the kit (`kit.examples_here`): every one on one build at least."""
    ambushes = []
    for path in kit.examples_here():
        battle = fracas.Battle(fracas.load(path), seed=0)
        battle.run()
        if hidden_at_start(battle):
            ambushes.append((path, battle))
    if not ambushes:
        pytest.skip("no example starts with a combatant hidden")
    for path, battle in ambushes:
        hidden = hidden_at_start(battle)
        ambushers = {side for _, side in hidden.values()}
        others = [s for s in kit.side_names(battle.encounter) if s not in ambushers]
        views = [(["--player"], {"all"}), *((["--view", s], {"all", f"side:{s}"}) for s in others)]
        for view, audiences in views:
            lines = _cli("run", str(path), "--seed", "0", "--json", *view)
            assert {line["audience"] for line in lines} <= audiences
            assert lines[0]["type"] == "BattleStarted" and lines[-1]["type"] == "BattleEnded"
            for name in hidden:
                at = [i for i, line in enumerate(lines) if name in json.dumps(line)]
                if at:
                    first = lines[at[0]]
                    assert first["type"] == "Revealed" and first["who"] == name, (view, first)
        told = CliRunner().invoke(app, ["run", str(path), "--seed", "0", "--player"])
        assert told.exit_code == 0, told.output
        for name in hidden:
            naming = [line for line in told.stdout.splitlines() if name in line]
            assert not naming or "revealed" in naming[0], naming[0]
