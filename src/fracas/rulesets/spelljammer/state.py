"""The Spelljammer fight state: fighters with every figure the round reads computed once
(weapons' dice, DEF and PROT parts, stun threshold, casting times), this round's plan and
schedule, and the battle's agenda of attacks and spell releases (checklist "Hard parts" 1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from fracas.core.combatant import (
    BattleState,
    Combatant,
    Side,
    Status,
    cloned_sides,
    fresh_counts,
    new_tally,
    write_kept_counts,
)
from fracas.core.geometry import Position
from fracas.core.immutable import rebuilt_by_constructor
from fracas.rulesets.spelljammer import data, model
from fracas.rulesets.spelljammer.data import WeaponData

# The classes built per battle or per hit write their own `__init__`, which mypyc compiles,
# where the dataclass module's generated one stays interpreted (docs/ARCHITECTURE.md, "The
# fast style"); every argument of a fighter's and a state's has a default: compiled, a class's
# `__new__` runs its `__init__`, and a copy of a state (`copy_fields`) makes a blank one first.
ORIGIN: Final = Position()
# Rule 28: the count-down's last segment, the agenda's first slot (`SjState.slots`).
LAST_SEGMENT: Final = int(data.tables()["last_segment"])
# The strike's four results (rules 37, 39–69: `hitting.classify`) as the simulator's counts
# (`BattleState.tally`), kept as integers on the state during the fight and written into the
# tally as it ends (`SjState.counts`, `core.combatant.fresh_counts`; issue 35: `tally[key] +=
# 1` on the tally's `Counter` was about 900 instructions a strike). By `COUNTED`'s index:
COUNTED: Final[tuple[str, ...]] = (
    "attacks: miss", "attacks: hit", "attacks: critical", "attacks: grievous",
)  # fmt: skip
# No hit points a fighter has (`Fighter.wound_hp`: no wound modifier kept yet).
UNKNOWN: Final = -(1 << 40)
# `Plan.pace` of an advance or flee plan, by its mode (P3, SJ-U42, issue 30). A module
# constant: a dict literal in `pace` was built and freed at every call (about 400–600
# instructions; issue 35).
PACE_OF_MODE: Final[dict[str, str]] = {
    "stand": "running", "walk": "walking", "run": "running", "sprint": "sprinting",
    "fast_sprint": "fast_sprinting",
}  # fmt: skip


@dataclass(slots=True, eq=False, init=False)
class Arm:
    """A weapon in hand (P6, rules 196–198, 234–236): its SC, rank and damage dice."""

    data: data.WeaponData
    sc: int
    rank: int
    damage: str
    offhand: bool = False
    specialist: int = 0
    state: str = "in_hand"  # rules 150–154, 199–201: in_hand, sheathed, dropped; thrown (gone)
    ammo: int | None = None  # issue 30, item 10: missiles left (None: not counted)
    # `data.ranged` (rules 234–236: not a melee weapon), kept as a field: the row's property
    # is a call and a string comparison, asked of a weapon about 1,500 times a skirmish
    # (issue 35).
    ranged: bool = False

    def __init__(
        self,
        row: WeaponData,
        sc: int,
        rank: int,
        damage: str,
        offhand: bool = False,
        specialist: int = 0,
        state: str = "in_hand",
        ammo: int | None = None,
        ranged: bool | None = None,
    ) -> None:
        """`ranged`: `row.ranged`, worked out when not given (a copy, `rebuilt_by_constructor`,
        passes every field back)."""
        self.data, self.sc, self.rank, self.damage = row, sc, rank, damage
        self.offhand, self.specialist, self.state, self.ammo = offhand, specialist, state, ammo
        self.ranged = row.ranged if ranged is None else ranged


@dataclass(slots=True, eq=False, init=False)
class Potion:
    """A potion close at hand (rules 157–159, SJ-U32): hit points restored; how many left."""

    name: str
    heal: str
    count: int

    def __init__(self, name: str, heal: str, count: int) -> None:
        self.name, self.heal, self.count = name, heal, count


@dataclass(slots=True, eq=False, init=False)
class Stuck:
    """A missile stuck in a fighter (rules 238–243, SJ-U46): its DEX penalty and bleeding."""

    missile: str
    dex: int
    bleed: int

    def __init__(self, missile: str, dex: int, bleed: int) -> None:
        self.missile, self.dex, self.bleed = missile, dex, bleed


@dataclass(slots=True, eq=False, init=False)
class Prepared:
    """A spell ready to cast (rules 112–129, SJ-U36, SJ-U37): its casting time in segments
    (`one_round`: a cleric's "1 round"), cast chance (−1: none), effect dice and range."""

    name: str
    casting_time: int
    one_round: bool
    cast_chance: int
    damage: str
    heal: str
    range: int
    uses: int

    def __init__(
        self,
        name: str,
        casting_time: int,
        one_round: bool,
        cast_chance: int,
        damage: str,
        heal: str,
        range: int,
        uses: int,
    ) -> None:
        self.name, self.casting_time, self.one_round = name, casting_time, one_round
        self.cast_chance, self.damage, self.heal = cast_chance, damage, heal
        self.range, self.uses = range, uses


class Plan:
    """A declaration (rules 1–2, SJ-U6): what a fighter does this round.

    `action`: attack, advance (move without attacking), full (Full Defense), desperate
    (Desperate Defense), cast, continue (a spell carried from last round, SJ-U35); stage 2:
    hold (SJ-U34), pickup (a dropped weapon, rules 199–201), aid (First Aid on a stuck
    missile, SJ-U46), drink (a potion, nothing else), shield (ready it, nothing else).
    `handling` (rules 150–154, SJ-U30, SJ-U33): draw, switch (sheathe and draw), drop_draw
    (drop the weapon in hand, a free action, and draw); `arm` the weapon to fight with.
    `extra` (rules 155–159): shield or potion alongside, paid with `cost` attacks or
    movement.
    `mode` (attack, cast): stand (the 5 ft free move only), still (no movement, rule 18),
    move (move and attack, rule 131), run (run and attack, rule 145), aim (Careful Aim, rule
    220: standing still), aim_still (Careful Aim with the no-movement declaration), then_move
    (attack and move, rule 135). `sacrifice`: the SC given
    up to Defending (rule 179). Issue 30: `advance` (running up, 2× TMR) also at `sprint`
    (3×) or `fast_sprint` (4×, rules 216–217); flee (withdraw from the foes, no attacks) at
    `walk` (TMR), `run` (2×), `sprint` or `fast_sprint`; dodge (no attacks, rule 218)."""

    __slots__ = (
        "action", "arm", "cost", "extra", "handling", "mode", "potion", "sacrifice", "spell",
        "target",
    )  # fmt: skip

    def __init__(
        self,
        action: str = "",
        target: Fighter | None = None,
        mode: str = "stand",
        sacrifice: int = 0,
        spell: Prepared | None = None,
        handling: str = "",
        arm: Arm | None = None,
    ) -> None:
        self.action = action
        self.target = target
        self.mode = mode
        self.sacrifice = sacrifice
        self.spell = spell
        self.handling = handling
        self.arm = arm
        self.extra = ""
        self.cost = ""
        self.potion: Potion | None = None

    def with_extra(self, extra: str, cost: str, potion: Potion | None = None) -> Plan:
        """The same plan with a half-round action alongside (rules 155–159)."""
        out = Plan(
            self.action, self.target, self.mode, self.sacrifice, self.spell, self.handling,
            self.arm,
        )  # fmt: skip
        out.extra, out.cost, out.potion = extra, cost, potion
        return out

    def copy(self) -> Plan:
        """The same plan, a new object: the one a fighter declares is its own, as a retarget
        (rules 188, 194, SJ-U7) changes its target, while the options it was chosen from may
        be handed out again (`options.AWAY` and the other plans with no target, issue 35)."""
        return self.with_extra(self.extra, self.cost, self.potion)

    @property
    def still(self) -> bool:
        """Rules 18–22: the no-movement declaration (+3 initiative, −20 DEF); Careful Aim
        may add it (`aim_still`), it does not include it (issue 30, item 8)."""
        return self.mode in ("still", "aim_still")

    @property
    def aiming(self) -> bool:
        """Rules 220–223: Careful Aim, with or without the no-movement declaration."""
        return self.mode in ("aim", "aim_still")

    @property
    def standing(self) -> bool:
        """Standing still all round, not even the free move: no movement, or Careful Aim
        ("if the attacker is standing still and taking careful aim", SJ-U43)."""
        return self.mode in ("still", "aim", "aim_still")

    def __str__(self) -> str:
        who = self.target.name if self.target is not None else ""
        how = {"stand": "", "still": ", no movement", "move": ", moving first (½ TMR)",
               "run": ", running first (TMR)", "aim": ", Careful Aim (standing still)",
               "aim_still": ", Careful Aim, no movement",
               "then_move": ", then moving away (½ TMR)"}.get(self.mode, "")  # fmt: skip
        defend = f", Defending (−{self.sacrifice} SC)" if self.sacrifice else ""
        defend += self._handling_words()
        if self.action == "attack":
            return f"attack {who}{how}{defend}"
        if self.action == "cast" and self.spell is not None:
            return f"cast {self.spell.name} at {who}{how}"
        if self.action == "continue" and self.spell is not None:
            return f"go on casting {self.spell.name} at {who} (starts on 10)"
        arm = self.arm.data.name if self.arm is not None else "its weapon"
        if self.action in ("advance", "flee"):
            return self._pace_words(who) + defend
        return {
            "full": "Full Defense (no attacks)",
            "desperate": f"Desperate Defense (no actions){how}",
            "hold": "hold its action (no movement; first action on 10 next round)",
            "pickup": f"pick up its {arm} (−15 DEF, 4× DEX)",
            "aid": f"First Aid: pull the missile from {who} (no attacks)",
            "drink": f"drink {self.potion.name if self.potion else 'a potion'}",
            "shield": "ready its shield (half a round)",
            "caught": "nothing: caught by the ambush (SJ-U19)",
            "dodge": "dodge (no attacks; −20 to missiles at it, rule 218)",
        }[self.action]

    def _pace_words(self, who: str) -> str:
        """Running up, or fleeing, at its pace (P3; rules 215–217)."""
        pace = {
            "stand": "run", "walk": "walk", "run": "run", "sprint": "sprint",
            "fast_sprint": "fast sprint",
        }[self.mode]  # fmt: skip
        times = {"walk": "TMR", "run": "2× TMR", "sprint": "3× TMR", "fast sprint": "4× TMR"}
        if self.action == "advance":
            return f"{pace} toward {who} ({times[pace]}, no attack)"
        return f"withdraw and flee: {pace} away from the foes ({times[pace]}, no attack)"

    @property
    def pace(self) -> str:
        """P3, SJ-U42: how fast its declaration moves it — stationary, walking, running,
        sprinting, fast_sprinting, dodging — for a plan whose pace is its whole point (running
        up, fleeing, dodging); "" for the others."""
        if self.action == "dodge":
            return "dodging"
        if self.action not in ("advance", "flee"):
            return ""
        return PACE_OF_MODE[self.mode]

    def _handling_words(self) -> str:
        arm = self.arm.data.name if self.arm is not None else ""
        words = {
            "": "", "draw": f", drawing its {arm} (−5)",
            "switch": f", sheathing and drawing its {arm} (−10, one action fewer)",
            "drop_draw": f", dropping its weapon (free action) and drawing its {arm} (−5)",
        }[self.handling]  # fmt: skip
        if self.extra == "shield":
            words += ", readying its shield (half its attacks)"
        elif self.extra == "potion" and self.potion is not None:
            paid = "half its attacks" if self.cost == "attacks" else "half its movement"
            words += f", drinking {self.potion.name} ({paid})"
        return words


class Gap:
    """A gap `space.gap` measured, in squares, from `frm` to a fighter standing at `to`, and
    the distance in metres it came from (`frm.distance(to)`, the one `Position.toward` would
    measure again: `space.step_toward`). Every argument has a default: compiled, a copy of
    the state makes a blank one first."""

    __slots__ = ("frm", "metres", "squares", "to")

    def __init__(
        self,
        frm: Position = ORIGIN,
        to: Position = ORIGIN,
        squares: float = 0.0,
        metres: float = 0.0,
    ) -> None:
        self.frm, self.to, self.squares, self.metres = frm, to, squares, metres


@dataclass(slots=True, eq=False, init=False)
class Fighter(Combatant):
    order: int = 0  # place in the encounter (SJ-U5: dice and choices in encounter order)
    im: int = 0  # rule 11, P2
    con: int = 12
    stun_at: int = 12  # rules 71, 73–86: stunned when damage taken exceeds this
    hp: int = 1
    max_hp: int = 1
    wound_base: int = 1  # SJ-U17: the hit points the wound exception reads
    tmr: int = 5
    size: str = "medium"
    attacks: int = 1
    arms: list[Arm] = field(default_factory=list)
    spells: list[Prepared] = field(default_factory=list)
    def_dex: int = 0  # P5, SJ-U10
    def_skill: int = 0
    def_shield: int = 0
    def_magic_always: int = 0
    def_magic_other: int = 0
    prot_armour: int = 0  # P7, SJ-U12
    prot_natural: int = 0
    encumbered: bool = False
    ambidextrous: bool = False
    darkvision: bool = False
    tentacle_pairs: int = 0
    cover: str = "none"
    bleeding: int = 0  # SJ-U13: hit points lost at each round's end
    tmr_lost: int = 0  # SJ-U13
    # This round.
    plan: Plan | None = None
    stunned: bool = False  # rule 71, SJ-U14: until the round ends
    down_pending: bool = False  # SJ-U1: it falls as its segment ends
    allowance: float = 0.0  # squares it may move this round (SJ-U2)
    moved: float = 0.0
    free_move: bool = True  # rule 134, SJ-U47: the 5 ft free move is still to take
    cast_start: int = 99  # SJ-U35: the segment casting starts (99: not casting)
    release: int = 99  # the segment the spell goes off
    casting: Prepared | None = None
    carried: Prepared | None = None  # SJ-U35: a spell that starts on 10 next round
    carried_target: Fighter | None = None
    scheduled: list[int] = field(default_factory=list)  # this round's attack segments
    aimed: bool = False  # SJ-U43: a one-attack archer aimed last round (+15 on its next shot)
    last_attack: int = 99  # SJ-U29: the segment of its last attack made this round
    free_attacked: list[Fighter] = field(default_factory=list)  # SJ-U39: withdrawers struck
    pushed_by: list[Fighter] = field(default_factory=list)  # SJ-U28: who pushed it this round
    move_from: int = 10  # SJ-U29: the first segment it may move (attack and move)
    dex: int = 12  # for N× DEX rolls (P4)
    prone: bool = False  # SJ-U38: fell when its no movement was broken; stands next round
    # Stage 2.
    per: int = 12  # N× PER rolls (rules 102, 166)
    luck: int = 0  # P9: Luck save bonus
    first_aid: int = 0  # SJ-U46
    range_of_field: int = 0  # rule 169, SJ-U23
    master_bowman: int = 0  # rule 246
    invisible: bool = False  # rules 163–167
    targeting_sense: bool = False  # rule 165
    alert: bool = False  # rule 101, SJ-U21
    flying: bool = False  # rule 206: an agile flyer
    unaware: str = "no"  # rules 96–100: in_combat, out_of_combat (until first attacked)
    shield_slung: bool = False  # rule 155: no shield DEF until readied
    shield_at: int = -99  # SJ-U31: a slung shield counts from this segment (−99: not yet)
    readying: bool = False  # rule 155: readying its shield this round
    potions: list[Potion] = field(default_factory=list)
    stuck: list[Stuck] = field(default_factory=list)  # rules 238–243
    base_dex: int = 12  # DEX before stuck missiles (SJ-U46)
    base_im: int = 0
    held: bool = False  # SJ-U34: its first action next round starts on 10
    ambush_band: int = 0  # SJ-U19: its PER band in the surprise round (0: not ambushed)
    sight: int = 0  # SJ-U24: its PER band this round against unseen foes (0: sees them)
    warned: bool = False  # rule 103: it shouted a warning (a free action)
    # Issue 30: the declarations of rules 212, 216–219 and the plain withdrawal.
    nl: int = 0  # P3, P8: non-lethal damage (sprinting)
    dex_lost: int = 0  # SJ-U13: DEX lost to grievous wounds (negative)
    mounted: bool = False  # rule 219: on a mount or wagon
    fast_target: int = 0  # rule 212: the GM's extra missile penalty when it runs or faster
    waits: bool = False  # SJ-U34: the default policy holds until a foe is in reach
    # Issue 35: the gap `space.gap` last measured to each fighter (by its place in the
    # encounter, `order`: no cycle, and a list read where a dictionary was hashed), with the
    # two positions.
    gaps: list[Gap] = field(default_factory=list)
    # Issue 35: the wound modifier (`wounds.wound_modifier`) last found, with the hit points
    # and `wound_base` it was found at (the key: every d100 and SC reads it, hit points change
    # only as harm lands). `UNKNOWN`: none found yet.
    wound_hp: int = UNKNOWN
    wound_base_at: int = UNKNOWN
    wound_mod: int = 0

    def __init__(self, *, id: str = "", name: str = "", side: str = "") -> None:
        """Who it is; `setup.build` sets the sheet's figures, everything else starts as at a
        fight's start (no argument required: see `ORIGIN`)."""
        self.id, self.name, self.side, self.position = id, name, side, ORIGIN
        self.status, self.dice_vars = Status.ACTIVE, {}
        self.damage_dealt, self.damage_taken, self.went_down, self.hidden = 0, 0, False, False
        self.controller, self.controller_side = "", ""
        self.order, self.im, self.con, self.stun_at, self.hp, self.max_hp = 0, 0, 12, 12, 1, 1
        self.wound_base, self.tmr, self.size, self.attacks = 1, 5, "medium", 1
        self.arms, self.spells = [], []
        self.def_dex, self.def_skill, self.def_shield = 0, 0, 0
        self.def_magic_always, self.def_magic_other = 0, 0
        self.prot_armour, self.prot_natural = 0, 0
        self.encumbered, self.ambidextrous, self.darkvision = False, False, False
        self.tentacle_pairs, self.cover, self.bleeding, self.tmr_lost = 0, "none", 0, 0
        self._round_fields()
        self.casting, self.carried, self.carried_target = None, None, None
        self.aimed, self.dex, self.prone = False, 12, False
        self.per, self.luck, self.first_aid, self.range_of_field = 12, 0, 0, 0
        self.master_bowman, self.invisible, self.targeting_sense = 0, False, False
        self.alert, self.flying, self.unaware = False, False, "no"
        self.shield_slung, self.shield_at, self.readying = False, -99, False
        self.potions, self.stuck, self.base_dex, self.base_im = [], [], 12, 0
        self.held, self.ambush_band, self.sight, self.warned = False, 0, 0, False
        self.nl, self.dex_lost, self.mounted, self.fast_target = 0, 0, False, 0
        self.waits, self.gaps = False, []
        self.wound_hp, self.wound_base_at, self.wound_mod = UNKNOWN, UNKNOWN, 0

    def _round_fields(self) -> None:
        """The figures of a round, as a fight starts (`__init__`)."""
        self.plan, self.stunned, self.down_pending = None, False, False
        self.allowance, self.moved, self.free_move = 0.0, 0.0, True
        self.cast_start, self.release, self.scheduled = 99, 99, []
        self.last_attack, self.free_attacked, self.pushed_by = 99, [], []
        self.move_from = 10

    @property
    def weapon(self) -> Arm:
        return self.arms[0]

    @property
    def armed(self) -> bool:
        """Rules 150–154: a weapon in hand."""
        return bool(self.arms) and self.arms[0].state == "in_hand"

    def shield_def(self, segment: int) -> int:
        """Rule 155, SJ-U31: a slung shield gives no DEF until readied."""
        if self.shield_slung and segment > self.shield_at:
            return 0
        return self.def_shield

    @property
    def able(self) -> bool:
        return self.active and not self.down_pending

    def prot(self) -> int:
        return self.prot_armour + self.prot_natural

    def casting_name(self) -> str:
        return self.casting.name if self.casting is not None else "its spell"


@dataclass(slots=True, eq=False, init=False)
class Item:
    """One entry of the round's agenda (checklist "Hard parts" 1): an attack (its number,
    1st, 2nd …) or a spell's release, due on `segment`."""

    who: Fighter
    kind: str  # "attack", "release", "potion" (SJ-U32)
    number: int
    segment: int
    done: bool = False

    def __init__(
        self, who: Fighter, kind: str, number: int, segment: int, done: bool = False
    ) -> None:
        self.who, self.kind, self.number, self.segment, self.done = (
            who, kind, number, segment, done,
        )  # fmt: skip


@dataclass(slots=True, eq=False, init=False)
class Harm:
    """What one hit does, landing as its segment ends (SJ-U1): hit points, stun, the armour's
    PROT −1 (SJ-U12), a grievous wound's bleeding and TMR (SJ-U13)."""

    target: Fighter
    by: Fighter | None
    amount: int
    stuns: bool
    grievous: bool = False
    bleed: int = 0
    tmr: int = 0
    stuck: Stuck | None = None  # rules 238–243: a missile left in the target
    dex: int = 0  # SJ-U13 (issue 30): DEX lost to a grievous wound
    arm: str = ""  # … and an arm disabled: primary or off

    def __init__(
        self,
        target: Fighter,
        by: Fighter | None,
        amount: int,
        stuns: bool,
        grievous: bool = False,
        bleed: int = 0,
        tmr: int = 0,
        stuck: Stuck | None = None,
        dex: int = 0,
        arm: str = "",
    ) -> None:
        self.target, self.by, self.amount, self.stuns = target, by, amount, stuns
        self.grievous, self.bleed, self.tmr, self.stuck = grievous, bleed, tmr, stuck
        self.dex, self.arm = dex, arm


@dataclass(slots=True, init=False)
class SjState(BattleState):
    conditions: model.Conditions = field(default_factory=model.Conditions)
    options: model.Options = field(default_factory=model.Options)
    agenda: dict[int, list[Item]] = field(default_factory=dict)
    # The agenda's lists by segment (index: the segment − `LAST_SEGMENT`; None: nothing
    # booked), the same lists as `agenda`'s, both written by `initiative.booked` alone (issue
    # 35: the count-down reads a segment's items by a list index, where a dictionary look-up
    # boxed and hashed the segment). A copy of the state copies both with one memo, so the
    # copy's lists are shared the same way.
    slots: list[list[Item] | None] = field(default_factory=list)
    segment: int = 11  # the segment resolving (above 10: pre-movement)
    harms: list[Harm] = field(default_factory=list)  # SJ-U1: landing as the segment ends
    surprise_round: bool = False  # SJ-U19: this round is the ambushers' surprise round
    aware: list[Fighter] = field(default_factory=list)  # SJ-U19: surprised this segment
    # F-SJ-1 (issue 30): who attacks whom in melee as the segment starts (the target →
    # its attackers); None outside a segment's attacks, empty during the declarations
    # (`round.declare`: no plan made yet).
    gang: dict[Fighter, list[Fighter]] | None = None
    places: dict[Fighter, Position] | None = None  # and where everyone stood (F-SJ-1)
    # The round's gang (`hitting.freeze`) kept from one segment to the next while nothing it
    # reads has changed (issue 35: rebuilt on every segment with a melee attack, it was 3–4 %
    # of a battle); None: to build again. Whatever changes `hitting.ganging_on` of a fighter
    # sets it to None: a new round (`round.begin`), a retarget (`round.reach`, `round.switch`),
    # its scheduled attacks gone before one was made (`round.lost_all`), its attacks cancelled
    # while in the gang (`combat.cancel` through `hitting.leaves_gang`: a stun, a fall, an
    # interrupted spell, a forced move), its attacks given up (`combat.cancel_attacks`), a GM
    # command (`play_round`). A copy of the state copies it with its fighters (`copy_fields`,
    # one memo): still theirs.
    kept_gang: dict[Fighter, list[Fighter]] | None = None
    # The first mover's target this segment (`movement.first_mover`, read by `movement.step`).
    first_target: Fighter | None = None
    # The options and conditions read for every attack and plan, as plain fields set from
    # `options` and `conditions` (issue 35: a pydantic model's attribute is a dictionary
    # look-up from compiled code; no rule changes them during a battle).
    lighting: str = "none"  # rules 173–176
    light_sc: int = 0  # … and its SC penalty (data/tables.yaml `lighting`)
    ambush_by: str | None = None  # SJ-U19: the ambushing side
    two_minus_five_any: bool = True  # SJ-U30
    unseen_both: bool = False  # SJ-U24
    tmr_flat: bool = False  # SJ-U16
    by_im: bool = False  # SJ-U1
    # The strikes' results counted so far (`COUNTED`, by index; -1: none yet), written into
    # `tally` as the battle ends (`write_counts`, from `round.after_battle`). A copy of the
    # state copies the list (`copy_fields`): its counts are its own.
    counts: list[int] = field(default_factory=list)
    _fighters: list[Fighter] = field(default_factory=list, repr=False)  # built once

    def __init__(
        self,
        sides: list[Side] | None = None,
        conditions: model.Conditions | None = None,
        options: model.Options | None = None,
        like: SjState | None = None,
    ) -> None:
        """Built for every battle: its own `__init__`, compiled (see `ORIGIN`). `like`: a
        state with the same options and conditions, whose plain fields are copied (`clone_state`:
        the pydantic models read once an encounter, not once a battle; issue 35)."""
        self.sides = sides if sides is not None else []
        self.round, self.tally, self._enemies = 0, new_tally(), {}
        self.conditions = conditions if conditions is not None else model.Conditions()
        self.options = options if options is not None else model.Options()
        self.agenda, self.slots, self.segment, self.harms = {}, [], 11, []
        self.surprise_round, self.aware, self.gang, self.places = False, [], None, None
        self.kept_gang = self.first_target = None
        self.counts = fresh_counts(COUNTED)
        self._fighters = []
        if like is None:
            self.read_options()
        else:
            self.lighting, self.light_sc = like.lighting, like.light_sc
            self.ambush_by = like.ambush_by
            self.two_minus_five_any, self.unseen_both = like.two_minus_five_any, like.unseen_both
            self.tmr_flat, self.by_im = like.tmr_flat, like.by_im

    def read_options(self) -> None:
        """The plain fields read from `options` and `conditions` (see `lighting`)."""
        o, c = self.options, self.conditions
        self.lighting = c.lighting
        self.light_sc = int(data.tables()["lighting"][c.lighting])
        self.ambush_by = c.ambush.by if c.ambush is not None else None
        self.two_minus_five_any = o.two_minus_five == "any"
        self.unseen_both = o.invisible_penalty == "both"
        self.tmr_flat = o.tmr_wound_penalty == "flat"
        self.by_im = o.same_segment == "by_im"

    def count(self, index: int) -> None:
        """One more of `COUNTED[index]` (`core.combatant.add_count` written out: a count below
        0 is one not yet seen)."""
        counts = self.counts
        c = counts[index]
        counts[index] = (c if c > 0 else 0) + 1

    def write_counts(self) -> None:
        """Add the kept counts to the tally (the fight is over), and start them again: what
        `core.combatant.write_kept_counts` does, each count set straight under its key when
        the tally has none yet (as a battle ends, always: nothing else writes these keys). The
        tally holds other counts by then, so `write_kept_counts` took its merging way, a
        `Counter` look-up a key (about 6,000 instructions a battle; issue 35); a key present
        (a battle run on after it ended) is added to the same."""
        tally, counts = self.tally, self.counts
        for i in range(len(counts)):
            c = counts[i]
            if c >= 0:
                key = COUNTED[i]
                if key in tally:
                    write_kept_counts(tally, (key,), [c])
                else:
                    tally[key] = c
                counts[i] = -1

    def fighters(self) -> list[Fighter]:
        """Every fighter in encounter order (built once; `forget` drops it on a join)."""
        if not self._fighters:
            for s in self.sides:
                for c in s.combatants:
                    assert isinstance(c, Fighter)
                    self._fighters.append(c)
        return self._fighters

    def forget(self) -> None:
        BattleState.forget(self)  # (a slotted dataclass: no zero-argument super)
        self._fighters = []


def clone_fighter(f: Fighter) -> Fighter:
    """A copy of a template's fighter as `setup` left it, for the next battle (issue 35: the
    sheet's arithmetic once per encounter, docs/ARCHITECTURE.md "The fast style"). A template
    has fought no round: the round's figures (plan, schedule, movement, casting, wounds taken
    since) start as `__init__` sets them; its gear is copied (ammunition, uses and potions
    run down in a battle)."""
    n = Fighter(id=f.id, name=f.name, side=f.side)
    n.position, n.status, n.dice_vars, n.hidden = f.position, f.status, dict(f.dice_vars), f.hidden
    n.controller, n.controller_side = f.controller, f.controller_side
    n.order, n.im, n.con, n.stun_at = f.order, f.im, f.con, f.stun_at
    n.hp, n.max_hp = f.hp, f.max_hp
    n.wound_base, n.tmr, n.size, n.attacks = f.wound_base, f.tmr, f.size, f.attacks
    n.arms = [
        Arm(a.data, a.sc, a.rank, a.damage, a.offhand, a.specialist, a.state, a.ammo)
        for a in f.arms
    ]
    n.spells = [
        Prepared(s.name, s.casting_time, s.one_round, s.cast_chance, s.damage, s.heal, s.range,
                 s.uses)
        for s in f.spells
    ]  # fmt: skip
    n.def_dex, n.def_skill, n.def_shield = f.def_dex, f.def_skill, f.def_shield
    n.def_magic_always, n.def_magic_other = f.def_magic_always, f.def_magic_other
    n.prot_armour, n.prot_natural = f.prot_armour, f.prot_natural
    n.encumbered, n.ambidextrous, n.darkvision = f.encumbered, f.ambidextrous, f.darkvision
    n.tentacle_pairs, n.cover, n.dex, n.base_dex, n.base_im = (
        f.tentacle_pairs, f.cover, f.dex, f.base_dex, f.base_im,
    )  # fmt: skip
    n.per, n.luck, n.first_aid, n.range_of_field = f.per, f.luck, f.first_aid, f.range_of_field
    n.master_bowman, n.invisible, n.targeting_sense = (
        f.master_bowman, f.invisible, f.targeting_sense,
    )  # fmt: skip
    n.alert, n.unaware, n.shield_slung, n.flying = f.alert, f.unaware, f.shield_slung, f.flying
    n.mounted, n.fast_target, n.waits = f.mounted, f.fast_target, f.waits
    n.potions = [Potion(p.name, p.heal, p.count) for p in f.potions]
    return n


def clone_state(template: SjState) -> SjState:
    """A battle's starting state: the encounter's template (`Spelljammer.setup`) with its
    fighters copied (`clone_fighter`); the encounter's conditions and options are shared."""
    sides = cloned_sides(template.sides, Fighter, clone_fighter)
    return SjState(sides, template.conditions, template.options, like=template)


# Built with their own __init__, these copy through it on the compiled build (core.immutable);
# `Plan` and `Fighter` need no argument, and `SjState` copies field by field.
rebuilt_by_constructor(Arm, Potion, Stuck, Prepared, Item, Harm)


def let_go(state: SjState) -> None:
    """Every fighter lets go of the others it names (its plan, its carried spell's target, the
    withdrawers it struck, who pushed it), so a finished battle's objects are freed by their
    reference counts (issue 35: no cyclic garbage per battle)."""
    for side in state.sides:
        for c in side.combatants:
            if isinstance(c, Fighter):
                c.plan, c.carried_target = None, None
                c.free_attacked.clear()
                c.pushed_by.clear()
