"""Murdham fight state: plain slotted dataclasses, built once from the sheets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from fracas.core.combatant import BattleState, Combatant, Side, Status, add_counts, new_tally
from fracas.core.geometry import Position
from fracas.core.immutable import rebuilt_by_constructor
from fracas.rulesets.murdham import data, model
from fracas.rulesets.murdham.data import WeaponData
from fracas.rulesets.murdham.zones import Zone, ZoneMap

# Gear, weapons and characters are copied for every battle from the encounter's template
# (`Template`): each writes its own `__init__`, which mypyc compiles, where the dataclass
# module's generated one stays interpreted (issue 10, docs/ARCHITECTURE.md "The fast style").
ORIGIN: Final = Position()  # Murdham places characters in zones, not at points (M14)


@dataclass(slots=True, eq=False, init=False)
class Gear:
    """Worn armour or a carried shield, with its own wear (gear degradation)."""

    name: str
    value: int
    damaged: bool
    destroyed: bool
    used: bool

    def __init__(
        self,
        name: str,
        value: int,
        damaged: bool = False,
        destroyed: bool = False,
        used: bool = False,
    ) -> None:
        self.name, self.value = name, value
        self.damaged, self.destroyed, self.used = damaged, destroyed, used


@dataclass(slots=True, eq=False, init=False)
class Weapon:
    data: WeaponData
    damaged: bool  # gear degradation: destroyed by a 1 on the damage die
    destroyed: bool
    fired: bool  # guns: one shot per combat (M13); consumables: spent
    used: bool  # for the durability roll after the fight
    gear: Gear | None  # the shield this weapon is, when one strikes with it

    def __init__(
        self,
        row: WeaponData,
        damaged: bool = False,
        destroyed: bool = False,
        fired: bool = False,
        used: bool = False,
        gear: Gear | None = None,
    ) -> None:
        self.data, self.damaged, self.destroyed = row, damaged, destroyed
        self.fired, self.used, self.gear = fired, used, gear

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
        """Whole (itself, or the shield it is: `wear`) and not spent (M13, consumables).
        Reads the wear without `wear`: an attribute of a `Weapon | Gear` is a generic look-up
        compiled, and this is asked for every weapon at every option (issue 10)."""
        data = self.data
        if self.fired and (data.reload or data.consumable):
            return False
        gear = self.gear
        return not (self.destroyed if gear is None else gear.destroyed)

    def __str__(self) -> str:
        return self.data.name


@dataclass(slots=True, eq=False, init=False)
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
    # The zone's index on the map (`ZoneMap.place`), set wherever `zone` is: ranges read by
    # it (`ZoneMap.between`), checked against `zone` there, so one not kept up only costs.
    place: int = -1
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

    def __init__(
        self,
        *,
        id: str = "",
        name: str = "",
        side: str = "",
        STR: int = 10,
        AGI: int = 10,
        WIT: int = 10,
        size: int = 0,
        health: int = 10,
        max_health: int = 10,
        weapons: list[Weapon] | None = None,
        armour: Gear | None = None,
        natural_armour: int = 0,
        shield: Gear | None = None,
        traits: frozenset[str] = frozenset(),
        skills: frozenset[str] = frozenset(),
        zone: str = "a1",
        border: str | None = None,
        place: int = -1,
        speed: int = 2,
        hidden: bool = False,
        cover: bool = False,
        behind_barrier: bool = False,
        is_mount: bool = False,
        health_at_round_start: int = 10,
    ) -> None:
        """What a sheet sets (`build_character`); everything else starts as at a fight's start.
        Every argument has a default: compiled, `Character.__new__` runs this `__init__`, and a
        copy of a state (`core.immutable.copy_fields`) makes a blank character first."""
        # Combatant's fields
        self.id, self.name, self.side, self.position = id, name, side, ORIGIN
        self.status, self.dice_vars = Status.ACTIVE, {}
        self.damage_dealt, self.damage_taken, self.went_down, self.hidden = 0, 0, False, hidden
        self.controller, self.controller_side = "", ""
        # The sheet's
        self.STR, self.AGI, self.WIT, self.size = STR, AGI, WIT, size
        self.health, self.max_health = health, max_health
        self.weapons = weapons if weapons is not None else []
        self.armour, self.natural_armour, self.shield = armour, natural_armour, shield
        self.traits, self.skills = traits, skills
        self.zone, self.border, self.place, self.speed = zone, border, place, speed
        self.cover, self.behind_barrier, self.peeking = cover, behind_barrier, False
        # Conditions
        self.incapacitated, self.dying_until = False, None
        self.grabbed_by, self.grabbing = None, None
        self.morale_immune, self.dropped = False, []
        self.is_mount, self.riding, self.rider = is_mount, None, None
        # This round's
        self.took_turn, self.moved, self.held = False, False, False
        self.free_reaction_used, self.riding_locked = False, False
        self.health_at_round_start = health_at_round_start

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


@dataclass(slots=True, init=False)
class MurdhamState(BattleState):
    zones: ZoneMap = field(default_factory=lambda: ZoneMap.grid(5, 5))
    options: model.Options = field(default_factory=model.Options)
    initiative: str = ""
    bonus_round: bool = False  # concealed ambushers act alone first (seed "Sneaking")
    original: dict[str, int] = field(default_factory=dict)  # faction → starting numbers
    morale: dict[str, bool] = field(default_factory=dict)  # faction → checks morale
    _characters: list[Character] = field(default_factory=list, repr=False)
    # Each faction's characters, listed once (`faction`): nobody changes sides in a fight,
    # and a late arrival (`join`) has them listed again (`forget`), as `_characters`.
    _factions: dict[str, list[Character]] = field(default_factory=dict, repr=False)

    def __init__(
        self,
        sides: list[Side] | None = None,
        zones: ZoneMap | None = None,
        options: model.Options | None = None,
        initiative: str = "",
        original: dict[str, int] | None = None,
        morale: dict[str, bool] | None = None,
    ) -> None:
        """Built for every battle (`fresh_state`): its own `__init__`, compiled (see `Gear`).
        No argument is required: compiled, `__new__` runs it (a copy, `copy_fields`)."""
        # BattleState's fields
        self.sides = sides if sides is not None else []
        self.round, self.tally, self._enemies = 0, new_tally(), {}
        self.zones = zones if zones is not None else ZoneMap.grid(5, 5)
        self.options = options if options is not None else model.Options()
        self.initiative, self.bonus_round = initiative, False
        self.original = original if original is not None else {}
        self.morale = morale if morale is not None else {}
        self._characters, self._factions = [], {}

    def characters(self) -> list[Character]:
        if not self._characters:
            self._characters = [
                c for s in self.sides for c in s.combatants if isinstance(c, Character)
            ]
        return self._characters

    def forget(self) -> None:
        BattleState.forget(self)  # (a slotted dataclass: no zero-argument super)
        self._characters = []
        self._factions.clear()

    def faction(self, name: str) -> list[Character]:
        """The faction's characters, in order (a shared list, listed once a fight: do not
        change it; every turn asks for its allies, issue 35)."""
        found = self._factions.get(name)
        if found is None:
            found = self._factions[name] = [c for c in self.characters() if c.side == name]
        return found

    def range(self, a: Character, b: Character) -> int:
        """Zones between two characters; 0 means nearby (M14). The nearest of their zones when
        either stands on a border; asked many times a turn, so the common case (neither on a
        border) skips building the pairs."""
        zones = self.zones
        if a.border is None and b.border is None:
            here = a.zone
            there = b.zone
            if here is there:  # one zone, one string (`ZoneMap.name`): nearby, no call
                return 0
            return zones.between(here, a.place, there, b.place)  # by the kept indices
        return min([zones.distance(x, y) for x in a.zones for y in b.zones])

    def zone(self, name: str) -> Zone:
        return self.zones.zones[name]

    def visible(self, viewer: Character, target: Character) -> bool:
        """Concealed characters, and anyone in a dark zone, cannot be seen (seed "Sneaking",
        "Attacking": "complete darkness"). Asked for every attack and option scored: the
        target's one or two zones are read without building them (issue 10)."""
        if target.hidden and target.side != viewer.side:
            return False
        if not self.zones.dark_anywhere():  # no zone to look up
            return True
        zones = self.zones.zones
        if zones[target.zone].dark:
            return False
        border = target.border
        return border is None or not zones[border].dark

    def in_zone(self, zone: str) -> list[Character]:
        """Everyone in a zone or on its borders (seed "Blast attacks")."""
        return [
            c
            for c in self.characters()
            if zone in c.zones and c.status is not Status.DEAD and c.status is not Status.FLED
        ]


