"""A real PostgreSQL server for the tests, started in a temporary folder (Debian's
`postgresql` package, which `make test` installs where it is missing)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from serve.support import free_port


def binaries() -> Path | None:
    """The folder of PostgreSQL's server programs, the newest installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run it as its own user then."""
    if os.geteuid() == 0 and shutil.which("runuser"):
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextmanager
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server on a Unix socket in a new temporary folder (one its user may
    enter: pytest's own are the test runner's alone); yields its SQLAlchemy URL."""
    with tempfile.TemporaryDirectory(prefix="fracas-pg-") as name, _server(Path(name)) as url:
        yield url


@contextmanager
def _server(folder: Path) -> Iterator[str]:
    bin_dir = binaries()
    assert bin_dir is not None, "PostgreSQL is not installed (make test installs it)"
    data, sockets = folder / "data", folder / "sockets"
    sockets.mkdir(parents=True)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    run = lambda *args: subprocess.run(  # noqa: E731
        _as_server_user([str(a) for a in args]), check=True, capture_output=True
    )
    run(bin_dir / "initdb", "-D", data, "-U", "fracas", "--auth=trust", "-E", "UTF8")
    options = f"-k {sockets} -p {port} -c listen_addresses=''"
    run(bin_dir / "pg_ctl", "-D", data, "-o", options, "-w", "-l", folder / "log", "start")
    try:
        run(bin_dir / "createdb", "-h", sockets, "-p", port, "-U", "fracas", "tables")
        yield f"postgresql+psycopg://fracas@/tables?host={sockets}&port={port}"
    finally:
        run(bin_dir / "pg_ctl", "-D", data, "-m", "immediate", "stop")
