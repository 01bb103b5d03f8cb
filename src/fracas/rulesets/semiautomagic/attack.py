"""Attacking (seed "Attacking", "Melee/Ranged/Magical Attacks", "Attack Bonuses and
Penalties", "Situational Modifiers", "Using Combos"; rules 41, 45-70, 88-91, 93-112, 115,
189, 193; RULINGS.md S3, S6, C7, C8; SAM-A13, A17, A24, A34, A40, A41, A43).

Three steps: d6 + attack bonus against Target; the defender's choice of defence, d6 + its
bonus against 4 + the attacker's bonus without scale; damage against Toughness (`harm`).
A combo rolls every attack and damage die first, then each hit may be defended, then every
result applies at once against the Toughness from before the combo."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.table import UNREAD, Table
from fracas.rulesets.semiautomagic import (
    cover,
    data,
    decisions,
    exposure,
    harm,
    morale,
    mounted,
    poison,
    space,
    wear,
)
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic import events_geometry as ev_geo
from fracas.rulesets.semiautomagic.needs import d6, d6_needs
from fracas.rulesets.semiautomagic.setup import wield
from fracas.rulesets.semiautomagic.state import (
    ATTACKS,
    HITS,
    SUCCEEDED,
    Fighter,
    SamState,
    Wielded,
    rolls_of,
)

SKILL: Final = {"melee": "weapon", "ranged": "ranged", "thrown": "ranged", "magic": "magic"}
NONE: Final = "no defence"
DODGE: Final = "dodge"
BLOCK: Final = "block"
PARRY: Final = "parry"
DEFENCE_SKILL: Final = {DODGE: "reflex", BLOCK: "shield", PARRY: "weapon"}  # rule 49, S6
NEGATED: Final = {DODGE: "dodged", BLOCK: "blocked", PARRY: "parried"}  # the result, in words
STEPS: Final[list[str]] = data.tables()["cover_steps"]
NO_COVER: Final[str] = STEPS[0]  # rule 98: step 0, no cover
HIGH_SPEED: Final[int] = data.tables()["high_speed_squares"]
# rules 97-98 (SAM-A41): crouched one step, prone two (cover's step, the posture's Target)
POSTURE_STEP: Final[dict[str, int]] = {"standing": 0, "crouched": 1, "prone": 2}


def attack_bonus(a: Fighter, w: Wielded) -> int:
    """Rules 48, 57, 61, 68: the skill's bonus less the attacker's scale (rule 41); a hand
    hit by a called shot -1 (rule 119, SAM-A28); a ranged weapon's wounds (rule 126)."""
    return worn_skill(a, w) - a.scale - a.hand_penalty


def dc_base(a: Fighter, w: Wielded) -> int:
    """Rule 50 (C8): the defence DC is 4 + the attack bonus without the scale subtraction;
    a ranged weapon's wounds count -w/-w (SAM-A31)."""
    return 4 + worn_skill(a, w)


def worn_skill(a: Fighter, w: Wielded) -> int:
    """What `attack_bonus` and `dc_base` share: the bonus of `w`'s skill (`SKILL`, rules 48,
    57, 61, 68) less a ranged or thrown weapon's wounds (rule 126, SAM-A31:
    `wear.ranged_wounds`). The kind read once and compared with the literals (issue 35: a
    dictionary look-up a call fewer; a kind outside `SKILL` still fails as it would there)."""
    kind = w.data.kind
    if kind == "melee":
        return a.bonus["weapon"]
    if kind == "ranged" or kind == "thrown":
        return a.bonus["ranged"] - w.wounds
    return a.bonus[SKILL[kind]]


@dataclass(slots=True, init=False)
class Situation:
    """The +X/+Y of one attack (rule 70) and the target's Target score (rules 47, 93-112).
    Its own `__init__` (compiled, the fast style), with no required argument."""

    x: int
    y: int
    target: int
    auto: bool  # rule 189 (S18): melee against the helpless hits
    locate: bool  # rule 111 (SAM-A43): an invisible target's square must be found
    rules: str

    def __init__(
        self,
        x: int = 0,
        y: int = 0,
        target: int = 0,
        auto: bool = False,
        locate: bool = False,
        rules: str = "",
    ) -> None:
        self.x, self.y, self.target, self.auto, self.locate, self.rules = (
            x, y, target, auto, locate, rules
        )  # fmt: skip


