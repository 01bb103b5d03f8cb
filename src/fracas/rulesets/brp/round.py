"""The BRP combat round, seed 002 §5.1: Statement of Intent, Movement, Actions, Resolution.

The round is the ruleset's own order of play (DESIGN.md §3); the core calls `play_round`.
"""

from __future__ import annotations

import math
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.brp import combat, data, decisions
from fracas.rulesets.brp.actions import (
    MAX_WITH_ACTION,
    RUN,
    Advance,
    Attack,
    Awaken,
    FirstAid,
    Kneel,
    Reload,
    closing,
    gap,
    in_range,
    intents,
)
from fracas.rulesets.brp.events import (
    ActionLost,
    Acts,
    IntentChanged,
    IntentDeclared,
    Moved,
    Reloaded,
    Surprised,
)
from fracas.rulesets.brp.healing import awaken, end_of_round, first_aid
from fracas.rulesets.brp.state import BRPState, Fighter, Place, Weapon, metres_between

REACH_SLACK: Final = 1e-9  # positions are floats: "within reach" must not fail on rounding
# §5.4 orders a rank's attacks by weapon type; other actions (waking) follow (F-BRP-14)
AFTER_ATTACKS: Final = int(max(data.Length)) + 1
NOBODY: Final[list[str]] = []  # no side is surprised after the first round (F-BRP-6)


def play_round(table: Table, state: BRPState) -> None:
    order = statement_order(state)
    for f in state.fighters():
        _reset(f)
    statement_of_intent(table, state, order)
    movement(table, state, order)
    actions(table, state)
    resolution(table, state, order)
    for f in state.fighters():
        f.intent = None  # stated for this round only (§5.2); see `_reset`


def after_battle(table: Table, state: BRPState) -> None:
    """The fight's counts go into its tally for the simulator (`BRPState.write_counts`)."""
    state.write_counts()


def _reset(f: Fighter) -> None:
    """What a fighter did last round no longer counts. (Its intent is cleared as the round
    ends as well: fighters whose intents name each other are a cycle only the garbage
    collector frees, several times per battle when left to the next round; issue 10.)"""
    f.intent = None
    f.moved = 0.0
    f.rank = None
    f.defences = 0
    f.two_handed = False
    f.kneeling = False
    f.aware = True


def statement_order(state: BRPState) -> list[Fighter]:
    """§5.2: highest DEX first (B-C7); equal DEX keep the encounter's order."""
    return [f for f in state.by_dex() if f.active]


# ----------------------------------------------------------------------------- 1. intent


def statement_of_intent(table: Table, state: BRPState, order: list[Fighter]) -> None:
    """§5.2: each states what it will do; defensive actions need not be announced."""
    first = state.round == 1
    # (a pydantic attribute: read once a statement, and only in the first round)
    surprised = state.conditions.surprised if first else NOBODY
    for f in order:
        if first and f.side in surprised:
            f.aware = False  # F-BRP-6: caught unaware, no action and no defence in round 1
            if table.observed:
                table.emit(Surprised(who=f.name))
            continue
        intent = table.choose(f, decisions.INTENT, intents(state, f))
        f.intent = intent
        if isinstance(intent, Kneel):
            f.kneeling = True
        if table.observed:
            table.emit(IntentDeclared(who=f.name, dex=f.dex, intent=str(intent)))


# ----------------------------------------------------------------------------- 2. movement


def rank_after_moving(dex: int, metres: float) -> float | None:
    """§5.3: ≤5 m no change (B-C5); 6–15 m ½ DEX rank; 16–29 m ¼; 30 m defence only.
    Kept exact: the rank shown is rounded down, the fraction breaks ties (T-BRP-6). Whole,
    halved or quartered DEX is exact in a float (a binary fraction), and a float is compared
    and sorted many times faster than a `Fraction` (issue 10: the order of actions spent a
    third of a compiled duel in the fractions module)."""
    limits = _movement_limits()
    if metres <= limits[0]:  # (most fighters stand: one bound read)
        return float(dex)
    if metres <= limits[1]:
        return dex / 2
    if metres < limits[2]:
        return dex / 4
    return None


