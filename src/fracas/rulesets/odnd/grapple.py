"""Grappling (seed "Grappling attacks"; checklist rules 104–106; RULINGS.md T-ODD-5; ODD-U44).

A grapple attempt replaces the grappler's attack: a to-hit roll, a hit = grappled. As the
slot of the hits ends, and again at the start of the held hero's action each round while he
is held (new grapplers who hit join in), the contest: each grappler rolls a d6 per HD
(rounded down, at least 1), summed; the hero a d6 per HD (his level). Lower → pinned
(helpless: attacks on him hit automatically, no action); equal → struggling (no weapon
attack, no shield or DEX); higher → every grappler thrown off and stunned for the
difference in rounds (no action, no shield or DEX), and initiative is rolled again next
round if foes remain (rule 106).
"""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.odnd import attack, strikes
from fracas.rulesets.odnd.events import Contest, Manoeuvre
from fracas.rulesets.odnd.state import Fighter, OdndState, add_to_tally

# Final: C statics for mypyc (a tuple assignment left module globals, a dictionary look-up
# at each reading; issue 35).
PINNED: Final = "pinned"
STRUGGLING: Final = "struggling"
THROWN: Final = "thrown off"


CONTEST: Final = "grapple (d6 per HD, rule 105)"
# The notations of the usual counts of grapple dice, formatted once (issue 35).
_D6S: Final = tuple(f"{n}d6" for n in range(21))


def d6s(count: int) -> str:
    """ "{count}d6", the contest's dice (ODD-U44)."""
    return _D6S[count] if 0 <= count < len(_D6S) else f"{count}d6"


def hit_dice(f: Fighter) -> int:
    """ODD-U44: grapple dice = HD rounded down (characters: level), at least 1."""
    return max(1, f.level if f.kind == "character" else f.hd)


def can_grapple(state: OdndState, f: Fighter, target: Fighter) -> bool:
    """Rule 104: any fighter not a unit may grapple a foe not a unit, not already holding it;
    one grappler, one hold (issue 29 item 14: its strength is not counted in full against
    several victims at once)."""
    return free_to_grapple(state, f) and not target.unit_size


def free_to_grapple(state: OdndState, f: Fighter) -> bool:
    """`can_grapple`'s half that reads only the grappler (rule 104, issue 29 item 14): not a
    unit, no missile weapon, not held, holding nobody. Worked out once a fighter by the
    declarations, not once a target (issue 35)."""
    if f.unit_size or f.weapons[0].data.ranged:
        return False
    if f.grappled_by:
        return False
    # (Each holder's list, not the tally's count of grapples: a look at a few lists, where
    # the tally is an interpreted Counter; issue 35.)
    # (An empty list, most of them, is not searched: no generic `in` for it. `len(...) != 0`
    # keeps the test a bool: `list and bool` was a union, told true by a generic call.)
    return not any(
        len(other.grappled_by) != 0 and f in other.grappled_by for other in state.fighters()
    )


def attempt(table: Table, state: OdndState, f: Fighter, target: Fighter) -> None:
    """Rule 104: a to-hit roll as an attack (its situation from `strikes.modifiers`); a hit
    grapples."""
    m = strikes.modifiers(state, f, target, table.observed)
    if target.surprised:  # rule 70, ODD-U18: a pair opened in the surprise round
        state.from_behind.setdefault((f.id, target.id), state.round)
    f.charge_strike = False
    shields = strikes.face_shield(f, target, m)  # rule 66, ODD-U4
    d20, needed, hit, _ = attack.swing(
        table, state, f, target, m.bonus, m.edge, shields, not m.exposed, wrestle=True
    )
    words = "; ".join(m.why)
    if table.observed:  # both sides' terms (issue 29, the log)
        words = attack.explain(state, f, target, shields, not m.exposed, words, False)
    if table.observed:
        table.emit(
            Manoeuvre, who=f.name, target=target.name, kind="grapple", roll=d20, needed=needed,
            hit=hit, rules=words,
        )  # fmt: skip
    if d20 == 1 and not hit:  # rules 27-29: a to-hit roll like any other
        attack.fumble(table, state, f)
    if hit and target.active:
        target.grappled_by.append(f)
        target.new_grapple = state.new_grapples = True
        add_to_tally(state, "grapples")


def holders(target: Fighter) -> list[Fighter]:
    """The grapplers still holding: able and not stunned."""
    return [g for g in target.grappled_by if g.active and g.stunned_until == 0]


def contest(table: Table, state: OdndState, hero: Fighter) -> str:
    """Rule 105, ODD-U44: the contest, and what comes of it."""
    hero.new_grapple = False
    grapplers = holders(hero)
    hero.grappled_by = grapplers
    if not grapplers:
        hero.grapple = ""
        return ""
    theirs = 0  # (a loop, not `sum` of a generator; the same rolls in the same order)
    for g in grapplers:
        theirs += table.roll(d6s(hit_dice(g)), by=g, reason=CONTEST).total
    mine = table.roll(d6s(hit_dice(hero)), by=hero, reason=CONTEST)
    result = PINNED if mine.total < theirs else STRUGGLING if mine.total == theirs else THROWN
    if table.observed:
        table.emit(
            Contest, hero=hero.name, grapplers=tuple(g.name for g in grapplers),
            hero_roll=mine.total, grapplers_roll=theirs, result=result,
        )  # fmt: skip
    if result == THROWN:
        for g in grapplers:  # stunned for the hero's roll less theirs
            g.stunned_until = state.round + mine.total - theirs
        hero.grappled_by, hero.grapple = [], ""
        add_to_tally(state, "throw-offs")
        state.reroll_next = True  # rule 106
    else:
        hero.grapple = result
        if result == PINNED:
            add_to_tally(state, "pinned")
    return result


def new_contests(table: Table, state: OdndState) -> None:
    """As a slot ends: the contest for each fighter grappled in it (T-ODD-5)."""
    if not state.new_grapples:
        return  # nobody grappled in this slot (every `new_grapple` is False)
    state.new_grapples = False
    for f in state.fighters():
        if f.new_grapple and f.active and not f.pending_down:
            contest(table, state, f)
        f.new_grapple = False


def wake(state: OdndState) -> None:
    """As a round starts: the stunned whose rounds are over recover (ODD-U44); a held
    fighter whose grapplers are all gone is free."""
    for f in state.fighters():
        if f.stunned_until and f.stunned_until < state.round:
            f.stunned_until = 0
        if f.grapple and not holders(f):
            f.grapple, f.grappled_by = "", []
