"""The encounter's opening (seed "ENCOUNTER ORDER" steps 2–5; checklist rules 108, 114,
116–118, 151; ODD-U29, U46; RULINGS.md T-ODD-7, D8): where wanderers come in, the distance
between the sides, the monsters' reaction and the players' choice."""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import Side
from fracas.core.table import Table
from fracas.rulesets.odnd import data, decisions, pursuit, space
from fracas.rulesets.odnd.events import Appears, Chose, Distance, Effect, Reaction
from fracas.rulesets.odnd.state import Fighter, OdndState

SURPRISE_DISTANCE: Final = "1d3"  # T-ODD-7 (PROPOSED): 10-30, i.e. 1d3 × 10
DISTANCE: Final = "2d6"  # rule 116: 2d6 × 10
REACTION: Final = "reaction (2d6, D8)"
APPEARING: Final = "number appearing (rule 108)"
CHOICES: Final = ("fight", "wait or parley", "flee")  # rule 118, ODD-U29


def entrance(table: Table, state: OdndState) -> None:
    """Rule 108, ODD-U46: wandering monsters appear at one of the entrances, a d(N) of them
    (the entrances in feet); they line up 5 ft apart there."""
    entries, side = state.conditions.entrances, state.conditions.wanderers
    if not entries or side is None:
        return
    members = [f for f in state.fighters() if f.side == side]
    if not members:
        return
    pick = table.roll(f"1d{len(entries)}", by=members[0], reason="entrance (rule 108)").total
    x, y = entries[pick - 1]
    for k, f in enumerate(members):
        f.position = space.at_feet(x, y + space.ADJACENT * k)
    state.positional = True
    if table.observed:
        table.emit(Appears, side=side, entrance=pick, x=round(x, 1), y=round(y, 1))


def distance(table: Table, state: OdndState) -> None:
    """Rules 114, 116, T-ODD-7: 1d3 × 10 when a side is surprised, else 2d6 × 10; feet
    indoors, yards outdoors; or the encounter's fixed distance."""
    chosen = state.conditions.distance
    if chosen is None:
        return
    if chosen == "roll":
        surprised = any(f.surprised for f in state.fighters())
        dice = SURPRISE_DISTANCE if surprised else DISTANCE
        first = state.fighters()[0]
        tens = table.roll(dice, by=first, reason=f"encounter distance ({dice} × 10)").total
        feet = tens * 10 * space.scale(state)
        why = f"{dice} × 10 {'yd' if state.conditions.outdoors else 'ft'}"
    else:
        feet, why = float(chosen), "the encounter's"
    space.place_sides(state, feet)
    if table.observed:
        table.emit(Distance, feet=round(feet), why=why)


def monster_side(side: Side) -> bool:
    return all(isinstance(c, Fighter) and c.kind == "monster" for c in side.combatants)


def reaction(table: Table, state: OdndState) -> None:
    """Rules 117, 151, ODD-U29: each monster side rolls 2d6: hostile fights; uncertain holds
    and fights only if attacked (rolled again next round); friendly — no fight."""
    for side in state.sides:
        members = [c for c in side.combatants if c.active]
        if not members or not monster_side(side):
            continue
        if state.round > 1 and side.name not in state.holding:
            continue
        roll = table.roll("2d6", by=members[0], reason=REACTION).total
        band = data.reaction(roll)
        if table.observed:
            table.emit(Reaction, side=side.name, roll=roll, band=band)
        state.holding.discard(side.name)
        if band == "uncertain":
            state.holding.add(side.name)
        elif band == "friendly":
            state.no_combat = True


def players_choose(table: Table, state: OdndState) -> None:
    """Rule 118, ODD-U29: the characters' sides choose to fight, wait (or parley: the talk is
    the referee's), or flee (rule 134: evasion — pursued with `conditions.pursuit`, else
    they leave the fight)."""
    for side in state.sides:
        if monster_side(side) or not any(side.active()):
            continue
        choice = table.choose(side, decisions.PLAYERS, list(CHOICES))
        if table.observed:
            table.emit(Chose, side=side.name, choice=choice)
        if choice == CHOICES[1]:
            state.holding.add(side.name)
        elif choice == CHOICES[2]:  # rule 134: evasion, pursued or not
            pursuit.evade(table, state, [c for c in side.active() if isinstance(c, Fighter)])


def number_appearing(table: Table, state: OdndState) -> None:
    """Rule 108, ODD-U46 (issue 29): a sheet whose `count` is dice — the table rolls it as
    round 1 opens (so a replay rolls it again), and the copies beyond the roll never come:
    they leave the sides and their group before anything else happens."""
    rolls, state.appearing = state.appearing, []
    for notation, copies in rolls:
        n = max(0, table.roll(notation, by=copies[0], reason=APPEARING).total)
        if table.observed:
            table.emit(Effect, who=copies[0].group, effect=f"{n} appear ({notation}, rule 108)")
        gone = {id(f) for f in copies[n:]}
        if not gone:
            continue
        for side in state.sides:
            side.combatants[:] = [c for c in side.combatants if id(c) not in gone]
        state.forget()  # the lists built once from the sides
        for group in list(state.groups):
            state.groups[group] = [f for f in state.groups[group] if id(f) not in gone]
            state.group_size[group] = len(state.groups[group])
            if not state.groups[group]:
                del state.groups[group], state.group_size[group]
