"""The pace of a round (issue 30; P3, P8 in RULINGS.md §5.2; seed "Ranged Modifiers", rules
212, 215–219; "Withdrawing From Melee", rule 202): what sprinting costs at the round's end,
and when a fleer has left the fight."""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.spelljammer import combat, data, space
from fracas.rulesets.spelljammer.events import Fled, Winded
from fracas.rulesets.spelljammer.state import Fighter, SjState

WINDED: str = "non-lethal damage of a sprint (P3)"
# P3: the non-lethal dice by pace, read once (data/tables.yaml `pace_nl`; issue 35: asked of
# every fighter running up or fleeing, every round).
PACE_NL: Final[dict[str, str]] = {k: str(v) for k, v in data.tables()["pace_nl"].items()}


def winded(table: Table, state: SjState, f: Fighter) -> None:
    """P3: a sprint costs 1d6 non-lethal damage a round, a fast sprint 2d6 (data `pace_nl`),
    for a fighter that sprinted this round; P8 (PROPOSED): incapacitated — down — when lethal
    and non-lethal damage together reach its maximum hit points."""
    plan = f.plan
    if plan is None or plan.action not in ("advance", "flee") or not f.able or f.moved <= 1e-9:
        return
    dice = PACE_NL.get(plan.pace)
    if dice is None:
        return
    amount = table.roll(dice, by=f, reason=WINDED).total
    f.nl += amount
    lethal = f.max_hp - f.hp
    if table.observed:
        table.emit(
            Winded, who=f.name, dice=str(dice), amount=amount, nl=f.nl, lethal=lethal,
            max_hp=f.max_hp,
        )  # fmt: skip
    if lethal + f.nl >= f.max_hp:
        combat.fall(table, state, f)


def reach_next_round(e: Fighter) -> float:
    """How far `e` could strike next round, in squares: a run up (2× TMR) and a step, or its
    missile's range."""
    if e.arms and e.weapon.ranged:
        return max(float(e.weapon.data.range), 2 * e.tmr + space.REACH)
    return 2 * e.tmr + space.REACH


def fled(table: Table, state: SjState, f: Fighter) -> None:
    """Issue 30: a fighter that declared flight and ends the round farther from every able
    foe than that foe could strike next round has left the fight (`fled`)."""
    plan = f.plan
    if plan is None or plan.action != "flee" or not f.able:
        return
    foes = [e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.able]
    for e in foes:  # (a loop: compiled, `any` builds a generator; a fleer's every round)
        if space.gap(f, e) <= reach_next_round(e):
            return
    f.status = Status.FLED
    state.tally["fled"] += 1
    nearest = min((space.gap(f, e) for e in foes), default=0.0)
    if table.observed:
        table.emit(Fled, who=f.name, gap=nearest)
