"""`fracas serve`: the tables of a GM and players over HTTP (issue 12)."""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated

import typer
from platformdirs import user_data_path
from rich.console import Console

from fracas.cli.errors import user_errors

out = Console(highlight=False, stderr=True)


def default_db() -> str:
    """An SQLite file in the user's data directory (made if missing)."""
    folder = user_data_path("fracas", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{Path(folder) / 'tables.db'}"


def _loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def serve(
    db: Annotated[
        str | None,
        typer.Option(help="an SQLAlchemy URL (default: SQLite in your data directory)"),
    ] = None,
    host: Annotated[str, typer.Option(help="where to listen (0.0.0.0: the local network)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="the TCP port")] = 8000,
) -> None:
    """Serve tables to a GM and players: the HTTP API (OpenAPI at /docs) and live events."""
    # The server's libraries load only for this command, not for every `fracas` run.
    import uvicorn

    from fracas.serve import Store, create_app

    with user_errors():
        url = db or default_db()
        store = Store(url)
        store.migrate()
    where = store.engine.url.render_as_string(hide_password=True)
    out.print(f"fracas serve: tables kept in [bold]{where}[/bold]")
    if not _loopback(host):
        out.print(f"serving the local network on {host}:{port}: anyone who can reach it may play")
    out.print(f"Open http://{host}:{port}/ to start a table (the GM screen)")
    out.print(f"The HTTP API and its documents: http://{host}:{port}/docs")
    uvicorn.run(create_app(store), host=host, port=port, log_level="warning")
