"""The Spelljammer encounter schema (DESIGN.md §4; checklist "Stat-block fields these rules
need"): stat blocks with attacks per round, weapons with their SC and rank, DEF and PROT in
their parts (P5, P7, SJ-U12), spells with casting times, and the GM's readings as options."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from fracas.core.encounter import EncounterSpec, SideSpec, StrictModel, unknown
from fracas.dice import compile_dice
from fracas.rulesets.spelljammer import data

Size = Literal["tiny", "small", "medium", "large", "giant"]


class Weapon(StrictModel):
    """A weapon in hand: its row of the weapon table, the wielder's Strike Chance (P6) and
    rank with it (rules 181, 234–236), and its damage with the wielder's bonus folded in."""

    weapon: str = Field(
        description="a name from the weapon table",
        json_schema_extra={"enum": list(data.weapons())},
    )
    sc: int = Field(ge=0, le=300, description="Strike Chance with it (P6)")
    rank: int = Field(default=0, ge=0, le=50, description="weapon rank (rules 181, 184, 246)")
    damage: str | None = Field(default=None, description="dice, e.g. 1d8+4; default the table's")
    offhand: bool = Field(default=False, description="held in the off hand (rules 196–198)")
    specialist: Literal[0, 1, 2] = Field(
        default=0, description="1 specialist, 2 double specialist (rules 234–236, 247)"
    )
    state: Literal["in_hand", "sheathed", "dropped"] = Field(
        default="in_hand",
        description="rules 150–154, 199–201: in hand, sheathed, or dropped at its feet",
    )
    ammo: int | None = Field(
        default=None,
        ge=0,
        le=500,
        description="missiles: arrows or quarrels in the quiver, or how many of a thrown "
        "weapon it carries (default: a thrown weapon is one; a bow's quiver is not counted)",
    )

    @field_validator("weapon")
    @classmethod
    def _known(cls, name: str) -> str:
        if name not in data.weapons():
            raise unknown("weapon", name, list(data.weapons()))
        return name

    @field_validator("damage")
    @classmethod
    def _dice(cls, dice: str | None) -> str | None:
        if dice is not None:
            compile_dice(dice)  # a DiceError is a ValueError: pydantic reports it
        return dice

    @model_validator(mode="after")
    def _ammo(self) -> Weapon:
        if self.ammo is not None and not data.weapons()[self.weapon].ranged:
            raise ValueError(f"{self.weapon}: `ammo` counts missiles; a melee weapon has none")
        return self


class Spell(StrictModel):
    """A spell ready to cast (rules 112–130, SJ-U36, SJ-U37): a cleric's casting time (a
    number of segments or `1 round`), or a mage's rank and GK/SK; its optional cast chance;
    its effect (`damage` or `heal` dice: the minimal vocabulary SJ-U37 prescribes, the seed
    having no spell list)."""

    name: str = Field(min_length=1)
    caster: Literal["cleric", "mage"] = "mage"
    casting_time: Annotated[int, Field(ge=1, le=15)] | Literal["1 round"] | None = Field(
        default=None, description="clerics: segments (1–15), or `1 round` (rules 113, 35)"
    )
    rank: int = Field(default=1, ge=1, le=30, description="mages: rank in the spell (121)")
    knowledge: Literal["GK", "SK"] = Field(default="GK", description="mages (rule 121)")
    cast_chance: int | None = Field(default=None, ge=0, le=300, description="SJ-U37")
    damage: str | None = Field(default=None, description="dice; PROT applies, can stun")
    heal: str | None = Field(default=None, description="dice of hit points restored")
    range: int = Field(default=20, ge=0, le=200, description="in 5-ft squares")
    uses: int = Field(default=1, ge=1, le=20, description="how many times it can be cast")

    @field_validator("damage", "heal")
    @classmethod
    def _dice(cls, dice: str | None) -> str | None:
        if dice is not None:
            compile_dice(dice)  # a DiceError is a ValueError: pydantic reports it
        return dice

    @model_validator(mode="after")
    def _complete(self) -> Spell:
        if self.caster == "cleric" and self.casting_time is None:
            raise ValueError("a cleric spell needs its casting_time (rule 113)")
        if self.caster == "mage" and self.casting_time is not None:
            raise ValueError("a mage spell's casting time comes from rank and GK/SK (121)")
        if (self.damage is None) == (self.heal is None):
            raise ValueError("a spell has exactly one effect: damage or heal (SJ-U37)")
        return self


