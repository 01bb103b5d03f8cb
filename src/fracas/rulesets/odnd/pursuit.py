"""Evasion and pursuit (seed "EVASION AND PURSUIT", "If a combatant turns and flees, roll a
2D6 …"; checklist rules 54, 55, 134–139; RULINGS.md D8, T-ODD-9; ODD-U26, U27).

With `conditions.pursuit`, a flight is pursued: after a Retreat (rule 52, and so a failed
morale check of those engaged) the fleer's opponents roll 2d6 on the reaction bands, pursuing
on 2–8 (rules 54, 134, D8); when the players' side flees before the fight (rule 118, ODD-U29)
each monster side rolls the same. A chase is one-dimensional (ODD-U27): each round the gap
changes by the fleer's running move less the pursuer's (the full Turn movement, rules 43,
135); within 10 ft the fleer is caught and the pursuer attacks it at +2 every round, the fleer
making no attack and having no shield (rule 55, ODD-U26) until it turns to fight; beyond the
`sight` distance (60 ft underground, 2d6 × 10 yd outdoors) the pursuer stops (rule 136). Each
round the fleer may drop food (the unintelligent stop on 1–5) or treasure (the intelligent
stop on 1–5, rule 137), or take the next feature of the encounter's `route`: a corner, stairs
or door (the pursuit continues on 1–2, rule 138), a secret door (on 1, rule 139). A pursuer no
faster than its quarry that has not caught it in a Turn gives up (F-ODD-56). A fleer with no
pursuer left has escaped (FLED).
"""

from __future__ import annotations

from functools import partial
from typing import Final

from fracas.core.combatant import Status
from fracas.core.geometry import Position
from fracas.core.table import Table
from fracas.rulesets.odnd import data, decisions, space, strikes
from fracas.rulesets.odnd.events import ChaseRound, Fled, Segment
from fracas.rulesets.odnd.state import Chase, Fighter, OdndState, add_to_tally

PURSUIT_CHECK: Final = "pursuit check (2d6, rule 54, D8)"
STOPS: Final = "the pursuer stops? (d6, rules 137-139)"
# Final: mypyc reads each as a C static (a tuple assignment left them module globals, looked
# up in a dictionary at each reading; issue 35).
RUN_ON: Final = "run on"
TURN: Final = "turn and fight"
LURES: Final = {"food": "drop food", "treasure": "drop treasure"}
LURE_WORDS: Final = ("drop food", "drop treasure")  # LURES' values, as a tuple
CHASE_GIVES_UP: Final = int(data.table("chase_gives_up"))  # F-ODD-56: a Turn, in rounds


def pursued(table: Table, state: OdndState, by: Fighter) -> bool:
    """Rules 54, 134, D8: 2d6, pursue on 2–8 (low pursue, high not)."""
    up_to = int(data.table("pursue_up_to"))
    roll = table.roll(
        "2d6", by=by, reason=PURSUIT_CHECK, needs=lambda: f"{up_to} or less to pursue"
    ).total
    chase = roll <= up_to
    if table.observed:
        table.emit(Segment, name=f"pursuit check {roll}: {'pursued' if chase else 'not pursued'}")
    return chase


def begin(table: Table, state: OdndState, fleer: Fighter, pursuers: list[Fighter]) -> bool:
    """A flight: the pursuit check, and the chases if pursued. False: it simply got away."""
    hunters = [p for p in pursuers if p.active and not p.chasing and not p.pending_down]
    if not state.conditions.pursuit or not hunters:
        return False
    if hunters[0].kind == "character":  # issue 29: pursuit is the pursuer's choice
        pick = table.choose(hunters[0], decisions.GIVE_CHASE, list(decisions.CHASE_OPTIONS))
        if pick != decisions.CHASE_OPTIONS[0]:
            return False
    elif not pursued(table, state, hunters[0]):  # rules 54, 134: the monsters' reaction
        return False
    see(table, state, hunters[0])
    fleer.chasing = True
    for p in hunters:
        p.chasing = True
        add_to_tally(state, "pursuits")
        gap = space.feet(fleer, p) if state.positional else space.MELEE + 5
        way = away(p, fleer) if state.positional else (1.0, 0.0)
        state.chases.append(Chase(fleer, p, gap, direction=way))
    return True


def away(pursuer: Fighter, fleer: Fighter) -> tuple[float, float]:
    dx, dy = fleer.position.x - pursuer.position.x, fleer.position.y - pursuer.position.y
    return space.unit(dx, dy) if (dx or dy) else (1.0, 0.0)


