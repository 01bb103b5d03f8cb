"""The server's databases (issue 12): PostgreSQL as well as SQLite, migrations at start, and
a database made by a newer fracas refused."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from fracas.serve import Store, StoreError
from serve.postgres import postgres_server
from serve.support import app_client, bearer, pick, play


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_postgresql_serves_tables_and_decides_between_two_servers(postgres: str) -> None:
    first, second = app_client(postgres), app_client(postgres)  # two servers, one database
    table = first.post("/api/tables", json={"example": "murdham/wyrm", "seed": 2}).json()
    gm = bearer(table["gm_token"])
    url = f"/api/tables/{table['id']}"
    side = first.get(url, headers=gm).json()["combatants"][0]["side"]
    token = second.post(f"{url}/seats", headers=gm, json={"name": side}).json()["token"]
    assert first.post(f"{url}/start", headers=gm).status_code == 200
    question = second.get(url, headers=bearer(token)).json()["question"]
    assert question is not None
    codes: list[int] = []

    def answer(client: object) -> None:
        body = {"question": question["id"], "value": pick(question, 0)}
        codes.append(client.post(f"{url}/answers", headers=bearer(token), json=body).status_code)  # type: ignore[attr-defined]

    threads = [threading.Thread(target=answer, args=(c,)) for c in (first, second) * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200, 409, 409, 409]
    assert first.get(url, headers=gm).json() == second.get(url, headers=gm).json()
    play(second, table["id"], {side: token}, table["gm_token"])
    assert first.get(url, headers=gm).json()["finished"]
    assert first.post(f"{url}/undo", headers=gm).status_code == 200
    assert second.get(url, headers=gm).json()["question"] is not None


def test_a_new_database_is_made_and_an_old_one_upgraded(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    store.migrate()
    store.migrate()  # again: nothing to do
    with store.engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version")).scalar() == "0001"


def test_a_database_from_a_newer_fracas_is_refused(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    store.migrate()
    with store.engine.begin() as c:
        c.execute(text("update alembic_version set version_num = '9999'"))
    with pytest.raises(StoreError, match="newer fracas"):
        Store(f"sqlite:///{tmp_path / 'tables.db'}").migrate()


def test_an_unreachable_database_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot use the database"):
        Store(f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.db'}").migrate()
    with pytest.raises(StoreError):
        Store("nosuchdb://x").migrate()


def test_postgresql_tells_other_servers_of_a_change_at_once(postgres: str) -> None:
    listener = Store(postgres)
    heard: list[str] = []
    woken = threading.Event()

    def changed(table_id: str) -> None:
        heard.append(table_id)
        woken.set()

    listener.listen(changed)
    try:
        client = app_client(postgres)  # another server on the same database
        table = client.post("/api/tables", json={"example": "brp/duel", "seed": 1}).json()
        gm = bearer(table["gm_token"])
        client.post(f"/api/tables/{table['id']}/seats", headers=gm, json={"name": "Red"})
        assert woken.wait(10), "no notification of the change"
        assert heard[0] == table["id"]
    finally:
        listener.close()
    assert not Store("sqlite://").notifies  # SQLite: streams look every second instead
