"""A battle: an encounter, a seed and the journal of answers (DESIGN.md §1–2).

`Battle.run()` rebuilds the state from the encounter and fights, taking answers from the
journal first and then from the seeded dice, the seats' people and the policy. Automatic dice
are a function of the seed and their position, so a battle rebuilt from its journal at any
point draws what an uninterrupted run would have. A saved battle is its encounter, seed, seats
and journal; undo drops the answers since a person's last one; a person's answer is appended
and the battle rebuilt by replay.
"""

from __future__ import annotations

import _thread
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, SupportsIndex

import numpy as np

from fracas.core import arguments, saving
from fracas.core.audience import EVERYONE, GM, side_audience
from fracas.core.combatant import BattleState, Combatant, Status
from fracas.core.controllers import Controller, NoChoices
from fracas.core.dice_sources import DiceSource, NoDice, SeededDice
from fracas.core.encounter import Encounter
from fracas.core.errors import (
    AnswerError,
    CommandError,
    FracasError,
    NotYourQuestion,
    ReplayError,
    StaleAnswer,
)
from fracas.core.events import (
    BattleEnded,
    BattleStarted,
    CombatantSummary,
    CommandApplied,
    Entrant,
    Event,
    Revealed,
    RoundEnded,
    RoundStarted,
)
from fracas.core.journal import (
    AUTOMATIC,
    GM_SEAT,
    Answer,
    Command,
    Entry,
    Reroll,
    SetCondition,
    SetVitals,
    whole_number,
)
from fracas.core.kept_rounds import KeptRounds
from fracas.core.outcome import Ending, Outcome
from fracas.core.policy_names import DEFAULT, PolicyChoice, parse_policy
from fracas.core.question import Question, question_for
from fracas.core.requests import ChoiceRequest, Pending, Request, RollRequest
from fracas.core.ruleset import AnyRuleset
from fracas.core.search import SearchPolicy
from fracas.core.seats import Seat, Seating
from fracas.core.table import BattleHalted, Table, Wait
from fracas.dice import DiceError

Seats = Mapping[str, Seat | Mapping[str, Any] | str]

# What Battle's arguments take, as its refusals say. (Final: mypyc reads them as C statics,
# where a plain module name is a dictionary look-up, four a battle; issue 35.)
SEATS: Final = "a mapping of side or combatant names to seats, e.g. {'Investigators': 'person'}"
BY_SIDE: Final = "a mapping of side names to controllers"
JOURNAL: Final = "a list of journal entries (a battle's .journal)"
AUTHORS: Final = "a mapping of journal positions to seat names (a battle's .authors)"


# `_thread.RLock` held (Final: a C static compiled, not a look-up on the module each battle)
RLOCK: Final = _thread.RLock
# Held while a battle makes its own lock on first use (`Battle._locked`)
_MAKING_LOCKS: Final = _thread.allocate_lock()


# The encounter model `_side_policies` last read, and what it found (one entry)
_KEPT_POLICIES: Final[list[tuple[object, dict[str, PolicyChoice]]]] = [(None, {})]


# The encounter `run` last fought, with its ruleset, model and round cap (one entry)
_KEPT_PARTS: Final[list[tuple[object, AnyRuleset | None, Any, int]]] = [(None, None, None, 0)]


def _parts(encounter: Encounter) -> tuple[AnyRuleset, Any, int]:
    """The encounter's ruleset, model and round cap. Kept for the last encounter: a
    simulation fights the same one every battle, and each is a read of an interpreted
    object's attribute, about 250 instructions each (issue 35). The encounter and its model
    are frozen (a dataclass and a `StrictModel`), so what they hold cannot change while
    kept; the entry is one tuple put in place, safe across threads."""
    kept = _KEPT_PARTS[0]
    ruleset = kept[1]
    if kept[0] is encounter and ruleset is not None:
        return ruleset, kept[2], kept[3]
    ruleset, spec = encounter.ruleset, encounter.spec
    max_rounds: int = spec.max_rounds
    _KEPT_PARTS[0] = (encounter, ruleset, spec, max_rounds)
    return ruleset, spec, max_rounds


def fresh_seed() -> int:
    """A new seed for a battle started without one (kept in its save)."""
    return int(np.random.SeedSequence().entropy) % 2**63  # type: ignore[arg-type]


