"""Murdham fight state: plain slotted dataclasses, built once from the sheets."""

from __future__ import annotations

from dataclasses import dataclass, field

from fracas.core.combatant import BattleState, Combatant, Status
from fracas.rulesets.murdham import data, model
from fracas.rulesets.murdham.data import WeaponData
from fracas.rulesets.murdham.zones import Zone, ZoneMap


@dataclass(slots=True, eq=False)
class Gear:
    """Worn armour or a carried shield, with its own wear (gear degradation)."""

    name: str
    value: int
    damaged: bool = False
    destroyed: bool = False
    used: bool = False


@dataclass(slots=True, eq=False)
class Weapon:
    data: WeaponData
    damaged: bool = False  # gear degradation: destroyed by a 1 on the damage die
    destroyed: bool = False
    fired: bool = False  # guns: one shot per combat (M13); consumables: spent
    used: bool = False  # for the durability roll after the fight
    gear: Gear | None = None  # the shield this weapon is, when one strikes with it

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def wear(self) -> Weapon | Gear:
        """What wears when this weapon is used: itself, or the shield it is (seed "Combat gear
        degradation": damaged weapons and shields used to attack break on a 1)."""
        return self if self.gear is None else self.gear

    @property
    def ready(self) -> bool:
        spent = (self.data.reload or self.data.consumable) and self.fired
        return not self.wear.destroyed and not spent

    def __str__(self) -> str:
        return self.data.name


@dataclass(slots=True, eq=False)
class Character(Combatant):
    """A Murdham character. A concealed ambusher (seed "Sneaking") is the core's `hidden`."""

    STR: int = 10
    AGI: int = 10
    WIT: int = 10
    size: int = 0  # steps from medium (M19)
    health: int = 10
    max_health: int = 10
    weapons: list[Weapon] = field(default_factory=list)
    armour: Gear | None = None
    natural_armour: int = 0
    shield: Gear | None = None
    traits: frozenset[str] = frozenset()
    skills: frozenset[str] = frozenset()
    zone: str = "a1"
    border: str | None = None
    speed: int = 2
    cover: bool = False
    behind_barrier: bool = False
    peeking: bool = False  # attacked from behind its barrier this round: only cover now
    # Conditions
    incapacitated: bool = False
    dying_until: int | None = None  # dies at the end of this round (M6)
    grabbed_by: Character | None = None
    grabbing: Character | None = None
    morale_immune: bool = False
    dropped: list[Weapon] = field(default_factory=list)
    # Mounts (seed "Mounts and vehicles")
    is_mount: bool = False
    riding: Character | None = None  # the mount this rider sits on
    rider: Character | None = None  # the rider on this mount
    # This round
    took_turn: bool = False
    moved: bool = False  # has moved this round: a mount that did is "moving" (seed "Mounts")
    held: bool = False  # kept its turn to react (mounts and riders)
    free_reaction_used: bool = False  # "dodge blows" / "protect" (M24), once a round
    riding_locked: bool = False  # the mount moved at full speed: the rider can't act or react
    health_at_round_start: int = 10

    @property
    def zones(self) -> tuple[str, ...]:
        """The zones this character is in: one, or two when standing on a border (M14)."""
        return (self.zone,) if self.border is None else (self.zone, self.border)

    @property
    def immune_to_fear(self) -> bool:
        return "immune to fear" in self.traits or "frenzied" in self.traits

    @property
    def able(self) -> bool:
        """Can take a turn or react: conscious, not surrendered or gone."""
        return self.status is Status.ACTIVE and not self.incapacitated

    def usable_weapons(self) -> list[Weapon]:
        return [w for w in self.weapons if w.ready]


