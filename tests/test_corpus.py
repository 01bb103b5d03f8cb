"""The corpus of broken inputs (tests/corpus/broken, issue 9): every file gets one clear
message with exit status 2 and no traceback from every command that reads it, or (marked ok)
a correct run. The expected words are in the corpus's `expect.yaml`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from fracas.cli.app import app

CORPUS = Path(__file__).resolve().parent / "corpus" / "broken"
EXPECT: dict[str, Any] = yaml.safe_load((CORPUS / "expect.yaml").read_text(encoding="utf-8"))
COMMANDS = (["check"], ["run", "--seed", "1"], ["sim", "-n", "20", "--workers", "1"])
runner = CliRunner()


def test_every_corpus_file_has_an_expectation_and_every_expectation_a_file() -> None:
    files = {p.name for p in CORPUS.iterdir() if p.name != "expect.yaml"}
    assert files == set(EXPECT)


@pytest.mark.parametrize("name", sorted(EXPECT))
def test_a_broken_input_is_one_clear_message(name: str) -> None:
    path = CORPUS / name
    expected = EXPECT[name]
    for command in COMMANDS:
        result = runner.invoke(app, [*command, str(path)])
        output = result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), output
        assert "Traceback" not in output
        if isinstance(expected, dict) and expected.get("ok"):
            assert result.exit_code == 0, (command, output)
            continue
        assert result.exit_code == 2, (command, output)
        assert expected in output, (command, output)
        assert output.count("\n") <= 3, output  # a message, not a dump
    odds = runner.invoke(app, ["odds", str(path), "--actor", "X", "--target", "Y"])
    assert odds.exit_code == 2 and "Traceback" not in odds.output, odds.output
    balanced = runner.invoke(app, ["balance", str(path), "--vary", "X", "-n", "100"])
    assert balanced.exit_code == 2 and "Traceback" not in balanced.output
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 2 and "Traceback" not in replayed.output
    assert str(path) in replayed.output  # a save's errors name the save file
