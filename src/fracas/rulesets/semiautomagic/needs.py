"""What a roll needs, in words, for a person rolling it by hand (issue 33): display only,
worked out when a screen reads the question (`table.roll`'s `needs`)."""

from __future__ import annotations

from typing import Final

D6: Final[dict[int, str]] = {}  # `d6`: each bonus's notation, formatted once


def d6(bonus: int) -> str:
    """The notation of a d6 + `bonus` roll ("1d6+3", "1d6-1", "1d6+0"), formatted once per
    bonus (rules 46-51, S3: every check is d6 + bonus)."""
    found = D6.get(bonus)
    if found is None:
        found = D6[bonus] = f"1d6{bonus:+d}"
    return found


def d6_needs(target: int, bonus: int, goal: str) -> str:
    """What a d6 + `bonus` ≥ `target` roll needs on the die, in words, for a person rolling it
    by hand (issue 33; rules 46-51, S3: every check of the book is d6 + bonus against a
    number)."""
    face = target - bonus
    total = f" ({target} or more in all)" if bonus else ""
    if face > 6:
        return f"no roll is enough {goal}{total}"
    if face <= 1:
        return f"any roll {goal}{total}"
    return f"{face} or more on the die {goal}{total}"
