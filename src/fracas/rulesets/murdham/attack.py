"""Attacks, seed "Attacking" to "Non-lethal attacks": who may be attacked, the WIT save to hit,
stunts, reactions (dodge, counter, hide, guard), the counter's order of resolution, damage with
size, and the non-lethal effects."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from fracas.core.combatant import Status
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.table import Table
from fracas.rulesets.murdham import checks, data, decisions, harm
from fracas.rulesets.murdham.events import (
    AttackDeclared,
    DamageHalved,
    Disarmed,
    GearWorn,
    Grabbed,
    Incapacitated,
    Missed,
    Reacted,
    Revealed,
    Shoved,
    StuntProposed,
)
from fracas.rulesets.murdham.state import Character, MurdhamState, Weapon, count

NON_LETHAL: Final = ("disarm", "shove", "grapple")
NON_LETHAL_ORDER: Final = ("grapple", "shove", "disarm")  # as a turn offers them
UNARMED: Final = "Unarmed"  # weapons.yaml: everyone can fight unarmed (`build_character`)


@dataclass(slots=True, init=False)
class Stunt:
    """Seed "Attack stunts": an effect offered to `target` instead of damage."""

    effect: str
    target: Character

    def __init__(self, effect: str, target: Character) -> None:
        self.effect, self.target = effect, target

    def __str__(self) -> str:
        return f"{self.effect} ({self.target.name})"


# F-MUR-7: the effects fracas offers (the seed's example, and forcing a surrender); the GM
# approves any other at the table.
STUNT_EFFECTS: Final = ("surrender", "disarmed and incapacitated until the end of the stretch")


# ----------------------------------------------------------------------------- who, and how


def unarmed_of(c: Character) -> Weapon | None:
    """The character's bare hands (a loop: `next` over a generator builds one; issue 10)."""
    for w in c.weapons:
        if w.name == UNARMED:
            return w
    return None


def reach(attacker: Character, weapon: Weapon) -> int:
    """Melee range: nearby (0); massive characters reach range 1 (seed "Effects of size").
    Compared by hand: `max` is a generic call compiled, and this is asked for every weapon
    against every enemy the policy weighs (issue 35)."""
    own = weapon.data.reach
    floor = 1 if attacker.size >= 2 else 0
    return own if own > floor else floor


