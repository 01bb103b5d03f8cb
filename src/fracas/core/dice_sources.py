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
    the k-th output of the cipher, and any position can be reached directly by setting the
    counter. So a battle rebuilt from its save, in any process, draws from `position` exactly
    the dice an uninterrupted run would have drawn. Floats are drawn in blocks (one numpy call
    per block, not per die: a scalar numpy call costs microseconds) and mapped to faces by
    `int(u * sides) + 1`. The block size only chunks the stream; it never changes a face.
    """

    __slots__ = ("_block", "_buffer", "_gen", "_made", "_seed", "_start")

    FIRST_BLOCK = 64  # most battles roll a few dozen dice: a small first block, then `block`

    def __init__(
        self,
        seed: int | np.random.SeedSequence | None = None,
        block: int = 256,
        position: int = 0,
    ) -> None:
        if not isinstance(seed, np.random.SeedSequence):
            seed = np.random.SeedSequence(seed)
        self._seed = seed  # Philox(seed) keys the cipher from it
        self._block = max(4, block - block % 4)  # whole cipher outputs: 4 floats each
        self._buffer: list[float] = []
        self._gen: np.random.Generator | None = None
        self._start = position
        self._made = position  # the stream position after the last float generated

    @property
    def position(self) -> int:
        """How many dice have been drawn from the start of the stream."""
        return self._made - len(self._buffer)

    def seek(self, position: int) -> None:
        """Go to die `position` of the stream (0 is the first)."""
        self._start, self._made, self._gen, self._buffer = position, position, None, []

    def _refill(self) -> None:
        """Put the next block under the remaining floats (the buffer is read from its end)."""
        if self._gen is None:  # first draw: the counter at the cipher output holding the start
            aligned = self._start - self._start % 4
            bits = np.random.Philox(self._seed)
            if aligned:
                bits.advance(aligned // 4)  # one counter step: 4 floats
            self._gen = np.random.Generator(bits)
            floats = self._gen.random(self.FIRST_BLOCK).tolist()
            del floats[: self._start - aligned]
            self._made = aligned + self.FIRST_BLOCK
        else:
            floats = self._gen.random(self._block).tolist()
            self._made += self._block
        floats.reverse()
        self._buffer[:0] = floats

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
