"""The SemiAutoMagic encounter schema (DESIGN.md §4; checklist "Encounter fields"): stat blocks
with abilities, skills, techniques, scale, speed, gear and combos; the ground (terrain areas,
lighting); the sides' surprise; the game master's options (the readings' alternatives)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from fracas.core.encounter import EncounterSpec, SideSpec, StrictModel, unknown
from fracas.rulesets.semiautomagic import data
from fracas.rulesets.semiautomagic.hazard_model import (
    Complexity,
    Dose,
    Gas,
    RadiationSource,
    known_poison,
    mount_problem,
)

Ability = Field(default=3, ge=0, le=20)  # RULINGS.md S1: integers, 3 is average
Skill = Literal[
    "weapon", "ranged", "magic", "reflex", "shield", "fortitude", "combat_expertise",
    "perception", "stealth", "acrobatics", "athletics", "wrestle", "medicine", "unarmoured",
]  # fmt: skip
# RULINGS.md S7: techniques are data flags. Extra Attack (rule 86) and Evasion (S6) act;
# Sneak Attack (rule 96) is a flag the chapter refers to without its rule (a hook).
Technique = Literal["extra attack", "evasion", "sneak attack"]
Posture = Literal["standing", "crouched", "prone"]
Cover = Literal["none", "light", "medium", "heavy", "total"]


class Possession(StrictModel):
    """Rule 152: a creature's possession ability, from its entry (the seed's Bal-Ziggaroth:
    +4). The seed gives no time for the attempt: 4 s as a spell by default (F-SAM-42)."""

    bonus: int = Field(ge=-10, le=30, description="its Possession check bonus")
    range: float = Field(gt=0, le=10_000, description="metres")
    seconds: int = Field(default=4, ge=0, le=60, description="of the attempt (F-SAM-42)")


class CoverSpec(StrictModel):
    """Rules 103-106 (SAM-A42): the cover in front of a combatant as an object, for when "it
    is important to determine if the cover gets hit (weak, expensive, explosive, alive)". Its
    Toughness is that of an object (rule 163: 6 + 3 x scale + END 3 + Durability) unless given."""

    durability: int = Field(default=0, ge=0, le=20, description="its Defence bonus (rule 164)")
    scale: int = Field(default=0, ge=-1, le=10, description="the cover's scale (rule 40)")
    toughness: int | None = Field(default=None, ge=1, le=100, description="if not derived")


class Combatant(StrictModel):
    """A stat block (checklist stage 1, "Stat blocks and derivations")."""

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=100)
    scale: int = Field(default=0, ge=-1, le=10, description="rules 37-40: by size, round down")
    speed: float = Field(gt=0, le=1000, description="metres per 1 s move (SAM-A9: required)")
    STR: int = Ability
    DEX: int = Ability
    END: int = Ability
    INT: int = Ability
    SPI: int = Ability
    skills: dict[Skill, int] = Field(default_factory=dict, description="ranks (S2)")
    techniques: list[Technique] = Field(default_factory=list, description="S7, repeatable")
    weapons: list[str] = Field(
        min_length=1, max_length=4, description="names from the weapon table; the first in hand"
    )
    armour: str = Field(default="none", description="a name from the armour table (164)")
    natural_armour: int = Field(default=0, ge=0, le=20, description="rule 164: +0 unless given")
    durability: int = Field(default=0, ge=0, le=20, description="rule 164: objects")
    shield: bool = Field(default=False, description="can Block (S6)")
    combos: list[list[str]] = Field(
        default_factory=lambda: [["attack"]],
        max_length=12,
        description="each a list of components (rules 81-92); the first combo is the default",
    )
    position: list[float] | None = Field(
        default=None, min_length=2, max_length=2, description="[x, y] of its centre in metres"
    )
    posture: Posture = "standing"
    cover: Cover = Field(default="none", description="cover where it stands (rules 93, 100)")
    cover_toward: list[float] | None = Field(
        default=None, min_length=2, max_length=2,
        description="[dx, dy]: the side its cover is on; it covers against attacks from that "
        "side only (issue 31); none: from every side",
    )
    cover_object: CoverSpec | None = Field(
        default=None, description="the cover as an object that can be hit (rules 103-106)"
    )
    concealed: bool = Field(default=False, description="smoke, fog, tall grass (rule 108)")
    invisible: bool = Field(default=False, description="+4 Target, must be located (111-112)")
    hiding: bool = Field(default=False, description="rolls Stealth as the fight starts (110)")
    lowlight: bool = Field(default=False, description="lowlight vision (SAM-A34)")
    carried: float = Field(default=0, ge=0, le=100_000, description="kg carried (217-222)")
    wheeled: float = Field(default=0, ge=0, le=100_000, description="kg on wheels (221)")
    arrives: int = Field(default=1, ge=1, le=1000, description="round it arrives in (rule 4)")
    disabled: bool = Field(default=False, description="rule 187")
    held: bool = Field(default=False, description="rule 193")
    possession: Possession | None = Field(default=None, description="rules 152-158")
    # Stage 2, mind and aftermath (rules 135, 143, 191, 194, 224-230; SAM-A45, SAM-A46).
    level: int = Field(default=1, ge=1, le=20, description="level, or a creature's CR (225)")
    xp: int = Field(default=0, ge=0, le=999, description="experience toward the next level")
    will_modifier: int = Field(
        default=0, ge=-10, le=20, description="rules 135, 143: Will from Discipline and the like"
    )
    asleep: bool = Field(default=False, description="rule 191: sleeping as the fight starts")
    tired: bool = Field(default=False, description="rule 194 (S16): -1 to all checks")
    dislikes: str | None = Field(
        default=None, description="SAM-A45: the creature it dislikes most (confusion 3)"
    )
    inanimate: bool = Field(default=False, description="rule 171: an object, destroyed not dying")
    animal: bool = Field(
        default=False, description="rule 224: an animal, not a character: it earns no experience"
    )
    # Movement and hazards (stage 2: rules 131-134, 145-151, 200, 202-216; SAM-A11).
    rides: str | None = Field(default=None, description="its mount, of its side (131-134)")
    altitude: float = Field(default=0, ge=0, le=100_000, description="metres aloft (SAM-A11)")
    fly_speed: float | None = Field(
        default=None, gt=0, le=1000, description="metres per 1 s move in the air (SAM-A11)"
    )
    venom: str | None = Field(default=None, description="poison its melee hits carry (203)")
    afflicted: list[Dose] = Field(default_factory=list, max_length=20, description="208")
    drinks: list[int] = Field(
        default_factory=list, max_length=50, description="DCs (3-6) drunk this hour (211)"
    )
    electronic: Complexity | None = Field(default=None, description="EMP Toughness (200)")

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, names: list[str]) -> list[str]:
        for n in names:
            if n not in data.weapons():
                raise unknown("weapon", n, list(data.weapons()))
        return names

    @field_validator("armour")
    @classmethod
    def _armour(cls, name: str) -> str:
        if name not in data.armour():
            raise unknown("armour", name, list(data.armour()))
        return name

    @field_validator("venom")
    @classmethod
    def _venom(cls, name: str | None) -> str | None:
        return None if name is None else known_poison(name)

    @field_validator("drinks")
    @classmethod
    def _drinks(cls, dcs: list[int]) -> list[int]:
        for dc in dcs:
            if not 3 <= dc <= 6:
                raise ValueError(f"a drink's Fortitude DC is 3 to 6 (rule 211), not {dc}")
        return dcs

    @field_validator("skills")
    @classmethod
    def _ranks(cls, skills: dict[str, int]) -> dict[str, int]:
        for name, ranks in skills.items():
            if not 0 <= ranks <= 20:
                raise ValueError(f"skill {name}: ranks must be 0 to 20, not {ranks}")
        return skills

    @model_validator(mode="after")
    def _cover(self) -> Combatant:
        if self.cover_object is not None and self.cover == "none":
            raise ValueError(f"{self.name} has a cover_object but cover: none (rules 103-106)")
        return self

    @model_validator(mode="after")
    def _combos(self) -> Combatant:
        """Rules 81, 84-86 and RULINGS.md S8: each combo within the character's limits."""
        problem = combo_problem(self)
        if problem:
            raise ValueError(problem)
        if self.altitude > 0 and self.fly_speed is None:
            raise ValueError(f"{self.name} is {self.altitude:g} m aloft without a fly_speed")
        return self


