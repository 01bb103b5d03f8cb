"""BRP fight state: plain slotted dataclasses, cheap to update, built once from the sheet."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Final

from fracas.core.combatant import (
    BattleState,
    Combatant,
    Side,
    Status,
    fresh_counts,
    new_tally,
    roster,
    write_kept_counts,
)
from fracas.core.geometry import Position
from fracas.core.immutable import rebuilt_by_constructor
from fracas.rulesets.brp import data, derived, model
from fracas.rulesets.brp.data import Kind, ShieldData, WeaponData
from fracas.rulesets.brp.profile import Worth


# Weapons, shields, injuries and fighters are built for every battle (copied from the
# encounter's template) and injuries for every wound: each writes its own `__init__`, which
# mypyc compiles, where the dataclass module's generated one stays interpreted (issue 10,
# docs/ARCHITECTURE.md "The fast style").
@dataclass(slots=True, eq=False, init=False)
class Weapon:
    """A weapon in a fighter's hands: its table row, chance, hit points and ammunition."""

    data: data.WeaponData
    chance: int  # attack (and parry) chance before situational modifiers
    specialty: str  # the skill used (a similar specialty is shown here, §5.5)
    similar: bool  # using a similar specialty: the chance above is already halved
    hp: int | None  # §5.9 hit points; None where the table prints n/a
    shots: int | None  # rounds left: firearms and lasers (§5.9 **), thrown items in hand
    loaded: bool  # crossbows (§5.9 *): a round to reload after each shot
    # What a blow with it is worth (`profile.Worth`), as the tactics work it out (`BRPPolicy`),
    # by chance, then by the target's armour: kept with the weapon and shared by its copies for
    # later battles (`clone_weapon`), as the weapon's damage and its holder's damage bonus are
    # theirs too. Indexed by both small integers: neither is boxed nor hashed, as a dictionary's
    # key by chance was at every blow weighed (issues 10, 35).
    odds: list[list[Worth | None] | None]

    def __init__(
        self,
        row: WeaponData,
        chance: int,
        specialty: str,
        similar: bool,
        hp: int | None,
        shots: int | None,
        loaded: bool = True,
        odds: list[list[Worth | None] | None] | None = None,
    ) -> None:
        self.data, self.chance, self.specialty, self.similar = row, chance, specialty, similar
        self.hp, self.shots, self.loaded = hp, shots, loaded
        self.odds = odds if odds is not None else []

    @property
    def name(self) -> str:
        return self.data.name

    @property
    def broken(self) -> bool:
        """§5.6, B10: a weapon whose hit points are overcome breaks."""
        return self.hp is not None and self.hp <= 0

    @property
    def needs_reload(self) -> bool:
        d = self.data
        if d.kind is Kind.CROSSBOW:
            return not self.loaded
        return d.capacity is not None and self.shots is not None and self.shots < d.capacity

    @property
    def ready(self) -> bool:
        """Can attack now: not broken, loaded, with a shot or an item left to throw."""
        if self.broken or not self.loaded:
            return False
        return self.shots is None or self.shots > 0

    def __str__(self) -> str:
        return self.data.name


@dataclass(slots=True, eq=False, init=False)
class Shield:
    data: data.ShieldData
    chance: int  # Shield skill: parry chance in melee (§5.11)
    bash: Weapon  # §5.11 "if used as a weapon": the same item, so the same hit points

    def __init__(self, row: ShieldData, chance: int, bash: Weapon) -> None:
        self.data, self.chance, self.bash = row, chance, bash

    @property
    def hp(self) -> int:
        assert self.bash.hp is not None
        return self.bash.hp

    @hp.setter
    def hp(self, value: int) -> None:
        self.bash.hp = value

    @property
    def broken(self) -> bool:
        return self.hp <= 0

    def __str__(self) -> str:
        return f"{self.data.name} shield"


@dataclass(slots=True, init=False)
class Injury:
    """§5.14: each injury is tracked apart; First Aid heals at most its damage, once."""

    damage: int
    aided: bool

    def __init__(self, damage: int, aided: bool = False) -> None:
        self.damage, self.aided = damage, aided