@dataclass(slots=True)
class MurdhamState(BattleState):
    zones: ZoneMap = field(default_factory=lambda: ZoneMap.grid(5, 5))
    options: model.Options = field(default_factory=model.Options)
    initiative: str = ""
    bonus_round: bool = False  # concealed ambushers act alone first (seed "Sneaking")
    original: dict[str, int] = field(default_factory=dict)  # faction → starting numbers
    morale: dict[str, bool] = field(default_factory=dict)  # faction → checks morale
    _characters: list[Character] = field(default_factory=list, repr=False)

    def characters(self) -> list[Character]:
        if not self._characters:
            self._characters = [
                c for s in self.sides for c in s.combatants if isinstance(c, Character)
            ]
        return self._characters

    def forget(self) -> None:
        BattleState.forget(self)  # (a slotted dataclass: no zero-argument super)
        self._characters = []

    def faction(self, name: str) -> list[Character]:
        return [c for c in self.characters() if c.side == name]

    def range(self, a: Character, b: Character) -> int:
        """Zones between two characters; 0 means nearby (M14). The nearest of their zones when
        either stands on a border; asked many times a turn, so the common case (neither on a
        border) skips building the pairs."""
        zones = self.zones
        if a.border is None and b.border is None:
            return zones.distance(a.zone, b.zone)
        return min([zones.distance(x, y) for x in a.zones for y in b.zones])

    def zone(self, name: str) -> Zone:
        return self.zones.zones[name]

    def visible(self, viewer: Character, target: Character) -> bool:
        """Concealed characters, and anyone in a dark zone, cannot be seen (seed "Sneaking",
        "Attacking": "complete darkness")."""
        if target.hidden and target.side != viewer.side:
            return False
        return not any(self.zone(z).dark for z in target.zones)

    def in_zone(self, zone: str) -> list[Character]:
        """Everyone in a zone or on its borders (seed "Blast attacks")."""
        return [
            c
            for c in self.characters()
            if zone in c.zones and c.status is not Status.DEAD and c.status is not Status.FLED
        ]


SHIELD_BASH = "Shield bash"  # weapons.yaml: the shield used as a weapon (d4)


def build_character(
    spec: model.Character, name: str, ident: str, side: str, zones: ZoneMap
) -> Character:
    weapons = [Weapon(data.weapons()[n]) for n in spec.weapons]
    for attack in spec.natural_attacks:
        weapons.append(Weapon(data.weapon_from(attack.model_dump())))
    if not any(w.name == "Unarmed" for w in weapons):
        weapons.append(Weapon(data.weapons()["Unarmed"]))  # everyone can fight unarmed
    for w in weapons:
        if w.name in spec.damaged or w.data.improvised:
            w.damaged = True  # improvised weapons are handled as already damaged
    tough = "tough" in spec.traits or "tough" in spec.skills
    max_health = spec.STR + (3 if tough else 0)  # M4: maximum health = STR (+3 if tough)
    armour = None
    if spec.armour is not None:
        armour = Gear(spec.armour, data.armour()[spec.armour], damaged=spec.armour in spec.damaged)
    shield = (
        Gear("Shield", data.shields()["Shield"], damaged="Shield" in spec.damaged)
        if spec.shield
        else None
    )
    for w in weapons:
        if w.name == SHIELD_BASH and shield is not None:
            w.gear = shield  # striking with the shield wears the shield itself
    health = spec.health if spec.health is not None else max_health
    return Character(
        id=ident,
        name=name,
        side=side,
        STR=spec.STR,
        AGI=spec.AGI,
        WIT=spec.WIT,
        size=data.sizes()[spec.size],
        health=health,
        max_health=max_health,
        weapons=weapons,
        armour=armour,
        natural_armour=spec.armour_value,
        shield=shield,
        traits=frozenset(spec.traits),
        skills=frozenset(spec.skills),
        zone=spec.zone,
        border=spec.border,
        speed=spec.speed,
        hidden=spec.concealed,
        cover=spec.cover or zones.zones[spec.zone].cover,
        behind_barrier=spec.behind_barrier,
        health_at_round_start=health,
    )
