"""What the server keeps (issue 12): tokens only as digests, and a bounded number of battles
in memory however many tables it serves."""

from __future__ import annotations

import threading
from pathlib import Path

from sqlalchemy import text

from fracas.core.seats import Seat
from fracas.serve import Store
from fracas.serve.service import Tables, read_encounter
from fracas.serve.views import GM_CALLER


def test_tokens_are_stored_only_as_digests(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    store.migrate()
    tables = Tables(store)
    table, gm, tokens = tables.create(read_encounter(None, "brp/duel"), 1, {"Red": Seat()})
    with store.engine.connect() as c:
        dump = repr(c.execute(text("select * from fracas_tables")).all())
        dump += repr(c.execute(text("select * from fracas_seats")).all())
    assert gm not in dump and tokens["Red"] not in dump
    assert table in dump


def test_memory_holds_a_bounded_number_of_battles(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    store.migrate()
    tables = Tables(store, cached=4)
    encounter = read_encounter(None, "brp/duel")
    threads_before = threading.active_count()
    made = []
    for seed in range(12):
        table, _, _ = tables.create(encounter, seed, {"Red": Seat()})
        tables.start(table, GM_CALLER)  # a battle waiting at Red's question, in a thread
        made.append(table)
    assert len(tables._live) <= 4
    assert threading.active_count() - threads_before <= 4
    first = tables.live(made[0])  # dropped long ago: rebuilt from the database
    assert first.battle.question is not None and first.started
