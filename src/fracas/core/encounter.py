"""Encounter files (DESIGN.md §4): YAML or TOML, validated by the ruleset's model.

Loading is three steps: read the document, expand `template:` references from the ruleset's
bundled templates (the file's own fields win), validate against the ruleset's pydantic model.
Every failure becomes an `EncounterError` naming the file, the field path and what was
expected. The expanded document is what a saved battle stores, so a save does not depend on
the templates of a later version.
"""

from __future__ import annotations

import copy
import math
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Generic, Self, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from fracas.core.errors import EncounterError, FracasError, UnknownRuleset
from fracas.core.policy_names import DEFAULT, SPELLING, PolicyNameError, parse_policy
from fracas.core.reading import MAX_DEPTH, TooBig, Unreadable, load_yaml, read_text, shape_problem
from fracas.core.ruleset import AnyRuleset, get_ruleset
from fracas.core.sheets import expand_templates, is_control, name_problem, problems_of
from fracas.core.sheets import unknown as unknown  # the rulesets' models word errors by it
from fracas.dice import DiceError, max_of, parse


class StrictModel(BaseModel):
    """Strict types, unknown fields refused: a typo in a file is an error, not a silent no-op."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """A copy of a battle's state shares the encounter's values instead of copying them:
        they are frozen, and no rule changes what the file said (a simulation already fights
        every battle on the one encounter). Pydantic's own deep copy of a model took most of
        the time of copying a SemiAutoMagic state for the exact odds (issue 35)."""
        return self


C = TypeVar("C", bound=BaseModel)


class SideSpec(StrictModel, Generic[C]):
    name: str = Field(min_length=1)
    combatants: list[C] = Field(min_length=1, description="at least one combatant per side")
    policy: str = Field(
        default=DEFAULT,
        description=f"who decides for the side when no person does (issue 34): {SPELLING}",
    )

    @field_validator("policy")
    @classmethod
    def _known_policy(cls, name: str) -> str:
        """A misspelt policy is refused with the names known (`core.policy_names`)."""
        parse_policy(name)
        return name


class EncounterSpec(StrictModel):
    """Fields every encounter has; a ruleset's model adds its sides, conditions and options."""

    ruleset: str
    name: str = "Encounter"
    description: str = ""
    max_rounds: int = Field(default=50, ge=1, le=10_000, description="a draw after this round")

    @model_validator(mode="after")
    def _distinct_sides(self) -> EncounterSpec:
        """Sides are named in conditions, reports and `--vary`: their names must differ."""
        sides = getattr(self, "sides", [])
        names = [side.name for side in sides]
        if len(set(names)) != len(names):
            raise ValueError(f"side names must differ: {names}")
        clash = _side_clashes(sides)
        if clash:  # a seat names a side or a combatant: it must say which (issue 32)
            raise ValueError(
                f"a side and a combatant may not share a name (a seat or a condition names"
                f" either): {', '.join(map(repr, clash))}"
            )
        return self

    @model_validator(mode="after")
    def _printable_names(self) -> EncounterSpec:
        """Names reach terminals, logs and web pages: no blank names, no line breaks or
        control characters (an escape sequence would reach the terminal raw)."""
        for side in getattr(self, "sides", []):
            for name in [side.name, *(getattr(c, "name", "") for c in side.combatants)]:
                problem = name_problem(name)
                if problem:
                    raise ValueError(f"the name {name!r} {problem}")
        return self

    @model_validator(mode="after")
    def _finite_positions(self) -> EncounterSpec:
        """A position is a place on the table: `.inf` or `.nan` (which YAML reads as numbers)
        would make every distance meaningless."""
        for side in getattr(self, "sides", []):
            for c in side.combatants:
                position = getattr(c, "position", None)
                if isinstance(position, (list, tuple)) and not all(
                    isinstance(x, (int, float)) and math.isfinite(x) for x in position
                ):
                    raise ValueError(f"{c.name}: position {list(position)} is not finite numbers")
        return self


MAX_COMBATANTS: Final = 2_000  # fighters an encounter may have (`fracas serve --max-combatants`)
UNLIMITED: Final = 2**31  # for an encounter rebuilt from one already within its limits


