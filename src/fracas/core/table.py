"""The table: the only door between rules code and the world (DESIGN.md §1).

`roll` asks for dice, `choose` asks for a decision, `emit` tells what happened, and
`between_actions` marks where the ruleset lets GM commands take effect. Answers are taken
from the journal while it lasts (replay), then from the dice source, a seat's person or the
controller, and appended to the journal. Nothing else feeds the rules, so the encounter, the
seed and the journal determine the battle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, overload

from mypy_extensions import mypyc_attr

from fracas.core.audience import EVERYONE
from fracas.core.combatant import Combatant, Decider, Side
from fracas.core.controllers import Controller, Policy
from fracas.core.dice_sources import ONE_FACE, DiceSource, SeededDice
from fracas.core.errors import ReplayError
from fracas.core.events import DiceRolled, Event, Rerolled
from fracas.core.journal import GM_SEAT, Answer, Command, EndBattle, Entry, Reroll
from fracas.core.requests import ChoiceRequest, Needs, Pending, Request, RollRequest
from fracas.core.seats import Seating
from fracas.dice import Compiled, DiceError, compile_dice

T = TypeVar("T")

# What a roll is for, in words: the text, or a function giving it when someone reads it (a
# simulated battle reads none: `lambda: f"{who.name}'s attack"` builds no text there; issue 35).
Reason = str | Callable[[], str]


def reason_text(reason: Reason) -> str:
    """The words of a `Reason`, worked out now."""
    return reason if isinstance(reason, str) else reason()


# Where a person's answer is waited for in place (a live battle's worker thread): the answer
# and the seat that gave it.
Wait = Callable[[Request], tuple[Answer, str]]


class BattleHalted(Exception):
    """The GM ended the battle (a journaled `EndBattle`): unwinds the rules to the loop."""


# One is built for every roll of every battle. Compiled: `acyclic`, not tracked by the cyclic
# garbage collector (its fields, dice and ints, never lead back to it), and a freed one is kept
# for the next (`free_list_len=1`; a roll is mostly dropped once its total is read): building
# and freeing one was about 190 instructions of a roll's 2,000 (issue 35).
@mypyc_attr(acyclic=True, free_list_len=1)
class Roll:
    """The answer to `table.roll`: the total, the faces, and the breakdown for the log.

    Read-only by convention; a plain slotted class, not a frozen dataclass, because one is
    built for every die rolled in every simulated battle (issue 10)."""

    __slots__ = ("compiled", "faces", "total")

    def __init__(self, compiled: Compiled, faces: tuple[int, ...], total: int) -> None:
        self.compiled = compiled
        self.faces = faces
        self.total = total

    def __repr__(self) -> str:
        return f"Roll({self.compiled.notation!r}, faces={self.faces}, total={self.total})"

    @property
    def breakdown(self) -> str:
        return self.compiled.breakdown(self.faces)

    def __int__(self) -> int:
        return self.total


# The largest die whose every roll is built once (`_Plain.rolls`): one `Roll` a face.
SHARED_SIDES: Final = 100


class _Plain:
    """Notation that names no value, compiled, and for a plain sum of one die ("1D100",
    "1D20+2") the `Roll` of each face, built once and handed out again: a `Roll` is immutable
    by contract, so the shared one equals the one a roll would build, and the hot path of
    simulation builds, adds up and frees nothing for it (about 250 instructions of a roll's
    1,350; issue 35). `sides` is the die's sides, 0 when rolls are built each time."""

    __slots__ = ("bindings", "compiled", "named", "rolls", "sides")

    def __init__(self, compiled: Compiled, bindings: dict[str, str] | None = None) -> None:
        self.compiled = compiled
        # Notation that names a value (`1D8+db`): `compiled` is what the last roller's
        # `bindings` (a copy) gave. A fighter's damage is rolled with the same bindings all
        # battle, and one `_PLAIN` look-up then finds it: it had been a miss there, then
        # `_NAMED` and `_LAST` (about 700 instructions of look-ups a roll; issue 35).
        self.named = bindings is not None
        self.bindings: dict[str, str] = bindings if bindings is not None else {}
        dice = compiled.dice
        offset = compiled.offset
        self.sides = 0
        self.rolls: list[Roll] = []
        if not self.named and len(dice) == 1 and dice[0] <= SHARED_SIDES and offset is not None:
            self.sides = dice[0]
            # Index 0 is never a face: it holds the first face's roll, to keep the list's
            # items all `Roll`s (unboxed reads, no None check)
            faces = [ONE_FACE[face] for face in range(1, self.sides + 1)]
            self.rolls = [Roll(compiled, f, offset + f[0]) for f in [faces[0], *faces]]


