"""The single exception type of the dice module."""

from __future__ import annotations

__all__ = ["DiceError"]


class DiceError(ValueError):
    """Malformed dice notation, an unbound name, or faces that do not fit the dice."""