def count(state: MurdhamState, key: str) -> None:
    """One more `key` in the battle's tally (deaths, misses, retreats...): not by `+=` (a key
    not yet counted goes through `Counter.__missing__`, interpreted; issue 10) nor by setting
    the Counter's item (a Python call; issue 35), but `core.combatant.add_counts`."""
    add_counts(state.tally, {key: 1})  # (in C: a Counter's item set is Python code)


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
    zone = zones.name(spec.zone)  # the map's own string object (`ZoneMap.name`)
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
        # the map's own string objects for these names (`ZoneMap.name`: found by identity)
        zone=zone,
        border=None if spec.border is None else zones.name(spec.border),
        place=zones.place(zone),
        speed=spec.speed,
        hidden=spec.concealed,
        cover=spec.cover or zones.zones[spec.zone].cover,
        behind_barrier=spec.behind_barrier,
        health_at_round_start=health,
    )


def clone_character(c: Character) -> Character:
    """A fresh copy of a character as its template was built, for the next battle: the sheet
    is read once per encounter, not per battle (building characters by keywords from the sheet
    was 15 % of a compiled duel; issue 10). Copies what `build_character` (and the mounts'
    flag) set; everything else starts at its default, as it does there."""
    shield = c.shield
    new_shield = None if shield is None else _clone_gear(shield)
    weapons: list[Weapon] = []
    for w in c.weapons:
        gear = w.gear
        if gear is not None:  # the shield this weapon is: the copy's own shield
            gear = new_shield if gear is shield else _clone_gear(gear)
        weapons.append(Weapon(w.data, w.damaged, w.destroyed, w.fired, w.used, gear))
    armour = c.armour
    return Character(
        id=c.id,
        name=c.name,
        side=c.side,
        STR=c.STR,
        AGI=c.AGI,
        WIT=c.WIT,
        size=c.size,
        health=c.health,
        max_health=c.max_health,
        weapons=weapons,
        armour=None if armour is None else _clone_gear(armour),
        natural_armour=c.natural_armour,
        shield=new_shield,
        traits=c.traits,  # frozen sets: shared
        skills=c.skills,
        zone=c.zone,
        border=c.border,
        place=c.place,
        speed=c.speed,
        hidden=c.hidden,
        cover=c.cover,
        behind_barrier=c.behind_barrier,
        is_mount=c.is_mount,
        health_at_round_start=c.health_at_round_start,
    )