class Place:
    """Where a fighter acts in §5.4's order (`round.place_of`), its four fields unboxed:
    compiled, the tuple `round.action_key` gives boxed three integers and a float for every
    action, and its order compared them through Python's generic protocol (issue 35). Each
    fighter keeps one (`Fighter.place`), rewritten as it acts each round (`round.actions`):
    one built per action was about 1.5 % of a duel in allocations (issue 35). It names
    nothing, so a fighter holding it makes no cycle."""

    __slots__ = ("chance", "exact", "length", "rank")

    def __init__(self, rank: int = 0, length: int = 0, chance: int = 0, exact: float = 0.0) -> None:
        self.rank, self.length, self.chance, self.exact = rank, length, chance, exact

    def key(self) -> tuple[int, int, int, float]:
        return (self.rank, self.length, self.chance, self.exact)

    def __copy__(self) -> Place:
        return Place(self.rank, self.length, self.chance, self.exact)

    def __deepcopy__(self, memo: dict[int, Any]) -> Place:
        """A copy of its four numbers: compiled, the copy module's own way would rebuild it
        through `__init__` with no fields (as `profile.Worth` showed)."""
        return Place(self.rank, self.length, self.chance, self.exact)


@dataclass(slots=True, eq=False, init=False)
class Fighter(Combatant):
    dex: int = 10
    hp: int = 1
    hp_max: int = 1
    db: str = "0"
    weapons: list[Weapon] = field(default_factory=list)
    shield: Shield | None = None
    armour: int = 0
    armour_vs_firearms: int = 0  # Riot Gear 12/6 (B-C4)
    dodge: int = 0
    first_aid: int = 30
    physical_penalty: int = 0
    difficult: bool = False
    injuries: list[Injury] = field(default_factory=list)
    unconscious_rolled: bool = False
    # This round (reset at the start of each round):
    intent: object | None = None  # an `actions.Intent` (that module builds on this one)
    moved: float = 0.0
    rank: float | None = None  # whole, ½ or ¼ DEX (exact); None: ran 30 m, defends (§5.3)
    defences: int = 0
    two_handed: bool = False  # attacked with a two-handed weapon: shield not in hand
    kneeling: bool = False
    aware: bool = True
    # The `combat.Parry` and `combat.Dodge` options it was last offered against an attack, in
    # the order offered (`combat.defences`): one that is the same defence again is handed out
    # again, not built anew at every attack (issue 35). Each is checked field by field before
    # it is reused, so a copy of the state (which copies this list with the fighter, or shares
    # it) is never offered another's. (They name weapons and shields, never a fighter: no
    # cycle of references that only the garbage collector could free; see `Record`.)
    kept_defences: list[object] = field(default_factory=list, repr=False)
    # The last list of those it was offered, and what it was made from (`combat.defences`):
    # handed out again while that is the same. (Defences name no fighter: no cycle.)
    defences_listed: list[Any] | None = field(default=None, repr=False)  # `combat.Defence`s
    defences_key: int = field(default=-1, repr=False)
    # Its place in §5.4's order this round, rewritten as it acts (`round.actions`)
    place: Place = field(default_factory=Place, repr=False)
    # Where its `Record` is in the state's list (`BRPState.record`; -1: none yet)
    slot: int = field(default=-1, repr=False)

    def __init__(
        self,
        *,
        id: str = "",
        name: str = "",
        side: str = "",
        position: Position | None = None,
        dice_vars: dict[str, str] | None = None,
        status: Status = Status.ACTIVE,
        dex: int = 10,
        hp: int = 1,
        hp_max: int = 1,
        db: str = "0",
        weapons: list[Weapon] | None = None,
        shield: Shield | None = None,
        armour: int = 0,
        armour_vs_firearms: int = 0,
        dodge: int = 0,
        first_aid: int = 30,
        physical_penalty: int = 0,
        difficult: bool = False,
        unconscious_rolled: bool = False,
    ) -> None:
        """What a sheet sets (`build_fighter`); everything else starts as at a battle's start.
        Every argument has a default: compiled, `Fighter.__new__` runs this `__init__`, and a
        copy of a state (`core.immutable.copy_fields`) makes a blank fighter first."""
        # Combatant's fields
        self.id, self.name, self.side = id, name, side
        self.position = position if position is not None else Position()
        self.status, self.dice_vars = status, dice_vars if dice_vars is not None else {}
        self.damage_dealt, self.damage_taken, self.went_down, self.hidden = 0, 0, False, False
        self.controller, self.controller_side = "", ""
        # The sheet's
        self.dex, self.hp, self.hp_max, self.db = dex, hp, hp_max, db
        self.weapons = weapons if weapons is not None else []
        self.shield, self.armour, self.armour_vs_firearms = shield, armour, armour_vs_firearms
        self.dodge, self.first_aid, self.physical_penalty = dodge, first_aid, physical_penalty
        self.difficult, self.unconscious_rolled = difficult, unconscious_rolled
        self.injuries = []
        # This round's
        self.intent, self.moved, self.rank, self.defences = None, 0.0, None, 0
        self.two_handed, self.kneeling, self.aware = False, False, True
        self.kept_defences = []
        self.defences_listed, self.defences_key = None, -1
        self.place, self.slot = Place(), -1

    def arms(self) -> list[Weapon]:
        """What the fighter may attack with: its weapons, and its shield (§5.11 bash)."""
        if self.shield is None:
            return self.weapons
        return [*self.weapons, self.shield.bash]

    @property
    def dying(self) -> bool:
        """At 0 HP or below: dead at the end of the round unless brought to 1 (§5.12, §5.14)."""
        return self.hp <= 0 and self.status is Status.DOWN

    @property
    def unconscious(self) -> bool:
        """§5.12, B-C2: down at 1–2 hit points (at 0 or below the fighter is dying)."""
        return self.hp > 0 and self.status is Status.DOWN


