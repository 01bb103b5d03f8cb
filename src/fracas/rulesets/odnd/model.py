"""The OD&D encounter schema (DESIGN.md §4): sides with their surprise chances, stat blocks
for characters and monsters, the referee's options."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, WithJsonSchema, field_validator, model_validator

from fracas.core.encounter import EncounterSpec, SideSpec, StrictModel, unknown
from fracas.dice import compile_dice
from fracas.rulesets.odnd import data

Attribute = Field(default=10, ge=3, le=18)  # D5 covers 3-18
# Rule 108, ODD-U46 (issue 29): the number appearing, a number or dice rolled as round 1 opens.
Count = Annotated[
    int,
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "integer", "minimum": 1, "maximum": 300},
                {"type": "string", "description": "dice, e.g. 2d6 (rule 108)"},
            ],
            "default": 1,
        }
    ),
]
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
Feature = Literal["corner", "stairs", "door", "secret door"]  # rules 138, 139


def dice_notation(text: str) -> str:
    try:
        compile_dice(text)
    except ValueError as e:
        raise ValueError(f"not dice notation: {text!r} ({e})") from None
    return text


class OnRoll(StrictModel):
    """Rule 35, ODD-U14: a monster's special attack on a natural `at` or more: `hold` (extra
    damage each round until the victim breaks free), `swallow` (inside: small weapons only,
    damage each round), `knockdown` (prone, ODD-U15)."""

    at: int = Field(default=20, ge=2, le=20)
    effect: Literal["hold", "swallow", "knockdown"]
    dice: str = Field(default="", description="damage each round held or swallowed")

    @field_validator("dice")
    @classmethod
    def _dice(cls, text: str) -> str:
        return dice_notation(text) if text else text

    @model_validator(mode="after")
    def _needs_dice(self) -> OnRoll:
        if self.effect in ("hold", "swallow") and not self.dice:
            raise ValueError(f"on_roll: {self.effect} needs its damage `dice` (ODD-U14)")
        return self


class Fighter(StrictModel):
    """A stat block. Characters have a class and a level; monsters have hit dice (D3)."""

    name: str = Field(min_length=1)
    count: Count = Field(default=1, ge=1, le=300)
    appearing: str = Field(default="", description="rule 108: `count` given as dice")
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
    range: RangeBand = Field(
        default="medium", description="range band of its missiles without positions (14)"
    )
    position: list[float] | None = Field(
        default=None, min_length=2, max_length=2, description="[x, y] in feet (rule 49)"
    )
    elevation: float = Field(default=0, ge=-1000, le=1000, description="feet (61, ODD-U38)")
    cover: Literal[0, 25, 50, 75] = Field(default=0, description="% cover vs missiles (95)")
    mounted: bool = Field(default=False, description="rides a mount (59, 60, 86, ODD-U37)")
    horns: bool = Field(default=False, description="large horns or tusks (88)")
    move: int | None = Field(
        default=None, ge=0, le=48, description="Turn movement in inches (152); by armour"
    )
    hasted: bool = Field(default=False, description="magically hasted (125, ODD-U33)")
    PSY: int = Attribute
    spells: list[str] = Field(default_factory=list, description="spells ready, one use each")
    leader: bool = Field(default=False, description="its fall is a big upset (ODD-U28)")
    # Stage 2.
    facing: list[float] | None = Field(
        default=None, min_length=2, max_length=2, description="[dx, dy]: where it faces (U20)"
    )
    back_to_wall: bool = Field(default=False, description="no rear, no gang-up (rule 64)")
    backstab: bool | None = Field(
        default=None, description="backstabs (rules 72, 73, ODD-U17); thieves by default"
    )
    subdue: bool = Field(default=False, description="fights to subdue (rule 101)")
    pull_punches: bool = Field(default=False, description="all damage temporary (rule 100)")
    intelligent: bool = Field(default=True, description="stops for treasure, not food (137)")
    on_roll: OnRoll | None = Field(default=None, description="special on a natural 20 (35)")
    skeleton: bool = Field(default=False, description="half damage from edged (39, U48)")
    unit: int = Field(
        default=0, ge=0, le=100, description="mass combat: men per unit (rules 140-146)"
    )
    carries: list[Literal["food", "treasure"]] = Field(
        default_factory=list, description="what it can drop when fleeing (rule 137)"
    )

    @field_validator("spells")
    @classmethod
    def _spells(cls, names: list[str]) -> list[str]:
        for n in names:
            if n not in data.spells():
                raise unknown("spell", n, list(data.spells()))
        return names

    @field_validator("weapons")
    @classmethod
    def _weapons(cls, names: list[str]) -> list[str]:
        for n in names:
            if n not in data.weapons():
                raise unknown("weapon", n, list(data.weapons()))
        return names

    @model_validator(mode="before")
    @classmethod
    def _count_dice(cls, raw: Any) -> Any:
        """Rule 108, ODD-U46 (issue 29): `count: 2d6` — as many sheets as the dice can give
        are built; the number appearing is rolled by the table as round 1 opens."""
        if not isinstance(raw, dict) or not isinstance(raw.get("count"), str):
            return raw
        text = raw["count"].strip()
        if text.isdigit():
            return {**raw, "count": int(text)}
        dist = compile_dice(dice_notation(text)).distribution()
        most = max(dist.outcomes())
        if most < 1 or most > 300 or raw.get("unit"):
            raise ValueError(f"count {text!r}: dice giving 1 to 300, not for a unit (rule 108)")
        return {**raw, "count": most, "appearing": text}

    @model_validator(mode="after")
    def _unit(self) -> Fighter:
        """Rule 140, ODD-U45: units are non-player troops, normal men (a `count` short of
        `unit` is one smaller unit)."""
        if self.unit and (self.hero or (self.kind == "character" and self.level > 0)):
            raise ValueError("a unit (rule 140) is of normal men: no heroes or levelled PCs")
        return self

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
    open_ranks: bool = Field(
        default=False, description="its line leaves room to pass through (rule 56, ODD-U25)"
    )


class Conditions(StrictModel):
    surprise: bool = Field(default=False, description="roll surprise (rules 109-115)")
    reroll_initiative: bool = Field(default=False, description="re-roll every round (ODD-U30)")
    party_die: bool = Field(default=False, description="one initiative die per side (option)")
    distance: Annotated[int, Field(ge=0, le=10_000)] | Literal["roll"] | None = Field(
        default=None,
        description="feet between the sides (114, 116): a number, `roll`, or none (one melee)",
    )
    outdoors: bool = Field(default=False, description="inches and ranges in yards (D13)")
    reaction: bool = Field(default=False, description="roll the monsters' reaction (117)")
    pursuit: bool = Field(
        default=True, description="flight may be pursued (rules 54, 134-139; F-ODD-55)"
    )
    bodies: bool = Field(
        default=True, description="bodies take room: moves go round them (rules 49, 56)"
    )
    sight: int | None = Field(
        default=None, ge=10, le=10_000, description="feet of sight for a chase (ODD-U27)"
    )
    route: list[Feature] = Field(
        default_factory=list, description="features a fleeing side can take (138, 139)"
    )
    wanderers: str | None = Field(
        default=None, description="the side of wandering monsters (rules 107, 108)"
    )
    entrances: list[Annotated[list[float], Field(min_length=2, max_length=2)]] = Field(
        default_factory=list, description="[x, y] feet of each entry; a d(N) picks (108)"
    )


class Options(StrictModel):
    swashbuckler: bool = Field(default=False, description="rule 7/11: DEX for light fighters")
    multipliers: Literal["largest", "additive"] = Field(
        default="largest", description="stacking damage multipliers (ODD-U3)"
    )
    shortcut: Literal["off", "up", "carry"] = Field(
        default="off", description="sweeps by the averaging shortcut (rule 24, ODD-U12)"
    )
    haste_attacks: bool = Field(default=False, description="hasted attack twice (ODD-U33)")
    hireling_morale: bool = Field(
        default=False, description="normal men on the players' side check morale (ODD-U28)"
    )
    facing: bool = Field(
        default=True, description="flank and rear on the plane (rules 67-69, ODD-U20)"
    )


class Encounter(EncounterSpec):
    sides: list[Side] = Field(min_length=2)
    conditions: Conditions = Field(default_factory=Conditions)
    options: Options = Field(default_factory=Options)

    @model_validator(mode="after")
    def _positions(self) -> Encounter:
        """Positions are all or nothing unless the sides are placed by `distance` (F-ODD-1);
        wanderers coming in by an entrance (rule 108, ODD-U46) need none."""
        wanderers = self.conditions.wanderers
        if (wanderers is None) != (not self.conditions.entrances):
            raise ValueError("conditions: `wanderers` and `entrances` go together (rule 108)")
        if wanderers is not None and wanderers not in [s.name for s in self.sides]:
            raise unknown("side", wanderers, [s.name for s in self.sides])
        if wanderers is not None and self.conditions.distance is not None:
            raise ValueError("conditions: wanderers come by an entrance, not at a `distance`")
        sheets = [c for s in self.sides if s.name != wanderers for c in s.combatants]
        placed = [c.name for c in sheets if c.position is not None]
        if placed and self.conditions.distance is None and len(placed) < len(sheets):
            missing = [c.name for c in sheets if c.position is None]
            raise ValueError(
                f"positions are given for {placed} but not for {missing}: give every "
                "combatant a position, or set conditions.distance to place the sides"
            )
        return self