# Notation → its compiled dice. Notation that names no value ("1D100"): whatever the
# roller's bindings, one look-up, where `compile_dice` builds and hashes a key of the bindings
# (most of a battle's rolls; issue 10). Notation that names one ("1D8+1+db"): the bindings
# it was last compiled with (a copy) and the result, compared by value, so a changed binding
# compiles again (`compile_dice` hashing a tuple of them cost 2,000 instructions a roll).
# The reason a rule hands `roll` while `Table.quiet` holds, in place of the functions that
# would word it (closures made and freed at every roll, with the environment they share;
# issue 35): nobody reads it then. Rules make those functions, when they may be read, in
# small functions of their own, so that a quiet roll makes none.
UNREAD: Final = "(unread)"

_PLAIN: Final[dict[str, _Plain]] = {}
_KEPT: Final = 4096  # distinct notations: a long session cannot grow this forever


def _compiled(notation: str, by: Combatant | None) -> Compiled:
    """`notation` compiled with `by`'s bindings, remembered in `_PLAIN` (with the bindings
    when it names a value)."""
    compiled = compile_dice(notation, by.dice_vars if by is not None else None)
    if len(_PLAIN) >= _KEPT:
        _PLAIN.clear()
    kept = _PLAIN.get(notation)
    if kept is not None:  # named, rolled with other bindings (or by nobody, which raised)
        if by is not None:
            kept.compiled = compiled
            kept.bindings = dict(by.dice_vars)
        return compiled
    try:
        _PLAIN[notation] = _Plain(compile_dice(notation))
    except DiceError:  # it names a value (`db`) only bindings give
        if by is not None:
            _PLAIN[notation] = _Plain(compiled, dict(by.dice_vars))
    return compiled


def _sole_policy(controllers: dict[str, Controller]) -> Policy | None:
    """The `Policy` that is every one of `controllers`, if one is."""
    # The first is checked for a `Policy` once, the rest only for identity with it: each
    # `isinstance` against a class open to interpreted subclasses cost about 250
    # instructions, three a battle (issue 35)
    first: Controller | None = None
    for controller in controllers.values():
        if first is None:
            first = controller
        elif controller is not first:
            return None
    return first if isinstance(first, Policy) else None


def _out_of_range(cursor: int, answer: int, who: Decider, decision: str, n: int) -> ReplayError:
    """The error for a choice `answer` (journal entry `cursor`) outside `who`'s `n` options."""
    return ReplayError(
        f"journal[{cursor}]: choice {answer} is out of range for {who.name}'s {decision}"
        f" ({n} options)"
    )


def _controller_key(who: Decider) -> str:
    if isinstance(who, Combatant):
        return who.controller_side or who.side  # a controlled combatant: its controller's
    if isinstance(who, Side):
        return who.name
    return GM_SEAT