class Record:
    """What the rules keep for one fighter through a battle (`BRPState.record`), found in one
    look-up: its enemies and its allies (who is on which side never changes during a battle:
    built once, shared lists), the `actions.Attack` options it was offered, each at its place
    by weapon, enemy and shot (`kept`, None where no blow was offered: one that is the same
    blow again is handed out again, `actions.intents`), and its last statement's list of
    intents with what that list was made from (`listed`, `spots`, `bits`: `actions.intents`
    hands the same list out again while none of it changed). Kept on the state, not on the
    fighter: a blow names its target, and fighters naming each other are a cycle only the
    garbage collector frees (issue 10, `round._reset`). Each is checked against the fighter
    it is for (`who`) before it is used, so a copy of the state is never offered a blow at
    another state's fighter."""

    __slots__ = (
        "allies",
        "ally_bits",
        "bits",
        "enemies",
        "head",
        "hps",
        "kept",
        "listed",
        "pick",
        "scored",
        "shield",
        "spots",
        "tail",
        "weapons",
        "who",
    )

    def __init__(
        self,
        who: Fighter | None = None,
        enemies: list[Combatant] | None = None,
        allies: list[Combatant] | None = None,
    ) -> None:
        self.who = who
        self.enemies = enemies if enemies is not None else []
        self.allies = allies if allies is not None else []
        self.kept: list[object | None] = []
        self.listed: list[Any] | None = None  # (`actions.Intent`s: that module builds on this one)
        # what `listed` was made from: the places of the fighter, its enemies and its allies
        # (in that order), its gear, and the rest as bits (`actions._unchanged`)
        self.spots: list[Position] = []
        self.weapons: list[Weapon] | None = None
        self.shield: Shield | None = None
        self.bits = -1  # (no listing seen yet: every `bits` worked out is 0 or more)
        self.ally_bits = -1
        # how many of `listed` come before its First Aid and waking, and after them
        self.head, self.tail = 0, 0
        # The policy's pick from `listed` (`policy.BRPPolicy._pick_intent`), and the enemies'
        # hit points it was made at (`hps`, by the indexes of `enemies`)
        self.scored: list[Any] | None = None
        self.pick = 0
        self.hps: list[int] = []

    def __copy__(self) -> Record:
        return Record()

    def __deepcopy__(self, memo: dict[int, Any]) -> Record:
        """A blank record: a copied state makes its own as its fighters are asked about
        (`BRPState.record`; what it keeps is only ever a saving, never a rule)."""
        return Record()


