"""The server's database (issue 12): tables, seats and the append-only log of changes.

SQLite by default, any SQLAlchemy URL otherwise (PostgreSQL through psycopg). Alembic's
migrations run at start: a database made by an older fracas is upgraded; one made by a newer
fracas (a migration this one does not know) is refused with a message. Every change is
committed before the server acknowledges it; two changes at the same position of one table
collide on the unique key, and the later one is told so (`Conflict`).
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import psycopg
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event, func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError

from fracas.core.errors import FracasError
from fracas.serve.schema import changes, seats, tables

log = logging.getLogger("fracas.serve")
CHANNEL = "fracas_changes"  # PostgreSQL's notification channel of committed changes


class StoreError(FracasError):
    """The database cannot be used (unreachable, or made by a newer fracas)."""


class Conflict(FracasError):
    """Another change took this position first (another request, or another server)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    ruleset: str
    title: str
    gm_token: str
    setup: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: str
    decides: str
    dice: str
    token: str | None


@dataclass(frozen=True, slots=True)
class Change:
    """One row of a table's log: what was done, by whom, and how the journal changed."""

    position: int
    author: str
    op: Mapping[str, Any]
    journal_from: int
    entries: Sequence[Any]


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _alembic_config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(files("fracas.serve") / "migrations"))
    config.attributes["connection"] = connection
    return config


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """Several server processes on one SQLite file: write-ahead log, wait for locks."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The database behind `fracas serve`."""

    def __init__(self, url: str) -> None:
        self.url = url
        sqlite = url.startswith("sqlite")
        try:
            # SQLAlchemy's pool lends each connection to one thread at a time.
            self.engine: Engine = create_engine(url)
        except (SQLAlchemyError, ImportError, ValueError) as err:
            raise StoreError(f"cannot use the database {url!r}: {err}") from None
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._listening = threading.Event()
        self._listener: threading.Thread | None = None

    def migrate(self) -> None:
        """Bring the database to this fracas's schema, or refuse one made by a newer fracas."""
        try:
            with self.engine.begin() as connection:
                config = _alembic_config(connection)
                current = MigrationContext.configure(connection).get_current_revision()
                known = {s.revision for s in ScriptDirectory.from_config(config).walk_revisions()}
                if current is not None and current not in known:
                    raise StoreError(
                        f"the database was made by a newer fracas (schema {current!r}); this"
                        " fracas knows the schemas up to"
                        f" {ScriptDirectory.from_config(config).get_current_head()!r}"
                    )
                command.upgrade(config, "head")
        except OperationalError as err:
            raise StoreError(f"cannot use the database: {err.orig}") from None
        except SQLAlchemyError as err:  # e.g. another server creating the tables at this moment
            raise StoreError(f"cannot prepare the database: {err}") from None

    def close(self) -> None:
        self._listening.set()  # stops a listener thread at its next wake-up
        if self._listener is not None:
            self._listener.join(5.0)
        self.engine.dispose()

    # --- changes made by other server processes ----------------------------------------------

    @property
    def notifies(self) -> bool:
        """Whether this database tells other processes of changes at once (PostgreSQL's
        LISTEN/NOTIFY); elsewhere streams look at the database every second."""
        return self.engine.dialect.name == "postgresql"

    def listen(self, changed: Callable[[str], None]) -> None:
        """Call `changed(table_id)` whenever any server process commits a change to a table
        (PostgreSQL only; a daemon thread with its own connection)."""
        if not self.notifies:
            return
        self._listener = threading.Thread(target=self._listen, args=(changed,), daemon=True)
        self._listener.start()

    def _listen(self, changed: Callable[[str], None]) -> None:
        """Listen until closed; a lost connection is opened again a second later (streams
        still look at the database every second meanwhile)."""
        while not self._listening.is_set():
            try:
                self._listen_once(changed)
            except (psycopg.Error, SQLAlchemyError) as err:
                if not self._listening.is_set():
                    log.warning("listening for changes: %s; again in a second", err)
                    self._listening.wait(1.0)

    def _listen_once(self, changed: Callable[[str], None]) -> None:
        raw = self.engine.raw_connection()
        try:
            driver = raw.driver_connection
            assert isinstance(driver, psycopg.Connection)
            driver.autocommit = True
            driver.execute(f"LISTEN {CHANNEL}")
            while not self._listening.is_set():
                for note in driver.notifies(timeout=1.0):
                    changed(note.payload)
        finally:
            raw.close()

    # --- tables and seats -------------------------------------------------------------------

    def add_table(self, row: TableRow, seat_rows: Sequence[SeatRow]) -> None:
        with self.engine.begin() as c:
            c.execute(
                insert(tables).values(
                    id=row.id,
                    created=now(),
                    ruleset=row.ruleset,
                    title=row.title,
                    gm_token=row.gm_token,
                    setup=dict(row.setup),
                )
            )
            for s in seat_rows:
                c.execute(insert(seats).values(table_id=row.id, created=now(), **_seat(s)))

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            found = c.execute(select(tables).where(tables.c.id == table_id)).first()
        if found is None:
            return None
        return TableRow(found.id, found.ruleset, found.title, found.gm_token, found.setup)

    def add_seat(self, table_id: str, seat: SeatRow) -> None:
        try:
            with self.engine.begin() as c:
                c.execute(insert(seats).values(table_id=table_id, created=now(), **_seat(seat)))
        except IntegrityError:
            raise Conflict(f"there is already a seat for {seat.seat!r}") from None

    def set_seat_token(self, table_id: str, seat: str, token: str | None) -> None:
        """A seat's token digest replaced (its link issued again) or cleared (revoked)."""
        with self.engine.begin() as c:
            c.execute(
                update(seats)
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(token=token)
            )

    def seats(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(seats).where(seats.c.table_id == table_id).order_by(seats.c.created)
            ).all()
        return [SeatRow(r.seat, r.decides, r.dice, r.token) for r in rows]

    # --- the log of changes -----------------------------------------------------------------

    def head(self, table_id: str) -> int:
        """The position of the table's last change (0: none yet)."""
        with self.engine.connect() as c:
            found = c.execute(
                select(func.max(changes.c.position)).where(changes.c.table_id == table_id)
            ).scalar()
        return int(found or 0)

    def changes(self, table_id: str, after: int = 0) -> list[Change]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(changes)
                .where(changes.c.table_id == table_id, changes.c.position > after)
                .order_by(changes.c.position)
            ).all()
        return [Change(r.position, r.author, r.op, r.journal_from, r.entries) for r in rows]

    def append(self, table_id: str, change: Change) -> None:
        """Commit one change at its position, or raise Conflict if that position is taken."""
        try:
            with self.engine.begin() as c:
                if self.notifies:  # sent when the transaction commits, to every listener
                    c.execute(select(func.pg_notify(CHANNEL, table_id)))
                c.execute(
                    insert(changes).values(
                        table_id=table_id,
                        position=change.position,
                        author=change.author,
                        op=dict(change.op),
                        journal_from=change.journal_from,
                        entries=list(change.entries),
                        created=now(),
                    )
                )
        except IntegrityError:
            raise Conflict("another change was made first") from None


def _seat(s: SeatRow) -> dict[str, Any]:
    return {"seat": s.seat, "decides": s.decides, "dice": s.dice, "token": s.token}


def journal_of(changes_: Sequence[Change]) -> list[Any]:
    """The journal (in its JSON form) the log of changes adds up to."""
    journal: list[Any] = []
    for change in changes_:
        journal = journal[: change.journal_from] + list(change.entries)
    return journal
