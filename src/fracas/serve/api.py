"""The HTTP API of `fracas serve` (issue 12): FastAPI, typed bodies in and out, bearer tokens.

Routes are thin: who is asking is a dependency (`caller`), the work is `service.Tables`, what
the caller may see is `views`. Every refusal is a JSON `Problem` with the right status and no
traceback: 401 no or unknown token, 403 not allowed to this token, 404 no such table, 409 the
question is no longer open (someone answered first, or an undo) or the battle cannot take
this now, 413 too large, 422 a value that is not a valid answer, command or file, 429 one
client's share of streams or new tables used up. What the server refuses at its door (other
sites' writes, framing, floods) is `guard`'s.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from sse_starlette.sse import EventSourceResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from fracas.core.encounter import with_policies
from fracas.core.errors import (
    AnswerError,
    BadCommand,
    CommandError,
    FracasError,
    NotYourQuestion,
    StaleAnswer,
)
from fracas.core.seats import Seat
from fracas.core.version import __version__
from fracas.dice import DiceError
from fracas.serve import stream, web
from fracas.serve.event_log import event_documents
from fracas.serve.guard import CrossSite, Quotas, SecurityHeaders, TooMany, client_of
from fracas.serve.limits import Limits
from fracas.serve.live import Live
from fracas.serve.models import (
    AnswerBody,
    EventPage,
    NewSeat,
    NewTable,
    Problem,
    SeatCreated,
    TableCreated,
    TableView,
    UndoBody,
)
from fracas.serve.service import (
    MAX_ENCOUNTER_BYTES,
    Conflict,
    Forbidden,
    NotFound,
    Tables,
    TooLarge,
    Unauthorized,
    examples,
    read_encounter,
)
from fracas.serve.store import Store
from fracas.serve.views import Caller, table_link, table_view

log = logging.getLogger("fracas.serve")
MAX_BODY_BYTES = 2 * MAX_ENCOUNTER_BYTES  # an encounter's text plus its JSON escaping

# Each refusal's status, most specific first.
STATUS: tuple[tuple[type[Exception], int], ...] = (
    (NotFound, 404),
    (TooMany, 429),
    (CrossSite, 403),
    (Unauthorized, 401),
    (TooLarge, 413),
    (Forbidden, 403),
    (NotYourQuestion, 403),
    (StaleAnswer, 409),
    (Conflict, 409),
    (BadCommand, 422),
    (CommandError, 409),
    (AnswerError, 422),
    (DiceError, 422),
    (FracasError, 422),
)

bearer = HTTPBearer(auto_error=False, description="the GM's or a seat's token")


def problem(status: int, error: str, detail: Any = None) -> JSONResponse:
    return JSONResponse(Problem(status=status, error=error, detail=detail).model_dump(), status)


def caller_of(
    table_id: str,
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    token: Annotated[str | None, Query(description="for EventSource clients")] = None,
) -> tuple[Live, Caller]:
    """The table named in the path and who is asking, from the bearer token (or `?token=`,
    as a browser's EventSource cannot send headers)."""
    tables = tables_of(request)
    live = tables.live(table_id)
    given = credentials.credentials if credentials is not None else token
    return live, tables.caller(live, given)


Asking = Annotated[tuple[Live, Caller], Depends(caller_of)]


def tables_of(request: Request) -> Tables:
    """The tables of the application serving this request."""
    tables: Tables = request.app.state.tables
    return tables


def notifier_of(request: Request) -> stream.Notifier:
    notifier: stream.Notifier = request.app.state.notifier
    return notifier


TablesDep = Annotated[Tables, Depends(tables_of)]
NotifierDep = Annotated[stream.Notifier, Depends(notifier_of)]
router = APIRouter(prefix="/api")


def create_app(store: Store, limits: Limits | None = None) -> FastAPI:
    """The application over one database (migrated before it serves), within `limits`."""
    limits = limits or Limits()
    tables = Tables(store, max_combatants=limits.max_combatants, policies=limits.policies)
    notifier = stream.Notifier()
    tables.listeners.append(notifier.notify)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        store.listen(notifier.notify)  # other processes' changes wake this one's streams
        yield
        store.close()

    app = FastAPI(
        title="fracas",
        version=__version__,
        summary="Tabletop role-playing combat, run by the book: tables for a GM and players.",
        lifespan=lifespan,
        responses={s: {"model": Problem} for s in (401, 403, 404, 409, 413, 422, 429)},
        max_body_size=MAX_BODY_BYTES,  # chunked bodies too: counted as they arrive
        docs_url=None,  # served below from the vendored Swagger UI: /docs works offline
        redoc_url=None,
    )
    app.state.tables = tables
    app.state.notifier = notifier
    app.state.limits = limits
    app.state.quotas = Quotas(limits)
    _errors(app)
    app.include_router(router)
    app.include_router(web.router)
    app.add_api_route("/docs", docs, include_in_schema=False)
    app.mount("/static", StaticFiles(directory=str(files("fracas.serve.web") / "static")))
    app.add_middleware(SecurityHeaders)
    return app


def docs() -> HTMLResponse:
    """The API's documents in Swagger UI, from this server's own files (no CDN)."""
    page = get_swagger_ui_html(
        openapi_url="/openapi.json",
        title="fracas API",
        swagger_js_url="/static/swagger-ui/swagger-ui-bundle.js",
        swagger_css_url="/static/swagger-ui/swagger-ui.css",
        swagger_favicon_url="/static/swagger-ui/favicon-32x32.png",
    )
    # FastAPI's page starts Swagger UI with an inline script, which the Content-Security-
    # Policy refuses: the same start is a file of ours.
    html = bytes(page.body).decode()
    start, end = html.rindex("<script>"), html.rindex("</script>") + len("</script>")
    start_file = '<script src="/static/swagger-ui/fracas-docs.js"></script>'
    return HTMLResponse(html[:start] + start_file + html[end:])


@router.get("/examples")
def list_examples() -> list[str]:
    """The bundled examples a table can be made from."""
    return sorted(examples())


@router.post("/tables", status_code=201)
def create_table(body: NewTable, request: Request, tables: TablesDep) -> TableCreated:
    """A new table: from encounter text or a bundled example (started by the GM once the
    seats are made), or from a save (resumed where it stood)."""
    with request.app.state.quotas.new_table(client_of(request)):
        table_id, gm_token, tokens = _new_table(body, tables)
    live = tables.live(table_id)
    return TableCreated(
        id=table_id,
        gm_token=gm_token,
        gm_link=_link(request, table_id, gm_token),
        seats=[
            SeatCreated(
                seat=s.seat,
                token=tokens.get(s.seat),
                link=_link(request, table_id, tokens[s.seat]) if s.seat in tokens else None,
            )
            for s in live.seats
        ],
        started=live.started,
    )


def _new_table(body: NewTable, tables: Tables) -> tuple[str, str, dict[str, str]]:
    if body.save is not None:
        if body.encounter is not None or body.example is not None:
            raise FracasError("give a save, or an encounter, not both")
        return tables.create_from_save(body.save)
    toml = body.format == "toml"
    encounter = read_encounter(body.encounter, body.example, toml, tables.max_combatants)
    # The server's --policy, for the sides it names that this encounter has (issue 34)
    encounter = with_policies(encounter, tables.policies, every_name_a_side=False)
    seats = {k: Seat(v.decides, v.dice) for k, v in body.seats.items()}
    return tables.create(encounter, body.seed, seats)


@router.get("/tables/{table_id}")
def get_table(
    table_id: str,
    asking: Asking,
    tables: TablesDep,
    odds: Annotated[bool, Query(description="the exact odds beside each option (GM)")] = False,
) -> TableView:
    """The table as this token may see it; with `odds=true` (the GM's token) the open
    choice's options carry the exact odds of the action each one is, where the ruleset
    names one (issue 11)."""
    view = table_view(*asking)
    question = view["question"]
    if odds and question is not None and question["kind"] == "choice":
        found = tables.option_odds(table_id, asking[1], question["id"])
        for option in question["options"]:
            if option["index"] in found:
                option["odds"] = found[option["index"]].to_dict()
    return TableView.model_validate(view)


@router.post("/tables/{table_id}/seats", status_code=201)
def add_seat(
    table_id: str, body: NewSeat, asking: Asking, request: Request, tables: TablesDep
) -> SeatCreated:
    """A seat for a side or one combatant (GM): its token and link for the player."""
    token = tables.add_seat(table_id, asking[1], body.name, Seat(body.decides, body.dice))
    link = _link(request, table_id, token) if token else None
    return SeatCreated(seat=body.name, token=token, link=link)


@router.post("/tables/{table_id}/start")
def start(table_id: str, asking: Asking, tables: TablesDep) -> TableView:
    """Start the fight (GM): it runs to the first question a person must answer."""
    return _view(tables.start(table_id, asking[1]), asking[1])


@router.post("/tables/{table_id}/answers")
def answer(table_id: str, body: AnswerBody, asking: Asking, tables: TablesDep) -> TableView:
    """Answer the open question: an option's index, or the faces of physical dice."""
    return _view(tables.answer(table_id, asking[1], body.question, body.value), asking[1])


@router.post("/tables/{table_id}/undo")
def undo(
    table_id: str, asking: Asking, tables: TablesDep, body: UndoBody | None = None
) -> TableView:
    """Take back the last answer a person gave (GM)."""
    answers = body.answers if body is not None else 1
    return _view(tables.undo(table_id, asking[1], answers), asking[1])


@router.post("/tables/{table_id}/commands")
def gm_command(table_id: str, body: dict[str, Any], asking: Asking, tables: TablesDep) -> TableView:
    """A GM command: {"kind": "set vitals", "combatant": ID, "vitals": {...}}, "set
    condition", "add combatant", "remove combatant", "reroll" or "end"."""
    return _view(tables.command(table_id, asking[1], body), asking[1])


@router.get("/tables/{table_id}/save")
def save(table_id: str, asking: Asking, tables: TablesDep) -> dict[str, Any]:
    """The battle's save document (GM), which `fracas replay` reads."""
    return tables.save(table_id, asking[1])


@router.get("/tables/{table_id}/events", response_model=EventPage)
def events(
    table_id: str,
    asking: Asking,
    request: Request,
    tables: TablesDep,
    notifier: NotifierDep,
    after: Annotated[int, Query(ge=0)] = 0,
) -> Response | EventPage:
    """The events this token may see after the first `after`; with `Accept:
    text/event-stream`, a live stream from there (resumed with Last-Event-ID)."""
    live, caller = asking
    if "text/event-stream" not in request.headers.get("accept", ""):
        return EventPage(position=live.head, events=live.events(caller.viewer)[after:])
    sent = live.events(caller.viewer)[:after]
    resumed = stream.parse_last_id(request.headers.get("last-event-id"))
    if resumed is not None:
        seen, position = resumed
        then = event_documents(tables.at(table_id, position).events, caller.viewer)
        sent = then[:seen]
    fmt = stream.JsonFormat(table_view)
    held = request.app.state.quotas.stream(client_of(request))
    source = stream.events(tables, notifier, table_id, caller, sent, fmt, held)
    return EventSourceResponse(source, ping=15)


def _view(live: Live, caller: Caller) -> TableView:
    with live.lock:
        return TableView.model_validate(table_view(live, caller))


def _link(request: Request, table_id: str, token: str) -> str:
    """Where a seat's person (or the GM) opens the table: at the server's configured or
    listening address, never the request's Host header (which anyone may set); the token
    rides in the fragment, which browsers never send to a server, so it stays out of logs."""
    return table_link(request.app.state.limits, table_id, token)


def _errors(app: FastAPI) -> None:
    """Every refusal as a JSON Problem: no traceback ever reaches a client."""

    @app.exception_handler(FracasError)
    async def refused(_request: Request, err: FracasError) -> JSONResponse:
        status = next(code for kind, code in STATUS if isinstance(err, kind))
        return problem(status, str(err))

    @app.exception_handler(DiceError)
    async def bad_dice(_request: Request, err: DiceError) -> JSONResponse:
        return problem(422, str(err))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, err: RequestValidationError) -> JSONResponse:
        detail = [
            {"where": ".".join(str(p) for p in e.get("loc", ())), "problem": e.get("msg")}
            for e in err.errors()
        ]
        return problem(422, "the request is not valid", detail)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, err: StarletteHTTPException) -> JSONResponse:
        if err.status_code == 413:  # the body limit, counted as the body arrived
            return problem(413, f"the request is too large (at most {MAX_BODY_BYTES} bytes)")
        return problem(err.status_code, str(err.detail))

    @app.exception_handler(RecursionError)
    async def too_deep(_request: Request, _err: RecursionError) -> JSONResponse:
        return problem(422, "the request nests too deeply")

    @app.exception_handler(Exception)
    async def broken(_request: Request, err: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=err)
        return problem(500, "internal error: the table is unchanged; see the server's log")
