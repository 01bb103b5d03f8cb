"""Holds and swallowing in later rounds (checklist rule 35, ODD-U14; F-ODD-52): the holder
squeezes in its turn, the held tries to break free at the start of its action."""

from __future__ import annotations

from fracas.core.table import Table
from fracas.rulesets.odnd import attack, magic
from fracas.rulesets.odnd.events import Special
from fracas.rulesets.odnd.state import Fighter, OdndState


def squeeze(table: Table, state: OdndState, holder: Fighter) -> None:
    """ODD-U14: each fighter held or swallowed by `holder` takes its `dice` in its turn."""
    if holder.on_roll is None or not holder.active or holder.squeezed_round == state.round:
        return
    holder.squeezed_round = state.round  # once a round (issue 29 item 13)
    _, effect, dice = holder.on_roll
    for f in state.fighters():
        if f.held_by is holder and f.active:
            amount = table.roll(dice, by=holder, reason=f"{effect} damage (ODD-U14)").total
            attack.wound(state, holder, f, amount)
            if table.observed:
                table.emit(Special, who=holder.name, target=f.name, effect=effect, amount=amount)


def break_free(table: Table, f: Fighter) -> None:
    """F-ODD-52: a hugged fighter saves vs Paralysis with its STR bonus (D-C3) to break free
    as its action starts; the swallowed cannot (it cuts its way out, ODD-U48)."""
    if f.held_by is None or f.inside:
        return
    if magic.save(table, f, f.str_bonus, "breaking free of a hold, ODD-U14"):
        if table.observed:
            table.emit(Special, who=f.name, target=f.held_by.name, effect="breaks free", amount=0)
        f.held_by = None
