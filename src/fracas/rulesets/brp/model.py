"""The BRP encounter schema: what a BRP combatant sheet and encounter hold (DESIGN.md §4).

Validated once at load (pydantic, strict, unknown fields refused); the fight itself runs on
the plain dataclasses of `state.py`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from fracas.core.encounter import EncounterSpec, SideSpec, StrictModel, unknown
from fracas.rulesets.brp import data

Characteristic = Annotated[int, Field(ge=1, le=100)]
Percent = Annotated[int, Field(ge=0, le=100)]


_LISTS = {"weapon": "weapons", "armour": "armour", "shield": "shields", "skill": "skills"}


def _unknown(kind: str, name: str, known: Iterable[str]) -> ValueError:
    listed = f"`fracas list brp {_LISTS.get(kind, kind)}`"
    return ValueError(f"{unknown(kind, name, known)} (see {listed})")


class Characteristics(StrictModel):
    """The seven characteristics (SRD chapter 2); all are required."""

    STR: Characteristic
    CON: Characteristic
    SIZ: Characteristic
    INT: Characteristic
    POW: Characteristic
    DEX: Characteristic
    APP: Characteristic


class WeaponEntry(StrictModel):
    """A weapon with details: a similar specialty to use (§5.5), or how much ammunition."""

    name: str
    use_skill: str | None = Field(
        default=None, description="a similar specialty of the same skill, used at ½ (§5.5)"
    )
    ammo: int | None = Field(
        default=None, ge=0, description="thrown: how many; firearms: shots loaded at the start"
    )

    @field_validator("name")
    @classmethod
    def _known(cls, name: str) -> str:
        if name not in data.weapons():
            raise _unknown("weapon", name, data.weapons())
        return name

    @model_validator(mode="after")
    def _similar(self) -> WeaponEntry:
        if self.use_skill is not None:
            weapon = data.weapons()[self.name]
            same = {w.specialty for w in data.weapons().values() if w.skill == weapon.skill}
            if self.use_skill not in same:
                raise ValueError(
                    f"{self.use_skill!r} is not a {weapon.skill} specialty, so it cannot stand in"
                    f" for {weapon.specialty} (§5.5 allows only a similar specialty)"
                )
        return self


class Combatant(StrictModel):
    """One BRP combatant sheet (or `count` identical ones)."""

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=100)
    characteristics: Characteristics
    skills: dict[str, Percent] = Field(
        default_factory=dict, description="merged with the template's; names from the book"
    )
    custom_skills: list[str] = Field(
        default_factory=list, description="skills of the sheet's own, not in the book"
    )
    weapons: list[str | WeaponEntry] = Field(
        default_factory=list, description="weapon names from the seed's tables; Brawl is implied"
    )
    armour: list[str] = Field(default_factory=list, description="one body armour, one helmet")
    shield: str | None = None
    position: list[float] = Field(default_factory=lambda: [0.0, 0.0], min_length=2, max_length=2)
    hp: int | None = Field(default=None, description="current hit points at the start")
    difficult: bool = Field(default=False, description="all this combatant's attacks Difficult")

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, weapons: list[str | WeaponEntry]) -> list[str | WeaponEntry]:
        for w in weapons:
            if isinstance(w, str) and w not in data.weapons():
                raise _unknown("weapon", w, data.weapons())
        return weapons

    @field_validator("armour")
    @classmethod
    def _armour(cls, names: list[str]) -> list[str]:
        slots: dict[str, str] = {}
        for name in names:
            if name not in data.armour():
                raise _unknown("armour", name, data.armour())
            slot = data.armour()[name].slot
            if slot in slots:
                raise ValueError(f"two {slot} armours: {slots[slot]!r} and {name!r}")
            slots[slot] = name
        return names

    @field_validator("shield")
    @classmethod
    def _shield(cls, name: str | None) -> str | None:
        if name is not None and name not in data.shields():
            raise _unknown("shield", name, data.shields())
        return name

    @model_validator(mode="after")
    def _skills(self) -> Combatant:
        """A skill the book does not have is a typo (a swordsman at `sword: 95` would fight at
        his base chance) unless the sheet lists it under `custom_skills`."""
        for name in self.skills:
            if name not in data.skills() and name not in self.custom_skills:
                err = _unknown("skill", name, data.skills())
                raise ValueError(f"{err}; a skill of your own goes under custom_skills")
        return self

    @model_validator(mode="after")
    def _hp(self) -> Combatant:
        if self.hp is not None:
            top = -(-(self.characteristics.CON + self.characteristics.SIZ) // 2)
            if not 1 <= self.hp <= top:
                raise ValueError(f"hp must be between 1 and the maximum {top}, got {self.hp}")
        return self


class Conditions(StrictModel):
    surprised: list[str] = Field(
        default_factory=list,
        description="sides caught unaware: in round 1 they neither act nor parry nor dodge",
    )
    lighting: Literal["normal", "dark"] = Field(
        default="normal", description="dark: nobody can see an attack coming (§5.6, §5.7)"
    )


class Options(StrictModel):
    """Optional rules and GM rulings (RULINGS.md §3 items named in each description)."""

    melee_reach_m: float = Field(
        default=2.0, gt=0, le=10, description="melee range in metres (F-BRP-1)"
    )
    defence_penalty: int = Field(
        default=0, ge=0, le=100, description="B9: −N% per earlier parry or dodge this round"
    )
    dodge_missiles: bool = Field(
        default=True, description="§5.7: arrows and thrown weapons dodged as Difficult"
    )


class Encounter(EncounterSpec):
    ruleset: Literal["brp"]
    sides: list[SideSpec[Combatant]] = Field(min_length=2)
    conditions: Conditions = Field(default_factory=Conditions)
    options: Options = Field(default_factory=Options)

    @model_validator(mode="after")
    def _sides(self) -> Encounter:
        names = [s.name for s in self.sides]
        for name in self.conditions.surprised:
            if name not in names:
                raise ValueError(f"conditions.surprised names {name!r}, which is not a side")
        return self
