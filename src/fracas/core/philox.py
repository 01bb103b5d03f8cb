"""numpy's seeding of Philox, written out, so a battle's dice are keyed without building a
`SeedSequence` (issue 10: `SeedSequence` + `Philox` + `Generator` cost about 10 µs a battle,
as much as a whole battle of the yardstick).

`seed_key(entropy, spawn_key)` is the key `Philox(SeedSequence(entropy, spawn_key=...))` gives
its cipher, bit for bit: O'Neill's seed_seq mixing as numpy's `SeedSequence` does it (a pool of
four 32-bit words; numpy/random/bit_generator.pyx), then `generate_state(2, uint64)`. The
simulator keys battle i with spawn key (i,); everything before the spawn key depends on the run's
seed alone, so `SpawnedKeys` mixes it once and each battle adds only its own word.
tests/core/test_philox.py compares both with numpy for many seeds and spawn keys.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

MASK32: Final = 0xFFFFFFFF
POOL_SIZE: Final = 4
INIT_A: Final = 0x43B0D7E5
MULT_A: Final = 0x931E8875
INIT_B: Final = 0x8B51F9DD
MULT_B: Final = 0x58F38DED
MIX_MULT_L: Final = 0xCA01F9DD
MIX_MULT_R: Final = 0x4973F715


def words(n: int) -> list[int]:
    """A non-negative integer as 32-bit words, least significant first (0 is one word)."""
    if n < 0:
        raise ValueError(f"a seed must not be negative, got {n}")
    out = [n & MASK32]
    n >>= 32
    while n:
        out.append(n & MASK32)
        n >>= 32
    return out


def _mul32(a: i64, b: i64) -> i64:
    """a × b modulo 2**32 (a, b below 2**32), by halves of b: no product reaches 2**49, so
    compiled code stays in machine integers (`i64`: a plain int when interpreted; mypyc's
    tagged ints leave the fast path for any factor over 2**30, which a 32-bit word is)."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & MASK32


def _hashmix(value: i64, const: i64) -> tuple[i64, i64]:
    """seed_seq's hashmix of `value` with the running constant: (result, next constant)."""
    value ^= const
    const = _mul32(const, MULT_A)
    value = _mul32(value, const)
    return value ^ (value >> 16), const


def _mix(x: i64, y: i64) -> i64:
    r = (_mul32(MIX_MULT_L, x) - _mul32(MIX_MULT_R, y)) & MASK32
    return r ^ (r >> 16)


class Pool:
    """seed_seq's pool part-way through mixing: the four words and the running constant."""

    __slots__ = ("const", "mixer")

    def __init__(self, mixer: list[i64], const: i64) -> None:
        self.mixer = mixer
        self.const = const

    @classmethod
    def of_run(cls, run: list[int]) -> Pool:
        """The pool after the run's own entropy (at most the pool's size of words)."""
        const: i64 = INIT_A
        mixer: list[i64] = [0] * POOL_SIZE
        for i in range(POOL_SIZE):
            mixer[i], const = _hashmix(run[i] if i < len(run) else 0, const)
        for src in range(POOL_SIZE):
            for dst in range(POOL_SIZE):
                if src != dst:
                    hashed, const = _hashmix(mixer[src], const)
                    mixer[dst] = _mix(mixer[dst], hashed)
        return cls(mixer, const)

    def with_words(self, extra: list[int]) -> Pool:
        """The pool once `extra` words (beyond the pool's size) are mixed in."""
        mixer: list[i64] = list(self.mixer)
        const: i64 = self.const
        for word in extra:
            for dst in range(POOL_SIZE):
                hashed, const = _hashmix(word, const)
                mixer[dst] = _mix(mixer[dst], hashed)
        return Pool(mixer, const)

    def key(self) -> tuple[int, int]:
        """`generate_state(2, uint64)`: four 32-bit words, paired low word first."""
        const: i64 = INIT_B
        out: list[int] = [0] * 4
        for i in range(4):
            value = self.mixer[i % POOL_SIZE] ^ const
            const = _mul32(const, MULT_B)
            value = _mul32(value, const)
            out[i] = int(value ^ (value >> 16))
        return out[0] | (out[1] << 32), out[2] | (out[3] << 32)


def _assembled(entropy: int, spawn_key: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """numpy's assembled entropy, split where the pool's first mixing stops: the run's words
    (padded to the pool's size when there is a spawn key), and the rest."""
    run = words(entropy)
    spawn = [w for k in spawn_key for w in words(k)]
    if spawn and len(run) < POOL_SIZE:
        run += [0] * (POOL_SIZE - len(run))
    assembled = run + spawn
    return assembled[:POOL_SIZE], assembled[POOL_SIZE:]


def seed_key(entropy: int, spawn_key: tuple[int, ...] = ()) -> tuple[int, int]:
    """The Philox key of `SeedSequence(entropy, spawn_key=spawn_key)`."""
    first, rest = _assembled(entropy, spawn_key)
    return Pool.of_run(first).with_words(rest).key()


class SpawnedKeys:
    """The keys of `SeedSequence(seed, spawn_key=(i,))` for many i: the seed's part of the
    mixing is done once."""

    __slots__ = ("_base", "_tail")

    def __init__(self, seed: int) -> None:
        first, rest = _assembled(seed, (0,))
        self._tail = rest[:-1]  # a seed beyond 128 bits spills words past the pool
        self._base = Pool.of_run(first)

    def key(self, index: int) -> tuple[int, int]:
        return self._base.with_words([*self._tail, *words(index)]).key()
