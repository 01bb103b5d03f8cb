"""The OD&D encounter schema (DESIGN.md §4): sides with their surprise chances, stat blocks
for characters and monsters, the referee's options."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from fracas.core.encounter import EncounterSpec, SideSpec, StrictModel, unknown
from fracas.rulesets.odnd import data

Attribute = Field(default=10, ge=3, le=18)  # D5 covers 3-18
Kind = Literal["character", "monster"]
# Rule 3: the fighter-type class set; thieves (rules 5, 9, 17); everyone else.
ClassName = Literal[
    "fighter", "ranger", "barbarian", "dwarf", "hobbit", "paladin", "pirate",
    "thief", "cleric", "magic-user", "elf", "normal man",
]  # fmt: skip
FIGHTER_TYPES = frozenset(
    {"fighter", "ranger", "barbarian", "dwarf", "hobbit", "paladin", "pirate"}
)
RangeBand = Literal["short", "medium", "long"]


class Fighter(StrictModel):
    """A stat block. Characters have a class and a level; monsters have hit dice (D3)."""

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=300)
    kind: Kind = "monster"
    cls: ClassName = Field(default="fighter", description="characters' class (rule 3)")
    level: int = Field(default=1, ge=0, le=36, description="characters' XP level")
    hero: bool = Field(default=False, description="an important NPC, never a normal man (22)")
    hd: int = Field(default=1, ge=0, le=30, description="monsters' hit dice (D3)")
    hd_plus: int = Field(default=0, ge=-3, le=20, description="the +N of HD N+M")
    STR: int = Attribute
    DEX: int = Attribute
    ac: int = Field(
        default=9, ge=-10, le=9, description="armour class (descending) before DEX and shield"
    )
    shield: bool = Field(default=False, description="1 AC better, against 2 attackers only (66)")
    light_armour: bool = Field(default=False, description="for the swashbuckler option (7)")
    weapons: list[str] = Field(
        min_length=1, max_length=2, description="names from the weapon table"
    )
    trained: bool = Field(default=True, description="false: untrained in its weapon (41)")
    hp: int | None = Field(default=None, ge=1, le=500, description="rolled (D3) when absent")
    morale: int = Field(default=7, ge=2, le=12, description="2d6 score (D7); 12 never checks")
    group: str | None = Field(default=None, description="the initiative group (ODD-U30)")
    attacks: int = Field(default=1, ge=1, le=6, description="ordinary attacks a round")
    needs: Literal["none", "magic", "silver"] = Field(
        default="none", description="what a weapon must be to hurt it (rule 31, ODD-U50)"
    )
    magic_bonus: int = Field(default=0, ge=0, le=5, description="+N weapon: to hit and damage")
    size: Literal["small", "medium", "large", "huge"] = "medium"
    range: RangeBand = Field(default="medium", description="range band of its missiles (14)")

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, names: list[str]) -> list[str]:
        for n in names:
            if n not in data.weapons():
                raise unknown("weapon", n, list(data.weapons()))
        return names

    @model_validator(mode="after")
    def _florentine(self) -> Fighter:
        if len(self.weapons) == 2:
            if self.kind != "character" or self.cls not in FIGHTER_TYPES or self.shield:
                raise ValueError(
                    "two weapons (Florentine) are for fighter types with no shield (ODD-U22)"
                )
            if any(data.weapons()[w].ranged or data.weapons()[w].hands == 2 for w in self.weapons):
                raise ValueError(
                    "two weapons (Florentine, rule 74) must be one-handed melee weapons"
                )
        return self


class Side(SideSpec[Fighter]):
    surprises_on: int = Field(default=2, ge=0, le=6, description="surprises on 1-N (T-ODD-6)")
    surprised_on: int = Field(default=2, ge=0, le=6, description="is surprised on 1-M (T-ODD-6)")


class Conditions(StrictModel):
    surprise: bool = Field(default=False, description="roll surprise (rules 109-115)")
    reroll_initiative: bool = Field(default=False, description="re-roll every round (ODD-U30)")
    party_die: bool = Field(default=False, description="one initiative die per side (option)")


class Options(StrictModel):
    swashbuckler: bool = Field(default=False, description="rule 7/11: DEX for light fighters")


class Encounter(EncounterSpec):
    sides: list[Side] = Field(min_length=2)
    conditions: Conditions = Field(default_factory=Conditions)
    options: Options = Field(default_factory=Options)
