"""The OD&D tables (RULINGS.md §4.2 D1, D2, D4, D5, D9; checklist ODD-U1, ODD-U8), read once
from `data/*.yaml` so that a referee can replace them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from fracas.core.reading import load_yaml

KINDS = ("melee", "thrown", "bow", "great_bow", "crossbow", "sling")
SIZES = ("S", "M", "L")


@dataclass(frozen=True, slots=True)
class WeaponData:
    """A weapon row (ODD-U8): damage dice, size, reach in feet, kind, magic/silver (ODD-U50)."""

    name: str
    damage: str
    size: str
    reach: int
    kind: str
    hands: int = 1
    magic: bool = False
    silver: bool = False

    @property
    def ranged(self) -> bool:
        return self.kind != "melee"


def _read(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return load_yaml(text)


@cache
def weapons() -> dict[str, WeaponData]:
    rows: dict[str, dict[str, Any]] = _read("weapons.yaml")
    out = {}
    for name, row in rows.items():
        w = WeaponData(name=name, **row)
        if w.kind not in KINDS or w.size not in SIZES:
            raise ValueError(f"weapons.yaml: {name!r} has kind {w.kind!r} / size {w.size!r}")
        out[name] = w
    return out


@cache
def tables() -> dict[str, Any]:
    found: dict[str, Any] = _read("tables.yaml")
    return found


@cache
def templates() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = _read("bestiary.yaml")
    return found


def attribute_bonus(score: int) -> int:
    """D5 (PROPOSED, B/X): the bonus of an attribute score."""
    for top, bonus in tables()["attribute_bonus"]:
        if score <= top:
            return int(bonus)
    return 3


def men_needed_at_ac9(family: str, level: int) -> int:
    """D1 with ODD-U1: the row of a character's class family and level (level 0: normal man)."""
    for row in tables()["men_matrix"]:
        if level <= int(row[family]):
            return int(row["at_ac9"])
    return int(tables()["men_matrix"][-1]["at_ac9"])


def monster_needed_at_ac9(hd: int, plus: int) -> int:
    """D2 (PROPOSED S&W linear): 19 − AC − HD at AC 0, i.e. 10 − HD at AC 9; below 1 HD counts
    as 0, a +N (N ≥ 1) as one HD more (ODD-U11), HD capped at 15."""
    m = tables()["monster_matrix"]
    effective = max(0, hd) + (1 if plus >= 1 else 0)
    return int(m["base"]) - 9 - min(effective, int(m["hd_cap"]))


def fumble_effect(face: int) -> str:
    """D9 (PROPOSED): the critical fumble's effect for a d6 face."""
    return str(tables()["fumble"][face])


def surround(size: str) -> int:
    """D-C8 (PROPOSED): the most attackers that can surround a defender of this size."""
    return int(tables()["surround"][size])
