"""The SemiAutoMagic fight state: fighters with their derived figures computed once (setup),
their seconds clock, conditions and gear; the battle's initiative order and ground."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from fracas.core.combatant import (
    BattleState,
    Combatant,
    Side,
    Status,
    add_count,
    cloned_sides,
    fresh_counts,
    new_tally,
    write_kept_counts,
)
from fracas.core.geometry import Position
from fracas.core.immutable import rebuilt_by_constructor
from fracas.rulesets.semiautomagic import data, model
from fracas.rulesets.semiautomagic.data import WeaponData

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


@dataclass(slots=True, eq=False, init=False)
class Wielded:
    """A weapon carried, with its damage notation built once (S9: die + STR for melee and
    thrown, + 3 x scale for melee, SAM-A26). Its own `__init__`, compiled (issue 35, the fast
    style: the dataclass module's generated one stays interpreted, about 3,000 instructions a
    weapon copied into each battle, `copy_wielded`)."""

    data: data.WeaponData
    damage: str
    loaded: bool  # rule 64: a weapon that needs reloading starts loaded
    wounds: int  # rules 126-127: wounds on the weapon itself (SAM-A31)
    jammed: bool  # rule 127: a wounded firearm that rolled a 1; cleared by a reload
    work: int  # rule 66 (SAM-A16): seconds of reloading done by helpers toward its load

    def __init__(
        self,
        data: WeaponData,
        damage: str,
        loaded: bool = True,
        wounds: int = 0,
        jammed: bool = False,
        work: int = 0,
    ) -> None:
        self.data, self.damage, self.loaded = data, damage, loaded
        self.wounds, self.jammed, self.work = wounds, jammed, work


@dataclass(slots=True, eq=False, init=False)
class CoverObject:
    """Rules 103-106 (SAM-A42): the cover a fighter stands behind, as an object with its own
    Toughness (lowered by its wounds) and Durability (F-SAM-62). Its own `__init__`,
    compiled (as `Wielded`'s)."""

    toughness: int
    minimum: int
    durability: int

    def __init__(self, toughness: int, minimum: int, durability: int) -> None:
        self.toughness, self.minimum, self.durability = toughness, minimum, durability


@dataclass(slots=True, eq=False, init=False)
class Delayed:
    """Rule 14, C4: an effect that fires after `left` more seconds of its owner's clock. Its
    own `__init__`, compiled (as `Wielded`'s)."""

    weapon: Wielded
    target: Combatant
    left: int

    def __init__(self, weapon: Wielded, target: Combatant, left: int) -> None:
        self.weapon, self.target, self.left = weapon, target, left


class Carried:
    """Rules 12-13: an action begun at the end of a turn, finished in the owner's next turn's
    first `left` seconds.

    A plain class, not a dataclass: compiled, a dataclass's field typed `object` cannot be
    annotated (mypyc looks the type up among the module's names). No required argument: a
    compiled class's `__new__` runs its `__init__`, and a copy of a state starts from one."""

    __slots__ = ("action", "left", "mind", "total")

    def __init__(
        self, action: object = None, left: int = 0, total: int = 0, mind: str = ""
    ) -> None:
        self.action = action
        self.left = left
        self.total = total
        self.mind = mind  # who began it: the body's own mind, or its possessor (seed "Actions")


@dataclass(slots=True, eq=False, init=False)
class Syndrome:
    """Rules 208-210 (SAM-A35): a poison or disease afflicting a fighter: its Fortitude DC
    (overdose and inhalation included), how many poisonings a failure counts as (C13 as
    corrected: 1 + doublings), and its run of successes and failures."""

    poison: str
    dc: int
    counts: int
    doses: int  # standard doses taken together (rule 210)
    round: int  # the round it was caught: doses of the same round add up (rule 210)
    successes: int  # three in a row cure it (rule 208)
    failures: int  # in a row (spider venom: three → paralysed, rule 215)
    checked_at: tuple[int, str, int]  # round, acting, second of its last check

    def __init__(
        self,
        poison: str,
        dc: int,
        counts: int = 1,
        doses: int = 1,
        round: int = 0,
        successes: int = 0,
        failures: int = 0,
        checked_at: tuple[int, str, int] = (0, "", -1),
    ) -> None:
        """Its own `__init__`, compiled (as `Wielded`'s)."""
        self.poison, self.dc, self.counts, self.doses = poison, dc, counts, doses
        self.round, self.successes, self.failures = round, successes, failures
        self.checked_at = checked_at


# Not slots=True: the pure build's interpreted subclass of the compiled Combatant must not
# shadow its fields with slots of its own (docs/ARCHITECTURE.md, "The compiled build"). Built
# for every battle (copied from the encounter's template, `clone_fighter`): its own
# `__init__`, compiled, where the dataclass module's generated one stays interpreted (issue 35,
# "the fast style").
@dataclass(eq=False, init=False)
class Fighter(Combatant):
    scale: int = 0
    square: float = 1.0  # rule 43: the side of its scale square, metres
    STR: int = 3
    DEX: int = 3
    END: int = 3
    SPI: int = 3
    ranks: dict[str, int] = field(default_factory=dict)
    bonus: dict[str, int] = field(default_factory=dict)  # skill bonuses, scale included
    techniques: list[str] = field(default_factory=list)
    speed: float = 2.0  # metres a 1 s move (SAM-A9)
    move_squares: int = 2  # rule 29 (rounded), less half a square per mobility penalty
    run_squares: int = 6  # rule 30: three times the speed a second, rounded the same way
    mobility: int = 0  # rules 174, 218-222: the larger of armour's and encumbrance's
    overloaded: bool = False  # rule 220: more than five steps, 1 square per 6 s
    defence: int = 0  # rule 164: the best single Defence source
    toughness: int = 9  # rule 163; each wound -1 (S11: kept apart from the minimum)
    min_toughness: int = 3  # rule 53: Toughness - 6
    will: int = 9  # rule 135: Spirit + 6
    min_will: int = 3
    wounds: int = 0
    weapons: list[Wielded] = field(default_factory=list)
    armour: str = "none"
    shield: bool = False
    combos: list[tuple[str, ...]] = field(default_factory=list)
    attacks_allowed: int = 1  # rule 86
    # Where it is and how (rules 97-113).
    posture: str = "standing"
    cover: str = "none"
    concealed: bool = False
    invisible: bool = False
    lowlight: bool = False
    hiding: bool = False
    stealth_result: int = 0  # rule 110: its Stealth roll, 0 when it has not hidden
    unseen_by: set[str] = field(default_factory=set)  # rule 110: observers who failed
    # Time (rules 7-15).
    initiative: int = 0
    arrives: int = 1  # rule 4
    present: bool = True
    placed: bool = False  # the encounter gave its position
    carried: Carried | None = None
    delays: list[Delayed] = field(default_factory=list)
    stunned: int = 0  # seconds still lost (rule 185, SAM-A3)
    staggered: int = 0  # rounds of a d6 of stun at each turn's start (rule 186)
    # Conditions (rules 172-193).
    dying: bool = False
    dying_dc: int = 4
    stable: bool = False
    unconscious: bool = False
    disabled: bool = False
    held: bool = False
    flat_footed: bool = False  # rules 115, 176 (C7): until its first turn (SAM-A6)
    # This round's defence rolls left, by kind (S6).
    defences: dict[str, int] = field(default_factory=dict)
    # What `defences` starts each round at (S6: 1 + the ranks of each kind's skill), worked
    # out once by `setup.build` from the ranks it sets (nothing in a battle writes the ranks;
    # `attack.refresh_defences`); empty for a fighter not built by it (then from the ranks).
    round_rolls: dict[str, int] = field(default_factory=dict)
    # This turn (SAM-A17, SAM-A18).
    aimed_at: str = ""  # the id of the target aimed at; lost on changing square
    straight: float = 0.0  # metres of straight movement just made (Charge)
    heading: tuple[int, int] = (0, 0)  # direction of that movement
    attacks_made: int = 0
    # High speed (rule 113, SAM-A39): squares moved since the start of its current turn.
    moved_squares: int = 0
    diagonals: int = 0  # SAM-A7: diagonal steps taken this turn (the next costs 1 or 2)
    # Called shots (rules 117-119, SAM-A28).
    hand_penalty: int = 0  # -1 to attacks per hand hit at Minimum, to the encounter's end
    legs_hit: int = 0  # legs hit at Toughness: both, crawl only
    # Delay initiative (rules 5-6, SAM-A2): a skipped turn waiting to be taken.
    delaying: bool = False
    # Morale (rules 135-142, SAM-A37).
    morale_penalties: int = 0
    broken: bool = False  # rule 141: Will 0
    broken_dc: int = 10  # rule 142: the recovery DC, 1 less after each failure
    # Possession (rules 152-158, SAM-A36).
    possession: tuple[int, float, int] | None = None  # its check's bonus, range (m), seconds
    possessed_by: str = ""  # the id of the possessor in this body
    inside: str = ""  # the id of the body this possessor is in
    body_seconds: int = 0  # rule 155: seconds the body has acted this round
    cooperating: bool = False  # rule 159: a possessor working with the body's mind
    vetoed: list[str] = field(default_factory=list)  # rule 160: actors vetoed this round
    # Mind and aftermath (rules 137-139, 177-184, 191, 194-195, 224-230; SAM-A37, SAM-A45).
    level: int = 1  # rule 225: a creature's CR counts as its level (SAM-A46)
    tried: bool = True  # rule 228: its side really tried to win
    xp: int = 0
    panicked: str = ""  # rule 137: the id of what it flees (SAM-A37: until a penalty goes)
    raging: str = ""  # rule 139: the id of the source of its rage
    withdrew: int = 0  # F-SAM-121: the round it last withdrew (0: never)
    confused: bool = False  # rule 138: until a morale penalty is removed
    confused_extra: int = 0  # rule 178: chart 1, confused 1d6 rounds more
    lucid: int = 0  # rule 183: rounds of control regained (chart 18-20)
    compelled: str = ""  # rules 179-181: this turn's chart result
    victim: str = ""  # rule 179: the id of the creature a chart result makes it attack
    hallucinating: bool = False  # rule 179 (chart 13): flanked until its next turn (SAM-A6)
    asleep: bool = False  # rule 191
    inanimate: bool = False  # rule 171: an object
    animal: bool = False  # rule 224: no experience (a mount is one, issue 31)
    dislikes: str = ""  # SAM-A45: the id of the creature it dislikes most
    attacks_at_turn: int = 0  # rule 179 (chart 8): attacks made before this turn
    harmed_by: str = ""  # SAM-A45: the id of the last creature that harmed it
    # Cover as an object, items (rules 103-106, 125-130; SAM-A30, SAM-A42).
    cover_object: CoverObject | None = None
    cover_toward: tuple[float, float] | None = None  # the side its cover is on (issue 31)
    defence_floor: int = 0  # rule 164: the best Defence source but armour (natural, ...)
    armour_wounds: int = 0  # SAM-A30: each lowers the armour's Defence bonus by 1
    shield_wounds: int = 0  # SAM-A30: a shield as a weapon row's item
    # Mounted combat (rules 131-134, SAM-A38) and speed (rule 114, SAM-A39, SAM-A11).
    mount_id: str = ""  # the mount it rides
    rider_id: str = ""  # who rides it
    seat: float = 0.0  # a rider's footprint: its mount's square side, in metres (F-SAM-80)
    reins: int = 0  # seconds of this turn controlling its mount (rule 132)
    rein_hand: bool = False  # its mount moved this round: a hand on the reins (rule 133)
    pace: float = 0.0  # metres/second of its last second of movement this turn (SAM-A39)
    altitude: float = 0.0  # metres aloft (SAM-A11)
    fly_squares: int = 0  # squares a 1 s move in the air (SAM-A11, rule 29)
    # Poison, disease, radiation, EMP (rules 200, 202-216, SAM-A35).
    venom: str = ""  # the poison its melee hits carry (rule 203)
    syndromes: list[Syndrome] = field(default_factory=list)
    symptoms: set[str] = field(default_factory=set)  # lasting ones: drunk, blinded...
    blind_rounds: int = 0  # tear gas: blinded for 1d6 rounds (rule 215)
    drinks: int = 0  # drinks this hour: +1 DC each (rule 211)
    breathed: dict[str, int] = field(default_factory=dict)  # rounds in each gas (rule 204)
    emp_toughness: int = 0  # rule 200: 0 = not electronic
    to_drink: list[int] = field(default_factory=list)  # drinks' DCs as the fight starts (211)

    def __init__(self, id: str = "", name: str = "", side: str = "") -> None:
        """Every field at its default (the sheet's figures are set by `setup.build`). No
        argument is required: compiled, `__new__` runs it (a copy, `copy_fields`)."""
        self.id, self.name, self.side, self.position = id, name, side, Position()
        self.status, self.dice_vars, self.damage_dealt, self.damage_taken = Status.ACTIVE, {}, 0, 0
        self.went_down, self.hidden, self.controller, self.controller_side = False, False, "", ""
        self.scale, self.square, self.STR, self.DEX, self.END, self.SPI = 0, 1.0, 3, 3, 3, 3
        self.ranks, self.bonus, self.techniques, self.speed, self.move_squares = {}, {}, [], 2.0, 2
        self.run_squares, self.mobility, self.overloaded, self.defence = 6, 0, False, 0
        self.toughness, self.min_toughness, self.will, self.min_will, self.wounds = 9, 3, 9, 3, 0
        self.weapons, self.armour, self.shield, self.combos = [], "none", False, []
        self.attacks_allowed, self.posture, self.cover = 1, "standing", "none"
        self.concealed, self.invisible, self.lowlight, self.hiding = False, False, False, False
        self.stealth_result, self.unseen_by, self.initiative, self.arrives = 0, set(), 0, 1
        self.present, self.placed, self.carried, self.delays = True, False, None, []
        self.stunned, self.staggered, self.dying, self.dying_dc, self.stable = 0, 0, False, 4, False
        self.unconscious, self.disabled, self.held, self.flat_footed = False, False, False, False
        self.defences, self.aimed_at, self.straight, self.heading = {}, "", 0.0, (0, 0)
        self.round_rolls = NO_ROLLS  # (shared, never written: `setup.build` puts another)
        self.attacks_made, self.moved_squares, self.diagonals, self.hand_penalty = 0, 0, 0, 0
        self.legs_hit, self.delaying, self.morale_penalties, self.broken = 0, False, 0, False
        self.broken_dc, self.possession, self.possessed_by, self.inside = 10, None, "", ""
        self.body_seconds, self.cooperating, self.vetoed, self.level = 0, False, [], 1
        self.tried, self.xp, self.panicked, self.raging, self.withdrew = True, 0, "", "", 0
        self.confused, self.confused_extra, self.lucid, self.compelled = False, 0, 0, ""
        self.victim, self.hallucinating, self.asleep, self.inanimate = "", False, False, False
        self.animal, self.dislikes, self.attacks_at_turn, self.harmed_by = False, "", 0, ""
        self.cover_object, self.cover_toward, self.defence_floor = None, None, 0
        self.armour_wounds, self.shield_wounds, self.mount_id, self.rider_id = 0, 0, "", ""
        self.seat, self.reins, self.rein_hand, self.pace, self.altitude = 0.0, 0, False, 0.0, 0.0
        self.fly_squares, self.venom, self.syndromes, self.symptoms = 0, "", [], set()
        self.blind_rounds, self.drinks, self.breathed, self.emp_toughness = 0, 0, {}, 0
        self.to_drink = []

    @property
    def wielded(self) -> Wielded:
        return self.weapons[0]

    @property
    def down(self) -> bool:
        return not self.active

    @property
    def helpless(self) -> bool:
        """Rule 189, 190: unconscious (dying included) characters are helpless."""
        return (
            self.unconscious
            or self.dying
            or self.down
            or (self.broken and not self.possessed_by)
            or self.asleep  # rule 191: sleepers are helpless
            or self.inanimate  # rule 171: an object neither moves nor defends
        )  # rule 141: the Broken are helpless (a possessed body still moves for its possessor)


NO_ROLLS: Final[dict[str, int]] = {}  # `Fighter.round_rolls` not worked out (never written)


def rolls_of(ranks: dict[str, int]) -> dict[str, int]:
    """S6 (PROPOSED): each round, 1 + ranks rolls of each defence (Reflex: dodge, Shield Use:
    block, Weapon Skill: parry; `attack.DEFENCE_SKILL`), in that order."""
    return {
        "dodge": 1 + ranks.get("reflex", 0),
        "block": 1 + ranks.get("shield", 0),
        "parry": 1 + ranks.get("weapon", 0),
    }


# The commonest of the simulator's counts (`BattleState.tally`), kept as integers on the state
# during the fight and written into the tally as it ends (`core.combatant.fresh_counts`, whose
# docstring says why; issue 35).
COUNTED: Final[tuple[str, ...]] = (
    "attacks", "hits", "combos", "dodge succeeded", "block succeeded", "parry succeeded",
    "wounds",
)  # fmt: skip
ATTACKS: Final = 0
HITS: Final = 1
COMBOS: Final = 2
SUCCEEDED: Final[dict[str, int]] = {"dodge": 3, "block": 4, "parry": 5}  # a defence's, by kind
WOUNDS: Final = 6


class Shown:
    """What `actions.legal` found on its way to a list of options: the list itself, its
    fighter, the enemies the weapon in hand can strike (`actions.targets`, None when not
    looked for) and the foes it knows (`actions.known_foes`). The policy deciding on that very
    list (the same object: nothing happens between `legal` and the decision) reads them
    instead of finding them again (issue 35: the policy re-derived what the rules had just
    found); a copy of the state, or a filtered list, is another object, and the policy finds
    its own."""

    __slots__ = ("fighter", "known", "options", "targets", "weapon")

    def __init__(
        self,
        options: Sequence[object] = (),
        fighter: Fighter | None = None,
        weapon: Wielded | None = None,
        targets: list[Fighter] | None = None,
        known: list[Fighter] | None = None,
    ) -> None:
        """Every argument has a default: compiled, a copy's `__new__` runs it with none."""
        self.options, self.fighter, self.weapon = options, fighter, weapon
        self.targets, self.known = targets, known


@dataclass(init=False)
class SamState(BattleState):
    conditions: model.Conditions = field(default_factory=model.Conditions)
    options: model.Options = field(default_factory=model.Options)
    order: list[Fighter] = field(default_factory=list)  # rules 1-2, 4: initiative order
    acting: str = ""  # the id of whoever's turn it is
    second: int = 0  # the second of the acting fighter's turn (the timeline)
    incoming: int = 0  # the damage of the hit being defended (SAM-A24: rolled first)
    incoming_area: bool = False  # ... and whether it is an area's (rule 75)
    controlling: str = ""  # the id of a body its possessor is acting with now (SAM-A36 f)
    possessing: bool = False  # someone was possessed: sides are no longer fixed (SAM-A36 f)
    interrupting: str = ""  # the id of a delayer taking its turn now (SAM-A2 d: no nesting)
    hazardous: bool = False  # poison, radiation or gas in play (rules 202-216, 223)
    falls: bool = False  # mounts or flyers in play: who falls after each turn (145, 134)
    _fighters: list[Fighter] = field(default_factory=list, repr=False)  # `fighters`, kept
    alternate: bool = True  # SAM-A7: diagonals alternate 1 and 2 (`options.diagonals`), read once
    lighting: str = "clear"  # rule 109: `conditions.lighting`, read once (a model's attribute
    # costs a lookup through its `__getattr__` hook at each attack's sight)
    counts: list[int] = field(default_factory=list)  # `COUNTED`, written as the fight ends
    # The encounter's options the round reads at each blow, read once (a pydantic model's
    # attribute is a look-up through the interpreter from compiled code; issue 35)
    wound_on_equal: bool = False  # SAM-A27 (`options.wound_on_equal`)
    combo_seconds: int = 4  # SAM-A1 (`options.combo_seconds`)
    cover_hit_literal: bool = False  # SAM-A42 (`options.cover_hit_literal`)
    close_adjacent: bool = False  # SAM-A13 (`options.close_reaches_adjacent`)
    # The ground and the air, read once from `conditions` (nothing changes them in a battle;
    # a pydantic attribute read from compiled code is a look-up through its `__getattr__`
    # hook, about 300 instructions, at every step tried and every movement scored; issue 35)
    open_ground: bool = True  # no difficult or extreme terrain anywhere (rules 33-36)
    clouded: bool = False  # gas or radiation in the fight (rules 204-216)
    # The strike options of each weapon, built once a battle and handed out again each
    # decision (`actions.offers`; issue 35, the lead's ruling: immutable options may be kept).
    # By the weapon itself (a `Wielded` hashes by identity: no integer made for its id a
    # look-up), each entry holding its weapon, checked by identity: a deep copy of the state
    # maps the keys and the entries' weapons along together, and `clone_state` starts empty.
    # Not compared, not shown.
    offers: dict[Wielded, object] = field(default_factory=dict, repr=False, compare=False)
    # What `legal` found for the options it last returned (`Shown`): the policy reads it only
    # when deciding on that very list (issue 35). Not compared, not shown.
    shown: Shown | None = field(default=None, repr=False, compare=False)
    # The options aimed at each fighter (`actions.Toward`), by its id string (hashed once, no
    # integer made for an object's id a look-up). Not compared, not shown.
    towards: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    # `wander.away`'s last answer for each mover (by the mover's id string), kept with all it
    # was worked out from (`wander.Away`); issue 35. Not compared, not shown.
    aways: dict[str, object] = field(default_factory=dict, repr=False, compare=False)
    # The fighters that carry a weapon that needs reloading (`reloading.carriers`), and the
    # list of fighters (`fighters`, by identity) they were found among: a battle puts no such
    # weapon in anyone's hands (a thrown weapon gone or a weapon lost leaves it unarmed, a draw
    # reorders its own), and a join builds a new list. Not compared, not shown.
    reload_for: list[Fighter] | None = field(default=None, repr=False, compare=False)
    reloaders: list[Fighter] = field(default_factory=list, repr=False, compare=False)

    def __init__(
        self,
        sides: list[Side] | None = None,
        conditions: model.Conditions | None = None,
        options: model.Options | None = None,
    ) -> None:
        """Every field at its default, the sides and the encounter's conditions and options
        given (see `Fighter`). No argument is required: compiled, `__new__` runs it."""
        self.sides, self.round, self.tally, self._enemies = sides or [], 0, new_tally(), {}
        self.conditions = conditions if conditions is not None else model.Conditions()
        self.options = options if options is not None else model.Options()
        self.alternate = self.options.diagonals == "alternate"
        self.lighting = self.conditions.lighting
        self.wound_on_equal = self.options.wound_on_equal
        self.combo_seconds = self.options.combo_seconds
        self.cover_hit_literal = self.options.cover_hit_literal
        self.close_adjacent = self.options.close_reaches_adjacent
        self.open_ground = not self.conditions.terrain
        self.clouded = bool(self.conditions.gas or self.conditions.radiation)
        self.order, self.acting, self.second, self.incoming = [], "", 0, 0
        self.incoming_area, self.controlling, self.possessing = False, "", False
        self.interrupting, self.hazardous, self.falls, self._fighters = "", False, False, []
        self.counts = fresh_counts(COUNTED)
        self.offers, self.shown, self.aways, self.towards = {}, None, {}, {}
        self.reload_for, self.reloaders = None, []

    def count(self, index: int, n: int = 1) -> None:
        """`n` more of `COUNTED[index]` (`core.combatant.add_count`)."""
        add_count(self.counts, index, n)

    def write_counts(self) -> None:
        """Add the counts to the tally (the fight is over), and start them again, uncounted."""
        write_kept_counts(self.tally, COUNTED, self.counts)

    def fighters(self) -> list[Fighter]:
        """Every fighter, in encounter order (a shared list: do not change it). Built once:
        the sides change only by `join`, which calls `forget`."""
        if not self._fighters:
            out: list[Fighter] = []
            for s in self.sides:
                for c in s.combatants:
                    assert isinstance(c, Fighter)
                    out.append(c)
            self._fighters = out
        return self._fighters

    def forget(self) -> None:
        BattleState.forget(self)  # (no zero-argument super in a compiled dataclass)
        self._fighters = []

    def standing(self, f: Fighter) -> bool:
        """Still in the fight: active, and not Broken (rule 141: "effectively giving up",
        F-SAM-109; a possessed body fights on for its possessor)."""
        return f.active and not (f.broken and not f.possessed_by)

    def marks_of(self, f: Fighter) -> list[Combatant]:
        """Whom `f` may attack now: its foes, or the one creature rage or confusion turns it
        on, friend or foe (rules 139, 179)."""
        if f.victim:
            return [x for x in self.fighters() if x.id == f.victim and x.active]
        return self.foes_of(f)

    def camp(self, f: Fighter) -> str:
        """SAM-A36 f (F-SAM-43): a possessed body counts for its possessor's side."""
        if f.possessed_by:
            return next(p.side for p in self.fighters() if p.id == f.possessed_by)
        return f.side

    def foes_of(self, f: Fighter) -> list[Combatant]:
        """Whom `f` fights now: the other sides' combatants; after a possession, those of
        another camp than the side `f` acts for (its controller's while controlled), not a
        possessor hidden in a body."""
        if not self.possessing:
            return self.enemies_of(f)
        mine = f.controller_side or f.side
        return [
            x for x in self.fighters()
            if x is not f and not x.inside and self.camp(x) != mine
        ]  # fmt: skip


rebuilt_by_constructor(Wielded, CoverObject, Delayed, Syndrome)  # copies (core.immutable)


def clone_fighter(f: Fighter) -> Fighter:
    """A copy of a template's fighter as setup left it, for the next battle (issue 35: the
    sheet's arithmetic once per encounter): its containers and gear copied, its frozen values
    (position, weapon rows) shared. A container the template has empty is not copied: the
    copy's own, new and empty from `Fighter.__init__`, is kept (`kept_*`). The ranks are
    shared: nothing in a battle writes them (only `setup.build` sets them)."""
    n = Fighter(f.id, f.name, f.side)
    n.position, n.status, n.dice_vars = f.position, f.status, kept_dict(f.dice_vars, n.dice_vars)
    n.damage_dealt, n.damage_taken, n.went_down = f.damage_dealt, f.damage_taken, f.went_down
    n.hidden, n.controller, n.controller_side = f.hidden, f.controller, f.controller_side
    n.scale, n.square, n.STR, n.DEX, n.END, n.SPI = f.scale, f.square, f.STR, f.DEX, f.END, f.SPI
    n.ranks, n.bonus = f.ranks, dict(f.bonus)
    n.techniques = kept_list(f.techniques, n.techniques)
    n.speed, n.move_squares, n.run_squares = f.speed, f.move_squares, f.run_squares
    n.mobility, n.overloaded, n.defence = f.mobility, f.overloaded, f.defence
    n.toughness, n.min_toughness, n.will = f.toughness, f.min_toughness, f.will
    n.min_will, n.wounds, n.weapons = f.min_will, f.wounds, [copy_wielded(w) for w in f.weapons]
    n.armour, n.shield, n.combos = f.armour, f.shield, kept_list(f.combos, n.combos)
    n.attacks_allowed, n.posture, n.cover = f.attacks_allowed, f.posture, f.cover
    n.concealed, n.invisible, n.lowlight, n.hiding = f.concealed, f.invisible, f.lowlight, f.hiding
    n.stealth_result, n.initiative = f.stealth_result, f.initiative
    n.unseen_by = kept_set(f.unseen_by, n.unseen_by)
    n.arrives, n.present, n.placed, n.carried = f.arrives, f.present, f.placed, f.carried
    n.delays = kept_list(f.delays, n.delays)
    n.stunned, n.staggered, n.dying = f.stunned, f.staggered, f.dying
    n.dying_dc, n.stable, n.unconscious = f.dying_dc, f.stable, f.unconscious
    n.disabled, n.held, n.flat_footed = f.disabled, f.held, f.flat_footed
    n.defences, n.round_rolls = kept_dict(f.defences, n.defences), f.round_rolls  # (shared)
    n.aimed_at, n.straight = f.aimed_at, f.straight
    n.heading, n.attacks_made, n.moved_squares = f.heading, f.attacks_made, f.moved_squares
    n.diagonals, n.hand_penalty, n.legs_hit = f.diagonals, f.hand_penalty, f.legs_hit
    n.delaying, n.morale_penalties, n.broken = f.delaying, f.morale_penalties, f.broken
    n.broken_dc, n.possession, n.possessed_by = f.broken_dc, f.possession, f.possessed_by
    n.inside, n.body_seconds, n.cooperating = f.inside, f.body_seconds, f.cooperating
    n.vetoed = kept_list(f.vetoed, n.vetoed)
    n.level, n.tried, n.xp = f.level, f.tried, f.xp
    n.panicked, n.raging, n.withdrew, n.confused = f.panicked, f.raging, f.withdrew, f.confused
    n.confused_extra, n.lucid, n.compelled = f.confused_extra, f.lucid, f.compelled
    n.victim, n.hallucinating, n.asleep = f.victim, f.hallucinating, f.asleep
    n.inanimate, n.animal, n.dislikes = f.inanimate, f.animal, f.dislikes
    n.attacks_at_turn, n.harmed_by = f.attacks_at_turn, f.harmed_by
    n.cover_object, n.cover_toward = copy_cover(f.cover_object), f.cover_toward
    n.defence_floor, n.armour_wounds = f.defence_floor, f.armour_wounds
    n.shield_wounds, n.mount_id, n.rider_id = f.shield_wounds, f.mount_id, f.rider_id
    n.seat, n.reins, n.rein_hand, n.pace = f.seat, f.reins, f.rein_hand, f.pace
    n.altitude, n.fly_squares, n.venom = f.altitude, f.fly_squares, f.venom
    if f.syndromes:
        n.syndromes = [copy_syndrome(s) for s in f.syndromes]
    n.symptoms = kept_set(f.symptoms, n.symptoms)
    n.blind_rounds, n.drinks = f.blind_rounds, f.drinks
    n.breathed = kept_dict(f.breathed, n.breathed)
    n.emp_toughness, n.to_drink = f.emp_toughness, kept_list(f.to_drink, n.to_drink)
    return n


def kept_dict(made: dict[K, V], fresh: dict[K, V]) -> dict[K, V]:
    """A copy of `made`, or `fresh` (new and empty) when `made` is empty (no copy made)."""
    return dict(made) if made else fresh


def kept_list(made: list[T], fresh: list[T]) -> list[T]:
    """A copy of `made`, or `fresh` (new and empty) when `made` is empty (no copy made)."""
    return list(made) if made else fresh


def kept_set(made: set[str], fresh: set[str]) -> set[str]:
    """A copy of `made`, or `fresh` (new and empty) when `made` is empty (no copy made)."""
    return set(made) if made else fresh


def copy_wielded(w: Wielded) -> Wielded:
    return Wielded(w.data, w.damage, w.loaded, w.wounds, w.jammed, w.work)


def copy_syndrome(s: Syndrome) -> Syndrome:
    return Syndrome(s.poison, s.dc, s.counts, s.doses, s.round, s.successes, s.failures,
                    s.checked_at)  # fmt: skip


def copy_cover(c: CoverObject | None) -> CoverObject | None:
    return None if c is None else CoverObject(c.toughness, c.minimum, c.durability)


def clone_state(template: SamState) -> SamState:
    """A battle's starting state: the encounter's template (`SemiAutoMagic.setup`) with its
    fighters copied (`clone_fighter`). A template has fought no round: no initiative order,
    nobody acting, possessed or delaying; its flags (hazards, falls) are the encounter's."""
    sides = cloned_sides(template.sides, Fighter, clone_fighter)
    state = SamState(sides, template.conditions, template.options)
    state.hazardous, state.falls = template.hazardous, template.falls
    return state
