"""Broken stage-2 inputs (units, specials, pursuit, entrances, facing): one clear message and
exit status 2 from `check`, `run` and `sim`, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from fracas.cli.app import app

runner = CliRunner()
HEAD = "ruleset: odnd\nname: broken\n"
HERO = "{name: Ann, kind: character, level: 3, weapons: [sword]}"
ORC = "{name: Orc, template: orc}"


def sides(a: str, b: str) -> str:
    return f"sides:\n  - name: A\n    combatants: [{a}]\n  - name: B\n    combatants: [{b}]\n"


CASES = {
    "unit of heroes": (
        HEAD
        + sides("{name: Ann, kind: character, level: 3, weapons: [sword], unit: 10}", ORC),
        "a unit (rule 140) is of normal men",
    ),
    "special without dice": (
        HEAD + sides(HERO, "{name: Owl, hd: 5, weapons: [claws], on_roll: {effect: hold}}"),
        "needs its damage `dice`",
    ),
    "special with bad dice": (
        HEAD + sides(HERO, "{name: Owl, template: owlbear, on_roll: {effect: hold, dice: 2q8}}"),
        "not dice notation",
    ),
    "unknown special": (
        HEAD + sides(HERO, "{name: Owl, template: owlbear, on_roll: {effect: squish}}"),
        "on_roll.effect",
    ),
    "unknown route feature": (
        HEAD + "conditions: {pursuit: true, route: [window]}\n" + sides(HERO, ORC),
        "conditions.route[0]",
    ),
    "unknown lure": (HEAD + sides(HERO, "{name: Orc, template: orc, carries: [gold]}"), "carries"),
    "wanderers without entrances": (
        HEAD + "conditions: {wanderers: B}\n" + sides(HERO, ORC),
        "`wanderers` and `entrances` go together",
    ),
    "unknown weapon": (HEAD + sides("{name: Ann, kind: character, weapons: [nunchaku]}", ORC),
                       "unknown weapon 'nunchaku'"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_broken_stage2_input_is_one_clear_message(name: str, tmp_path: Path) -> None:
    text, words = CASES[name]
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    for command in (["check"], ["run", "--seed", "1"], ["sim", "-n", "5", "--workers", "1"]):
        result = runner.invoke(app, [*command, str(path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), result.output
        assert "Traceback" not in result.output
        assert result.exit_code == 2, (command, result.output)
        assert words in result.output, (command, result.output)
