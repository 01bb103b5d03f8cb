"""The SemiAutoMagic fight state: fighters with their derived figures computed once (setup),
their seconds clock, conditions and gear; the battle's initiative order and ground."""

from __future__ import annotations

from dataclasses import dataclass, field

from fracas.core.combatant import BattleState, Combatant
from fracas.core.immutable import rebuilt_by_constructor
from fracas.rulesets.semiautomagic import data, model


@dataclass(slots=True, eq=False)
class Wielded:
    """A weapon carried, with its damage notation built once (S9: die + STR for melee and
    thrown, + 3 x scale for melee, SAM-A26)."""

    data: data.WeaponData
    damage: str
    loaded: bool = True  # rule 64: a weapon that needs reloading starts loaded
    wounds: int = 0  # rules 126-127: wounds on the weapon itself (SAM-A31)
    jammed: bool = False  # rule 127: a wounded firearm that rolled a 1; cleared by a reload
    work: int = 0  # rule 66 (SAM-A16): seconds of reloading done by helpers toward its load


@dataclass(slots=True, eq=False)
class CoverObject:
    """Rules 103-106 (SAM-A42): the cover a fighter stands behind, as an object with its own
    Toughness (lowered by its wounds) and Durability (F-SAM-62)."""

    toughness: int
    minimum: int
    durability: int


@dataclass(slots=True, eq=False)
class Delayed:
    """Rule 14, C4: an effect that fires after `left` more seconds of its owner's clock."""

    weapon: Wielded
    target: Combatant
    left: int


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


@dataclass(slots=True, eq=False)
class Syndrome:
    """Rules 208-210 (SAM-A35): a poison or disease afflicting a fighter: its Fortitude DC
    (overdose and inhalation included), how many poisonings a failure counts as (C13 as
    corrected: 1 + doublings), and its run of successes and failures."""

    poison: str
    dc: int
    counts: int = 1
    doses: int = 1  # standard doses taken together (rule 210)
    round: int = 0  # the round it was caught: doses of the same round add up (rule 210)
    successes: int = 0  # three in a row cure it (rule 208)
    failures: int = 0  # in a row (spider venom: three → paralysed, rule 215)
    checked_at: tuple[int, str, int] = (0, "", -1)  # round, acting, second of its last check


# Not slots=True while this ruleset is not compiled: an interpreted subclass of the compiled
# Combatant and BattleState must not shadow their fields with slots of its own
# (docs/ARCHITECTURE.md, "The compiled build").
@dataclass(eq=False)
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


@dataclass
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
