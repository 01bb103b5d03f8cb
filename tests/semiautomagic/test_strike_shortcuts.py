"""Issue 35, tenth stop: the strike's and `legal`'s shortcuts answer as the full forms they
replace. A strike allots among the targets `legal` found for the decision that chose it
(`actions.allotted`, handed over by `turn.start`) exactly as `actions.allottable` would find
them afresh (rule 90), over battles with delayed spells (rule 14), crossbows (rule 64) and
random choices; `reloading.owners` skipping its walk when nobody carries a weapon that needs
reloading answers as the walk (rule 66, SAM-A16); `attack_bonus` and `dc_base` through
`worn_skill` as through `SKILL` and `wear.ranged_wounds` (rules 48, 50, 126, SAM-A31)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fracas
from fracas.core.combatant import Status
from fracas.core.geometry import Position
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.semiautomagic import (
    actions,
    attack,
    data,
    decisions,
    items,
    reloading,
    space,
    wander,
    wear,
)
from fracas.rulesets.semiautomagic.policy import SamPolicy
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

from .conftest import Scene, human
from .test_rules_one_pass import fields
from .test_rules_one_pass import scene as one_pass_scene

MIX = ("spear", "delayed bolt", "light crossbow", "javelin", "arcane bolt", "", "pike")


def crowd(seed: int) -> dict[str, Any]:
    """Two sides of two to four on a small field, with a mix of weapons (delayed spells and
    crossbows among them), some side by side."""
    rng = random.Random(seed)
    spots = rng.sample([(x, y) for x in range(-4, 5) for y in range(-3, 4)], rng.randint(4, 8))
    sheets = []
    for i, (x, y) in enumerate(spots):
        sheet = human(f"F{i}", position=[x, y])
        weapon = rng.choice(MIX)
        if weapon:
            sheet["weapons"] = [weapon, "dagger"] if rng.random() < 0.3 else [weapon]
        sheets.append(sheet)
    cut = len(sheets) // 2
    return {
        "ruleset": "semiautomagic",
        "name": "crowd",
        "max_rounds": 8,
        "sides": [{"name": "Red", "combatants": sheets[:cut]},
                  {"name": "Blue", "combatants": sheets[cut:]}],
    }  # fmt: skip


def plain_owners(state: SamState, f: Fighter) -> list[Fighter]:
    """`reloading.owners` as it was: every fighter walked."""
    return [
        o for o in state.fighters()
        if o.wielded.data.reload and not o.wielded.loaded and o is not f and o.active
        and o.present and state.camp(o) == state.camp(f) and space.squares(state, f, o) <= 1
    ]  # fmt: skip


class Checker:
    """The default policy, or (`chaos`) half the actions at random; at every allotting of a
    strike (rule 90), the options must be `allottable`'s found afresh for the action its
    fighter last chose; at every action decision, `owners` must be the plain walk's."""

    def __init__(self, seed: int, chaos: bool) -> None:
        self.rng = random.Random(seed)
        self.chaos = chaos
        self.battle: fracas.Battle | None = None
        self.policy: SamPolicy | None = None
        self.chosen: dict[str, Any] = {}  # each fighter's last action chosen
        self.allotments = 0
        self.reloaders = 0

    def choose(self, request: ChoiceRequest) -> int:
        assert self.battle is not None
        state = self.battle.state
        assert isinstance(state, SamState)
        if self.policy is None or self.policy.state is not state:
            self.policy = SamPolicy(state)
        who, decision, options = request.who, request.decision, list(request.options)
        if decision == decisions.ALLOT and isinstance(who, Fighter):
            act = self.chosen[who.id]
            assert act.weapon is not None
            assert options == actions.allottable(state, who, act.weapon, act.region)
            self.allotments += 1
        if decision == decisions.ACT and isinstance(who, Fighter):
            assert reloading.owners(state, who) == plain_owners(state, who)
            self.reloaders += bool(reloading.carriers(state))
        if self.chaos and decision == decisions.ACT and self.rng.random() < 0.5:
            answer = self.rng.randrange(len(options))
        else:
            answer = self.policy.choose(request)
        if decision == decisions.ACT and isinstance(who, Fighter):
            self.chosen[who.id] = options[answer]
        return answer


@pytest.mark.parametrize("chaos", [False, True])
def test_a_strike_allots_among_the_targets_found_afresh(chaos: bool) -> None:
    allotments = reloaders = 0
    for seed in range(30):
        checker = Checker(seed, chaos)
        battle = fracas.Battle(fracas.from_document(crowd(seed)), seed=seed, observe=False,
                               default_controller=checker)  # fmt: skip
        checker.battle = battle
        battle.run()
        allotments += checker.allotments
        reloaders += checker.reloaders
    assert allotments > 50 and reloaders > 50  # both were put to the test


def test_one_side_with_no_reloading_weapon_finds_none_to_help() -> None:
    """With nobody carrying a weapon that needs reloading, `carriers` finds none, and
    `owners` walks nobody (as the walk of all would find: no empty weapon anywhere)."""
    checker = Checker(0, True)
    doc = crowd(0)
    for side in doc["sides"]:
        for sheet in side["combatants"]:
            sheet["weapons"] = ["spear"]
    battle = fracas.Battle(fracas.from_document(doc), seed=0, observe=False,
                           default_controller=checker)  # fmt: skip
    checker.battle = battle
    battle.run()
    assert checker.reloaders == 0


def plain_attack_bonus(a: Fighter, w: Any) -> int:
    return a.bonus[attack.SKILL[w.data.kind]] - a.scale - a.hand_penalty - wear.ranged_wounds(w)


