"""Combatant sheets as files write them (DESIGN.md §4): names checked, `template:` references
expanded, a late arrival's sheet validated, and pydantic's errors worded with the field path
and the combatant's name. Below the ruleset contract, whose GM commands take sheets too
(issue 36: `encounter` builds on this module, and the commands no longer import it)."""

from __future__ import annotations

import copy
import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, Final, TypeVar

from pydantic import BaseModel, ValidationError

from fracas.core.errors import BadCommand, EncounterError
from fracas.core.journal import GM_SEAT

M = TypeVar("M", bound=BaseModel)


def unknown(kind: str, name: str, known: Iterable[str]) -> ValueError:
    """The error for a name that is not in a table, with the nearest names as a hint."""
    close = difflib.get_close_matches(name, list(known), n=3)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return ValueError(f"unknown {kind} {name!r}{hint}")


RESERVED_NAMES: Final = frozenset({GM_SEAT})  # seats' own words: the game master's seat


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a side or a combatant, or None."""
    if not name.strip():
        return "is blank"
    if name in RESERVED_NAMES:
        return "is reserved (it names the game master's seat)"
    if any(is_control(ch) for ch in name):
        return "holds a line break or a control character"
    if name != name.strip():
        return "starts or ends with spaces"
    return None


def is_control(ch: str) -> bool:
    """A control, format or line-separator character: it acts on a terminal or a page."""
    return unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")


def expand_templates(
    document: Mapping[str, Any], templates: Mapping[str, Mapping[str, Any]], source: str
) -> dict[str, Any]:
    """Replace each combatant's `template: NAME` by the template's fields under its own."""
    doc = copy.deepcopy(dict(document))
    sides = doc.get("sides")
    if not isinstance(sides, list):
        return doc  # validation reports it
    problems: list[tuple[str, str]] = []
    for i, side in enumerate(sides):
        combatants = side.get("combatants") if isinstance(side, dict) else None
        if not isinstance(combatants, list):
            continue
        for j, entry in enumerate(combatants):
            if not isinstance(entry, dict) or "template" not in entry:
                continue
            name = entry["template"]
            if not isinstance(name, str) or name not in templates:
                known = ", ".join(sorted(templates)) or "none"
                problem = str(unknown("template", str(name), templates))
                where = f"sides[{i}].combatants[{j}].template"
                where = _named(where, ("sides", i, "combatants", j), doc)
                problems.append((where, f"{problem} ({known})"))
                continue
            combatants[j] = merge_sheet(templates[name], entry)
    if problems:
        raise EncounterError(source, problems)
    return doc


def merge_sheet(template: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    """A sheet from its template: the entry's fields win; a table in both (skills,
    characteristics) is merged, so `skills: {Dodge: 50}` changes one skill, not all."""
    merged = copy.deepcopy(dict(template))
    for key, value in entry.items():
        if key == "template":
            continue
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = {**merged[key], **copy.deepcopy(dict(value))}
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def new_sheet(
    templates: Mapping[str, Mapping[str, Any]], sheet: Mapping[str, Any], model: type[M]
) -> M:
    """A combatant sheet given during a battle (a late arrival), templates expanded and
    validated by `model` like an encounter's; a BadCommand names what is wrong."""
    doc = {"sides": [{"combatants": [dict(sheet)]}]}
    try:
        expanded = expand_templates(doc, templates, "the new combatant")
        return model.model_validate(expanded["sides"][0]["combatants"][0])
    except EncounterError as err:
        raise BadCommand(str(err)) from None
    except ValidationError as err:
        problems = "; ".join(f"{p}: {m}" if p else m for p, m in problems_of(err))
        raise BadCommand(f"the new combatant: {problems}") from None


def _named(path: str, loc: tuple[int | str, ...], document: Mapping[str, Any] | None) -> str:
    """`sides[1].combatants[0].x` → `Berend (sides[1].combatants[0]).x`, when the document
    names that combatant."""
    if document is None or len(loc) < 4 or loc[0] != "sides" or loc[2] != "combatants":
        return path
    try:
        name = document["sides"][loc[1]]["combatants"][loc[3]]["name"]
    except (KeyError, IndexError, TypeError):
        return path
    if not isinstance(name, str) or name_problem(name):
        return path
    head = f"sides[{loc[1]}].combatants[{loc[3]}]"
    return f"{name} ({head}){path[len(head) :]}" if path.startswith(head) else path


def problems_of(
    err: ValidationError, document: Mapping[str, Any] | None = None
) -> list[tuple[str, str]]:
    """Each problem as (where, what). Where a combatant is meant, its name leads the path:
    `Berend (sides[1].combatants[0]).skills.Sword`."""
    out = []
    for e in err.errors():
        path = ""
        for part in e["loc"]:
            if isinstance(part, int):
                path += f"[{part}]"
            elif part in ("function-after", "function-before", "list", "dict"):
                continue
            else:
                path += f".{part}" if path else str(part)
        path = _named(path, e["loc"], document)
        msg = e["msg"].removeprefix("Value error, ")
        if e["type"] not in ("value_error", "missing", "extra_forbidden") and "input" in e:
            got = e["input"]
            if isinstance(got, (int, float, str, bool)) or got is None:
                msg += f" (got {got!r})"
        if e["type"] == "extra_forbidden":
            msg = "unknown field"
        out.append((path, msg))
    return out
