"""Where die faces come from (DESIGN.md §2): a seeded generator, a script, or a person.

Every source answers a whole `RollRequest` with one face per die, in order.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Iterable
from typing import Final, Protocol

import numpy as np

from fracas.core.errors import ReplayError
from fracas.core.philox import SpawnedKeys, key_words, philox_output, seed_key
from fracas.core.requests import Pending, RollRequest

# Compiled (mypyc), the cipher costs less than a call into numpy (`SeededDice._refill`).
CIPHER_HERE: Final = not __file__.endswith(".py")


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

    The key is what `Philox(SeedSequence(seed))` would use (`core.philox`), or given outright
    (`key=`, the simulator's per-battle keys). No generator is built per battle: each block is
    drawn from one Philox per thread, set to this stream's key and counter first (building a
    `SeedSequence`, a `Philox` and a `Generator` cost about 10 µs a battle; issue 10).
    """

    __slots__ = (
        "_block",
        "_f0",
        "_f1",
        "_f2",
        "_f3",
        "_k0_hi",
        "_k0_lo",
        "_k1_hi",
        "_k1_lo",
        "_left",
        "_made",
        "_spare",
        "_started",
    )

    FIRST_BLOCK = 64  # most battles roll a few dozen dice: a small first block, then `block`

    def __init__(
        self,
        seed: int | np.random.SeedSequence | None = None,
        block: int = 256,
        position: int = 0,
        *,
        key: tuple[int, int] | None = None,
    ) -> None:
        if key is None:
            key = _key_of(seed)
        # The key's words, for the compiled cipher: `i64` fields, kept unboxed (the key
        # itself is made again from them for numpy, interpreted: `key`)
        self._k0_hi, self._k0_lo, self._k1_hi, self._k1_lo = key_words(key)
        whole = block - block % 4
        self._block = whole if whole > 4 else 4  # whole cipher outputs: 4 floats each
        # The floats of the current cipher output, in stream order, and how many of them are
        # still unread (the last `_left`). Compiled, `float` fields are doubles: reading one
        # builds no object, where a list of floats popped cost about 100 instructions a die
        # and its refill 170 a block (issue 35).
        self._f0 = self._f1 = self._f2 = self._f3 = 0.0
        self._left = 0
        self._made = position  # the stream position after the current output's last float
        # Interpreted, numpy's floats for the outputs after the current one (read from the end)
        self._spare: list[float] = []
        self._started = False

    @staticmethod
    def spawned(keys: SpawnedKeys, index: int, block: int = 256) -> SeededDice:
        """The dice of `SeedSequence(seed, spawn_key=(index,))`: battle `index` of a run.
        (A static method: compiled, building a class known here is a direct call; a keyword
        call of a classmethod's `cls` was generic, 4,000 instructions a battle.)"""
        dice = SeededDice(None, block, 0, key=NO_KEY)
        # The key's words straight from the mixing, in machine integers: the key as two
        # 64-bit integers, split again here, cost about 1,500 instructions a battle (issue 35)
        dice._k0_hi, dice._k0_lo, dice._k1_hi, dice._k1_lo = keys.words(index)
        return dice

    @property
    def key(self) -> tuple[int, int]:
        """The stream's 128-bit key, as its two 64-bit halves."""
        return (
            (int(self._k0_hi) << 32) | int(self._k0_lo),
            (int(self._k1_hi) << 32) | int(self._k1_lo),
        )

    @property
    def position(self) -> int:
        """How many dice have been drawn from the start of the stream."""
        return self._made - self._left

    def seek(self, position: int) -> None:
        """Go to die `position` of the stream (0 is the first)."""
        self._made, self._left, self._spare, self._started = position, 0, [], False

    def _refill(self) -> None:
        """Make the cipher output holding the next float the current one. Compiled, the cipher
        runs here (`core.philox`); interpreted, numpy draws a block of outputs at a time (the
        same floats) into `_spare`."""
        start = self._made
        aligned = start - start % 4  # the position of the output's first float
        if CIPHER_HERE:
            self._f0, self._f1, self._f2, self._f3 = philox_output(
                self._k0_hi, self._k0_lo, self._k1_hi, self._k1_lo, aligned // 4
            )
        else:
            spare = self._spare
            if not spare:  # `_spare` always starts at an output's first float
                count = self._block if self._started else self.FIRST_BLOCK
                spare = _philox_floats(self.key, aligned // 4, count)
                spare.reverse()
                self._spare = spare
            self._f0, self._f1, self._f2, self._f3 = (
                spare.pop(),
                spare.pop(),
                spare.pop(),
                spare.pop(),
            )
        self._left = 4 - (start - aligned)  # a stream sought to the middle of an output
        self._made = aligned + 4
        self._started = True

    def _next(self) -> float:
        """The next float of the stream."""
        left = self._left
        if left == 0:
            self._refill()
            left = self._left
        self._left = left - 1
        if left == 4:
            return self._f0
        if left == 3:
            return self._f1
        if left == 2:
            return self._f2
        return self._f3

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        return self.draw(request.dice)

    def face(self, sides: int) -> int:
        """The face of one die of `sides` sides, the next position of the stream: what `draw`
        gives for `(sides,)`, as an int (a roll of one die needs no tuple; issue 35)."""
        return int(self._next() * sides) + 1

    def draw(self, dice: tuple[int, ...]) -> tuple[int, ...]:
        """One face per die of `dice` (their sides), the next positions of the stream."""
        n = len(dice)
        if n == 1:
            face = int(self._next() * dice[0]) + 1
            return ONE_FACE[face] if face < len(ONE_FACE) else (face,)
        if n == 2:
            # Two dice (a damage die and its bonus die, 2D6) built as a pair, the first drawn
            # first: a list built, copied to a tuple and freed was about 350 instructions of a
            # two-dice roll's 1,250 (issue 35)
            first = int(self._next() * dice[0]) + 1
            return (first, int(self._next() * dice[1]) + 1)
        return tuple([int(self._next() * sides) + 1 for sides in dice])


# The key a spawned stream is built with before its words are set (`SeededDice.spawned`)
NO_KEY: Final = (0, 0)


# The faces of a single die, built once: a roll of one die (most rolls) hands out the shared
# tuple, equal to a new one, instead of building and later freeing one (issue 35). Faces are
# immutable, so the journal may hold the same tuple many times. (Typed `tuple[int, ...]`:
# compiled, a `tuple[int]` item would be unboxed and boxed again into a new tuple.)
ONE_FACE: Final[list[tuple[int, ...]]] = [(face,) for face in range(101)]


def _key_of(seed: int | np.random.SeedSequence | None) -> tuple[int, int]:
    if isinstance(seed, np.random.SeedSequence):
        k0, k1 = seed.generate_state(2, np.uint64).tolist()
        return int(k0), int(k1)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    return seed_key(seed)


_local = threading.local()
_EMPTY = np.zeros(4, np.uint64)


class _Philox:
    """One numpy Philox per thread, with the arrays and the dictionary its state is set from
    kept and refilled for each block: building them for every block cost a third of drawing
    a battle's first block (issue 10). The state setter copies what it is given."""

    __slots__ = ("counter", "generator", "key", "state")

    def __init__(self) -> None:
        self.generator = np.random.Generator(np.random.Philox(0))
        self.counter = np.zeros(4, np.uint64)
        self.key = np.zeros(2, np.uint64)
        self.state = {
            "bit_generator": "Philox",
            "state": {"counter": self.counter, "key": self.key},
            "buffer": _EMPTY,
            "buffer_pos": 4,
            "has_uint32": 0,
            "uinteger": 0,
        }


def _philox_floats(key: tuple[int, int], blocks_done: int, count: int) -> list[float]:
    """`count` floats (a multiple of 4) of the stream keyed `key`, from cipher output
    `blocks_done` on: numpy's Philox with its counter there and its buffer empty, as
    `Philox(...).advance(blocks_done)` leaves it."""
    philox: _Philox | None = getattr(_local, "philox", None)
    if philox is None:
        philox = _local.philox = _Philox()
    philox.counter[0] = blocks_done
    philox.key[0] = key[0]
    philox.key[1] = key[1]
    generator = philox.generator
    generator.bit_generator.state = philox.state
    floats: list[float] = generator.random(count).tolist()
    return floats


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
