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
    """Faces that are a function of the seed and the die's position alone (DESIGN.md §2).

    numpy's Philox is a counter-based generator: keyed by the seed, the k-th uniform float is
    the k-th output of the cipher, and any position can be reached directly. So a battle rebuilt
    from its save, in any process, draws from `position` exactly the dice an uninterrupted run
    would have drawn. Floats are drawn in blocks (one numpy call per block, not per die: a
    scalar numpy call costs microseconds) and mapped to faces by `int(u * sides) + 1`.
    """

    __slots__ = ("_block", "_buffer", "_key", "_next_block")

    def __init__(
        self,
        seed: int | np.random.SeedSequence | None = None,
        block: int = 1024,
        position: int = 0,
    ) -> None:
        self._key = np.random.Philox(seed).state["state"]["key"]
        self._block = max(4, block - block % 4)  # whole cipher outputs (4 floats each)
        self._buffer: list[float] = []
        self._next_block = 0
        self.seek(position)

    @property
    def position(self) -> int:
        """How many dice have been drawn from the start of the stream."""
        return self._next_block * self._block - len(self._buffer)

    def seek(self, position: int) -> None:
        """Go to die `position` of the stream (0 is the first)."""
        block, skip = divmod(position, self._block)
        self._next_block = block
        self._buffer = []
        self._refill()
        del self._buffer[len(self._buffer) - skip :]

    def _refill(self) -> None:
        """Put the next block under the remaining floats (the buffer is read from its end)."""
        counter = self._next_block * (self._block // 4)
        bits = np.random.Philox(key=self._key, counter=[counter, 0, 0, 0])
        floats = np.random.Generator(bits).random(self._block).tolist()
        floats.reverse()
        self._buffer[:0] = floats
        self._next_block += 1

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        return self.draw(request.dice)

    def draw(self, dice: tuple[int, ...]) -> tuple[int, ...]:
        """One face per die of `dice` (their sides), the next positions of the stream."""
        buf = self._buffer
        while len(buf) < len(dice):
            self._refill()
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
