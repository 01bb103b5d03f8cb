"""Where die faces come from (DESIGN.md §2): a seeded generator, a script, or a person.

Every source answers a whole `RollRequest` with one face per die, in order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Protocol

import numpy as np

from fracas.core.errors import ReplayError
from fracas.core.requests import Pending, RollRequest


class DiceSource(Protocol):
    def faces(self, request: RollRequest) -> tuple[int, ...]: ...


class SeededDice:
    """Faces from numpy's PCG64, seeded; reproducible for a given seed.

    Uniform floats are drawn in blocks (one numpy call per block, not per die: a scalar
    numpy call costs microseconds) and mapped to faces by `int(u * sides) + 1`.
    """

    __slots__ = ("_block", "_buffer", "_rng")

    def __init__(self, seed: int | np.random.SeedSequence | None = None, block: int = 1024) -> None:
        self._rng = np.random.Generator(np.random.PCG64(seed))
        self._block = block
        self._buffer: list[float] = []

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        return self.draw(request.dice)

    def draw(self, dice: tuple[int, ...]) -> tuple[int, ...]:
        """One face per die of `dice` (their sides)."""
        buf = self._buffer
        if len(buf) < len(dice):
            buf[:0] = self._rng.random(self._block + len(dice)).tolist()
        if len(dice) == 1:
            return (int(buf.pop() * dice[0]) + 1,)
        return tuple([int(buf.pop() * sides) + 1 for sides in dice])


class ScriptedDice:
    """Faces forced in order, one per die, for tests written like the seeds' worked examples.

    Running out of faces is an error: a test must script every die it causes.
    """

    def __init__(self, faces: Iterable[int] = ()) -> None:
        self._queue: deque[int] = deque(faces)

    def push(self, *faces: int) -> None:
        self._queue.extend(faces)

    @property
    def remaining(self) -> int:
        return len(self._queue)

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        if len(self._queue) < len(request.dice):
            raise ReplayError(f"scripted dice ran out at: {request.describe()}")
        return tuple(self._queue.popleft() for _ in request.dice)


class PendingDice:
    """A person rolls physical dice: every request suspends the battle until answered."""

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        raise Pending(request)


class NoDice:
    """For replaying a finished battle: any roll beyond the journal is a mismatch."""

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        raise ReplayError(f"the journal ends before this roll: {request.describe()}")
