"""The `fracas` command line: rulesets, check, schema, run, replay.

Contracts under test (DESIGN.md §1, §4): the same seed prints the same bytes; `replay` of a
saved battle prints exactly what `run` printed; every error a user can cause exits with
status 2 and one message naming the file and the field path — never a traceback.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner, Result

import fracas
from fracas.cli.app import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "brp").glob("*.*"))
EXAMPLE_IDS = [p.name for p in EXAMPLES]
DUEL = ROOT / "examples" / "brp" / "duel.yaml"
SKIRMISH = ROOT / "examples" / "brp" / "skirmish.yaml"
FRACAS = Path(sys.executable).with_name("fracas")

FULL_CHARACTERISTICS = {
    "STR": 13, "CON": 12, "SIZ": 13, "INT": 12, "POW": 11, "DEX": 12, "APP": 10,
}  # fmt: skip

runner = CliRunner()


def invoke(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def duel_doc() -> dict[str, Any]:
    """A fresh, valid copy of examples/brp/duel.yaml to break."""
    return copy.deepcopy(yaml.safe_load(DUEL.read_text(encoding="utf-8")))


def write_yaml(path: Path, doc: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def assert_user_error(result: Result, *needles: str) -> str:
    """Exit status 2, a message holding every needle, no traceback; returns the message."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"uncaught {result.exception!r}"
    )
    assert result.exit_code == 2, result.output
    message = result.stderr or result.output
    assert message.strip(), "no message at all"
    assert "Traceback" not in result.output
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"
    return message


def side_names(path: Path) -> set[str]:
    return {s.name for s in fracas.load(path).spec.sides}


# ----------------------------------------------------------------------------- rulesets, check


def test_rulesets_lists_brp() -> None:
    result = invoke("rulesets")
    assert result.exit_code == 0, result.output
    assert "brp" in result.stdout
    assert "Basic Roleplaying" in result.stdout
    # Issue 33: SemiAutoMagic's both stages are in.
    assert "stages 1 and 2" in " ".join(invoke("rulesets").stdout.replace("│", " ").split())


@pytest.mark.parametrize("path", EXAMPLES, ids=EXAMPLE_IDS)
def test_check_accepts_every_example(path: Path) -> None:
    result = invoke("check", path)
    assert result.exit_code == 0, result.output
    assert "ok" in result.stdout


def test_examples_include_yaml_and_toml() -> None:
    suffixes = {p.suffix for p in EXAMPLES}
    assert {".yaml", ".toml"} <= suffixes


# ----------------------------------------------------------------------------- schema


def test_schema_brp_is_json_with_sides() -> None:
    result = invoke("schema", "brp")
    assert result.exit_code == 0, result.output
    schema = json.loads(result.stdout)
    assert "sides" in schema["properties"]


def test_schema_unknown_ruleset() -> None:
    assert_user_error(invoke("schema", "nope"), "nope", "brp")


# ----------------------------------------------------------------------------- run


@pytest.mark.parametrize("path", EXAMPLES, ids=EXAMPLE_IDS)
def test_run_is_reproducible(path: Path) -> None:
    first = invoke("run", path, "--seed", "11")
    second = invoke("run", path, "--seed", "11")
    assert first.exit_code == 0, first.output
    assert second.exit_code == 0, second.output
    assert first.stdout_bytes
    assert first.stdout_bytes == second.stdout_bytes


def test_different_seeds_give_different_skirmishes() -> None:
    outputs = {invoke("run", SKIRMISH, "--seed", str(s)).stdout for s in (1, 2, 3)}
    assert len(outputs) == 3


def test_run_without_a_seed_draws_a_fresh_one_prints_it_and_it_replays(tmp_path: Path) -> None:
    first, second = invoke("run", DUEL), invoke("run", DUEL)
    seeds = [int(r.stdout.splitlines()[0].removeprefix("Seed ")) for r in (first, second)]
    assert seeds[0] != seeds[1]
    assert invoke("run", DUEL, "--seed", str(seeds[0])).stdout == first.stdout
    as_json = invoke("run", DUEL, "--json")
    assert as_json.stderr.startswith("seed ") and as_json.stdout.startswith("{")
    save = tmp_path / "b.json"
    invoke("run", DUEL, "--save", save)
    assert isinstance(json.loads(save.read_text())["seed"], int)


