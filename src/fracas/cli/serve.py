"""`fracas serve`: the tables of a GM and players over HTTP (issue 12)."""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import typer
from platformdirs import user_data_path
from rich.console import Console

from fracas.cli.errors import user_errors
from fracas.cli.policies import PolicyOption, check_policies
from fracas.core.encounter import MAX_COMBATANTS
from fracas.core.errors import FracasError
from fracas.serve.limits import STREAMS_PER_CLIENT, TABLES_PER_CLIENT, Limits

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


def public_address(host: str, port: int) -> str:
    """Where players reach a server listening on `host`: itself, or for every interface
    (0.0.0.0, ::) this machine's address on its network (the one its default route uses;
    no packet is sent to find it)."""
    if host in ("0.0.0.0", "::", ""):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            host = str(s.getsockname()[0])
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def serve(
    db: Annotated[
        str | None,
        typer.Option(help="an SQLAlchemy URL (default: SQLite in your data directory)"),
    ] = None,
    host: Annotated[str, typer.Option(help="where to listen (0.0.0.0: the local network)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="the TCP port", min=1, max=65535)] = 8000,
    public_url: Annotated[
        str | None,
        typer.Option(help="the address players open (behind a reverse proxy); links use it"),
    ] = None,
    max_combatants: Annotated[
        int, typer.Option(help="the most fighters an encounter may have", min=1)
    ] = MAX_COMBATANTS,
    streams_per_client: Annotated[
        int, typer.Option(help="open event streams per client address", min=1)
    ] = STREAMS_PER_CLIENT,
    tables_per_client: Annotated[
        int, typer.Option(help="new tables per client address in 10 minutes", min=1)
    ] = TABLES_PER_CLIENT,
    policy: PolicyOption = None,
) -> None:
    """Serve tables to a GM and players: the HTTP API (OpenAPI at /docs) and live events."""
    # The server's libraries load only for this command, not for every `fracas` run.
    import uvicorn

    from fracas.serve import Store, create_app

    with user_errors():
        policies = tuple(policy or [])
        check_policies(policies)  # before any database is made
        url = db or default_db()
        store = Store(url)
        store.migrate()
        address = _public_url(public_url, host, port)
    limits = Limits(
        address, max_combatants, streams_per_client, tables_per_client, policies=policies
    )
    where = store.engine.url.render_as_string(hide_password=True)
    out.print(f"fracas serve: tables kept in [bold]{where}[/bold]")
    if not _loopback(host):
        out.print(f"serving the local network on {host}:{port}: anyone who can reach it may play")
    out.print(f"Open {address}/ to start a table (the GM screen)")
    out.print(f"The HTTP API and its documents: {address}/docs")
    uvicorn.run(create_app(store, limits), host=host, port=port, log_level="warning")


def _public_url(given: str | None, host: str, port: int) -> str:
    """`--public-url` checked (an http(s) address with a host), or the listening address."""
    if given is None:
        return public_address(host, port)
    parts = urlsplit(given)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise FracasError(f"--public-url {given!r}: expected an address like https://host/path")
    return given.rstrip("/")
