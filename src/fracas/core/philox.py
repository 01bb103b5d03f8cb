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
    """a × b modulo 2**32 (a, b below 2**32), in machine integers compiled (`i64`: a plain
    int when interpreted; mypyc's tagged ints leave the fast path for any factor over 2**30,
    which a 32-bit word is). Compiled, a product at or over 2**63 wraps (CPython builds its
    extensions with `-fwrapv`), which leaves its low 64 bits, and so the 32 kept, exact."""
    return (a * b) & MASK32


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

    __slots__ = ("_base", "_m0", "_m1", "_m2", "_m3", "_mixing", "_tail")

    def __init__(self, seed: int) -> None:
        first, rest = _assembled(seed, (0,))
        self._tail = rest[:-1]  # a seed beyond 128 bits spills words past the pool
        base = self._base = Pool.of_run(first)
        # The pool's words and constant as `i64` fields, for `words` (compiled: unboxed)
        self._m0, self._m1, self._m2, self._m3 = base.mixer
        self._mixing: i64 = base.const  # (not `_const`: C names the field `__const`, a keyword)

    def key(self, index: int) -> tuple[int, int]:
        return self._base.with_words([*self._tail, *words(index)]).key()

    def words(self, index: int) -> tuple[i64, i64, i64, i64]:
        """`key_words(self.key(index))`. A simulation keys every battle, and the key of a
        battle number that is one 32-bit word, from a seed of at most 128 bits, is mixed
        here in machine integers, with no list or big integer built (the general route
        cost about 7,000 instructions a battle, compiled; issue 35)."""
        if self._tail or not 0 <= index <= MASK32:
            return key_words(self.key(index))
        word: i64 = index
        const = self._mixing
        # `Pool.with_words([word])`: the word hashed into each of the pool's words in turn
        hashed, const = _hashmix(word, const)
        m0 = _mix(self._m0, hashed)
        hashed, const = _hashmix(word, const)
        m1 = _mix(self._m1, hashed)
        hashed, const = _hashmix(word, const)
        m2 = _mix(self._m2, hashed)
        hashed, const = _hashmix(word, const)
        m3 = _mix(self._m3, hashed)
        # `Pool.key`: four words out, paired low word first into the two 64-bit halves
        const = INIT_B
        m0, const = _key_word(m0, const)
        m1, const = _key_word(m1, const)
        m2, const = _key_word(m2, const)
        m3, const = _key_word(m3, const)
        return m1, m0, m3, m2


def _key_word(value: i64, const: i64) -> tuple[i64, i64]:
    """One word of `Pool.key` from the pool's word: (the word, the next constant)."""
    value ^= const
    const = _mul32(const, MULT_B)
    value = _mul32(value, const)
    return value ^ (value >> 16), const


# --- numpy's Philox4x64-10 cipher, written out ---------------------------------------------
#
# Drawing a battle's first dice through numpy costs a state to set and an array to convert (about
# 30 k instructions, a tenth of a short compiled battle; issue 10). The cipher itself is 20
# 64-bit multiplications per 4 floats: the compiled build runs it here, 4 floats at a time, in
# machine integers. 64-bit words are kept as 32-bit halves and multiplied word by word (the
# low 64 bits of each product are exact both compiled, in `i64`, and interpreted). numpy's
# Philox (random123's philox4x64 with 10 rounds): the counter is raised by one before each
# block, so stream block b is the cipher of counter b + 1; a float is the top 53 bits of a
# 64-bit output times 2**-53 (numpy's `next_double`). tests/core/test_philox.py compares it
# with numpy for many keys and counters.

M0_HI: Final = 0xD2E7470E  # PHILOX_M4x64_0 = 0xD2E7470EE14C6C93
M0_LO: Final = 0xE14C6C93
M1_HI: Final = 0xCA5A8263  # PHILOX_M4x64_1 = 0xCA5A826395121157
M1_LO: Final = 0x95121157
W0_HI: Final = 0x9E3779B9  # PHILOX_W64_0 = 0x9E3779B97F4A7C15 (the key's bump per round)
W0_LO: Final = 0x7F4A7C15
W1_HI: Final = 0xBB67AE85  # PHILOX_W64_1 = 0xBB67AE8584CAA73B
W1_LO: Final = 0x84CAA73B
ROUNDS: Final = 10
TWO_TO_MINUS_53: Final = 1.0 / 9007199254740992.0


# A cipher output: its 4 floats, in stream order. Compiled, a tuple of floats is returned as a
# C struct of doubles: no list and no float objects are built for a block (issue 35).
Output = tuple[float, float, float, float]


