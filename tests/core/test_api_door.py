"""The Python API checks its arguments at the door (issue 32).

Each public entry point refuses a wrong argument where it enters, with an error that is both a
`FracasError` (the command line prints it, exit 2) and the matching built-in (`TypeError` for
a wrong type, `ValueError` for a value out of range), and whose message starts with the
argument's name — never an `AttributeError` or a bare `TypeError` from deep inside.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app
from fracas.cli.errors import user_errors
from fracas.core.errors import CommandError, FracasError
from fracas.core.journal import EndBattle
from fracas.core.live import LiveBattle
from fracas.core.save import load_battle, load_saved

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "examples" / "brp" / "duel.yaml"
DUEL_TEXT = "examples/brp/duel.yaml"  # a path given as a str where an encounter is wanted


@pytest.fixture(scope="module")
def duel() -> fracas.Encounter:
    return fracas.load(DUEL)


def refused(call: Callable[[], Any], builtin: type[Exception], name: str) -> str:
    """The message of the error `call` raised: a FracasError and `builtin`, naming `name`."""
    with pytest.raises(Exception) as info:
        call()
    err = info.value
    assert isinstance(err, FracasError), f"{type(err).__name__}: {err}"
    assert isinstance(err, builtin), f"{type(err).__name__}: {err}"
    assert str(err).startswith(f"{name} must be"), str(err)
    return str(err)


# --- fracas.load ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [None, 3, b"examples/brp/duel.yaml"], ids=["None", "fd", "bytes"])
def test_load_refuses_what_is_not_a_path(path: Any) -> None:
    # 3 would read whatever the process has open as file descriptor 3.
    refused(lambda: fracas.load(path), TypeError, "path")


def test_load_of_an_encounter_says_it_is_loaded_already(duel: fracas.Encounter) -> None:
    message = refused(lambda: fracas.load(duel), TypeError, "path")  # type: ignore[arg-type]
    assert "loaded already" in message


# --- Battle -----------------------------------------------------------------------------------


def test_battle_of_a_path_says_to_load_it_first() -> None:
    message = refused(lambda: fracas.Battle(DUEL_TEXT, seed=1), TypeError, "encounter")  # type: ignore[arg-type]
    assert f"fracas.load('{DUEL_TEXT}')" in message and "(a str)" in message


def test_battle_of_none_is_refused() -> None:
    refused(lambda: fracas.Battle(None, seed=1), TypeError, "encounter")  # type: ignore[arg-type]


def test_battle_of_a_parsed_document_says_how_to_make_an_encounter() -> None:
    message = refused(lambda: fracas.Battle({"ruleset": "brp"}), TypeError, "encounter")  # type: ignore[arg-type]
    assert "from_document" in message


BAD_SEEDS = ["7", 7.0, 1.5, True, [7], Fraction(7)]


@pytest.mark.parametrize(
    "seed", BAD_SEEDS, ids=["str", "whole-float", "float", "bool", "list", "fraction"]
)
def test_battle_refuses_a_seed_that_is_not_a_whole_number(
    duel: fracas.Encounter, seed: Any
) -> None:
    message = refused(lambda: fracas.Battle(duel, seed=seed), TypeError, "seed")
    assert "whole number ≥ 0" in message


def test_battle_refuses_a_negative_seed(duel: fracas.Encounter) -> None:
    message = refused(lambda: fracas.Battle(duel, seed=-1), ValueError, "seed")
    assert message.endswith("not -1")


def test_a_numpy_integer_seed_is_the_same_seed_as_a_plain_int(duel: fracas.Encounter) -> None:
    """A seed drawn with numpy is a seed; kept as a plain int, so the save's JSON holds it."""
    by_numpy, by_int = fracas.Battle(duel, seed=np.int64(7)), fracas.Battle(duel, seed=7)  # type: ignore[arg-type]
    by_numpy.run()
    by_int.run()
    assert type(by_numpy.seed) is int and by_numpy.events == by_int.events
    assert json.loads(json.dumps(by_numpy.to_save()))["seed"] == 7


@pytest.mark.parametrize(
    ("argument", "value"),
    [
        ("seats", ["Red"]),
        ("seats", "Red"),
        ("controllers", ["policy"]),
        ("journal", None),
        ("journal", "12"),
        ("authors", [0]),
        ("dice", 6),
        ("default_controller", "policy"),
    ],
)
def test_battle_refuses_its_other_arguments_of_the_wrong_type(
    duel: fracas.Encounter, argument: str, value: Any
) -> None:
    refused(lambda: fracas.Battle(duel, seed=1, **{argument: value}), TypeError, argument)


