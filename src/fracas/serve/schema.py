"""The server's tables in the database (issue 12): one row per table, per seat and per change.

A battle is its encounter, seed and seats plus its journal (DESIGN.md §1–2); the server keeps
exactly that. The journal is kept as an append-only log of changes: each answer, command, undo
or start is a row at the next `position` of its table, holding what it did (`op`) and how the
journal changed (the entries from `journal_from` onward, as `core.journal` writes them). The
unique key (table, position) makes the database decide between two changes made at once, by
one server process or by several. Alembic's migrations (`serve/migrations`) create and upgrade
these tables; this module is their description for queries.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)

metadata = MetaData()

tables = Table(
    "fracas_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("ruleset", String(64), nullable=False),
    Column("title", String(200), nullable=False),
    Column("gm_token", String(64), nullable=False),  # sha256 of the GM's token, hex
    # The battle's setup: encounter document, source name and seed (a save without journal).
    Column("setup", JSON, nullable=False),
)

seats = Table(
    "fracas_seats",
    metadata,
    Column("table_id", String(32), ForeignKey("fracas_tables.id"), primary_key=True),
    Column("seat", String(200), primary_key=True),  # a side's or a combatant's name
    Column("decides", String(16), nullable=False),  # person | policy
    Column("dice", String(16), nullable=False),  # digital | physical
    Column("token", String(64), nullable=True, index=True),  # sha256, none when the GM sits
    Column("created", DateTime(timezone=True), nullable=False),
)

changes = Table(
    "fracas_changes",
    metadata,
    Column("table_id", String(32), ForeignKey("fracas_tables.id"), nullable=False),
    Column("position", Integer, nullable=False),
    Column("author", String(200), nullable=False),
    Column("op", JSON, nullable=False),
    Column("journal_from", Integer, nullable=False),
    Column("entries", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "position", name="one_change_per_position"),
)
