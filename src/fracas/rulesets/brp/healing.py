"""§5.14 First Aid and the §5.12 end-of-round checks: who is healed, who wakes, who dies."""

from __future__ import annotations

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.brp import decisions, derived
from fracas.rulesets.brp.events import (
    ActionLost,
    Awakened,
    Died,
    FirstAidRolled,
    UnconsciousFor,
)
from fracas.rulesets.brp.state import DEATHS, SAVED, BRPState, Fighter, Injury


def first_aid(table: Table, state: BRPState, aider: Fighter, patient: Fighter) -> None:
    """§5.14: heal 1D3 on one injury, never more than that injury's damage; each injury may
    be treated once, and a failed attempt still counts as its treatment (T-BRP-3).
    A character brought above 2 HP is awakened (§5.12 "until awakened", F-BRP-5)."""
    open_injuries = [i for i in patient.injuries if not i.aided]
    if not open_injuries:
        return
    injury: Injury = table.choose(aider, decisions.INJURY_TO_TREAT, open_injuries)
    injury.aided = True
    roll = table.roll(
        "1D100",
        by=aider,
        reason=f"{aider.name}'s First Aid",
        needs=lambda: derived.needs(aider.first_aid, "to succeed"),
    )
    level = derived.level_number(roll.total, aider.first_aid)  # a plain int (issue 35)
    healed = 0
    was_dying = patient.hp <= 0
    if level > derived.FAILURE:  # §5.5: a success or a special
        heal = table.roll("1D3", by=aider, reason="First Aid healing")
        healed = min(heal.total, injury.damage)
        patient.hp += healed
        if was_dying and patient.hp > 0:
            state.count(SAVED)
    if table.observed:
        table.emit(
            FirstAidRolled(
                aider=aider.name,
                patient=patient.name,
                chance=aider.first_aid,
                roll=roll.total,
                level=derived.label_of(level),
                injury=injury.damage,
                healed=healed,
                hp=patient.hp,
            )
        )
    if patient.status is Status.DOWN and patient.hp > 2:
        wake(table, patient)


def awaken(table: Table, waker: Fighter, patient: Fighter) -> None:
    """§5.12 "until awakened by another character" (F-BRP-14): no roll; the dying (0 HP or
    less) cannot be woken, only saved by First Aid (§5.14)."""
    if patient.status is not Status.DOWN:
        why = "is dead" if patient.status is Status.DEAD else "is already awake"
        if table.observed:
            table.emit(ActionLost(who=waker.name, reason=f"{patient.name} {why}"))
    elif patient.hp <= 0:
        if table.observed:
            table.emit(ActionLost(who=waker.name, reason=f"{patient.name} is dying, not asleep"))
    else:
        wake(table, patient, by=waker)


def wake(table: Table, patient: Fighter, by: Fighter | None = None) -> None:
    """The character comes round and fights again from the next round's statement of intent;
    a later fall is a new spell of unconsciousness (§5.12)."""
    patient.status = Status.ACTIVE
    patient.unconscious_rolled = False
    if table.observed:
        table.emit(Awakened(who=patient.name, hp=patient.hp, by=by.name if by else ""))


def end_of_round(table: Table, state: BRPState) -> None:
    """§5.12, B13: at 0 HP or below at the end of the round, dead; at 1–2, unconscious for
    1D6 hours (rolled once, when the character is first found unconscious at a round's end)."""
    for f in state.fighters():
        if f.dying:
            f.status = Status.DEAD
            state.count(DEATHS)
            if table.observed:
                table.emit(Died(who=f.name, hp=f.hp))
        elif f.status is Status.DOWN and not f.unconscious_rolled:
            f.unconscious_rolled = True
            hours = table.roll("1D6", by=f, reason=f"hours {f.name} stays unconscious")
            if table.observed:
                table.emit(UnconsciousFor(who=f.name, hours=hours.total))
