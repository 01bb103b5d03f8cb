"""Blast attacks (seed "Blast attacks"): a zone and everyone in it or on its borders."""

from __future__ import annotations

from fracas.core.table import Table
from fracas.rulesets.murdham import checks, decisions
from fracas.rulesets.murdham.attack import (
    Counter,
    Dodge,
    countered,
    land,
    reactions,
    spend_reaction,
    strike_out,
)
from fracas.rulesets.murdham.events import AttackDeclared, Missed, Reacted
from fracas.rulesets.murdham.state import Character, MurdhamState, Weapon


def blast_targets_zone(state: MurdhamState, c: Character, w: Weapon, zone: str) -> bool:
    """A ranged blast may hit any zone within range (blasts ignore size, seed) with an enemy
    in it."""
    if state.zones.distance(c.zone, zone) > (w.data.range or 0):
        return False
    return any(t.side != c.side and t.able for t in state.in_zone(zone))


def blast(
    table: Table, state: MurdhamState, c: Character, w: Weapon, zone: str, *, moving: bool
) -> None:
    """Melee blasts hit the attacker's zone, not the attacker, and cannot miss. Ranged blasts
    need the WIT save of any ranged attack; on a miss they deviate to a random neighbouring
    zone (a die numbered over the neighbours), and they hit the attacker too in its own zone.
    Each target may react, a reaction spending the turn or a free one (M24, `spend_reaction`);
    only one of them may counter (seed). Damage is rolled for each
    target, unchanged by size (F-MUR-4)."""
    surprised = strike_out(table, c, w)
    if w.data.ranged:
        far = state.zones.distance(c.zone, zone) * 2 > (w.data.range or 0)
        why = "beyond half range" if far else "attacking while moving" if moving else None
        if why is not None and not checks.save(table, c, "WIT", f"to hit: {why}"):
            around = state.zones.neighbours(zone)
            if around:
                k = table.roll(f"1D{len(around)}", by=c, reason="the blast deviates").total
                if table.observed:
                    table.emit(
                        Missed,
                        attacker=c.name,
                        target=f"zone {zone}",
                        why=f"deviates to zone {around[k - 1]}",
                    )
                zone = around[k - 1]
    targets = [t for t in state.in_zone(zone) if w.data.ranged or t is not c]
    countered_once = False
    for t in targets:
        if table.observed:
            table.emit(AttackDeclared, attacker=c.name, target=t.name, weapon=w.name, kind="blast")
        if not t.able:
            land(table, state, c, t, w, "damage")
            continue
        options = [] if surprised or t is c else reactions(state, c, t, blast=True)
        if countered_once:
            options = [o for o in options if not isinstance(o, Counter)]
        reaction = table.choose(t, decisions.REACT, options) if len(options) > 1 else None
        if isinstance(reaction, Dodge):
            spend_reaction(t, "dodge blows")  # M24: the free dodge first, else the turn
            if table.observed:
                table.emit(Reacted, who=t.name, reaction="dodge")
            if checks.save(table, t, "AGI", "dodge"):
                if table.observed:
                    table.emit(Missed, attacker=c.name, target=t.name, why="dodged")
                continue
            land(table, state, c, t, w, "damage", shield=True)
        elif isinstance(reaction, Counter):
            spend_reaction(t, "")
            countered_once = True
            if table.observed:
                table.emit(Reacted, who=t.name, reaction=str(reaction))
            countered(table, state, c, t, w, "damage", reaction, False)
        else:
            land(table, state, c, t, w, "damage")