def _movement_limits() -> list[float]:
    """The table's bounds of §5.3 (whole rank up to, half rank up to, running), read once:
    every fighter's rank asks them every round. A list of the three, not a tuple unpacked:
    a rank reads only the bounds it needs (issue 35)."""
    if not _LIMITS:
        moves = data.tables()["movement"]
        for key in ("full_rank_up_to", "half_rank_up_to", "running"):
            _LIMITS.append(float(moves[key]))
    return _LIMITS


_LIMITS: Final[list[float]] = []


def movement(table: Table, state: BRPState, order: list[Fighter]) -> None:
    """§5.3, F-BRP-8: fighters move in DEX order toward what they stated (a melee target's
    reach, a shooter's stated range band, F-BRP-16); the DEX rank follows the metres actually
    moved."""
    for f in order:
        intent = f.intent
        goal: Fighter | None = None
        limit, wanted = MAX_WITH_ACTION, 0.0
        if isinstance(intent, Attack):
            goal, wanted = intent.target, closing(state, f, intent)
        elif isinstance(intent, FirstAid | Awaken):
            goal, wanted = intent.patient, gap(state, f, intent.patient)
        elif isinstance(intent, Advance):
            goal, limit = intent.toward, RUN
            wanted = gap(state, f, goal)
        if goal is not None and f.active:
            step = min(wanted, limit)
            if step > REACH_SLACK:  # not a move: what rounding leaves of a closed gap
                _move(table, f, goal, step, defend_only=isinstance(intent, Advance))
        if not isinstance(intent, Advance):
            f.rank = rank_after_moving(f.dex, f.moved)


def _move(table: Table, f: Fighter, goal: Fighter, metres: float, *, defend_only: bool) -> None:
    f.position = f.position.toward(goal.position, metres)
    f.moved += metres
    if table.observed:  # the note is for the log: its fractions are not worked out unread
        _moved(table, f, None if defend_only else rank_after_moving(f.dex, f.moved))


def _moved(table: Table, f: Fighter, rank: float | None) -> None:
    if rank is None:
        note = "running, defensive actions only (§5.3)"
    elif rank == f.dex:
        note = f"acts on DEX rank {f.dex}"
    else:
        part = "½" if rank == f.dex / 2 else "¼"
        note = f"acts on {part} DEX rank: {math.floor(rank)} (§5.3)"
    table.emit(
        Moved(
            who=f.name,
            metres=round(f.moved, 2),
            x=round(f.position.x, 2),
            y=round(f.position.y, 2),
            rank=float(rank) if rank is not None else None,
            note=note,
        )
    )


# ----------------------------------------------------------------------------- 3. actions


def place_of(f: Fighter) -> Place:
    """§5.4 order: the DEX rank the GM counts (a moved fighter's ½ or ¼ rounded down,
    T-BRP-6), then weapon type (missile, long, medium, short/unarmed), then skill (§5.2); the
    exact fraction breaks only what those leave tied (F-BRP-12). Fighters equal on all four
    act simultaneously (§5.2). Other actions follow the rank's attacks (F-BRP-14)."""
    return _placed(f, Place())


def _placed(f: Fighter, place: Place) -> Place:
    """`place_of(f)` written into `place`: `actions` rewrites each fighter's own
    (`Fighter.place`) rather than build one per action (issue 35)."""
    assert isinstance(f.intent, (Attack, Awaken)) and f.rank is not None  # an Action
    rank = f.rank
    place.rank, place.exact = -math.floor(rank), -rank
    if isinstance(f.intent, Attack):
        weapon = f.intent.weapon
        place.length, place.chance = weapon.data.length_rank, -weapon.chance
    else:
        place.length, place.chance = AFTER_ATTACKS, 0
    return place


def action_key(f: Fighter) -> tuple[int, int, int, float]:
    """`place_of(f)` as a tuple, to sort by (the order of play shown, `BRP.order_of_play`)."""
    return place_of(f).key()