class Battle:
    """One fight of an encounter.

    `seats` maps side or combatant names to who answers for them (`core.seats`); everything
    no person answers is decided by the ruleset's policy and rolled from `seed`. For tests and
    simulation, `dice` replaces the seeded dice and `controllers` (by side name) the policy.
    `journaled=False` (with `observe=False`): a battle run once and read for its outcome and
    state, whose drawn dice and policy picks are not written in `journal` (the simulator's).
    """

    def __init__(
        self,
        encounter: Encounter,
        *,
        seed: SupportsIndex | None = None,
        seats: Seats | None = None,
        dice: DiceSource | None = None,
        controllers: Mapping[str, Controller] | None = None,
        default_controller: Controller | None = None,
        journal: Sequence[Entry] = (),
        authors: Mapping[int, str] | None = None,
        observe: bool = True,
        wait: Wait | None = None,
        journaled: bool = True,
    ) -> None:
        # Checked at the door (core.arguments): a wrong argument is named here, not met as an
        # AttributeError mid-fight. A simulation builds one Battle per fight: isinstance only.
        self.encounter = arguments.encounter(encounter)
        # `seed` is not typed int: compiled, an int parameter would be refused by mypyc with
        # a bare TypeError before this check could name it (and numpy integers are seeds).
        self.seed: int | None = (
            arguments.seed(seed) if seed is not None else None if dice is not None else fresh_seed()
        )
        self.seating = Seating(arguments.optional_mapping(seats, "seats", SEATS))
        # (a simulation's seeded dice need no look-up of their method: about 500 instructions)
        self._dice = (
            dice
            if isinstance(dice, SeededDice)
            else arguments.having(dice, "faces", "dice", "a dice source (with .faces())")
        )
        controllers = arguments.optional_mapping(controllers, "controllers", BY_SIDE)
        self._controllers = dict(controllers or {})
        self._default = arguments.having(
            default_controller, "choose", "default_controller", "a controller (with .choose())"
        )
        self._observe = observe
        # False: the fight's drawn dice and policy picks are not written in `journal` (the
        # simulator's battles, read for their outcome and state only; `Table`). Kept all the
        # same while a side searches: its search replays the journal (issue 34).
        self._keep_journal = journaled
        # With `wait`, a person's missing answer is waited for instead of raising Pending
        # (LiveBattle runs the rules in a thread this way).
        self.wait = wait
        self.journal: list[Entry] = list(arguments.sequence(journal, "journal", JOURNAL))
        authors = arguments.optional_mapping(authors, "authors", AUTHORS)
        self.authors: dict[int, str] = dict(authors or {})
        self.events: list[Event] = []
        self.outcome: Outcome | None = None
        self.question: Question | None = None
        self.state: Any = None
        self.answers_used = 0
        self._summary: tuple[CombatantSummary, ...] | None = None
        self._ids: dict[str, str] = {}
        self._named: dict[str, Combatant] = {}
        # The battle's lock, made on first use (`_locked`): a simulated battle never takes
        # it, and making it was about 400 instructions a battle (issue 35).
        self._lock: Any = None
        self._table: Table | None = None  # the table of the latest run
        self._given: dict[int, Status] = {}  # a command's combatant as it stood when given
        self.searches: dict[str, SearchPolicy] = {}  # the searching sides' policies (issue 34)
        self._kept: KeptRounds | None = None  # what the last observed run saw
        self._starts: list[tuple[int, int]] = []  # each round's start in this run (KeptRounds)

    def _locked(self) -> Any:
        """The battle's lock (an `RLock`: answers, undo and commands are taken one at a
        time), made on first use. The C lock `threading.RLock()` returns, made directly: that
        factory is a Python function. Two threads asking first at once get the same lock: it
        is made under `_MAKING_LOCKS`, and checked again there."""
        lock = self._lock
        if lock is None:
            with _MAKING_LOCKS:
                lock = self._lock
                if lock is None:
                    lock = self._lock = RLOCK()
        return lock

    # --- fighting ---------------------------------------------------------------------------

    def run(self) -> Outcome:
        """Fight to the end. Raises `Pending` when a person's answer is needed first."""
        ruleset, spec, max_rounds = _parts(self.encounter)
        self.events, self.outcome, self._summary = [], None, None
        state = ruleset.setup(spec)
        self.state = state
        self.seating.check(state)
        kept, resume = self._kept, 0
        if self._observe:
            self._index(state)
            if kept is not None:
                resume = kept.resumable(self.journal, self.authors)
        self._starts = kept.starts[: resume - 1] if kept is not None and resume else []
        if resume:
            self.events = kept.events_before(resume) if kept is not None else []
        sink = self._record if self._observe and not resume else None
        controllers = self._controllers_for(state, ruleset, spec)  # (finds the searches)
        # A GM command reaches the rules only from the journal (`Battle.command` writes it
        # there and fights again) or from a person's seat or wait: with none of them (a
        # simulated battle) no command can come, and the callbacks, two closures built and
        # freed a battle, are not made (issue 35)
        commanded = bool(self.journal) or bool(self.seating.seats) or self.wait is not None
        table = Table(
            self._source(),
            controllers,
            self.journal,
            sink,
            self.wait,
            seating=self.seating,
            authors=self.authors,
            on_command=(lambda table, command: self._apply(table, state, command))
            if commanded
            else None,
            on_taken_up=(lambda command: self._note_given(state, command)) if commanded else None,
            journaled=self._keep_journal or self._observe or bool(self.searches),
            # given none and searching nowhere: every side's and the GM's is the fallback
            sole=controllers[GM_SEAT] if not self._controllers and not self.searches else None,
        )
        self._table, self._given = table, {}
        if table.observed:
            sides = _entrants(state)
            table.emit(BattleStarted(ruleset=ruleset.id, title=spec.name, sides=sides))
        try:
            outcome = self._fight(table, state, ruleset, max_rounds, resume)
        finally:
            if self._observe:
                self._kept = KeptRounds(
                    list(self.journal), dict(self.authors), self.events, self._starts
                )
        if table.observed:
            for command in table.waiting_commands:  # given as the last action was under way
                effect = f"{command.describe()}: not applied (the battle ended first)"
                table.emit(CommandApplied(command=command.kind, effect=effect, audience=GM_SEAT))
        ruleset.after_battle(table, state)
        self.outcome = outcome
        self.answers_used = table.answers_used
        # A finished run keeps no table: the table's callbacks refer to this battle, a cycle
        # that only the garbage collector would free, once per simulated battle (issue 35).
        self._table = None
        if table.observed:
            table.emit(
                BattleEnded(
                    winner=outcome.winner,
                    rounds=outcome.rounds,
                    ending=outcome.ending.value,
                    reason=outcome.reason,
                    combatants=self.summary,
                )
            )
        return outcome

    @property
    def summary(self) -> tuple[CombatantSummary, ...]:
        """Each combatant's standing at the end (empty before): the ruleset's summary, made
        when first read. A simulated battle nobody observes never reads it, and saves the
        building (the simulator tallies the combatants themselves; issue 10)."""
        if self._summary is None:
            if self.outcome is None:
                return ()
            self._summary = self.encounter.ruleset.summary(self.state)
        return self._summary

    def _fight(
        self, table: Table, state: BattleState, ruleset: AnyRuleset, max_rounds: int, resume: int
    ) -> Outcome:
        """Rounds in the ruleset's own order of play until it judges the fight over; the
        rounds before `resume` unobserved, their events kept from the last run (KeptRounds)."""
        # Looked up once a battle: the ruleset object is interpreted, and a method looked up
        # on it each round cost about 170 instructions a call (issue 35)
        play_round, outcome = ruleset.play_round, ruleset.outcome
        try:
            while True:
                state.round += 1
                table.round = state.round
                if state.round == resume:
                    table.observe(self._record)
                if table.observed:  # (a keyword call builds its dict even when nobody reads)
                    self._starts.append((table.answers_used, len(self.events)))
                    table.emit(RoundStarted, round=state.round)
                table.between_actions()
                play_round(table, state)
                if table.observed:
                    table.emit(RoundEnded, round=state.round)
                verdict = outcome(state)
                if verdict is not None:
                    ending = Ending.VICTORY if verdict.winner is not None else Ending.MUTUAL
                    return Outcome(verdict.winner, ending, state.round, verdict.reason)
                if state.round >= max_rounds:
                    return Outcome(None, Ending.ROUND_CAP, state.round)
        except BattleHalted:
            return Outcome(None, Ending.GM_ENDED, state.round)

    def _source(self) -> DiceSource:
        if self._dice is not None:
            return self._dice
        # The automatic dice already in the journal were drawn from the seed's stream: the
        # next automatic die is the one after them (DESIGN.md §2).
        drawn = sum(
            len(e)
            for i, e in enumerate(self.journal)
            if isinstance(e, tuple) and i not in self.authors
        )
        return SeededDice(self.seed, position=drawn)

    def _controllers_for(
        self, state: BattleState, ruleset: AnyRuleset, spec: Any
    ) -> dict[str, Controller]:
        """Who decides for each side nobody is seated at: the given controllers, else the
        policy. A controller for a side that does not exist is a mistake, not ignored.
        (`ruleset` and `spec` are the encounter's, passed in: compiled, each read of an
        interpreted object's attribute is a generic look-up, about 300 instructions.)"""
        given = self._controllers
        if given:  # (a simulation gives none: no sets built per battle; issue 35)
            sides = [s.name for s in state.sides]
            unknown = sorted(set(given) - {*sides, GM_SEAT})
            if unknown:
                raise FracasError(
                    f"controllers for {', '.join(map(repr, unknown))}: no such side"
                    f" (sides: {', '.join(sides)})"
                )
        fallback = self._default if self._default is not None else ruleset.policy(state)
        controllers: dict[str, Controller] = {}
        for s in state.sides:
            controllers[s.name] = given.get(s.name, fallback) if given else fallback
        controllers[GM_SEAT] = given.get(GM_SEAT, fallback) if given else fallback
        self.searches = {}
        for side, choice in self._side_policies(spec).items():
            if choice.searches and side not in given and side in controllers:
                policy = ruleset.policy(state)  # the search's default: its tie-break
                search = SearchPolicy(self.encounter, side, self.journal, policy, choice, Battle)
                controllers[side] = self.searches[side] = search
        return controllers

    def _side_policies(self, spec: Any) -> dict[str, PolicyChoice]:
        """The sides whose encounter names a policy other than the default (`sides[].policy`,
        issue 34), parsed. A side left at the default is not parsed: most encounters name
        none, and parsing built a frozen `PolicyChoice` per side per battle (issue 35).

        Kept for the last encounter model asked about (`_KEPT_POLICIES`): a simulation asks
        about the same one every battle, and reading each side's fields from the pydantic
        model was about 1,700 instructions a battle (issue 35). The model is frozen
        (`StrictModel`), so what it says cannot change while it is kept; the answer is only
        read (never changed) by its callers."""
        kept = _KEPT_POLICIES[0]
        if kept[0] is spec:
            return kept[1]
        found: dict[str, PolicyChoice] = {}
        for side in spec.sides:
            policy = side.policy
            if policy != DEFAULT:
                found[side.name] = parse_policy(policy)
        _KEPT_POLICIES[0] = (spec, found)  # one tuple put in place: safe across threads
        return found

    @property
    def search_effort(self) -> dict[str, int]:
        """What the searching sides' decisions cost in the latest run, as counts (empty
        when no side searches)."""
        total: dict[str, int] = {}
        for search in self.searches.values():
            for name, count in search.effort.as_counts().items():
                total[name] = total.get(name, 0) + count
        return total

    def _index(self, state: BattleState) -> None:
        """Who is who by name, for `_record` (again after a command adds someone)."""
        self._named = {c.name: c for c in state.combatants}
        self._ids = {c.name: c.id for c in state.combatants}

    def _record(self, event: Event) -> None:
        """Keep an event, naming by id every combatant it names (a front-end keys on ids).

        The safety net of the views (DESIGN.md §2): an event meant for everyone that names a
        combatant still hidden from the other sides goes only to that combatant's side (the
        GM, if it names hidden combatants of two sides). Events that redact themselves
        (`BattleStarted`, `BattleEnded`) and `Revealed` are left as they are."""
        ids = self._ids
        named = tuple(dict.fromkeys(v for v in _strings(event.fields()) if v in ids))
        if named:
            changes: dict[str, Any] = {"ids": tuple((n, ids[n]) for n in named)}
            if event.audience == EVERYONE and type(event).for_viewer is Event.for_viewer:
                hidden = {self._named[n].side for n in named if self._named[n].hidden}
                if hidden and not isinstance(event, Revealed):
                    changes["audience"] = side_audience(*hidden) if len(hidden) == 1 else GM
            event = dataclasses.replace(event, **changes)
        self.events.append(event)

    def _note_given(self, state: BattleState, command: Command) -> None:
        """How the combatant a command names stood when the GM gave it (the rules are at the
        question it was given at)."""
        named = getattr(command, "combatant", None)
        for c in state.combatants:
            if c.id == named:
                self._given[id(command)] = c.status
                return

    def _apply(self, table: Table, state: BattleState, command: Command) -> None:
        """A journaled GM command takes effect (at the next point between actions, after the
        action under way when it was given; docs/ARCHITECTURE.md, "GM commands")."""
        fell = self._fell_since_given(state, command)
        if fell is not None:  # issue 32: no combatant is brought back after the blow
            effect = f"{command.describe()}: not applied ({fell})"
        else:
            try:
                effect = self.encounter.ruleset.apply_command(table, state, command)
            except CommandError as err:
                effect = f"{command.describe()}: not applied ({err})"
        self._index(state)
        table.emit(CommandApplied(command=command.kind, effect=effect, audience=GM_SEAT))

    def _fell_since_given(self, state: BattleState, command: Command) -> str | None:
        """Why a command about one combatant no longer applies: it went out of the fight, or
        further out (down, dead), to the action that was under way when the GM gave it.
        Setting its vitals or conditions now would undo that action's result, which the GM
        did not ask for."""
        was = self._given.pop(id(command), None)
        if was is None or not isinstance(command, (SetVitals, SetCondition)):
            return None
        now = next((c for c in state.combatants if c.id == command.combatant), None)
        if now is None or now.status == was or not now.status.out:
            return None  # as the GM saw it (a command on the fallen revives on purpose)
        return (
            f"{now.name} was {now.status.value} after the action under way when it was given;"
            " give it again to change that"
        )

    @property
    def waiting_commands(self) -> tuple[Command, ...]:
        """The GM's commands given at the open question, not yet in effect: each waits for the
        end of the action under way (the next point between actions)."""
        if self.question is None or self._table is None:
            return ()
        return self._table.waiting_commands

    def standing(self) -> tuple[CombatantSummary, ...]:
        """Each combatant as it stands now (the summary, mid-battle): for the GM's screen;
        a hidden combatant is marked `hidden`, for a players' view to leave out."""
        return self.encounter.ruleset.summary(self.state) if self.state is not None else ()

    # --- live play: questions and answers ----------------------------------------------------

    def advance(self) -> Question | None:
        """Run as far as the answers go: the question waiting for a person, or None when the
        battle is over (`battle.question` holds it too)."""
        with self._locked():
            try:
                self.run()
            except Pending as p:
                self.question = question_for(p.request, self.journal)
                return self.question
            self.question = None
            return None

    def answer(
        self, question_id: str, value: Sequence[int] | int, by: str = GM_SEAT
    ) -> Question | None:
        """Answer the open question (faces for a roll, an option's index for a choice) as
        seat `by`, then advance. A stale id (StaleAnswer), a seat that may not answer
        (NotYourQuestion) or a bad value (AnswerError) is refused and changes nothing. Safe
        from several threads: of two answers to one question, exactly one wins."""
        with self._locked():
            entry = self.checked_entry(question_id, value, by)
            return self._journaled(lambda: self._append(entry, by))

    def checked_entry(self, question_id: str, value: Sequence[int] | int, by: str) -> Answer:
        """The journal entry for an answer to the open question, or the error that refuses it
        (StaleAnswer, NotYourQuestion, AnswerError); nothing is changed either way."""
        question = self.check_answer(question_id, by)
        assert question.request is not None
        return checked_answer(question.request, value)

    def check_answer(self, question_id: str, by: str) -> Question:
        """The open question, if `question_id` names it and seat `by` may answer it.

        A refusal names no question that `by` may not see (issue 32): the GM sees every
        question; a seat hears only of the open question when it is its own to answer, so a
        concealed combatant's turn never reaches a player through an error message."""
        question = self.question
        own = question is not None and (by == GM_SEAT or by == question.seat)
        if question is None or question_id != question.id:
            raise StaleAnswer(_not_open(question_id, question if own else None))
        if not own:
            raise NotYourQuestion(f"question {question_id!r} is not yours to answer")
        return question

    def undo(self, answers: int = 1) -> Question | None:
        """Go back to the open question before the last answer a person gave (or the last
        `answers` of them); the automatic dice after it will fall the same again."""
        with self._locked():
            if answers < 1 or answers > len(self.authors):
                given = len(self.authors)
                raise AnswerError(f"cannot undo {answers} answers: people have given {given}")
            cut = sorted(self.authors)[-answers]
            return self._journaled(lambda: self._truncate(cut))

    def command(self, command: Command, by: str = GM_SEAT) -> Question | None:
        """A GM command, journaled like an answer so that undo and restart keep it. A re-roll
        voids the last roll (and the answers given since); `EndBattle` ends the fight now; the
        others take effect at the ruleset's next point between actions."""
        with self._locked():
            if by != GM_SEAT:
                raise NotYourQuestion(f"only the GM may give commands, not {by!r}")
            if self.outcome is not None and self.question is None:
                raise CommandError("the battle is over")
            if isinstance(command, Reroll):
                rolls = [i for i, e in enumerate(self.journal) if isinstance(e, tuple)]
                if not rolls:
                    raise CommandError("nothing has been rolled yet")
                last = rolls[-1]

                def change() -> None:
                    self._truncate(last + 1)
                    self._append(command, by)

                return self._journaled(change)
            if self.state is not None:
                self.encounter.ruleset.check_command(self.state, command)
            return self._journaled(lambda: self._append(command, by))

    def append_answer(self, entry: Answer, by: str) -> None:
        """Put a checked answer in the journal without advancing (LiveBattle resumes the
        rules itself)."""
        with self._locked():
            self._append(entry, by)
            self.question = None

    def _append(self, entry: Entry, by: str) -> None:
        self.authors[len(self.journal)] = by
        self.journal.append(entry)

    def _truncate(self, length: int) -> None:
        del self.journal[length:]
        self.authors = {i: a for i, a in self.authors.items() if i < length}

    def _journaled(self, change: Callable[[], None]) -> Question | None:
        """Change the journal and advance; if the battle cannot take the change, put the
        journal back and re-raise (a refused answer changes nothing)."""
        journal, authors = list(self.journal), dict(self.authors)
        change()
        try:
            return self.advance()
        except (FracasError, DiceError):
            self.journal, self.authors = journal, authors
            self.advance()  # back at the same question (ids follow from the journal)
            raise

    # --- saving -----------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        return saving.to_save(self)

    def save(self, path: Any) -> None:
        saving.save(self, path)