class Potion(StrictModel):
    """A potion close at hand (rules 157–159, SJ-U32): its effect is data (the seed gives
    none): hit points restored."""

    name: str = Field(min_length=1)
    heal: str = Field(description="dice of hit points restored, e.g. 2d4+2")
    count: int = Field(default=1, ge=1, le=10)

    @field_validator("heal")
    @classmethod
    def _dice(cls, dice: str) -> str:
        compile_dice(dice)  # a DiceError is a ValueError: pydantic reports it
        return dice


class Defence(StrictModel):
    """DEF in its parts (P5, SJ-U10): casting drops dex, skill and shield; a withdrawer's
    free attack drops the shield; out-of-combat surprise leaves magic_always."""

    dex: int = Field(default=0, ge=-50, le=100)
    skill: int = Field(default=0, ge=0, le=100)
    shield: int = Field(default=0, ge=0, le=100)
    magic_always: int = Field(default=0, ge=0, le=100)
    magic_other: int = Field(default=0, ge=0, le=100)


class Protection(StrictModel):
    """PROT in its parts (P7, SJ-U12): only armour loses 1 on a grievous hit."""

    armour: int = Field(default=0, ge=0, le=50)
    natural: int = Field(default=0, ge=0, le=50)


class Fighter(StrictModel):
    """A stat block (checklist "Stat-block fields")."""

    name: str = Field(min_length=1)
    count: int = Field(default=1, ge=1, le=100)
    DEX: int = Field(default=12, ge=1, le=40)
    CON: int = Field(default=12, ge=1, le=60)
    IM: int | None = Field(default=None, ge=-10, le=10, description="default: DEX by P2")
    hp: int = Field(ge=1, le=1000, description="maximum hit points")
    current_hp: int | None = Field(
        default=None, ge=1, le=1000, description="hit points as the encounter starts (SJ-U17)"
    )
    TMR: int = Field(default=5, ge=0, le=30, description="5-ft squares a round (P3)")
    size: Size = "medium"
    attacks: int = Field(default=1, ge=1, le=6, description="attacks a round (rule 8)")
    weapons: list[Weapon] = Field(default_factory=list, max_length=2)
    spells: list[Spell] = Field(default_factory=list, max_length=10)
    DEF: Defence = Field(default_factory=Defence)
    PROT: Protection = Field(default_factory=Protection)
    encumbered: bool = Field(default=False, description="−10 DEF and SC (rules 177–178)")
    ambidextrous: bool = Field(default=False, description="no off-hand penalty (198)")
    darkvision: bool = Field(default=False, description="ignores lighting (SJ-U25)")
    tentacle_pairs: int = Field(default=0, ge=0, le=6, description="SJ-U22: attackers")
    cover: Literal["none", "soft", "hard"] = Field(default="none", description="vs missiles")
    position: list[float] | None = Field(
        default=None, min_length=2, max_length=2, description="[x, y] in feet"
    )
    PER: int = Field(default=12, ge=1, le=40, description="for N× PER rolls (rules 102, 166)")
    luck: int = Field(default=0, ge=-50, le=100, description="Luck save bonus (P9)")
    first_aid: int = Field(default=0, ge=0, le=200, description="removes stuck missiles (SJ-U46)")
    range_of_field: int = Field(default=0, ge=0, le=30, description="rank (rule 169, SJ-U23)")
    master_bowman: int = Field(default=0, ge=0, le=30, description="rank (rule 246)")
    invisible: bool = Field(default=False, description="foes cannot see it (rules 163–167)")
    targeting_sense: bool = Field(default=False, description="finds the unseen (165, SJ-U24)")
    alert: bool = Field(default=False, description="an alert guard: +10 at best (101, SJ-U21)")
    unaware: Literal["no", "in_combat", "out_of_combat"] = Field(
        default="no", description="rules 96–100, SJ-U19: the first attack on it is a surprise"
    )
    flying: bool = Field(default=False, description="an agile flyer (rule 206, SJ-U39)")
    shield_slung: bool = Field(
        default=False, description="its shield is slung: no shield DEF until readied (155)"
    )
    potions: list[Potion] = Field(default_factory=list, max_length=5)
    mounted: bool = Field(
        default=False, description="on a mount or wagon: moving, −10 to missiles (rule 219)"
    )
    fast_target: int = Field(
        default=0, ge=0, le=50,
        description="the GM's extra missile penalty for an exceptionally fast target, "
        "running or faster (rule 212)",
    )  # fmt: skip
    waits: bool = Field(
        default=False,
        description="the default policy holds its action until a foe is in reach (a monster "
        "that waits, SJ-U34)",
    )

    @model_validator(mode="after")
    def _hands(self) -> Fighter:
        held = [w.weapon for w in self.weapons if w.state == "in_hand"]
        if len(held) > 1:
            raise ValueError(f"{self.name}: only one weapon can be in hand, not {held}")
        return self

    @model_validator(mode="after")
    def _current(self) -> Fighter:
        if self.current_hp is not None and self.current_hp > self.hp:
            raise ValueError(f"{self.name}: current_hp {self.current_hp} is above hp {self.hp}")
        return self

    @model_validator(mode="after")
    def _armed(self) -> Fighter:
        if not self.weapons and not self.spells:
            raise ValueError(f"{self.name}: give at least one weapon or one spell")
        return self