# --- replay -----------------------------------------------------------------------------------


def test_replay_of_a_path_says_to_load_it_first(duel: fracas.Encounter) -> None:
    journal = fracas.Battle(duel, seed=2)
    journal.run()
    refused(lambda: fracas.replay(DUEL_TEXT, journal.journal), TypeError, "encounter")  # type: ignore[arg-type]


def test_replay_of_no_journal_is_refused(duel: fracas.Encounter) -> None:
    refused(lambda: fracas.replay(duel, None), TypeError, "journal")  # type: ignore[arg-type]


# --- simulate ---------------------------------------------------------------------------------


def test_simulate_of_a_path_says_to_load_it_first() -> None:
    message = refused(lambda: fracas.simulate(DUEL_TEXT, 10, workers=1), TypeError, "encounter")
    assert "fracas.load(" in message


def test_simulate_of_no_battles_is_a_value_error(duel: fracas.Encounter) -> None:
    refused(lambda: fracas.simulate(duel, 0, workers=1), ValueError, "n")


@pytest.mark.parametrize("n", ["10", 10.0, None, False], ids=["str", "float", "None", "bool"])
def test_simulate_refuses_a_count_that_is_not_a_whole_number(
    duel: fracas.Encounter, n: Any
) -> None:
    refused(lambda: fracas.simulate(duel, n, workers=1), TypeError, "n")


@pytest.mark.parametrize("seed", ["1", 1.5, True], ids=["str", "float", "bool"])
def test_simulate_refuses_a_seed_that_is_not_a_whole_number(
    duel: fracas.Encounter, seed: Any
) -> None:
    refused(lambda: fracas.simulate(duel, 10, seed=seed, workers=1), TypeError, "seed")


def test_simulate_refuses_a_negative_seed(duel: fracas.Encounter) -> None:
    refused(lambda: fracas.simulate(duel, 10, seed=-5, workers=1), ValueError, "seed")


@pytest.mark.parametrize(
    ("argument", "value", "builtin"),
    [
        ("workers", 0, ValueError),
        ("workers", 1.0, TypeError),
        ("chunk", 0, ValueError),
        ("first", -1, ValueError),
    ],
)
def test_simulate_refuses_workers_and_chunks_out_of_range(
    duel: fracas.Encounter, argument: str, value: Any, builtin: type[Exception]
) -> None:
    options = {"workers": 1, argument: value}
    refused(lambda: fracas.simulate(duel, 10, **options), builtin, argument)


def test_simulate_with_a_numpy_seed_runs_as_with_the_int(duel: fracas.Encounter) -> None:
    by_numpy = fracas.simulate(duel, 20, seed=np.uint32(3), workers=1)  # type: ignore[arg-type]
    by_int = fracas.simulate(duel, 20, seed=3, workers=1)
    assert by_numpy.to_dict() == by_int.to_dict()
    assert json.loads(json.dumps(by_numpy.to_dict())) == by_int.to_dict()  # a plain int seed


# --- odds and duel_odds -----------------------------------------------------------------------


@pytest.mark.parametrize("source", [DUEL_TEXT, None], ids=["path", "None"])
def test_odds_refuses_what_is_not_an_encounter_or_a_battle(source: Any) -> None:
    refused(lambda: fracas.odds(source, "Aldric", "Berend"), TypeError, "source")


def test_odds_refuses_a_combatant_that_is_not_a_name(duel: fracas.Encounter) -> None:
    refused(lambda: fracas.odds(duel, None, "Berend"), TypeError, "actor")  # type: ignore[arg-type]


@pytest.mark.parametrize("cutoff", [Fraction(1), -1, math.nan], ids=["one", "negative", "nan"])
def test_odds_refuses_a_cutoff_that_is_not_a_probability(
    duel: fracas.Encounter, cutoff: Any
) -> None:
    refused(lambda: fracas.odds(duel, "Aldric", "Berend", cutoff=cutoff), ValueError, "cutoff")


@pytest.mark.parametrize("source", [DUEL_TEXT, None], ids=["path", "None"])
def test_duel_odds_refuses_what_is_not_an_encounter_or_a_battle(source: Any) -> None:
    message = refused(lambda: fracas.duel_odds(source), TypeError, "source")
    assert "or a Battle" in message


