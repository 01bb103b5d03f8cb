"""The browser's pages (issue 13): the GM screen and the player view, rendered by the server.

Jinja2 templates (autoescaped: a name is always text, never markup) and HTMX with its SSE
extension, vendored in `static/` (versions and licences in `static/VENDORED.md`). The pages
call the same `Tables` as the JSON API, with the same tokens: a page's token rides in the
address's fragment (`/play/ID#token=…`), which browsers never send to a server; the page's
script sends it as a bearer header with every request, and as `?token=` to open the stream
(a browser's EventSource cannot send headers).
"""

from __future__ import annotations

from fracas.serve.web.pages import router

__all__ = ["router"]