def see(table: Table, state: OdndState, by: Fighter) -> None:
    """ODD-U27: the sight distance — the encounter's, 60 ft underground, 2d6 × 10 yd outdoors."""
    if state.sight:
        return
    if state.conditions.sight is not None:
        state.sight = state.conditions.sight
    elif state.conditions.outdoors:
        tens = table.roll("2d6", by=by, reason="sight outdoors (2d6 × 10 yd, ODD-U27)").total
        state.sight = tens * 30
    else:
        state.sight = int(data.table("sight_underground"))


def evade(table: Table, state: OdndState, fleeing: list[Fighter]) -> None:
    """Rule 134, ODD-U29: the players' side flees before any fight: each monster side checks
    whether it pursues, and each of its fighters picks a quarry."""
    for side in state.sides:
        hunters = [c for c in side.active() if isinstance(c, Fighter)]
        if not hunters or any(f.side == side.name for f in fleeing):
            continue
        if not state.conditions.pursuit or not pursued(table, state, hunters[0]):
            continue
        see(table, state, hunters[0])
        state.holding.discard(side.name)  # ODD-U29: they pursue, no longer uncertain
        for p in hunters:
            quarry = table.choose(p, decisions.PURSUE, fleeing)
            quarry.chasing = p.chasing = True
            add_to_tally(state, "pursuits")
            gap = space.feet(quarry, p) if state.positional else space.MELEE + 5
            way = away(p, quarry) if state.positional else (1.0, 0.0)
            state.chases.append(Chase(quarry, p, gap, direction=way))
    for f in fleeing:
        if not f.chasing:
            escape(table, state, f)


def escape(table: Table, state: OdndState, f: Fighter) -> None:
    f.chasing = False
    f.status, f.went_down = Status.FLED, True
    if state.conditions.pursuit:
        add_to_tally(state, "escapes")
    if table.observed:
        table.emit(Fled, who=f.name)


def play(table: Table, state: OdndState) -> None:
    """One round of every chase (ODD-U27), fleer by fleer in the order the chases began."""
    chases = state.chases
    if len(chases) == 1:  # the usual chase, one pursuer (issue 35: no lists built for it)
        c = chases[0]
        if live(c) and c.fleer.active:
            run_round(table, state, c.fleer, [c])  # (its own list: a chase may begin meanwhile)
        settle_chases(table, state)
        return
    fleers: list[Fighter] = []
    for c in state.chases:
        if c.fleer not in fleers:
            fleers.append(c.fleer)
    for fleer in fleers:
        mine = [c for c in state.chases if c.fleer is fleer and live(c)]
        if mine and fleer.active:
            run_round(table, state, fleer, mine)
    settle_chases(table, state)


def live(c: Chase) -> bool:
    return c.fleer.active and c.pursuer.active and c.fleer.chasing and c.pursuer.chasing


def run_round(table: Table, state: OdndState, fleer: Fighter, mine: list[Chase]) -> None:
    """The fleer's choice, then each chase's round."""
    choice = table.choose(fleer, decisions.FLEE, choices(state, fleer))
    on = choice == RUN_ON  # (the usual choice: no lure nor turning looked for; issue 35)
    for i in range(1, len(mine)):  # issue 34: one straight run, every pursuer on its line
        mine[i].direction = mine[0].direction
    ran = False
    for c in mine:
        c.rounds += 1
        if on:
            pass
        elif choice == TURN:
            end(table, state, c, "turns to fight")
        elif choice in LURE_WORDS:
            lure(table, state, c, choice)
        else:
            turning(table, state, c, choice)
        if live(c):
            step(table, state, c, lead=not ran)
            ran = True
    if fleer.carries:  # (nothing to drop: no look at the lures)
        for item, words in LURES.items():
            if choice == words and item in fleer.carries:
                fleer.carries.remove(item)
    if not on and choice.startswith("take the "):
        state.route_taken += 1


def choices(state: OdndState, fleer: Fighter) -> list[str]:
    """What a fleer may do this round (rules 137–139, ODD-U26)."""
    route = state.route  # `conditions.route`, read once (OdndState)
    if not fleer.carries and state.route_taken >= len(route):
        return [RUN_ON, TURN]  # the usual flight: nothing to drop, no turning left
    out = [RUN_ON]
    if fleer.carries:
        out.extend(LURES[item] for item in dict.fromkeys(fleer.carries))
    if state.route_taken < len(route):
        out.append(f"take the {route[state.route_taken]}")
    out.append(TURN)
    return out


