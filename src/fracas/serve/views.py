"""What one token may see of a table (issue 12): the one filter of the core (`visible_to`)
for events, and the same rule for the standing, the order of play and the open question.

The GM sees everything. A seat sees what its side may see (DESIGN.md §2): every public event
and its own side's; combatants hidden from it (an ambush) are left out of the standing and
the order of play until revealed; other sides' vitals are left out (a player reads an enemy's
state from the log, as at the table, not from the GM's sheet).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fracas.core.audience import GM_VIEW, Viewer
from fracas.core.battle import Battle
from fracas.core.events import CombatantSummary
from fracas.core.question import Question
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


def question(q: Question | None, caller: Caller) -> dict[str, Any] | None:
    if q is None or not caller.viewer.may_see(q.audience):
        return None
    return {**q.to_dict(), "yours": caller.gm or q.seat == caller.seat}


def table_view(live: Live, caller: Caller) -> dict[str, Any]:
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
    shown = question(battle.question, caller) if live.started else None
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
