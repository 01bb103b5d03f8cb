"""What an encounter may expand to (issue 32), checked before anything is built from it:
combatants after their `count`s (dice counts at their highest), values with YAML's aliases
expanded, nesting depth; JSON and TOML documents too, without recursion."""

from __future__ import annotations

import pytest

from fracas.core.encounter import MAX_COMBATANTS, check_limits, parse_document
from fracas.core.errors import EncounterError
from fracas.core.reading import MAX_DEPTH, MAX_VALUES, TooBig, check_yaml_shape, shape_problem


def sides(*counts: object) -> dict[str, object]:
    sheets = [{"name": f"S{i}", "count": c} for i, c in enumerate(counts)]
    return {"ruleset": "odnd", "sides": [{"name": "A", "combatants": sheets}]}


def test_counts_are_added_up_to_the_cap() -> None:
    check_limits(sides(MAX_COMBATANTS - 1, 1), "<t>", MAX_COMBATANTS)
    with pytest.raises(EncounterError, match="at most 2,000"):
        check_limits(sides(MAX_COMBATANTS, 1), "<t>", MAX_COMBATANTS)


def test_a_count_given_as_dice_counts_its_highest_total() -> None:
    check_limits(sides(*["50d6"] * 6), "<t>", MAX_COMBATANTS)  # 6 × 300 = 1,800
    with pytest.raises(EncounterError, match="2,100 combatants"):
        check_limits(sides(*["50d6"] * 7), "<t>", MAX_COMBATANTS)


def test_aliases_count_as_what_they_repeat() -> None:
    small = "a: &a [1, 2]\nb: [*a, *a]\n"
    check_yaml_shape(small)
    levels = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    levels += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 7)]
    with pytest.raises(TooBig, match=f"{MAX_VALUES:,}"):
        check_yaml_shape("\n".join(levels))


def test_depth_is_refused_in_yaml_toml_and_parsed_documents() -> None:
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    with pytest.raises(TooBig, match="nests deeper"):
        check_yaml_shape(f"x: {deep}")
    with pytest.raises(EncounterError, match="nests deeper"):  # tomllib's own recursion
        parse_document("x = " + "[" * 20_000 + "]" * 20_000, "<t>", toml=True)
    with pytest.raises(EncounterError, match="nests deeper"):  # parsed, then measured
        check_limits(parse_document(f"x = {deep}", "<t>", toml=True), "<t>", MAX_COMBATANTS)
    document: list[object] = []
    for _ in range(100_000):  # far past the interpreter's recursion limit
        document = [document]
    assert shape_problem(document) == f"nests deeper than {MAX_DEPTH} levels"
    assert shape_problem([[1, 2], {"a": [3]}]) is None
