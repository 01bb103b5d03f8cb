"""How every command reports an error a user caused: one message, exit status 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
from rich.console import Console
from rich.markup import escape

from fracas.core.errors import FracasError

err = Console(stderr=True, highlight=False)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn input errors into a message on standard error and exit status 2 — no traceback."""
    try:
        yield
    except FracasError as e:
        err.print(f"[red]error:[/red] {escape(str(e))}", soft_wrap=True)
        raise typer.Exit(2) from None