def actions(table: Table, state: BRPState) -> None:
    # (Attack, Awaken), the `Action` union spelt out: compiled, a check of two classes; the
    # union is a generic isinstance (issue 10)
    actors = [f for f in state.fighters() if isinstance(f.intent, (Attack, Awaken)) and f.rank]
    # Each fighter's place worked out once (its fractions are not free), into its own
    # `Fighter.place` (read only here, before anyone acts), then ordered, the encounter's
    # order breaking ties (`in_order`). Fighters at the same place act together.
    places = [_placed(f, f.place) for f in actors]
    order = in_order(places)
    start = 0
    while start < len(order):
        place = places[order[start]]
        stop = start + 1
        while stop < len(order) and not _before(place, places[order[stop]]):
            stop += 1
        together = [actors[order[k]] for k in range(start, stop)]
        start = stop
        # Simultaneous actions all happen: a fighter felled by one of them still acts.
        able = [f for f in together if f.active]
        for f in together:
            if table.between_actions():  # GM commands take effect before each action...
                able = [o for o in able if o.active]  # ...and may take a fighter out
            if not _among(f, able):
                if table.observed:
                    table.emit(ActionLost(who=f.name, reason="no longer conscious"))
                continue
            assert f.rank is not None
            if table.observed:
                others = tuple(o.name for o in able if o is not f)
                table.emit(Acts(who=f.name, rank=math.floor(f.rank), simultaneous_with=others))
            act(table, state, f)


def _among(f: Fighter, fighters: list[Fighter]) -> bool:
    """`f in fighters`, by identity (a fighter equals only itself): compiled, `in` on a list
    is a generic call, about 100 instructions an action (issue 35)."""
    return any(o is f for o in fighters)  # (compiled into a loop: no generator)


def in_order(places: list[Place]) -> list[int]:
    """The indexes of `places` in §5.4's order (`place_of`), equal places in the order given
    (the encounter's): what a stable sort of their keys gives. An insertion sort, comparing
    the places field by field in compiled code (`_before`): sorting tuples compared them
    through Python's generic protocol (issue 35). Two places, a duel's, are one comparison
    and a list of two built whole (the loop's list grew by appends: about 300 instructions a
    round)."""
    if len(places) == 2:
        return [1, 0] if _before(places[1], places[0]) else [0, 1]
    order = [i for i in range(len(places))]  # (compiled, `list(range(n))` is a generic call)
    for j in range(1, len(order)):
        moving = order[j]
        i = j - 1
        while i >= 0 and _before(places[moving], places[order[i]]):
            order[i + 1] = order[i]
            i -= 1
        order[i + 1] = moving
    return order


def _before(a: Place, b: Place) -> bool:
    """`a.key() < b.key()` as tuples compare: field by field, the first that differs decides."""
    if a.rank != b.rank:
        return a.rank < b.rank
    if a.length != b.length:
        return a.length < b.length
    if a.chance != b.chance:
        return a.chance < b.chance
    return a.exact < b.exact


def act(table: Table, state: BRPState, f: Fighter) -> None:
    intent = f.intent
    assert isinstance(intent, (Attack, Awaken))  # an Action
    if tend_dying_ally(table, state, f):
        return
    if isinstance(intent, Awaken):
        if gap(state, f, intent.patient) > REACH_SLACK:
            if table.observed:
                table.emit(ActionLost(who=f.name, reason=f"could not reach {intent.patient.name}"))
        else:
            awaken(table, f, intent.patient)
        return
    target: Fighter | None = intent.target
    weapon = intent.weapon
    if not intent.target.active:
        target = retarget(table, state, f, weapon, intent.target)
    if target is None:
        return
    if weapon.broken:
        if table.observed:
            table.emit(ActionLost(who=f.name, reason=f"the {weapon} is broken"))
        return
    if not can_strike(state, f, weapon, target):
        if table.observed:
            table.emit(ActionLost(who=f.name, reason=f"{target.name} is out of reach"))
        return
    combat.resolve_attack(table, state, f, target, weapon)


def can_strike(state: BRPState, f: Fighter, weapon: Weapon, target: Fighter) -> bool:
    d = metres_between(f, target)
    if weapon.data.missile:
        return in_range(weapon, d)
    return d <= state.melee_reach + REACH_SLACK


