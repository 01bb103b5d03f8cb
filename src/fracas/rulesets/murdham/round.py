"""The Murdham round (seed "Combat procedure"): factions alternate activating one character
or passing; the round ends when every faction has passed in a row; then dying characters die
and morale is checked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fracas.core.combatant import Side, Status, last_side_standing
from fracas.core.outcome import Verdict
from fracas.core.table import Table
from fracas.rulesets.murdham import checks, decisions, harm
from fracas.rulesets.murdham.events import (
    Activated,
    BonusRound,
    FactionFirst,
    InitiativeHeld,
    Passed,
)
from fracas.rulesets.murdham.morale import morale
from fracas.rulesets.murdham.state import Character, MurdhamState
from fracas.rulesets.murdham.turn import Advance, take_turn

# Seed "Morale": a fight can end with the beaten faction gone rather than cut down.
ROUT: Final = "rout"
SURRENDER: Final = "surrender"


def play_round(table: Table, state: MurdhamState) -> None:
    if state.round == 1:
        hold_initiative(table, state)
    for c in state.characters():
        c.took_turn = False
        c.moved = False
        c.held = False
        c.free_reaction_used = False
        c.peeking = False
        c.riding_locked = False
        c.health_at_round_start = c.health
    # How many of each faction stand at the round's start (for morale): counted in one pass
    # over the characters, not one per faction with a generator (issue 10).
    standing: dict[str, int] = {}
    for s in state.sides:
        standing[s.name] = 0
    for c in state.characters():
        if c.able and c.side in standing:
            standing[c.side] += 1
    if state.bonus_round:
        if table.observed:
            table.emit(BonusRound)
        alternate(table, state, concealed)
        state.bonus_round = False
    else:
        alternate(table, state)
    end_of_round(table, state, standing)


def concealed(c: Character) -> bool:
    """Who acts in an ambush's bonus round: the concealed (seed "Sneaking")."""
    return c.hidden


def allows(allowed: Callable[[Character], bool] | None, c: Character) -> bool:
    """`allowed` is None in an ordinary round: everyone may act, and no function is called."""
    return allowed is None or allowed(c)


def side_named(state: MurdhamState, name: str) -> Side:
    for s in state.sides:
        if s.name == name:
            return s
    raise StopIteration(name)  # (as `next` on no match did)


def hold_initiative(table: Table, state: MurdhamState) -> None:
    """The faction that started the fight holds the initiative, else one drawn at random."""
    names = [s.name for s in state.sides]
    drawn = not state.initiative
    if drawn:
        notation = checks.one_die(len(names))
        k = table.roll(notation, reason="which faction holds the initiative").total
        state.initiative = names[k - 1]
    if table.observed:
        table.emit(InitiativeHeld, faction=state.initiative, drawn=drawn)


def eligible(c: Character) -> bool:
    """Can still take a turn this round: able (or grabbed, to break free), not yet acted."""
    return c.able and not c.took_turn and not c.held and not c.riding_locked


def alternate(
    table: Table, state: MurdhamState, allowed: Callable[[Character], bool] | None = None
) -> None:
    """Seed "Combat procedure": the faction holding the initiative decides which faction
    goes first (if any of it can still act); then the factions take turns to activate one
    of their characters or pass, until all have passed in a row. GM commands take effect
    before each activation. `allowed`: who may act (None: everyone)."""
    names = [s.name for s in state.sides]
    holder = side_named(state, state.initiative)
    first = state.initiative
    if any(c.able and c.side == holder.name for c in state.characters()):
        first = table.choose(holder, decisions.FIRST_FACTION, names)
    if table.observed:
        table.emit(FactionFirst, faction=first)
    at = names.index(first)
    order = names[at:] + names[:at]
    passes = 0
    turn = 0
    while passes < len(order):
        table.between_actions()
        faction = order[turn % len(order)]
        turn += 1
        # The faction's characters who may act, after None (pass), in the faction's order.
        options: list[Character | None] = [None]
        for c in state.characters():
            if c.side == faction and eligible(c) and allows(allowed, c):
                options.append(c)
        if len(options) == 1:
            passes += 1
            if table.observed:
                table.emit(Passed, faction=faction, forced=True)
            continue
        side = side_named(state, faction)
        choice: Character | None = table.choose(side, decisions.ACTIVATE, options)
        if choice is None:
            passes += 1
            if table.observed:
                table.emit(Passed, faction=faction, forced=False)
            continue
        passes = 0
        if table.observed:
            table.emit(Activated, faction=faction, who=choice.name, audience=choice.audience)
        activate(table, state, choice, allowed)


def activate(
    table: Table,
    state: MurdhamState,
    c: Character,
    allowed: Callable[[Character], bool] | None = None,
) -> None:
    """Mounts and riders take their turn together, the mount first; either may hold its turn
    to react later; a mount moving at full speed leaves its rider unable to act or react (seed
    "Mounts and vehicles"). In an ambush's bonus round only the concealed of the pair act."""
    mount = c.riding if c.riding is not None else c
    rider = mount.rider
    plan = None
    if eligible_member(mount) and allows(allowed, mount):
        plan = take_turn(table, state, mount)
    if rider is None or not eligible_member(rider) or not allows(allowed, rider):
        return
    if isinstance(plan, Advance):
        rider.riding_locked = True  # full speed: the rider can neither act nor react
        return
    take_turn(table, state, rider)


def eligible_member(c: Character) -> bool:
    return c.able and not c.took_turn and not c.held


def end_of_round(table: Table, state: MurdhamState, standing: dict[str, int]) -> None:
    """M6: the dying die at the end of the round after they fell; then morale (seed)."""
    for c in state.characters():
        dying = c.dying_until is not None and c.dying_until <= state.round and c.health <= 0
        if dying and c.status is not Status.DEAD:
            harm.kill(table, state, c, "a mortal wound")
    morale(table, state, standing)


def verdict(state: MurdhamState) -> Verdict | None:
    """Over when at most one faction is left (the core's rule); when the beaten ran or gave
    up rather than fell, the ending says so (seed "Morale", "Surrendering")."""
    found = last_side_standing(state)
    if found is None or found.winner is None:
        return found
    fled = gave_up = 0
    for c in state.characters():
        if c.side != found.winner:
            if c.status is Status.FLED:
                fled += 1
            elif c.status is Status.SURRENDERED:
                gave_up += 1
    if fled or gave_up:
        return Verdict(found.winner, SURRENDER if gave_up > fled else ROUT)
    return found