def cover_step(t: Fighter, a: Fighter | None = None) -> int:
    """Rule 98, SAM-A41: crouched raises cover one step, prone two, on to total. Cover on
    one side (`cover_toward`) protects only against an attacker `a` on that side, whose
    attack passes through it (issue 31); with no attacker (an area's Evasion), it counts."""
    if t.cover == NO_COVER:
        return 0  # (the usual case: no search of the steps)
    step = STEPS.index(t.cover)
    if step == 0 or not faces(t, a):
        return 0
    return min(4, step + POSTURE_STEP[t.posture])


def faces(t: Fighter, a: Fighter | None) -> bool:
    """Whether an attack by `a` passes through `t`'s cover: it comes from the cover's side
    (within 90 degrees of `cover_toward`), or the cover is all round."""
    if t.cover_toward is None or a is None:
        return True
    dx, dy = a.position.x - t.position.x, a.position.y - t.position.y
    return dx * t.cover_toward[0] + dy * t.cover_toward[1] > space.EPS


def evasion(t: Fighter) -> bool:
    """Rules 93, 100 (S6, S7): the Evasion technique, or heavy cover ("dodge as if he had
    the Evasion technique"); it matters against area attacks (stage 2)."""
    return "evasion" in t.techniques or cover_step(t) == 3


def posture_target(t: Fighter, melee: bool) -> int:
    """Rule 97 (T-SAM-27): in the open, crouched +1 / prone +2 against ranged attacks, the
    same as penalties against melee."""
    shift = POSTURE_STEP[t.posture]
    return -shift if melee else shift


def sight(state: SamState, a: Fighter, t: Fighter, step: int = -1) -> str:
    """Rules 102, 108-110, 112 (SAM-A34): clear, concealed or invisible, to `a`; `step` its
    `cover_step` against `a` when the caller has it (total cover, 4, hides it)."""
    if step < 0:
        step = cover_step(t, a)
    if t.invisible or state.lighting == "dark" or step == 4:
        return "invisible"
    if a.symptoms and "blinded" in a.symptoms:  # SAM-A35: to the blinded, all are invisible
        return "invisible"
    if t.unseen_by and a.id in t.unseen_by:  # (an empty set: no hash of the id)
        return "invisible"
    hazy = state.lighting == "hazy" and not a.lowlight
    return "concealed" if t.concealed or hazy else "clear"


def situation(
    state: SamState,
    a: Fighter,
    t: Fighter,
    w: Wielded,
    aimed: bool,
    extra: tuple[int, int] = (0, 0),
) -> Situation | None:
    """The attack's modifiers, `extra` a +X/+Y of a technique (rule 70); None when `t` is out
    of range (C11)."""
    melee = w.data.kind == "melee"
    x, y = extra  # (integers, not a tuple compared with (0, 0): a generic comparison)
    # the notes for the log, a list made only for a first note (issue 35: most attacks have
    # none: melee, standing, in the open, seen)
    notes: list[str] | None = [f"{x:+d}/{y:+d}"] if x or y else None
    if not melee:
        k = space.range_penalty(space.metres(state, a, t), w.data.increment)
        if k == space.OUT_OF_RANGE:
            return None
        if aimed and w.data.kind != "magic" and k > 0:  # rules 67, 69, SAM-A17
            k -= 1
            notes = noted(notes, "aimed")
        if k:
            x -= k
            notes = noted(notes, f"range −{k}/0")
    score = 4 - t.scale  # rule 47
    fast = high_speed(t.moved_squares)
    if fast:
        score += fast
        notes = noted(notes, f"high speed +{fast}")
    step = cover_step(t, a)
    if step:
        score += data.tables()["cover_target"][STEPS[step]]
        notes = noted(notes, f"{STEPS[step]} cover")
    elif t.posture != "standing":
        score += posture_target(t, melee)
        notes = noted(notes, t.posture)
    seen = sight(state, a, t, step)  # (the cover step found once)
    if seen == "invisible":
        score += data.tables()["invisible_target"]
        notes = noted(notes, "invisible +4")
    elif seen == "concealed":
        score += data.tables()["concealment_target"]
        notes = noted(notes, "concealed +1")
    auto = melee and t.helpless
    if a.scale:
        notes = noted(notes, f"scale {-a.scale:+d}/0")
    rules = "; ".join(notes) if notes is not None else ""
    return Situation(x, y, score, auto, seen == "invisible" and not auto, rules)


