"""Issue 35: each battle copies the encounter's template (`Spelljammer.setup`,
`state.clone_state`) instead of building its fighters from the sheets. A copy must be the
fighters `build_state` makes, field by field, and share no gear that a battle runs down."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

import fracas
from fracas.rulesets.spelljammer import Spelljammer
from fracas.rulesets.spelljammer.state import Arm, Fighter, Potion, Prepared, SjState

EXAMPLES = Path(__file__).parents[2] / "examples" / "spelljammer"
GEAR = {kind: [x.name for x in dataclasses.fields(kind)] for kind in (Arm, Potion, Prepared)}


def plain(value: Any) -> Any:
    """A fighter's field as comparable values: gear by its own fields."""
    if isinstance(value, list):
        return [plain(v) for v in value]
    for kind, slots in GEAR.items():
        if isinstance(value, kind):
            return (kind.__name__, *(getattr(value, s) for s in slots))
    return value


def fields(f: Fighter) -> dict[str, Any]:
    return {x.name: plain(getattr(f, x.name)) for x in dataclasses.fields(f)}


def fighters(state: SjState) -> list[Fighter]:
    return [c for s in state.sides for c in s.combatants if isinstance(c, Fighter)]


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_copy_is_the_built_state(path: Path) -> None:
    encounter = fracas.load(path)
    ruleset = Spelljammer()
    built = ruleset.build_state(encounter.spec)
    first, second = ruleset.setup(encounter.spec), ruleset.setup(encounter.spec)
    assert [fields(f) for f in fighters(first)] == [fields(f) for f in fighters(built)]
    assert [s.name for s in first.sides] == [s.name for s in built.sides]
    assert first.conditions == built.conditions and first.options == built.options
    read = ("lighting", "light_sc", "ambush_by", "two_minus_five_any", "unseen_both", "tmr_flat")
    for name in (*read, "by_im"):  # the fields `read_options` sets, copied from the template
        assert getattr(first, name) == getattr(built, name), name
    for a, b in zip(fighters(first), fighters(second), strict=True):
        assert a is not b and a.dice_vars is not b.dice_vars
        for gear in ("arms", "spells", "potions"):
            for x, y in zip(getattr(a, gear), getattr(b, gear), strict=True):
                assert x is not y  # ammunition, uses and potions run down in one battle


def test_a_battle_leaves_the_template_as_built() -> None:
    encounter = fracas.load(EXAMPLES / "ambush.yaml")
    ruleset = encounter.ruleset
    assert isinstance(ruleset, Spelljammer)
    before = [fields(f) for f in fighters(ruleset.build_state(encounter.spec))]
    for seed in range(3):
        fracas.Battle(encounter, seed=seed).run()
    template = ruleset._template
    assert template is not None
    assert [fields(f) for f in fighters(template[1])] == before
