"""A character's turn (seed "Taking a turn"): a full move, or a half move with a main action;
movement splits around the action; leaving nearby enemies invites opportunity attacks.

Plans are slotted dataclasses, read-only by convention but not frozen: one is built for every
plan offered every turn of every simulated battle (issue 10, "The fast style")."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from fracas.core.combatant import Status
from fracas.core.immutable import rebuilt_by_constructor
from fracas.core.table import Table
from fracas.rulesets.murdham import checks, decisions, harm
from fracas.rulesets.murdham.attack import (
    NON_LETHAL,
    NON_LETHAL_ORDER,
    Counter,
    attack,
    can_react,
    guard_against,
    land,
    max_range,
    reach,
    strike_out,
    take_aim,
    unarmed_of,
    why_not,
    why_not_at,
)
from fracas.rulesets.murdham.blast import blast, blast_targets_zone
from fracas.rulesets.murdham.events import AttackDeclared, Fell, Freed, Moved, Reacted, TurnPlan
from fracas.rulesets.murdham.state import Character, MurdhamState, Weapon
from fracas.rulesets.murdham.zones import UNREACHABLE


@dataclass(slots=True, init=False)
class Strike:
    """Half move toward the target (`approach` zones), attack (damage or non-lethal), then
    spend what is left of the half move drawing back (`withdraw` zones): movement may be split
    before and after the action (seed "Taking a turn")."""

    target: Character
    weapon: Weapon
    approach: int
    kind: str
    held_back: bool
    withdraw: int

    def __init__(
        self,
        target: Character,
        weapon: Weapon,
        approach: int = 0,
        kind: str = "damage",
        held_back: bool = False,
        withdraw: int = 0,
    ) -> None:
        self.target, self.weapon, self.approach = target, weapon, approach
        self.kind, self.held_back, self.withdraw = kind, held_back, withdraw

    def __str__(self) -> str:
        move = f"move {self.approach}, then " if self.approach else ""
        what = "attack" if self.kind == "damage" else self.kind
        back = " holding back" if self.held_back else ""
        away = f", then draw back {self.withdraw}" if self.withdraw else ""
        return f"{move}{what} {self.target.name} with {self.weapon}{back}{away}"


@dataclass(slots=True, init=False)
class SplitStrike:
    """Seed "Effects of size": a larger attacker spreads its melee dice over several smaller
    nearby targets (a wyrm's 2d8 against one man becomes d8 each against two, or d8 and 2d8
    against a man and a child)."""

    weapon: Weapon
    shares: tuple[tuple[Character, int], ...]

    def __init__(self, weapon: Weapon, shares: tuple[tuple[Character, int], ...]) -> None:
        self.weapon, self.shares = weapon, shares

    def __str__(self) -> str:
        parts = ", ".join(f"{n}d{self.weapon.data.die} on {t.name}" for t, n in self.shares)
        return f"split the {self.weapon}: {parts}"


@dataclass(slots=True, init=False)
class Mount:
    """Seed "Mounts and vehicles": mounting counts as moving half a zone."""

    mount: Character

    def __init__(self, mount: Character) -> None:
        self.mount = mount

    def __str__(self) -> str:
        return f"mount {self.mount.name}"


@dataclass(slots=True, init=False)
class Dismount:
    def __init__(self) -> None:
        pass

    def __str__(self) -> str:
        return "dismount"


@dataclass(slots=True, init=False)
class DeathBlow:
    """Seed "Attacking": kill a nearby incapacitated target, with a weapon (an attack)."""

    target: Character
    approach: int
    weapon: Weapon | None  # None: bare hands

    def __init__(self, target: Character, approach: int = 0, weapon: Weapon | None = None) -> None:
        self.target, self.approach, self.weapon = target, approach, weapon

    def __str__(self) -> str:
        how = f" with {self.weapon}" if self.weapon is not None else ""
        return f"deliver a death blow to {self.target.name}{how}"


@dataclass(slots=True, init=False)
class Blast:
    weapon: Weapon
    zone: str
    approach_toward: Character | None
    approach: int

    def __init__(
        self, weapon: Weapon, zone: str, approach_toward: Character | None = None, approach: int = 0
    ) -> None:
        self.weapon, self.zone = weapon, zone
        self.approach_toward, self.approach = approach_toward, approach

    def __str__(self) -> str:
        return f"blast zone {self.zone} with {self.weapon}"


@dataclass(slots=True, init=False)
class Advance:
    toward: Character

    def __init__(self, toward: Character) -> None:
        self.toward = toward

    def __str__(self) -> str:
        return f"move toward {self.toward.name}"


@dataclass(slots=True, init=False)
class BreakFree:
    def __init__(self) -> None:
        pass

    def __str__(self) -> str:
        return "try to break free (STR save)"


@dataclass(slots=True, init=False)
class FreeAlly:
    ally: Character
    approach: int

    def __init__(self, ally: Character, approach: int = 0) -> None:
        self.ally, self.approach = ally, approach

    def __str__(self) -> str:
        return f"try to free {self.ally.name} (STR save)"


@dataclass(slots=True, init=False)
class Surrender:
    def __init__(self) -> None:
        pass

    def __str__(self) -> str:
        return "surrender"


@dataclass(slots=True, init=False)
class PickUp:
    """A bonus action: pick up a weapon one dropped (seed "Taking a turn")."""

    weapon: Weapon

    def __init__(self, weapon: Weapon) -> None:
        self.weapon = weapon

    def __str__(self) -> str:
        return f"pick up the {self.weapon}"


@dataclass(slots=True, init=False)
class Hold:
    """Do nothing (a rider or mount may keep its turn to react, seed "Mounts")."""

    def __init__(self) -> None:
        pass

    def __str__(self) -> str:
        return "hold"


# Surrender and hold have nothing of their own: one of each, offered every turn (issue 35).
SURRENDER: Final = Surrender()
HOLD: Final = Hold()

Plan = (
    Strike
    | SplitStrike
    | DeathBlow
    | Blast
    | Advance
    | BreakFree
    | FreeAlly
    | Surrender
    | Hold
    | Mount
    | Dismount
    | PickUp
)


# ----------------------------------------------------------------------------- movement


def can_sprint(state: MurdhamState, path_from: str, path_to: str) -> bool:
    """M15: sprinting needs open terrain along the way."""
    return state.zones.open_path(path_from, path_to)


def half_move(state: MurdhamState, c: Character, goal: str) -> int:
    """Zones a half move covers toward `goal` (doubled when sprinting is possible)."""
    half = max(1, c.speed // 2) if c.speed else 0
    return half * 2 if can_sprint(state, c.zone, goal) else half


def full_move(state: MurdhamState, c: Character, goal: str) -> int:
    return c.speed * 2 if can_sprint(state, c.zone, goal) else c.speed


def approach_needed(
    state: MurdhamState,
    c: Character,
    target: Character,
    weapon: Weapon,
    kind: str,
    distance: int = -1,
    reachable: int = -1,
) -> int | None:
    """The fewest zones `c` must move (within a half move) to make the attack legal, or None.
    Each step along a shortest path closes the range by one: melee and non-lethal attacks need
    the range down to their reach, a ranged attack made while moving to half its range.
    `distance`: `state.range(c, target)`, and `reachable`: `half_move(state, c, target.zone)`,
    when the caller has them (-1: worked out here).

    The attack's legality (`why_not`) is asked where `c` stands and again where the steps
    would take it, without moving `c` there: a spent weapon and a barrier rule the attack out
    wherever `c` stands, and the rest depends on `c`'s place only through the range
    (`why_not_at`), worked out from the zone the steps reach (`c` then stands on no border,
    as `step` leaves it; issue 35)."""
    if not weapon.ready or (target.behind_barrier and not target.peeking):
        return None  # illegal here, and after any steps
    if distance < 0:
        distance = state.range(c, target)
    if why_not_at(state, c, target, weapon, distance, False, kind) is None:
        return 0
    if c.speed == 0:
        return None
    if weapon.data.ranged and kind not in NON_LETHAL:
        steps = distance - max_range(c, target, weapon) // 2
    else:
        steps = distance - (reach(c, weapon) if kind == "damage" else 0)
    if steps < 1:
        return None
    if reachable < 0:
        reachable = half_move(state, c, target.zone)
    if steps > reachable:
        return None
    if c.border is None and target.border is None and steps <= distance < UNREACHABLE:
        # From zone to zone, each step along a shortest path (`ZoneMap.step_toward`) is to a
        # neighbour one zone nearer: the range left is the range less the steps.
        after = distance - steps
    else:
        after = _range_after(state, c, target, steps)
    legal = why_not_at(state, c, target, weapon, after, True, kind) is None
    return steps if legal else None


def _range_after(state: MurdhamState, c: Character, target: Character, steps: int) -> int:
    """`state.range(c, target)` once `c` has taken `steps` steps toward the target's zone
    (`step`: off any border, on the zone it reaches), without moving `c`."""
    zones = state.zones
    goal = target.zone
    there = c.zone
    for _ in range(steps):
        there = zones.step_toward(there, goal)
    after = zones.distance(there, goal)
    border = target.border
    if border is not None:
        beyond = zones.distance(there, border)
        if beyond < after:
            after = beyond
    return after


def step(table: Table, state: MurdhamState, c: Character, goal: str, sprint: bool) -> bool:
    """Move one zone toward `goal`. Nearby enemies may make opportunity attacks as `c` moves
    away (seed "Opportunity attacks"); returns False if `c` can no longer go on."""
    nxt = state.zones.step_toward(c.zone, goal)
    if nxt == c.zone:
        return False
    for enemy in list(state.characters()):
        if enemy.side == c.side or state.range(enemy, c) != 0:
            continue
        if not can_react(enemy) or c.hidden:
            continue  # a rider at full speed cannot react; nobody reacts to an unseen mover
        if state.zones.distance(nxt, enemy.zone) == 0:
            continue  # not moving away from this one
        melee = [w for w in enemy.usable_weapons() if not w.data.ranged and not w.data.blast]
        if not melee:
            continue
        weapon = table.choose(enemy, decisions.OPPORTUNITY_ATTACK, [None, *melee])
        if weapon is None:
            continue
        enemy.took_turn = True
        if table.observed:
            table.emit(Reacted, who=enemy.name, reaction=f"opportunity attack on {c.name}")
        attack(table, state, enemy, c, weapon)
        if not c.able or c.grabbed_by is not None:
            return False
    place = state.zones.place(nxt)  # kept beside the zone (`Character.place`)
    c.zone, c.border, c.place = nxt, None, place
    c.moved = True
    if c.grabbing is not None:  # the grabber may keep hold while moving with the grabbed
        c.grabbing.zone, c.grabbing.border, c.grabbing.place = nxt, None, place
    if c.rider is not None:
        c.rider.zone, c.rider.border, c.rider.place = nxt, None, place
    # F-MUR-3: concealed characters are taken to move sneaking: only the GM (and their own
    # faction) see them move, and attacking is what reveals them.
    if table.observed:
        table.emit(Moved, who=c.name, to=nxt, sprint=sprint, audience=c.audience)
    return True


def move(
    table: Table, state: MurdhamState, c: Character, goal: str, zones: int, *, full: bool = False
) -> bool:
    """Up to `zones` toward `goal`, in a half move or a `full` one: it is a sprint (M15) only
    if it goes farther than walking would in that move (a full move walks 2 zones)."""
    sprint = zones > (c.speed if full else max(1, c.speed // 2))
    for _ in range(zones):
        if c.zone == goal or not step(table, state, c, goal, sprint):
            break
    return c.able


# ----------------------------------------------------------------------------- plans


def plans(state: MurdhamState, c: Character) -> list[Plan]:
    """Every plan the rules allow `c` this turn."""
    if c.grabbed_by is not None:
        return [BreakFree()]  # seed "Grapple": grabbed characters can only try to break free
    out: list[Plan] = []
    # Concealed enemies are ignored: nobody knows they are there (seed "Sneaking"); so are
    # the dead and the gone (statuses compared by identity, as enum members are).
    enemies: list[Character] = []
    for e in state.characters():
        if e.side == c.side or e.hidden:
            continue
        status = e.status
        if status is Status.ACTIVE or status is Status.DOWN or status is Status.SURRENDERED:
            enemies.append(e)
    half = max(1, c.speed // 2) if c.speed else 0
    # Each enemy's range, measured once: listing the plans moves nobody (issue 35).
    far = [state.range(c, e) for e in enemies]
    # And how far a half move goes toward each (sprinting or not), once rather than for every
    # weapon; not for one nearby, whom no attack needs a step to reach (-1: not worked out).
    reachable = [-1] * len(enemies)
    for i in range(len(enemies)):
        if far[i] > 0:
            reachable[i] = half_move(state, c, enemies[i].zone)
    out += weapon_plans(state, c, enemies, far, reachable, half)
    unarmed = unarmed_of(c)
    for i in range(len(enemies)):
        e = enemies[i]
        if not e.able:
            out += death_blow_plans(state, c, e, unarmed, far[i], reachable[i])
            continue
        if unarmed is not None:
            # Grapple, shove and disarm need the same (a nearby target no larger than oneself):
            # one approach worked out for the three (issue 10).
            grab = NON_LETHAL_ORDER[0]
            n = approach_needed(state, c, e, unarmed, grab, far[i], reachable[i])
            if n is not None:
                for kind in NON_LETHAL_ORDER:
                    out.append(Strike(e, unarmed, n, kind))
        if c.speed > 0 and far[i] > 0:
            out.append(Advance(e))
    for w in c.dropped:
        out.append(PickUp(w))
    if len(enemies) >= 2:  # splitting needs two smaller targets at least
        out += split_plans(state, c, enemies)
    allies = state.faction(c.side)
    out += mount_plans(state, c, allies)
    if unarmed is not None:
        for ally in allies:
            if ally is not c and ally.grabbed_by is not None and ally.able:
                n = approach_needed(state, c, ally.grabbed_by, unarmed, "grapple")
                if n is not None:
                    out.append(FreeAlly(ally, n))
    out.append(SURRENDER)
    out.append(HOLD)
    if c.riding is not None:  # the mount does the moving (seed "Mounts and vehicles")
        out = [p for p in out if not moves_on_foot(p)]
    return out


def weapon_plans(
    state: MurdhamState,
    c: Character,
    enemies: list[Character],
    far: list[int],
    reachable: list[int],
    half: int,
) -> list[Plan]:
    """`plans`' blows with each usable weapon at each able enemy, in the order `plans` lists
    them: the blow, held back (melee), and with a withdrawal after it (`far` each enemy's
    range, `reachable` how far a half move goes toward it, `half` the half move)."""
    out: list[Plan] = []
    for w in c.usable_weapons():
        if w.data.blast:
            out += blast_plans(state, c, w)
            continue
        ranged = w.data.ranged
        for i in range(len(enemies)):
            e = enemies[i]
            if not e.able:
                continue
            if ranged and not state.visible(c, e):
                continue
            n = approach_needed(state, c, e, w, "damage", far[i], reachable[i])
            if n is not None:
                out.append(Strike(e, w, n))
                if not ranged:  # seed: one may hold back to deal impaired damage
                    out.append(Strike(e, w, n, held_back=True))
                left = half - n
                # Standing still, the attack is legal here (`n` 0: usable, no barrier), so
                # `why_not` while moving asks only the range again (`why_not_at`).
                if (
                    left > 0
                    and c.grabbing is None
                    and (n > 0 or why_not_at(state, c, e, w, far[i], True, "damage") is None)
                ):
                    out.append(Strike(e, w, n, withdraw=left))
    return out


def death_blow_plans(
    state: MurdhamState,
    c: Character,
    e: Character,
    unarmed: Weapon | None,
    distance: int = -1,
    reachable: int = -1,
) -> list[Plan]:
    """Seed "Attacking": a death blow to a nearby incapacitated target, with each melee
    weapon at hand (within a half move). `distance`, `reachable`: as `approach_needed`
    takes them."""
    if e.status is Status.DEAD or not e.incapacitated or unarmed is None:
        return []
    n = approach_needed(state, c, e, unarmed, "grapple", distance, reachable)
    if n is None:
        return []
    melee = [w for w in c.usable_weapons() if not w.data.ranged and not w.data.blast]
    return [DeathBlow(e, n, w) for w in melee]


def moves_on_foot(plan: Plan) -> bool:
    if isinstance(plan, Advance):
        return True
    if isinstance(plan, Strike):
        return plan.approach > 0 or plan.withdraw > 0
    if isinstance(plan, (DeathBlow, FreeAlly)):
        return plan.approach > 0
    return False


def split_plans(state: MurdhamState, c: Character, enemies: list[Character]) -> list[Plan]:
    """Every way to spread a larger attacker's melee dice over two or three smaller nearby
    targets. In units of the smallest target's dice the attack is worth 2^(size difference);
    a die against a target one size larger costs two units (the seed's wyrm examples)."""
    smaller = [e for e in enemies if e.able and e.size < c.size and state.range(c, e) == 0]
    if len(smaller) < 2:
        return []
    out: list[Plan] = []
    for w in c.usable_weapons():
        if w.data.ranged or w.data.blast:
            continue
        for group in _groups(smaller):
            low = min(t.size for t in group)
            budget = 2 ** (c.size - low)
            costs = [2 ** (t.size - low) for t in group]
            for counts in _allocations(budget, costs):
                out.append(SplitStrike(w, tuple(zip(group, counts, strict=True))))
    return out


def _groups(targets: list[Character]) -> list[tuple[Character, ...]]:
    return [g for k in (2, 3) for g in combinations(targets, k)]


def _allocations(budget: int, costs: list[int]) -> list[tuple[int, ...]]:
    """Dice counts, at least one each, whose costs add up to the budget exactly."""
    if not costs:
        return [()] if budget == 0 else []
    out = []
    for n in range(1, budget // costs[0] + 1):
        for rest in _allocations(budget - n * costs[0], costs[1:]):
            out.append((n, *rest))
    return out


def mount_plans(state: MurdhamState, c: Character, allies: list[Character]) -> list[Plan]:
    """Seed "Mounts and vehicles": dismount, or mount a free mount of one's faction nearby
    (`allies`: the faction, as `plans` has it already)."""
    if c.riding is not None:
        return [Dismount()]
    if c.is_mount:
        return []
    return [
        Mount(m)
        for m in allies
        if m.is_mount and m.rider is None and m.able and state.range(c, m) == 0
    ]


def blast_plans(state: MurdhamState, c: Character, w: Weapon) -> list[Plan]:
    if not w.data.ranged:
        return [Blast(w, c.zone)]
    return [Blast(w, z) for z in sorted(state.zones.zones) if blast_targets_zone(state, c, w, z)]


def take_turn(table: Table, state: MurdhamState, c: Character) -> Plan:
    """Seed "Taking a turn": `c` chooses a plan among those the rules allow and carries it out.
    A grabber who does anything other than what keeps hold lets go first (seed "Grapple")."""
    c.took_turn = True
    plan: Plan = table.choose(c, decisions.TURN, plans(state, c))
    if table.observed:
        table.emit(TurnPlan, who=c.name, plan=str(plan), audience=c.audience)
    if c.grabbing is not None and not keeps_hold(plan, c):
        if table.observed:
            table.emit(Freed, who=c.grabbing.name, how=f"{c.name} lets go to act")
        harm.release(c)
    carry_out(table, state, c, plan)
    return plan


def carry_out(table: Table, state: MurdhamState, c: Character, plan: Plan) -> None:
    """The chosen plan, each by its rule (seed "Taking a turn" onwards)."""
    if isinstance(plan, Strike):
        strike(table, state, c, plan)
    elif isinstance(plan, SplitStrike):
        split_strike(table, state, c, plan)
    elif isinstance(plan, PickUp):
        pick_up(c, plan.weapon)
    elif isinstance(plan, Mount):
        mount_up(table, state, c, plan.mount)
        act_after_half_move(table, state, c)
    elif isinstance(plan, Dismount):
        dismount(table, state, c)
        act_after_half_move(table, state, c)
    elif isinstance(plan, DeathBlow):
        death_blow(table, state, c, plan)
    elif isinstance(plan, Blast):
        blast(table, state, c, plan.weapon, plan.zone, moving=plan.approach > 0)
    elif isinstance(plan, Advance):
        move(table, state, c, plan.toward.zone, full_move(state, c, plan.toward.zone), full=True)
    elif isinstance(plan, BreakFree):
        break_free(table, c)
    elif isinstance(plan, FreeAlly):
        free_ally(table, state, c, plan)
    elif isinstance(plan, Surrender):
        surrender(c)
    elif isinstance(plan, Hold) and (c.rider is not None or c.riding is not None):
        c.took_turn, c.held = False, True  # kept to react later (seed "Mounts and vehicles")


def strike(table: Table, state: MurdhamState, c: Character, plan: Strike) -> None:
    """Seed "Taking a turn" and "Attacking": movement splits around the attack, so approach,
    attack if the rules still allow it (a ranged attack is then made while moving, F-MUR-8),
    and draw back with what is left of the half move."""
    if plan.approach and not move(table, state, c, plan.target.zone, plan.approach):
        return
    moving = plan.approach > 0 or plan.withdraw > 0
    if why_not(state, c, plan.target, plan.weapon, moving=moving, kind=plan.kind) is None:
        attack(
            table,
            state,
            c,
            plan.target,
            plan.weapon,
            kind=plan.kind,
            moving=moving,
            held_back=plan.held_back,
        )
    if plan.withdraw and c.able and c.grabbed_by is None:
        away = c.zone
        for _ in range(plan.withdraw):
            away = state.zones.step_away(away, plan.target.zone)
        move(table, state, c, away, plan.withdraw)


def split_strike(table: Table, state: MurdhamState, c: Character, plan: SplitStrike) -> None:
    """Seed "Effects of size": one attack per target with its share of the dice, in order, for
    as long as the attacker stands."""
    countered = False  # seed "Counter": only one of several targets may counter
    for target, dice in plan.shares:
        if not c.able:
            break
        if target.able and why_not(state, c, target, plan.weapon) is None:
            reaction = attack(
                table, state, c, target, plan.weapon, dice=dice, counter_allowed=not countered
            )
            countered = countered or isinstance(reaction, Counter)


def pick_up(c: Character, weapon: Weapon) -> None:
    """Seed "Taking a turn": picking up something is a bonus action."""
    if weapon in c.dropped:
        c.dropped.remove(weapon)
        c.weapons.append(weapon)


def death_blow(table: Table, state: MurdhamState, c: Character, plan: DeathBlow) -> None:
    """Seed "Attacking" (M22): a nearby incapacitated target may be killed outright. It is an
    attack (F-MUR-13): it reveals the attacker and uses the weapon, needs the WIT save against
    an unseen target, and a nearby ally may guard, taking an ordinary blow instead."""
    target = plan.target
    if plan.approach and not move(table, state, c, target.zone, plan.approach):
        return
    if state.range(c, target) != 0 or not target.incapacitated:
        return
    weapon = plan.weapon
    if weapon is None:
        weapon = next(w for w in c.weapons if w.name == "Unarmed")
    if table.observed:
        table.emit(AttackDeclared, attacker=c.name, target=target.name, weapon=weapon.name,
                   kind="death blow")  # fmt: skip
    surprised = strike_out(table, c, weapon)
    hit, aimed = take_aim(table, state, c, target, weapon, plan.approach > 0)
    if not hit:
        return
    guard = None if surprised else guard_against(table, state, target)
    if guard is not None:
        land(table, state, c, guard, weapon, "damage", shield=True, aimed=aimed)
        return
    harm.kill(table, state, target, f"death blow by {c.name}")


def break_free(table: Table, c: Character) -> None:
    """Seed "Grapple": a grabbed character's turn is a STR save to break free; a smaller one
    cannot win a STR save against a larger grabber (seed "Effects of size", M3)."""
    if (
        c.grabbed_by is not None
        and c.grabbed_by.size <= c.size
        and checks.save(table, c, "STR", "break free")
    ):
        harm.release(c)
        if table.observed:
            table.emit(Freed, who=c.name, how="broke free")


def free_ally(table: Table, state: MurdhamState, c: Character, plan: FreeAlly) -> None:
    """Seed "Grapple": allies may spend a main action to free a grabbed character with a STR
    save (after a half move to the grabber)."""
    grabber = plan.ally.grabbed_by
    if grabber is None:
        return
    if plan.approach and not move(table, state, c, grabber.zone, plan.approach):
        return
    if checks.save(table, c, "STR", f"free {plan.ally.name}"):
        harm.release(plan.ally)
        if table.observed:
            table.emit(Freed, who=plan.ally.name, how=f"freed by {c.name}")


def surrender(c: Character) -> None:
    """Seed "Surrendering": a character may spend their turn to surrender; they are out of the
    fight, and any grab or riding they were part of ends."""
    c.status = Status.SURRENDERED
    c.went_down = True
    harm.release(c)


def act_after_half_move(table: Table, state: MurdhamState, c: Character) -> None:
    """Mounting or dismounting counts as moving half a zone (seed "Mounts and vehicles"): the
    half move is spent, the action is left; a fall does not take it (F-MUR-9)."""
    if not c.able:
        return
    options = [p for p in plans(state, c) if not moves_on_foot(p) and not changes_mount(p)]
    plan: Plan = table.choose(c, decisions.TURN, options)
    if table.observed:
        table.emit(TurnPlan, who=c.name, plan=str(plan), audience=c.audience)
    if not isinstance(plan, Hold):  # having moved, one cannot keep the turn to react
        carry_out(table, state, c, plan)


def changes_mount(plan: Plan) -> bool:
    return isinstance(plan, (Mount, Dismount, Advance))


def mount_up(table: Table, state: MurdhamState, rider: Character, mount: Character) -> None:
    """Mounting counts as moving half a zone; onto a mount that is moving (it has moved this
    round, F-MUR-9), an AGI save or fall for d4 direct damage (seed "Mounts and vehicles")."""
    if mount.moved and not checks.save(table, rider, "AGI", "mount a moving mount"):
        fall(table, state, rider)
        return
    rider.riding, mount.rider = mount, rider
    rider.zone, rider.border, rider.place = mount.zone, mount.border, mount.place
    if table.observed:
        table.emit(Moved, who=rider.name, to=f"the saddle of {mount.name}", sprint=False)


def dismount(table: Table, state: MurdhamState, rider: Character) -> None:
    mount = rider.riding
    if mount is None:
        return
    rider.riding, mount.rider = None, None
    if mount.moved and not checks.save(table, rider, "AGI", "dismount a moving mount"):
        fall(table, state, rider)
        return
    if table.observed:
        table.emit(Moved, who=rider.name, to=f"the ground beside {mount.name}", sprint=False)


def fall(table: Table, state: MurdhamState, rider: Character) -> None:
    """Falling: d4 direct damage (seed)."""
    if rider.riding is not None:
        rider.riding.rider = None
        rider.riding = None
    if table.observed:
        table.emit(Fell, who=rider.name)
    d4 = checks.damage_dice(table, rider, "1d4", f"{rider.name} falls")  # M9: it explodes
    harm.harm(table, state, rider, d4, direct=True)


def keeps_hold(plan: Plan, c: Character) -> bool:
    """Seed "Grapple": the grabber keeps hold while moving with the grabbed, disarming them,
    hiding behind them, or attacking with a one-handed weapon or unarmed; larger grabbers may
    do anything (seed "Shoving and grabbing")."""
    grabbed = c.grabbing
    if grabbed is None or grabbed.size < c.size:
        return True
    if isinstance(plan, Strike):
        if plan.kind == "disarm" and plan.target is grabbed:
            return True
        return plan.kind == "damage" and plan.weapon.data.hands <= 1
    return isinstance(plan, (Hold, Advance))  # a full move drags the grabbed along (`step`)


# Built with their own __init__, these copy through it on the compiled build (core.immutable).
rebuilt_by_constructor(
    Strike,
    SplitStrike,
    Mount,
    Dismount,
    DeathBlow,
    Blast,
    Advance,
    BreakFree,
    FreeAlly,
    Surrender,
    PickUp,
    Hold,
)
