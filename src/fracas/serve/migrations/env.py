"""Alembic's environment for the server's database: the connection comes from the caller
(`serve.store.migrate`), never from a configuration file."""

from __future__ import annotations

from alembic import context

from fracas.serve.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
