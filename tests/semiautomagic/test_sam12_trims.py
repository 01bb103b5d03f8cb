"""Issue 35 (twelfth stop): the bound on the blows taken (`withdraw_policy.taken_below`)
hands `taken_of` the blows it found itself, in `blows_at`'s order, when the bound does not
decide; the tables' strings are read interned, equal to what the YAML holds."""

from __future__ import annotations

import sys
from typing import Any

from hypothesis import given, settings

from fracas.core.events import DiceRolled
from fracas.core.reading import load_yaml
from fracas.core.table import UNREAD
from fracas.rulesets.semiautomagic import attack, data
from fracas.rulesets.semiautomagic import round as sam_round
from fracas.rulesets.semiautomagic import withdraw_policy as wp

from .conftest import Scene, human
from .test_policy_shortcuts import crowd, melees


@settings(max_examples=150, deadline=None)
@given(melees())
def test_the_blows_below_a_tiny_best_are_the_blows_taken(doc: dict[str, Any]) -> None:
    """With a `best` so small that the bound never decides, `taken_below` is `taken_of` of
    `blows_at`'s own list, whatever the number of strikers (none, one, several); ZERO
    only when they deal none."""
    s = crowd(doc)
    me = s["Me"]
    full = wp.taken_of(s.state, me, wp.blows_at(s.state, me))
    below = wp.taken_below(s.state, me, (1, 10**9))
    if below == wp.ZERO and full != wp.ZERO:  # (only when no blow can hit: most 0)
        assert full is not None and full[0] == 0
    else:
        assert below == full


def test_the_tables_are_read_interned_and_equal() -> None:
    """Every string of the tables is the interned one, and the tables equal the YAML."""
    text = (data.resources.files(data.__package__) / "data" / "tables.yaml").read_text("utf-8")
    assert data.tables() == load_yaml(text)
    names = data.skill_names()
    assert names and all(sys.intern(n) is n for n in names)
    assert all(sys.intern(w.kind) is w.kind for w in data.weapons().values())


def test_interned_keeps_the_shape() -> None:
    raw = {"a" * 3: ["b" * 2, {"c" * 2: 1}], 4: 5.0}
    got = data.interned(raw)
    assert got == raw
    assert all(sys.intern(k) is k for k in got if isinstance(k, str))


def test_an_observed_table_words_every_roll() -> None:
    """A table someone reads (not `quiet`) gets the worded reasons of the initiative, the
    attack, the defence and the damage rolls, not the placeholder a quiet table gets."""
    s = Scene(("Red", [human("Ann", position=[0, 0])]), ("Blue", [human("Bo", position=[1, 0])]))
    ann, bo = s["Ann"], s["Bo"]
    assert not s.table.quiet
    s.dice.push(3, 6, 2, 4)
    sam_round.initiative(s.table, ann)
    sit = attack.situation(s.state, ann, bo, ann.wielded, False)
    attack.roll_attack(s.table, s.state, ann, ann.wielded, attack.Swing(bo, sit), {})
    attack.roll_defence(s.table, bo, attack.Defence(attack.DODGE, 1), 9)
    attack.roll_damage(s.table, s.state, ann, ann.wielded, bo)
    reasons = [e.reason for e in s.of(DiceRolled)]
    assert reasons == [
        "Ann's initiative",
        "Ann attacks Bo",
        f"Bo's {attack.DODGE}",
        f"{ann.wielded.data.name} damage",
    ]
    assert UNREAD not in reasons