def _clone_gear(g: Gear) -> Gear:
    return Gear(g.name, g.value, g.damaged, g.destroyed, g.used)


class Template:
    """An encounter's characters built from their sheets once, by faction in encounter
    order, with who rides which mount (by name) and the factions' settings: each battle
    starts from a copy (`fresh_state`)."""

    __slots__ = ("initiative", "members", "morale", "options", "riders", "spec", "zones")

    def __init__(
        self,
        spec: object,
        members: dict[str, list[Character]],
        riders: list[tuple[str, str]],
        zones: ZoneMap,
        options: model.Options,
        initiative: str,
        morale: dict[str, bool],
    ) -> None:
        self.spec = spec  # the encounter it was built from (compared by identity)
        self.members, self.riders, self.zones = members, riders, zones
        self.options, self.initiative, self.morale = options, initiative, morale


def fresh_state(t: Template) -> MurdhamState:
    """A battle's starting state: the template's characters copied, riders put on their
    mounts (seed "Mounts and vehicles": in the mount's zone), concealed ambushers given the
    bonus round (seed "Sneaking")."""
    sides: list[Side] = []
    everyone: list[Character] = []
    for faction, group in t.members.items():
        copies: list[Combatant] = []
        for c in group:
            copy = clone_character(c)
            everyone.append(copy)
            copies.append(copy)
        sides.append(Side(faction, copies))
    if t.riders:  # by name, the later of a name as before (built only when someone rides)
        by_name = {c.name: c for c in everyone}
        for rider_name, mount_name in t.riders:
            rider = by_name[rider_name]
            mount = by_name.get(mount_name)
            if mount is not None and mount.rider is None:
                rider.riding, mount.rider = mount, rider
                rider.zone, rider.border, rider.place = mount.zone, mount.border, mount.place
    original = {s.name: len(s.combatants) for s in sides}
    state = MurdhamState(sides, t.zones, t.options, t.initiative, original, dict(t.morale))
    state._characters = everyone  # what `characters()` would list: every side's, in order
    state.bonus_round = any(c.hidden for c in everyone)
    return state


# Built with their own __init__, these copy through it on the compiled build (core.immutable).
rebuilt_by_constructor(Gear, Weapon)