def _allies(state: BattleState, c: Combatant) -> list[Combatant]:
    return [a for s in state.sides if s.name == c.side for a in s.combatants if a is not c]


# The ruleset's counts for the simulator's report (`BattleState.tally`), kept as integers on
# the state during the fight and written into the tally as it ends (`core.combatant.fresh_counts`):
# a `Counter` update keyed by a string built per attack was 7 % of a compiled duel (issue 10).
# (A tuple of any length: typed as twelve strings, mypyc keeps it unboxed and built a Python
# tuple from it at every index.)
COUNTED: Final[tuple[str, ...]] = (
    "attacks",
    "attack fumble",  # ATTACK_LEVEL + Level: fumble (−1), failure, success, special (2)
    "attack failure",
    "attack success",
    "attack special",
    "parry success",  # PARRY_LEVEL + Level: success (1), special (2)
    "parry special",
    "dodge success",  # DODGE_LEVEL + Level
    "dodge special",
    "weapons and shields broken",
    "saved from death by First Aid",
    "deaths",
)
ATTACKS: Final = 0
ATTACK_LEVEL: Final = 2
PARRY_LEVEL: Final = 4
DODGE_LEVEL: Final = 6
BROKEN: Final = 9
SAVED: Final = 10
DEATHS: Final = 11


@dataclass(slots=True, init=False)
class BRPState(BattleState):
    options: model.Options = field(default_factory=model.Options)
    conditions: model.Conditions = field(default_factory=model.Conditions)
    counts: list[int] = field(default_factory=list)  # by the indexes of COUNTED
    # `options.melee_reach_m`, read once: a pydantic model's attribute is a generic look-up,
    # and every distance the rules and the policy weigh asks it (F-BRP-1)
    melee_reach: float = 0.0
    defence_penalty: int = 0  # `options.defence_penalty`, read once likewise (B9)
    dark: bool = False  # `conditions.lighting == "dark"`, read once likewise (F-BRP-9)
    _fighters: list[Fighter] = field(default_factory=list, repr=False)
    _by_dex: list[Fighter] = field(default_factory=list, repr=False)  # see `by_dex`
    # Each fighter's `Record` (`record`): its enemies, its allies, the blows and the intents
    # it was last offered, in one look-up, at the fighter's own index (`Fighter.slot`).
    _records: list[Record] = field(default_factory=list, repr=False)

    def __init__(
        self,
        sides: list[Side] | None = None,
        options: model.Options | None = None,
        conditions: model.Conditions | None = None,
        template: Template | None = None,
    ) -> None:
        """Built for every battle (`fresh_state`): its own `__init__`, compiled (see `Weapon`).
        No argument is required: compiled, `__new__` runs it (a copy, `copy_fields`). Given
        the encounter's `template`, its options and conditions are taken from it, read once
        per encounter (`options` and `conditions` are then ignored)."""
        # BattleState's fields
        self.sides = sides if sides is not None else []
        self.round, self.tally, self._enemies = 0, new_tally(), {}
        if template is not None:
            self.options, self.conditions = template.options, template.conditions
            self.melee_reach, self.defence_penalty = template.melee_reach, template.defence_penalty
            self.dark = template.dark
        else:
            self.options = options if options is not None else model.Options()
            self.melee_reach = self.options.melee_reach_m
            self.defence_penalty = self.options.defence_penalty
            self.conditions = conditions if conditions is not None else model.Conditions()
            self.dark = self.conditions.lighting == "dark"
        self._fighters, self._by_dex, self._records = [], [], []
        self.counts = fresh_counts(COUNTED)

    def fighters(self) -> list[Fighter]:
        """Every fighter, in encounter order (a shared list: do not change it)."""
        if not self._fighters:
            self._fighters = [c for s in self.sides for c in s.combatants if isinstance(c, Fighter)]
        return self._fighters

    def by_dex(self) -> list[Fighter]:
        """Every fighter, highest DEX first, equal DEX in encounter order (§5.2, B-C7): DEX
        does not change during a fight, so the order is sorted once (a shared list)."""
        if not self._by_dex:
            self._by_dex = _highest_dex_first(self.fighters())
        return self._by_dex

    def allies_of(self, c: Combatant) -> list[Combatant]:
        """Every other combatant of `c`'s side (a shared list: do not change it)."""
        if isinstance(c, Fighter):
            return self.record(c).allies
        return _allies(self, c)

    def record(self, f: Fighter) -> Record:
        """`f`'s `Record` in this battle: one look-up for its enemies, its allies and what it
        was last offered (they were three dictionary look-ups: about 2 % of a duel; issue
        35), by the index the fighter keeps (`Fighter.slot`; a list read, where a look-up
        by id hashed and compared a string). Made on first asking; the one found is `f`'s
        own (`Record.who`), else it is made again, at a new index: a copy of the state
        starts with blank records (`Record.__deepcopy__`), and a state handed another's
        records is never offered that state's fighters."""
        records = self._records
        slot = f.slot
        if 0 <= slot < len(records):
            rec = records[slot]
            if rec.who is f:
                return rec
        rec = Record(f, self.enemies_of(f), _allies(self, f))
        f.slot = len(records)
        records.append(rec)
        return rec

    def count(self, index: int) -> None:
        """One more of `COUNTED[index]`: `core.combatant.add_count(self.counts, index)`
        written out (a count below 0 is one not yet seen), without a call that fills in its
        default at every attack (issue 35)."""
        counts = self.counts
        c = counts[index]
        counts[index] = (c if c > 0 else 0) + 1

    def write_counts(self) -> None:
        """Add the counts to the tally (the fight is over), and start them again. An empty
        tally (a simulated battle's, as it ends) takes each count straight, in `COUNTED`'s
        order: what `write_kept_counts` leaves, without the dictionary it builds and merges
        (about 2,000 instructions a battle; issue 35)."""
        tally, counts = self.tally, self.counts
        if tally:
            write_kept_counts(tally, COUNTED, counts)
            return
        for i in range(len(counts)):
            c = counts[i]
            if c >= 0:
                tally[COUNTED[i]] = c
                counts[i] = -1

    def forget(self) -> None:
        BattleState.forget(self)  # (a slotted dataclass: no zero-argument super)
        self._fighters = []
        self._by_dex = []
        self._records.clear()


