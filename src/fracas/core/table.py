"""The table: the only door between rules code and the world (DESIGN.md §1).

`roll` asks for dice, `choose` asks for a decision, `emit` tells what happened. Answers are
taken from the journal while it lasts (replay), then from the dice source or the controller,
and appended to the journal. Nothing else feeds the rules, so the encounter plus the journal
determine the battle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, overload

from fracas.core.combatant import Combatant
from fracas.core.controllers import Controller
from fracas.core.dice_sources import DiceSource
from fracas.core.errors import ReplayError
from fracas.core.events import DiceRolled, Event
from fracas.core.journal import Answer
from fracas.core.requests import ChoiceRequest, Pending, Request, RollRequest
from fracas.dice import Compiled, DiceError, compile_dice

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Roll:
    """The answer to `table.roll`: the total, the faces, and the breakdown for the log."""

    compiled: Compiled
    faces: tuple[int, ...]
    total: int

    @property
    def breakdown(self) -> str:
        return self.compiled.breakdown(self.faces)

    def __int__(self) -> int:
        return self.total


class Table:
    """One battle's table. `controllers` maps a side name to whoever decides for it."""

    __slots__ = (
        "_controllers",
        "_cursor",
        "_dice",
        "_draw",
        "_sink",
        "_wait",
        "journal",
        "round",
    )

    def __init__(
        self,
        dice: DiceSource,
        controllers: Mapping[str, Controller],
        journal: list[Answer] | None = None,
        sink: Callable[[Event], None] | None = None,
        wait: Callable[[Request], Answer] | None = None,
    ) -> None:
        self._dice = dice
        # A person's source raises Pending; with `wait`, the table instead waits here for the
        # answer (a live battle keeps running in its thread, DESIGN.md §2).
        self._wait = wait
        # Sources that need no request (a seeded generator) offer `draw(sides)`: the hot path
        # of simulation skips building a request and checking the faces.
        self._draw: Callable[[tuple[int, ...]], tuple[int, ...]] | None = getattr(
            dice, "draw", None
        )
        self._controllers = controllers
        self.journal: list[Answer] = journal if journal is not None else []
        self._cursor = 0
        self._sink = sink
        self.round = 0

    @property
    def observed(self) -> bool:
        """Whether anyone reads events: rules may skip building costly ones when not."""
        return self._sink is not None

    @property
    def answers_used(self) -> int:
        """How many journal answers the battle has consumed so far."""
        return self._cursor

    @property
    def replaying(self) -> bool:
        return self._cursor < len(self.journal)

    def roll(self, notation: str, *, by: Combatant | None = None, reason: str) -> Roll:
        """Roll `notation` (variables such as `db` bound from `by.dice_vars`)."""
        compiled = compile_dice(notation, by.dice_vars if by is not None else None)
        if not compiled.dice:
            return Roll(compiled, (), compiled.total(()))
        if self._cursor < len(self.journal):
            answer = self.journal[self._cursor]
            if not isinstance(answer, tuple):
                raise ReplayError(
                    f"journal[{self._cursor}] is a choice, but the battle rolls {notation}"
                    f" ({reason}) here"
                )
            try:
                compiled.check_faces(answer)
            except DiceError as err:
                raise ReplayError(f"journal[{self._cursor}]: {err}") from None
            faces = answer
        elif self._draw is not None:
            faces = self._draw(compiled.dice)  # a generator's faces are valid by construction
            self.journal.append(faces)
        else:
            request = RollRequest(notation, compiled.dice, by, reason)
            try:
                faces = self._dice.faces(request)
            except Pending:
                if self._wait is None:
                    raise
                waited = self._wait(request)
                faces = waited if isinstance(waited, tuple) else (waited,)
            compiled.check_faces(faces)
            self.journal.append(faces)
        self._cursor += 1
        roll = Roll(compiled, faces, compiled.total(faces))
        if self._sink is not None:
            self._sink(
                DiceRolled(
                    by=by.id if by is not None else None,
                    reason=reason,
                    notation=notation,
                    faces=faces,
                    total=roll.total,
                    breakdown=roll.breakdown,
                )
            )
        return roll

    def choose(self, who: Combatant, decision: str, options: Sequence[T]) -> T:
        """`who`'s controller picks one of `options`. A single option needs no decision."""
        if not options:
            raise ValueError(f"no options for {who.name}'s {decision}")
        if len(options) == 1:
            return options[0]
        if self._cursor < len(self.journal):
            answer = self.journal[self._cursor]
            if not isinstance(answer, int):
                raise ReplayError(
                    f"journal[{self._cursor}] is a roll, but {who.name} decides {decision} here"
                )
        else:
            request = ChoiceRequest(who, decision, options)
            try:
                answer = self._controllers[who.side].choose(request)
            except Pending:
                if self._wait is None:
                    raise
                waited = self._wait(request)
                if not isinstance(waited, int):
                    raise ReplayError(f"a choice was answered with {waited!r}") from None
                answer = waited
            self.journal.append(answer)
        if not 0 <= answer < len(options):
            raise ReplayError(
                f"journal[{self._cursor}]: choice {answer} is out of range for {who.name}'s"
                f" {decision} ({len(options)} options)"
            )
        self._cursor += 1
        return options[answer]

    @overload
    def emit(self, event: Event, /) -> None: ...

    @overload
    def emit(self, event: type[Event], /, **fields: Any) -> None: ...

    def emit(self, event: Event | type[Event], /, **fields: Any) -> None:
        """Tell what happened: an event, or its class and fields — then the event is built
        only if someone reads it (simulation reads none)."""
        if self._sink is not None:
            self._sink(event(**fields) if isinstance(event, type) else event)
