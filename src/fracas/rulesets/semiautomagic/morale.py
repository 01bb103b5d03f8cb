"""Morale (seed "Morale"; rules 135-136, 140-142; SAM-A37; T-SAM-10). Morale damage from one
source above Minimum Will costs one morale penalty (Will and Minimum Will -1); untyped damage
above Will costs two in all. At Will 0 a creature is Broken: no actions, movement or defence,
Helpless; at the start of each of its turns it rolls Spirit (d6 + SPI) against DC 10, then 9,
8...; a success ends Broken and removes one penalty (SAM-A37)."""

from __future__ import annotations

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState

BROKEN_DC = 10  # rule 142


def penalty(table: Table, state: SamState, f: Fighter, n: int, why: str) -> None:
    """Rules 136, 141: `n` morale penalties, Will never below 0; Minimum Will = Will - 6."""
    for _ in range(n):
        if f.will <= 0:
            break
        f.will -= 1
        f.min_will = f.will - 6
        f.morale_penalties += 1
    state.tally["morale penalties"] += n
    table.emit(ev.Did, who=f.name, what=f"takes {n} morale penalt{'y' if n == 1 else 'ies'} "
               f"({why}): Will {f.will}/{f.min_will}")  # fmt: skip
    check_broken(table, state, f)


def check_broken(table: Table, state: SamState, f: Fighter) -> None:
    """Rule 141: Will 0 breaks the creature."""
    if f.will <= 0 and not f.broken:
        f.broken, f.broken_dc = True, BROKEN_DC
        state.tally["broken"] += 1
        table.emit(ev.Did, who=f.name, what="is Broken: no actions and no defence (rule 141)")


def damage(table: Table, state: SamState, f: Fighter, amount: int, source: str) -> None:
    """Rules 136, 140 (SAM-A37): untyped morale damage from one source; above Will two
    penalties in all, above Minimum Will one."""
    if amount > f.will:
        penalty(table, state, f, 2, f"{amount} > Will {f.will}, {source}")
    elif amount > f.min_will:
        penalty(table, state, f, 1, f"{amount} > Minimum Will {f.min_will}, {source}")


def recover(table: Table, state: SamState, f: Fighter) -> None:
    """Rule 142 (SAM-A37): at the start of its turn a Broken creature rolls Spirit against the
    DC; success ends Broken and removes one penalty; failure lowers the DC by 1. A possessed
    creature sheds no penalty without help (rule 161)."""
    if not f.broken or f.possessed_by:
        return
    total = table.roll(f"1d6{f.SPI:+d}", by=f, reason=f"{f.name} recovers from Broken").total
    ok = total >= f.broken_dc
    table.emit(ev.Did, who=f.name, what=f"rolls {total} against DC {f.broken_dc} to recover: "
               + ("no longer Broken (rule 142)" if ok else "still Broken"))  # fmt: skip
    if not ok:
        f.broken_dc = max(1, f.broken_dc - 1)
        return
    f.broken = False
    if f.morale_penalties > 0:
        f.morale_penalties -= 1
        f.will += 1
        f.min_will = f.will - 6
