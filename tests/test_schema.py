"""`fracas schema`: the schema of encounter files as people write them (templates, `count`,
fields a template gives left out) validates every bundled example and the README's own, and
lists the names a ruleset knows as enums; `fracas list` prints them."""

from __future__ import annotations

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from fracas.core.encounter import read_document
from fracas.core.ruleset import get_ruleset, registry
from fracas.core.schema import encounter_schema

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(
    [*ROOT.glob("examples/*/*.yaml"), *ROOT.glob("examples/*/*.toml"),
     *ROOT.glob("tests/conformance/examples/*/*.yaml")]
)  # fmt: skip


def _readme_encounters() -> list[dict[str, object]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    docs = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", text, re.S)]
    return [d for d in docs if isinstance(d, dict) and "ruleset" in d]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_bundled_example_is_valid_against_its_schema(path: Path) -> None:
    doc = read_document(path)
    jsonschema.validate(doc, encounter_schema(get_ruleset(str(doc["ruleset"]))))


def test_the_readmes_encounters_are_valid_against_their_schema() -> None:
    docs = _readme_encounters()
    assert len(docs) >= 2
    for doc in docs:
        jsonschema.validate(doc, encounter_schema(get_ruleset(str(doc["ruleset"]))))


@pytest.mark.parametrize("ruleset_id", sorted(registry()))
def test_names_are_enums_and_a_wrong_one_fails_the_schema(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    schema = encounter_schema(ruleset)
    text = str(schema)
    for names in [sorted(ruleset.templates()), *ruleset.names().values()]:
        assert all(repr(name) in text for name in names)
    example = next(p for p in EXAMPLES if read_document(p)["ruleset"] == ruleset_id)
    doc = read_document(example)
    if ruleset.templates():
        doc["sides"][0]["combatants"][0]["template"] = "no such template"
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(doc, schema)


def test_a_weapon_with_details_still_fits_the_schema() -> None:
    """BRP's weapons may be a name or a mapping (a similar specialty, ammunition): the enum of
    names must not refuse the mapping."""
    doc = read_document(ROOT / "examples/brp/duel.yaml")
    doc["sides"][0]["combatants"][0]["weapons"] = [{"name": "Sword, Broad", "use_skill": "Sword"}]
    jsonschema.validate(doc, encounter_schema(get_ruleset("brp")))
    doc["sides"][0]["combatants"][0]["weapons"] = ["Sword, Glass"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, encounter_schema(get_ruleset("brp")))