def lure(table: Table, state: OdndState, c: Chase, choice: str) -> None:
    """Rule 137: food stops the unintelligent, treasure the intelligent, on 1–5."""
    wants = "drop treasure" if c.pursuer.intelligent else "drop food"
    if choice != wants:
        return
    stops = int(data.table("lure_stops_up_to"))
    needs = partial("{} or less stops for the lure".format, stops)
    if table.roll("1d6", by=c.pursuer, reason=STOPS, needs=needs).total <= stops:
        end(table, state, c, f"stops for the {choice.removeprefix('drop ')}")


def turning(table: Table, state: OdndState, c: Chase, choice: str) -> None:
    """Rules 138, 139: around a corner, stairs or a door the pursuit continues on 1–2; through
    a secret door on 1."""
    feature = choice.removeprefix("take the ")
    keep = int(data.table("route_continues")[feature])
    needs = partial("{} or less keeps the trail".format, keep)
    if table.roll("1d6", by=c.pursuer, reason=STOPS, needs=needs).total > keep:
        end(table, state, c, f"loses the trail at the {feature}")


def step(table: Table, state: OdndState, c: Chase, lead: bool = True) -> None:
    """ODD-U27: the gap changes by the running moves; caught within 10 ft (rule 55: the
    pursuer attacks at +2, ODD-U26); lost beyond sight; a pursuer no faster gives up after a
    Turn (F-ODD-56). On the plane only the `lead` chase moves the fleer."""
    fleer, pursuer = c.fleer, c.pursuer
    mine, theirs = space.turn_move(state, fleer), space.turn_move(state, pursuer)
    c.gap = max(space.ADJACENT, c.gap + mine - theirs)
    place(state, c, mine if lead else 0.0)  # the fleer runs once a round (rule 135)
    if c.gap <= space.MELEE + space.SLACK:
        c.caught = True
        if table.observed:
            table.emit(
                ChaseRound, fleer=fleer.name, pursuer=pursuer.name, gap=round(c.gap), state="caught"
            )
        strikes.run_down(table, state, pursuer, fleer)
        return
    c.caught = False
    if c.gap > state.sight:
        end(table, state, c, "loses sight of it")
    elif theirs <= mine and c.rounds >= CHASE_GIVES_UP:
        end(table, state, c, "gives up the chase")
    else:
        if table.observed:
            table.emit(
                ChaseRound,
                fleer=fleer.name,
                pursuer=pursuer.name,
                gap=round(c.gap),
                state="running",
            )


def tell(table: Table, c: Chase, what: str) -> None:
    if table.observed:  # (the gap rounded only for a reader: a generic call; issue 35)
        gap = round(c.gap)
        table.emit(ChaseRound, fleer=c.fleer.name, pursuer=c.pursuer.name, gap=gap, state=what)


def place(state: OdndState, c: Chase, run: float) -> None:
    """On the plane the fleer runs `run` feet on its way (its first chase's: one straight
    line however many pursue it, issue 34); the pursuer is the gap behind it."""
    if not state.positional:
        return
    dx, dy = c.direction
    f = c.fleer
    f.position = Position(
        f.position.x + dx * run * space.FOOT, f.position.y + dy * run * space.FOOT
    )
    back = c.gap * space.FOOT
    c.pursuer.position = Position(f.position.x - dx * back, f.position.y - dy * back)
    c.pursuer.facing, f.facing = (dx, dy), (dx, dy)


def end(table: Table, state: OdndState, c: Chase, why: str) -> None:
    """A chase over: the pursuer is back in the fight; a fleer that turned is too."""
    c.pursuer.chasing = False
    tell(table, c, why)
    if why == "turns to fight":
        c.fleer.chasing = False
        add_to_tally(state, "turned to fight")


def settle_chases(table: Table, state: OdndState) -> None:
    """Chases whose fleer or pursuer is gone end; a fleer with no pursuer left escapes."""
    if all(live(c) for c in state.chases):
        return  # every chase runs on: none ends, every fleer keeps its pursuer (issue 35)
    for c in state.chases:
        if c.pursuer.chasing and not live(c):
            c.pursuer.chasing = False
    kept = [c for c in state.chases if live(c)]
    for c in state.chases:
        f = c.fleer
        if f.chasing and f.active and not any(k.fleer is f for k in kept):
            escape(table, state, f)
    state.chases = kept
