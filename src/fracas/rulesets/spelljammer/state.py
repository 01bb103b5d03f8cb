"""The Spelljammer fight state: fighters with every figure the round reads computed once
(weapons' dice, DEF and PROT parts, stun threshold, casting times), this round's plan and
schedule, and the battle's agenda of attacks and spell releases (checklist "Hard parts" 1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from fracas.core.combatant import BattleState, Combatant
from fracas.rulesets.spelljammer import data, model


@dataclass(slots=True, eq=False)
class Arm:
    """A weapon in hand (P6, rules 196–198, 234–236): its SC, rank and damage dice."""

    data: data.WeaponData
    sc: int
    rank: int
    damage: str
    offhand: bool = False
    specialist: int = 0


@dataclass(slots=True, eq=False)
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


class Plan:
    """A declaration (rules 1–2, SJ-U6): what a fighter does this round.

    `action`: attack, advance (move without attacking), full (Full Defense), desperate
    (Desperate Defense), cast, continue (a spell carried from last round, SJ-U35).
    `mode` (attack, cast): stand (the 5 ft free move only), still (no movement, rule 18),
    move (move and attack, rule 131), run (run and attack, rule 145), aim (Careful Aim, rule
    220), then_move (attack and move, rule 135). `sacrifice`: the SC given
    up to Defending (rule 179)."""

    __slots__ = ("action", "mode", "sacrifice", "spell", "target")

    def __init__(
        self,
        action: str,
        target: Fighter | None,
        mode: str = "stand",
        sacrifice: int = 0,
        spell: Prepared | None = None,
    ) -> None:
        self.action = action
        self.target = target
        self.mode = mode
        self.sacrifice = sacrifice
        self.spell = spell

    @property
    def still(self) -> bool:
        """Rules 18–22: the no-movement declaration (Careful Aim includes it, SJ-U43)."""
        return self.mode in ("still", "aim")

    def __str__(self) -> str:
        who = self.target.name if self.target is not None else ""
        how = {"stand": "", "still": ", no movement", "move": ", moving first (½ TMR)",
               "run": ", running first (TMR)", "aim": ", Careful Aim (no movement)",
               "then_move": ", then moving away (½ TMR)"}[self.mode]  # fmt: skip
        defend = f", Defending (−{self.sacrifice} SC)" if self.sacrifice else ""
        if self.action == "attack":
            return f"attack {who}{how}{defend}"
        if self.action == "cast" and self.spell is not None:
            return f"cast {self.spell.name} at {who}{how}"
        if self.action == "continue" and self.spell is not None:
            return f"go on casting {self.spell.name} at {who} (starts on 10)"
        return {
            "advance": f"run toward {who} (2× TMR, no attack)",
            "full": "Full Defense (no attacks)",
            "desperate": f"Desperate Defense (no actions){how}",
        }[self.action]


# Not slots=True while this ruleset is not compiled: an interpreted subclass of the compiled
# Combatant and BattleState must not shadow their fields with slots of its own
# (docs/ARCHITECTURE.md, "The compiled build").
@dataclass(eq=False)
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

    @property
    def weapon(self) -> Arm:
        return self.arms[0]

    @property
    def able(self) -> bool:
        return self.active and not self.down_pending

    def prot(self) -> int:
        return self.prot_armour + self.prot_natural

    def casting_name(self) -> str:
        return self.casting.name if self.casting is not None else "its spell"


@dataclass(slots=True, eq=False)
class Item:
    """One entry of the round's agenda (checklist "Hard parts" 1): an attack (its number,
    1st, 2nd …) or a spell's release, due on `segment`."""

    who: Fighter
    kind: str  # "attack" or "release"
    number: int
    segment: int
    done: bool = False


@dataclass(slots=True, eq=False)
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


@dataclass
class SjState(BattleState):
    conditions: model.Conditions = field(default_factory=model.Conditions)
    options: model.Options = field(default_factory=model.Options)
    agenda: dict[int, list[Item]] = field(default_factory=dict)
    segment: int = 11  # the segment resolving (above 10: pre-movement)
    harms: list[Harm] = field(default_factory=list)  # SJ-U1: landing as the segment ends
    _fighters: list[Fighter] = field(default_factory=list, repr=False)  # built once

    def fighters(self) -> list[Fighter]:
        """Every fighter in encounter order (built once; `forget` drops it on a join)."""
        if not self._fighters:
            for s in self.sides:
                for c in s.combatants:
                    assert isinstance(c, Fighter)
                    self._fighters.append(c)
        return self._fighters

    def forget(self) -> None:
        super().forget()
        self._fighters = []
