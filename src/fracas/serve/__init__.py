"""`fracas serve` (issue 12): tables for a GM and players over HTTP, kept in a database."""

from __future__ import annotations

from fracas.serve.api import create_app
from fracas.serve.store import Store, StoreError

__all__ = ["Store", "StoreError", "create_app"]