def _highest_dex_first(fighters: list[Fighter]) -> list[Fighter]:
    """`fighters` by DEX, highest first, equal DEX in the order given: what a stable sort
    gives. An insertion sort comparing DEX as machine integers (a handful of fighters, sorted
    once a battle): sorting tuples compared them through Python's generic protocol, about 2 %
    of a compiled duel (issue 35)."""
    out = [f for f in fighters]  # (compiled, `list(...)` is a generic call)
    for j in range(1, len(out)):
        moving = out[j]
        i = j - 1
        while i >= 0 and out[i].dex < moving.dex:
            out[i + 1] = out[i]
            i -= 1
        out[i + 1] = moving
    return out


def metres_between(a: Fighter, b: Fighter) -> float:
    """Straight-line distance. `math.sqrt` of the squares, not `math.hypot`: mypyc compiles
    `sqrt` to the C function, where `hypot` is a call into the interpreter with two floats
    boxed (600 instructions a distance, 7 % of a 4-against-4; issue 10). The two may differ
    in the last place; every comparison of distances in the rules allows for rounding
    (`round.REACH_SLACK`), and pure and compiled builds compute the same (setup.py builds
    without fused multiply-adds)."""
    pa, pb = a.position, b.position
    dx = pb.x - pa.x
    dy = pb.y - pa.y
    return math.sqrt(dx * dx + dy * dy)