def philox_floats(key: tuple[int, int], block: int) -> list[float]:
    """The 4 floats of stream block `block` (0 is the first) of numpy's `Philox(key=key)`
    `random()`."""
    k0_hi, k0_lo, k1_hi, k1_lo = key_words(key)
    return list(philox_output(k0_hi, k0_lo, k1_hi, k1_lo, block))


def key_words(key: tuple[int, int]) -> tuple[i64, i64, i64, i64]:
    """A 128-bit key as 32-bit words, high word first: split once per stream, not per block
    (the key's 64-bit halves are beyond mypyc's fast integers)."""
    return key[0] >> 32, key[0] & MASK32, key[1] >> 32, key[1] & MASK32


def philox_output(k0_hi: i64, k0_lo: i64, k1_hi: i64, k1_lo: i64, block: i64) -> Output:
    """`philox_floats` with the key given as its words (`key_words`).

    Each round takes two 64 × 64 → 128-bit products (random123's `mulhilo64`), written out
    here rather than called: a call was about 73 instructions of the ~130 a product cost
    compiled, 20 calls a block (issue 35). Each product is taken by its four 32 × 32-bit
    partial products (`full`), whose high and low words are read with a mask: interpreted,
    the product is exact; compiled, an `i64` product of two words at or over 2**31 wraps
    past 2**63 (CPython builds its extensions with `-fwrapv`, so the wrap is defined), and
    the bits are the same, the mask dropping the sign a wrapped product's shift brings in.
    (Taking each partial product by 16-bit halves, so that none passed 2**49, cost a third
    of the cipher more; issue 35.) `h`/`l` are a partial product's high and low words,
    `s1`/`s2` the product's middle words with their carries."""
    counter = block + 1
    c0_hi: i64 = (counter >> 32) & MASK32
    c0_lo: i64 = counter & MASK32
    c1_hi: i64 = 0
    c1_lo: i64 = 0
    c2_hi: i64 = 0
    c2_lo: i64 = 0
    c3_hi: i64 = 0
    c3_lo: i64 = 0
    for r in range(ROUNDS):
        if r:
            k0_lo += W0_LO
            k0_hi = (k0_hi + W0_HI + (k0_lo >> 32)) & MASK32
            k0_lo &= MASK32
            k1_lo += W1_LO
            k1_hi = (k1_hi + W1_HI + (k1_lo >> 32)) & MASK32
            k1_lo &= MASK32
        # M0 × c0 → p0..p3 (most significant word first): four 32 × 32-bit products
        full = M0_LO * c0_lo
        h00 = (full >> 32) & MASK32
        p3 = full & MASK32
        full = M0_LO * c0_hi
        h01 = (full >> 32) & MASK32
        l01 = full & MASK32
        full = M0_HI * c0_lo
        h10 = (full >> 32) & MASK32
        l10 = full & MASK32
        full = M0_HI * c0_hi
        s1 = h00 + l01 + l10
        s2 = h01 + h10 + (full & MASK32) + (s1 >> 32)
        p0 = (((full >> 32) & MASK32) + (s2 >> 32)) & MASK32
        p1 = s2 & MASK32
        p2 = s1 & MASK32
        # M1 × c2 → q0..q3
        full = M1_LO * c2_lo
        h00 = (full >> 32) & MASK32
        q3 = full & MASK32
        full = M1_LO * c2_hi
        h01 = (full >> 32) & MASK32
        l01 = full & MASK32
        full = M1_HI * c2_lo
        h10 = (full >> 32) & MASK32
        l10 = full & MASK32
        full = M1_HI * c2_hi
        s1 = h00 + l01 + l10
        s2 = h01 + h10 + (full & MASK32) + (s1 >> 32)
        h11 = (full >> 32) & MASK32
        # The round's permutation: c0 ← hi1 ^ c1 ^ k0, c1 ← lo1, c2 ← hi0 ^ c3 ^ k1, c3 ← lo0
        c0_hi = ((h11 + (s2 >> 32)) & MASK32) ^ c1_hi ^ k0_hi
        c0_lo = (s2 & MASK32) ^ c1_lo ^ k0_lo
        c1_hi = s1 & MASK32
        c1_lo = q3
        c2_hi = p0 ^ c3_hi ^ k1_hi
        c2_lo = p1 ^ c3_lo ^ k1_lo
        c3_hi = p2
        c3_lo = p3
    return (
        _double(c0_hi, c0_lo),
        _double(c1_hi, c1_lo),
        _double(c2_hi, c2_lo),
        _double(c3_hi, c3_lo),
    )


def _double(hi: i64, lo: i64) -> float:
    """numpy's `next_double`: the top 53 bits of the 64-bit word, times 2**-53."""
    return float((hi << 21) | (lo >> 11)) * TWO_TO_MINUS_53
