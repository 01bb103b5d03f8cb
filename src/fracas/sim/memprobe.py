"""Run one simulation in a fresh process and print its peak resident memory, as JSON.

    python -m fracas.sim.memprobe FILE N WORKERS

`fracas bench` runs it as a child, so the figure is that run's alone: the largest peak of this
process plus, separately, the largest peak of any of its worker processes.
"""

from __future__ import annotations

import json
import resource
import sys
import time

from fracas.core.encounter import load
from fracas.sim.runner import simulate


def main() -> None:
    path, n, workers = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    start = time.perf_counter()
    simulate(load(path), n, seed=1, workers=workers)
    seconds = time.perf_counter() - start
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"battles": n, "seconds": seconds, "main_kib": own, "worker_kib": kids}))


if __name__ == "__main__":
    main()
