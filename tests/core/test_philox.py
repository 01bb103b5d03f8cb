"""The dice keyed without numpy's seeding objects are numpy's dice, bit for bit (issue 10):
the same seed gives the same battles as before the change, and a save made before it replays."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fracas.core.dice_sources import SeededDice
from fracas.core.philox import SpawnedKeys, philox_floats, seed_key

SEEDS = [0, 1, 7, 12345, 2**32 - 1, 2**32, 2**40 + 3, 2**63 - 1, 2**127 + 5, 2**140 + 11]


def numpy_key(seed: int, spawn_key: tuple[int, ...] = ()) -> tuple[int, int]:
    state = np.random.SeedSequence(seed, spawn_key=spawn_key).generate_state(2, np.uint64)
    return int(state[0]), int(state[1])


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("spawn_key", [(), (0,), (5,), (123456,), (2**33,), (1, 2)])
def test_the_key_is_numpys(seed: int, spawn_key: tuple[int, ...]) -> None:
    assert seed_key(seed, spawn_key) == numpy_key(seed, spawn_key)


@pytest.mark.parametrize("seed", SEEDS)
def test_spawned_keys_are_the_seed_sequences_children(seed: int) -> None:
    keys = SpawnedKeys(seed)
    children = np.random.SeedSequence(seed).spawn(40)
    for i in (0, 1, 2, 39):
        state = children[i].generate_state(2, np.uint64)
        assert keys.key(i) == (int(state[0]), int(state[1]))
    assert keys.key(2**35) == numpy_key(seed, (2**35,))


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**70),
    start=st.integers(0, 700),
    block=st.sampled_from([4, 8, 64, 256]),
    sides=st.lists(st.sampled_from([2, 4, 6, 8, 10, 12, 20, 100]), min_size=1, max_size=300),
)
def test_the_faces_are_numpys_from_any_position(
    seed: int, start: int, block: int, sides: list[int]
) -> None:
    """Faces from `start` on equal numpy's own Philox stream read from its beginning."""
    floats = np.random.Generator(np.random.Philox(np.random.SeedSequence(seed)))
    uniforms = floats.random(start + len(sides))[start:]
    expected = [int(u * s) + 1 for u, s in zip(uniforms, sides, strict=True)]
    dice = SeededDice(seed, block=block, position=start)
    got: list[int] = []
    for s in sides:
        got.extend(dice.draw((s,)))
    assert got == expected
    assert dice.position == start + len(sides)


def test_two_streams_drawn_in_turn_do_not_disturb_each_other() -> None:
    """The Philox behind every stream of a thread is shared: each block sets its own key and
    counter, so interleaving two battles changes neither."""
    alone_a = SeededDice(3, block=4).draw((6,) * 40)
    alone_b = SeededDice(4, block=4).draw((6,) * 40)
    a, b = SeededDice(3, block=4), SeededDice(4, block=4)
    mixed_a, mixed_b = [], []
    for _ in range(40):
        mixed_a += a.draw((6,))
        mixed_b += b.draw((6,))
    assert tuple(mixed_a) == alone_a and tuple(mixed_b) == alone_b


@settings(max_examples=200, deadline=None)
@given(
    key=st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 2**64 - 1)),
    block=st.one_of(st.integers(0, 40), st.integers(0, 2**62)),
)
def test_the_cipher_written_out_gives_numpys_floats(key: tuple[int, int], block: int) -> None:
    """`philox_floats` (the compiled build's cipher) is numpy's Philox block for block."""
    generator = np.random.Philox(key=np.array(key, dtype=np.uint64))
    generator.advance(block)
    assert philox_floats(key, block) == np.random.Generator(generator).random(4).tolist()