def _entrants(state: BattleState) -> tuple[tuple[str, tuple[Entrant, ...]], ...]:
    return tuple(
        (s.name, tuple(Entrant(c.id, c.name, c.hidden) for c in s.combatants)) for s in state.sides
    )


def _strings(value: Any) -> list[str]:
    """Every string in an event's fields (names of combatants among them)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, Combatant):
        return [value.name]
    return []


def checked_answer(request: Request, value: Sequence[int] | int) -> Answer:
    """A person's answer to `request`, checked: one face per die within its sides, or an
    option's index. Raises AnswerError, naming what was expected."""
    if isinstance(request, RollRequest):
        faces = (value,) if isinstance(value, int) else value
        fits = (
            isinstance(faces, (list, tuple))
            and len(faces) == len(request.dice)
            and all(
                whole_number(f) and 1 <= f <= s for f, s in zip(faces, request.dice, strict=False)
            )
        )
        if not fits:
            dice = ", ".join(f"d{s} (1 to {s})" for s in request.dice)
            raise AnswerError(f"expected one face for each die: {dice}; got {value!r}")
        return tuple(faces)
    assert isinstance(request, ChoiceRequest)
    if not whole_number(value) or not 0 <= value < len(request.options):
        raise AnswerError(
            f"expected an option number from 0 to {len(request.options) - 1}, got {value!r}"
        )
    return value


def replay(
    encounter: Encounter,
    journal: Sequence[Entry],
    *,
    authors: Mapping[int, str] | None = None,
    observe: bool = True,
) -> Battle:
    """Rebuild a finished battle from its encounter and journal; every answer must come from
    it."""
    battle = Battle(
        encounter,
        dice=NoDice(),
        default_controller=NoChoices(),
        journal=journal,
        authors=authors,
        observe=observe,
    )
    battle.run()
    if battle.answers_used != len(battle.journal):
        unused = len(battle.journal) - battle.answers_used
        raise ReplayError(f"the battle ended before the journal did ({unused} answers unused)")
    return battle


__all__ = ["AUTOMATIC", "Battle", "DiceError", "checked_answer", "replay"]


def _not_open(question_id: str, open_to_caller: Question | None) -> str:
    """Why an answer to `question_id` is refused as stale, naming the open question only
    when the caller may answer it."""
    said = f"question {question_id!r} is no longer open"
    if open_to_caller is None:
        return said
    return f"{said}; your open question is {open_to_caller.id!r} ({open_to_caller.prompt})"
