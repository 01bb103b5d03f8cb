"""Monsters' special attacks on a natural 20 or less, and weapon utility in tight spaces (seed
"For many monsters, a Natural 20 …", "Different weapons are useful …"; checklist rules 35,
37; ODD-U14, U15, U48).

A stat block's `on_roll: {at, effect, dice}`: on a hit whose kept d20 is `at` or more, `hold`
(the owlbear's hug: `dice` each round in the holder's turn until the victim breaks free, a
save vs Paralysis with its STR bonus at the start of its action, F-ODD-52), `swallow` (the
sea dragon: the victim is inside — `dice` each round, only small weapons usable, it can
strike only the swallower, ODD-U48) or `knockdown` (the dire wolf: prone, ODD-U15).
"""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.odnd.events import CannotAct, Special
from fracas.rulesets.odnd.state import Fighter, OdndState, add_to_tally

D20: Final = "1d20"


def natural_roll(
    table: Table, state: OdndState, attacker: Fighter, target: Fighter, d20: int
) -> None:
    """Rule 35, ODD-U14: the special on a hit with a natural `at` or more."""
    if attacker.on_roll is None or not target.active or target.hp <= 0:
        return
    at, effect, _ = attacker.on_roll
    if d20 < at:
        return
    add_to_tally(state, "specials")
    if effect == "knockdown":
        knock_down(table, target, f"{attacker.name}'s natural {d20} (rule 35)")
        return
    if target.held_by is not None:
        return
    target.held_by = attacker
    target.inside = effect == "swallow"
    if table.observed:
        table.emit(Special, who=attacker.name, target=target.name, effect=effect, amount=0)
    if target.inside:
        out_of_grapples(state, target)
        small_weapon(table, target)


def out_of_grapples(state: OdndState, f: Fighter) -> None:
    """ODD-U14, U48 (issue 29 item 13): swallowed, `f` is out of every grapple — neither
    held nor holding."""
    f.grapple, f.grappled_by, f.new_grapple = "", [], False
    for other in state.fighters():
        if f in other.grappled_by:
            other.grappled_by = [g for g in other.grappled_by if g is not f]
            if not other.grappled_by:
                other.grapple = ""


def knock_down(table: Table, target: Fighter, why: str) -> None:
    """ODD-U15: prone — no DEX to AC, melee attackers +2, its next attack lost getting up."""
    if not target.prone:
        target.prone = True
        if table.observed:
            table.emit(Special, who=why, target=target.name, effect="knockdown", amount=0)


def small_weapon(table: Table, f: Fighter) -> None:
    """Rule 37, ODD-U48: inside, only a small weapon can be used: draw it if carried."""
    small = [w for w in f.weapons if w.data.size == "S" and not w.data.ranged]
    if small and f.weapons[0] is not small[0]:
        f.weapons.remove(small[0])
        f.weapons.insert(0, small[0])
        if table.observed:
            table.emit(CannotAct, who=f.name, why=f"draws the {small[0].data.name} (tight space)")


def can_fight_inside(f: Fighter) -> bool:
    """ODD-U48: inside a swallower only small melee weapons work."""
    return not f.inside or (f.primary.data.size == "S" and not f.primary.data.ranged)


def release_all(state: OdndState) -> None:
    """A holder out of the fight lets go (ODD-U14)."""
    for f in state.fighters():
        if f.held_by is not None and not f.held_by.active:
            f.held_by, f.inside = None, False