def build_fighter(spec: model.Combatant, name: str, ident: str, side: str, offset: int) -> Fighter:
    """A fighter from its sheet: derived characteristics (B1, B2), skills, gear."""
    ch = spec.characteristics
    skills = dict(spec.skills)
    base = data.tables()["base_chances"]
    penalty, ap, ap_fire = armour_worn(spec.armour)
    hp_max = derived.hit_points(ch.CON, ch.SIZ)
    weapons = weapons_in_hand(spec, skills, base, penalty)
    shield = shield_in_hand(spec, skills, base)
    dodge = skills.get("Dodge", ch.DEX * base["Dodge_per_DEX"])
    hp = spec.hp if spec.hp is not None else hp_max
    return Fighter(
        id=ident,
        name=name,
        side=side,
        position=Position(spec.position[0], spec.position[1] + offset),
        dice_vars={"db": derived.damage_bonus(ch.STR, ch.SIZ)},
        dex=ch.DEX,
        hp=hp,
        # §5.12: a sheet that starts at 1–2 HP starts unconscious (already lying there, so
        # no hours are rolled for it).
        status=Status.ACTIVE if hp > 2 else Status.DOWN,
        unconscious_rolled=hp <= 2,
        hp_max=hp_max,
        db=derived.damage_bonus(ch.STR, ch.SIZ),
        weapons=weapons,
        shield=shield,
        armour=ap,
        armour_vs_firearms=ap_fire,
        dodge=max(0, dodge + penalty),  # Dodge is a physical skill (§5.10)
        first_aid=skills.get("First Aid", base["First Aid"]),
        physical_penalty=penalty,
        difficult=spec.difficult,
    )


def clone_fighter(f: Fighter) -> Fighter:
    """A fresh copy of a fighter as `build_fighter` made it, for the next battle: the sheet's
    arithmetic is done once per encounter, not per battle (7–10 % of a battle, measured).
    Copies exactly what `build_fighter` sets; everything else starts at its default."""
    shield = f.shield
    return Fighter(
        id=f.id,
        name=f.name,
        side=f.side,
        position=f.position,  # immutable: moving replaces it
        dice_vars=dict(f.dice_vars),
        dex=f.dex,
        hp=f.hp,
        status=f.status,
        unconscious_rolled=f.unconscious_rolled,
        hp_max=f.hp_max,
        db=f.db,
        weapons=[clone_weapon(w) for w in f.weapons],
        shield=None
        if shield is None
        else Shield(shield.data, shield.chance, clone_weapon(shield.bash)),
        armour=f.armour,
        armour_vs_firearms=f.armour_vs_firearms,
        dodge=f.dodge,
        first_aid=f.first_aid,
        physical_penalty=f.physical_penalty,
        difficult=f.difficult,
    )


class Template:
    """An encounter as `setup` reads it once for all its battles: the fighters as built from
    their sheets (copied for each battle, `clone_fighter`), the options and conditions, and
    the values the rules read from them (each a pydantic attribute: a generic look-up). Never
    changed once built, and kept by no battle state (a state keeps only its parts)."""

    def __init__(self, spec: model.Encounter) -> None:
        self.spec = spec
        self.sides = build_sides(spec)
        self.options = spec.options
        self.conditions = spec.conditions
        self.melee_reach = self.options.melee_reach_m  # F-BRP-1
        self.defence_penalty = self.options.defence_penalty  # B9
        self.dark = self.conditions.lighting == "dark"  # F-BRP-9


# The last encounter set up (`setup`): held here, not on the ruleset object, so that `setup`
# is a compiled function the core calls as it is.
_LAST_SETUP: Final[list[Template]] = []


def setup(spec: model.Encounter) -> BRPState:
    """The ruleset's `setup`: a battle's starting state. A simulation sets up the same
    encounter once per battle, so what is read from it is read once per encounter
    (`Template`): copying a fighter is cheaper than building it again. The model is frozen,
    and the template holds it: the identity check is exact. Compiled and called as it is
    (issue 35): as a method of the interpreted ruleset class it was an interpreted call per
    battle, about 1,600 instructions."""
    last = _LAST_SETUP
    template = last[0] if last else None
    if template is None or template.spec is not spec:
        template = Template(spec)
        if last:
            last[0] = template
        else:
            last.append(template)
    return fresh_state(template)


def build_sides(spec: model.Encounter) -> dict[str, list[Fighter]]:
    """Each side's fighters from their sheets, in encounter order."""
    fighters: dict[str, list[Fighter]] = {side.name: [] for side in spec.sides}
    for e in roster(spec.sides):
        fighters[e.side].append(build_fighter(e.sheet, e.name, e.id, e.side, offset=e.copy))
    return fighters


