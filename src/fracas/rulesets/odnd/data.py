"""The OD&D tables (RULINGS.md §4.2 D1, D2, D4–D9; checklist ODD-U1, U5, U6, U8, U29, U32),
read once from `data/*.yaml` so that a referee can replace them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.reading import load_yaml

KINDS: Final = ("melee", "thrown", "bow", "great_bow", "crossbow", "sling", "firearm")
RELOADING: Final = ("crossbow", "firearm")  # D-C7, ODD-U41: fire every other round
SIZES: Final = ("S", "M", "L")


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
    range: tuple[int, int, int] | None = None  # ODD-U6: short / medium / long limits
    large_damage: str = ""  # rule 86: the lance's 3d6 against large foes
    set: bool = False  # rule 83: can be set against a charge
    polearm: bool = False  # rule 60: cancels the mounted modifiers
    blunt: bool = False  # ODD-U42: clerics' weapons
    unarmed: bool = False  # rule 97: empty hands, always subdual damage
    whip: bool = False  # rule 40: entangles at 10 ft
    natural: bool = False  # claws, bites: cannot be disarmed (rules 40, 93; issue 34)
    # Any kind but melee shoots or is thrown (ODD-U6). A field set at load (`weapons`), not a
    # property: the rounds read it about 160 times a duel, a property call each (issue 35).
    ranged: bool = False

    def __post_init__(self) -> None:
        if self.ranged != (self.kind != "melee"):
            raise ValueError(f"weapon {self.name!r}: ranged must be kind != 'melee'")


def _read(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return load_yaml(text)


@cache
def weapons() -> dict[str, WeaponData]:
    rows: dict[str, dict[str, Any]] = _read("weapons.yaml")
    out = {}
    for name, row in rows.items():
        if "range" in row:
            row = {**row, "range": tuple(row["range"])}
        w = WeaponData(name=name, **row, ranged=row["kind"] != "melee")
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
    return _FUMBLE[face]


def surround(size: str) -> int:
    """D-C8 (PROPOSED): the most attackers that can surround a defender of this size."""
    return _SURROUND[size]


def body(size: str) -> float:
    """Rule 49, ODD-U25 (PROPOSED): the feet across a body of this size takes on the plane."""
    return float(tables()["body"][size])


@dataclass(frozen=True, slots=True)
class SpellData:
    """A spell row (rule 131, ODD-U32): range in feet, whom it targets, damage or effect."""

    name: str
    range: int
    target: str
    damage: str = ""
    effect: str = ""


rebuilt_by_constructor(WeaponData, SpellData)  # copies of a state (core.immutable)


@cache
def spells() -> dict[str, SpellData]:
    rows: dict[str, dict[str, Any]] = _read("spells.yaml")
    return {name: SpellData(name=name, **row) for name, row in rows.items()}


def movement(ac: int) -> int:
    """Rule 152, ODD-U5: Turn movement in inches by armour class."""
    for top, inches in tables()["movement_by_ac"]:
        if ac <= int(top):
            return int(inches)
    return int(tables()["movement_by_ac"][-1][1])


def save_target(level: int, normal_man: bool) -> int:
    """Rule 149, D6: the number a save vs Paralysis must reach (d20 + bonus)."""
    if normal_man:
        return _SAVE_NORMAL_MAN
    return max(_SAVE_FLOOR, _SAVE_BASE - level // _SAVE_LEVELS_PER_POINT)


def reaction(total: int) -> str:
    """Rule 151, D8, ODD-U29: the band of a 2d6 reaction roll."""
    for top, band in tables()["reaction"]:
        if total <= int(top):
            return str(band)
    return str(tables()["reaction"][-1][1])


def trained_in(cls: str, w: WeaponData) -> bool:
    """ODD-U42: whether a class is trained in a weapon (classes not listed: any weapon)."""
    allowed = tables()["training"].get(cls)
    if allowed is None:
        return True
    if w.kind == "firearm":
        return True  # rule 96: any race or class can learn firearms
    groups = {"any": True, "blunt": w.blunt, "one-handed": w.hands == 1 and w.kind in KINDS[:2]}
    return any(groups.get(a, a == w.name) for a in allowed)


def table(name: str) -> Any:
    """A stage-2 entry of `data/tables.yaml` (backstab, arcs, subdual, pursuit, units)."""
    return tables()[name]


def backstab_multiplier(level: int) -> int:
    """ODD-U17: ×2, ×3 at 5th–8th, ×4 at 9th–12th and so on."""
    row = tables()["backstab"]
    return int(row["base"]) + max(0, level - 1) // int(row["per"])


# Read once, as plain integers where the rules ask for them per attack or per option (issue 35:
# a look-up through the cached `tables()` each time, 4 % of a compiled duel's samples).
_SURROUND: Final = {str(size): int(n) for size, n in tables()["surround"].items()}
_FUMBLE: Final = {int(face): str(effect) for face, effect in tables()["fumble"].items()}
_SAVE_NORMAL_MAN: Final = int(tables()["saves"]["normal_man"])
_SAVE_FLOOR: Final = int(tables()["saves"]["floor"])
_SAVE_BASE: Final = int(tables()["saves"]["base"])
_SAVE_LEVELS_PER_POINT: Final = int(tables()["saves"]["levels_per_point"])
