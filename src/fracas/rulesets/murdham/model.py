"""The Murdham encounter schema (DESIGN.md §4): factions, characters, the zone map."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from fracas.core.encounter import EncounterSpec, SideSpec, StrictModel, unknown
from fracas.dice import DiceError, compile_dice
from fracas.rulesets.murdham import data

Ability = Annotated[int, Field(ge=1, le=19)]  # M1: scores range between 1 and 19
Size = Literal["tiny", "small", "medium", "large", "massive"]

# Traits and skills are free text (the bestiary has many); these are the ones the combat rules
# read: immune to fear, frenzied (M17), tough (M4).


class NaturalAttack(StrictModel):
    """A monster's own attack (bite, talons, breath), written inline."""

    name: str
    die: int = Field(ge=2, le=20)
    hands: int = Field(default=1, ge=0, le=2)
    range: int | None = Field(default=None, ge=0)
    blast: bool = False
    direct: bool = False
    impaired: bool = False
    penetrates_cover: bool = False
    reload: bool = Field(default=False, description="once per fight (M13)")
    thrown: bool = False
    reach: int = Field(default=0, ge=0, le=2)


class Character(StrictModel):
    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=100)
    STR: Ability
    AGI: Ability
    WIT: Ability
    size: Size = "medium"
    weapons: list[str] = Field(default_factory=list, description="names from the weapon table")
    natural_attacks: list[NaturalAttack] = Field(default_factory=list)
    armour: str | None = None
    armour_value: int = Field(default=0, ge=0, le=3, description="natural armour (scales...)")
    shield: bool = False
    traits: list[str] = Field(default_factory=list, description="e.g. immune to fear, frenzied")
    skills: list[str] = Field(default_factory=list, description="e.g. tough")
    mount: bool = Field(default=False, description="a riding animal")
    zone: str
    border: str | None = Field(default=None, description="the other zone, if on a border")
    health: int | None = Field(default=None, ge=1, description="current health at the start")
    speed: int = Field(default=2, ge=0, le=8, description="zones per full move")
    concealed: bool = Field(default=False, description="an ambusher, hidden at the start")
    cover: bool = False
    behind_barrier: bool = False
    damaged: list[str] = Field(default_factory=list, description="gear already damaged")
    rides: str | None = Field(default=None, description="the name of this rider's mount")

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, names: list[str]) -> list[str]:
        for n in names:
            if n not in data.weapons():
                raise unknown("weapon", n, list(data.weapons()))
        return names

    @field_validator("armour")
    @classmethod
    def _armour(cls, name: str | None) -> str | None:
        if name is not None and name not in data.armour():
            raise unknown("armour", name, list(data.armour()))
        return name

    @model_validator(mode="after")
    def _health(self) -> Character:
        top = self.STR + (3 if "tough" in self.traits or "tough" in self.skills else 0)
        if self.health is not None and self.health > top:
            raise ValueError(f"health {self.health} is above the maximum {top} (STR, M4)")
        return self


def _notation(text: str) -> str:
    """Hazard damage: N d X plus or minus a constant, each die exploding (M9)."""
    try:
        compile_dice(text)
    except DiceError as err:
        raise ValueError(str(err)) from None
    if data.DAMAGE_NOTATION.match(text) is None:
        raise ValueError(f"expected damage dice such as 2d6 or 1d4+1, got {text!r}")
    return text


class ZoneSpec(StrictModel):
    name: str
    links: list[str] = Field(default_factory=list)
    open: bool = True
    dark: bool = False
    cover: bool = False
    hazard: str | None = Field(default=None, description="damage notation, e.g. 2d6")

    @field_validator("hazard")
    @classmethod
    def _hazard(cls, text: str | None) -> str | None:
        return None if text is None else _notation(text)


class MapSpec(StrictModel):
    grid: list[Annotated[int, Field(ge=1, le=26)]] | None = Field(
        default=None, min_length=2, max_length=2, description="columns (a–z) and rows"
    )
    zones: list[ZoneSpec] | None = None
    dark: list[str] = Field(default_factory=list, description="grid zones in darkness")
    cover: list[str] = Field(default_factory=list, description="grid zones offering cover")
    closed: list[str] = Field(default_factory=list, description="grid zones where none sprint")
    hazards: dict[str, str] = Field(default_factory=dict, description="zone → damage notation")

    @field_validator("hazards")
    @classmethod
    def _hazards(cls, hazards: dict[str, str]) -> dict[str, str]:
        for text in hazards.values():
            _notation(text)
        return hazards

    @model_validator(mode="after")
    def _links(self) -> MapSpec:
        if self.zones is not None:
            names = {z.name for z in self.zones}
            for z in self.zones:
                for other in z.links:
                    if other not in names:
                        raise ValueError(f"zone {z.name!r} links to {other!r}, not on the map")
        return self


class Faction(SideSpec[Character]):
    morale: bool = Field(default=True, description="whether this faction checks morale")


class Conditions(StrictModel):
    initiative: str | None = Field(
        default=None, description="the faction that started the fight (else drawn at random)"
    )


class Options(StrictModel):
    gear_degradation: bool = Field(default=True, description="durability rolls after the fight")
    pursue_retreat: bool = Field(
        default=False, description="chase retreating characters (long chase, group AGI save)"
    )


class Encounter(EncounterSpec):
    ruleset: Literal["murdham"]
    map: MapSpec = Field(default_factory=lambda: MapSpec(grid=[5, 5]))
    sides: list[Faction] = Field(min_length=2)
    conditions: Conditions = Field(default_factory=Conditions)
    options: Options = Field(default_factory=Options)

    @model_validator(mode="after")
    def _check(self) -> Encounter:
        names = [s.name for s in self.sides]
        if self.conditions.initiative is not None and self.conditions.initiative not in names:
            raise ValueError(
                f"initiative names {self.conditions.initiative!r}, not a faction"
                f" (factions: {', '.join(names)})"
            )
        zones = self.zone_names()
        listed = [*self.map.dark, *self.map.cover, *self.map.closed, *self.map.hazards]
        for name in listed:
            if name not in zones:
                raise ValueError(f"map names zone {name!r}, which is not on the map")
        for side in self.sides:
            for c in side.combatants:
                for z in (c.zone, c.border):
                    if z is not None and z not in zones:
                        known = ", ".join(sorted(zones))
                        raise ValueError(f"{c.name}: no zone {z!r} on the map (zones: {known})")
        self._check_room()
        return self

    def _check_room(self) -> None:
        """M14: a zone and a border hold so many medium characters, a size step taking 4
        times the room (data/sizes.yaml); mounted riders share their mount's place and count
        too."""
        taken, limits = data.room()
        used: dict[str, Fraction] = {}
        for side in self.sides:
            for c in side.combatants:
                place = c.zone if c.border is None else "/".join(sorted((c.zone, c.border)))
                used[place] = used.get(place, Fraction(0)) + taken[c.size] * c.count
        for place, amount in sorted(used.items()):
            limit = limits["border" if "/" in place else "zone"]
            if amount > limit:
                where = f"the border {place}" if "/" in place else f"zone {place}"
                raise ValueError(
                    f"{where} holds {float(amount):g} medium characters' worth; the rules allow"
                    f" {limit} (M14)"
                )

    def zone_names(self) -> set[str]:
        if self.map.zones is not None:
            return {z.name for z in self.map.zones}
        cols, rows = self.map.grid or [5, 5]
        return {f"{chr(ord('a') + c)}{r + 1}" for c in range(cols) for r in range(rows)}
