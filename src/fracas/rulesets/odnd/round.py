"""The OD&D round (seed "ENCOUNTER ORDER", RULINGS.md §4.1, D-C2; checklist rules 42–53,
58, 62–63, 65, 69–71, 77, 109–133; ODD-U9, U10, U11, U18, U19, U23, U28–U33):

the opening, round 1 only (surprise, distance, reaction, the players' choice) → initiative (a
d6 per PC and per monster group) → declarations → the hasted → the first segment (multi-attack
fighters' first half) → the initiative slots, high first, ties simultaneous, each ending with
its spells and its fallen → the last segment → morale whenever triggered.
"""

from __future__ import annotations

from functools import partial
from typing import Final

from fracas.core.combatant import Status, last_side_standing
from fracas.core.outcome import Verdict
from fracas.core.table import Table
from fracas.rulesets.odnd import (
    attack,
    bodies,
    data,
    decisions,
    facing,
    grapple,
    holds,
    magic,
    manoeuvres,
    mass,
    moves,
    opening,
    pursuit,
    shortcut,
    space,
    specials,
    strikes,
    subdual,
)
from fracas.rulesets.odnd import state as state_codes  # (`Plan.code`'s names)
from fracas.rulesets.odnd.events import (
    CannotAct,
    Declared,
    Effect,
    Fell,
    Fled,
    Initiative,
    KnockedOut,
    MoraleCheck,
    Segment,
    ShortcutKills,
    SurpriseCancelled,
    SurpriseRolled,
    Surrendered,
)
from fracas.rulesets.odnd.state import (
    Fighter,
    OdndState,
    add_to_tally,
    kept_attack,
    kept_grapple,
    kept_plan,
    let_go,
)
from fracas.rulesets.odnd.state import Plan as Plan  # (its home: a fighter keeps its own)
from fracas.rulesets.odnd.strikes import strike

D6: Final = "1d6"
TWO_D6: Final = "2d6"
HIT_POINTS: Final = "hit points (D3)"
SURPRISE: Final = "surprise (d6, T-ODD-6)"
INITIATIVE: Final = "initiative (d6)"
MORALE: Final = "morale (2d6, D7)"
HASTE_ROLL: Final = "haste roll-off (d6, rule 126)"


ROUT: Final = "rout"  # seed "check monster morale": the beaten side ran
NO_COMBAT: Final = "no combat"  # rules 117-118, ODD-U29: the monsters' reaction was friendly


def after_battle(table: Table, state: OdndState) -> None:
    """A simulated battle's fighters let go of one another (`state.let_go`). Compiled and
    called as it is (`Odnd.after_battle`): a method wrapping it was an interpreted call per
    battle (issue 35)."""
    if not table.observed:
        let_go(state)


def verdict(state: OdndState) -> Verdict | None:
    """The end of the fight: none after a friendly reaction (ODD-U29); else the core's (one
    side left), a rout when some of the beaten fled (seed "check monster morale"). Compiled
    and called as it is, once a round (issue 35: no interpreted wrapper per round)."""
    if state.no_combat:
        return Verdict(None, NO_COMBAT)
    found = last_side_standing(state)
    if found is None or found.winner is None:
        return found
    for side in state.sides:
        if side.name != found.winner:
            for c in side.combatants:
                if c.status is Status.FLED:
                    return Verdict(found.winner, ROUT)
    return found


# The plans that name no target are the same every round: built once (issue 35; a plan is
# never changed once listed, `adopt` reads it).
STRUGGLE: Final = Plan(None, False, "struggle")
SET: Final = Plan(None, False, "set")
PARRY: Final = Plan(None, False, "parry")
WITHDRAW: Final = Plan(None, False, "withdraw")
RETREAT: Final = Plan(None, False, "retreat")