def test_run_refuses_to_save_over_its_encounter(tmp_path: Path) -> None:
    enc = write_yaml(tmp_path / "duel.yaml", duel_doc())
    before = enc.read_bytes()
    assert_user_error(invoke("run", enc, "--save", enc), "--save")
    assert enc.read_bytes() == before


def test_check_of_a_saved_battle_says_to_replay_it(tmp_path: Path) -> None:
    save = tmp_path / "b.json"
    invoke("run", DUEL, "--seed", "1", "--save", save)
    assert_user_error(invoke("check", save), "saved battle", "replay")


def _two_sides(first_name: bytes) -> bytes:
    side = b"    combatants: [{name: A, template: swordsman, position: [0, 0]}]\n"
    return (
        b"ruleset: brp\nsides:\n  - name: " + first_name + b"\n" + side + b"  - name: Blue\n" + side
    )


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"ruleset: brp\nname: caf\xe9\n", "not UTF-8"),
        (b"\x7fELF\x02\x01\x01\x00\x00\x00", "binary"),
        (b"ruleset: brp\nname: a\nname: b\nsides: []\n", "given twice"),
        (_two_sides(b'"Red\\e[31m"'), "control character"),
        (_two_sides(b'"  "'), "blank"),
        (_two_sides(b'"Red\\nBlue"'), "line break"),
    ],
)  # fmt: skip
def test_unreadable_or_impossible_files_are_one_message(
    tmp_path: Path, content: bytes, needle: str
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(content)
    for command in (["check"], ["run"], ["sim", "-n", "5"], ["replay"]):
        assert_user_error(invoke(*command, bad), needle if command != ["replay"] else "")


def test_utf16_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    enc = tmp_path / "duel.yaml"
    enc.write_text(Path(DUEL).read_text(encoding="utf-8"), encoding="utf-16")
    assert invoke("check", enc).exit_code == 0


def test_endless_input_stops_with_a_message() -> None:
    assert_user_error(invoke("check", "/dev/zero"), "too large")


@pytest.mark.parametrize(
    "args",
    [
        ["bench", "--workers", "-1"],
        ["sim", DUEL, "-n", "0"],
        ["sim", DUEL, "--workers", "0"],
        ["sim", DUEL, "-n", "5", "--plot", "/no/such/folder/x.png"],
        ["sim", DUEL, "-n", "5", "--plot", "odds.gif"],
    ],
)
def test_out_of_range_flags_are_refused_before_any_battle(args: list[str]) -> None:
    result = invoke(*args)
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_help_has_no_type_column_under_flags() -> None:
    for command in ("run", "sim", "balance", "bench", "replay", "check"):
        assert "<bool>" not in invoke(command, "--help").stdout


def test_negative_seed_is_a_user_error() -> None:
    assert_user_error(invoke("run", DUEL, "--seed", "-1"), "--seed")


@pytest.mark.parametrize("path", EXAMPLES, ids=EXAMPLE_IDS)
def test_run_json_lines(path: Path) -> None:
    result = invoke("run", path, "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines
    docs = [json.loads(line) for line in lines]
    for doc in docs:
        assert isinstance(doc, dict)
        assert isinstance(doc["type"], str)
        assert isinstance(doc["round"], int)
    assert docs[0]["type"] == "BattleStarted"
    last = docs[-1]
    assert last["type"] == "BattleEnded"
    assert last["winner"] is None or last["winner"] in side_names(path)
    assert isinstance(last["rounds"], int) and last["rounds"] >= 1
    assert [d["type"] for d in docs].count("BattleEnded") == 1
    rounds = [d["round"] for d in docs]
    assert rounds == sorted(rounds)


def test_run_json_agrees_with_the_api() -> None:
    result = invoke("run", SKIRMISH, "--seed", "9", "--json")
    battle = fracas.Battle(fracas.load(SKIRMISH), seed=9)
    outcome = battle.run()
    last = json.loads(result.stdout.splitlines()[-1])
    assert last["winner"] == outcome.winner
    assert last["rounds"] == outcome.rounds
    assert last["ending"] == outcome.ending.value


# ----------------------------------------------------------------------------- save, replay


@pytest.mark.parametrize("path", EXAMPLES, ids=EXAMPLE_IDS)
@pytest.mark.parametrize("mode", [[], ["--json"]], ids=["text", "json"])
def test_replay_prints_what_run_printed(path: Path, mode: list[str], tmp_path: Path) -> None:
    out = tmp_path / "battle.json"
    ran = invoke("run", path, "--seed", "4", "--save", out, *mode)
    assert ran.exit_code == 0, ran.output
    assert out.is_file()
    replayed = invoke("replay", out, *mode)
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout_bytes == ran.stdout_bytes


def test_save_holds_encounter_and_journal(tmp_path: Path) -> None:
    out = tmp_path / "battle.json"
    assert invoke("run", DUEL, "--seed", "4", "--save", out).exit_code == 0
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["encounter"]["ruleset"] == "brp"
    assert isinstance(saved["journal"], list) and saved["journal"]
    # templates are expanded in the save, so it does not depend on later bundled templates
    assert "template" not in saved["encounter"]["sides"][0]["combatants"][0]


def test_save_to_unwritable_place(tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "dir" / "battle.json"
    assert_user_error(invoke("run", DUEL, "--save", out), str(out))


# ----------------------------------------------------------------------------- bad encounters


def _unknown_ruleset(doc: dict[str, Any]) -> None:
    doc["ruleset"] = "gurps"


def _unknown_weapon(doc: dict[str, Any]) -> None:
    doc["sides"][0]["combatants"][0]["weapons"] = ["Sword, Glass"]


def _missing_dex(doc: dict[str, Any]) -> None:
    """(Without a template: a template's characteristics would fill the gap.)"""
    chars = {k: v for k, v in FULL_CHARACTERISTICS.items() if k != "DEX"}
    doc["sides"][0]["combatants"][0].pop("template", None)
    doc["sides"][0]["combatants"][0]["characteristics"] = chars


def _skill_over_100(doc: dict[str, Any]) -> None:
    doc["sides"][0]["combatants"][0]["skills"] = {"Sword": 120}


def _negative_skill(doc: dict[str, Any]) -> None:
    doc["sides"][0]["combatants"][0]["skills"] = {"Sword": -5}


def _empty_side(doc: dict[str, Any]) -> None:
    doc["sides"][1]["combatants"] = []


def _unknown_template(doc: dict[str, Any]) -> None:
    doc["sides"][0]["combatants"][0]["template"] = "ninja"


def _unknown_field(doc: dict[str, Any]) -> None:
    doc["sides"][0]["combatants"][0]["weapns"] = ["Dagger"]


def _one_side(doc: dict[str, Any]) -> None:
    del doc["sides"][1]


def _same_side_names(doc: dict[str, Any]) -> None:
    doc["sides"][1]["name"] = doc["sides"][0]["name"]


def _characteristic_as_string(doc: dict[str, Any]) -> None:
    chars = dict(FULL_CHARACTERISTICS, STR="13")
    doc["sides"][0]["combatants"][0]["characteristics"] = chars


def _two_helmets(doc: dict[str, Any]) -> None:
    doc["sides"][0]["combatants"][0]["armour"] = ["Helmet, Light", "Helmet, Heavy"]


def _surprised_unknown_side(doc: dict[str, Any]) -> None:
    doc["conditions"] = {"surprised": ["Green"]}


BAD_DOCUMENTS = {
    "unknown-ruleset": (_unknown_ruleset, ["ruleset", "gurps"]),
    "unknown-weapon": (
        _unknown_weapon,
        ["Aldric (sides[0].combatants[0]).weapons", "Sword, Glass"],
    ),
    "missing-DEX": (_missing_dex, ["Aldric (sides[0].combatants[0]).characteristics.DEX"]),
    "skill-over-100": (_skill_over_100, ["Aldric (sides[0].combatants[0]).skills", "Sword", "120"]),
    "negative-skill": (_negative_skill, ["Aldric (sides[0].combatants[0]).skills", "Sword", "-5"]),
    "empty-side": (_empty_side, ["sides[1].combatants"]),
    "unknown-template": (_unknown_template, ["Aldric (sides[0].combatants[0]).template", "ninja"]),
    "unknown-field": (_unknown_field, ["Aldric (sides[0].combatants[0]).weapns", "unknown field"]),
    "one-side": (_one_side, ["sides"]),
    "same-side-names": (_same_side_names, ["Red"]),
    "string-characteristic": (_characteristic_as_string, ["characteristics.STR"]),
    "two-helmets": (_two_helmets, ["Aldric (sides[0].combatants[0]).armour", "helmet"]),
    "surprised-unknown-side": (_surprised_unknown_side, ["Green"]),
}


@pytest.mark.parametrize(("breaker", "needles"), BAD_DOCUMENTS.values(), ids=BAD_DOCUMENTS)
@pytest.mark.parametrize("command", ["check", "run"])
def test_bad_encounter(breaker: Any, needles: list[str], command: str, tmp_path: Path) -> None:
    doc = duel_doc()
    breaker(doc)
    path = write_yaml(tmp_path / "bad.yaml", doc)
    assert_user_error(invoke(command, path), str(path), *needles)


def test_bad_encounter_reports_every_problem(tmp_path: Path) -> None:
    doc = duel_doc()
    _unknown_weapon(doc)
    doc["sides"][1]["combatants"][0]["skills"] = {"Sword": 120}
    path = write_yaml(tmp_path / "bad.yaml", doc)
    assert_user_error(
        invoke("check", path),
        "Aldric (sides[0].combatants[0]).weapons",
        "Berend (sides[1].combatants[0]).skills",
    )


def test_malformed_yaml(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: brp\nsides: [\n", encoding="utf-8")
    assert_user_error(invoke("check", path), str(path), "YAML", "line")


def test_yaml_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("- ruleset: brp\n", encoding="utf-8")
    assert_user_error(invoke("check", path), str(path))


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("", encoding="utf-8")
    assert_user_error(invoke("run", path), str(path))


def test_toml_syntax_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('ruleset = "brp"\n[[sides]\nname = "Red"\n', encoding="utf-8")
    assert_user_error(invoke("check", path), str(path), "TOML")


def test_toml_unknown_weapon(tmp_path: Path) -> None:
    text = (ROOT / "examples" / "brp" / "duel.toml").read_text(encoding="utf-8")
    text = text.replace('template = "swordsman"', 'template = "swordsman"\nweapons = ["Spork"]', 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert_user_error(
        invoke("check", path), str(path), "Aldric (sides[0].combatants[0]).weapons", "Spork"
    )


@pytest.mark.parametrize("command", ["check", "run"])
def test_missing_file(command: str, tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    assert_user_error(invoke(command, path), str(path))


# ----------------------------------------------------------------------------- bad saves


def _saved_duel(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    out = tmp_path / "battle.json"
    assert invoke("run", DUEL, "--seed", "4", "--save", out).exit_code == 0
    return out, json.loads(out.read_text(encoding="utf-8"))


def test_replay_non_json(tmp_path: Path) -> None:
    assert_user_error(invoke("replay", DUEL), str(DUEL), "JSON")


def test_replay_json_without_journal(tmp_path: Path) -> None:
    path, saved = _saved_duel(tmp_path)
    del saved["journal"]
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert_user_error(invoke("replay", path), str(path), "journal")


def test_replay_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    assert_user_error(invoke("replay", path), str(path))


def test_replay_bad_encounter_inside_save(tmp_path: Path) -> None:
    path, saved = _saved_duel(tmp_path)
    saved["encounter"]["sides"][0]["combatants"][0]["weapons"] = ["Sword, Glass"]
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert_user_error(
        invoke("replay", path), "Aldric (sides[0].combatants[0]).weapons", "Sword, Glass"
    )


def _huge_choice(journal: list[Any]) -> None:
    i = next(i for i, a in enumerate(journal) if isinstance(a, int))
    journal[i] = 10**12


def _truncated(journal: list[Any]) -> None:
    del journal[len(journal) // 2 :]


def _extended(journal: list[Any]) -> None:
    journal.append([50])


def _impossible_face(journal: list[Any]) -> None:
    i = next(i for i, a in enumerate(journal) if isinstance(a, list))
    journal[i] = [10_000] * len(journal[i])


def _roll_for_choice(journal: list[Any]) -> None:
    i = next(i for i, a in enumerate(journal) if isinstance(a, int))
    journal[i] = [1]


def _not_a_list(journal: list[Any]) -> None:
    journal[0] = "sixty"


TAMPERINGS = {
    "huge-choice": _huge_choice,
    "truncated": _truncated,
    "extended": _extended,
    "impossible-face": _impossible_face,
    "roll-for-choice": _roll_for_choice,
    "string-answer": _not_a_list,
}


@pytest.mark.parametrize("tamper", TAMPERINGS.values(), ids=TAMPERINGS)
def test_replay_tampered_journal(tamper: Any, tmp_path: Path) -> None:
    path, saved = _saved_duel(tmp_path)
    assert any(isinstance(a, int) for a in saved["journal"])
    tamper(saved["journal"])
    path.write_text(json.dumps(saved), encoding="utf-8")
    result = invoke("replay", path)
    assert_user_error(result, "journal")
    assert not result.stdout  # nothing half-narrated before the error


def test_replay_journal_not_a_list(tmp_path: Path) -> None:
    path, saved = _saved_duel(tmp_path)
    saved["journal"] = {"0": [50]}
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert_user_error(invoke("replay", path), str(path), "journal")


def test_replay_unsupported_format(tmp_path: Path) -> None:
    path, saved = _saved_duel(tmp_path)
    saved["format"] = 99
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert_user_error(invoke("replay", path), str(path), "format")


# ----------------------------------------------------------------------------- markup in names
# Names and file names are the user's text: square brackets in them are not rich markup.


def test_error_message_with_markup_characters(tmp_path: Path) -> None:
    doc = duel_doc()
    doc["sides"][0]["combatants"][0]["weapons"] = ["[/red]"]
    path = write_yaml(tmp_path / "bad.yaml", doc)
    assert_user_error(invoke("check", path), "Aldric (sides[0].combatants[0]).weapons", "'[/red]'")


def test_error_message_names_a_file_with_brackets(tmp_path: Path) -> None:
    path = tmp_path / "enc[b]file.yaml"
    assert_user_error(invoke("check", path), str(path))


def test_run_with_markup_characters_in_names(tmp_path: Path) -> None:
    doc = duel_doc()
    doc["sides"][0]["name"] = "Red [x]"
    doc["sides"][0]["combatants"][0]["name"] = "Sir [b]ob"
    doc["sides"][1]["combatants"][0]["name"] = "[/dim]"
    path = write_yaml(tmp_path / "names.yaml", doc)
    result = invoke("run", path, "--seed", "1")
    assert result.exit_code == 0, repr(result.exception)
    out = result.stdout
    assert "[/dim]'s attack" in out or "Sir [b]ob's attack" in out
    assert "Red [x] (Sir [b]ob)  vs  Blue ([/dim])" in out
    summary = out[out.rindex("Combatant") :]
    assert "Sir [b]ob" in summary and "[/dim]" in summary and "Red [x]" in summary


# ----------------------------------------------------------------------------- end to end


def _fracas(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    assert FRACAS.is_file(), f"no console script at {FRACAS}"
    env = dict(os.environ, PYTHONIOENCODING="utf-8", NO_COLOR="1")
    return subprocess.run(
        [str(FRACAS), *map(str, args)], capture_output=True, cwd=cwd, env=env, timeout=120
    )


def test_end_to_end_run_save_replay(tmp_path: Path) -> None:
    out = tmp_path / "saved.json"
    ran = _fracas("run", SKIRMISH, "--seed", "21", "--save", out, cwd=tmp_path)
    assert ran.returncode == 0, ran.stderr.decode()
    again = _fracas("run", SKIRMISH, "--seed", "21", cwd=tmp_path)
    replayed = _fracas("replay", out, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr.decode()
    assert ran.stdout == again.stdout == replayed.stdout
    assert b"Traceback" not in ran.stderr + replayed.stderr
    # the console script prints the same bytes as the in-process CLI
    assert invoke("run", SKIRMISH, "--seed", "21").stdout_bytes == ran.stdout


@pytest.mark.parametrize(
    ("name", "text", "needle"),
    [
        ("bad.yaml", "ruleset: brp\nsides: [\n", "YAML"),
        ("bad.yaml", "ruleset: gurps\nsides: []\n", "gurps"),
    ],
    ids=["malformed-yaml", "unknown-ruleset"],
)
def test_end_to_end_bad_file(name: str, text: str, needle: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = _fracas("run", path, cwd=tmp_path)
    stderr = result.stderr.decode()
    assert result.returncode == 2, stderr
    assert "Traceback" not in stderr + result.stdout.decode()
    assert str(path) in stderr
    assert needle in stderr


def test_end_to_end_unknown_weapon(tmp_path: Path) -> None:
    doc = duel_doc()
    _unknown_weapon(doc)
    path = write_yaml(tmp_path / "bad.yaml", doc)
    result = _fracas("check", path, cwd=tmp_path)
    stderr = result.stderr.decode()
    assert result.returncode == 2, stderr
    assert "Traceback" not in stderr
    assert f"{path}: Aldric (sides[0].combatants[0]).weapons" in stderr
    assert "Sword, Glass" in stderr


def test_a_position_that_is_not_a_finite_number_is_refused(tmp_path: Path) -> None:
    doc = duel_doc()
    doc["sides"][0]["combatants"][0]["position"] = [float("inf"), 0.0]
    assert_user_error(invoke("check", write_yaml(tmp_path / "inf.yaml", doc)), "not finite")
    doc["sides"][0]["combatants"][0]["position"] = [float("nan"), 0.0]
    assert_user_error(invoke("run", write_yaml(tmp_path / "nan.yaml", doc)), "not finite")


def test_list_prints_the_names_an_encounter_may_use() -> None:
    result = invoke("list", "murdham", "weapons")
    assert result.exit_code == 0 and result.stdout.startswith("weapons:\n  ")
    assert "templates:\n  " in invoke("list", "brp").stdout
    # Issue 33: one name a line, for names that hold commas.
    lines = invoke("list", "brp", "weapons").stdout.splitlines()
    assert "  Sword, Broad" in lines and "  Axe, Hand" in lines
    assert_user_error(invoke("list", "murdham", "spells"), "no list 'spells'", "weapons")
    assert_user_error(invoke("list", "chess"), "unknown ruleset")


def test_a_skill_typo_is_an_error_and_a_templates_skills_merge(tmp_path: Path) -> None:
    """Issue 9: `skills: {sword: 95}` on a swordsman used to replace his whole skill table with
    a skill that does not exist, and he fought at 15 %."""
    doc = duel_doc()
    aldric = doc["sides"][0]["combatants"][0]
    aldric["skills"] = {"sword": 95}
    assert_user_error(
        invoke("check", write_yaml(tmp_path / "typo.yaml", doc)), "did you mean 'Sword'"
    )
    aldric["skills"] = {"Lightsaber": 80}
    assert_user_error(invoke("check", write_yaml(tmp_path / "own.yaml", doc)), "custom_skills")
    aldric["custom_skills"] = ["Lightsaber"]
    aldric["skills"] = {"Lightsaber": 80, "Dodge": 77}
    enc = fracas.from_document(doc)
    skills = enc.spec.sides[0].combatants[0].skills
    template = fracas.load(DUEL).spec.sides[0].combatants[0].skills
    assert skills == {**template, "Lightsaber": 80, "Dodge": 77}