@dataclass(frozen=True)
class Encounter:
    """A validated encounter, ready to fight."""

    source: str  # the file it came from, for messages
    ruleset: AnyRuleset
    document: Mapping[str, Any]  # the expanded document (templates resolved)
    spec: Any  # the ruleset's validated model


def read_document(path: str | Path) -> dict[str, Any]:
    """Parse a YAML or TOML file into a mapping, or raise EncounterError."""
    p = Path(path)
    name = str(path)
    try:
        text = read_text(p)
    except Unreadable as err:
        raise EncounterError(name, [("", str(err))]) from None
    return parse_document(text, name, toml=p.suffix.lower() == ".toml")


def parse_document(text: str, name: str, *, toml: bool = False) -> dict[str, Any]:
    """Parse an encounter's YAML (or TOML) text into a mapping, or raise EncounterError."""
    try:
        if toml:
            data: Any = tomllib.loads(text)
        else:
            data = load_yaml(text)
    except TooBig as err:
        raise EncounterError(name, [("", f"{err} (issue 32's limits)")]) from None
    except RecursionError:  # tomllib parses nested arrays and tables recursively
        raise EncounterError(name, [("", f"nests deeper than {MAX_DEPTH} levels")]) from None
    except tomllib.TOMLDecodeError as err:
        raise EncounterError(name, [("", f"TOML syntax error: {err}")]) from None
    except yaml.YAMLError as err:
        where = getattr(err, "problem_mark", None)
        at = f" at line {where.line + 1}, column {where.column + 1}" if where else ""
        problem = getattr(err, "problem", None) or str(err)
        raise EncounterError(name, [("", f"YAML syntax error{at}: {problem}")]) from None
    if not isinstance(data, dict):
        raise EncounterError(name, [("", "expected a mapping with 'ruleset' and 'sides'")])
    if "journal" in data and "encounter" in data:
        raise EncounterError(
            name, [("", "this is a saved battle, not an encounter: use `fracas replay` on it")]
        )
    return data


def load(path: str | Path) -> Encounter:
    """Read, expand and validate an encounter file."""
    return from_document(read_document(path), source=str(path))


def from_document(
    document: Mapping[str, Any],
    source: str = "<encounter>",
    *,
    max_combatants: int = MAX_COMBATANTS,
) -> Encounter:
    """Validate an already-parsed encounter document (a dict as YAML would give), within the
    limits of what an encounter may expand to (at most `max_combatants` fighters)."""
    check_limits(document, source, max_combatants)
    ruleset_id = document.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise EncounterError(source, [("ruleset", "expected the id of a ruleset, e.g. brp")])
    try:
        ruleset = get_ruleset(ruleset_id)
    except UnknownRuleset as err:
        raise EncounterError(source, [("ruleset", str(err))]) from None
    expanded = expand_templates(document, ruleset.templates(), source)
    try:
        spec = ruleset.encounter_model().model_validate(expanded)
    except ValidationError as err:
        raise EncounterError(source, problems_of(err, expanded)) from None
    return Encounter(source=source, ruleset=ruleset, document=expanded, spec=spec)


def check_limits(document: Mapping[str, Any], source: str, max_combatants: int) -> None:
    """Refuse a document past what an encounter may expand to, before anything is built from
    it (issue 32): nesting, values (a save's or an API's JSON is checked here; YAML's aliases
    already as it is parsed) and the fighters its `count`s make."""
    problem = shape_problem(document)
    if problem is not None:
        raise EncounterError(source, [("", f"the encounter {problem}")])
    where = _unprintable(document)
    if where is not None:
        raise EncounterError(source, [(where, "holds a line break or a control character")])
    total = 0
    sides = document.get("sides")
    for side in sides if isinstance(sides, list) else []:
        combatants = side.get("combatants") if isinstance(side, dict) else None
        for sheet in combatants if isinstance(combatants, list) else []:
            total += _most(sheet.get("count", 1) if isinstance(sheet, dict) else 1)
    if total > max_combatants:
        raise EncounterError(
            source,
            [("sides", f"{total:,} combatants; an encounter may have at most {max_combatants:,}")],
        )