def noted(notes: list[str] | None, note: str) -> list[str]:
    """`notes` with `note` added: a list made for the first."""
    if notes is None:
        return [note]
    notes.append(note)
    return notes


def high_speed(squares: int) -> int:
    """Rule 113 (SAM-A39, T-SAM-29): +1 Target for 30 squares moved this turn, +1 more per
    further 30, until the start of its next turn."""
    return squares // HIGH_SPEED


class Defence:
    """A defence the target may choose (rule 49): its kind and roll bonus."""

    __slots__ = ("bonus", "kind")

    def __init__(self, kind: str = "", bonus: int = 0) -> None:
        self.kind, self.bonus = kind, bonus

    def __str__(self) -> str:
        return self.kind


def defences(state: SamState, t: Fighter, melee: bool) -> list[Defence]:
    """Rules 49, 52, 95, 115, 176, 189, 193 (S6, C7, SAM-A40): no defence, or a roll left this
    round of a kind the target can make (`defence_bonuses`), in the order dodge, block, parry.
    The options are shared `Defence` objects, one for each kind and bonus (`defence_of`)."""
    dodge, block, parry = defence_bonuses(state, t, melee)
    out = [NO_DEFENCE]
    if dodge != ABSENT:
        out.append(defence_of(DODGES, DODGE, dodge))
    if block != ABSENT:
        out.append(defence_of(BLOCKS, BLOCK, block))
    if parry != ABSENT:
        out.append(defence_of(PARRIES, PARRY, parry))
    return out


def defence_bonuses(state: SamState, t: Fighter, melee: bool) -> tuple[int, int, int]:
    """The bonus of each defence `t` may choose now, dodge, block and parry, `ABSENT` for one
    it cannot make (rules 49, 52, 95, 115, 176, 189, 193; S6, C7, SAM-A40): a roll left this
    round of a kind it can make; flanked -1; flat-footed none (or -1, option); held dodges
    at -1 and cannot block or parry; the helpless none. Three integers: what `defences`
    offers, and the withdrawal judgement's key of a blow (`withdraw_policy.defence_key`)
    without the option objects."""
    if t.helpless or not t.active:
        return NO_BONUSES
    penalty = 1 if space.flanked(state, t) or t.hallucinating else 0  # rule 179 (chart 13)
    if t.flat_footed:
        if state.options.flat_footed == "no defence":
            return NO_BONUSES
        penalty += 1
    dodge = block = parry = ABSENT
    if t.defences.get(DODGE, 0) > 0:
        dodge = t.bonus["dodge"] - penalty - (1 if t.held else 0)
    if t.held:
        return dodge, block, parry
    if t.shield and not t.rein_hand and t.defences.get(BLOCK, 0) > 0:  # rule 133, F-SAM-81
        block = t.bonus["shield"] - penalty
    if melee and t.wielded.data.kind == "melee" and t.defences.get(PARRY, 0) > 0:
        parry = t.bonus["weapon"] - penalty
    return dodge, block, parry


ABSENT: Final = -(10**6)  # `defence_bonuses`: a defence not offered (no bonus is this low)
NO_BONUSES: Final = (ABSENT, ABSENT, ABSENT)
NO_DEFENCE: Final = Defence(NONE, 0)  # always offered (a `Defence` is never changed)
# The `Defence` options by bonus, one dictionary for each kind: made once for the process and
# offered again (issue 35: no option objects built for every hit; nothing changes one)
DODGES: Final[dict[int, Defence]] = {}
BLOCKS: Final[dict[int, Defence]] = {}
PARRIES: Final[dict[int, Defence]] = {}