class Side(SideSpec[Fighter]):
    pass


class Ambush(StrictModel):
    """Rules 102–111, SJ-U19: the side that springs the ambush; the first round is its
    surprise round."""

    by: str = Field(min_length=1, description="the ambushing side's name")


class Hazard(StrictModel):
    """Rule 193, SJ-U28: an area a Desperate Defense push can force someone into (a fire, a
    drop, a staircase): a circle in feet and the damage of landing in it (no PROT, no
    stun: not a hit, SJ-U14)."""

    name: str = Field(min_length=1)
    at: list[float] = Field(min_length=2, max_length=2, description="[x, y] in feet")
    radius: float = Field(default=5, gt=0, le=500, description="feet")
    damage: str = Field(description="dice, e.g. 2d6")

    @field_validator("damage")
    @classmethod
    def _dice(cls, dice: str) -> str:
        compile_dice(dice)  # a DiceError is a ValueError: pydantic reports it
        return dice


class Conditions(StrictModel):
    hazards: list[Hazard] = Field(default_factory=list, max_length=20, description="rule 193")
    ambush: Ambush | None = Field(default=None, description="rules 102–111 (SJ-U19)")
    lighting: Literal["none", "starry", "cloudy", "unlit", "pitch_black"] = Field(
        default="none", description="rules 173–176: −10 / −20 / −40 / −60 SC"
    )
    distance: int = Field(
        default=30, ge=0, le=1000, description="feet between the sides when none is placed"
    )


class Options(StrictModel):
    same_segment: Literal["simultaneous", "by_im"] = Field(
        default="simultaneous", description="SJ-U1: the same segment, different combatants"
    )
    late_arrival: Literal["delay", "lose"] = Field(
        default="delay", description="SJ-U2: an attack due before its attacker arrives"
    )
    one_round_start: Literal["ten", "general"] = Field(
        default="ten", description="SJ-U36: when a `1 round` spell may start"
    )
    interruption: Literal["damage", "luck", "never"] = Field(
        default="damage",
        description="P15: a caster hurt while casting loses the spell (luck: unless it saves, P9)",
    )
    tmr_wound_penalty: Literal["percent", "flat"] = Field(default="percent", description="SJ-U16")
    hp_at_encounter_start: bool = Field(
        default=False, description="SJ-U17: the wound exception reads the hp at the start"
    )
    dead_at: int = Field(default=-10, ge=-100, le=0, description="SJ-U18: dead at or below")
    defending_against: Literal["melee", "all"] = Field(default="melee", description="SJ-U26")
    stationary_bonus: Literal["missile", "all"] = Field(
        default="missile", description="SJ-U43: who gets +10 against a stationary aimer"
    )
    two_minus_five: Literal["any", "weapon_handling"] = Field(
        default="any", description="SJ-U30: which two −5 actions cost an action"
    )
    shield_counts: Literal["next_round", "segment_5"] = Field(
        default="next_round", description="SJ-U31: when a readied shield counts"
    )
    invisible_penalty: Literal["larger", "both"] = Field(
        default="larger", description="SJ-U24: lighting and not seeing: the larger, or both"
    )


class Encounter(EncounterSpec):
    sides: list[Side] = Field(min_length=2)
    conditions: Conditions = Field(default_factory=Conditions)
    options: Options = Field(default_factory=Options)

    @model_validator(mode="after")
    def _positions(self) -> Encounter:
        """Positions are all or nothing: otherwise the sides stand `distance` apart."""
        sheets = [c for s in self.sides for c in s.combatants]
        placed = [c.name for c in sheets if c.position is not None]
        if placed and len(placed) < len(sheets):
            missing = [c.name for c in sheets if c.position is None]
            raise ValueError(
                f"positions are given for {placed} but not for {missing}: give every "
                "combatant a position, or none (the sides then stand conditions.distance apart)"
            )
        return self

    @model_validator(mode="after")
    def _ambusher(self) -> Encounter:
        ambush = self.conditions.ambush
        names = [s.name for s in self.sides]
        if ambush is not None and ambush.by not in names:
            raise ValueError(f"conditions.ambush.by: no side is named {ambush.by!r} ({names})")
        return self
