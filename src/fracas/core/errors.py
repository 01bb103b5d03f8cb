"""Errors a user can cause and must read: each carries a message meant for people.

The CLI turns any `FracasError` into that message and exit status 2 — never a traceback.
"""

from __future__ import annotations


class FracasError(Exception):
    """Base of every error caused by input (a file, an answer, an action), not by a bug."""


class EncounterError(FracasError):
    """A bad encounter file: names the file, the field path and what was expected."""

    def __init__(self, source: str, problems: list[tuple[str, str]]) -> None:
        self.source = source
        self.problems = problems
        lines = [
            f"{source}: {path}: {msg}" if path else f"{source}: {msg}" for path, msg in problems
        ]
        super().__init__("\n".join(lines))


class ReplayError(FracasError):
    """A journal that does not fit the battle it is replayed against."""


class AnswerError(FracasError):
    """An answer (a die face, a choice) that the pending request cannot take."""


class UnknownRuleset(FracasError):
    """No registered ruleset has this id."""


class StaleAnswer(AnswerError):
    """An answer to a question that is no longer open (answered already, or undone)."""


class NotYourQuestion(AnswerError):
    """An answer (or a GM command) from a seat that may not give it."""


class CommandError(FracasError):
    """A GM command the battle cannot take as it stands (it is over, nothing was rolled)."""


class BadCommand(CommandError):
    """A GM command that is wrong whatever the battle's state: an unknown combatant or side,
    a vital or condition the ruleset lacks, a late arrival's sheet that does not validate.
    The server answers it 422 (a value that is not valid), not 409."""


class ArgumentTypeError(FracasError, TypeError):
    """An argument of the Python API that is not of a type it takes (a path where an encounter
    is expected, a str seed): names the argument, what it takes and what it was given. Also a
    `TypeError`, so code that catches the built-in still does."""


class ArgumentValueError(FracasError, ValueError):
    """An argument of the Python API of the right type but out of its range (a negative seed,
    no battles to simulate): names the argument and its range. Also a `ValueError`."""


class BattleClosed(CommandError):
    """A `LiveBattle` asked to play on after its `close()`: it takes no more answers, undos or
    commands (a closed table is gone; `fracas.load_battle` of its save brings it back)."""