def defence_of(made: dict[int, Defence], kind: str, bonus: int) -> Defence:
    """The shared `Defence` of `kind` at `bonus` (`made`: that kind's dictionary)."""
    found = made.get(bonus)
    if found is None:
        found = made[bonus] = Defence(kind, bonus)
    return found


def refresh_defences(f: Fighter) -> None:
    """S6 (PROPOSED): each round, 1 + ranks rolls of each defence (Reflex: dodge, Shield Use:
    block, Weapon Skill: parry; `state.rolls_of`). Copied from `f.round_rolls`, which
    `setup.build` worked out from the ranks it set (issue 35: three look-ups fewer a fighter
    and round; nothing in a battle writes the ranks), or from the ranks themselves for a
    fighter not built by it."""
    fresh = f.round_rolls
    f.defences.update(fresh if fresh else rolls_of(f.ranks))


@dataclass(slots=True, init=False)
class Swing:
    """One attack of a single attack or a combo, allotted to its target (rule 90). Its own
    `__init__` (compiled, the fast style); copied through it (`rebuilt_by_constructor`)."""

    target: Fighter
    sit: Situation
    region: str  # a called shot's (rules 116-124)
    hit: bool
    damage: int
    result: str
    cover: bool  # rule 103: the attack hit the cover object in front of the target
    bonus: int  # rule 105: Toughness the cover's Durability adds for this hit

    def __init__(
        self,
        target: Fighter,
        sit: Situation,
        region: str = "",
        hit: bool = False,
        damage: int = 0,
        result: str = "miss",
        cover: bool = False,
        bonus: int = 0,
    ) -> None:
        self.target, self.sit = target, sit
        self.region, self.hit, self.damage, self.result = region, hit, damage, result
        self.cover, self.bonus = cover, bonus


def resolve(table: Table, state: SamState, a: Fighter, w: Wielded, swings: list[Swing]) -> None:
    """Rules 45-54, 88-91, SAM-A24: every attack die, then every damage die, of the action;
    then each hit's defence in the listed order; then all damage at once."""
    a.attacks_made += len(swings)
    found: dict[str, bool] = {}
    for s in swings:
        roll_attack(table, state, a, w, s, found)
    if w.data.kind == "melee" and a.unseen_by:
        reveal(table, a)
    for s in swings:
        if s.hit or s.cover:
            rolled = wear.damage(roll_damage(table, state, a, w, s.target), w)
            # F-SAM-111: below 0 counts as 0 (the log's words built only then)
            if rolled < 0:
                rolled = harm.floored(table, a, rolled, f"{w.data.name} damage")
            s.damage = rolled
    for s in swings:
        if s.cover:
            through(table, state, a, s)
    hits: list[harm.Hit] = []
    landed: list[Swing] = []
    for s in swings:
        if s.hit and w.data.morale and not defend(table, state, a, w, s):
            morale.typed(table, state, s.target, s.damage, w.data.morale, a)  # F-SAM-102
            s.result = "morale damage"
        elif s.hit and not w.data.morale and not defend(table, state, a, w, s):
            hits.append(harm.Hit(a, s.target, s.damage, w.data.nonlethal, s.region, s.bonus))
            landed.append(s)
    if "emp" in w.data.types:  # rule 200: EMP only against electronic devices
        for s in landed:
            s.result = exposure.emp(table, state, a, s.target, s.damage)
        spend_ammunition(a, w)
        return
    effects = harm.apply_all(table, state, hits)
    for i, s in enumerate(landed):
        s.result = effects[i]
    if a.venom and w.data.kind == "melee":  # rule 203: even without a wound
        for t in {id(s.target): s.target for s in landed}.values():
            poison.envenom(table, state, a, t, sum(s.target is t for s in landed))
    spend_ammunition(a, w)


def reveal(table: Table, a: Fighter) -> None:
    """Rules 110-111 (issue 31): a hidden attacker who strikes in melee is seen by everyone
    from then on: its blows this action were made unseen, the next are not."""
    a.unseen_by.clear()
    table.emit(ev.Did, who=a.name, what="attacks in melee and is seen: no longer hidden "
               "(rules 110-111)")  # fmt: skip


