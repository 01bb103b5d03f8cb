"""What a table server refuses at its door (issue 32): other sites' writes, framing and
scripts, and one client's floods of streams or tables.

The limits are per client address (the peer uvicorn sees; behind a reverse proxy every player
shares the proxy's address, so raise them there). They are kept in this process's memory:
they bound what one process spends, which is what they are for.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final
from urllib.parse import urlsplit

from fastapi import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fracas.core.errors import FracasError
from fracas.serve.limits import Limits

# Pages load their scripts, styles and images from this server only (the QR codes are data:
# images), are never framed, send no Referer (a table's address is a secret) and are not
# sniffed into another type. Inline styles are allowed: htmx and Swagger UI set element
# styles from their scripts, and a style runs no code; inline scripts are not.
SECURITY_HEADERS: Final = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
        b" img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none';"
        b" form-action 'self'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
)


class TooMany(FracasError):
    """One client asked for more than its share (HTTP 429)."""


class CrossSite(FracasError):
    """A page's write sent from another site (HTTP 403)."""


class Quotas:
    """Counts per client address: open streams, and tables made in the recent window."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._streams: dict[str, int] = {}
        self._made: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def stream(self, client: str) -> Held:
        """One of `client`'s streams, taken now (refused past its share) and given back when
        the stream ends."""
        with self._lock:
            open_now = self._streams.get(client, 0)
            if open_now >= self.limits.streams_per_client:
                most = self.limits.streams_per_client
                raise TooMany(f"too many event streams from this address (at most {most})")
            self._streams[client] = open_now + 1
        return Held(self, client)

    def _give_back(self, client: str) -> None:
        with self._lock:
            left = self._streams.get(client, 0) - 1
            if left > 0:
                self._streams[client] = left
            else:
                self._streams.pop(client, None)

    @contextmanager
    def new_table(self, client: str) -> Iterator[None]:
        """Make a table for `client` in the body, refused past its share of the window; only
        a table made counts (a refused upload costs its client nothing)."""
        with self._lock:
            made = self._recent(client)
            if len(made) >= self.limits.tables_per_client:
                raise TooMany(
                    f"too many new tables from this address (at most"
                    f" {self.limits.tables_per_client} in {self.limits.tables_window / 60:g}"
                    " minutes)"
                )
        yield
        with self._lock:
            self._recent(client).append(time.monotonic())

    def _recent(self, client: str) -> deque[float]:
        """When `client` made its tables of the window (older ones, and idle clients, are
        forgotten); the caller holds the lock."""
        horizon = time.monotonic() - self.limits.tables_window
        for other in list(self._made):
            times = self._made[other]
            while times and times[0] <= horizon:
                times.popleft()
            if not times and other != client:
                del self._made[other]
        return self._made.setdefault(client, deque())


class Held:
    """A stream's place in its client's share: given back once, when the stream ends."""

    def __init__(self, quotas: Quotas, client: str) -> None:
        self._quotas: Quotas | None = quotas
        self._client = client

    def __enter__(self) -> None:
        return None

    def __exit__(self, *_exc: object) -> None:
        if self._quotas is not None:
            self._quotas._give_back(self._client)
            self._quotas = None


def client_of(request: Request) -> str:
    """The client's address as the server sees it."""
    return request.client.host if request.client is not None else "unknown"


def same_site(request: Request) -> None:
    """Refuse a page's write that another site's page made a browser send (cross-site request
    forgery). Browsers say where a request comes from in `Sec-Fetch-Site`; older ones give
    `Origin` (or `Referer`), compared with the address the request was sent to. A request
    with neither is not a browser's form post, so no other site made it."""
    fetched_from = request.headers.get("sec-fetch-site")
    if fetched_from is not None:
        if fetched_from not in ("same-origin", "none"):
            raise CrossSite("refused: this page's form was sent from another site")
        return
    sender = request.headers.get("origin") or request.headers.get("referer")
    if sender is None or sender == "null":
        return
    if urlsplit(sender).netloc.lower() != request.headers.get("host", "").lower():
        raise CrossSite("refused: this page's form was sent from another site")


class SecurityHeaders:
    """Adds `SECURITY_HEADERS` to every response (a plain ASGI middleware: Starlette's
    BaseHTTPMiddleware would cost every request a task and a queue)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)