def retarget(
    table: Table, state: BRPState, f: Fighter, weapon: Weapon, fallen: Fighter
) -> Fighter | None:
    """The stated target is down: strike another within reach, strike the fallen anyway,
    or hold (F-BRP-7). Returns the new target, or None to hold."""
    foes = [
        e
        for e in state.enemies_of(f)
        if isinstance(e, Fighter) and e.active and can_strike(state, f, weapon, e)
    ]
    options: list[Fighter | None] = [*foes]
    if fallen.hp > 0 or fallen.dying:
        options.append(fallen)
    options.append(None)
    choice = table.choose(f, decisions.NEW_TARGET, options)
    if choice is None and table.observed:
        table.emit(ActionLost(who=f.name, reason=f"{fallen.name} is down; holds the blow"))
    return choice


def tend_dying_ally(table: Table, state: BRPState, f: Fighter) -> bool:
    """F-BRP-4: at its DEX rank, a fighter may give up its action to give First Aid to an ally
    dying this round (§5.14: "may be saved from death if brought up to 1 hit point by the time
    the combat round ends"). The aid resolves at the end of the round."""
    dying = _dying_in_reach(state, f)
    if dying is None:  # (asked at every action: the common case builds nothing)
        return False
    tended = {id(x.intent.patient) for x in state.fighters() if isinstance(x.intent, FirstAid)}
    dying = [a for a in dying if id(a) not in tended]
    if not dying:
        return False
    options: list[FirstAid | None] = [None, *(FirstAid(a, gap(state, f, a)) for a in dying)]
    choice = table.choose(f, decisions.TEND_DYING_ALLY, options)
    if choice is None:
        return False
    if table.observed:
        table.emit(IntentChanged(who=f.name, intent=str(choice)))
    if choice.move > 0:
        _move(table, f, choice.patient, choice.move, defend_only=False)
    f.intent = choice
    return True


def _dying_in_reach(state: BRPState, f: Fighter) -> list[Fighter] | None:
    """`f`'s allies dying with an injury not yet aided and within a move that still allows
    an action (F-BRP-4), in the encounter's order; None for none. Asked at every action: an
    ally's hit points are read before anything else (dying is at 0 or below, §5.12), and no
    list is built unless one is found (issue 35)."""
    found: list[Fighter] | None = None
    for a in state.record(f).allies:  # (`allies_of`, with no check that `f` is a fighter)
        if (
            isinstance(a, Fighter)
            and a.hp <= 0
            and a.dying
            and _unaided(a)
            and gap(state, f, a) <= MAX_WITH_ACTION - f.moved
        ):
            if found is None:
                found = []
            found.append(a)
    return found


def _unaided(a: Fighter) -> bool:
    """Whether `a` has an injury First Aid has not yet treated (§5.14: once per injury)."""
    return any(not i.aided for i in a.injuries)  # (compiled into a loop: no generator)


# ----------------------------------------------------------------------------- 4. resolution


def resolution(table: Table, state: BRPState, order: list[Fighter]) -> None:
    """First Aid and reloading, which take the whole round, complete now (§5.14, §5.9);
    then §5.12's end-of-round deaths."""
    for f in order:
        intent = f.intent
        if not f.active:
            continue
        if isinstance(intent, FirstAid):
            patient = intent.patient
            if gap(state, f, patient) > REACH_SLACK:
                if table.observed:
                    table.emit(ActionLost(who=f.name, reason=f"could not reach {patient.name}"))
            else:
                first_aid(table, state, f, patient)
        elif isinstance(intent, Reload):
            reload(table, f, intent.weapon)
    end_of_round(table, state)


def reload(table: Table, f: Fighter, weapon: Weapon) -> None:
    """§5.9 *: a crossbow takes a full round to reload; firearms and lasers refill (F-BRP-2)."""
    weapon.loaded = True
    if weapon.data.capacity is not None:
        weapon.shots = weapon.data.capacity
    if table.observed:
        table.emit(Reloaded(who=f.name, weapon=weapon.name, shots=weapon.shots))