def max_range(attacker: Character, target: Character, weapon: Weapon) -> int:
    """A ranged weapon's range, halved per size the target is smaller, doubled per size it is
    larger (seed "Effects of size"); blasts are not affected."""
    rng = weapon.data.range or 0
    if weapon.data.blast:
        return rng
    steps = target.size - attacker.size
    return int(rng * 2**steps) if steps >= 0 else int(rng // 2 ** (-steps))


def why_not(
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    *,
    moving: bool = False,
    kind: str = "damage",
) -> str | None:
    """Why `attacker` may not attack `target` with `weapon`, or None (seed "Attacking")."""
    if not weapon.ready:
        return f"the {weapon} cannot be used again this fight"
    if target.behind_barrier and not target.peeking:
        return 'a barrier blocks every attack (seed "Cover")'
    return why_not_at(state, attacker, target, weapon, state.range(attacker, target), moving, kind)


def why_not_at(
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    distance: int,
    moving: bool,
    kind: str,
) -> str | None:
    """`why_not` for a usable weapon and a target behind no barrier, with the attacker
    `distance` zones from the target: the reasons that depend on where the attacker stands.
    The others (the weapon spent, a barrier; visibility and size, checked here, read only the
    target and the two characters' sizes) do not, so a turn's planning asks this again for a
    hypothetical step without moving anyone (`turn.approach_needed`, issue 35).
    A blow for damage, the usual kind, is told apart first: one string compared (of the same
    object, the literal) instead of the three `NON_LETHAL` kinds (issue 35)."""
    if kind != "damage" and kind in NON_LETHAL:
        if distance > 0:
            return "non-lethal attacks need a nearby target"
        if target.size > attacker.size:
            return "a smaller character cannot disarm, shove or grab a larger one"
        return None
    if not weapon.data.ranged:
        if distance > reach(attacker, weapon):
            return "melee attacks can only target nearby enemies"
        return None
    if not state.visible(attacker, target):
        return "a ranged attack cannot target a character who is not visible"
    top = max_range(attacker, target, weapon)
    if distance > top:
        return f"out of range ({distance} zones, range {top})"
    if moving and distance * 2 > top:
        return "impossible beyond half range while moving"
    return None


def wit_save_needed(
    state: MurdhamState, attacker: Character, target: Character, weapon: Weapon, moving: bool
) -> str | None:
    """Seed "Attacking": a WIT save to hit a melee target that is not visible, or with a ranged
    attack beyond half range or while moving."""
    if not weapon.data.ranged:
        return None if state.visible(attacker, target) else "the target is not visible"
    if state.range(attacker, target) * 2 > max_range(attacker, target, weapon):
        return "beyond half range"
    if moving:  # F-MUR-8: a ranged attack in a turn with movement is made while moving
        return "attacking while moving"
    return None


def net_damage_steps(attacker: Character, weapon: Weapon, held_back: bool) -> int:
    """M11: enhancements minus impairments. Unarmed is impaired (brawling lifts it, M24);
    holding back impairs (seed); riders' attacks are impaired (seed "Mounts")."""
    net = 0
    if weapon.data.impaired and "brawling" not in attacker.skills:
        net -= 1
    if held_back:
        net -= 1
    if attacker.riding is not None:
        net -= 1
    return net


def roll_damage(
    table: Table,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    *,
    held_back: bool = False,
    dice: int | None = None,
) -> int:
    """The damage of one hit before armour: exploding dice (M9), impaired or enhanced (M11),
    doubled dice for a larger attacker or halved (rounded up) against a larger target (seed
    "Effects of size", M27); blasts unchanged. A damaged weapon breaks on a 1."""
    steps = attacker.size - target.size
    data = weapon.data
    if dice is None:
        dice = 1 << steps if steps > 0 and not data.blast else 1  # 2 ** steps, as a shift
    net = net_damage_steps(attacker, weapon, held_back)
    # (the weapon's name read, not formatted through `Weapon.__str__`: the same words),
    # worked out only if someone reads it (`core.table.Reason`)
    total, firsts = checks.damage_roll(
        table, attacker, data.die, dice, net, lambda: f"{attacker.name}'s {data.name} damage"
    )
    wear = weapon.wear  # a shield used to strike wears as the shield (seed)
    if wear.damaged and firsts and firsts[0] == 1 and not wear.destroyed:
        wear.destroyed = True
        if table.observed:
            table.emit(GearWorn, who=attacker.name, item=wear.name, state="destroyed")
    if steps < 0 and not data.blast:
        halved = -(-total // (1 << -steps))  # rounded up, per size smaller
        if table.observed:
            table.emit(DamageHalved, target=target.name, before=total, after=halved, sizes=-steps)
        total = halved
    return total


# ----------------------------------------------------------------------------- reactions

# Reactions, like the turn's plans (turn.py), are built for every question: each writes its
# own __init__ (init=False), which mypyc compiles; the dataclass module's stays interpreted.


@dataclass(slots=True, init=False)
class NoReaction:
    def __init__(self) -> None:
        pass

    def __str__(self) -> str:
        return "no reaction"


@dataclass(slots=True, init=False)
class Dodge:
    def __init__(self) -> None:
        pass

    def __str__(self) -> str:
        return "dodge (AGI save)"


@dataclass(slots=True, init=False)
class Counter:
    weapon: Weapon
    kind: str

    def __init__(self, weapon: Weapon, kind: str = "damage") -> None:
        self.weapon, self.kind = weapon, kind

    def __str__(self) -> str:
        return f"counter with {self.weapon}" + ("" if self.kind == "damage" else f" ({self.kind})")


@dataclass(slots=True, init=False)
class Hide:
    behind: Character

    def __init__(self, behind: Character) -> None:
        self.behind = behind

    def __str__(self) -> str:
        return f"hide behind {self.behind.name}"


@dataclass(slots=True, init=False)
class Guard:
    guard: Character

    def __init__(self, guard: Character) -> None:
        self.guard = guard

    def __str__(self) -> str:
        return f"{self.guard.name} guards"


Reaction = NoReaction | Dodge | Counter | Hide | Guard


def can_react(c: Character) -> bool:
    """A reaction takes the character's turn: they must not have taken it, must be able, not
    grabbed (grabbed characters can't act)."""
    return c.able and not c.took_turn and c.grabbed_by is None and not c.riding_locked


def free_reaction(c: Character, skill: str) -> bool:
    """M24 "dodge blows" / "protect": once a round, that reaction costs no turn."""
    return (
        skill in c.skills
        and not c.free_reaction_used
        and c.able
        and c.grabbed_by is None
        and not c.riding_locked
    )


def spend_reaction(c: Character, skill: str) -> None:
    """A reaction spends the turn, unless a skill makes this one free (M24)."""
    if c.took_turn or not can_react(c):
        c.free_reaction_used = True  # only a free reaction was possible
    elif skill in c.skills and not c.free_reaction_used:
        c.free_reaction_used = True
    else:
        c.took_turn = True


def reactions(
    state: MurdhamState,
    attacker: Character,
    target: Character,
    *,
    first: bool = True,
    blast: bool = False,
) -> list[Reaction]:
    """Seed "Reacting to an attack" and "Guarding": what may answer this attack."""
    out: list[Reaction] = [NoReaction()]
    able = can_react(target)
    if not able and free_reaction(target, "dodge blows"):
        out.append(Dodge())
    if able:
        out.append(Dodge())
        for w in target.usable_weapons():
            if why_not(state, target, attacker, w) is None:
                out.append(Counter(w))
        if state.range(target, attacker) == 0 and attacker.size <= target.size:
            unarmed = unarmed_of(target)
            if unarmed is not None:
                out.append(Counter(unarmed, "grapple"))
        if first and not blast:
            for other in state.characters():
                if other is target or state.range(other, target) != 0:
                    continue
                if other.side == target.side and other.able:
                    out.append(Hide(other))  # allies are willing
                elif other.grabbed_by is target:
                    out.append(Hide(other))
    if first and not blast:
        for ally in state.faction(target.side):
            ready = can_react(ally) or free_reaction(ally, "protect")
            if ally is not target and ready and state.range(ally, target) == 0:
                out.append(Guard(ally))
    return out


def guard_against(table: Table, state: MurdhamState, target: Character) -> Character | None:
    """Seed "Guarding", for a target who cannot react itself (a death blow, F-MUR-13): each
    nearby ally who may react is asked in turn; the first who guards becomes the target, its
    reaction spent ("protect" makes it free, M24)."""
    for ally in state.faction(target.side):
        ready = can_react(ally) or free_reaction(ally, "protect")
        if ally is target or not ready or state.range(ally, target) != 0:
            continue
        if table.choose(ally, decisions.GUARD, [False, True]):
            spend_reaction(ally, "protect")
            if table.observed:
                table.emit(Reacted, who=ally.name, reaction=f"guards {target.name}")
            return ally
    return None


# ----------------------------------------------------------------------------- the attack


def attack(
    table: Table,
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    *,
    kind: str = "damage",
    moving: bool = False,
    held_back: bool = False,
    dice: int | None = None,
    counter_allowed: bool = True,
) -> Reaction:
    """One attack, in the seed's order: declare, stunt, WIT save, reaction, resolution.
    `dice`: how many damage dice, when a larger attacker splits its dice among targets.
    Returns the reaction it met (for a split attack, where only one target may counter)."""
    if table.observed:
        table.emit(
            AttackDeclared,
            attacker=attacker.name,
            target=target.name,
            weapon=weapon.name,
            kind=kind,
            note="held back" if held_back else "",
        )
    surprised = strike_out(table, attacker, weapon)
    if kind == "damage" and target.able and propose_stunt(table, attacker, target):
        return NoReaction()
    hit, aimed = take_aim(table, state, attacker, target, weapon, moving)
    if not hit:
        return NoReaction()
    target, reaction, shield = react(
        table, state, attacker, target, surprised=surprised, counter_allowed=counter_allowed
    )
    return resolve(
        table, state, attacker, target, weapon, kind, reaction,
        held_back=held_back, shield=shield, dice=dice, aimed=aimed,
    )  # fmt: skip


def take_aim(
    table: Table,
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    moving: bool,
) -> tuple[bool, bool]:
    """Seed "Attacking": the WIT save to hit, when the circumstances call for one; a failed
    save misses. Any attack takes aim so, a counter included (issue 8). Returns whether it
    hits, and whether it was aimed, that is needed no save (M24 piercing strike)."""
    why = wit_save_needed(state, attacker, target, weapon, moving)
    if why is None:
        return True, True
    if checks.save(table, attacker, "WIT", f"to hit: {why}"):
        return True, False
    count(state, "attacks missed")
    if table.observed:
        table.emit(Missed, attacker=attacker.name, target=target.name, why="failed WIT save")
    return False, False


def react(
    table: Table,
    state: MurdhamState,
    attacker: Character,
    target: Character,
    *,
    surprised: bool,
    counter_allowed: bool,
) -> tuple[Character, Reaction, bool]:
    """Seed "Reacting to an attack" and "Guarding": the target's reaction, chosen after the WIT
    save; targets taken by surprise cannot react (seed "Sneaking"). A guard or a hiding place
    becomes the new target. Returns the target, its reaction, and whether its shield counts
    (only against attacks it reacts against, M10)."""
    reaction: Reaction = NoReaction()
    if not surprised:
        options = reactions(state, attacker, target)
        if not counter_allowed:
            options = [o for o in options if not isinstance(o, Counter)]
        if len(options) > 1:
            reaction = table.choose(target, decisions.REACT, options)
    shield = False
    if isinstance(reaction, Guard):
        spend_reaction(reaction.guard, "protect")
        if table.observed:
            table.emit(Reacted, who=reaction.guard.name, reaction=f"guards {target.name}")
        target, reaction, shield = reaction.guard, NoReaction(), True
    elif isinstance(reaction, Hide):
        target, reaction = hide_behind(table, state, attacker, target, reaction.behind)
    if not isinstance(reaction, NoReaction):
        spend_reaction(target, "dodge blows" if isinstance(reaction, Dodge) else "")
        if table.observed:
            table.emit(Reacted, who=target.name, reaction=str(reaction))
        shield = True
    return target, reaction, shield


def hide_behind(
    table: Table, state: MurdhamState, attacker: Character, hider: Character, cover: Character
) -> tuple[Character, Reaction]:
    """Seed "Reacting to an attack", Hide: the hider swaps places with the nearby character it
    hides behind, who becomes the target and may react in turn if an ally (a grabbed enemy is
    not asked). Returns the new target and its reaction."""
    hider.took_turn = True
    hider.zone, hider.border, hider.place, cover.zone, cover.border, cover.place = (
        cover.zone,
        cover.border,
        cover.place,  # (the zone's index, kept beside it: `Character.place`)
        hider.zone,
        hider.border,
        hider.place,
    )
    if table.observed:
        table.emit(Reacted, who=hider.name, reaction=f"hides behind {cover.name}")
    reaction: Reaction = NoReaction()
    options = reactions(state, attacker, cover, first=False)
    if len(options) > 1 and cover.side == hider.side:
        reaction = table.choose(cover, decisions.REACT, options)
    return cover, reaction


def resolve(
    table: Table,
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    kind: str,
    reaction: Reaction,
    *,
    held_back: bool,
    shield: bool,
    dice: int | None,
    aimed: bool,
) -> Reaction:
    """Seed "Reacting to an attack": a dodge is an AGI save that makes the attack miss, a
    counter is resolved by `countered`; otherwise the attack lands. `aimed`: no WIT save was
    needed to hit (M24 piercing strike). Returns the reaction the attack met."""
    if isinstance(reaction, Dodge) and checks.save(table, target, "AGI", "dodge"):
        count(state, "attacks dodged")
        if table.observed:
            table.emit(Missed, attacker=attacker.name, target=target.name, why="dodged")
        return NoReaction()
    if isinstance(reaction, Counter):
        count(state, "attacks countered")
        countered(
            table, state, attacker, target, weapon, kind, reaction, held_back, dice, aimed=aimed
        )
        return reaction
    land(
        table, state, attacker, target, weapon, kind,
        held_back=held_back, shield=shield, dice=dice, aimed=aimed,
    )  # fmt: skip
    return reaction


def strike_out(table: Table, attacker: Character, weapon: Weapon) -> bool:
    """What any attack does to its maker: a concealed attacker is revealed, and its targets are
    taken by surprise (seed "Sneaking"; returns True then); one behind a barrier peeks out
    (seed "Cover"); the weapon counts as used (gear degradation), a gun as fired (M13), a
    consumable (a fire bomb) as spent (seed "Taking a turn": using a consumable item)."""
    surprised = attacker.hidden
    if attacker.hidden:
        attacker.hidden = False
        if table.observed:
            table.emit(Revealed, who=attacker.name, why="attacking")
    if attacker.behind_barrier:
        attacker.peeking = True
    weapon.wear.used = True
    if weapon.data.reload or weapon.data.consumable:
        weapon.fired = True
    return surprised


def pierces(attacker: Character, aimed: bool) -> bool:
    """M24 "piercing strike": damage above the armour value ignores armour, unless the blow
    needed a WIT save to hit."""
    return aimed and "piercing strike" in attacker.skills


def cover_holds(weapon: Weapon) -> bool:
    """Cover adds 1 to armour value unless the attack penetrates it (seed "Cover"; M25,
    PROPOSED: weapons flagged so, and blasts)."""
    return not weapon.data.penetrates_cover and not weapon.data.blast


def land(
    table: Table,
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    kind: str,
    *,
    held_back: bool = False,
    shield: bool = False,
    damage: int | None = None,
    dice: int | None = None,
    aimed: bool = True,
) -> None:
    """The attack strikes home: damage, or the non-lethal effect. `aimed`: no WIT save was
    needed to hit (a piercing strike needs that, M24)."""
    if kind in NON_LETHAL:
        non_lethal(table, state, attacker, target, kind)
        return
    if damage is None:
        damage = roll_damage(table, attacker, target, weapon, held_back=held_back, dice=dice)
    harm.harm(
        table,
        state,
        target,
        damage,
        direct=weapon.data.direct,
        shield_counts=shield,
        cover_counts=cover_holds(weapon),
        by=attacker,
        piercing=pierces(attacker, aimed),
    )


def countered(
    table: Table,
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    kind: str,
    counter: Counter,
    held_back: bool,
    dice: int | None = None,
    *,
    aimed: bool = True,
) -> None:
    """Seed "Counter" with M-C3 and the non-lethal order: both roll damage at once; whoever
    suffers the most after reductions is hit first, ties together; the second hit is cancelled
    only if the first incapacitates or kills. A non-lethal attack is resolved after a normal
    one; a non-lethal counter to a non-lethal attack is resolved last. The counter is an
    attack ("perform a suitable attack"): it reveals, wears and fires its weapon, and takes aim
    like any other; if it misses, the attack lands alone (the shield still counts, M10)."""
    strike_out(table, target, counter.weapon)
    hit, back_aimed = take_aim(table, state, target, attacker, counter.weapon, False)
    if not hit:
        land(table, state, attacker, target, weapon, kind,
             held_back=held_back, shield=True, dice=dice, aimed=aimed)  # fmt: skip
        return
    if kind in NON_LETHAL or counter.kind in NON_LETHAL:
        aims = {id(attacker): aimed, id(target): back_aimed}
        countered_non_lethal(
            table, state, attacker, target, weapon, kind, counter, held_back, dice, aims
        )
        return
    dealt = roll_damage(table, attacker, target, weapon, held_back=held_back, dice=dice)
    back = roll_damage(table, target, attacker, counter.weapon)
    on_target = after_armour(target, dealt, weapon, shield=True, piercing=pierces(attacker, aimed))
    on_attacker = after_armour(attacker, back, counter.weapon, shield=True,
                               piercing=pierces(target, back_aimed))  # fmt: skip
    exchange_blows(
        table, state,
        Blow(on_target, attacker, target, weapon, dealt, aimed),
        Blow(on_attacker, target, attacker, counter.weapon, back, back_aimed),
    )  # fmt: skip


def countered_non_lethal(
    table: Table,
    state: MurdhamState,
    attacker: Character,
    target: Character,
    weapon: Weapon,
    kind: str,
    counter: Counter,
    held_back: bool,
    dice: int | None,
    aims: dict[int, bool],
) -> None:
    """Seed "Non-lethal attacks": if a normal attack is countered by a non-lethal one, or vice
    versa, the non-lethal one is resolved last, and so is a non-lethal counter to a non-lethal
    attack. Whoever the first blow incapacitates or kills never strikes the second. Each blow
    keeps its own dice (a split share) and aim (M24 piercing strike); `aims` as in
    `exchange_blows`."""
    a_kind, c_kind = kind, counter.kind
    first, second = (
        ((attacker, target, weapon, a_kind), (target, attacker, counter.weapon, c_kind))
        if c_kind in NON_LETHAL
        else ((target, attacker, counter.weapon, c_kind), (attacker, target, weapon, a_kind))
    )
    for who, whom, w, k in (first, second):
        if not who.incapacitated and who.status is not Status.DEAD:
            land(
                table,
                state,
                who,
                whom,
                w,
                k,
                held_back=held_back and who is attacker,
                shield=True,
                dice=dice if who is attacker else None,
                aimed=aims[id(who)],
            )


class Blow:
    """A blow in a counter: damage after reductions, who strikes, whom, with what, the damage
    rolled, and whether it needed no WIT save to hit (M24 piercing strike). A small class
    built twice a counter, where a list of tuples sorted by key functions called back
    through Python (issue 10)."""

    __slots__ = ("aimed", "rolled", "striker", "suffered", "weapon", "whom")

    def __init__(
        self,
        suffered: int,
        striker: Character,
        whom: Character,
        weapon: Weapon,
        rolled: int,
        aimed: bool,
    ) -> None:
        self.suffered, self.striker, self.whom = suffered, striker, whom
        self.weapon, self.rolled, self.aimed = weapon, rolled, aimed

    def land(self, table: Table, state: MurdhamState) -> None:
        land(table, state, self.striker, self.whom, self.weapon, "damage", shield=True,
             damage=self.rolled, aimed=self.aimed)  # fmt: skip


def exchange_blows(table: Table, state: MurdhamState, blow: Blow, back: Blow) -> None:
    """Seed "Counter" with M-C3: whoever suffers the most damage after reductions is hit first;
    a tie, both at once; the second blow is cancelled only if the first incapacitates or kills.
    M24 fast strike: the one striker with it always hits first. `blow` is the attack's,
    `back` the counter's: in that order when nothing puts the counter first."""
    fast = "fast strike" in blow.striker.skills
    if fast != ("fast strike" in back.striker.skills):  # exactly one has it
        first, second = (blow, back) if fast else (back, blow)
    elif blow.suffered != back.suffered:
        first, second = (blow, back) if blow.suffered > back.suffered else (back, blow)
    else:  # a tie: both are hit at the same time
        blow.land(table, state)
        back.land(table, state)
        return
    first.land(table, state)
    whom = first.whom
    if whom.incapacitated or whom.status is Status.DEAD:
        if table.observed:
            table.emit(
                Missed,
                attacker=second.striker.name,
                target=second.whom.name,
                why="struck down first, the blow never lands",
            )
        return
    second.land(table, state)


def after_armour(
    target: Character, damage: int, weapon: Weapon, *, shield: bool, piercing: bool = False
) -> int:
    if weapon.data.direct:
        return damage
    av = harm.armour_value(target, shield_counts=shield, cover_counts=cover_holds(weapon))
    if piercing and damage > av:
        return damage
    return max(0, damage - av)


def propose_stunt(table: Table, attacker: Character, target: Character) -> bool:
    """Seed "Attack stunts": the attacker may propose an effect instead of damage, before the
    target reacts; if the target accepts, the effect happens and nobody reacts."""
    offers: list[Stunt | None] = [None]  # None: no stunt, strike for damage
    for effect in STUNT_EFFECTS:
        offers.append(Stunt(effect, target))
    stunt: Stunt | None = table.choose(attacker, decisions.STUNT, offers)
    if stunt is None:
        return False
    accepted: bool = table.choose(target, decisions.ACCEPT_STUNT, [False, True])
    if table.observed:
        table.emit(
            StuntProposed,
            attacker=attacker.name,
            target=target.name,
            effect=stunt.effect,
            accepted=accepted,
        )
    if not accepted:
        return False
    if stunt.effect == "surrender":
        target.status = Status.SURRENDERED
        target.went_down = True
    else:
        drop_weapons(table, target, None)
        harm.release(target)
        target.incapacitated = True
        target.went_down = True
        target.status = Status.DOWN
        if table.observed:
            table.emit(Incapacitated, who=target.name, why="an accepted stunt")
    return True


# ----------------------------------------------------------------------------- non-lethal


def non_lethal(
    table: Table, state: MurdhamState, attacker: Character, target: Character, kind: str
) -> None:
    """Seed "Non-lethal attacks": a STR save or the effect. A smaller target cannot resist a
    larger attacker with STR (seed "Effects of size")."""
    if target.status is Status.DEAD:
        return
    # M24: "wrestling" (grapples) and "disarm" (disarms) deny the STR save to targets who lack
    # the same skill; a smaller target never resists a larger attacker (seed "Effects of size").
    skill = {"grapple": "wrestling", "disarm": "disarm"}.get(kind)
    denied = skill is not None and skill in attacker.skills and skill not in target.skills
    resisted = (
        target.size >= attacker.size
        and not denied
        and checks.save(table, target, "STR", f"resist {kind}")
    )
    if resisted:
        if table.observed:
            table.emit(
                Missed, attacker=attacker.name, target=target.name, why=f"resisted the {kind}"
            )
        return
    if kind == "grapple":
        harm.release(target)
        target.grabbed_by, attacker.grabbing = attacker, target
        if table.observed:
            table.emit(Grabbed, who=target.name, by=attacker.name)
    elif kind == "disarm":
        options = [w for w in target.weapons if w.name != "Unarmed" and not w.wear.destroyed]
        if options:
            weapon = table.choose(attacker, decisions.WEAPON_TO_DISARM, options)
            taken = attacker if free_hand(attacker) else None
            drop_weapons(table, target, weapon, taken_by=taken)
    elif kind == "shove":
        shove(table, state, attacker, target)


def free_hand(c: Character) -> bool:
    hands = sum(w.data.hands for w in c.weapons if w.name != "Unarmed" and w.data.hands)
    return hands + (1 if c.shield is not None else 0) < 2 and c.grabbing is None


def drop_weapons(
    table: Table, target: Character, weapon: Weapon | None, taken_by: Character | None = None
) -> None:
    dropped = [weapon] if weapon is not None else [w for w in target.weapons if w.name != "Unarmed"]
    for w in dropped:
        if w in target.weapons and w.name != "Unarmed":
            target.weapons.remove(w)
            if taken_by is not None:
                taken_by.weapons.append(w)
            else:
                target.dropped.append(w)
            if table.observed:
                table.emit(
                    Disarmed,
                    who=target.name,
                    weapon=w.name,
                    taken_by=taken_by.name if taken_by else None,
                )


def shove(table: Table, state: MurdhamState, attacker: Character, target: Character) -> None:
    """Half a zone for the same size (onto a border, or across it if already on one, F-MUR-6);
    larger
    shovers inflict d4 direct damage and push 1, 2, 4 or 8 zones (seed, M-C7)."""
    steps = attacker.size - target.size
    away = state.zones.step_away(target.zone, attacker.zone)
    if steps <= 0:
        if target.border is not None:
            target.zone, target.border = target.border, None
        else:
            target.border = away
    else:
        zones = int(data.shove_zones()[min(steps, 4)])
        for _ in range(zones):
            target.zone, target.border = state.zones.step_away(target.zone, attacker.zone), None
    target.place = state.zones.place(target.zone)  # kept beside it (`Character.place`)
    # Into a hazard means into its zone, not onto its edge (a border is only half a step).
    hazard = state.zone(target.zone).hazard
    if table.observed:
        table.emit(
            Shoved,
            who=target.name,
            to=target.zone if target.border is None else f"{target.zone}/{target.border}",
            hazard=hazard is not None,
        )
    if steps > 0:
        d4 = checks.damage_dice(table, attacker, "1d4", "a larger shover's direct damage")
        harm.harm(table, state, target, d4, direct=True, by=attacker)
    if hazard is not None:
        hurt = checks.damage_dice(table, target, hazard, f"{target.name} lands in the hazard")
        harm.harm(table, state, target, hurt, direct=True, by=attacker)


# Built with their own __init__, these copy through it on the compiled build (core.immutable).
rebuilt_by_constructor(Stunt, NoReaction, Dodge, Counter, Hide, Guard)
