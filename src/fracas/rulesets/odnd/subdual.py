"""Empty hands and subdual damage (seed "Empty Hand Attacks"; checklist rules 97–103; RULINGS.md
T-ODD-14, D4, D15; ODD-U43).

Damage from empty hands (d4), or from any weapon when subduing, is split: on every second such
hit landed on a target (T-ODD-14's reading), 1 point of that hit (2 with STR 16–18) is real
damage, the rest temporary; pulled punches make it all temporary. A surprise attack doubles
the temporary damage (rule 103). Real damage at the maximum kills; real and temporary
together at the maximum knock out (ODD-U43). Temporary damage comes back at level (or HD)
points per Turn of 10 rounds (rule 99, D15, ODD-U5).
"""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.odnd import data
from fracas.rulesets.odnd.events import CameRound
from fracas.rulesets.odnd.state import Fighter, OdndState, Wielded

RECOVERY_EVERY: Final = int(data.table("recovery_every"))  # rule 99, D15: rounds a Turn


def subduing(attacker: Fighter, weapon: Wielded) -> bool:
    """Rules 97, 100, 101: empty hands always; a weapon when its wielder fights to subdue."""
    return weapon.data.unarmed or attacker.subdue or attacker.pull_punches


def split(
    table: Table, attacker: Fighter, target: Fighter, weapon: Wielded, amount: int, surprise: bool
) -> tuple[int, int]:
    """(real, temporary) of a subdual hit of `amount` (rules 97, 100, 103; T-ODD-14)."""
    row = data.table("subdual")
    target.subdual_hits += 1
    real = 0
    if target.subdual_hits % 2 == 0 and not attacker.pull_punches:
        real = min(amount, int(row["real_strong"] if attacker.strong else row["real"]))
    temporary = amount - real
    if surprise:
        temporary *= 2  # rule 103: a surprise attack doubles the temporary damage
    return real, temporary


def knock(state: OdndState, attacker: Fighter, target: Fighter, temporary: int) -> None:
    """Temporary damage taken; at real + temporary ≥ the maximum the target is knocked out as
    its slot ends (rule 98, ODD-U43, like a death: rule 121, ODD-U31)."""
    target.temp += temporary
    target.hurt_segment = state.segment  # ODD-U32: subdual damage interrupts spells too
    if target.hp - target.temp <= 0 and not target.pending_down:
        target.pending_down = True
        state.pending.append(target)


def recover(table: Table, state: OdndState) -> None:
    """Rule 99, D15: every Turn (10 rounds) temporary damage comes back at level (monsters
    HD, at least 1) points; the knocked out come round when real + temporary is below the
    maximum (ODD-U43)."""
    if state.round <= 1 or (state.round - 1) % RECOVERY_EVERY:
        return
    for f in state.fighters():
        if f.temp <= 0 or f.status not in (Status.ACTIVE, Status.DOWN):
            continue
        f.temp = max(0, f.temp - max(1, f.level if f.kind == "character" else f.hd))
        if f.status is Status.DOWN and f.hp - f.temp > 0:
            f.status = Status.ACTIVE
            if table.observed:
                table.emit(CameRound, who=f.name, hp=f.hp - f.temp, max_hp=f.max_hp)
