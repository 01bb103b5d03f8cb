"""What one `fracas serve` process takes (issue 32): its options, documented in
docs/ARCHITECTURE.md's threat model. A module of its own, without the web framework, so that
the command line can show the defaults without loading the server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from fracas.core.encounter import MAX_COMBATANTS

STREAMS_PER_CLIENT: Final = 16  # open event streams (a GM screen and a few tabs)
TABLES_PER_CLIENT: Final = 30  # new tables per client address in TABLES_WINDOW seconds
TABLES_WINDOW: Final = 600.0


@dataclass(frozen=True, slots=True)
class Limits:
    """What one server process takes (`fracas serve`'s options; documented in
    docs/ARCHITECTURE.md's threat model)."""

    public_url: str = "http://127.0.0.1:8000"  # where links point: never the Host header
    max_combatants: int = MAX_COMBATANTS  # per encounter, after `count`s
    streams_per_client: int = STREAMS_PER_CLIENT
    tables_per_client: int = TABLES_PER_CLIENT
    tables_window: float = TABLES_WINDOW
    # `--policy`: the sides the server plays on new tables (issue 34), e.g. ("Bandits=search",)
    policies: tuple[str, ...] = ()
