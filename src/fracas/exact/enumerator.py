"""The oracle of exact odds (issue 11): a ruleset's own code for one action, run through a real
`Table` once per way the dice can fall, each way weighted exactly.

In the spirit of OpenSpiel's chance nodes: the rules *ask* for dice, so the same code can be
sampled (a seeded source) or enumerated (this one). A run takes its rolls from a forced prefix;
the first roll beyond it stops the run with every possible *total* of that roll and its exact
weight from the dice's distribution (not every face: 2D6 branches 11 ways, not 36), and each
branch is run again from the start with one more forced roll. Decisions are taken by the given
controllers (the ruleset's policy, or a controller forcing a defender's choice), so a path is a
function of its rolls. Branches whose probability falls under `cutoff` (the tail of exploding
dice) are not followed; their total mass is reported as `truncated`.

Re-running from the start costs the length of a path for each branch, which is nothing next to
the rules' own work for the few rolls of one action. The action builds its own fresh state on
every run (the runs must not share one).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from fracas.core.controllers import Controller
from fracas.core.dice_sources import DiceSource
from fracas.core.errors import FracasError
from fracas.core.requests import RollRequest
from fracas.core.table import Table
from fracas.dice import Compiled, compile_dice

K = TypeVar("K", bound=Hashable)

# Brute force finds faces for a total only among this many face combinations.
_MAX_COMBINATIONS = 100_000


class TooManyPaths(FracasError):
    """The action branches into more ways than the enumerator was allowed to follow."""


@dataclass(frozen=True)
class Enumerated(Generic[K]):
    """Each outcome of the action with its exact probability; `truncated` is the probability
    of the paths cut off below the cut-off (the outcomes sum to 1 - truncated)."""

    outcomes: Mapping[K, Fraction]
    truncated: Fraction
    paths: int

    def probability(self, outcome: K) -> Fraction:
        return self.outcomes.get(outcome, Fraction(0))


class _Chance(Exception):
    """A roll beyond the forced prefix: the ways it can fall, as faces with their counts out
    of `denominator` (not reduced: the enumerator multiplies integers, issue 35)."""

    def __init__(self, ways: Ways) -> None:
        super().__init__("a chance node")
        self.denominator, self.ways = ways


class ForcedDice:
    """A dice source answering from a forced prefix of faces, then stopping at a chance node."""

    def __init__(self, forced: tuple[tuple[int, ...], ...]) -> None:
        self._forced = forced
        self._next = 0

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        if self._next < len(self._forced):
            self._next += 1
            return self._forced[self._next - 1]
        by = request.by
        compiled = compile_dice(request.notation, by.dice_vars if by is not None else None)
        raise _Chance(ways_of(compiled))


# Each total's faces and its count of ways, out of the denominator: a chance node in integers.
Ways = tuple[int, tuple[tuple[tuple[int, ...], int], ...]]

# The ways of each expression met, kept: every run of an enumeration meets the same few rolls
# (a probe of `fracas odds` met 1D100 some forty times a call, and worked out its hundred
# faces each time). Expressions are immutable values; the dice cache bounds how many exist.
_WAYS: dict[Compiled, Ways] = {}
_WAYS_LIMIT = 4096


def ways_of(compiled: Compiled) -> Ways:
    """Every total of `compiled` as one set of faces giving it, with the total's count of
    ways, and the denominator they are counted out of."""
    ways = _WAYS.get(compiled)
    if ways is None:
        distribution = compiled.distribution()
        ways = distribution.denominator, tuple(
            (faces_for(compiled, total), weight)
            for total, weight in sorted(distribution.weights.items())
        )
        if len(_WAYS) >= _WAYS_LIMIT:
            _WAYS.clear()
        _WAYS[compiled] = ways
    return ways


def faces_for(compiled: Compiled, total: int) -> tuple[int, ...]:
    """Faces that make `total`: for a plain sum of dice, each die raised in turn by what is
    still missing; else raised one step at a time while the total climbs towards it, or
    searched among every combination (small expressions)."""
    faces = [1] * len(compiled.dice)
    if compiled.offset is not None:  # a plain sum: the total is the faces plus the offset
        missing = total - compiled.offset - len(faces)
        for i, sides in enumerate(compiled.dice):
            step = min(sides - 1, max(missing, 0))
            faces[i] += step
            missing -= step
    for i, sides in enumerate(compiled.dice):
        while faces[i] < sides and compiled.total(faces) < total:
            faces[i] += 1
    if compiled.total(faces) == total:
        return tuple(faces)
    combinations = 1
    for sides in compiled.dice:
        combinations *= sides
    if combinations <= _MAX_COMBINATIONS:
        for candidate in itertools.product(*(range(1, s + 1) for s in compiled.dice)):
            if compiled.total(candidate) == total:
                return candidate
    raise FracasError(f"cannot find faces of {compiled.notation} that total {total}")


def enumerate_action(
    action: Callable[[Table], K],
    controllers: Mapping[str, Controller],
    *,
    cutoff: Fraction = Fraction(1, 10**12),
    max_paths: int = 1_000_000,
) -> Enumerated[K]:
    """Run `action(table)` along every way its rolls can fall; the outcome it returns, with
    its exact probability. `controllers` decide for each side (and `gm`), as in `Table`."""
    return enumerate_runs(
        lambda dice: action(Table(dice, controllers)), cutoff=cutoff, max_paths=max_paths
    )


def enumerate_runs(
    run: Callable[[DiceSource], K],
    *,
    cutoff: Fraction = Fraction(1, 10**12),
    max_paths: int = 1_000_000,
    until: Callable[[], bool] | None = None,
    deadline: float | None = None,
) -> Enumerated[K]:
    """`enumerate_action` for a run that builds its own table (and its own controllers, when
    a policy is bound to the state the run builds) on the dice it is given. With `until`,
    the search stops as soon as it says so (a probe for what the rules ask along the way);
    past `deadline` (a `time.perf_counter()` reading) it gives up with `TooManyPaths`."""
    # A path's probability is n / d, both integers multiplied along it (no reduction, which
    # was most of the enumerator's own time); sums are kept per denominator, made fractions
    # once at the end.
    outcomes: dict[K, dict[int, int]] = {}
    truncated: dict[int, int] = {}
    low, high = cutoff.numerator, cutoff.denominator  # n / d < cutoff: n * high < low * d
    paths = 0
    stack: list[tuple[tuple[tuple[int, ...], ...], int, int]] = [((), 1, 1)]
    while stack and not (until is not None and until()):
        forced, n, d = stack.pop()
        try:
            outcome = run(ForcedDice(forced))
        except _Chance as chance:
            dd = d * chance.denominator
            floor = low * dd
            for faces, weight in chance.ways:
                nn = n * weight
                if nn * high < floor:
                    truncated[dd] = truncated.get(dd, 0) + nn
                else:
                    stack.append(((*forced, faces), nn, dd))
            continue
        paths += 1
        if paths > max_paths:
            raise TooManyPaths(f"more than {max_paths:,} ways for this action to go")
        if deadline is not None and time.perf_counter() > deadline:
            raise TooManyPaths(
                f"more ways for this action to go than fit its time ({paths:,} so far)"
            )
        by_den = outcomes.setdefault(outcome, {})
        by_den[d] = by_den.get(d, 0) + n
    total = {k: _sum(v) for k, v in outcomes.items()}
    return Enumerated(total, _sum(truncated), paths)


def _sum(by_denominator: dict[int, int]) -> Fraction:
    """The sum of n / d over the denominators d, as one fraction."""
    den = math.lcm(*by_denominator) if by_denominator else 1
    return Fraction(sum(n * (den // d) for d, n in by_denominator.items()), den)
