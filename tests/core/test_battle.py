"""The core contracts of DESIGN.md §1–2: the journal determines the battle; a person's
answers suspend and resume it; undo and save come from replay."""

from __future__ import annotations

import json

import pytest

import fracas
from fracas.core.controllers import PendingController, ScriptedChoices
from fracas.core.dice_sources import PendingDice, ScriptedDice, SeededDice
from fracas.core.errors import AnswerError, ReplayError
from fracas.core.journal import journal_from_json, journal_to_json
from fracas.core.requests import ChoiceRequest, RollRequest

DUEL = "examples/brp/duel.yaml"


@pytest.fixture
def duel() -> fracas.Encounter:
    return fracas.load(DUEL)


def test_same_seed_same_battle_and_replay_is_equal(duel):
    a = fracas.Battle(duel, seed=11)
    b = fracas.Battle(duel, seed=11)
    a.run()
    b.run()
    assert a.events == b.events and a.journal == b.journal
    again = fracas.replay(duel, a.journal)
    assert again.events == a.events
    assert again.outcome == a.outcome


def test_different_seeds_differ(duel):
    runs = {tuple(fracas.Battle(duel, seed=s).run().__repr__() for _ in [0]) for s in range(8)}
    journals = {tuple(map(str, _journal(duel, s))) for s in range(8)}
    assert len(journals) == 8 and runs


def _journal(enc, seed):
    b = fracas.Battle(enc, seed=seed)
    b.run()
    return b.journal


def test_a_person_rolls_physical_dice_and_decides(duel):
    """Pending sources suspend the battle; answers resume it by replay (DESIGN.md §2)."""
    seeded = fracas.Battle(duel, seed=5)
    seeded.run()
    live = fracas.Battle(duel, dice=PendingDice(), default_controller=PendingController())
    request = live.advance()
    steps = 0
    while request is not None:
        answer = seeded.journal[len(live.journal)]
        if isinstance(request, RollRequest):
            assert isinstance(answer, tuple) and len(answer) == len(request.dice)
        else:
            assert isinstance(request, ChoiceRequest) and isinstance(answer, int)
        request = live.answer(answer)
        steps += 1
    assert steps == len(seeded.journal)
    assert live.events == seeded.events and live.outcome == seeded.outcome


def test_a_bad_answer_is_refused_and_changes_nothing(duel):
    live = fracas.Battle(duel, dice=PendingDice(), default_controller=PendingController())
    request = live.advance()
    assert isinstance(request, ChoiceRequest)
    with pytest.raises(AnswerError, match="option number"):
        live.answer(99)
    assert live.journal == [] and live.pending is request
    request = live.answer(0)
    while not isinstance(request, RollRequest):
        assert request is not None
        request = live.answer(0)
    before = list(live.journal)
    with pytest.raises(AnswerError, match="d100"):
        live.answer((101,))
    with pytest.raises(AnswerError):
        live.answer((1, 2))
    assert live.journal == before


def test_undo_drops_answers_and_rebuilds(duel):
    live = fracas.Battle(duel, dice=PendingDice(), default_controller=PendingController())
    live.advance()
    for _ in range(6):
        request = live.pending
        live.answer((40,) * len(request.dice) if isinstance(request, RollRequest) else 0)
    snapshot = (list(live.journal), list(live.events))
    request = live.pending
    live.answer((3,) * len(request.dice) if isinstance(request, RollRequest) else 0)
    assert live.journal != snapshot[0]
    live.undo()
    assert (live.journal, live.events) == snapshot
    with pytest.raises(AnswerError):
        live.undo(1000)


def test_save_is_one_json_document_and_loads_back(duel, tmp_path):
    battle = fracas.Battle(duel, seed=2)
    battle.run()
    path = tmp_path / "b.json"
    battle.save(path)
    doc = json.loads(path.read_text())
    assert set(doc) == {"fracas", "format", "source", "encounter", "journal"}
    assert doc["fracas"] == fracas.__version__
    enc, journal = fracas.load_saved(path)
    assert fracas.replay(enc, journal).events == battle.events


def test_replay_refuses_a_journal_that_does_not_fit(duel):
    battle = fracas.Battle(duel, seed=2)
    battle.run()
    with pytest.raises(ReplayError, match="ends before"):
        fracas.replay(duel, battle.journal[:-3])
    with pytest.raises(ReplayError, match="ended before the journal"):
        fracas.replay(duel, [*battle.journal, (1,)])
    first_roll = next(i for i, a in enumerate(battle.journal) if isinstance(a, tuple))
    wrong_kind = list(battle.journal)
    wrong_kind[first_roll] = 0
    with pytest.raises(ReplayError, match="is a choice"):
        fracas.replay(duel, wrong_kind)
    bad_face = list(battle.journal)
    bad_face[first_roll] = (0,)
    with pytest.raises(ReplayError, match="impossible"):
        fracas.replay(duel, bad_face)


