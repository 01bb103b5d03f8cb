"""Saved battles (DESIGN.md §1–2): one JSON document, versioned.

A save holds what determines the battle — the encounter (templates expanded), the seed, the
seats and the journal with its authors — and, to say what wrote it, the save format, the fracas
version and the ruleset's id and version. `load_battle` rebuilds the battle by replay and
stops at the same open question (same id). Format 1 (fracas 0.1: no seed, no seats, no
authors) is migrated: its battles were run whole by `fracas run --save`, whose default seed
was 0, and every answer came from the dice or the policy.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fracas.core import arguments
from fracas.core.battle import Battle
from fracas.core.encounter import MAX_COMBATANTS, Encounter, from_document
from fracas.core.errors import EncounterError, FracasError, ReplayError
from fracas.core.journal import GM_SEAT, journal_from_json, whole_number
from fracas.core.reading import Unreadable, read_text, shape_problem
from fracas.core.saving import SAVE_FORMAT
from fracas.core.saving import save as save  # the writing side, for `fracas.core.save`'s readers
from fracas.core.saving import to_save as to_save

SOURCE = "a save's path (a str or a pathlib.Path) or its JSON document (a dict)"


def read_save(path: str | Path) -> dict[str, Any]:
    """The JSON document of a saved battle (errors name the file)."""
    name = str(path)
    try:
        data = json.loads(read_text(path))
    except RecursionError:  # json parses nested arrays and objects recursively
        raise ReplayError(f"{name}: not a saved battle (nested too deeply)") from None
    except Unreadable as err:
        raise ReplayError(f"{name}: {err}") from None
    except json.JSONDecodeError as err:
        raise ReplayError(f"{name}: not a saved battle (invalid JSON: {err})") from None
    if not isinstance(data, dict):
        raise ReplayError(f"{name}: not a saved battle (expected a JSON object)")
    return data


def migrate(data: Mapping[str, Any], name: str) -> dict[str, Any]:
    """A save document brought to the current format, or a ReplayError saying why not."""
    if "encounter" not in data or "journal" not in data:
        raise ReplayError(f"{name}: not a saved battle (expected 'encounter' and 'journal')")
    fmt = data.get("format")
    if fmt == 1:
        return {**data, "format": SAVE_FORMAT, "seed": 0, "seats": {}}
    if fmt != SAVE_FORMAT:
        newer = whole_number(fmt) and fmt > SAVE_FORMAT
        why = f"written by a newer fracas ({data.get('fracas')})" if newer else "not a known format"
        raise ReplayError(f"{name}: save format {fmt!r} is {why}; this fracas reads 1 and 2")
    return dict(data)


def battle_from_save(
    document: Mapping[str, Any],
    name: str = "<save>",
    *,
    observe: bool = True,
    max_combatants: int = MAX_COMBATANTS,
) -> Battle:
    """The battle a save describes, not yet advanced (its encounter within the limits)."""
    problem = shape_problem(document)  # before anything walks it (issue 32)
    if problem is not None:
        raise ReplayError(f"{name}: the save {problem}")
    data = migrate(document, name)
    if not isinstance(data["encounter"], dict):
        raise ReplayError(f"{name}: 'encounter' must be a mapping")
    try:
        source = str(data.get("source", name))
        encounter = from_document(data["encounter"], source, max_combatants=max_combatants)
    except EncounterError as err:
        raise ReplayError(f"{name}: its encounter: {err}") from None
    check_ruleset(data.get("ruleset"), encounter, name)
    seed = data.get("seed")
    if seed is not None and (not whole_number(seed) or seed < 0):
        raise ReplayError(f"{name}: 'seed' must be a whole number of zero or more")
    seats = data.get("seats") or {}
    if not isinstance(seats, Mapping):
        raise ReplayError(f"{name}: 'seats' must map names to seats")
    try:
        journal, authors = journal_from_json(data["journal"])
        check_authors(authors, seats)
        return Battle(
            encounter, seed=seed, seats=seats, journal=journal, authors=authors, observe=observe
        )
    except FracasError as err:
        raise ReplayError(f"{name}: {err}") from None


def check_authors(authors: Mapping[int, str], seats: Mapping[str, Any]) -> None:
    """Every answer of a saved journal was given by the GM or at one of the save's seats
    (issue 32): an author nobody sits as would be a seat a resumed table never had."""
    strangers = sorted({by for by in authors.values() if by != GM_SEAT and by not in seats})
    if strangers:
        seated = ", ".join(sorted(seats)) or "none"
        raise ReplayError(
            f"the journal names {', '.join(map(repr, strangers))} as authors, who have no"
            f" seat (the GM's or one of the seats: {seated})"
        )


def check_ruleset(saved: Any, encounter: Encounter, name: str) -> None:
    """A save is refused, saying why, when the rules that wrote it are not these: another
    ruleset, or another version of it (the same answers may play differently, silently)."""
    if not isinstance(saved, Mapping):
        return  # format 1 saves did not say; their journal holds every die
    ruleset = encounter.ruleset
    if saved.get("id") != ruleset.id:
        raise ReplayError(
            f"{name}: saved by ruleset {saved.get('id')!r}, but its encounter is {ruleset.id!r}"
        )
    if str(saved.get("version")) != ruleset.version:
        raise ReplayError(
            f"{name}: saved with the {ruleset.id} rules version {saved.get('version')}; this"
            f" fracas plays version {ruleset.version}, where the same answers may play"
            " differently: replay it with the fracas that saved it"
        )


def load_battle(source: str | Path | Mapping[str, Any], *, observe: bool = True) -> Battle:
    """A saved battle (a file or its JSON document), rebuilt by replay and stopped at the
    same open question as when it was saved (or finished)."""
    if isinstance(source, Mapping):
        name, document = "<save>", source
    else:
        source = arguments.path(source, "source", SOURCE)
        name, document = str(source), read_save(source)
    battle = battle_from_save(document, name, observe=observe)
    try:
        battle.advance()
    except ReplayError as err:
        raise ReplayError(f"{name}: {err}") from None
    return battle


def load_saved(path: str | Path) -> tuple[Any, list[Any]]:
    """A saved battle's encounter and journal (the 0.1 API; `load_battle` gives the battle
    itself, at its open question)."""
    path = arguments.path(path)
    battle = battle_from_save(read_save(path), str(path))
    return battle.encounter, battle.journal
