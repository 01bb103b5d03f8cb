"""Morale (seed "Morale"; rules 135-142, 144; SAM-A36 d, SAM-A37; T-SAM-10). Morale damage from one
source above Minimum Will costs one morale penalty (Will and Minimum Will -1); untyped damage
above Will costs two in all. At Will 0 a creature is Broken: no actions, movement or defence,
Helpless; at the start of each of its turns it rolls Spirit (d6 + SPI) against DC 10, then 9,
8...; a success ends Broken and removes one penalty (SAM-A37)."""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.needs import d6_needs
from fracas.rulesets.semiautomagic.state import Fighter, SamState

BROKEN_DC: Final = 10  # rule 142
RAGE_SKILLS: Final[list[str]] = data.mind()["rage_skills"]  # rule 139 (F-SAM-104)


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
    penalties in all, above Minimum Will one (an object has no mind, rule 171)."""
    if f.inanimate:
        return
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
    total = table.roll(
        f"1d6{f.SPI:+d}",
        by=f,
        reason=f"{f.name} recovers from Broken",
        needs=lambda: d6_needs(f.broken_dc, f.SPI, "to recover"),
    ).total
    ok = total >= f.broken_dc
    table.emit(ev.Did, who=f.name, what=f"rolls {total} against DC {f.broken_dc} to recover: "
               + ("no longer Broken (rule 142)" if ok else "still Broken"))  # fmt: skip
    if not ok:
        f.broken_dc = max(1, f.broken_dc - 1)
        return
    f.broken = False
    if f.morale_penalties > 0:
        remove(table, f, 1)


TYPES: Final = ("fear", "insanity", "rage", "untyped")  # rules 137-140


def typed(
    table: Table, state: SamState, f: Fighter, amount: int, kind: str, source: Fighter
) -> None:
    """Rules 136-140 (SAM-A37): morale damage of a type from one source. Above Minimum Will a
    penalty; above Will, by type: fear panics (rule 137), insanity confuses (138), rage sends
    into a frenzy (139), each with one penalty as well (SAM-A37; option `typed_morale: effect
    only`: the effect alone); untyped is two penalties in all (140). Every mind in a shared
    body is hit, each against its own Will (SAM-A36 d)."""
    if f.inanimate:
        return  # rule 171: an object has no mind
    if table.observed:
        table.emit(ev.Unnerved, attacker=source.name, target=f.name, damage=amount, kind=kind,
                   will=f.will, minimum=f.min_will)  # fmt: skip
    for mind in minds(state, f):
        one(table, state, mind, amount, kind, source)


def minds(state: SamState, body: Fighter) -> list[Fighter]:
    """SAM-A36 d: the body's own mind and every possessor in it."""
    return [body, *(p for p in state.fighters() if p.inside == body.id)]


def one(table: Table, state: SamState, f: Fighter, amount: int, kind: str, src: Fighter) -> None:
    if kind == "untyped" or amount <= f.will:
        damage(table, state, f, amount, f"{kind} from {src.name}")
        return
    if state.options.typed_morale == "penalty and effect":
        penalty(table, state, f, 1, f"{amount} > Will {f.will}, {kind} from {src.name}")
    if kind == "fear":
        f.panicked = src.id
        what = f"is panicked by {src.name}: it flees (rule 137)"
    elif kind == "insanity":
        f.confused = True
        what = "is Confused until a morale penalty is removed (rule 138)"
    else:
        enrage(f, src)
        what = f"flies into a frenzy against {src.name} (rule 139)"
    state.tally[f"{kind} effects"] += 1
    table.emit(ev.Did, who=f.name, what=what)


def enrage(f: Fighter, src: Fighter) -> None:
    """Rule 139: raging at `src`; -1 to Dexterity- and Intelligence-based skills."""
    if not f.raging:
        for skill in RAGE_SKILLS:
            f.bonus[skill] -= 1
    f.raging = src.id


def calm(f: Fighter) -> None:
    """SAM-A37: panic and rage end when a morale penalty is removed or the source is gone."""
    if f.raging:
        for skill in RAGE_SKILLS:
            f.bonus[skill] += 1
    f.raging = f.panicked = ""


def remove(table: Table, f: Fighter, n: int) -> None:
    """Rules 138, 142, 144: `n` morale penalties removed; confusion (rule 138), panic and rage
    (SAM-A37) end with the first."""
    n = min(n, f.morale_penalties)
    if n <= 0:
        return
    f.morale_penalties -= n
    f.will += n
    f.min_will = f.will - 6
    f.broken = f.broken and f.will <= 0
    ended = [w for w, on in (("confused", f.confused), ("panicked", bool(f.panicked)),
                             ("raging", bool(f.raging))) if on]  # fmt: skip
    f.confused = False  # rule 178's extra rounds run on
    calm(f)
    table.emit(
        ev.Did,
        who=f.name,
        what=f"removes {n} morale penalt{'y' if n == 1 else 'ies'}: "
        f"Will {f.will}/{f.min_will}" + (f"; no longer {', '.join(ended)}" if ended else ""),
    )
