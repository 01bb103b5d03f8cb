"""Morale and surrender (seed "Morale", "Surrendering"; RULINGS M26, M-C6) and long chases."""

from __future__ import annotations

from collections.abc import Sequence

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.murdham import checks, decisions, harm
from fracas.rulesets.murdham.events import Broke, Escaped, MoraleChecked
from fracas.rulesets.murdham.state import Character, MurdhamState, count

SURRENDER, RETREAT = "surrenders", "retreats"


def morale(table: Table, state: MurdhamState, standing_at_start: dict[str, int]) -> None:
    """End of the round: a group reduced to half or less of its original numbers, having lost
    someone this round (M-C6), makes one group WIT save; a character fighting alone reduced to
    half or less of its maximum health this round saves alone. Failures surrender or retreat;
    passes are immune for the rest of the fight; immunity to fear is immunity to morale.
    A group is a faction of two or more at the start (M26, F-MUR-11)."""
    for side in state.sides:
        name = side.name
        if not state.morale.get(name, True):
            continue
        # Its able characters, and those of them morale applies to, in one pass (issue 10).
        standing: list[Character] = []
        subject: list[Character] = []
        for c in state.characters():
            if c.side == name and c.able:
                standing.append(c)
                if not c.morale_immune and not c.immune_to_fear:
                    subject.append(c)
        if not subject:
            continue
        original = state.original[name]
        if original >= 2:
            lost = standing_at_start.get(name, 0) - len(standing)
            if lost <= 0 or len(standing) * 2 > original:
                continue
            if table.observed:
                why = f"{len(standing)} of {original} still standing"
                table.emit(MoraleChecked, faction=name, why=why)
        else:
            lone = subject[0]
            if lone.health * 2 > lone.max_health or lone.health >= lone.health_at_round_start:
                continue
            if table.observed:
                why = f"alone, at {lone.health} of {lone.max_health} health"
                table.emit(MoraleChecked, faction=name, why=why)
        results = checks.group_save(table, subject, "WIT", "morale")
        for c in subject:
            if results[c.id]:
                c.morale_immune = True
            else:
                fail(table, state, c)


def fail(table: Table, state: MurdhamState, c: Character) -> None:
    choice: str = table.choose(c, decisions.MORALE, [RETREAT, SURRENDER])
    harm.release(c)
    if choice == SURRENDER:
        c.status = Status.SURRENDERED
    else:
        c.status = Status.FLED
        count(state, "retreats")
        if state.options.pursue_retreat:
            pursuers = [e for e in state.characters() if e.side != c.side and e.able]
            if pursuers and not long_chase(table, [c], pursuers)[c.id]:
                c.status = Status.SURRENDERED  # F-MUR-5: caught in the chase, it gives up
    c.went_down = True
    count(state, "morale failures")
    if table.observed:
        table.emit(Broke, who=c.name, how=choice)


def long_chase(
    table: Table, fleeing: Sequence[Character], pursuers: Sequence[Character]
) -> dict[str, bool]:
    """Seed "Chases": over long distances the fleeing make a group AGI save — those who pass
    escape. If the fleeing are faster, no save is needed; if slower, escape is impossible.
    Returns fleeing id → escaped."""
    if not fleeing:
        return {}
    flee_speed = min(c.speed for c in fleeing)
    chase_speed = max((c.speed for c in pursuers), default=0)
    if flee_speed > chase_speed:
        out = {c.id: True for c in fleeing}
    elif flee_speed < chase_speed:
        out = {c.id: False for c in fleeing}
    else:
        out = checks.group_save(table, list(fleeing), "AGI", "long chase")
    for c in fleeing:
        if table.observed:
            table.emit(Escaped, who=c.name, escaped=out[c.id])
    return out
