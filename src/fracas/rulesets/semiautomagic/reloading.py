"""Reloading together (seed "Ranged Attacks", Ammunition; rules 64-66; SAM-A16): "multiple
people can reload a weapon at the same time, dividing the time between them". A weapon keeps
the seconds of reloading done toward its next load (`Wielded.work`); its owner's `reload`
takes what is left, and an ally beside the owner may `help reload` it, a share of
ceil(total / 2) seconds (SAM-A16 for two) that, done while the owner's own reload is in
progress, shortens it by as much (they overlap, SAM-A16)."""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data, space
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

HELP: Final = "help_reload"  # the helper's action


def total(w: Wielded, owner: Fighter) -> int:
    """Rules 64-65: 4 s for a weapon of the owner's scale or smaller, 4 s more per scale
    larger."""
    return data.seconds("reload") * (1 + max(0, w.data.scale - owner.scale))


def left(w: Wielded, owner: Fighter) -> int:
    """The owner's own reload: what is left of the total (at least 1 s)."""
    return max(1, total(w, owner) - w.work)


def share(w: Wielded, owner: Fighter) -> int:
    """SAM-A16: a helper's share, ceil(total / 2), no more than is left."""
    return min(-(-total(w, owner) // 2), left(w, owner))


def owners(state: SamState, f: Fighter) -> list[Fighter]:
    """The allies beside `f` (Close or adjacent, SAM-A13) whose weapon in hand is empty: of
    those that carry a weapon that needs reloading at all (`carriers`; issue 35: not every
    fighter walked at every decision), in the order of `fighters`."""
    return [
        o for o in carriers(state)
        if o.wielded.data.reload and not o.wielded.loaded and o is not f and o.active
        and o.present and state.camp(o) == state.camp(f) and space.squares(state, f, o) <= 1
    ]  # fmt: skip


def carriers(state: SamState) -> list[Fighter]:
    """The fighters that carry a weapon that needs reloading (rule 64), in the order of
    `fighters`, found once for the state's list of fighters (`SamState.reload_for`): no such
    weapon is ever put in a fighter's hands in a battle (a thrown weapon gone or a weapon
    lost leaves it unarmed, `attack.spend_ammunition`, `called`, `confusion`; a draw reorders
    its own), so no other fighter's weapon in hand ever needs reloading; a join builds a new
    list of fighters, and they are found again. The list is shared: read it."""
    fighters = state.fighters()
    if state.reload_for is not fighters:
        found: list[Fighter] = []
        for g in fighters:
            for w in g.weapons:
                if w.data.reload:
                    found.append(g)
                    break
        state.reload_for, state.reloaders = fighters, found
    return state.reloaders


def helped(table: Table, f: Fighter, owner: Fighter, w: Wielded, seconds: int) -> None:
    """`f` has spent `seconds` helping: the work is done; an owner's reload in progress is
    shortened by as much; the load complete, the weapon is loaded."""
    if w.loaded or w not in owner.weapons:
        return
    w.work += seconds
    c = owner.carried
    kind = getattr(c.action, "kind", "") if c is not None else ""
    if c is not None and kind == "reload" and getattr(c.action, "weapon", None) is w:
        c.left -= seconds
        if c.left <= 0:
            owner.carried = None
    done = w.work >= total(w, owner) or (kind == "reload" and owner.carried is None)
    what = f"helps reload {owner.name}'s {w.data.name}: {seconds} s (rule 66, SAM-A16)"
    if done:
        w.loaded, w.jammed, w.work = True, False, 0
        what += "; it is loaded"
    table.emit(ev.Did, who=f.name, what=what)