def play_round(table: Table, state: OdndState) -> None:
    """One round in the seed's order (D-C2: surprise > haste > reach > set spear > the roll)."""
    if state.appearing:  # rule 108 (issue 29): a count given as dice, rolled first
        opening.number_appearing(table, state)
    fighters = state.fighters()
    for f in fighters:
        if f.hit_dice and f.active:  # D3: hit points rolled as the fight begins
            rolled = table.roll(f.hit_dice, by=f, reason=HIT_POINTS).total
            f.hp = f.max_hp = max(1, rolled)
            f.hit_dice = ""
            if rolled < 1 and table.observed:  # the log shows the floor (issue 29)
                table.emit(Effect, who=f.name, effect=f"hit points rolled {rolled}, at least 1")
    state.segment += 1
    state.round_start = state.segment
    if not opening_steps(table, state):
        return
    facing.settle_facings(state)  # ODD-U20
    grapple.wake(state)  # ODD-U44
    subdual.recover(table, state)  # rule 99
    every = state.round == 1 or state.reroll_initiative or state.reroll_next
    state.reroll_next = False  # rule 106: rolled again after a throw-off
    roll_initiative(table, state, every)
    if state.round == 1:
        start_morale(table, state)  # seed step 7: after initiative (issue 29 item 21)
    if state.chases:  # rules 54, 55, 134-139: the chases run before the declarations
        open_segment(table, state, "pursuit")
        pursuit.play(table, state)
        close_segment(table, state)
    declare(table, state)
    done = haste_slot(table, state)
    # `done` is empty but when some are hasted: no `id` boxed per fighter for nothing, and
    # told by identity (a set's truth is a generic call in compiled code; issue 35).
    hasted = done is not NOBODY_HASTED
    split = [f for f in fighters if f.split and f.attacks_left and not (hasted and id(f) in done)]
    if split:  # ODD-U10: the first half of multi-attack fighters' attacks
        open_segment(table, state, "first attacks (multi-attack fighters)")
        for f in split:
            act(table, state, f, (f.attacks_left + 1) // 2)
        close_segment(table, state)
    order = slots(state)
    members = state.slot_members  # each slot's groups' members, beside `order`
    for k in range(len(order)):
        state.segment += 1
        if table.observed:  # the slot's name only for a reader (issue 35)
            roll, groups = order[k]
            table.emit(Segment, name=f"initiative {roll}", groups=tuple(groups))
        for group in members[k]:  # (`state.groups[g]`, not looked up by name; issue 35)
            for f in group:
                if not f.split and not (hasted and id(f) in done):
                    act(table, state, f, f.attacks_left)
        close_segment(table, state)  # ODD-U31: deaths of a slot land as it ends
    if split:
        open_segment(table, state, "last attacks (multi-attack fighters)")
        for f in split:
            act(table, state, f, f.attacks_left)
        close_segment(table, state)
    remember_melee(state)
    mass.report(table, state)  # rule 145


def opening_steps(table: Table, state: OdndState) -> bool:
    """Round 1: surprise, distance, reaction and the players' choice (seed "ENCOUNTER ORDER"
    3–6; the start morale check follows initiative, step 7); later rounds: the surprise's
    follow-up (rule 70) and an uncertain reaction rolled again (ODD-U29). False when there
    is no fight."""
    fighters = state.fighters()
    if state.round == 1:
        opening.entrance(table, state)  # rule 108, ODD-U46
        if state.conditions.surprise:
            surprise(table, state)
        opening.distance(table, state)
        if state.conditions.reaction and not any(f.surprised for f in fighters):
            opening.reaction(table, state)
            if not state.no_combat:
                opening.players_choose(table, state)
        return not state.no_combat
    for f in fighters:
        f.followup = f.surprised  # rule 70: the round after the surprise
        f.surprised = False
    if len(state.holding):  # (none held back: nothing to build; `len`, see `declare`)
        state.holding = {
            s.name for s in state.sides if s.name in state.holding and opening.monster_side(s)
        }
    if len(state.holding):
        opening.reaction(table, state)
    return not state.no_combat


def open_segment(table: Table, state: OdndState, name: str, groups: tuple[str, ...] = ()) -> None:
    state.segment += 1
    if table.observed:
        table.emit(Segment, name=name, groups=tuple(groups))


def close_segment(table: Table, state: OdndState) -> None:
    magic.resolve_casts(table, state)  # ODD-U32: a slot's spells go off as it ends
    grapple.new_contests(table, state)  # rule 105, T-ODD-5: the contest after the hits
    settle(table, state)


# `haste_slot`'s answer when nobody is hasted: shared, only read (`in`) by its caller.
NOBODY_HASTED: Final[set[int]] = set()


def haste_slot(table: Table, state: OdndState) -> set[int]:
    """Rules 125, 126, ODD-U30: the hasted act before everyone; hasted fighters of more than
    one side roll a d6 per group, high first, ties simultaneous. Returns who acted."""
    fighters = state.fighters()
    if not any(f.hasted for f in fighters):
        return NOBODY_HASTED  # (most rounds: no list nor set built; issue 35)
    hasted = [f for f in fighters if f.hasted and f.active and not f.surprised]
    if not hasted:
        return NOBODY_HASTED  # (else a set of at least one: `play_round` tells by identity)
    order: dict[int, list[Fighter]] = {}
    if len({f.side for f in hasted}) == 1:
        order[0] = hasted
    else:
        rolls: dict[str, int] = {}
        for f in hasted:
            if f.group not in rolls:
                rolls[f.group] = table.roll(D6, by=f, reason=HASTE_ROLL).total
                if table.observed:
                    table.emit(Initiative, group=f"{f.group} (hasted)", roll=rolls[f.group])
            order.setdefault(rolls[f.group], []).append(f)
    for _, members in sorted(order.items(), reverse=True):
        open_segment(table, state, "hasted (rule 125)", tuple(sorted({f.group for f in members})))
        for f in members:
            act(table, state, f, f.attacks_left)
        close_segment(table, state)
    return {id(f) for f in hasted}


def remember_melee(state: OdndState) -> None:
    """ODD-U9: who has been in melee with whom, for reach in a pair's first round of melee."""
    if not state.positional:
        return
    for f in state.fighters():
        f.met.update(e.id for e in space.foes_in_melee(state, f))


# --- surprise (rules 113–117, T-ODD-6, ODD-U18, ODD-U19) ------------------------------------


def surprise_chance(a_surprises: int, b_surprised: int) -> int:
    """T-ODD-6: A's chance to surprise B = S_A − max(0, 2 − M_B), plus M_B − 2 when B is
    easily surprised (M_B > 2); never below 0 nor above 6."""
    return max(0, min(6, a_surprises - max(0, 2 - b_surprised) + max(0, b_surprised - 2)))


def surprise(table: Table, state: OdndState) -> None:
    """T-ODD-6: a d6 per side; a side is surprised if its die ≤ the best chance any opponent
    has against it; both surprised cancel. The surprised lose the first round (rules 69, 71)."""
    surprised: list[str] = []
    for side in state.sides:
        _, m = state.surprise_chances[side.name]
        chance = max(
            (
                surprise_chance(state.surprise_chances[o.name][0], m)
                for o in state.sides
                if o is not side
            ),
            default=0,
        )
        members = [c for c in side.combatants if c.active]
        if not members or chance == 0:
            continue
        assert isinstance(members[0], Fighter)
        surprised_on = partial("{} or less is surprised".format, chance)
        die = table.roll(D6, by=members[0], reason=SURPRISE, needs=surprised_on).total
        if table.observed:
            table.emit(
                SurpriseRolled, side=side.name, roll=die, chance=chance, surprised=die <= chance
            )
        if die <= chance:
            surprised.append(side.name)
    if len(surprised) > 1:
        if table.observed:
            table.emit(SurpriseCancelled)
        return
    for f in state.fighters():
        if f.side in surprised:
            f.surprised = True
    if surprised:
        add_to_tally(state, "surprises")
        state.surprisers = {s.name for s in state.sides if s.name not in surprised}
        state.first_melee_round = 2


# --- initiative (rules 118–127, ODD-U30, U31) ------------------------------------------------


def roll_initiative(table: Table, state: OdndState, every: bool) -> None:
    """A d6 per PC and per monster group (the party's one die as an option), high first;
    rolled once a battle unless re-rolled every round (ODD-U30); a late arrival rolls as it
    comes."""
    if not every and state.all_rolled:
        return  # every group rolled already (issue 35: no look at each)
    rolled = True
    for group, members in state.groups.items():
        if not every and group in state.initiative:
            continue  # rolled already (no list of its able built for nothing)
        able = [f for f in members if f.active]
        rolled = rolled and bool(able)
        if able:
            state.slots_known = False  # a new roll: the slots are worked out again
            state.initiative[group] = table.roll(D6, by=able[0], reason=INITIATIVE).total
            if table.observed:
                table.emit(Initiative, group=group, roll=state.initiative[group])
    state.all_rolled = rolled


def slots(state: OdndState) -> list[tuple[int, list[str]]]:
    """The initiative slots, high first; groups with the same roll share a slot (rule 121),
    in the groups' order. Kept on the state (`OdndState.slot_order`, a shared list: do not
    change it) until an initiative is rolled, the groups change (`forget`) or a group with a
    roll gains or loses its last able member (issue 35)."""
    if state.slots_known and standing_unchanged(state):
        return state.slot_order
    rolls: list[int] = []
    names: list[list[str]] = []
    members: list[list[list[Fighter]]] = []  # each group's fighters, beside `names`
    initiative = state.initiative
    state.slot_groups, state.slot_standing = [], []
    for group, members_of in state.groups.items():
        if group not in initiative:
            continue
        standing = any_active(members_of)
        state.slot_groups.append(members_of)
        state.slot_standing.append(standing)
        if not standing:
            continue
        roll = initiative[group]
        k = 0  # kept in order as they come (a handful of groups: no dictionary, no sort)
        while k < len(rolls) and rolls[k] > roll:
            k += 1
        if k < len(rolls) and rolls[k] == roll:
            names[k].append(group)
            members[k].append(members_of)
        else:
            rolls.insert(k, roll)
            names.insert(k, [group])
            members.insert(k, [members_of])
    state.slot_order = [(rolls[k], names[k]) for k in range(len(rolls))]
    state.slot_members = members
    state.slots_known = True
    return state.slot_order


def standing_unchanged(state: OdndState) -> bool:
    """Whether every group with a roll still has able members as it had when the slots were
    worked out."""
    groups, standing = state.slot_groups, state.slot_standing
    return all(any_active(groups[i]) == standing[i] for i in range(len(groups)))  # (inlined)


def any_active(members: list[Fighter]) -> bool:
    return any(f.active for f in members)  # (mypyc inlines the loop)


# --- declarations (ODD-U23, U11; rules 21, 26, 62, 63, 65) -----------------------------------


def open_targets(state: OdndState, f: Fighter) -> list[Fighter]:
    """The able enemies still with room around them (rules 62, 65, D-C8)."""
    out: list[Fighter] = []
    side = f.side
    for e in state.fighters():  # its foes, in `enemies_of`'s order (no dictionary read)
        if e.side == side or not e.active or e.chasing or e.inside:
            continue
        # Rules 62, 65, ODD-U45; nobody declared against it yet leaves room (D-C8's rings
        # hold 4 at least: no table look-up for it; issue 35).
        if e.unit_size or not e.declared_against or e.declared_against < data.surround(e.size):
            out.append(e)
    if f.inside and f.held_by is not None:  # ODD-U48: inside, only the swallower
        out = [f.held_by] if f.held_by.active else []
    return out


def declare(table: Table, state: OdndState) -> None:
    for f in state.fighters():
        f.plan_target, f.plan_sweep, f.attacks_left, f.split = None, False, 0, False
        f.swept, f.declared_against, f.struck_while_falling = 0, 0, False
        f.parrying, f.action, f.plan_spell, f.moved, f.charge_strike = False, "", "", False, False
        if f.shield_faced:  # (an empty list or set left alone: no call; issue 35)
            f.shield_faced.clear()
        if len(f.joined):  # (a set's `len` is a field read, its truth a generic call)
            f.joined.clear()
        f.round_start = f.position  # ODD-U20: who opens an engagement
    for f in state.fighters():
        if not f.active:
            continue
        if f.surprised:
            if table.observed:
                table.emit(CannotAct, who=f.name, why="surprised (loses the first round)")
            continue
        if len(state.holding) and f.side in state.holding:  # (most battles: none held)
            if table.observed:
                table.emit(CannotAct, who=f.name, why="holds: attacks only if attacked (ODD-U29)")
            continue
        if f.chasing:
            continue  # in a chase (rules 134-139): the pursuit plays it
        if f.stunned_until:
            if table.observed:
                table.emit(CannotAct, who=f.name, why="stunned, thrown off (rule 105)")
            continue
        plans = options(state, f)
        if plans:
            adopt(table, state, f, table.choose(f, decisions.DECLARE, plans))


def options(state: OdndState, f: Fighter) -> list[Plan]:
    """What `f` may declare (ODD-U23): engaged, only attacks on foes in melee and the special
    movements (rule 50); not engaged, attacks within half a move (42), charges (77), runs
    (43), set spear (83); spells in range after 10 ft (44, 131); always a parry (92)."""
    if f.grapple:  # rule 105, ODD-U44: held, it can only struggle
        return [STRUGGLE]
    engaged = space.engaged(state, f) if state.positional else True
    targets = open_targets(state, f)
    if state.positional:
        reached = [t for t in targets if can_attack(state, f, t, engaged)]
    else:  # F-ODD-1: one melee, every target in reach (`can_attack`; no copy of the list)
        reached = targets
    plans = [kept_attack(t) for t in reached]  # (`Plan(t, False)`, kept)
    add_special_plans(state, f, reached, plans)
    sweeper = f.sweep_attacks > f.attacks and not f.weapons[0].data.ranged  # rule 21: melee
    if sweeper:
        add_sweeps(targets, plans)
    if state.positional and not engaged:
        add_moves(state, f, targets, sweeper, plans)
    if f.spells:  # (no iterator over an empty tuple for the many who cast nothing)
        add_spells(state, f, plans)
    if state.positional and not engaged and f.weapons[0].data.set:
        plans.append(SET)
    plans.append(PARRY)
    if state.positional and engaged:
        plans.append(WITHDRAW)
    if engaged and not (bodies.on(state) and bodies.hemmed_in(state, f, space.turn_move(state, f))):
        plans.append(RETREAT)  # rule 52: not with no way out (bodies)
    return plans


# (`options`' generator expressions and lambda live in these helpers, so that `options`
# builds no closure environment for every declaration; issue 35.)
def add_sweeps(targets: list[Fighter], plans: list[Plan]) -> None:
    """Rule 21: a sweep of every plain attack on a normal man."""
    if any(t.normal_man for t in targets):  # (the plans' targets are of these)
        plans.extend(Plan(p.target, True) for p in list(plans) if p.target and p.target.normal_man)


def add_moves(
    state: OdndState, f: Fighter, targets: list[Fighter], sweeper: bool, plans: list[Plan]
) -> None:
    """Not engaged: charges (rules 77, 90; 21: sweeping) and a run at the nearest target
    neither attackable nor chargeable (43)."""
    attackable = {id(p.target) for p in plans}
    plans.extend(
        Plan(t, sweeper and t.normal_man, "charge")  # rules 21, 90 (issue 29 item 11)
        for t in targets
        if moves.can_charge(state, f, t)
    )
    attackable.update(id(p.target) for p in plans)
    far = [t for t in targets if id(t) not in attackable]
    far.sort(key=lambda t: space.feet(f, t))
    plans.extend(Plan(t, False, "run") for t in far[:1])


def add_spells(state: OdndState, f: Fighter, plans: list[Plan]) -> None:
    """Rules 44, 131: each spell it knows at each target in range."""
    for spell in dict.fromkeys(f.spells):
        plans.extend(Plan(t, False, "cast", spell) for t in spell_targets(state, f, spell))


def special_plans(state: OdndState, f: Fighter, targets: list[Fighter]) -> list[Plan]:
    """Grapples and manoeuvres on foes already in melee with it (rules 40, 91, 93, 104;
    F-ODD-50: not at the end of a move)."""
    plans: list[Plan] = []
    add_special_plans(state, f, targets, plans)
    return plans


def add_special_plans(
    state: OdndState, f: Fighter, targets: list[Fighter], plans: list[Plan]
) -> None:
    """`special_plans`, appended to `plans` (issue 35: no list of them to extend by)."""
    if f.weapons[0].data.ranged or f.inside:
        return
    if state.positional:  # (in one melee, F-ODD-1, every target is in melee)
        targets = [t for t in targets if space.in_melee(state, f, t)]
    # (`grapple.can_grapple` and `manoeuvres.allowed` split: what reads only `f` once.)
    if grapple.free_to_grapple(state, f):
        for t in targets:
            if not t.unit_size:
                plans.append(kept_grapple(t))  # (`kept_plan(t, "grapple")`)
    kinds = manoeuvres.open_to(f)
    if kinds:
        for t in targets:
            for kind in kinds:
                if manoeuvres.allowed_against(kind, t):
                    plans.append(kept_plan(t, kind))


def can_attack(state: OdndState, f: Fighter, t: Fighter, engaged: bool) -> bool:
    """Rules 42, 50, ODD-U40: in melee, or within half a move; a shooter not engaged, within
    long range after its move (45, 48: elves and hobbits the full move)."""
    if not state.positional:
        return True
    if f.weapons[0].data.ranged:
        limits = f.weapons[0].data.range
        if engaged or limits is None:
            return not engaged
        reach = limits[2] * space.scale(state) + moves.shooting_move(state, f)
        return space.feet(f, t) <= reach + space.SLACK
    if engaged:
        return space.in_melee(state, f, t)
    half = moves.half_move(state, f)
    return space.gap(state, f, t, half) <= half + space.SLACK


def spell_targets(state: OdndState, f: Fighter, spell: str) -> list[Fighter]:
    """Rules 44, 131: the spell's targets (foes or allies) within its range after 10 ft."""
    row = data.spells()[spell]
    pool = state.enemies_of(f) if row.target == "enemy" else state.allies_of(f)
    out = []
    for c in pool:
        if not isinstance(c, Fighter) or not c.active:
            continue
        if not state.positional or space.feet(f, c) <= row.range * space.scale(state) + 10:
            out.append(c)
    return out


def adopt(table: Table, state: OdndState, f: Fighter, plan: Plan) -> None:
    code = plan.code  # (what the plan is, as an integer: `state.ACTION_CODES`; issue 35)
    f.action, f.plan_spell = plan.action, plan.spell
    f.spear_set = code == state_codes.SET  # ODD-U35: the stance ends when it acts otherwise
    f.parrying = code == state_codes.PARRY
    f.plan_target, f.plan_sweep = plan.target, plan.sweep
    bodies = mass.bodies(f, plan.target) if plan.target is not None else 1
    attacking = state_codes.ATTACK <= code <= state_codes.WHIP  # `ATTACKING`
    if attacking and plan.target is not None:
        if not f.weapons[0].data.ranged:  # rules 62, 63: the ring is for melee (issue 29, 7)
            plan.target.declared_against += bodies
        if state.positional:
            facing.face(f, plan.target)  # rule 68, F-ODD-48: it turns to face its foe
    if state_codes.ATTACK <= code <= state_codes.CHARGE or code == state_codes.WITHDRAW:
        f.attacks_left = f.sweep_attacks if plan.sweep else f.attacks
        if f.hasted and state.options.haste_attacks:  # ODD-U33 option
            f.attacks_left *= 2
        if f.unit_size and plan.target is not None:  # rule 142, ODD-U45
            f.attacks_left = bodies
    if state_codes.GRAPPLE <= code <= state_codes.WHIP:  # `SPECIAL`
        f.attacks_left = 1
    # ODD-U10: fighter types with several attacks attack first and last (not when hasted).
    split = code == state_codes.ATTACK or code == state_codes.SWEEP
    f.split = f.fighter_type and f.attacks_left > 1 and split
    f.split = f.split and not f.hasted
    target = plan.target.name if plan.target is not None else ""
    if table.observed:
        table.emit(Declared, who=f.name, target=target, sweep=plan.sweep, action=plan.action)


# --- acting --------------------------------------------------------------------------------

SPECIAL: Final = ("grapple", *manoeuvres.KINDS)  # declared instead of an attack (104, 40, 91, 93)
ATTACKING: Final = ("attack", "sweep", "charge", *SPECIAL)


def able(e: Fighter) -> bool:
    return e.active and not e.pending_down


def reachable(state: OdndState, f: Fighter, e: Fighter) -> bool:
    """Rule 49: melee within 10 ft; missiles within long range, never from within a melee
    (ODD-U40). In one melee (F-ODD-1) everyone is."""
    if not able(e) or e.chasing or (e.inside and e.held_by is not f):
        return False
    if f.inside:
        return e is f.held_by  # ODD-U48: inside, only the swallower
    if not f.weapons[0].data.ranged:
        return space.in_melee(state, f, e)
    if not state.positional:
        return True
    return not space.engaged(state, f) and space.range_band(state, f, e) is not None


def next_target(table: Table, state: OdndState, f: Fighter) -> Fighter | None:
    """The declared target while it stands; a sweep's later attacks pick among the normal men
    in reach (ODD-U11; attacks left when none is left are lost); an ordinary attacker whose
    target fell picks another able enemy in reach; a unit's member attacks at a lone
    character go on only at lone characters (rule 142, issue 29 item 1)."""
    declared = f.plan_target
    first = not f.plan_sweep or f.swept == 0
    if declared is not None and first and reachable(state, f, declared):
        return declared
    choices = [
        e for e in state.enemies_of(f)
        if isinstance(e, Fighter) and reachable(state, f, e) and (e.normal_man or not f.plan_sweep)
        and not facing.cannot_return(state, f, e)
    ]  # fmt: skip
    if f.unit_size and declared is not None and not declared.unit_size:
        choices = [e for e in choices if not e.unit_size]  # rule 142: no throw after members
    if not choices:
        return None
    return table.choose(f, decisions.VICTIM, choices)


def act(table: Table, state: OdndState, f: Fighter, count: int) -> None:
    """`count` of `f`'s attacks, after its movement. The killed still strike within their
    slot (rule 121, ODD-U31)."""
    table.between_actions()
    if not f.active or f.chasing:  # a chase plays fleer and pursuer (rules 134-139)
        return
    if f.pending_down and f.dropped_by is not None and reach_over(state, f.dropped_by, f):
        f.attacks_left = 0  # rule 58: struck first by the longer reach, it does not answer
        if table.observed:
            table.emit(
                CannotAct,
                who=f.name,
                why=f"struck down first by {f.dropped_by.name}'s reach (rule 58)",
            )
        return
    if f.pending_down:
        f.struck_while_falling = True
    if f.grapple and helpless(table, f):
        return
    if not f.moved:
        f.charging = False  # rule 81, ODD-U34: DEX comes back at its next action
        if not conditions_first(table, state, f) or not move_first(table, state, f):
            return
    # (The plain attack, most actions, told first: `in SPECIAL` compares with each of its
    # words; issue 35.)
    if f.action != "attack" and f.action in SPECIAL:
        special_action(table, state, f)
        return
    if not specials.can_fight_inside(f):
        if table.observed:
            table.emit(CannotAct, who=f.name, why="no small weapon to fight inside (ODD-U48)")
        return
    if count > 0 and f.attacks_left > 0 and not reloading(table, f):
        if f.plan_sweep and state.options.shortcut != "off" and f.action != "charge":
            shortcut_sweep(table, state, f)
        else:
            attacks(table, state, f, count)
    if f.action == "withdraw" and f.active and (not f.split or f.attacks_left == 0):
        moves.withdraw(table, state, f)
    if f.action == "charge" and not f.charge_strike:
        f.charging = False  # rule 81 (issue 29 item 5): the charge ends with its attack


def helpless(table: Table, f: Fighter) -> bool:
    """Rule 105 (issue 29 item 2): pinned, or struggling, a fighter takes no weapon action
    for the rest of the round, even one declared before the grapple; its struggle is its
    action."""
    if not f.grapple or f.action == "struggle":
        return False
    if f.attacks_left or not f.moved:
        why = "pinned: helpless" if f.grapple == grapple.PINNED else "struggling: no weapon"
        if table.observed:
            table.emit(CannotAct, who=f.name, why=f"{why} (rule 105)")
    f.attacks_left, f.moved = 0, True
    return True


def conditions_first(table: Table, state: OdndState, f: Fighter) -> bool:
    """Before its action: a holder squeezes (ODD-U14), the hugged try to break free
    (F-ODD-52), the held struggle (rule 105), the prone get up losing an attack (ODD-U15),
    the disarmed pick up their weapon (ODD-U16). False when that is its whole action."""
    holds.squeeze(table, state, f)
    holds.break_free(table, f)
    if f.action == "struggle":
        f.moved = True
        grapple.contest(table, state, f)
        return False
    if f.prone:
        f.prone = False
        f.attacks_left = max(0, f.attacks_left - 1)
        if table.observed:
            table.emit(Effect, who=f.name, effect="gets up, losing an attack (ODD-U15)")
    if f.disarmed:
        f.disarmed, f.moved, f.attacks_left = False, True, 0
        if table.observed:
            table.emit(Effect, who=f.name, effect="picks up its weapon (ODD-U16)")
        return False
    return True


def special_action(table: Table, state: OdndState, f: Fighter) -> None:
    """A declared grapple or manoeuvre: one attempt on its target if still in reach."""
    target, f.attacks_left = f.plan_target, 0
    if target is None or not reachable(state, f, target):
        return
    if f.action == "grapple":
        grapple.attempt(table, state, f, target)
    else:
        manoeuvres.attempt(table, state, f, target, f.action)


def move_first(table: Table, state: OdndState, f: Fighter) -> bool:
    """The declared movement (rules 42–52, 77–89); False when it leaves no attack."""
    target = f.plan_target
    if f.action == "attack":  # the most common, first (issue 35): what the checks come to
        if target is None:
            return False
        moves.advance(table, state, f, target)
        return True
    if f.action == "retreat":
        moves.retreat(table, state, f, "declared")
        return False
    if f.action in ("parry", "set", "struggle") or (f.action != "withdraw" and target is None):
        return False
    if target is None:
        return True
    if f.action == "run":
        moves.run(table, state, f, target)
        return False
    if f.action == "cast":
        if not magic.in_range(state, f, target, f.plan_spell):
            moves.advance(table, state, f, target)
        f.moved = True
        magic.cast(table, state, f)
        return False
    if f.action == "charge":
        if not moves.charge(table, state, f, target):
            f.attacks_left = 0
            return False
        return True
    moves.advance(table, state, f, target)
    return True


def reloading(table: Table, f: Fighter) -> bool:
    """D-C7, ODD-U41: a crossbow (or a firearm, rule 96) fires, then spends the next round
    reloading."""
    if f.weapons[0].data.kind not in data.RELOADING:
        return False
    if f.reloading:
        f.reloading, f.attacks_left = False, 0
        if table.observed:
            table.emit(CannotAct, who=f.name, why=f"reloading the {f.weapons[0].data.name} (D-C7)")
        return True
    f.reloading = True
    return False


def attacks(table: Table, state: OdndState, f: Fighter, count: int) -> None:
    for _ in range(min(count, f.attacks_left)):
        f.attacks_left -= 1
        if f.lose_attacks:  # D9
            f.lose_attacks -= 1
            if table.observed:
                table.emit(CannotAct, who=f.name, why="recovering from a fumble (D9)")
            continue
        target = next_target(table, state, f)
        if target is None:
            f.attacks_left = 0
            break
        reach_first(table, state, f, target)
        if not f.active or (
            f.pending_down and f.dropped_by is target and reach_over(state, target, f)
        ):
            f.attacks_left = 0  # rule 58: dropped by the reach strike, no answer
            break
        strike(table, state, f, target)
        if f.unit_size and target.unit_size:
            f.attacks_left = 0  # rule 142: only one "hit" throw is made per group
            break
        if f.action == "charge":
            moves.answer(table, state, f)  # rule 87: shorter set spears answer the lance


def shortcut_sweep(table: Table, state: OdndState, f: Fighter) -> None:
    """Rule 24, ODD-U12 as a battle mode: kills = attacks × P(hit) × min(1, average damage /
    average hit points) among the normal men in reach, rounded up or carried; the victims a
    choice. No dice are rolled."""
    victims = [e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.normal_man]
    victims = [e for e in victims if reachable(state, f, e)]
    attacks_made, f.attacks_left = f.attacks_left, 0
    if not victims:
        return
    # Issue 29 item 22: the situation every attack shares (the surprise's +2, the gang-up…)
    # as the dice path reads it; not the first attack's own +N (rule 26).
    m = strikes.modifiers(state, f, victims[0], False, sweeping=False)
    shields = attack.shield_counts(f, victims[0]) and not m.exposed
    needed, _ = attack.to_hit(state, f, victims[0], m.bonus, 0, shields, not m.exposed)
    mean_hp = sum(max(1, e.hp) for e in victims) / len(victims)
    value = shortcut.kills_at(attacks_made, needed, f.primary.damage, mean_hp, len(victims))
    if state.options.shortcut == "up":
        kills = shortcut.rounded_up(value)
    else:
        owed = state.carried.get(f.id, 0.0) + value
        kills = int(owed + 1e-9)
        state.carried[f.id] = owed - kills
    if table.observed:
        table.emit(ShortcutKills, who=f.name, expected=round(value, 4), kills=kills)
    for _ in range(min(kills, len(victims))):
        alive = [e for e in victims if able(e)]
        if not alive:
            break
        v = table.choose(f, decisions.VICTIM, alive)
        attack.wound(state, f, v, v.hp)


def reach_first(table: Table, state: OdndState, f: Fighter, target: Fighter) -> None:
    """Rule 58, ODD-U8, U9: in the pair's first round of melee, an opponent who declared
    against `f` with a reach advantage of 2 or more (not surprised) strikes it first,
    whoever has the initiative, ties included (issue 29 item 3)."""
    if target.plan_target is not f or target.action not in ("attack", "sweep"):
        return
    if target.attacks_left <= 0 or target.pending_down or not reach_over(state, target, f):
        return
    if table.observed:
        table.emit(Segment, name=f"reach: {target.name} strikes {f.name} first (rule 58)")
    act(table, state, target, target.attacks_left)


def reach_over(state: OdndState, a: Fighter, b: Fighter) -> bool:
    """Rule 58, ODD-U8, U9: `a` outreaches `b` by 2 classes or more in the pair's first
    round of melee, in melee weapons, `a` not surprised."""
    if state.positional:
        if a.id in b.met or b.id in a.met:
            return False
    elif state.round != state.first_melee_round:
        return False
    if a.surprised or not a.active or a.weapons[0].data.ranged or b.weapons[0].data.ranged:
        return False
    return a.weapons[0].data.reach - b.weapons[0].data.reach >= 2


# --- the end of a slot: the fallen, morale (rule 121, ODD-U31; rules 130–133, ODD-U28) ------


def settle(table: Table, state: OdndState) -> None:
    fell = False
    while state.pending:  # parting shots at a fleeing group may fell more (rule 52)
        fallen = state.pending
        state.pending = []
        for f in fallen:
            f.pending_down = False
            if f.status is not Status.ACTIVE or f.hp - f.temp > 0:
                continue  # healed by the GM meanwhile, or already gone
            if f.hp > 0:  # rule 98, ODD-U43: knocked out, real damage short of the maximum
                f.status, f.went_down = Status.DOWN, True
                add_to_tally(state, "knocked out")
                if table.observed:
                    table.emit(KnockedOut, who=f.name, hp=f.hp, temporary=f.temp)
                continue
            f.status, f.went_down = Status.DEAD, True
            if table.observed:
                table.emit(Fell, who=f.name, simultaneous=f.struck_while_falling)
        specials.release_all(state)  # ODD-U14: a holder gone lets go
        occasion = morale_triggers(state, [f for f in fallen if not f.active])
        for group in mass.half_lost(state):
            occasion.setdefault(group, []).append("half the unit lost")
        for group, triggers in occasion.items():
            check_morale(table, state, group, triggers)
        fell = True
    if not fell and state.units():  # (no list of units built when there are none)
        for group in mass.half_lost(state):  # ODD-U45: a unit at half its hit points
            check_morale(table, state, group, ["half the unit lost"])


def morale_triggers(state: OdndState, dead: list[Fighter]) -> dict[str, list[str]]:
    """ODD-U28: the first death on a side, a big upset (its leader slain, or a quarter of
    the group taken out by one attack), half the group down; by group, for one check per
    group and occasion (issue 29 item 9: one death, one check)."""
    out: dict[str, list[str]] = {}
    for f in dead:
        if not state.first_death.get(f.side):
            state.first_death[f.side] = True
            for group, members in state.groups.items():
                if members and members[0].side == f.side:
                    out.setdefault(group, []).append("first death")
        size = state.group_size.get(f.group, 0)
        if f.leader or (size and size <= 4):
            out.setdefault(f.group, []).append("big upset")
    for group, members in state.groups.items():
        start = state.group_size.get(group, 0)
        gone = sum(1 for m in members if not m.active)
        if start and 2 * gone >= start:
            out.setdefault(group, []).append("half the group down")
    return out


def start_morale(table: Table, state: OdndState) -> None:
    """ODD-U28 "at the start if needed": a group whose side is outnumbered 2:1."""
    for group, members in state.groups.items():
        side = members[0].side if members else ""
        ours = sum(1 for c in state.fighters() if c.side == side and c.active)
        theirs = sum(1 for c in state.fighters() if c.side != side and c.active)
        if theirs >= 2 * ours:
            check_morale(table, state, group, ["outnumbered two to one"])


def check_morale(table: Table, state: OdndState, group: str, triggers: list[str]) -> None:
    """D7, ODD-U28: monster groups (hirelings by option) roll 2d6 ≤ morale to stand; PCs never
    check, morale 12 never checks, each trigger once, the triggers of one occasion one roll
    (issue 29 item 9), two passes (two occasions) and no more checks; failure: the group
    flees (those engaged by the Retreat, rule 52). The triggers as a list, not `*triggers`:
    a compiled call with a starred argument goes through the generic call (issue 35)."""
    members = [f for f in state.groups.get(group, []) if f.active and not f.chasing]
    if not members or members[0].morale >= 12:
        return
    hireling = members[0].normal_man and state.options.hireling_morale
    if members[0].kind == "character" and not hireling and not members[0].unit_size:
        return  # ODD-U45, F-ODD-59 (issue 29 item 20): every unit checks, troopers too
    used = state.checked.setdefault(group, set())
    fresh = list(dict.fromkeys(t for t in triggers if t not in used))
    if not fresh or state.morale_passes.get(group, 0) >= 2:
        return
    used.update(fresh)
    trigger = ", ".join(fresh)
    score = members[0].morale
    roll = table.roll(
        TWO_D6, by=members[0], reason=MORALE, needs=lambda: f"{score} or less to stand (2d6)"
    ).total
    passed = roll <= score
    if table.observed:
        table.emit(
            MoraleCheck, group=group, trigger=trigger, roll=roll, morale=score, passed=passed
        )
    if passed:
        state.morale_passes[group] = state.morale_passes.get(group, 0) + 1
        return
    add_to_tally(state, "routs")
    for f in members:
        f.routing = True
    for f in members:  # ODD-U28: those engaged flee by the Retreat (rule 52)
        why = cannot_flee(f) or hemmed(state, f)
        if f.active and why:  # rule 132 (issue 29): one who cannot flee surrenders
            f.status, f.went_down = Status.SURRENDERED, True
            if table.observed:
                table.emit(Surrendered, who=f.name, why=why)
        elif f.active and moves.opponents(state, f):
            moves.retreat(table, state, f, "morale failed")
        elif f.active:
            f.status, f.went_down = Status.FLED, True
            if table.observed:
                table.emit(Fled, who=f.name)


def cannot_flee(f: Fighter) -> str:
    """Why `f` cannot run (issue 29 items 21 and "one who cannot flee surrenders"): stunned,
    held in a grapple, swallowed or hugged; "" when it can."""
    if f.stunned_until:
        return "stunned"
    if f.grapple:
        return f.grapple
    if f.held_by is not None:
        return "swallowed" if f.inside else "held"
    return ""


def hemmed(state: OdndState, f: Fighter) -> str:
    """Rule 52 with bodies (issue 29): no way round its foes nor through their line."""
    if space.engaged(state, f) and bodies.hemmed_in(state, f, space.turn_move(state, f)):
        return "hemmed in, no way out (rule 52)"
    return ""
