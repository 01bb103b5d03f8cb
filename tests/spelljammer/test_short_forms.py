"""Issue 35: the short forms of the count-down's figures are the full ones: a strike's result
counted on the state by its index in `state.COUNTED` (`combat.counted`, by comparisons) and
written into the tally as the battle ends is `combat.TALLIED`'s key, as many times as the
battle's attacks had that result; the initiative modifier without its words
(`initiative.modifier`)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Final

import pytest

import fracas
from fracas.core.battle import Battle
from fracas.core.combatant import write_kept_counts
from fracas.core.dice_sources import SeededDice
from fracas.core.requests import RollRequest
from fracas.core.table import Table
from fracas.rulesets.spelljammer import (
    Spelljammer,
    combat,
    data,
    handling,
    hitting,
    initiative,
    sight,
)
from fracas.rulesets.spelljammer.casting import CAST_CHANCE
from fracas.rulesets.spelljammer.events import Attack, CastChance, GrievousWound, LuckSave
from fracas.rulesets.spelljammer.state import COUNTED, Plan, SjState

ROOT = Path(__file__).parents[2]
ENCOUNTERS = sorted((ROOT / "examples" / "spelljammer").glob("*.yaml")) + sorted(
    (ROOT / "src" / "fracas" / "rulesets" / "spelljammer" / "bench").glob("*.yaml")
)


def test_a_result_is_counted_under_its_own_key() -> None:
    """`combat.counted` answers the index of `TALLIED`'s key for each of `classify`'s
    results."""
    results = {hitting.classify(roll, sc) for roll in range(1, 101) for sc in (-50, 60)}
    assert results == set(combat.TALLIED)
    assert sorted(COUNTED) == sorted(combat.TALLIED.values())
    for r in results:
        assert COUNTED[combat.counted(r)] == combat.TALLIED[r]


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_the_tally_counts_every_attack_by_its_result(path: Path) -> None:
    """After a battle, the tally's `attacks: …` counts are the battle's `Attack` events by
    result: observed, and the same battle (its seed) unobserved, whose counts are kept on the
    state and written as it ends (`SjState.write_counts`)."""
    encounter = fracas.load(path)
    for seed in range(4):
        shown = Battle(encounter, seed=seed)
        shown.run()
        attacks = Counter(combat.TALLIED[e.result] for e in shown.events if isinstance(e, Attack))
        quiet = Battle(encounter, seed=seed, observe=False)
        quiet.run()
        for state in (shown.state, quiet.state):
            assert {k: state.tally[k] for k in COUNTED if k in state.tally} == dict(attacks)
            assert all(c < 0 for c in state.counts)  # written, and started again


def test_the_initiative_modifier_is_the_one_with_words() -> None:
    """`initiative.modifier` (the mode read once, no tuple) is `modifiers`' figure for every
    mode and weapon handling a plan may declare (rules 18, 133, 146, 150–152)."""
    modes = ("stand", "still", "move", "run", "aim", "aim_still", "then_move")
    for mode in modes:
        for how in handling.MINUS_FIVE:
            plan = Plan("attack", mode=mode, handling=how)
            assert initiative.modifier(plan) == initiative.modifiers(plan)[0]


@pytest.mark.parametrize("path", ENCOUNTERS, ids=lambda p: p.stem)
def test_nobody_invisible_nobody_misses_a_foe(path: Path) -> None:
    """`sight.roll_sight` skips every fighter's search for an unseen foe when nobody is
    invisible (SJ-U24): then `misses_a_foe` is False for everyone, whatever their targeting
    sense; with someone invisible, it is asked (and True for a foe without the sense)."""
    state = Spelljammer().build_state(fracas.load(path).spec)
    rng = random.Random(path.stem)
    fighters = state.fighters()
    for _ in range(20):
        for f in fighters:
            f.invisible = False
            f.targeting_sense = rng.random() < 0.3
            f.sight = 3
        sight.roll_sight(Table(SeededDice(0), {}), state)  # (nobody rolls)
        assert all(f.sight == 0 for f in fighters)
        assert not any(sight.misses_a_foe(state, f) for f in fighters)
        shown = rng.choice(fighters)
        shown.invisible = True
        foes = [f for f in fighters if f.side != shown.side and f.able]
        assert any(sight.misses_a_foe(state, f) for f in foes) == any(
            not f.targeting_sense for f in foes
        )


def test_the_counts_are_written_as_the_cores_kept_counts_are() -> None:
    """`SjState.write_counts` (set straight under a new key) leaves the tally
    `core.combatant.write_kept_counts` leaves, with some keys present and some not."""
    rng = random.Random(35)
    for _ in range(200):
        state = SjState()
        counts = [rng.choice((-1, 1, 2, 7)) for _ in COUNTED]
        present = {k: rng.randint(1, 5) for k in COUNTED if rng.random() < 0.3}
        for key, n in {"downs": 1, **present}.items():
            state.tally[key] = n
        expected = Counter(state.tally)
        write_kept_counts(expected, COUNTED, list(counts))
        state.counts = list(counts)
        state.write_counts()
        assert state.tally == expected and set(state.tally) == set(expected)
        assert state.counts == [-1] * len(COUNTED)


def test_a_plans_pace_is_the_one_first_written() -> None:
    """`Plan.pace` (the mode's pace a module constant, `PACE_OF_MODE`) is the reading as first
    written, a dict literal at each call (P3, SJ-U42, issue 30), for every action and mode."""
    first = {
        "stand": "running", "walk": "walking", "run": "running", "sprint": "sprinting",
        "fast_sprint": "fast_sprinting",
    }  # fmt: skip
    actions = ("attack", "advance", "flee", "dodge", "full", "desperate", "cast", "hold")
    modes = (*first, "still", "move", "aim", "aim_still", "then_move")
    for action in actions:
        for mode in modes:
            plan = Plan(action, mode=mode)
            if action == "dodge":
                assert plan.pace == "dodging"
            elif action in ("advance", "flee") and mode in first:
                assert plan.pace == first[mode]
            elif action not in ("advance", "flee"):
                assert plan.pace == ""


class _Asked:
    """A seeded stream only asked (`faces`), so the table is not quiet: what each roll needs
    is handed to it, as to a person rolling by hand."""

    def __init__(self, seed: int) -> None:
        self._dice = SeededDice(seed)
        self.needs: list[tuple[str, str]] = []

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        if request.reason in (combat.TO_HIT, combat.WOUND_CHANCE, combat.LUCK, CAST_CHANCE):
            assert request.needs is not None  # (the closure made when it may be read)
            self.needs.append((request.reason, request.needs()))
        return self._dice.faces(request)


# A few examples, the two with a cast chance or a Luck save among them, and the bench's two.
ASKED: Final = [p for p in ENCOUNTERS if p.stem in ("ambush", "giff_boarding_party")]


@pytest.mark.parametrize("path", ENCOUNTERS[:2] + ASKED + ENCOUNTERS[-2:], ids=lambda p: p.stem)
def test_a_table_that_asks_hears_what_each_strike_needs(path: Path) -> None:
    """A table that may read a roll's needs (`Table.quiet` false) is told, for every to-hit
    roll, `hit_needs` of the Attack's modified SC, and for every grievous chance its chance;
    the battle is the one a quiet table fights (the same events)."""
    encounter = fracas.load(path)
    for seed in range(3):
        dice = _Asked(seed)
        asked = Battle(encounter, dice=dice)
        asked.run()
        shown = Battle(encounter, seed=seed)
        shown.run()
        assert [e for e in asked.events] == [e for e in shown.events]
        to_hit = [n for r, n in dice.needs if r == combat.TO_HIT]
        attacks = [e for e in asked.events if isinstance(e, Attack)]
        assert to_hit == [hitting.hit_needs(e.modified) for e in attacks]
        wounds = [n for r, n in dice.needs if r == combat.WOUND_CHANCE]
        chances = [e.chance for e in asked.events if isinstance(e, GrievousWound)]
        assert wounds == [f"{c} or less for a wound" for c in chances]
        casts = [n for r, n in dice.needs if r == CAST_CHANCE]
        cast = [e.chance for e in asked.events if isinstance(e, CastChance)]
        assert casts == [f"{c} or less to cast" for c in cast]
        lucks = [n for r, n in dice.needs if r == combat.LUCK]
        luck = [e.needed - e.bonus for e in asked.events if isinstance(e, LuckSave)]
        assert lucks == [f"{n} or more to keep the spell" for n in luck]


def test_a_luck_save_says_what_it_needs_to_a_table_that_asks() -> None:
    """P9: a Luck save's needs (d100 + the bonus ≥ the row's figure), handed to a table that
    may read it; a quiet table is handed none (no closure made, `Table.quiet`)."""
    battle = Battle(fracas.load(ENCOUNTERS[-1]), seed=0)
    battle.run()
    f = battle.state.fighters()[0]
    f.plan, f.luck = None, 7
    dice = _Asked(0)
    combat.luck_save(Table(dice, {}), f)
    needed = int(data.tables()["luck_save"]["needed"])
    assert dice.needs == [(combat.LUCK, f"{needed - 7} or more to keep the spell")]