class Table:
    """One battle's table. `controllers` maps a side name (and `gm`) to whoever decides for
    it when no person's seat does."""

    __slots__ = (
        "_automatic",
        "_controllers",
        "_cursor",
        "_dice",
        "_draw",
        "_journaled",
        "_notation1",
        "_notation2",
        "_on_command",
        "_on_taken_up",
        "_plain1",
        "_plain2",
        "_queued",
        "_seating",
        "_seeded",
        "_sink",
        "_sole",
        "_wait",
        "authors",
        "journal",
        "round",
    )

    def __init__(
        self,
        dice: DiceSource,
        controllers: Mapping[str, Controller],
        journal: list[Entry] | None = None,
        sink: Callable[[Event], None] | None = None,
        wait: Wait | None = None,
        *,
        seating: Seating | None = None,
        authors: dict[int, str] | None = None,
        on_command: Callable[[Table, Command], None] | None = None,
        on_taken_up: Callable[[Command], None] | None = None,
        journaled: bool = True,
        sole: Controller | None = None,
    ) -> None:
        self._dice = dice
        # A person's missing answer raises Pending; with `wait`, the table instead waits here
        # for it (a live battle keeps running in its thread, DESIGN.md §2).
        self._wait = wait
        # Sources that need no request (a seeded generator) offer `draw(sides)`: the hot path
        # of simulation skips building a request and checking the faces.
        # A seeded one is called as itself (`_seeded`), its `draw` never bound: a bound method
        # built and freed with every table, and `getattr` by name before it, cost about 400
        # instructions a battle (issue 35).
        self._seeded = dice if isinstance(dice, SeededDice) else None
        self._draw: Callable[[tuple[int, ...]], tuple[int, ...]] | None = (
            None if self._seeded is not None else getattr(dice, "draw", None)
        )
        # A dict (the caller's own, when it is one): compiled, indexed without the generic
        # mapping protocol
        self._controllers: dict[str, Controller] = (
            controllers if isinstance(controllers, dict) else dict(controllers)
        )
        self._seating = seating if seating is not None and seating.seats else None
        # No seats and a generator: every die is drawn, never asked (simulation, `run`).
        self._automatic = self._seating is None and (
            self._seeded is not None or self._draw is not None
        )
        # No seats and one policy for every side and the GM (a simulated battle): `choose`
        # asks it straight, with no look-up of who decides (issue 35). The controllers are
        # this table's own and never change (a copied state gets a new table).
        # `sole`: the caller built `controllers` with this one for every side and the GM (a
        # battle given no controllers and no search), so they need not be walked again to
        # find it (about 550 instructions a battle; issue 35).
        if self._seating is not None:
            self._sole: Policy | None = None
        elif sole is not None:
            self._sole = sole if isinstance(sole, Policy) else None
        else:
            self._sole = _sole_policy(self._controllers)
        self.journal: list[Entry] = journal if journal is not None else []
        # Not journaled (`fight_range`'s battles, whose journal nobody reads): an answer the
        # fast paths take (a drawn die, the sole policy's pick) is not written down, and the
        # cursor stays with the journal's end (about 60 instructions an answer, and the list
        # grown and freed; issue 35). Nothing is replayed from a journal that is not kept, and
        # every other path (a person's answer, a controller's) still writes its answer.
        self._journaled = journaled
        self.authors: dict[int, str] = authors if authors is not None else {}
        self._cursor = 0
        self._sink = sink
        # Called with this table (not a closure over it: a table referring to itself through
        # its callback is a cycle only the garbage collector frees, once per battle; issue 10).
        self._on_command = on_command
        # Told of each command as the rules reach the question it was given at, before it
        # waits for the next point between actions (the battle notes who it names, as they
        # stood when the GM gave it).
        self._on_taken_up = on_taken_up
        self._queued: list[Command] = []
        self.round = 0
        # The last two notations rolled (by identity) and their `_PLAIN` entries: a battle
        # rolls a few notations over and over (a percentile die, a weapon's damage), each a
        # string constant or a weapon's own, and an identity check is cheaper than the dict's
        # look-up (about 130 instructions a roll; issue 35). An entry is immutable but for a
        # named notation's bindings, which `roll` compares every time; one `_PLAIN` dropped
        # (`_KEPT`) still holds what its notation compiles to.
        self._notation1, self._notation2 = "", ""
        self._plain1: _Plain | None = None
        self._plain2: _Plain | None = None

    @property
    def observed(self) -> bool:
        """Whether anyone reads events: rules may skip building costly ones when not."""
        return self._sink is not None

    @property
    def quiet(self) -> bool:
        """Whether the next roll's `reason` and `needs` will be read by nobody: nobody
        observes, every die is drawn from a generator (no seat, nobody asked), and nothing is
        left to replay (a simulated battle's every roll). `roll` reads them only to show the
        roll (`_announce`, observed) or to ask for it or replay it (`_asked`), and takes
        neither path while this holds: rules may then pass `UNREAD` instead of building
        the functions that would word them (closures made and freed at every roll; issue
        35). Asked just before the roll: a battle replaying its journal is not quiet until
        the journal's end."""
        return self._sink is None and self._automatic and self._cursor == len(self.journal)

    def observe(self, sink: Callable[[Event], None]) -> None:
        """Tell `sink` of the events from now on (a battle replays the rounds unchanged
        since its last run unobserved, and observes from the first that may differ)."""
        self._sink = sink

    @property
    def answers_used(self) -> int:
        """How many journal entries the battle has consumed so far (an unjournaled table's
        fast paths write none, and consume none)."""
        return self._cursor

    @property
    def replaying(self) -> bool:
        return self._cursor < len(self.journal)

    # --- dice -------------------------------------------------------------------------------

    def roll(
        self,
        notation: str,
        *,
        by: Combatant | None = None,
        reason: Reason,
        audience: str | None = None,
        needs: Needs | None = None,
    ) -> Roll:
        """Roll `notation` (variables such as `db` bound from `by.dice_vars`). The roll and its
        question are shown to `audience`: by default everyone, or only the roller's side while
        it is hidden; a secret roll names its audience (`core.audience`). `reason` says what
        the roll is for: text, or a function giving it, called only when the roll is shown,
        asked or replayed (`Reason`). `needs` says what the roll needs, for a person rolling it
        by hand: called only if a screen reads it, never journaled nor replayed (issue 33)."""
        if notation is self._notation1:
            plain = self._plain1
        elif notation is self._notation2:
            plain = self._plain2
        else:
            plain = _PLAIN.get(notation)
            if plain is not None:  # (the older of the two is dropped)
                self._notation2, self._plain2 = self._notation1, self._plain1
                self._notation1, self._plain1 = notation, plain
        if plain is None:
            compiled = _compiled(notation, by)
        elif plain.named:
            if by is not None and plain.bindings == by.dice_vars:
                compiled = plain.compiled
            else:
                compiled = _compiled(notation, by)
        else:
            seeded = self._seeded
            if (
                plain.sides
                and seeded is not None
                and self._automatic
                and self._cursor == len(self.journal)
            ):
                # Simulation's commonest roll, one die of a plain sum: its face from the
                # stream, as `draw` gives it, and the face's shared `Roll` (`_Plain`)
                face = seeded.face(plain.sides)
                if self._journaled:
                    self.journal.append(ONE_FACE[face])
                    self._cursor += 1
                roll = plain.rolls[face]
                if self._sink is not None:
                    self._announce(
                        plain.compiled, notation, roll.faces, by, reason_text(reason), audience
                    )
                return roll
            compiled = plain.compiled
        if not compiled.dice:
            return Roll(compiled, (), compiled.total_of(()))
        if self._cursor == len(self.journal) and self._automatic:
            # The hot path of simulation: nothing to replay, nobody to ask, a generator.
            seeded = self._seeded  # drawn by a compiled call, not through a Callable
            faces = (
                seeded.draw(compiled.dice) if seeded is not None else self._draw(compiled.dice)  # type: ignore[misc]  # set when automatic
            )
            if self._journaled:
                self.journal.append(faces)
                self._cursor += 1
            if self._sink is not None:
                self._announce(compiled, notation, faces, by, reason_text(reason), audience)
            return Roll(compiled, faces, compiled.total_of(faces))
        return self._asked(compiled, notation, by, reason_text(reason), audience, needs)

    def _asked(
        self,
        compiled: Compiled,
        notation: str,
        by: Combatant | None,
        reason: str,
        audience: str | None,
        needs: Needs | None,
    ) -> Roll:
        """A roll off the hot path: replayed from the journal, asked of a person or a source,
        or rolled again at the GM's word."""
        if audience is None:
            audience = by.audience if by is not None else EVERYONE
        while True:
            faces = self._faces(compiled, notation, by, reason, audience, needs)
            self._cursor += 1
            if self._cursor < len(self.journal) and isinstance(self.journal[self._cursor], Reroll):
                self._cursor += 1  # the GM had this roll rolled again: these faces are void
                self._announce(compiled, notation, faces, by, reason, audience)
                if self._sink is not None:
                    self._sink(Rerolled(reason=reason, faces=faces, audience=audience))
                continue
            roll = Roll(compiled, faces, compiled.total_of(faces))
            self._announce(compiled, notation, faces, by, reason, audience)
            return roll

    def _faces(
        self,
        compiled: Compiled,
        notation: str,
        by: Combatant | None,
        reason: str,
        audience: str,
        needs: Needs | None,
    ) -> tuple[int, ...]:
        if self._cursor < len(self.journal):
            entry = self._replayed()
            if entry is not None:
                if not isinstance(entry, tuple):
                    raise ReplayError(
                        f"journal[{self._cursor}] is a choice, but the battle rolls {notation}"
                        f" ({reason}) here"
                    )
                try:
                    compiled.check_faces(entry)
                except DiceError as err:
                    raise ReplayError(f"journal[{self._cursor}]: {err}") from None
                return entry
        seat = self._seating.rolling(by) if self._seating is not None else None
        if seat is None:
            # a generator's faces are valid by construction
            seeded = self._seeded
            if seeded is not None or self._draw is not None:
                faces = (
                    seeded.draw(compiled.dice) if seeded is not None else self._draw(compiled.dice)  # type: ignore[misc]  # one of the two is set
                )
                self.journal.append(faces)
                return faces
        request = RollRequest(notation, compiled.dice, by, reason, seat, audience, needs)
        author = ""
        if seat is not None:
            answer, author = self._ask(request)
        else:
            try:
                answer = self._dice.faces(request)
            except Pending:
                if self._wait is None:
                    raise
                answer, author = self._wait(request)
        faces = answer if isinstance(answer, tuple) else (answer,)
        compiled.check_faces(faces)
        self._record(faces, author)
        return faces

    def _announce(
        self,
        compiled: Compiled,
        notation: str,
        faces: tuple[int, ...],
        by: Combatant | None,
        reason: str,
        audience: str | None,
    ) -> None:
        if self._sink is not None:
            if audience is None:
                audience = by.audience if by is not None else EVERYONE
            self._sink(
                DiceRolled(
                    by=by.id if by is not None else None,
                    who=by.name if by is not None else None,
                    reason=reason,
                    notation=notation,
                    faces=faces,
                    total=compiled.total(faces),
                    breakdown=compiled.breakdown(faces),
                    audience=audience,
                )
            )

    # --- decisions --------------------------------------------------------------------------

    def choose(self, who: Decider, decision: str, options: Sequence[T]) -> T:
        """`who` (a combatant, a side or the GM) picks one of `options`: a person at its seat,
        else its controller. A single option needs no decision."""
        if not isinstance(options, list):  # indexed below as a list (see ChoiceRequest)
            options = list(options)
        if not options:
            raise ValueError(f"no options for {who.name}'s {decision}")
        if len(options) == 1:
            return options[0]
        sole = self._sole
        if sole is not None and self._cursor == len(self.journal):
            # Nothing to replay and one policy deciding for all: what `_decide` would do
            # for it, without finding it first (about 500 instructions a decision; issue 35)
            answer = sole.pick(who, decision, options)
            if not 0 <= answer < len(options):
                raise _out_of_range(self._cursor, answer, who, decision, len(options))
            if self._journaled:
                self.journal.append(answer)
                self._cursor += 1
            return options[answer]
        entry = self._replayed() if self._cursor < len(self.journal) else None
        if entry is None:
            answer = self._decide(who, decision, options)
        elif isinstance(entry, int):
            answer = entry
        else:
            raise ReplayError(
                f"journal[{self._cursor}] is a roll, but {who.name} decides {decision} here"
            )
        if not 0 <= answer < len(options):
            raise _out_of_range(self._cursor, answer, who, decision, len(options))
        self._cursor += 1
        return options[answer]

    def _decide(self, who: Decider, decision: str, options: list[Any]) -> int:
        seating = self._seating
        seat = seating.deciding(who) if seating is not None else None
        author = ""
        if seat is not None:
            answer, author = self._ask(ChoiceRequest(who, decision, options, seat))
        else:
            controller = self._controllers[_controller_key(who)]
            if isinstance(controller, Policy):
                # A compiled policy picks from the options themselves: no request built, a
                # direct call instead of one through the protocol (issue 35). A policy never
                # waits for a person.
                answer = controller.pick(who, decision, options)
            else:
                request = ChoiceRequest(who, decision, options)  # (no seat: a controller's)
                try:
                    answer = controller.choose(request)
                except Pending:
                    if self._wait is None:
                        raise
                    answer, author = self._wait(request)
        if not isinstance(answer, int):
            raise ReplayError(f"a choice was answered with {answer!r}")
        if author:
            self.authors[len(self.journal)] = author
        self.journal.append(answer)
        return answer

    def _ask(self, request: Request) -> tuple[Answer, str]:
        """A person's answer: waited for in place, or the battle stops at this question."""
        if self._wait is None:
            raise Pending(request)
        return self._wait(request)

    def _record(self, answer: Answer, author: str) -> None:
        if author:
            self.authors[len(self.journal)] = author
        self.journal.append(answer)

    # --- GM commands ------------------------------------------------------------------------

    def _replayed(self) -> Answer | None:
        """The next answer in the journal (cursor left on it), taking up the GM commands
        before it; None when the journal is spent.

        A command stands in the journal just before the answer to the question that was open
        when the GM gave it, so it is taken up only here, where the rules reach that question,
        and applied at the next point between actions after it: never earlier than the events
        everyone had already seen."""
        journal = self.journal
        while self._cursor < len(journal):
            entry = journal[self._cursor]
            if not isinstance(entry, Command):
                return entry
            self._cursor += 1
            if isinstance(entry, EndBattle):
                self._apply_queued()  # what the GM did before ending the fight still counts
                raise BattleHalted
            if isinstance(entry, Reroll):
                raise ReplayError(f"journal[{self._cursor - 1}]: a re-roll must follow a roll")
            self._queued.append(entry)
            if self._on_taken_up is not None:
                self._on_taken_up(entry)
        return None

    @property
    def waiting_commands(self) -> tuple[Command, ...]:
        """The GM's commands taken up but not yet in effect: they wait for the next point
        between actions (the GM screen shows them as pending)."""
        return tuple(self._queued)

    def between_actions(self) -> bool:
        """A point of the round where GM commands take effect: each ruleset calls it between
        actions (the core calls it as each round starts). True if a command took effect
        (the rules may need to look again at who can act)."""
        if not self._queued:
            return False
        self._apply_queued()
        return True

    def _apply_queued(self) -> None:
        if self._on_command is not None:
            queued, self._queued = self._queued, []
            for command in queued:
                self._on_command(self, command)

    # --- events -----------------------------------------------------------------------------

    @overload
    def emit(self, event: Event, /) -> None: ...

    @overload
    def emit(self, event: type[Event], /, **fields: Any) -> None: ...

    def emit(self, event: Event | type[Event], /, **fields: Any) -> None:
        """Tell what happened: an event, or its class and fields — then the event is built
        only if someone reads it (simulation reads none)."""
        if self._sink is not None:
            self._sink(event(**fields) if isinstance(event, type) else event)
