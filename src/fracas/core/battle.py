"""A battle: an encounter plus the journal of answers (DESIGN.md §1–2).

`Battle.run()` rebuilds the state from the encounter and fights, taking answers from the
journal first and then from the dice source and the controllers. So a saved battle is its
encounter and journal, `replay` is `run` with nothing but the journal, undo is dropping the
last answers, and a person's answer is appended before running again.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from fracas import __version__
from fracas.core.controllers import Controller, NoChoices
from fracas.core.dice_sources import DiceSource, NoDice, SeededDice
from fracas.core.encounter import Encounter, from_document
from fracas.core.errors import AnswerError, FracasError, ReplayError
from fracas.core.events import (
    BattleEnded,
    BattleStarted,
    CombatantSummary,
    Event,
    RoundEnded,
    RoundStarted,
)
from fracas.core.journal import Answer, journal_from_json, journal_to_json
from fracas.core.outcome import Ending, Outcome
from fracas.core.requests import ChoiceRequest, Pending, Request, RollRequest
from fracas.core.table import Table
from fracas.dice import DiceError

SAVE_FORMAT = 1


class Battle:
    """One fight of an encounter.

    `controllers` maps side names to whoever decides for that side; sides not named are played
    by `default_controller`, or by the ruleset's tactical policy when that is None.
    """

    def __init__(
        self,
        encounter: Encounter,
        *,
        seed: int | None = None,
        dice: DiceSource | None = None,
        controllers: Mapping[str, Controller] | None = None,
        default_controller: Controller | None = None,
        journal: Sequence[Answer] = (),
        observe: bool = True,
        wait: Callable[[Request], Answer] | None = None,
    ) -> None:
        self.encounter = encounter
        self.seed = seed
        self._dice = dice if dice is not None else SeededDice(seed)
        self._controllers = dict(controllers or {})
        self._default = default_controller
        self._observe = observe
        # With `wait`, a person's missing answer is waited for instead of raising Pending
        # (LiveBattle runs the rules in a thread this way).
        self.wait = wait
        self.journal: list[Answer] = list(journal)
        self.events: list[Event] = []
        self.outcome: Outcome | None = None
        self.pending: Request | None = None
        self.state: Any = None
        self.answers_used = 0
        self.summary: tuple[CombatantSummary, ...] = ()

    def run(self) -> Outcome:
        """Fight to the end. Raises `Pending` when a person's answer is needed first."""
        ruleset = self.encounter.ruleset
        spec = self.encounter.spec
        self.events = []
        self.outcome = None
        self.pending = None
        state = ruleset.setup(spec)
        self.state = state
        fallback = self._default if self._default is not None else ruleset.policy(state)
        controllers = {s.name: self._controllers.get(s.name, fallback) for s in state.sides}
        sink = self.events.append if self._observe else None
        table = Table(self._dice, controllers, self.journal, sink, self.wait)
        table.emit(
            BattleStarted(
                ruleset=ruleset.id,
                title=spec.name,
                sides=tuple((s.name, tuple(c.name for c in s.combatants)) for s in state.sides),
            )
        )
        winner: str | None = None
        while True:
            state.round += 1
            table.round = state.round
            table.emit(RoundStarted(round=state.round))
            ruleset.play_round(table, state)
            table.emit(RoundEnded(round=state.round))
            over, winner = ruleset.outcome(state)
            if over:
                ending = Ending.VICTORY if winner is not None else Ending.MUTUAL
                break
            if state.round >= spec.max_rounds:
                ending = Ending.ROUND_CAP
                break
        ruleset.after_battle(table, state)
        self.outcome = Outcome(winner=winner, ending=ending, rounds=state.round)
        self.answers_used = table.answers_used
        self.summary = ruleset.summary(state)
        table.emit(
            BattleEnded(
                winner=winner, rounds=state.round, ending=ending.value, combatants=self.summary
            )
        )
        return self.outcome

    # --- live play: a person answers, the battle resumes by replay -------------------------

    def advance(self) -> Request | None:
        """Run as far as the answers go: the request waiting for a person, or None if over."""
        try:
            self.run()
        except Pending as p:
            self.pending = p.request
            return p.request
        return None

    def answer(self, value: Sequence[int] | int) -> Request | None:
        """Give the pending request its answer (faces for a roll, an index for a choice),
        then advance. A bad answer raises AnswerError and changes nothing."""
        request = self.pending
        if request is None:
            raise AnswerError("nothing is waiting for an answer")
        self.journal.append(checked_answer(request, value))
        return self.advance()

    def undo(self, answers: int = 1) -> Request | None:
        """Take back the last `answers` answers and rebuild the battle by replay."""
        if answers < 1 or answers > len(self.journal):
            raise AnswerError(f"cannot undo {answers} answers of {len(self.journal)}")
        del self.journal[-answers:]
        return self.advance()

    # --- saving -----------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        """The battle as one JSON document: encounter + journal + fracas version."""
        return {
            "fracas": __version__,
            "format": SAVE_FORMAT,
            "source": self.encounter.source,
            "encounter": self.encounter.document,
            "journal": journal_to_json(self.journal),
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_save()) + "\n", encoding="utf-8")


def checked_answer(request: Request, value: Sequence[int] | int) -> Answer:
    """A person's answer to `request`, checked: one face per die within its sides, or an
    option's index. Raises AnswerError, naming what was expected."""
    if isinstance(request, RollRequest):
        faces = (value,) if isinstance(value, int) else tuple(value)
        fits = len(faces) == len(request.dice) and all(
            isinstance(f, int) and 1 <= f <= s for f, s in zip(faces, request.dice, strict=True)
        )
        if not fits:
            dice = ", ".join(f"d{s}" for s in request.dice)
            raise AnswerError(f"expected one face for each of {dice}, got {list(faces)}")
        return faces
    assert isinstance(request, ChoiceRequest)
    if not isinstance(value, int) or not 0 <= value < len(request.options):
        raise AnswerError(
            f"expected an option number from 0 to {len(request.options) - 1}, got {value}"
        )
    return value


def replay(encounter: Encounter, journal: Sequence[Answer], *, observe: bool = True) -> Battle:
    """Rebuild a battle from its encounter and journal; every answer must come from it."""
    battle = Battle(
        encounter, dice=NoDice(), default_controller=NoChoices(), journal=journal, observe=observe
    )
    battle.run()
    if battle.answers_used != len(battle.journal):
        unused = len(battle.journal) - battle.answers_used
        raise ReplayError(f"the battle ended before the journal did ({unused} answers unused)")
    return battle


def load_saved(path: str | Path) -> tuple[Encounter, list[Answer]]:
    """Read a saved battle: its encounter and journal (errors name the file)."""
    name = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise ReplayError(f"{name}: cannot read the file ({err.strerror})") from None
    except json.JSONDecodeError as err:
        raise ReplayError(f"{name}: not a saved battle (invalid JSON: {err})") from None
    if not isinstance(data, dict) or "encounter" not in data or "journal" not in data:
        raise ReplayError(f"{name}: not a saved battle (expected 'encounter' and 'journal')")
    if data.get("format") != SAVE_FORMAT:
        raise ReplayError(f"{name}: unsupported save format {data.get('format')!r}")
    if not isinstance(data["encounter"], dict):
        raise ReplayError(f"{name}: 'encounter' must be a mapping")
    encounter = from_document(data["encounter"], source=str(data.get("source", name)))
    try:
        journal = journal_from_json(data["journal"])
    except FracasError as err:
        raise ReplayError(f"{name}: {err}") from None
    return encounter, journal


__all__ = ["Battle", "DiceError", "load_saved", "replay"]
