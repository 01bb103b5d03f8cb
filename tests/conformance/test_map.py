"""Every example draws (issue 33): at every question of a battle played by people, the
ruleset's `battle_map` gives every combatant exactly one token at a finite place, areas of
positive size, links between its own areas, and a map a screen can frame."""

from __future__ import annotations

import math
from pathlib import Path

import fracas
from fracas.core.combatant import BattleState
from fracas.core.map import BattleMap

from . import kit


def _check(m: BattleMap, state: BattleState) -> None:
    assert isinstance(m, BattleMap)
    assert m.kind in ("plane", "squares", "zones") and m.unit
    ids = [t.id for t in m.tokens]
    assert sorted(ids) == sorted(c.id for c in state.combatants)
    for t in m.tokens:
        assert math.isfinite(t.x) and math.isfinite(t.y) and t.size >= 0, t
        if t.facing is not None:
            assert math.isclose(math.hypot(*t.facing), 1.0, abs_tol=1e-6), t
    for a in m.areas:
        assert a.width > 0 and a.height > 0 and math.isfinite(a.x + a.y), a
    named = {a.id for a in m.areas if a.id}
    assert all(a in named and b in named for a, b in m.links)
    west, south, east, north = m.bounds()
    assert west <= east and south <= north
    assert m.grid >= 0 and m.scale >= 0


@kit.each_example()
def test_every_example_draws_at_every_question(path: Path) -> None:
    encounter = kit.load(path, max_rounds=2)
    seats = {side: "person" for side in kit.side_names(encounter)}
    battle = fracas.Battle(encounter, seed=5, seats=seats)
    ruleset = encounter.ruleset
    start = ruleset.setup(encounter.spec)
    _check(ruleset.battle_map(start), start)

    def look(b: fracas.Battle, question: fracas.Question) -> fracas.Battle:
        _check(ruleset.battle_map(b.state), b.state)
        return b

    battle, _ = kit.play(battle, before=look)
    _check(ruleset.battle_map(battle.state), battle.state)
