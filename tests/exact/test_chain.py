"""The duel chain's arithmetic (issue 35): `exact.duel.run_chain` moves each round's mass in
integers gathered by where it leads; here it is held to the chain written plainly, round by
round in fractions, state by state — the same endings, cap, truncation and states seen, to
the fraction, on the rulesets' duels and on small chains made to meet every corner (mass the
model leaves out, states dropped under the cut-off and met again, a zero cut-off keeping a
state reached with no mass, denominators that differ from state to state). And what the duel
models' copies of a state share (`shared_values`)."""

from __future__ import annotations

import copy
import dataclasses
from collections import defaultdict
from collections.abc import Hashable, Mapping
from fractions import Fraction

import pytest

import fracas
from fracas.exact.duel import CUTOFF, End, run_chain, shared_values

Chain = tuple[dict[str | None, Fraction], Fraction, Fraction, int]


def plain_chain(model: fracas.core.ruleset.DuelModel, rounds: int, cutoff: Fraction) -> Chain:
    """The absorbing chain as `exact.duel` defines it, in fractions: each round every alive
    state's moves; a state under the cut-off dropped, its mass counted as left out. A state's
    moves are asked of the model once (a chain's moves depend on the state alone): the BRP
    duels meet a hundred-odd states some four thousand times, and each ask copies the duel's
    fighters (issue 35: two thirds of these tests' time)."""
    alive: dict[Hashable, Fraction] = dict(model.start())
    ends: defaultdict[str | None, Fraction] = defaultdict(Fraction)
    lost = 1 - sum(alive.values(), Fraction(0))
    seen = set(alive)
    moves_of: dict[Hashable, Mapping[Hashable, Fraction]] = {}
    for _ in range(rounds):
        nxt: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        for state, p in alive.items():
            if state not in moves_of:
                moves_of[state] = model.round(state)
            moves = moves_of[state]
            lost += p * (1 - sum(moves.values(), Fraction(0)))
            for after, q in moves.items():
                if isinstance(after, End):
                    ends[after.winner] += p * q
                else:
                    nxt[after] += p * q
        alive = {k: p for k, p in nxt.items() if p >= cutoff}
        lost += sum(nxt.values(), Fraction(0)) - sum(alive.values(), Fraction(0))
        seen.update(alive)
        if not alive:
            break
    return dict(ends), sum(alive.values(), Fraction(0)), lost, len(seen)


class Toy:
    """A made-up chain: from hit points (a, b) each side loses 0, 1 or 2 with odds that
    differ by state (so do the denominators); a little mass is left out at (2, 2); a move of
    probability 0 reaches (5, 5), which nothing else reaches."""

    def start(self) -> Mapping[Hashable, Fraction]:
        return {(3, 3): Fraction(2, 3), (3, 2): Fraction(1, 4)}  # 1/12 left out at the start

    def round(self, state: Hashable) -> Mapping[Hashable, Fraction]:
        a, b = state  # type: ignore[misc]
        out: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        weights = {0: Fraction(1, a + 4), 1: Fraction(1, b + 2)}
        weights[2] = 1 - weights[0] - weights[1]
        for hurt_a, p in weights.items():
            for hurt_b, q in weights.items():
                after = (a - hurt_a, b - hurt_b)
                standing = [side for side, hp in zip("ab", after, strict=True) if hp > 0]
                if len(standing) < 2:
                    out[End(standing[0] if standing else None)] += p * q
                else:
                    out[after] += p * q
        if state == (2, 2):
            out[(2, 2)] -= Fraction(1, 1000)  # the model's own cut-off
        if state == (3, 3):
            out[(5, 5)] += 0
        return dict(out)


@pytest.mark.parametrize(
    ("rounds", "cutoff"),
    [(1, CUTOFF), (6, CUTOFF), (40, Fraction(1, 10**4)), (40, Fraction(0)), (12, Fraction(1, 50))],
)
def test_the_chain_is_the_plain_chain_on_a_made_up_model(rounds: int, cutoff: Fraction) -> None:
    assert run_chain(Toy(), rounds, cutoff) == plain_chain(Toy(), rounds, cutoff)


def test_the_made_up_model_meets_its_corners() -> None:
    """Not idle: mass is left out, a cut-off drops states, a zero cut-off keeps the state
    reached with no mass (and those it leads to)."""
    ends, capped, lost, seen = run_chain(Toy(), 40, Fraction(1, 10**4))
    assert lost > 0 and capped == 0 and set(ends) == {"a", "b", None}
    assert seen == 9 and run_chain(Toy(), 40, Fraction(0))[3] > seen


@pytest.mark.parametrize(
    "path",
    [
        "src/fracas/rulesets/brp/bench/1v1.yaml",
        "examples/brp/duel.yaml",
        "src/fracas/rulesets/murdham/bench/1v1.yaml",
    ],
)
def test_the_chain_is_the_plain_chain_on_the_duels(path: str) -> None:
    encounter = fracas.load(path)
    state = encounter.ruleset.setup(encounter.spec)
    first, second = state.combatants[:2]
    rounds = encounter.spec.max_rounds - state.round
    model = encounter.ruleset.duel(state, first, second)
    assert model is not None
    found = run_chain(model, rounds, CUTOFF)
    assert found == plain_chain(encounter.ruleset.duel(state, first, second), rounds, CUTOFF)
    assert found[2] > 0  # the cut-off drops states in these duels


@dataclasses.dataclass(frozen=True)
class Data:
    name: str
    sizes: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class Holder:
    items: list[int]  # frozen, yet holding what a rule may change


@dataclasses.dataclass
class Sheet:
    data: Data
    holder: Holder
    hp: int
    kit: list[Data]


def test_copies_share_only_what_no_rule_can_change() -> None:
    """`shared_values` seeds the duel models' copies of a state: a frozen value of atoms is
    shared by every copy; a frozen value holding a list, and anything mutable, is copied."""
    data = Data("sword", (1, 8))
    sheet = Sheet(data, Holder([1]), 12, [data, Data("shield", ())])
    shared = shared_values(sheet)
    assert set(shared) == {id(data), id(data.sizes), id(sheet.kit[1]), id(sheet.kit[1].sizes)}
    copied = copy.deepcopy(sheet, dict(shared))
    assert copied == sheet and copied.data is data and copied.kit[0] is data
    assert copied.holder is not sheet.holder and copied.holder.items is not sheet.holder.items
    assert copied.kit is not sheet.kit
