"""The mind in a turn (seed "Morale", "Conditions"; rules 137-139, 144, 177-184, 191, 195;
SAM-A6, SAM-A37): what panic, rage, confusion and sleep make of a turn.

At the start of its turn (`start_turn`): a sleeper may wake (rule 191); a panicked or raging
creature whose source is gone calms down (SAM-A37); a raging one turns on its source (rule
139); a confused one rolls the chart (`confusion`). Its options (`options`): panicked, only
fleeing from the source (rule 184; it still defends); raging, nothing needing focus: no spell,
no possession (rule 139); driven by the chart to its weakest attack, one single attack (rule
179). A panicked creature that ends its turn with no enemy within `options.escape` metres has
fled the fight (F-SAM-105). After the fight, the calm hour (rule 144, option `calm_hour`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import (
    actions,
    confusion,
    data,
    morale,
    space,
    wander,
    withdrawal,
)
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.actions import Action
from fracas.rulesets.semiautomagic.state import Fighter, SamState

FLEE: Final = "flee"  # rule 184: a move or a run away from the source
FLEE_RUN: Final = "flee_run"
KINDS: Final = (FLEE, FLEE_RUN)
Legal = Callable[[SamState, Fighter], list[Action]]  # `actions.legal`


def find(state: SamState, ident: str) -> Fighter | None:
    return next((o for o in state.fighters() if o.id == ident), None) if ident else None


def start_turn(table: Table, state: SamState, f: Fighter) -> None:
    """Rules 139, 177, 191 (SAM-A6, SAM-A37), in that order: wake, calm, rage, confusion."""
    f.hallucinating, f.victim, f.compelled = False, "", ""  # SAM-A6: "the round" ends
    f.attacks_at_turn = f.attacks_made
    if f.asleep:
        wake(table, state, f)
        if f.asleep:
            f.compelled = "asleep"
            return
    for ident in (f.panicked, f.raging):
        source = find(state, ident)
        if ident and (source is None or not source.active or source.inside):
            morale.calm(f)  # SAM-A37: the source is gone
            table.emit(ev.Did, who=f.name, what="calms down: the source is gone (SAM-A37)")
    if f.raging:
        f.victim = f.raging  # rule 139: it attacks the source of its rage
    if f.confused or f.confused_extra > 0:
        confused_turn(table, state, f)
    tell(table, state, f)


def tell(table: Table, state: SamState, f: Fighter) -> None:
    """The log says what decides the turn (issue 31): panic, rage."""
    if not table.observed:
        return
    src = find(state, f.panicked)
    if src is not None:
        table.emit(ev.Did, who=f.name, what=f"is panicked: this turn it can only flee from "
                   f"{src.name} (rules 137, 184)")  # fmt: skip
    rage = find(state, f.raging)
    if rage is not None:
        table.emit(ev.Did, who=f.name, what=f"is raging: {rage.name} is its only mark "
                   "(rule 139)")  # fmt: skip


def confused_turn(table: Table, state: SamState, f: Fighter) -> None:
    """Rules 177-178, 183: a chart roll a round, unless in control for a while."""
    if not f.confused:
        f.confused_extra -= 1  # rule 178: the extra rounds, after the penalty's removal
    if f.lucid > 0:
        f.lucid -= 1
        table.emit(ev.Did, who=f.name, what="is in control this round (rule 183)")
        return
    confusion.roll(table, state, f)


def wake(table: Table, state: SamState, f: Fighter) -> None:
    """Rule 191 (F-SAM-107): a noise louder than DC -5 wakes a sleeper; otherwise Perception
    at -6 against the fight's noise (`conditions.noise`); awake, flat-footed for the round."""
    noise = state.conditions.noise
    figures = data.mind()
    if noise >= figures["wakes_below_dc"]:
        bonus = f.bonus["perception"] + figures["asleep_perception"]
        heard = table.roll(f"1d6{bonus:+d}", by=f, reason=f"{f.name} hears the fight").total
        if heard < noise:
            table.emit(ev.Did, who=f.name, what=f"sleeps on ({heard} vs DC {noise}, rule 191)")
            return
    f.asleep, f.flat_footed = False, True
    table.emit(ev.Did, who=f.name, what="wakes up, flat-footed for the round (rule 191)")