def test_duel_odds_refuses_a_cutoff_given_as_text(duel: fracas.Encounter) -> None:
    refused(lambda: fracas.duel_odds(duel, cutoff="1/1000"), TypeError, "cutoff")  # type: ignore[arg-type]


# --- load_battle and load_saved ---------------------------------------------------------------


@pytest.mark.parametrize("source", [None, 5], ids=["None", "fd"])
def test_load_battle_refuses_what_is_neither_a_path_nor_a_save(source: Any) -> None:
    refused(lambda: load_battle(source), TypeError, "source")
    refused(lambda: fracas.load_battle(source), TypeError, "source")


def test_load_saved_refuses_what_is_not_a_path() -> None:
    refused(lambda: load_saved(None), TypeError, "path")  # type: ignore[arg-type]


# --- LiveBattle -------------------------------------------------------------------------------


def test_a_live_battle_of_an_encounter_is_refused(duel: fracas.Encounter) -> None:
    refused(lambda: LiveBattle(duel), TypeError, "battle")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("idle", "builtin"),
    [
        (0, ValueError),
        (-1.0, ValueError),
        (math.inf, ValueError),
        ("60", TypeError),
        (True, TypeError),
    ],
    ids=["zero", "negative", "inf", "str", "bool"],
)
def test_a_live_battle_refuses_an_idle_time_that_is_not_a_time(
    duel: fracas.Encounter, idle: Any, builtin: type[Exception]
) -> None:
    refused(lambda: LiveBattle(fracas.Battle(duel, seed=1), idle=idle), builtin, "idle")


def seated(duel: fracas.Encounter) -> LiveBattle:
    return LiveBattle(fracas.Battle(duel, seed=4, seats={"Red": "person"}))


@pytest.mark.parametrize("call", ["answer", "advance", "undo", "command"])
def test_a_closed_live_battle_refuses_to_play_on(duel: fracas.Encounter, call: str) -> None:
    live = seated(duel)
    question = live.advance()
    assert question is not None
    live.answer(question.id, 0, by="Red")
    journal, question = list(live.journal), live.question
    assert question is not None
    live.close()
    plays: dict[str, Callable[[], Any]] = {
        "answer": lambda: live.answer(question.id, 0, by="Red"),
        "advance": live.advance,
        "undo": live.undo,
        "command": lambda: live.command(EndBattle()),
    }
    with pytest.raises(CommandError, match="closed") as info:
        plays[call]()
    assert isinstance(info.value, fracas.BattleClosed) and isinstance(info.value, FracasError)
    assert live.closed and not live.running
    assert live.journal == journal and live.question == question  # read, never changed


def test_a_suspended_live_battle_plays_on_by_replay(duel: fracas.Encounter) -> None:
    """`suspend` (a server's idle table) stops the worker only: the next answer replays."""
    live = seated(duel)
    question = live.advance()
    assert question is not None
    live.suspend()
    assert not live.running and not live.closed
    nxt = live.answer(question.id, 0, by="Red")
    assert live.restarts == 1 and (nxt is None or nxt.id != question.id)
    live.close()


# --- the errors themselves, and the command line -----------------------------------------------


def test_the_argument_errors_are_fracas_errors_and_built_ins() -> None:
    assert issubclass(fracas.ArgumentTypeError, FracasError)
    assert issubclass(fracas.ArgumentTypeError, TypeError)
    assert issubclass(fracas.ArgumentValueError, FracasError)
    assert issubclass(fracas.ArgumentValueError, ValueError)
    assert fracas.FracasError is FracasError


def test_the_command_line_prints_an_argument_error_and_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Whatever a command passes on to the API, a refused argument is a message, not a
    traceback: the commands' one handler takes it as the FracasError it is."""
    with pytest.raises(typer.Exit) as info, user_errors():
        fracas.Battle(DUEL_TEXT, seed=1)  # type: ignore[arg-type]
    assert info.value.exit_code == 2
    assert "encounter must be an Encounter" in capsys.readouterr().err


@pytest.mark.parametrize(
    "args",
    [
        ["run", str(DUEL), "--seed", "-1"],
        ["run", str(DUEL), "--seed", "1.5"],
        ["sim", str(DUEL), "-n", "0"],
        ["sim", str(DUEL), "-n", "5", "--seed", "x", "--workers", "1"],
        ["sim", str(DUEL), "-n", "5", "--workers", "0"],
    ],
    ids=["negative-seed", "float-seed", "no-battles", "str-seed", "no-workers"],
)
def test_the_command_line_refuses_bad_numbers_with_exit_2(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and not isinstance(result.exception, Exception)
