"""The BRP tables of seed 002, loaded from the YAML files beside this module.

Figures live in `data/*.yaml` (each file cites its seed section); this module only gives them
types. Loaded once per process.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from fracas.core.immutable import rebuilt_by_constructor


class Length(enum.IntEnum):
    """§5.4 tie-break on a DEX rank: missile weapons first, then long, medium, short/unarmed."""

    MISSILE = 0
    LONG = 1
    MEDIUM = 2
    SHORT = 3
    UNARMED = 3  # "short weapons (daggers, etc.) or who are unarmed": the same class


class Kind(enum.Enum):
    MELEE = "melee"
    THROWN = "thrown"
    BOW = "bow"
    CROSSBOW = "crossbow"
    SLING = "sling"
    FIREARM = "firearm"
    ENERGY = "energy"

    @property
    def missile(self) -> bool:
        return self is not Kind.MELEE

    @property
    def high_velocity(self) -> bool:
        """§5.6/§5.7: firearms and energy weapons can be neither parried nor dodged."""
        return self in (Kind.FIREARM, Kind.ENERGY)


@dataclass(frozen=True, slots=True)
class WeaponData:
    name: str
    skill: str  # Melee Weapon, Missile Weapon, Firearm, Energy Weapon, Brawl, Throw
    specialty: str  # the skill a sheet lists: Sword, Bow, Pistol...
    base: int | None  # None: the seed prints the skill's own base (Rock: "Throw")
    damage: str
    hands: int
    hp: int | None
    length: Length
    kind: Kind
    range: int | None = None
    capacity: int | None = None  # §5.9 note **: shots before reloading
    missile: bool = False  # a missile weapon (kind other than melee): set from `kind` at load
    # firearms and energy weapons (`Kind.high_velocity`), set from `kind` at load: an enum's
    # property is an interpreted call, and every attack asks (issue 10)
    high_velocity: bool = False
    # `int(length)`, set at load: §5.4's order of action reads it at every action, and an
    # `IntEnum`'s `int()` is a generic call on the compiled build (issue 35)
    length_rank: int = 0


@dataclass(frozen=True, slots=True)
class ArmourData:
    name: str
    slot: str  # body or helmet
    ap: int
    ap_firearm: int | None = None  # Riot Gear 12/6 (B-C4)
    physical: int = 0
    perception: int = 0


@dataclass(frozen=True, slots=True)
class ShieldData:
    name: str
    base: int
    hp: int
    damage: str
    missile: str  # target, full or large (§5.11)


@dataclass(frozen=True, slots=True)
class MatrixRow:
    attack: str
    defence: str
    result: str  # blocked, normal, special
    text: str
    parry_item_damage: int = 0
    attacker_weapon_damage: int = 0


def _load(name: str) -> Any:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    return yaml.safe_load(text)


@cache
def weapons() -> dict[str, WeaponData]:
    raw = _load("weapons.yaml")
    out: dict[str, WeaponData] = {}
    for row in raw["melee"]:
        length = Length[row.pop("length").upper()]
        out[row["name"]] = WeaponData(
            **row, length=length, kind=Kind.MELEE, missile=False, length_rank=int(length)
        )
    for row in raw["missile"]:
        kind = Kind(row.pop("kind"))
        fast = kind.high_velocity
        out[row["name"]] = WeaponData(
            **row,
            length=Length.MISSILE,
            kind=kind,
            missile=True,
            high_velocity=fast,
            length_rank=int(Length.MISSILE),
        )
    return out


@cache
def specialty_bases() -> dict[str, int]:
    """Each specialty's base chance, from the §5.9 tables: the base its weapons print; where
    they differ (Sword: 15, 15, 05) the highest, the Great Sword's 05 being that weapon's own
    (F-BRP-13). Specialties printed without a base (Throw) are in `tables.base_chances`."""
    out: dict[str, int] = {}
    for w in weapons().values():
        if w.base is not None:
            out[w.specialty] = max(w.base, out.get(w.specialty, 0))
    return out


@cache
def armour() -> dict[str, ArmourData]:
    return {row["name"]: ArmourData(**row) for row in _load("armour.yaml")}


@cache
def shields() -> dict[str, ShieldData]:
    raw = _load("shields.yaml")
    return {
        row["name"]: ShieldData(**{k: v for k, v in row.items() if k != "skill"})
        for row in raw["shields"]
    }


@cache
def shield_bash(name: str) -> WeaponData:
    """§5.11: the named shield used as a weapon, a melee weapon row like §5.9's (F-BRP-15)."""
    sd = shields()[name]
    bash = _load("shields.yaml")["bash"]
    length = Length[str(bash["length"]).upper()]
    return WeaponData(
        name=f"{sd.name} shield",
        skill="Shield",
        specialty="Shield",
        base=sd.base,
        damage=sd.damage,
        hands=int(bash["hands"]),
        hp=sd.hp,
        length=length,
        kind=Kind.MELEE,
        length_rank=int(length),
    )


@cache
def missile_parry() -> dict[str, int]:
    return dict(_load("shields.yaml")["missile_parry"])


@cache
def tables() -> dict[str, Any]:
    return dict(_load("tables.yaml"))


@cache
def matrix() -> dict[tuple[str, str], MatrixRow]:
    return {(r["attack"], r["defence"]): MatrixRow(**r) for r in tables()["matrix"]}


@cache
def templates() -> dict[str, dict[str, Any]]:
    return dict(_load("templates.yaml"))


@cache
def skills() -> tuple[str, ...]:
    """The skills a BRP sheet's `skills:` may name: every weapon specialty of the seed's
    tables, the Shield, and the other skills combat uses (Dodge, First Aid, Throw, §5)."""
    names = {w.specialty for w in weapons().values()} | {"Shield"}
    names |= {k for k in tables()["base_chances"] if not k.endswith("_per_DEX")} | {"Dodge"}
    return tuple(sorted(names))


rebuilt_by_constructor(
    WeaponData, ArmourData, ShieldData, MatrixRow
)  # copies of a state (core.immutable)
