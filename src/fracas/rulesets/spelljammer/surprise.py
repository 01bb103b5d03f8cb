"""Surprise and ambush (seed "Surprise", "Ambush"; checklist rules 96–111; SJ-U19–U21): the
single unexpected attack, the ambushed characters' PER bands, the warning, and what each may
do in the ambushers' surprise round."""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from fracas.core.events import Revealed
from fracas.core.table import Table
from fracas.rulesets.spelljammer import data
from fracas.rulesets.spelljammer.events import PerRoll
from fracas.rulesets.spelljammer.sight import per_band, per_needs
from fracas.rulesets.spelljammer.state import Fighter, SjState

AMBUSH_ROLL: Final = "PER roll against the ambush (rule 102)"


def kind(state: SjState, target: Fighter, attacker: Fighter | None = None) -> str:
    """Rules 96–101, SJ-U19, SJ-U21: the surprise an attack on `target` has — `no`,
    `in_combat` or `out_of_combat` (an alert guard: in combat at best); none while it is
    being ambushed (the ambush bands never add to surprise). In-combat surprise is "not
    expecting this particular attack" (rule 100): it belongs to an attacker the target is
    not itself fighting, never to the one it declared against (issue 30, F-SJ-38)."""
    if target.unaware == "no" or (state.surprise_round and target.ambush_band):
        return "no"
    how = target.unaware
    if how == "out_of_combat" and target.alert:
        how = "in_combat"
    if how == "in_combat" and attacker is not None and expects(target, attacker):
        return "no"
    return how


def expects(target: Fighter, attacker: Fighter) -> bool:
    """Rule 100: the target expects the attacks of the opponent it is fighting itself."""
    plan = target.plan
    return plan is not None and plan.target is attacker


def unaware_of_the_fight(f: Fighter) -> bool:
    """Rules 98–100 (issue 30, item 2): a target surprised out of combat does not know of the
    fight: it does nothing until its surpriser's attack has come."""
    return f.unaware == "out_of_combat"


def sc_bonus(state: SjState, attacker: Fighter, target: Fighter) -> tuple[int, str]:
    """Rules 96, 98, 107–109: +10 / +25 for surprise; in the surprise round the ambushers'
    +10 / +20 / +30 by the target's PER band."""
    how = kind(state, target, attacker)
    if how != "no":
        return int(data.tables()["surprise"][how]), f"surprise ({how.replace('_', ' ')})"
    if ambushing(state, attacker, target):
        row = row_of(target.ambush_band)
        return int(row["sc"]), f"ambush ({target.ambush_band}× PER)"
    return 0, ""


def damage_bonus(state: SjState, attacker: Fighter, target: Fighter) -> int:
    """Rule 110: +2 damage against a completely surprised (5×) character."""
    if ambushing(state, attacker, target):
        return int(row_of(target.ambush_band)["damage"])
    return 0


def ambushing(state: SjState, attacker: Fighter, target: Fighter) -> bool:
    return (
        state.surprise_round and target.ambush_band > 0 and attacker.side == state.ambush_by
    )  # fmt: skip


def row_of(k: int) -> dict[str, Any]:
    rows: dict[int, dict[str, Any]] = data.tables()["ambush"]
    return rows[k]


def attacks_allowed(f: Fighter, attacks: int) -> int:
    """Rules 104, 106, SJ-U19: in the surprise round a 1× character attacks normally, a 2× one
    once (its 1d10 attack), 3× or worse not at all; everyone else normally."""
    if f.ambush_band == 0:
        return attacks
    allowed = row_of(f.ambush_band)["attacks"]
    return attacks if allowed == "all" else min(attacks, int(allowed))


def roll_ambush(table: Table, state: SjState) -> None:
    """Rules 102–103, SJ-U19, SJ-U5: each ambushed character rolls PER in encounter order;
    a 1× roller shouts a warning (its free action, rule 160) that moves every other
    ambushed ally one band better, at most one band however many shout."""
    ambush = state.conditions.ambush
    assert ambush is not None
    ambushed = [f for f in state.fighters() if f.able and f.side != ambush.by]
    rolls = {}
    for f in ambushed:
        roll = table.roll("1d100", by=f, reason=AMBUSH_ROLL, needs=partial(per_needs, f)).total
        f.ambush_band, wounded = per_band(f, roll)  # rule 87: with the wound modifier
        rolls[f.name] = roll, wounded
    for f in ambushed:
        f.warned = f.ambush_band == 1
    warned = {f.side for f in ambushed if f.warned}
    for f in ambushed:
        shouted = any(g.warned and g.side == f.side and g is not f for g in ambushed)
        better = f.side in warned and shouted and f.ambush_band > 1
        if better:
            f.ambush_band -= 1
        row = row_of(f.ambush_band)
        roll, wounded = rolls[f.name]
        table.emit(
            PerRoll, who=f.name, roll=roll, per=f.per, band=f.ambush_band,
            effect=ambush_words(row, better) + wounded,
        )  # fmt: skip
    if any(f.ambush_band <= 2 for f in ambushed):
        reveal(table, state, "the ambush is noticed (1× or 2× PER)")


def reveal(table: Table, state: SjState, why: str) -> None:
    """SJ-U19: the ambushers are hidden from the other sides until they strike, the ambush
    is noticed, or the surprise round ends."""
    for f in state.fighters():
        if f.hidden:
            f.hidden = False
            table.emit(Revealed, who=f.name, why=why)


def ambush_words(row: dict[str, Any], better: bool) -> str:
    acts = {"all": "attacks back normally", 1: "attacks back once", 0: "cannot act"}
    words = f"ambush: {acts[row['attacks']]}; ambushers {int(row['sc']):+d} SC"
    if row["damage"]:
        words += f", {int(row['damage']):+d} damage"
    return words + (" (warned: one band better)" if better else "")