def fresh_state(template: Template) -> BRPState:
    """A battle's starting state: each side's fighters copied from the encounter's template
    (`clone_fighter`), in encounter order."""
    sides: list[Side] = []
    for name, members in template.sides.items():
        fighters: list[Combatant] = []
        for f in members:
            fighters.append(clone_fighter(f))
        sides.append(Side(name, fighters))
    return BRPState(sides, None, None, template)


def clone_weapon(w: Weapon) -> Weapon:
    return Weapon(w.data, w.chance, w.specialty, w.similar, w.hp, w.shots, w.loaded, w.odds)


def armour_worn(names: list[str]) -> tuple[int, int, int]:
    """The armour on the sheet (§5.10; a helmet adds to the body armour, B11): its penalty to
    physical skills, its armour points, and its armour points against firearms (B-C4)."""
    body = [data.armour()[a] for a in names]
    penalty = sum(a.physical for a in body)
    ap = sum(a.ap for a in body)
    ap_fire = sum(a.ap_firearm if a.ap_firearm is not None else a.ap for a in body)
    return penalty, ap, ap_fire


def weapons_in_hand(
    spec: model.Combatant, skills: dict[str, int], base: dict[str, int], penalty: int
) -> list[Weapon]:
    """The sheet's weapons (§5.9), with Brawl added for those who do not list it."""
    entries = [plain_entry(w) if isinstance(w, str) else w for w in spec.weapons]
    if not any(e.name == "Brawl" for e in entries):
        entries.append(plain_entry("Brawl"))  # everyone can brawl (§5.9 Brawl 25%)
    return [weapon_in_hand(entry, skills, base, penalty) for entry in entries]


@cache
def plain_entry(name: str) -> model.WeaponEntry:
    """A weapon the sheet names with no details, validated once and shared (the model is
    frozen): fighters are built for every simulated battle (issue 10)."""
    return model.WeaponEntry(name=name)


def weapon_in_hand(
    entry: model.WeaponEntry, skills: dict[str, int], base: dict[str, int], penalty: int
) -> Weapon:
    """One weapon: its chance from the sheet's skill or the weapon's base chance (§5.9), a
    similar specialty at half (§5.5) of the sheet's skill or of that specialty's base
    (F-BRP-13), Throw lessened by armour (§5.10); and its shots."""
    wd = data.weapons()[entry.name]
    specialty = entry.use_skill or wd.specialty
    similar = specialty != wd.specialty
    if similar:
        default = data.specialty_bases().get(specialty, base.get(specialty, 0))
    else:
        default = wd.base if wd.base is not None else base[wd.specialty]
    chance = skills.get(specialty, default)
    if wd.skill == "Throw":  # Throw is a physical skill (§5.10): armour penalises it
        chance = max(0, chance + penalty)
    if similar:
        chance = derived.difficult(chance)  # §5.5: a similar specialty as Difficult
    shots = shots_in_hand(entry, wd)
    return Weapon(wd, chance, specialty, similar, wd.hp, shots)


def shots_in_hand(entry: model.WeaponEntry, wd: data.WeaponData) -> int | None:
    """Rounds loaded or items to throw (§5.9 **, F-BRP-11); None for weapons without."""
    if wd.kind is Kind.THROWN:  # F-BRP-11: one throw per item unless `ammo` says more
        return entry.ammo if entry.ammo is not None else 1
    if wd.capacity is not None:
        shots = entry.ammo if entry.ammo is not None else wd.capacity
        return min(shots, wd.capacity)
    return None


def shield_in_hand(
    spec: model.Combatant, skills: dict[str, int], base: dict[str, int]
) -> Shield | None:
    """The sheet's shield (§5.11): its parry and bash chance is the Shield skill, its hit
    points the table's."""
    if spec.shield is None:
        return None
    sd = data.shields()[spec.shield]
    chance = skills.get("Shield", base["Shield"])
    bash = Weapon(data.shield_bash(sd.name), chance, "Shield", False, sd.hp, None)
    return Shield(sd, chance, bash)


# Built with their own __init__, these copy through it on the compiled build (core.immutable).
rebuilt_by_constructor(Weapon, Shield, Injury)
