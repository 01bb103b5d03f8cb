"""Writing a battle's save (DESIGN.md §1–2): the document `core.save` reads back. Below the
battle, which offers it as `Battle.to_save` and `Battle.save`: it takes any battle-like value
with the fields a save holds (issue 36: the battle and its save do not import each other)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol

from fracas.core.encounter import Encounter
from fracas.core.errors import FracasError
from fracas.core.journal import Entry, journal_to_json
from fracas.core.seats import Seating
from fracas.core.version import __version__

SAVE_FORMAT = 2


class Saveable(Protocol):
    """What a save holds of a battle: what determines it."""

    encounter: Encounter
    seed: int | None
    seating: Seating
    journal: list[Entry]
    authors: dict[int, str]


def to_save(battle: Saveable) -> dict[str, Any]:
    """The save document: the format, what wrote it, and what determines the battle."""
    ruleset = battle.encounter.ruleset
    return {
        "format": SAVE_FORMAT,
        "fracas": __version__,
        "ruleset": {"id": ruleset.id, "version": ruleset.version},
        "seed": battle.seed,
        "seats": battle.seating.to_dict(),
        "source": battle.encounter.source,
        "encounter": battle.encounter.document,
        "journal": journal_to_json(battle.journal, battle.authors),
    }


def save(battle: Saveable, path: str | Path) -> None:
    try:
        Path(path).write_text(json.dumps(to_save(battle)) + "\n", encoding="utf-8")
    except OSError as err:
        raise FracasError(f"cannot write {path}: {err.strerror}") from None