def roll_damage(table: Table, state: SamState, a: Fighter, w: Wielded, t: Fighter) -> int:
    """The weapon's damage; a melee hit by or against a fast mover +1 per 5 squares/second
    (rule 114, T-SAM-3)."""
    fast = mounted.speed_damage(state, a, t, w) if state.falls or a.pace or t.pace else 0
    if not fast:  # the reason worked out only if read (`core.table.Reason`)
        reason = UNREAD if table.quiet else _damage_reason(w)
        return table.roll(w.damage, by=a, reason=reason).total
    return table.roll(f"{w.damage}{fast:+d}", by=a, reason=_fast_damage_reason(w, fast)).total


# A quiet roll passes `table.UNREAD` (issue 35: about 470 instructions an attack roll
# saved); the functions that word a roll's reason are made here, only when they may be read.


def _attack_reason(a: Fighter, t: Fighter) -> Callable[[], str]:
    return lambda: f"{a.name} attacks {t.name}"  # worked out only if read (`Reason`)


def _to_hit(s: Swing, bonus: int) -> Callable[[], str]:
    return lambda: d6_needs(s.sit.target, bonus, f"to hit {s.target.name}")


def _defence_reason(t: Fighter, pick: Defence) -> Callable[[], str]:
    return lambda: f"{t.name}'s {pick.kind}"


def _to_defend(pick: Defence, dc: int) -> Callable[[], str]:
    return lambda: d6_needs(dc, pick.bonus, f"to {pick.kind}")


def _damage_reason(w: Wielded) -> Callable[[], str]:
    return lambda: f"{w.data.name} damage"


def _fast_damage_reason(w: Wielded, fast: int) -> Callable[[], str]:
    return lambda: f"{w.data.name} damage, +{fast} speed (rule 114)"


def roll_attack(
    table: Table, state: SamState, a: Fighter, w: Wielded, s: Swing, found: dict[str, bool]
) -> None:
    """Step one (rules 46-48, S3): d6 + bonus >= Target; melee against the helpless hits
    (rule 189); an invisible target's square is located first, once an action (SAM-A43)."""
    t = s.target
    state.count(ATTACKS)
    if s.sit.locate:
        if t.id not in found:
            found[t.id] = locate(table, a, t)
        if not found[t.id]:
            s.result = "miss (wrong square)"
            return
    if s.sit.auto:
        s.hit = True
        table.emit(ev.AttackRolled, attacker=a.name, target=t.name, weapon=w.data.name,
                   total=0, target_score=s.sit.target, hit=True,
                   rules="helpless: melee hits automatically (rule 189)")  # fmt: skip
        state.count(HITS)
        return
    bonus = attack_bonus(a, w) + s.sit.x
    if table.quiet:  # (nobody reads why: no closures made; `Table.quiet`)
        total = table.roll(d6(bonus), by=a, reason=UNREAD).total
    else:
        total = table.roll(
            d6(bonus), by=a, reason=_attack_reason(a, t), needs=_to_hit(s, bonus)
        ).total
    s.hit = total >= s.sit.target
    literal = state.cover_hit_literal
    if wear.jams(w, total - bonus):  # rule 127: a wounded firearm jams on a 1
        w.jammed, s.hit = True, False
        table.emit(ev_geo.Jammed, who=a.name, weapon=w.data.name)
    elif cover.takes(t, cover_step(t, a), total, s.sit.target, s.hit, literal):  # 103, A42
        s.hit, s.cover = False, True
    state.count(HITS, s.hit)
    if table.observed:
        table.emit(
            ev.AttackRolled, attacker=a.name, target=t.name, weapon=w.data.name, total=total,
            target_score=s.sit.target, hit=s.hit, rules=s.sit.rules,
        )  # fmt: skip


