"""What one token may see of a table (issue 12): the one filter of the core (`visible_to`)
for events, and the same rule for the standing, the order of play and the open question.

The GM sees everything. A seat sees what its side may see (DESIGN.md §2): every public event
and its own side's; combatants hidden from it (an ambush) are left out of the standing and
the order of play until revealed; other sides' vitals are left out (a player reads an enemy's
state from the log, as at the table, not from the GM's sheet).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fracas.core.audience import GM_VIEW, Viewer
from fracas.core.battle import Battle
from fracas.core.events import CombatantSummary, Event
from fracas.core.question import Question
from fracas.core.requests import ChoiceRequest, RollRequest
from fracas.narration.render import log_lines
from fracas.serve.dice_labels import die_labels
from fracas.serve.live import Live
from fracas.serve.mapview import actor_of, map_view, picks_of
from fracas.serve.models import TableView

if TYPE_CHECKING:
    from fracas.serve.limits import Limits


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking: the GM, or the person at one seat (of one side)."""

    seat: str  # "gm" for the GM
    viewer: Viewer
    token: str = field(default="", repr=False)  # as given, for the GM's seat links

    @property
    def gm(self) -> bool:
        return self.viewer.gm


GM_CALLER = Caller("gm", GM_VIEW)


def table_link(limits: Limits, table_id: str, token: str) -> str:
    """Where a seat's person (or the GM) opens a table: the server's public address (issue
    32: never the Host header a request gives), the token in the fragment."""
    return f"{limits.public_url.rstrip('/')}/play/{table_id}#token={token}"


def _combatant(
    c: CombatantSummary, card: Mapping[str, Any], caller: Caller
) -> dict[str, Any] | None:
    own = caller.gm or caller.viewer.side == c.side
    if c.hidden and not own:
        return None
    doc: dict[str, Any] = {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "status": c.status.value,
        "condition": c.condition,
        "hidden": c.hidden,
        "where": card.get("where"),
    }
    if own:
        doc["vitals"] = {k: list(v) if isinstance(v, tuple) else v for k, v in c.vitals.items()}
        doc["gear"] = list(card.get("gear", []))
    return doc


def standing(
    summaries: Iterable[CombatantSummary],
    cards: Mapping[str, Mapping[str, Any]],
    caller: Caller,
) -> list[dict[str, Any]]:
    """The combatants this caller may see: status and where they are for all; vitals and
    gear for the caller's own side (all for the GM)."""
    return [d for c in summaries if (d := _combatant(c, cards.get(c.id, {}), caller)) is not None]


def order_of_play(order: dict[str, Any], caller: Caller) -> dict[str, Any]:
    """The ruleset's order of play without the entries hidden from this caller."""
    if caller.gm:
        return order
    entries = [
        e
        for e in order.get("entries", [])
        if not e.get("hidden") or e.get("side") == caller.viewer.side
    ]
    return {**order, "entries": entries}


def question(
    q: Question | None, caller: Caller, seen: Sequence[Event] = (), suggested: int | None = None
) -> dict[str, Any] | None:
    """The open question for this caller (None if it may not see it), with what a screen
    shows around it (issue 33): `context`, the last lines of the log this caller has seen in
    the round (the attack a reaction answers: who, with what, how it went so far); for a
    choice `order`, the order to show the options in (`suggested` — the policy's choice, on
    the GM's screen only — first, a pass last); for a roll `labels`, one per die, and `needs`,
    what the roll needs in words (None when the rules give none, or the roll is another
    seat's), worked out only here."""
    if q is None or not caller.viewer.may_see(q.audience):
        return None
    doc = {**q.to_dict(), "yours": caller.gm or q.seat == caller.seat, "context": context(seen)}
    if isinstance(q.request, ChoiceRequest):
        doc["order"] = display_order(q.request.options, suggested)
        doc["suggested"] = suggested
    elif isinstance(q.request, RollRequest):
        by = q.request.by
        doc["labels"] = die_labels(q.notation, q.dice, by.dice_vars if by is not None else {})
        # The roller's own business: its seat and the GM see it, other seats only the dice.
        doc["needs"] = q.request.needs_text() if doc["yours"] else None
    return doc


CONTEXT_LINES = 2


def context(seen: Sequence[Event]) -> list[str]:
    """The last lines (no dice, no headline) of the round so far, oldest first."""
    lines: list[str] = []
    for line in reversed(list(log_lines(seen[-12:]))):
        if line.kind == "round" or len(lines) == CONTEXT_LINES:
            break
        if line.kind == "line":
            lines.append(line.text)
    return lines[::-1]


def display_order(options: Sequence[object], suggested: int | None) -> list[int]:
    """The options' indexes in the order a screen shows them: the suggested one first, then
    the others as the rules list them, a pass (None, "nothing (pass)") last."""
    rest = [i for i, o in enumerate(options) if i != suggested]
    ordered = [i for i in rest if options[i] is not None] + [i for i in rest if options[i] is None]
    return ([suggested] if suggested is not None else []) + ordered


def table_view(live: Live, caller: Caller, suggested: int | None = None) -> dict[str, Any]:
    """The table as `caller` may see it (the body of GET /api/tables/{id})."""
    battle = live.battle
    ruleset = battle.encounter.ruleset
    state = battle.state if live.started else ruleset.setup(battle.encounter.spec)
    summaries = battle.standing() if live.started else ruleset.summary(state)
    side = caller.viewer.side
    seats = [
        {"seat": s.seat, "decides": s.decides, "dice": s.dice}
        for s in live.seats
        if caller.gm or s.seat == caller.seat
    ]
    combatants = standing(
        summaries, {c.id: ruleset.card(state, c) for c in state.combatants}, caller
    )
    shown = (
        question(battle.question, caller, live.log(caller.viewer).events, suggested)
        if live.started
        else None
    )
    drawn = map_view(
        ruleset.battle_map(state),
        combatants,
        [s.name for s in state.sides],
        actor_of(battle.question) if shown else None,
        picks_of(battle.question) if shown and shown["yours"] else {},
    )
    return TableView(
        id=live.row.id,
        title=live.row.title,
        ruleset=live.row.ruleset,
        started=live.started,
        finished=live.started and battle.question is None,
        position=live.head,
        round=int(state.round),
        you={"seat": caller.seat, "gm": caller.gm, "side": side},
        combatants=combatants,
        order=order_of_play(ruleset.order_of_play(state), caller),
        question=shown,
        map=drawn,
        events=len(live.events(caller.viewer)),
        outcome=outcome(battle) if live.started else None,
        seats=seats,
        waiting=[c.describe() for c in battle.waiting_commands] if caller.gm else [],
    ).model_dump()


def outcome(battle: Battle) -> dict[str, Any] | None:
    o = battle.outcome
    if o is None or battle.question is not None:
        return None
    return {"winner": o.winner, "ending": o.ending.value, "rounds": o.rounds, "reason": o.reason}