def combo_problem(sheet: Combatant) -> str | None:
    ranks = sheet.skills
    known = 1 + ranks.get("combat_expertise", 0)  # S8: combos known
    if len(sheet.combos) > known:
        return f"{sheet.name} knows {len(sheet.combos)} combos; Combat Expertise allows {known}"
    most = data.skill_bonus("combat_expertise", ranks.get("combat_expertise", 0)) + 1  # S8
    parts = max(ranks.get("weapon", 0), ranks.get("ranged", 0)) + 1  # rule 84
    attacks = 1 + sheet.techniques.count("extra attack")  # rule 86
    table = data.components()
    for combo in sheet.combos:
        for c in combo:
            if c not in table:
                return str(unknown("combo component", c, list(table)))
        rating = sum(table[c]["rating"] for c in combo)
        hits = sum(table[c]["attacks"] for c in combo)
        if not combo or hits == 0:
            return f"combo {combo} of {sheet.name} makes no attack"
        if rating > most:
            return f"combo {combo} has rating {rating}; {sheet.name}'s maximum is {most} (S8)"
        if len(combo) > parts:
            return f"combo {combo} has {len(combo)} components; at most {parts} (rule 84)"
        if hits > attacks:
            return f"combo {combo} makes {hits} attacks; Extra Attack allows {attacks} (rule 86)"
    return None


