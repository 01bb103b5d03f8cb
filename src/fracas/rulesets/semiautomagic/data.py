"""The SemiAutoMagic tables (seed 000, RULINGS.md §1, checklist semiautomagic.md), read once
from `data/*.yaml` so that a game master can replace them."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.reading import load_yaml

KINDS: Final = ("melee", "ranged", "thrown", "magic")
AREAS: Final = ("", "sphere", "line", "cone")  # rule 77
DAMAGE_TYPES: Final = (
    "piercing", "bludgeoning", "slashing",  # rule 196
    "electric", "heat", "cold", "sonic", "chemical",  # rule 198
    "nonlethal",  # rule 201: always paired with another type
    "emp",  # rule 200: affects only electronic devices
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class WeaponData:
    """A weapon row: damage die, kind, reach band in squares (SAM-A13), range increment in
    metres (rule 62), reloading (rule 64), the weapon's scale (rule 65), a spell's delay
    (rule 14), damage types (rules 196-201), light (rule 187)."""

    name: str
    damage: str
    kind: str
    reach: tuple[int, int]
    types: tuple[str, ...]
    increment: int = 0
    reload: bool = False
    scale: int = 0
    delay: int = 0
    light: bool = False
    light_material: bool = False  # rule 197: aluminium, titanium, mithril
    morale: str = ""  # rules 136-140: its damage is morale damage of this type (F-SAM-102)
    item: str = ""  # rule 129: its row of the item table (F-SAM-64)
    firearm: bool = False  # rule 127
    area: str = ""  # rules 77-80: sphere, line or cone (F-SAM-60)
    area_scale: int = 0  # rules 78-80: the effect's scale (SAM-A20)

    @property
    def ranged(self) -> bool:
        return self.kind != "melee"

    @property
    def nonlethal(self) -> bool:
        return "nonlethal" in self.types

    @property
    def strength(self) -> bool:
        """RULINGS.md S9: Strength adds to melee and thrown damage, not to bows' and spells';
        nor to an area weapon's (an explosive's blast, F-SAM-60)."""
        return self.kind in ("melee", "thrown") and not self.area


@dataclass(frozen=True, slots=True)
class ArmourData:
    name: str
    defence: int  # rule 164
    mobility: int  # rule 174


@dataclass(frozen=True, slots=True)
class ScaleRow:
    """Rules 37-39, 44 (T-SAM-9, C5, SAM-A15)."""

    scale: int
    square: float
    toughness: int
    multiplier: float
    attack: int
    target: int
    example: str


def _read(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return interned(load_yaml(text))


def interned(value: Any) -> Any:
    """`value` (read YAML) with every string in it interned (`sys.intern`), keys and values:
    equal strings, so nothing read changes. Why (issue 35): the rules look the tables' names
    up by literals (`f.bonus["weapon"]`, `kind == "melee"`), and compiled literals are
    interned, so a lookup or comparison then matches by identity at once instead of
    comparing the characters (a fighter's skill lookup ~190 instructions before)."""
    if isinstance(value, str):
        return sys.intern(value)
    if isinstance(value, dict):
        return {interned(k): interned(v) for k, v in value.items()}
    if isinstance(value, list):
        return [interned(v) for v in value]
    return value


@cache
def tables() -> dict[str, Any]:
    found: dict[str, Any] = _read("tables.yaml")
    return found


@cache
def scale_table() -> dict[int, ScaleRow]:
    return {int(s): ScaleRow(scale=int(s), **row) for s, row in tables()["scale"].items()}


@cache
def weapons() -> dict[str, WeaponData]:
    rows: dict[str, dict[str, Any]] = _read("weapons.yaml")
    out = {}
    for name, row in rows.items():
        w = WeaponData(
            name=name, **{**row, "reach": tuple(row["reach"]), "types": tuple(row["types"])}
        )
        if (
            w.kind not in KINDS
            or any(t not in DAMAGE_TYPES for t in w.types)
            or (w.morale not in ("", "fear", "insanity", "rage", "untyped"))
        ):
            raise ValueError(f"weapons.yaml: {name!r} has kind {w.kind!r} / types {w.types}")
        if w.area not in AREAS or (w.area and w.kind == "melee"):
            raise ValueError(f"weapons.yaml: {name!r}: area {w.area!r} (one of {AREAS[1:]}, "
                             "and only for a ranged, thrown or magical weapon)")  # fmt: skip
        if w.item and w.item not in tables()["items"]:
            raise ValueError(f"weapons.yaml: {name!r}: item {w.item!r} is not in the item table")
        out[name] = w
    return out


@cache
def armour() -> dict[str, ArmourData]:
    rows: dict[str, dict[str, int]] = _read("armour.yaml")
    return {name: ArmourData(name=name, **row) for name, row in rows.items()}


@cache
def templates() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = _read("bestiary.yaml")
    return found


_SECONDS: Final[dict[str, int]] = {}  # `seconds`, read once from the table (typed, for the round)


def seconds(action: str) -> int:
    """Rules 17-27 with C3, C15, C16, SAM-A1: how many seconds `action` takes."""
    found = _SECONDS.get(action)
    if found is None:
        found = _SECONDS[action] = int(tables()["seconds"][action])
    return found


def skill_bonus(skill: str, ranks: int) -> int:
    """RULINGS.md S2: a Fast skill gives +1 a rank, a Staggered one +1 every even rank."""
    return ranks if tables()["skills"][skill] == "fast" else ranks // 2


def skill_names() -> list[str]:
    return list(tables()["skills"])


def components() -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = tables()["components"]
    return found


def encumbrance_step(strength_plus_endurance: int) -> float:
    """Rule 217: the encumbrance step in kg for END + STR (0 or less: 0; capped at 20)."""
    steps: list[float] = tables()["encumbrance"]
    return float(steps[max(0, min(len(steps) - 1, strength_plus_endurance))])


def modifier(name: str) -> tuple[int, int]:
    """Rule 70 (T-SAM-23): a named +X/+Y."""
    x, y = tables()["modifiers"][name]
    return int(x), int(y)


def smaller_die(notation: str) -> str:
    """Rule 197: one die smaller on the ladder (d12 → d10 → d8 → d6 → d4 → d3 → d2)."""
    ladder: list[int] = tables()["die_ladder"]
    count, _, rest = notation.lower().partition("d")
    sides = int("".join(ch for ch in rest if ch.isdigit()))
    tail = rest[len(str(sides)) :]
    down = ladder[max(0, ladder.index(sides) - 1)] if sides in ladder else sides
    return f"{count}d{down}{tail}"


@cache
def mind() -> dict[str, Any]:
    """Rules 139, 177-183, 191: the Confusion chart and the mind's figures (`data/mind.yaml`)."""
    found: dict[str, Any] = _read("mind.yaml")
    return found


@cache
def hazards() -> dict[str, Any]:
    """Speed, falling, collisions, poison and disease, radiation, EMP (`data/hazards.yaml`)."""
    found: dict[str, Any] = _read("hazards.yaml")
    return found


def poisons() -> dict[str, dict[str, Any]]:
    """Rules 208-216: the poison and disease table, by name."""
    found: dict[str, dict[str, Any]] = hazards()["poisons"]
    return found


rebuilt_by_constructor(WeaponData, ArmourData, ScaleRow)  # copies of a state (core.immutable)
