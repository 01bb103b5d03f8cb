"""The GM screen and the player view: routes that render HTML (issue 13).

Every page action goes through `service.Tables`, exactly as the JSON API does; a refusal is
shown on the panel in the same words the API and the CLI give.
"""

from __future__ import annotations

import base64
import io
import json
import secrets
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from importlib.resources import files
from typing import Annotated, Any

import qrcode  # type: ignore[import-untyped]
import qrcode.image.svg  # type: ignore[import-untyped]
import yaml
from fastapi import APIRouter, Depends, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from sse_starlette.sse import EventSourceResponse

from fracas.core.errors import EncounterError, FracasError
from fracas.core.events import Event
from fracas.core.reading import Unreadable, decode, load_yaml
from fracas.core.seats import Seat
from fracas.dice import DiceError
from fracas.exact.action import OutcomeOdds
from fracas.narration.render import log_lines
from fracas.serve import stream
from fracas.serve.guard import TooMany, client_of, same_site
from fracas.serve.live import Live
from fracas.serve.rolls import roll_history
from fracas.serve.service import MAX_ENCOUNTER_BYTES, Tables, examples, read_encounter
from fracas.serve.views import Caller, table_link, table_view

router = APIRouter(include_in_schema=False)


def writes(path: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A page's route that changes a table: refused when another site's page sent it
    (`guard.same_site`, issue 32)."""
    return router.post(path, response_class=HTMLResponse, dependencies=[Depends(same_site)])


templates = Jinja2Templates(directory=str(files("fracas.serve.web") / "templates"))


def words(value: object) -> str:
    """A value of the order of play in words (issue 33): a list as "7 and −5", "a, b and c";
    negative numbers with a minus sign."""

    def one(v: object) -> str:
        negative = isinstance(v, int | float) and not isinstance(v, bool) and v < 0
        return f"−{str(v)[1:]}" if negative else str(v)

    if isinstance(value, list | tuple):
        parts = [one(v) for v in value]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return one(value)


def possessive(name: str) -> str:
    """"Bandits'" and "Aldric's" (issue 33: not "Bandits's")."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


templates.env.filters["words"] = words
templates.env.filters["possessive"] = possessive


def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _asking(request: Request, table_id: str) -> tuple[Live, Caller]:
    """The table and who asks, from the page's bearer header or `?token=`."""
    tables = _tables(request)
    live = tables.live(table_id)
    header = request.headers.get("authorization", "")
    token = header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else None
    return live, tables.caller(live, token or request.query_params.get("token"))


# --- starting a table ---------------------------------------------------------------------


def _by_ruleset() -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = defaultdict(list)
    for name in sorted(examples()):
        grouped[name.split("/", 1)[0]].append(name)
    return dict(grouped)


@router.get("/", response_class=HTMLResponse)
def start_page(request: Request) -> Response:
    return templates.TemplateResponse(
        request, "start.html", {"examples": _by_ruleset(), "error": None}
    )


@writes("/tables")
async def new_table(
    request: Request,
    example: Annotated[str | None, Form()] = None,
    upload: Annotated[UploadFile | None, Form()] = None,
) -> Response:
    """A table from a bundled example or an uploaded file; the GM's screen next."""
    text, toml = None, False
    try:
        if upload is not None and upload.filename:
            raw = await upload.read(MAX_ENCOUNTER_BYTES + 1)
            toml, example = upload.filename.endswith(".toml"), None
            try:
                text = decode(raw)  # as `fracas check` reads a file: UTF-8 or UTF-16 with a BOM
            except Unreadable as err:
                raise EncounterError(upload.filename, [("", str(err))]) from None
        tables = _tables(request)
        with request.app.state.quotas.new_table(client_of(request)):
            save = saved_battle(text)
            if save is not None:  # a save (`Save` on the GM screen): resumed where it stood
                table_id, gm_token, _ = tables.create_from_save(save)
            else:
                encounter = read_encounter(text, example, toml, tables.max_combatants)
                table_id, gm_token, _ = tables.create(encounter, None)
    except FracasError as err:
        context = {"examples": _by_ruleset(), "error": str(err)}
        status = 429 if isinstance(err, TooMany) else 422
        return templates.TemplateResponse(request, "start.html", context, status_code=status)
    return RedirectResponse(f"/play/{table_id}#token={gm_token}", status_code=303)


def saved_battle(text: str | None) -> dict[str, Any] | None:
    """An uploaded file that is a saved battle (JSON with its encounter and journal), or
    None for an encounter file (issue 33: the start page resumes a save)."""
    if text is None or not text.lstrip().startswith("{"):
        return None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(document, dict) and "journal" in document and "encounter" in document:
        return document
    return None


# --- the table's page ---------------------------------------------------------------------


@router.get("/play/{table_id}", response_class=HTMLResponse)
def table_page(request: Request, table_id: str) -> Response:
    """The page shell: it reads its token from the address and loads the rest."""
    _tables(request).live(table_id)  # 404 for a table that does not exist
    return templates.TemplateResponse(request, "table.html", {"table_id": table_id})


def _link(request: Request, table_id: str, token: str) -> str:
    return table_link(request.app.state.limits, table_id, token)


def _qr(link: str) -> str:
    """A QR code of a seat's link, as an inline SVG image (data URL)."""
    image = qrcode.make(link, image_factory=qrcode.image.svg.SvgPathImage, box_size=6)
    buffer = io.BytesIO()
    image.save(buffer)
    return "data:image/svg+xml;base64," + base64.b64encode(buffer.getvalue()).decode()


def panel_context(
    request: Request, live: Live, caller: Caller, error: str | None
) -> dict[str, Any]:
    view = table_view(live, caller, live.suggestion() if caller.gm and live.started else None)
    rolls = roll_history(live.battle, caller.viewer) if live.started else []
    context: dict[str, Any] = {
        "t": view,
        "error": error,
        "gm": caller.gm,
        "pending": {},
        "rolls": rolls,
        "rollers": dict.fromkeys((r["by"], r["who"]) for r in rolls),
    }
    if caller.gm:
        commands = live.battle.encounter.ruleset.commands()
        sides = list(dict.fromkeys(c["side"] for c in view["combatants"]))
        names = [c["name"] for c in view["combatants"]]
        pending: dict[str, list[str]] = defaultdict(list)
        for waiting in live.battle.waiting_commands:  # shown on the combatant's card too
            pending[str(getattr(waiting, "combatant", ""))].append(waiting.describe())
        context |= {
            "pending": dict(pending),
            "vitals": list(commands.vitals),
            "conditions": list(commands.conditions),
            "sides": sides,
            "seatable": [n for n in [*sides, *names] if n not in {s.seat for s in live.seats}],
            "links": {
                seat: {"link": (link := _link(request, live.row.id, token)), "qr": _qr(link)}
                for seat, token in _tables(request).seat_links(live, caller).items()
            },
        }
    return context


def _panel(request: Request, table_id: str, error: str | None = None) -> Response:
    live, caller = _asking(request, table_id)
    with live.lock:
        context = panel_context(request, live, caller, error)
    return templates.TemplateResponse(request, "panel.html", context)


@router.get("/play/{table_id}/panel", response_class=HTMLResponse)
def panel(request: Request, table_id: str) -> Response:
    """The panel; 204 when the page already shows this change of the table (the position,
    and for this token the number of events, as the page sends them)."""
    live, caller = _asking(request, table_id)
    shown = request.headers.get("x-fracas-shown")
    if shown is not None and shown == f"{live.head}.{len(live.events(caller.viewer))}":
        return Response(status_code=204)
    return _panel(request, table_id)


def _faces(values: list[str], dice: list[int]) -> list[int]:
    """Typed faces: whole numbers within each die; on a d100 "00" is 100 (and on a d10 "0"
    is 10), as the dice read."""
    if len(values) != len(dice):
        raise DiceError(f"expected {len(dice)} faces, one per die, got {len(values)}")
    faces = []
    for typed, sides in zip(values, dice, strict=True):
        text = typed.strip()
        if not text.isdigit():
            raise DiceError(f"{typed!r} is not a face of a d{sides}")
        face = int(text)
        if face == 0 and sides in (10, 100):
            face = sides
        if not 1 <= face <= sides:
            raise DiceError(f"{typed!r} is not a face of a d{sides} (1–{sides})")
        faces.append(face)
    return faces


@writes("/play/{table_id}/answer")
def answer(
    request: Request,
    table_id: str,
    question: Annotated[str, Form()],
    choice: Annotated[int | None, Form()] = None,
    face: Annotated[list[str] | None, Form()] = None,
    roll: Annotated[str | None, Form()] = None,
) -> Response:
    """A choice (an option's index), typed faces, or "roll for me" (faces drawn here)."""
    live, caller = _asking(request, table_id)
    try:
        open_question = live.battle.question
        dice = list(open_question.dice) if open_question is not None else []
        if choice is not None:
            value: int | list[int] = choice
        elif roll is not None:
            value = [1 + secrets.randbelow(sides) for sides in dice]
        else:
            value = _faces(face or [], dice)
        _tables(request).answer(table_id, caller, question, value)
    except (FracasError, DiceError) as err:
        return _panel(request, table_id, str(err))
    return _panel(request, table_id)


def _act(request: Request, table_id: str, act: Callable[[Tables, Caller], object]) -> Response:
    """Do something to the table as the page's token; the panel, with the refusal if any."""
    _, caller = _asking(request, table_id)
    try:
        act(_tables(request), caller)
    except FracasError as err:
        return _panel(request, table_id, str(err))
    return _panel(request, table_id)


@writes("/play/{table_id}/start")
def start(request: Request, table_id: str) -> Response:
    return _act(request, table_id, lambda tables, caller: tables.start(table_id, caller))


@router.get("/play/{table_id}/undo", response_class=HTMLResponse)
def undo_preview(request: Request, table_id: str) -> Response:
    """What an undo would go back to, shown before it is done."""
    _, caller = _asking(request, table_id)
    try:
        back_to = _tables(request).undo_preview(table_id, caller)
        context = {"table_id": table_id, "back_to": back_to, "error": None}
    except FracasError as err:
        context = {"table_id": table_id, "back_to": None, "error": str(err)}
    return templates.TemplateResponse(request, "undo.html", context)


@router.get("/play/{table_id}/odds", response_class=HTMLResponse)
def odds(request: Request, table_id: str, question: str) -> Response:
    """The exact odds beside each option of the open question (GM only): swapped into
    their places out of band."""
    _, caller = _asking(request, table_id)
    try:
        found = _tables(request).option_odds(table_id, caller, question)
    except FracasError:
        found = {}
    lines = {index: odds_text(o.policy) for index, o in found.items()}
    return templates.TemplateResponse(request, "odds.html", {"odds": lines})


def odds_text(o: OutcomeOdds) -> str:
    """One action's odds in a few words: harm done, the chance the target is out."""
    harmed = sum((p for harm, p in o.harm.items() if harm > 0), Fraction(0))
    return (
        f"harms {float(harmed):.0%}, avg {float(o.mean_harm()):.1f}, takes out {float(o.down):.1%}"
    )


@writes("/play/{table_id}/undo")
def undo(request: Request, table_id: str) -> Response:
    return _act(request, table_id, lambda tables, caller: tables.undo(table_id, caller, 1))


@writes("/play/{table_id}/seats")
def add_seat(
    request: Request,
    table_id: str,
    name: Annotated[str, Form()],
    dice: Annotated[str, Form()] = "digital",
) -> Response:
    seat = Seat("person", "physical" if dice == "physical" else "digital")
    return _act(request, table_id, lambda t, caller: t.add_seat(table_id, caller, name, seat))


@writes("/play/{table_id}/link")
def seat_link(
    request: Request,
    table_id: str,
    seat: Annotated[str, Form()],
    action: Annotated[str, Form()],
) -> Response:
    """A seat's link issued again or revoked (issue 33)."""
    issue = action == "issue"
    return _act(request, table_id, lambda t, caller: t.seat_link(table_id, caller, seat, issue))


@writes("/play/{table_id}/command")
def command(
    request: Request,
    table_id: str,
    kind: Annotated[str, Form()],
    combatant: Annotated[str | None, Form()] = None,
    vital: Annotated[str | None, Form()] = None,
    value: Annotated[int | None, Form()] = None,
    condition: Annotated[str | None, Form()] = None,
    on: Annotated[str | None, Form()] = None,
    side: Annotated[str | None, Form()] = None,
    sheet: Annotated[str | None, Form()] = None,
) -> Response:
    """A GM command from the screen's forms, as the API's JSON form of it."""
    document: dict[str, Any] = {"kind": kind}
    if kind == "set vitals":
        document |= {"combatant": combatant, "vitals": {vital: value}}
    elif kind == "set condition":
        document |= {"combatant": combatant, "condition": condition, "on": on != "off"}
    elif kind == "remove combatant":
        document |= {"combatant": combatant}
    elif kind == "add combatant":
        try:
            document |= {"side": side, "sheet": load_yaml(sheet or "")}
        except yaml.YAMLError as err:
            return _panel(request, table_id, f"the sheet is not valid YAML: {err}")
    return _act(request, table_id, lambda t, caller: t.command(table_id, caller, document))


# --- the live log -------------------------------------------------------------------------


class HtmlFormat:
    """The page's stream: the whole log (`logall`) at first and after an undo, then the new
    lines (`log`); `state` tells the panel to redraw."""

    def __init__(self, request: Request) -> None:
        self.request = request

    def _lines(self, events: list[Event]) -> str:
        template = templates.get_template("log.html")
        return template.render(lines=list(log_lines(events)))

    def update(
        self, sent: int, keep: int, events: list[Event], docs: list[dict[str, Any]], head: int
    ) -> list[stream.Message]:
        if sent == 0 or keep < sent:
            return [{"event": "logall", "data": self._lines(events)}]
        return [{"event": "log", "data": self._lines(events[keep:])}]

    def state(self, live: Live, caller: Caller, seen: int) -> stream.Message:
        return {"event": "state", "data": str(live.head)}


@router.get("/play/{table_id}/stream")
def page_stream(request: Request, table_id: str) -> Response:
    _, caller = _asking(request, table_id)
    held = request.app.state.quotas.stream(client_of(request))
    source = stream.events(
        _tables(request),
        request.app.state.notifier,
        table_id,
        caller,
        [],
        HtmlFormat(request),
        held,
    )
    return EventSourceResponse(source, ping=15)