class Side(SideSpec[Combatant]):
    surprised: bool = Field(default=False, description="flat-footed at first (115, C7)")
    tried: bool = Field(
        default=True, description="rule 228: it really tried to win (Defeated by Enemy XP)"
    )


class Area(StrictModel):
    """Ground (rules 33-36): a rectangle of difficult or extreme terrain, in metres."""

    kind: Literal["difficult", "extreme"] = "difficult"
    x: list[float] = Field(min_length=2, max_length=2, description="[west, east] in metres")
    y: list[float] = Field(min_length=2, max_length=2, description="[south, north] in metres")

    @model_validator(mode="after")
    def _ordered(self) -> Area:
        if self.x[0] >= self.x[1] or self.y[0] >= self.y[1]:
            raise ValueError(f"terrain x {self.x} and y {self.y} must each go from low to high")
        return self


class Conditions(StrictModel):
    lighting: Literal["clear", "hazy", "dark"] = Field(default="clear", description="rule 109")
    terrain: list[Area] = Field(default_factory=list, max_length=500)
    distance: float = Field(
        default=6, ge=0, le=10_000, description="metres between sides placed without positions"
    )
    noise: int = Field(
        default=-6, ge=-20, le=20, description="rule 191: the fight's noise DC where sleepers lie"
    )
    radiation: list[RadiationSource] = Field(default_factory=list, max_length=50, description="223")
    gas: list[Gas] = Field(default_factory=list, max_length=50, description="rule 204")
    ledges: bool = Field(default=False, description="ledges or branches to catch (rule 148)")


class Options(StrictModel):
    """The other readings a game master may want (checklist "How to use it")."""

    wound_on_equal: bool = Field(default=False, description="SAM-A27: damage = Min → wound")
    close_reaches_adjacent: bool = Field(default=False, description="SAM-A13")
    dying_dc: Literal[4, 6] = Field(default=4, description="C2: 4 − wounds, or 6 (Conditions)")
    flat_footed: Literal["no defence", "-1"] = Field(default="no defence", description="C7")
    diagonals: Literal["alternate", "chebyshev"] = Field(default="alternate", description="A7")
    combo_wound_kills_dying: bool = Field(default=False, description="SAM-A25")
    sphere_on_grid: bool = Field(
        default=False, description="SAM-A22: a sphere is its scale's grid square, not centred"
    )
    scatter_dice: Literal["doublings", "increments"] = Field(
        default="doublings", description="SAM-A21: (k + 1)d6, or 1d6 per range increment out"
    )
    cover_hit_literal: bool = Field(
        default=False, description="SAM-A42: the seed's 'missed by less than the bonus'"
    )
    cover_wound_hits_target: bool = Field(
        default=True, description="rule 106: a wound to the cover reaches the target at -3"
    )
    combo_seconds: Literal[4, 3] = Field(
        default=4, description="SAM-A1: combos, single attacks and spells take 4 s (or 3)"
    )
    calm_hour: bool = Field(
        default=False, description="rule 144: a calm hour follows the fight (penalties go)"
    )
    typed_morale: Literal["penalty and effect", "effect only"] = Field(
        default="penalty and effect", description="SAM-A37: typed morale damage above Will"
    )
    escape: float = Field(
        default=30, gt=0, le=10_000, description="F-SAM-105: metres from every enemy to flee"
    )
    speed_damage: bool = Field(default=True, description="rule 114: the GM's call, on")
    reins_every_round: bool = Field(
        default=False, description="SAM-A38: 2 s for the mount even when it does nothing"
    )
    fall_rounding: Literal["up", "down"] = Field(
        default="up", description="C12: the table's 'up to' (or the text's per full 5 m)"
    )


class Encounter(EncounterSpec):
    sides: list[Side] = Field(min_length=2)
    conditions: Conditions = Field(default_factory=Conditions)
    options: Options = Field(default_factory=Options)

    @model_validator(mode="after")
    def _dislikes(self) -> Encounter:
        """SAM-A45: `dislikes` names a combatant of the encounter."""
        names = [c.name for s in self.sides for c in s.combatants]
        for c in (c for s in self.sides for c in s.combatants):
            if c.dislikes is not None and c.dislikes not in names:
                raise unknown(f"{c.name}'s dislikes", c.dislikes, names)
        return self

    @model_validator(mode="after")
    def _mounts(self) -> Encounter:
        """Rules 131-134: each rider's mount is a combatant of its side."""
        problem = mount_problem(self.sides)
        if problem:
            raise ValueError(problem)
        return self
