"""Tokens (issue 12): 128+ random bits from `secrets`, stored only as their SHA-256 and
compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh token: 32 random bytes (256 bits), URL-safe."""
    return secrets.token_urlsafe(32)


def seat_token(gm_token: str, table_id: str, seat: str) -> str:
    """A seat's token, derived from the GM's: as unguessable as it (HMAC-SHA-256 keyed by
    256 random bits), reveals nothing of it, and lets the GM's screen show every seat's link
    again while the database keeps only digests."""
    mac = hmac.new(gm_token.encode(), f"{table_id}/{seat}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()).decode().rstrip("=")


def digest(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    return stored is not None and hmac.compare_digest(digest(token), stored)


def new_table_id() -> str:
    return secrets.token_urlsafe(12)
