"""A battle's fighters are copies of the encounter's template (`state.clone_fighter`, issue
35): only what setup sets is copied (`SHEET_FIELDS`); the round's fields keep the defaults a
new `Fighter` has. These tests hold that split to the dataclass and to every example."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

import fracas
from fracas.rulesets.odnd import Odnd
from fracas.rulesets.odnd.state import SHEET_FIELDS, Fighter, OdndState, clone_fighter

ROOT = Path(__file__).resolve().parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "odnd").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "odnd" / "bench").glob("*.yaml")
)
ALL_FIELDS = [f.name for f in dataclasses.fields(Fighter)]
ROUND_FIELDS = [name for name in ALL_FIELDS if name not in SHEET_FIELDS]


def template(path: Path) -> OdndState:
    encounter = fracas.from_document(yaml.safe_load(path.read_text()))
    return Odnd().build_state(encounter.spec)


def test_the_sheet_fields_are_fields() -> None:
    assert len(set(SHEET_FIELDS)) == len(SHEET_FIELDS)
    assert set(SHEET_FIELDS) <= set(ALL_FIELDS)
    assert "plan_target" in ROUND_FIELDS and "hp" not in ROUND_FIELDS


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_a_template_leaves_the_round_fields_at_their_defaults(path: Path) -> None:
    blank = Fighter()
    for f in template(path).fighters():
        for name in ROUND_FIELDS:
            assert getattr(f, name) == getattr(blank, name), (f.name, name)


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_a_copy_equals_its_template_field_by_field(path: Path) -> None:
    for f in template(path).fighters():
        copy = clone_fighter(f)
        for name in ALL_FIELDS:
            value: Any = getattr(copy, name)
            assert value == getattr(f, name), (f.name, name)
            if isinstance(value, (list, set, dict)):
                assert value is not getattr(f, name), (f.name, name)  # not shared


def test_the_examples_set_some_sheet_fields_away_from_the_defaults() -> None:
    """The check above has teeth: templates differ from a blank fighter where setup sets."""
    blank = Fighter()
    changed = {
        name
        for path in ENCOUNTERS
        for f in template(path).fighters()
        for name in SHEET_FIELDS
        if getattr(f, name) != getattr(blank, name)
    }
    assert {"hp", "weapons", "base_ac", "position", "facing", "unit_size"} <= changed