PROSE_FIELDS: Final = frozenset({"description", "notes"})  # free text: lines and tabs allowed
_PROSE_SPACING: Final = frozenset("\n\r\t")


def _unprintable(document: Mapping[str, Any]) -> str | None:
    """The path of the first text in `document` that holds a control character (a line
    break too, outside prose fields), or None. Every name a file gives — a title, a zone, a
    side, a weapon — reaches terminals, logs and pages, where an escape sequence would act."""
    stack: list[tuple[Any, str, bool]] = [(document, "", False)]
    while stack:
        value, path, prose = stack.pop()
        if isinstance(value, str):
            if any(is_control(ch) and not (prose and ch in _PROSE_SPACING) for ch in value):
                return path or "(the document)"
        elif isinstance(value, dict):
            for key, item in value.items():
                inner = f"{path}.{key}" if path else str(key)
                if isinstance(key, str) and any(is_control(ch) for ch in key):
                    return f"{path}[{key!r}]" if path else repr(key)
                stack.append((item, inner, key in PROSE_FIELDS))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]", prose) for i, item in enumerate(value))
    return None


def _most(count: Any) -> int:
    """The most fighters a sheet's `count` can make: a number, or dice where a ruleset takes
    them (OD&D's number appearing, `2d6`: their highest total); anything else counts one
    (validation says what is wrong with it)."""
    if isinstance(count, bool):
        return 1
    if isinstance(count, int):
        return max(count, 1)
    if isinstance(count, str):
        try:
            return max(max_of(parse(count)), 1)
        except DiceError:
            return 1
    return 1


def _combatant_names(side: Any) -> list[str]:
    """The names a side's combatants will have, `count` copies expanded as the core's
    `roster` names them; a count given as dice counts as one (its base name)."""
    names: list[str] = []
    for sheet in getattr(side, "combatants", []):
        count = getattr(sheet, "count", 1)
        n = count if isinstance(count, int) and not isinstance(count, bool) else 1
        names.extend(f"{sheet.name} {k + 1}" if n > 1 else sheet.name for k in range(n))
    return names


def _side_clashes(sides: Iterable[Any]) -> list[str]:
    """The side names a seat could not tell from a combatant's: a combatant named as another
    side, or as its own side beside others. A side named after its one combatant is one
    name for one fighter: a seat of that name decides, rolls and sees the same either way
    (issue 32; a one-against-one is often written so)."""
    members = {side.name: _combatant_names(side) for side in sides}
    clash = set()
    for name, own in members.items():
        others = [c for side, names in members.items() if side != name for c in names]
        if name in others or (name in own and len(own) > 1):
            clash.add(name)
    return sorted(clash)


def policy_item(item: str) -> tuple[str, str]:
    """`--policy`'s `POLICY` or `SIDE=POLICY` as (side, policy), the side "" for every side;
    an unknown policy refused with the names known."""
    name, _, policy = item.rpartition("=")
    try:
        parse_policy(policy)
    except PolicyNameError as err:
        raise FracasError(f"--policy {item!r}: {err}") from None
    return name, policy


def with_policies(
    encounter: Encounter, given: Sequence[str], *, every_name_a_side: bool = True
) -> Encounter:
    """The encounter with the sides' policies set from the command line (issue 34): each of
    `given` is `POLICY` (every side) or `SIDE=POLICY`, later ones winning. An unknown policy
    is refused (`PolicyNameError`'s message); so is a side the encounter does not have,
    unless not `every_name_a_side` (a server's default for whatever encounters it gets)."""
    if not given:
        return encounter
    document = copy.deepcopy(dict(encounter.document))
    sides = {str(side["name"]): side for side in document["sides"]}
    for item in given:
        name, policy = policy_item(item)
        if name and name not in sides:
            if every_name_a_side:
                known = ", ".join(sides)
                raise FracasError(f"--policy {item!r}: no side is named {name!r} (sides: {known})")
            continue
        for side_name, side in sides.items():
            if not name or side_name == name:
                side["policy"] = policy
    # Within its limits already when loaded: a policy adds no combatant.
    return from_document(document, encounter.source, max_combatants=UNLIMITED)