def through(table: Table, state: SamState, a: Fighter, s: Swing) -> None:
    """Rules 104-106 (SAM-A42): the cover takes the hit; what gets through goes on against the
    target without a new attack roll (the target still defends, rule 107), with the cover's
    Durability as its Defence when the cover was beaten."""
    t = s.target
    obj = t.cover_object
    if obj is None:  # F-SAM-63: beaten away by an earlier hit of the action: through the gap
        s.hit = True
        table.emit(ev_geo.CoverStruck, attacker=a.name, target=t.name, damage=s.damage,
                   toughness=0, what="already gone: through the gap", through=True)  # fmt: skip
        return
    on, beaten = cover.struck(table, state, a, t, s.damage)
    if not on:
        s.result = "hit the cover"
        return
    s.hit, s.damage = True, on
    if beaten:
        s.bonus = cover.durability_bonus(t, obj)


def locate(table: Table, a: Fighter, t: Fighter) -> bool:
    """SAM-A43 (F-SAM-11): Perception against the hider's Stealth result, or DC 4 (hearing
    the target) when it has made none; a failure guesses the wrong square."""
    dc = t.stealth_result or 4
    bonus = a.bonus["perception"]
    total = table.roll(
        f"1d6{bonus:+d}",
        by=a,
        reason=f"{a.name} locates {t.name}",
        needs=lambda: d6_needs(dc, bonus, "to find the square"),
    ).total
    table.emit(ev.Located, who=a.name, target=t.name, total=total, dc=dc, found=total >= dc)
    return total >= dc


def roll_defence(table: Table, t: Fighter, pick: Defence, dc: int) -> int:
    """The defence `pick` spent and rolled (rules 49-51, 75): d6 + its bonus, against `dc`;
    the total. Shared by a blow's defence and an area's."""
    t.defences[pick.kind] -= 1
    if table.quiet:  # (nobody reads why: no closures made; `Table.quiet`)
        return table.roll(d6(pick.bonus), by=t, reason=UNREAD).total
    return table.roll(
        d6(pick.bonus), by=t, reason=_defence_reason(t, pick), needs=_to_defend(pick, dc)
    ).total


def defend(table: Table, state: SamState, a: Fighter, w: Wielded, s: Swing) -> bool:
    """Step two (rules 49-51, C8, SAM-A24): the target picks a defence; d6 + its bonus >=
    4 + the attacker's bonus (no scale) + Y negates the hit. True if negated."""
    t = s.target
    state.incoming = s.damage  # the policy may weigh the hit it sees coming (SAM-A24)
    options = defences(state, t, w.data.kind == "melee")
    pick = table.choose(t, decisions.DEFEND, options)
    if pick.kind == NONE:
        return False
    dc = dc_base(a, w) + s.sit.y
    total = roll_defence(table, t, pick, dc)
    ok = total >= dc
    if ok:
        s.result = NEGATED[pick.kind]
        state.count(SUCCEEDED[pick.kind])
    if table.observed:
        table.emit(ev.Defended, who=t.name, kind=pick.kind, total=total, dc=dc, success=ok,
                   rules=defence_notes(state, t, pick.kind))  # fmt: skip
    return ok


def defence_notes(state: SamState, t: Fighter, kind: str) -> str:
    """The modifiers `defences` put in the defence's bonus, named for the log (issue 31: the
    flanked −1 among them)."""
    notes = []
    if space.flanked(state, t):
        notes.append("flanked −1 (rule 94)")
    elif t.hallucinating:
        notes.append("flanked −1 (Confusion chart 13, rule 179)")
    if t.flat_footed:
        notes.append("flat-footed −1 (C7)")
    if kind == DODGE and t.held:
        notes.append("held −1 (rule 193)")
    if kind == DODGE and t.mobility:
        notes.append(f"mobility −{min(t.mobility, 5)} (SAM-A12)")
    return "; ".join(notes)


def spend_ammunition(a: Fighter, w: Wielded) -> None:
    """Rule 64: a weapon that needs reloading is empty after its shot; a thrown weapon is gone
    (the thrower fights on unarmed when it has nothing else)."""
    if w.data.reload:
        w.loaded = False
    elif w.data.kind == "thrown" and w in a.weapons:
        a.weapons.remove(w)
        if not a.weapons:
            a.weapons.append(wield(a, data.weapons()["unarmed"]))


rebuilt_by_constructor(Situation, Swing)  # copies of a state (core.immutable)
