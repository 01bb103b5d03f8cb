"""Invisible foes (seed "Invisible Foe"; checklist rules 163–167; SJ-U24, SJ-U25): who cannot
see whom, the PER roll once a round at declaration, and the SC and DEF penalties."""

from __future__ import annotations

from functools import partial
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.spelljammer import data
from fracas.rulesets.spelljammer.events import PerRoll
from fracas.rulesets.spelljammer.state import Fighter, SjState
from fracas.rulesets.spelljammer.wounds import wound_modifier

PER_ROLL: Final = "PER roll against an unseen foe (SJ-U24)"


def band(roll: int, stat: int) -> int:
    """P4: the smallest k of 1…4 with roll ≤ k × stat, else 5 ("5× or worse")."""
    for k in range(1, 5):
        if roll <= k * stat:
            return k
    return 5


def per_band(f: Fighter, roll: int) -> tuple[int, str]:
    """P4, rule 87, SJ-U16 (issue 30, item 6): an N× PER band with the wound modifier, which
    applies to every d100 the character rolls — skill rolls, PER for sight and ambush too;
    and the modifier in words for the log."""
    mod = wound_modifier(f)
    words = f" (wounded {mod:+d}: counts as {roll - mod})" if mod else ""
    return band(roll - mod, f.per), words


def per_needs(f: Fighter) -> str:
    """What the PER roll needs for each band, in words, for a person rolling it by hand
    (issue 33; P4 with the wound modifier, `per_band`)."""
    mod = wound_modifier(f)
    return "; ".join(f"{k * f.per + mod} or less for {k}× PER" for k in range(1, 5))


def sees(a: Fighter, b: Fighter) -> bool:
    """Rules 163, 165: `a` sees `b` unless `b` is invisible and `a` has no targeting sense
    ("cannot see the other, or otherwise know where they are with a targeting sense").
    Darkvision defeats darkness (SJ-U25), not invisibility (issue 30, item 7: SJ-U24's
    "or darkvision" revised)."""
    return not b.invisible or a.targeting_sense


def penalty(f: Fighter) -> tuple[int, int]:
    """Rules 163–167: (SC, DEF) for one who cannot see its foe, by its PER band this round:
    1× −10/−5, 2× −20/−10, otherwise −40/−20."""
    rows: dict[int, list[int]] = data.tables()["invisible"]
    row = rows.get(f.sight) or rows[5]
    return int(row[0]), int(row[1])


def roll_sight(table: Table, state: SjState) -> None:
    """SJ-U24, SJ-U5: each able fighter with an able foe it cannot see rolls PER once, at
    declaration, in encounter order. Nobody invisible (most battles): nobody misses a foe
    (`sees`), known from one pass over the fighters (issue 35)."""
    fighters = state.fighters()
    hidden = False
    for f in fighters:
        f.sight = 0
        if f.invisible:
            hidden = True
    if not hidden:
        return
    for f in fighters:
        if not f.able or not misses_a_foe(state, f):
            continue
        roll = table.roll("1d100", by=f, reason=PER_ROLL, needs=partial(per_needs, f)).total
        f.sight, wounded = per_band(f, roll)
        sc, dfn = penalty(f)
        table.emit(PerRoll, who=f.name, roll=roll, per=f.per, band=f.sight,
                   effect=f"{sc:+d} SC, {dfn:+d} DEF against unseen foes{wounded}")  # fmt: skip


def misses_a_foe(state: SjState, f: Fighter) -> bool:
    """SJ-U24: an active foe `f` does not see (`sees`); a loop, no list or generator built
    (issue 35: asked of every fighter every round, and the bench's foes are all seen)."""
    for e in state.enemies_of(f):  # noqa: SIM110 (compiled, `any` builds a generator)
        if isinstance(e, Fighter) and e.active and not sees(f, e):
            return True
    return False