def test_journal_json_round_trip_and_validation():
    journal = [(37,), 2, (5, 2), 0]
    assert journal_from_json(json.loads(json.dumps(journal_to_json(journal)))) == journal
    for bad in ({"a": 1}, [True], [[1, "x"]], ["1"]):
        with pytest.raises(ReplayError):
            journal_from_json(bad)


def test_scripted_sources_say_when_they_run_out(duel):
    battle = fracas.Battle(duel, dice=ScriptedDice([50]), default_controller=ScriptedChoices([0]))
    with pytest.raises(ReplayError, match="ran out"):
        battle.run()


def test_seeded_dice_are_uniform_enough():
    dice = SeededDice(123)
    request = RollRequest("1D6", (6,), None, "test")
    counts = [0] * 6
    for _ in range(60_000):
        counts[dice.faces(request)[0] - 1] += 1
    # each face 10,000 expected; 5 standard deviations is about ±460
    assert all(abs(c - 10_000) < 460 for c in counts), counts


def test_events_are_json_ready_and_marked_for_who_may_see_them(duel):
    battle = fracas.Battle(duel, seed=4)
    battle.run()
    for e in battle.events:
        doc = e.to_dict()
        assert json.loads(json.dumps(doc)) == doc
        assert doc["type"] == type(e).__name__
    end = battle.events[-1].to_dict()
    assert end["type"] == "BattleEnded" and end["winner"] in ("Red", "Blue", None)


def test_toml_and_yaml_encounters_agree():
    yaml_enc = fracas.load("examples/brp/duel.yaml")
    toml_enc = fracas.load("examples/brp/duel.toml")
    assert [s.name for s in yaml_enc.spec.sides] == [s.name for s in toml_enc.spec.sides]


def test_a_live_battle_resumes_where_it_waits_without_replaying(duel, monkeypatch):
    """DESIGN.md §2: a live copy runs on; replay only on undo."""
    from fracas.core.live import LiveBattle

    seeded = fracas.Battle(duel, seed=5)
    seeded.run()
    setups = []
    original = duel.ruleset.setup
    monkeypatch.setattr(duel.ruleset, "setup", lambda spec: setups.append(1) or original(spec))
    live = LiveBattle(
        fracas.Battle(duel, dice=PendingDice(), default_controller=PendingController())
    )
    request = live.advance()
    answered = 0
    while request is not None:
        if answered == 6:
            with pytest.raises(AnswerError):
                live.answer(10_000)  # a bad answer changes nothing
        request = live.answer(seeded.journal[len(live.journal)])
        answered += 1
    assert live.journal == seeded.journal
    assert live.battle.events == seeded.events and live.outcome == seeded.outcome
    assert len(setups) == 1 and live.restarts == 0  # one run, never replayed


def test_undo_in_a_live_battle_replays_once_and_goes_on(duel):
    from fracas.core.live import LiveBattle

    seeded = fracas.Battle(duel, seed=9)
    seeded.run()
    live = LiveBattle(
        fracas.Battle(duel, dice=PendingDice(), default_controller=PendingController())
    )
    live.advance()
    for _ in range(8):
        live.answer(seeded.journal[len(live.journal)])
    before = list(live.journal)
    live.answer(seeded.journal[len(live.journal)])
    live.undo()
    assert live.journal == before and live.restarts == 1
    request = live.pending
    while request is not None:
        request = live.answer(seeded.journal[len(live.journal)])
    assert live.battle.events == seeded.events
    live.close()


def test_a_live_battle_with_one_human_side_and_seeded_dice(duel):
    """The usual table: the GM's side played by the policy, the dice seeded, Red a person."""
    from fracas.core.live import LiveBattle

    live = LiveBattle(fracas.Battle(duel, seed=3, controllers={"Red": PendingController()}))
    request = live.advance()
    asked = 0
    while request is not None:
        assert isinstance(request, ChoiceRequest) and request.who.side == "Red"
        request = live.answer(0)
        asked += 1
    assert asked > 0 and live.outcome is not None
    again = fracas.replay(duel, live.journal)
    assert again.events == live.battle.events