def frozen(f: Fighter) -> bool:
    """Rules 180-181, 191: asleep, or a chart result in place of any action; rule 171: an
    object never acts."""
    return f.compelled == "asleep" or f.compelled in confusion.FROZEN or f.inanimate


def idle_why(f: Fighter) -> str:
    """The timeline's words for a turn with no action."""
    if f.inanimate:
        return "an object: no action (rule 171)"
    if f.compelled == "asleep":
        return "asleep (rule 191)"
    return f"confused: {f.compelled} (rules 180-181)"


def source(state: SamState, f: Fighter) -> Fighter | None:
    """What a panicked creature flees: its fear's source, or the chart's nearest danger."""
    return find(state, f.panicked) or (find(state, f.victim) if f.compelled == "panic" else None)


def options(state: SamState, f: Fighter, legal: Legal) -> list[Action]:
    """The actions its mind allows now (rules 137, 139, 179, 184), of those `legal` lists."""
    if state.controlling == f.id:
        return legal(state, f)  # a possessor steers with its own mind
    src = source(state, f)
    if src is not None and (f.panicked or f.compelled == "panic"):
        return flee_options(state, f, src)
    found = legal(state, f)
    if f.compelled == "weakest":
        if f.attacks_made > f.attacks_at_turn:  # once
            return [actions.END]
        return [a for a in found if a.kind in ("single", "end", "move", "run")]
    if f.raging:  # rule 139: nothing that needs focus
        return [
            a for a in found
            if a.kind not in ("possess", "delay")
            and not (a.weapon is not None and a.weapon.data.kind == "magic" and a.kind != "draw")
        ]  # fmt: skip
    return found


def flee_options(state: SamState, f: Fighter, src: Fighter) -> list[Action]:
    """Rule 184: as fast as possible from the source: a move, or a run on open ground."""
    out = [actions.END]
    if f.posture != "standing" or f.disabled or f.legs_hit >= 2:
        return [*actions.postures(f), *out] if f.posture != "standing" else out
    out.insert(0, Action(FLEE, data.seconds("move"), goal=src))
    ahead = space.shifted(f, wander.away(state, f, src))
    if space.terrain_factor(state, f, ahead) == 1:
        out.insert(0, Action(FLEE_RUN, data.seconds("run"), goal=src))
    return out


def perform(table: Table, state: SamState, f: Fighter, act: Action) -> None:
    """Rule 184: flee directly away from the source (F-SAM-105)."""
    src = act.goal
    if src is None:
        return
    wander.go_away(table, state, f, src, act.kind == FLEE_RUN, act.seconds, "flee")


def end_turn(table: Table, state: SamState, f: Fighter) -> None:
    """F-SAM-105: a panicked creature far from every enemy has fled the fight. The chart's
    compulsion ends with the turn."""
    panicked = bool(f.panicked) or f.compelled == "panic"
    f.victim = f.compelled = ""
    if not f.active or not panicked or not withdrawal.clear(state, f):
        return
    rule = f"panicked, no enemy within {state.options.escape:g} m (F-SAM-105)"
    withdrawal.leave(table, state, f, "has fled the fight", rule)


def calm_hour(table: Table, state: SamState) -> None:
    """Rule 144 (option `calm_hour`): a full calm hour with no new morale penalty removes
    them all; a possessed mind sheds none without help (rule 161)."""
    for f in state.fighters():
        if f.status is not Status.DEAD and f.morale_penalties and not f.possessed_by:
            morale.remove(table, f, f.morale_penalties)
            f.broken = False
