"""Murdham's tables (RULINGS.md M10, M13, M19 and the 2024.11.27 rules), from `data/*.yaml`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any

import yaml

from fracas.core.immutable import rebuilt_by_constructor

DAMAGE_NOTATION = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")
"""Damage written as dice, N d X plus or minus a constant (hazards): each die explodes (M9)."""


@dataclass(frozen=True, slots=True)
class WeaponData:
    name: str
    die: int
    hands: int = 1
    range: int | None = None  # zones; None: melee
    reload: bool = False  # guns: one shot per combat (M13)
    impaired: bool = False  # unarmed: d4 impaired
    blast: bool = False
    direct: bool = False  # ignores armour (fire, M12)
    penetrates_cover: bool = False  # M25 (PROPOSED flag)
    improvised: bool = False  # handled as already damaged (seed "gear degradation")
    thrown: bool = False
    consumable: bool = False  # ITEMS "Consumable": gone once used (fire bomb, acid vial)
    reach: int = 0  # melee range in zones (massive characters: 1)

    @property
    def ranged(self) -> bool:
        return self.range is not None


_WEAPON_FIELDS = set(WeaponData.__dataclass_fields__)


def _load(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.safe_load(text)


def weapon_from(row: dict[str, Any], category: dict[str, Any] | None = None) -> WeaponData:
    merged = {**(category or {}), **row}
    return WeaponData(**{k: v for k, v in merged.items() if k in _WEAPON_FIELDS})


@cache
def weapons() -> dict[str, WeaponData]:
    raw = _load("weapons.yaml")
    categories = {c["name"]: c for c in raw["categories"]}
    out: dict[str, WeaponData] = {}
    for row in raw["weapons"]:
        category = categories[row["category"]] if "category" in row else None
        out[row["name"]] = weapon_from(row, category)
    return out


@cache
def armour() -> dict[str, int]:
    return {row["name"]: int(row["value"]) for row in _load("armour.yaml")["armour"]}


@cache
def shields() -> dict[str, int]:
    return {row["name"]: int(row["value"]) for row in _load("armour.yaml")["shields"]}


@cache
def max_armour_value() -> int:
    return int(_load("armour.yaml").get("max_armour_value", 3))


@cache
def sizes() -> dict[str, int]:
    return {row["name"]: int(row["step"]) for row in _load("sizes.yaml")["sizes"]}


@cache
def room() -> tuple[dict[str, Fraction], dict[str, int]]:
    """M14: the room each size takes (in medium characters), and a zone's and a border's."""
    rows = _load("sizes.yaml")
    taken = {row["name"]: Fraction(row["room"]) for row in rows["sizes"]}
    return taken, {k: int(v) for k, v in rows["room"].items()}


@cache
def shove_zones() -> dict[int, float]:
    return {
        int(k): float(v) for k, v in _load("sizes.yaml")["shove_zones_by_steps_smaller"].items()
    }


@cache
def bestiary() -> dict[str, dict[str, Any]]:
    return dict(_load("bestiary.yaml"))


_TEMPLATE_KEYS = {"str": "STR", "agi": "AGI", "wit": "WIT"}


@cache
def templates() -> dict[str, dict[str, Any]]:
    """The bestiary as combatant templates: an encounter's `template:` names a creature."""
    out = {}
    for name, row in bestiary().items():
        t = {_TEMPLATE_KEYS.get(k, k): v for k, v in row.items()}
        if t.get("armour") is None:
            t.pop("armour", None)
        out[name] = t
    return out


rebuilt_by_constructor(WeaponData)  # copies of a state (core.immutable)
