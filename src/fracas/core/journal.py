"""The journal: everything a battle needs besides its encounter and seed (DESIGN.md §1–2).

An entry is the faces of one roll (a tuple of ints), the index of one choice (an int), or a
GM command (`Command`). Who gave each entry is kept sparsely in `authors` (index → seat): an
entry with no author came from the battle itself (the seeded dice for a roll, the policy for a
choice), which keeps simulation free of bookkeeping.

In JSON a roll is a list, a choice a number, and an entry a person gave an object naming its
author: `[[37], [62], {"answer": 1, "by": "Alice"}, {"command": {"kind": "end"}, "by": "gm"}]`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeGuard

from fracas.core.errors import ReplayError

Answer = tuple[int, ...] | int
AUTOMATIC = ""  # the author of an entry the battle made itself (seeded dice, the policy)
GM_SEAT = "gm"  # the game master's seat: may answer any question and give commands


@dataclass(frozen=True, slots=True)
class Command:
    """A GM command, journaled and replayed like an answer (DESIGN.md §2). The core handles
    `Reroll` and `EndBattle`; the others are applied by the ruleset between actions."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = dict(value) if isinstance(value, Mapping) else value
        return out

    def describe(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class SetVitals(Command):
    """Set a combatant's vitals, by the ruleset's names ({"HP": 5})."""

    combatant: str  # id
    vitals: Mapping[str, int] = field(default_factory=dict)
    kind: ClassVar[str] = "set vitals"

    def describe(self) -> str:
        values = ", ".join(f"{k} {v}" for k, v in self.vitals.items())
        return f"set {self.combatant}: {values}"


@dataclass(frozen=True, slots=True)
class SetCondition(Command):
    """Put a ruleset's condition on a combatant (`on`) or take it off."""

    combatant: str  # id
    condition: str
    on: bool = True
    kind: ClassVar[str] = "set condition"

    def describe(self) -> str:
        return f"{self.combatant}: {self.condition} {'on' if self.on else 'off'}"


@dataclass(frozen=True, slots=True)
class AddCombatant(Command):
    """A late arrival: a combatant sheet (as an encounter file writes it) joins a side."""

    side: str
    sheet: Mapping[str, Any] = field(default_factory=dict)
    kind: ClassVar[str] = "add combatant"

    def describe(self) -> str:
        return f"{self.sheet.get('name', '?')} joins {self.side}"


@dataclass(frozen=True, slots=True)
class RemoveCombatant(Command):
    """A combatant leaves the battle (taken out by the GM)."""

    combatant: str  # id
    kind: ClassVar[str] = "remove combatant"

    def describe(self) -> str:
        return f"{self.combatant} leaves the battle"


@dataclass(frozen=True, slots=True)
class Reroll(Command):
    """Roll the last roll again: its faces stand void and new ones are drawn or typed."""

    kind: ClassVar[str] = "reroll"


@dataclass(frozen=True, slots=True)
class EndBattle(Command):
    """End the battle now, with no winner."""

    kind: ClassVar[str] = "end"


COMMANDS: dict[str, type[Command]] = {
    c.kind: c for c in (SetVitals, SetCondition, AddCombatant, RemoveCombatant, Reroll, EndBattle)
}

Entry = Answer | Command
Journal = list[Entry]


def command_from_dict(data: Any) -> Command:
    """A command from its JSON form; a FracasError (ReplayError) names what is wrong."""
    if not isinstance(data, Mapping) or data.get("kind") not in COMMANDS:
        kinds = ", ".join(repr(k) for k in COMMANDS)
        raise ReplayError(f"a command must be an object with 'kind' one of {kinds}")
    cls = COMMANDS[data["kind"]]
    args = {k: v for k, v in data.items() if k != "kind"}
    expected = {f.name for f in fields(cls)}
    if set(args) - expected:
        raise ReplayError(f"command {cls.kind!r}: unknown fields {sorted(set(args) - expected)}")
    for name in ("combatant", "side", "condition"):
        if name in expected and not isinstance(args.get(name), str):
            raise ReplayError(f"command {cls.kind!r}: {name!r} must be a string")
    if "vitals" in expected and not (
        isinstance(args.get("vitals"), Mapping)
        and all(whole_number(v) for v in args["vitals"].values())
    ):
        raise ReplayError(f"command {cls.kind!r}: 'vitals' must map names to whole numbers")
    if "sheet" in expected and not isinstance(args.get("sheet"), Mapping):
        raise ReplayError(f"command {cls.kind!r}: 'sheet' must be a combatant sheet (a mapping)")
    if "on" in args and not isinstance(args["on"], bool):
        raise ReplayError(f"command {cls.kind!r}: 'on' must be true or false")
    return cls(**args)


def whole_number(x: Any) -> TypeGuard[int]:
    """An int that is not a bool (JSON's `true` must not pass for a face or an index)."""
    return isinstance(x, int) and not isinstance(x, bool)


def _answer_from_json(a: Any, where: str) -> Answer:
    if whole_number(a):
        return int(a)
    if isinstance(a, list) and all(whole_number(f) for f in a):
        return tuple(a)
    raise ReplayError(f"{where}: expected a choice index or a list of faces")


def journal_to_json(journal: Sequence[Entry], authors: Mapping[int, str] = {}) -> list[Any]:
    out: list[Any] = []
    for i, entry in enumerate(journal):
        if isinstance(entry, Command):
            out.append({"command": entry.to_dict(), "by": authors.get(i, GM_SEAT)})
            continue
        plain = list(entry) if isinstance(entry, tuple) else entry
        by = authors.get(i, AUTOMATIC)
        out.append({"answer": plain, "by": by} if by else plain)
    return out


def journal_from_json(data: Any) -> tuple[Journal, dict[int, str]]:
    """Parse a saved journal and its authors, refusing anything malformed."""
    if not isinstance(data, list):
        raise ReplayError("the journal must be a list of answers")
    out: Journal = []
    authors: dict[int, str] = {}
    for i, a in enumerate(data):
        where = f"journal[{i}]"
        if isinstance(a, Mapping):
            by = a.get("by")
            if not isinstance(by, str) or not by:
                raise ReplayError(f"{where}: 'by' must name who gave it")
            if "command" in a:
                try:
                    out.append(command_from_dict(a["command"]))
                except ReplayError as err:
                    raise ReplayError(f"{where}: {err}") from None
            elif "answer" in a:
                out.append(_answer_from_json(a["answer"], where))
            else:
                raise ReplayError(f"{where}: expected 'answer' or 'command'")
            authors[i] = by
        else:
            out.append(_answer_from_json(a, where))
    return out, authors
