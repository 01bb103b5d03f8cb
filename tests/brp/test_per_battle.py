"""What BRP does once per encounter and once per battle (issue 35): `state.setup` builds
the fighters and reads the options once per encounter and copies them for each battle, and
`BRPState.write_counts` writes the kept counts into the tally as the core's
`write_kept_counts` would."""

from __future__ import annotations

from collections import Counter
from typing import Any

import fracas
from fracas.core.combatant import new_tally, write_kept_counts
from fracas.rulesets.brp.state import COUNTED, BRPState, Fighter

PLAIN = {"STR": 10, "CON": 10, "SIZ": 10, "INT": 10, "POW": 10, "DEX": 10, "APP": 10}


def _encounter(name: str, **extra: Any) -> fracas.Encounter:
    def fighter(who: str, x: float) -> dict[str, Any]:
        return {"name": who, "characteristics": PLAIN, "weapons": ["Brawl"], "position": [x, 0]}

    doc = {
        "ruleset": "brp",
        "name": name,
        "sides": [
            {"name": "A", "combatants": [fighter(f"{name} a", 0)]},
            {"name": "B", "combatants": [fighter(f"{name} b", 1)]},
        ],
        **extra,
    }
    return fracas.from_document(doc)


def _setup(encounter: fracas.Encounter) -> BRPState:
    state = encounter.ruleset.setup(encounter.spec)
    assert isinstance(state, BRPState)
    return state


def _fighters(state: BRPState) -> list[Fighter]:
    return state.fighters()


def test_each_battle_of_an_encounter_gets_fighters_of_its_own() -> None:
    encounter = _encounter("one")
    first = _setup(encounter)
    _fighters(first)[0].hp -= 5
    _fighters(first)[0].weapons[0].hp = 0
    second = _setup(encounter)
    assert [f.name for f in _fighters(second)] == ["one a", "one b"]
    assert all(f.hp == f.hp_max for f in _fighters(second))
    assert second.fighters()[0].weapons[0].hp != 0
    assert not any(f in _fighters(first) for f in _fighters(second))


def test_another_encounter_set_up_between_is_its_own() -> None:
    one, two = _encounter("one"), _encounter("two")
    assert [f.name for f in _fighters(_setup(one))] == ["one a", "one b"]
    assert [f.name for f in _fighters(_setup(two))] == ["two a", "two b"]
    assert [f.name for f in _fighters(_setup(one))] == ["one a", "one b"]


def test_the_options_and_conditions_are_the_encounters() -> None:
    plain = _setup(_encounter("plain"))
    assert (plain.melee_reach, plain.defence_penalty, plain.dark) == (
        plain.options.melee_reach_m,
        plain.options.defence_penalty,
        False,
    )
    encounter = _encounter(
        "set",
        options={"melee_reach_m": 2.5, "defence_penalty": 10},
        conditions={"lighting": "dark"},
    )
    for _ in range(2):
        state = _setup(encounter)
        assert (state.melee_reach, state.defence_penalty, state.dark) == (2.5, 10, True)
        assert state.options is encounter.spec.options
        assert state.conditions is encounter.spec.conditions


def _counted(state: BRPState, counts: dict[int, int]) -> None:
    for index, n in counts.items():
        for _ in range(n):
            state.count(index)


def test_the_counts_go_into_the_tally_as_the_cores_writer_puts_them() -> None:
    kept = {5: 2, 0: 3, 11: 1}
    for start in ({}, {"attacks": 4, "rounds": 2}):
        state = _setup(_encounter("counts"))
        state.tally.update(start)
        _counted(state, kept)
        state.counts[7] = 0  # counted as seen, none: the tally shows a 0
        expected: Counter[str] = new_tally()
        expected.update(start)
        counts = list(state.counts)
        write_kept_counts(expected, COUNTED, counts)
        state.write_counts()
        assert list(state.tally.items()) == list(expected.items())
        assert state.counts == [-1] * len(COUNTED)
    assert list(state.tally.items())[-1] == ("deaths", 1)