def plain_dc_base(a: Fighter, w: Any) -> int:
    return 4 + a.bonus[attack.SKILL[w.data.kind]] - wear.ranged_wounds(w)


def test_attack_bonus_and_dc_base_read_the_skill_as_the_table_does() -> None:
    """Every weapon row, worn or not, by a fighter with distinct bonuses for each skill."""
    rng = random.Random(7)
    a = Scene(("Red", [human("A")]), ("Blue", [human("B")]))["A"]
    checked = 0
    for row in data.weapons().values():
        for wounds in range(3):
            w = Wielded(row, row.damage, wounds=wounds)
            for skill in ("weapon", "ranged", "magic"):
                a.bonus[skill] = rng.randint(-3, 9)
            a.scale, a.hand_penalty = rng.randint(0, 2), rng.randint(0, 2)
            assert attack.attack_bonus(a, w) == plain_attack_bonus(a, w)
            assert attack.dc_base(a, w) == plain_dc_base(a, w)
            checked += 1
    assert checked > 30


def plain_offered(foes: list[Fighter]) -> list[str]:
    """`items.offered` as it was: each item, the first enemy that has it."""
    return [i for i in items.ITEMS if any(items.has(t, i) for t in foes)]


def test_the_items_offered_are_those_some_enemy_has() -> None:
    """Rule 125: every mix of wielded weapons (with an item row or without), armour and
    shields, over subsets of a crowd, in `ITEMS`' order."""
    rng = random.Random(3)
    rows = list(data.weapons().values())
    for seed in range(40):
        s = Scene(("Red", crowd(seed)["sides"][0]["combatants"]),
                  ("Blue", crowd(seed)["sides"][1]["combatants"]))  # fmt: skip
        fighters = s.state.fighters()
        for t in fighters:
            row = rng.choice(rows)
            t.weapons[0] = Wielded(row, row.damage)
            t.armour = rng.choice(["none", "none", "leather"])
            t.shield = rng.random() < 0.3
        for _ in range(5):
            foes = rng.sample(fighters, rng.randint(0, len(fighters)))
            assert items.offered(foes) == plain_offered(foes)


def plain_furthest(state: SamState, f: Fighter, source: Fighter) -> tuple[int, int]:
    """`wander.furthest` as it was: `space.squares_at` from each of the eight first squares."""
    x, y, square = f.position.x, f.position.y, f.square
    best, most, straight = wander.COMPASS[0], -1, False
    for d in wander.COMPASS:
        dx, dy = d
        gain = space.squares_at(x + dx * square, y + dy * square, square, source, state.alternate)
        if gain > most or (gain == most and not straight and (dx == 0 or dy == 0)):
            best, most, straight = d, gain, dx == 0 or dy == 0
    return best


def test_the_furthest_direction_is_found_as_square_by_square() -> None:
    """Rule 184 (F-SAM-105): the gaps worked out once an axis give the direction the eight
    `squares_at` give, for movers and sources of every scale (half, one, two, four metres),
    ridden (a seat) or not, at half-square places, on both diagonal rules."""
    rng = random.Random(11)
    s = Scene(("Red", [human("A")]), ("Blue", [human("B")]))
    f, source = s["A"], s["B"]
    for _ in range(3000):
        s.state.alternate = rng.random() < 0.5
        f.square, source.square = rng.choice([0.5, 1.0, 2.0, 4.0]), rng.choice([0.5, 1.0, 2.0, 4.0])
        source.seat = rng.choice([0.0, 0.0, 2.0, 4.0])
        f.position = Position(rng.randint(-16, 16) / 2, rng.randint(-16, 16) / 2)
        source.position = Position(rng.randint(-16, 16) / 2, rng.randint(-16, 16) / 2)
        assert wander.furthest(s.state, f, source) == plain_furthest(s.state, f, source)


def plain_targets(state: SamState, f: Fighter, w: Wielded) -> list[Fighter]:
    """`actions.targets` as it was: `space.in_reach` for each foe in melee."""
    out: list[Fighter] = []
    for e in state.marks_of(f):
        if not isinstance(e, Fighter) or not e.active or not e.present:
            continue
        if w.data.kind == "melee":
            if space.in_reach(state, f, e, w.data.reach):
                out.append(e)
        elif actions.in_range(state, f, e, w):
            out.append(e)
    return out


@settings(max_examples=60, deadline=None)
@given(fields(), st.booleans(), st.sampled_from([0.0, 0.0, 2.0]), st.integers(0, 2**16))
def test_targets_read_the_band_once_as_in_reach_does(
    doc: dict[str, Any], close: bool, seat: float, seed: int
) -> None:
    """Rules 56-60 (SAM-A13, `close_reaches_adjacent`): over crowded fields of mixed weapons,
    with any weapon row in hand, riders' seats and downed foes, the enemies in reach are those
    `in_reach` finds."""
    s = one_pass_scene(doc)
    s.state.close_adjacent = close
    rng = random.Random(seed)
    rows = list(data.weapons().values())
    for g in s.state.fighters():
        g.seat = seat if rng.random() < 0.3 else 0.0
        if rng.random() < 0.2:
            g.status = Status.DOWN
        if rng.random() < 0.5:  # any row: Close-only weapons (reach 0) among them
            row = rng.choice(rows)
            g.weapons[0] = Wielded(row, row.damage)
    for f in s.state.fighters():
        w = f.wielded
        assert actions.targets(s.state, f, w) == plain_targets(s.state, f, w)
