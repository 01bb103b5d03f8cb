"""The statement of intent handed out again (issue 35): while nothing a fighter's intents are
made from has changed since its last statement, `actions.intents` hands out that statement's
list again; it must always equal the list made afresh (`actions.intents_afresh`), option for
option and in order, and the policy's pick must be the one it makes from that list."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest

import fracas
from fracas.core.geometry import Position
from fracas.core.requests import ChoiceRequest
from fracas.rulesets.brp import combat, decisions
from fracas.rulesets.brp.actions import intents, intents_afresh
from fracas.rulesets.brp.policy import BRPPolicy, _same_hit_points
from fracas.rulesets.brp.state import BRPState, Fighter
from fracas.sim.bench import bench_encounters

EXAMPLES = Path(__file__).parents[2] / "examples" / "brp"


class _Checking:
    """A controller that checks every statement of intent against the list made afresh, then
    picks as the BRP policy does."""

    def __init__(self) -> None:
        self.battle: Any = None
        self.statements = 0
        self.again = 0  # lists handed out again
        self.remembered = 0  # picks the policy remembered
        self.last: dict[int, list[Any]] = {}

    def choose(self, request: ChoiceRequest) -> int:
        state = self.battle.state
        assert isinstance(state, BRPState)
        who = request.who
        if request.decision == decisions.INTENT:
            assert isinstance(who, Fighter)
            assert request.options == intents_afresh(state, who)
            self.statements += 1
            if request.options is self.last.get(id(who)):
                self.again += 1
            self.last[id(who)] = request.options
            record = state.record(who)
            if request.options is record.scored and _same_hit_points(record):
                self.remembered += 1
            pick = BRPPolicy(state).choose(request)
            # the pick weighed afresh: from a list of the same options that is not the one
            # handed out, nothing is remembered
            assert pick == BRPPolicy(state).pick(who, request.decision, [*request.options])
            return pick
        return BRPPolicy(state).choose(request)


def _encounters() -> list[tuple[str, Any]]:
    found = [(f"bench {name}", enc) for rid, name, enc in bench_encounters() if rid == "brp"]
    for path in sorted(EXAMPLES.glob("*.yaml")):
        found.append((path.stem, fracas.load(path)))
    return found


@pytest.mark.parametrize(("name", "encounter"), _encounters(), ids=lambda v: str(v)[:20])
def test_every_statement_equals_the_intents_made_afresh(name: str, encounter: Any) -> None:
    checking = _Checking()
    for seed in range(12):
        battle = fracas.Battle(encounter, seed=seed, default_controller=checking, observe=False)
        checking.battle, checking.last = battle, {}
        battle.run()
    assert checking.statements > 0
    if name.startswith("bench"):  # some lists were handed out again, some picks remembered
        assert checking.again > 0 and checking.remembered > 0


def _duel() -> BRPState:
    enc = next(enc for rid, name, enc in bench_encounters() if rid == "brp" and name == "1v1")
    state = enc.ruleset.setup(enc.spec)
    assert isinstance(state, BRPState)
    state.round = 1
    return state


def test_a_change_to_what_intents_read_lists_them_again() -> None:
    """Each thing `intents` reads, changed, gives a new list equal to the one made afresh."""
    state = _duel()
    me, foe = state.fighters()
    first = intents(state, me)
    assert intents(state, me) is first
    changes = [
        lambda: setattr(foe, "position", Position(9, 0)),  # out of reach: run toward it
        lambda: setattr(me.weapons[0], "hp", 0),  # broken: no blow with it
        lambda: setattr(foe, "hp", 0),  # dying: not in sight
        lambda: setattr(me, "position", Position(8, 0)),
    ]
    for change in changes:
        before = intents(state, me)
        change()
        after = intents(state, me)
        assert after is not before and after == intents_afresh(state, me)


def test_a_copied_state_is_offered_its_own_intents() -> None:
    state = _duel()
    me = state.fighters()[0]
    intents(state, me)
    twin = copy.deepcopy(state)
    twin._records = state._records  # even sharing the records, the copy gets its own
    twin_me = twin.fighters()[0]
    offered = intents(twin, twin_me)
    foes = {id(f) for f in twin.fighters()}
    assert offered == intents_afresh(twin, twin_me)
    assert all(id(o.target) in foes for o in offered if hasattr(o, "target"))


def test_defences_handed_out_again_equal_the_defences_made_afresh() -> None:
    """Against every weapon of every encounter, through random changes to what a defence
    reads (earlier defences, the penalty, weapons and shields broken or whole, a two-handed
    blow, kneeling), the defences offered equal those made afresh; some are handed out
    again."""
    rng = random.Random(35)
    again = 0
    for _, encounter in _encounters():
        state = encounter.ruleset.setup(encounter.spec)
        assert isinstance(state, BRPState)
        for defender in state.fighters():
            arms = [
                w for e in state.enemies_of(defender) if isinstance(e, Fighter) for w in e.arms()
            ]
            gear = [*defender.arms()]
            whole = [w.hp for w in gear]
            last: list[Any] | None = None
            for _step in range(60):
                defender.defences = rng.randrange(3)
                state.defence_penalty = rng.choice((0, 10))
                defender.two_handed = rng.random() < 0.2
                defender.kneeling = rng.random() < 0.2
                for w, hp in zip(gear, whole, strict=True):
                    w.hp = hp if hp is None or rng.random() < 0.8 else 0
                weapon = rng.choice(arms)
                offered = combat.defences(state, defender, weapon)
                assert offered == combat.defences_afresh(state, defender, weapon)
                again += offered is last
                last = offered
    assert again > 0
