"""The tables a server keeps (issue 12): created, rebuilt from the database, changed.

A table's battle is rebuilt from its rows by replay (milliseconds) whenever this process has
not seen its latest change, so several server processes may serve one database; rebuilt
battles are kept in a small cache, least recently used first out, so memory does not grow
with the number of tables served. A change (an answer, a command, an undo, a seat, the start)
is tried on the battle, then committed at the table's next position before it is
acknowledged; if another request or server took that position first, the change is refused
(`Conflict`) and the battle rebuilt from the database.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from importlib.resources import files
from typing import Any

from fracas.core.audience import Viewer
from fracas.core.battle import Battle
from fracas.core.encounter import (
    MAX_COMBATANTS,
    Encounter,
    from_document,
    parse_document,
)
from fracas.core.errors import CommandError, EncounterError, FracasError, NotYourQuestion
from fracas.core.journal import GM_SEAT, command_from_dict, journal_from_json, journal_to_json
from fracas.core.live import LiveBattle
from fracas.core.question import Question
from fracas.core.save import battle_from_save, to_save
from fracas.core.seats import Seat
from fracas.core.sheets import RESERVED_NAMES
from fracas.exact.action import ActionOdds
from fracas.exact.options import option_odds
from fracas.serve.live import Live
from fracas.serve.store import Change, Conflict, SeatRow, Store, TableRow, journal_of
from fracas.serve.tokens import digest, matches, new_table_id, new_token, seat_token
from fracas.serve.views import GM_CALLER, Caller

MAX_ENCOUNTER_BYTES = 256 * 1024
CACHED_TABLES = 64  # battles kept in memory (each a waiting thread); the rest are rebuilt
IDLE_SECONDS = 600.0
CHANGE_TRIES = 5  # a battle nobody answered for this long lets its thread go


class NotFound(FracasError):
    """No table has this id."""


class Forbidden(FracasError):
    """This token may not do this."""


class TooLarge(FracasError):
    """An encounter over the size a table takes."""


class Unauthorized(FracasError):
    """No token, or a token this table does not know."""


def examples() -> dict[str, Any]:
    """The bundled examples by name ("brp/duel"; a TOML file as "brp/duel.toml"), for tables
    made from one."""
    root = files("fracas") / "examples"
    found: dict[str, Any] = {}
    for folder in root.iterdir():
        if folder.is_dir():
            for f in folder.iterdir():
                if f.name.endswith(".yaml"):
                    found[f"{folder.name}/{f.name.removesuffix('.yaml')}"] = f
                elif f.name.endswith(".toml"):
                    found[f"{folder.name}/{f.name}"] = f
    return found


def read_encounter(
    text: str | None,
    example: str | None,
    toml: bool = False,
    max_combatants: int = MAX_COMBATANTS,
) -> Encounter:
    """The encounter of a new table: uploaded text, or a bundled example by name, within
    what an encounter may expand to (issue 32)."""
    if (text is None) == (example is None):
        raise EncounterError("<request>", [("", "give either 'encounter' text or 'example'")])
    if example is not None:
        known = examples()
        if example not in known:
            names = ", ".join(sorted(known))
            raise EncounterError(example, [("", f"no bundled example {example!r} ({names})")])
        path = known[example]
        text, toml = path.read_text(encoding="utf-8"), path.name.endswith(".toml")
        source = example
    else:
        source = "<uploaded>"
    assert text is not None
    size = len(text.encode())
    if size > MAX_ENCOUNTER_BYTES:
        raise TooLarge(
            f"{source}: an encounter may be at most 256 KB (this one is {size // 1024} KB)"
        )
    document = parse_document(text, source, toml=toml)
    return from_document(document, source=source, max_combatants=max_combatants)


def _journal_json(battle: Battle) -> list[Any]:
    return journal_to_json(battle.journal, battle.authors)


def common_prefix(a: list[Any], b: list[Any]) -> int:
    """How many leading items two lists share (journals, or a stream's events)."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


class Tables:
    """Every table of one database, as one server process serves them."""

    def __init__(
        self,
        store: Store,
        cached: int = CACHED_TABLES,
        max_combatants: int = MAX_COMBATANTS,
        policies: tuple[str, ...] = (),
    ) -> None:
        self.store = store
        self.cached = cached
        self.max_combatants = max_combatants
        self.policies = policies  # `fracas serve --policy` (issue 34)
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._guard = threading.Lock()
        self.listeners: list[Callable[[str], None]] = []

    # --- making tables ----------------------------------------------------------------------

    def create(
        self,
        encounter: Encounter,
        seed: int | None,
        seats: Mapping[str, Seat] | None = None,
        journal: list[Any] | None = None,
    ) -> tuple[str, str, dict[str, str]]:
        """A new table: its id, the GM's token and a token for each person's seat."""
        for name in seats or {}:
            _not_reserved(name)
        battle = Battle(encounter, seed=seed, seats=dict(seats or {}))
        self._check_seats(battle)
        table_id, gm_token = new_table_id(), new_token()
        tokens = {
            name: seat_token(gm_token, table_id, name)
            for name, s in (seats or {}).items()
            if s.decides == "person"
        }
        rows = [
            SeatRow(name, s.decides, s.dice, digest(tokens[name]) if name in tokens else None)
            for name, s in (seats or {}).items()
        ]
        setup: dict[str, Any] = {
            "encounter": dict(encounter.document),
            "source": encounter.source,
            "seed": battle.seed,
        }
        title = str(getattr(encounter.spec, "name", "") or encounter.source)[:200]
        row = TableRow(table_id, encounter.ruleset.id, title, digest(gm_token), setup)
        self.store.add_table(row, rows)
        if journal is not None:  # resumed from a save: started, its journal as given
            change = Change(1, GM_SEAT, {"kind": "start", "from": "save"}, 0, journal)
            self.store.append(table_id, change)
        return table_id, gm_token, tokens

    def create_from_save(self, document: Mapping[str, Any]) -> tuple[str, str, dict[str, str]]:
        battle = battle_from_save(document, "<uploaded save>", max_combatants=self.max_combatants)
        battle.advance()  # a save that does not replay is refused here (ReplayError)
        seats = dict(battle.seating.seats)
        return self.create(battle.encounter, battle.seed, seats, _journal_json(battle))

    def _check_seats(self, battle: Battle) -> None:
        ruleset = battle.encounter.ruleset
        battle.seating.check(ruleset.setup(battle.encounter.spec))

    # --- reading ----------------------------------------------------------------------------

    def live(self, table_id: str) -> Live:
        """The table with every change the database holds."""
        head = self.store.head(table_id)
        with self._guard:
            found = self._live.get(table_id)
            if found is not None:
                self._live.move_to_end(table_id)
        if found is not None and found.head == head:
            return found
        return self._rebuild(table_id)

    def _rebuild(self, table_id: str) -> Live:
        row = self.store.table(table_id)
        if row is None:
            raise NotFound(f"no table {table_id!r}")
        seats = self.store.seats(table_id)
        changes = self.store.changes(table_id)
        journal, authors = journal_from_json(journal_of(changes))
        # Checked when the table was made; a server restarted with lower limits still serves it.
        encounter = from_document(
            row.setup["encounter"], source=str(row.setup["source"]), max_combatants=2**31
        )
        seating = {
            s.seat: Seat.parse(s.seat, {"decides": s.decides, "dice": s.dice}) for s in seats
        }
        battle = Battle(
            encounter, seed=row.setup["seed"], seats=seating, journal=journal, authors=authors
        )
        started = any(c.op.get("kind") == "start" for c in changes)
        game = LiveBattle(battle, idle=IDLE_SECONDS)
        if started:
            game.advance()
        head = changes[-1].position if changes else 0
        live = Live(row, seats, head, started, game, _journal_json(battle))
        for c in changes:  # a seat's link issued again (issue 33): its token's generation
            if c.op.get("kind") == "link" and c.op.get("issued"):
                seat = str(c.op.get("seat"))
                live.issued[seat] = live.issued.get(seat, 0) + 1
        with self._guard:
            old = self._live.pop(table_id, None)
            self._live[table_id] = live
            excess = len(self._live) - self.cached
            dropped = [self._live.popitem(last=False)[1] for _ in range(excess)]
        for gone in [old, *dropped]:
            if gone is not None:
                gone.game.suspend()  # its worker ends; a request still holding it replays
        return live

    def at(self, table_id: str, position: int) -> Battle:
        """The table's battle as it stood after its change at `position` (for a stream that
        resumes from there)."""
        live = self.live(table_id)
        changes = [c for c in self.store.changes(table_id) if c.position <= position]
        journal, authors = journal_from_json(journal_of(changes))
        seating = live.battle.seating.seats
        battle = Battle(
            live.battle.encounter,
            seed=live.battle.seed,
            seats=seating,
            journal=journal,
            authors=authors,
        )
        if any(c.op.get("kind") == "start" for c in changes):
            battle.advance()
        return battle

    def forget(self, table_id: str) -> None:
        with self._guard:
            gone = self._live.pop(table_id, None)
        if gone is not None:
            gone.game.suspend()  # as above: the table is not closed to a change in flight

    # --- who is asking ----------------------------------------------------------------------

    def caller(self, live: Live, token: str | None) -> Caller:
        if not token:
            raise Unauthorized("this needs a token: Authorization: Bearer TOKEN")
        if matches(token, live.row.gm_token):
            return Caller(GM_CALLER.seat, GM_CALLER.viewer, token)
        for seat in live.seats:
            if matches(token, seat.token):
                return Caller(seat.seat, Viewer(side=self._side_of(live, seat.seat)))
        raise Unauthorized("this token is not one of this table's")

    @staticmethod
    def _side_of(live: Live, seat: str) -> str:
        state = live.battle.state or live.battle.encounter.ruleset.setup(live.battle.encounter.spec)
        for c in state.combatants:
            if c.name == seat:
                return str(c.side)
        return seat

    # --- changing ---------------------------------------------------------------------------

    def change(
        self, table_id: str, caller: Caller, op: dict[str, Any], act: Callable[[Live], None]
    ) -> Live:
        """Try `act` on the table's battle, then commit it as the table's next change."""
        for _ in range(CHANGE_TRIES):
            live = self.live(table_id)
            with live.lock:
                # Another thread may have rebuilt the table, or another server changed it,
                # while this one waited: then take the table as it now is.
                if self._held(table_id) is live and live.head == self.store.head(table_id):
                    self._commit(table_id, live, caller, op, act)
                    break
        else:
            raise Conflict("the table kept changing while this was being done: try again")
        for listener in self.listeners:
            listener(table_id)
        return live

    def _held(self, table_id: str) -> Live | None:
        with self._guard:
            return self._live.get(table_id)

    def _commit(
        self,
        table_id: str,
        live: Live,
        caller: Caller,
        op: dict[str, Any],
        act: Callable[[Live], None],
    ) -> None:
        """Do `act` and write it at the table's next position (the caller holds the lock)."""
        before = live.journal
        try:
            act(live)  # the battle refuses a bad change (FracasError) and stays as it was
        except FracasError:
            if _journal_json(live.battle) != before:  # refused only halfway: start afresh
                self.forget(table_id)
            raise
        except BaseException:
            self.forget(table_id)  # not refused but broken: rebuild from the database
            raise
        after = _journal_json(live.battle)
        keep = common_prefix(before, after)
        change = Change(live.head + 1, caller.seat, op, keep, after[keep:])
        try:
            self.store.append(table_id, change)
        except BaseException:
            self.forget(table_id)  # the battle went ahead of the database: rebuild it
            raise
        live.head, live.journal = change.position, after

    def start(self, table_id: str, caller: Caller) -> Live:
        _gm_only(caller, "start the battle")

        def start(live: Live) -> None:
            if live.started:
                raise CommandError("the battle has already started")
            live.game.advance()
            live.started = True

        return self.change(table_id, caller, {"kind": "start"}, start)

    def answer(self, table_id: str, caller: Caller, question: str, value: Any) -> Live:
        def answer(live: Live) -> None:
            if not live.started:
                raise CommandError("the battle has not started: the GM starts it")
            live.game.answer(question, value, by=caller.seat)

        op = {"kind": "answer", "question": question, "value": value}
        return self.change(table_id, caller, op, answer)

    def undo(self, table_id: str, caller: Caller, answers: int) -> Live:
        _gm_only(caller, "undo")
        op = {"kind": "undo", "answers": answers}

        def undo(live: Live) -> None:
            _started(live).undo(answers)

        return self.change(table_id, caller, op, undo)

    def command(self, table_id: str, caller: Caller, document: Mapping[str, Any]) -> Live:
        _gm_only(caller, "give GM commands")
        cmd = command_from_dict(document)
        op = {"kind": "command", "command": cmd.to_dict()}

        def give(live: Live) -> None:
            _started(live).command(cmd)

        return self.change(table_id, caller, op, give)

    def add_seat(self, table_id: str, caller: Caller, name: str, seat: Seat) -> str | None:
        """A new seat at the table; its token (None when the policy decides there)."""
        _gm_only(caller, "add seats")
        _not_reserved(name)
        live = self.live(table_id)
        if any(s.seat == name for s in live.seats):
            raise Conflict(f"there is already a seat for {name!r}")
        probe = Battle(live.battle.encounter, seed=0, seats={name: seat})
        self._check_seats(probe)
        token = None
        if seat.decides == "person":  # derived from the GM's token when it is at hand
            given = caller.token
            token = seat_token(given, table_id, name) if given else new_token()
        row = SeatRow(name, seat.decides, seat.dice, digest(token) if token else None)
        self.store.add_seat(table_id, row)

        def seated(live: Live) -> None:
            live.seats.append(row)

        # A change in the log too, so every server process rebuilds the battle with the seat.
        self.change(table_id, caller, {"kind": "seat", "seat": name, **seat.to_dict()}, seated)
        self.forget(table_id)
        return token

    def seat_link(self, table_id: str, caller: Caller, name: str, issue: bool) -> None:
        """Issue 33: a person's seat's link issued again (the old one stops working; the GM's
        screen shows the new one) or revoked (no link works until it is issued again)."""
        _gm_only(caller, "issue or revoke a seat's link")
        live = self.live(table_id)
        row = next((s for s in live.seats if s.seat == name and s.decides == "person"), None)
        if row is None:
            raise NotFound(f"no person's seat {name!r} at this table")
        generation = live.issued.get(name, 0) + (1 if issue else 0)
        token = _derived(caller.token, table_id, name, generation) if issue else None
        stored = digest(token) if token else None
        self.store.set_seat_token(table_id, name, stored)

        def relinked(live: Live) -> None:
            live.seats = [SeatRow(s.seat, s.decides, s.dice, stored) if s.seat == name else s
                          for s in live.seats]  # fmt: skip
            live.issued[name] = generation

        self.change(table_id, caller, {"kind": "link", "seat": name, "issued": issue}, relinked)

    def undo_preview(self, table_id: str, caller: Caller) -> Question | None:
        """The question an undo would go back to (worked out on a copy of the battle)."""
        _gm_only(caller, "undo")
        return self._copy(self.live(table_id)).undo(1)

    def option_odds(self, table_id: str, caller: Caller, question_id: str) -> dict[int, ActionOdds]:
        """The exact odds beside each option of the open question (the GM's screen), worked
        out on a copy of the battle, so the table is not held while they are."""
        _gm_only(caller, "see the odds")
        live = self.live(table_id)
        copy = self._copy(live)
        copy.advance()
        if copy.question is None or copy.question.id != question_id:
            return {}
        return option_odds(copy)

    @staticmethod
    def _copy(live: Live) -> Battle:
        """A battle of its own, at the table's journal (the table's is left alone)."""
        with live.lock:
            battle = live.battle
            return Battle(
                battle.encounter,
                seed=battle.seed,
                seats=battle.seating.seats,
                journal=list(battle.journal),
                authors=dict(battle.authors),
            )

    def seat_links(self, live: Live, caller: Caller) -> dict[str, str]:
        """Each person's seat and its token, for the GM (derived again from the GM's)."""
        _gm_only(caller, "see the seats' links")
        derived = {
            s.seat: _derived(caller.token, live.row.id, s.seat, live.issued.get(s.seat, 0))
            for s in live.seats
        }
        return {name: token for name, token in derived.items() if self._seat_has(live, name, token)}

    @staticmethod
    def _seat_has(live: Live, name: str, token: str) -> bool:
        return any(s.seat == name and matches(token, s.token) for s in live.seats)

    def save(self, table_id: str, caller: Caller) -> dict[str, Any]:
        _gm_only(caller, "download the save")
        return to_save(self.live(table_id).battle)


def _derived(gm_token: str, table_id: str, seat: str, generation: int) -> str:
    """A seat's token of a generation: the first as it always was, each issued again from
    the seat's name and its number (issue 33)."""
    return seat_token(gm_token, table_id, seat if generation == 0 else f"{seat}\n{generation}")


def _gm_only(caller: Caller, what: str) -> None:
    if not caller.gm:
        raise Forbidden(f"only the GM may {what}")


def _not_reserved(name: str) -> None:
    """A seat is a person's: the GM's own seat (`gm`) is the GM token's, not a seat's
    (issue 32: a seat named `gm` would answer and command as the GM)."""
    if name in RESERVED_NAMES:
        raise FracasError(f"{name!r} is the game master's; a seat names a side or a combatant")


def _started(live: Live) -> LiveBattle:
    if not live.started:
        raise CommandError("the battle has not started: the GM starts it")
    return live.game


__all__ = ["Conflict", "Forbidden", "NotFound", "NotYourQuestion", "Tables", "Unauthorized"]
