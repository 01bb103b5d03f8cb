"""`fracas serve` (issue 12): tables for a GM and players over HTTP, kept in a database.

The web framework loads when the application or the store is first asked for, so that the
command line can read `serve.limits` without it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fracas.serve.api import create_app
    from fracas.serve.store import Store, StoreError


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from fracas.serve.api import create_app

        return create_app
    if name in ("Store", "StoreError"):
        from fracas.serve import store

        return getattr(store, name)
    raise AttributeError(f"module 'fracas.serve' has no attribute {name!r}")


__all__ = ["Store", "StoreError", "create_app"]
