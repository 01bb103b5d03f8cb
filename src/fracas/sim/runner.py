"""`simulate`: fight an encounter n times, on one core, all local cores, or a Dask cluster.

Battle i is seeded by `SeedSequence(seed, spawn_key=(i,))` — the i-th child numpy's `spawn`
would give — so its result depends on (encounter, seed, i) only, never on which worker ran it
or how battles were chunked. Chunks return `Tally`s of integer sums, merged as they arrive:
memory stays flat however many battles are asked for.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from fracas.core import arguments
from fracas.core.encounter import Encounter, from_document
from fracas.core.errors import ArgumentValueError
from fracas.core.philox import SpawnedKeys
from fracas.sim import stats
from fracas.sim.tally import Tally, fight_into

Progress = Callable[[int], None]  # called with the number of battles just finished


def battle_seed(seed: int, index: int) -> np.random.SeedSequence:
    """The seed of battle `index`: the same as `SeedSequence(seed).spawn(...)[index]`."""
    return np.random.SeedSequence(seed, spawn_key=(index,))


def fight_range(encounter: Encounter, seed: int, start: int, stop: int) -> Tally:
    """Battles start..stop-1, unobserved (no events are built), tallied."""
    tally = Tally()
    keys = SpawnedKeys(seed)  # battle i's key is that of `battle_seed(seed, i)`
    with _older_objects_frozen():
        fight_into(tally, encounter, keys, start, stop)  # (compiled: the loop and each battle)
    return tally


@contextmanager
def _older_objects_frozen() -> Iterator[None]:
    """While battles are fought, the cyclic garbage collector leaves alone everything that
    was alive before (modules, the encounter, numpy and pydantic's objects): collections run
    as battles allocate (they are triggered by counts of allocations, cycles or none), and
    each older-generation one walked all of those again (issue 10). `gc.freeze` is the
    standard library's way to say so; the objects go back to the collector afterwards."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


# Worker processes build the encounter once (from its document) and keep it.
_worker_encounter: Encounter | None = None


def _init_worker(document: Mapping[str, Any], source: str) -> None:
    global _worker_encounter
    _worker_encounter = from_document(document, source)


def _worker_chunk(seed: int, start: int, stop: int) -> Tally:
    assert _worker_encounter is not None
    return fight_range(_worker_encounter, seed, start, stop)


def _dask_chunk(
    document: Mapping[str, Any], source: str, seed: int, start: int, stop: int
) -> Tally:
    return fight_range(from_document(document, source), seed, start, stop)


@dataclass(frozen=True)
class SimReport:
    """The merged tally of a simulation and the figures computed from it."""

    tally: Tally
    sides: tuple[str, ...]
    meta: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return self.tally.report(list(self.sides), dict(self.meta))

    def win_probability(self, side: str) -> float:
        return self.tally.wins.get(side, 0) / self.tally.battles


def chunks(n: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, n, size):
        yield start, min(n, start + size)


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


Runner = Callable[[Iterator[tuple[int, int]], Callable[[Tally], None]], None]


def _checked(
    encounter: Encounter, n: int, seed: int, workers: int | None, count: str = "n"
) -> tuple[int, int]:
    """The run's arguments checked at the door (`core.arguments`; `count` names `n`): the
    seed as a plain int, and the number of workers (default: all cores)."""
    arguments.encounter(encounter)
    arguments.whole(n, count, 1)
    seed = arguments.seed(seed)
    workers = arguments.optional_whole(workers, "workers", 1)
    return seed, default_workers() if workers is None else workers


@contextmanager
def _runner(
    encounter: Encounter, seed: int, workers: int, client: Any, *, local: bool = False
) -> Iterator[Runner]:
    """Where chunks of battles are fought: a Dask cluster, this process, or a pool of worker
    processes started once, however many batches are fed to it (a precision run feeds
    several; starting workers costs about a second each time)."""
    if client is not None:
        yield lambda parts, take: _on_dask(client, encounter, seed, parts, take)
    elif workers == 1 or local:
        yield lambda parts, take: _in_process(encounter, seed, parts, take)
    else:
        with ProcessPoolExecutor(
            max_workers=workers,
            initializer=_init_worker,
            initargs=(dict(encounter.document), encounter.source),
        ) as pool:
            yield lambda parts, take: _bounded(
                lambda part: pool.submit(_worker_chunk, seed, *part), parts, 2 * workers, take
            )


def _in_process(
    encounter: Encounter,
    seed: int,
    parts: Iterator[tuple[int, int]],
    take: Callable[[Tally], None],
) -> None:
    for start, stop in parts:
        take(fight_range(encounter, seed, start, stop))


def _chunk_size(n: int, workers: int) -> int:
    return max(50, min(2000, n // (max(workers, 1) * 8) or 1))


def _fight(
    run: Runner, n: int, first: int, size: int, total: Tally, progress: Progress | None
) -> None:
    """Battles first..first+n-1 in chunks of `size`, generated as they are needed (memory is
    flat for any n), merged into `total` as they arrive."""

    def take(t: Tally) -> None:
        total.merge(t)
        if progress is not None:
            progress(t.battles)

    run(((first + a, first + b) for a, b in chunks(n, size)), take)


def simulate(
    encounter: Encounter,
    n: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    client: Any = None,
    chunk: int | None = None,
    first: int = 0,
    progress: Progress | None = None,
) -> SimReport:
    """Fight `encounter` n times: battles first..first+n-1 of the seed's stream.
    `workers`: local processes (default: all cores; 1 runs in this process);
    `client`: a `dask.distributed.Client` to run on a cluster instead."""
    seed, workers = _checked(encounter, n, seed, workers)
    arguments.whole(first, "first", 0)
    arguments.optional_callable(progress, "progress", "a function of the battles just done")
    size = arguments.optional_whole(chunk, "chunk", 1) or _chunk_size(n, workers)
    total = Tally()
    with _runner(encounter, seed, workers, client, local=n <= size) as run:
        _fight(run, n, first, size, total, progress)
    return SimReport(total, tuple(s.name for s in encounter.spec.sides), _meta(encounter, seed))


def _meta(encounter: Encounter, seed: int) -> dict[str, Any]:
    return {
        "encounter": encounter.spec.name,
        "source": encounter.source,
        "ruleset": encounter.ruleset.id,
        "seed": seed,
    }


def precise_enough(tally: Tally, sides: Sequence[str], half_width: float) -> bool:
    """Whether every side's win probability (and the draws') is known to ± `half_width`
    (the 95 % Wilson interval's larger half)."""
    p_hat = [tally.wins.get(s, 0) for s in sides] + [tally.draws]
    for successes in p_hat:
        lo, hi = stats.wilson(successes, tally.battles)
        p = successes / tally.battles
        if max(p - lo, hi - p) > half_width:
            return False
    return True


def simulate_until(
    encounter: Encounter,
    half_width: float,
    most: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    client: Any = None,
    progress: Progress | None = None,
) -> SimReport:
    """Fight until every win probability is known to ± `half_width` (95 %), or `most`
    battles. Battles run in growing batches of the same stream on one set of workers, so the
    report is the one `simulate` gives for the number of battles it took."""
    if not 0 < arguments.positive(half_width, "half_width") < 0.5:
        raise ArgumentValueError(
            "half_width (the precision) must be a fraction between 0 and 0.5 (0.02 for ± 2"
            f" points), not {half_width}"
        )
    seed, workers = _checked(encounter, most, seed, workers, count="most")
    arguments.optional_callable(progress, "progress", "a function of the battles just done")
    sides = tuple(s.name for s in encounter.spec.sides)
    total, done, batch = Tally(), 0, 500
    with _runner(encounter, seed, workers, client) as run:
        while done < most:
            k = min(batch, most - done)
            _fight(run, k, done, _chunk_size(k, workers), total, progress)
            done += k
            if precise_enough(total, sides, half_width):
                break
            batch = min(2 * batch, 20_000)
    return SimReport(total, sides, _meta(encounter, seed))


def _bounded(
    submit: Callable[[tuple[int, int]], Future[Tally]],
    parts: Iterator[tuple[int, int]],
    in_flight: int,
    take: Callable[[Tally], None],
) -> None:
    """Keep at most `in_flight` chunks queued, so memory does not grow with n."""
    pending: set[Future[Tally]] = set()
    for part in parts:
        pending.add(submit(part))
        if len(pending) >= in_flight:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                take(f.result())
    for f in pending:
        take(f.result())


def _on_dask(
    client: Any,
    encounter: Encounter,
    seed: int,
    parts: Iterator[tuple[int, int]],
    take: Callable[[Tally], None],
) -> None:
    from distributed import as_completed

    document = dict(encounter.document)
    in_flight = max(4, 2 * sum(client.nthreads().values()))
    queue = parts
    futures = [
        client.submit(_dask_chunk, document, encounter.source, seed, *part, pure=False)
        for part in _take(queue, in_flight)
    ]
    running = as_completed(futures)  # type: ignore[no-untyped-call]
    for future in running:
        take(future.result())
        for part in _take(queue, 1):
            running.add(  # type: ignore[no-untyped-call]
                client.submit(_dask_chunk, document, encounter.source, seed, *part, pure=False)
            )


def _take(it: Iterator[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    out = []
    for _ in range(k):
        nxt = next(it, None)
        if nxt is None:
            break
        out.append(nxt)
    return out
