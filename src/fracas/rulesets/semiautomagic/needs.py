"""What a roll needs, in words, for a person rolling it by hand (issue 33): display only,
worked out when a screen reads the question (`table.roll`'s `needs`)."""

from __future__ import annotations


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
