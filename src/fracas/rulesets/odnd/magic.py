"""Minimal spells, their interruption, saves and haste (checklist rules 44, 125–131, 149;
ODD-U30, U32, U33; RULINGS.md D6, D-C3). The spells are data (`data/spells.yaml`)."""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.odnd import attack, data, space
from fracas.rulesets.odnd.events import Damage, Effect, Save, Spell
from fracas.rulesets.odnd.state import Fighter, OdndState, add_to_tally

D20: Final = "1d20"
D6: Final = "1d6"
SAVE: Final = "save vs Paralysis (d20, D6)"
LOST_OR_MISCAST: Final = "lost or miscast (d6: 1-4 lost, 5-6 miscast, rule 128)"
MISCAST_TARGET: Final = "the miscast spell's target (ODD-U32)"


def save(table: Table, f: Fighter, bonus: int, why: str) -> bool:
    """Rule 149, D6, D-C3: d20 + the attribute bonus ≥ the target by level (monsters by HD)."""
    level = f.level if f.kind == "character" else f.hd
    target = data.save_target(level, f.normal_man)
    roll = table.roll(D20, by=f, reason=SAVE, needs=lambda: save_needs(target - bonus)).total
    roll += bonus
    passed = roll >= target
    if table.observed:
        table.emit(Save, who=f.name, roll=roll, target=target, passed=passed, why=why)
    return passed


def save_needs(face: int) -> str:
    """What the save's d20 needs to reach its target, in words, for a person rolling it by hand
    (issue 33; rule 149, D6: d20 + the bonus ≥ the target)."""
    if face > 20:
        return "cannot save"
    return f"{max(face, 1)} or more to save"


def in_range(state: OdndState, caster: Fighter, target: Fighter, spell: str) -> bool:
    if not state.positional:
        return True
    return (
        space.feet(caster, target) <= data.spells()[spell].range * space.scale(state) + space.SLACK
    )


def cast(table: Table, state: OdndState, f: Fighter) -> None:
    """ODD-U32: a declared spell resolves as the caster's slot ends (so that hits of the same
    slot count as simultaneous, rule 128)."""
    state.casting.append(f)


def resolve_casts(table: Table, state: OdndState) -> None:
    if not state.casting:
        return  # (a slot with no spell: no list built)
    casters, state.casting = state.casting, []
    for f in casters:
        spell, target = f.plan_spell, f.plan_target
        if not f.active or target is None or spell not in f.spells:
            continue
        if not target.active:  # a spell whose target is gone is not spent; the log says so
            if table.observed:
                table.emit(Effect, who=f.name, effect=f"holds the {spell}: {target.name} is down")
            continue
        f.spells.remove(spell)  # ODD-U32: a lost spell is expended too
        result = interrupted(table, state, f)
        if result in ("lost", "miscast"):
            add_to_tally(state, f"spells {result}")  # the simulator's report counts them
        if result == "lost":
            if table.observed:
                table.emit(Spell, caster=f.name, spell=spell, target=target.name, result="lost")
            continue
        if result == "miscast":
            target = miscast_target(table, state, f, spell) or target
        if not target.active or not in_range(state, f, target, spell):
            why = "is down" if not target.active else "is out of range"
            if table.observed:
                table.emit(Effect, who=f.name, effect=f"the {spell} is lost: {target.name} {why}")
            if table.observed:
                table.emit(Spell, caster=f.name, spell=spell, target=target.name, result="lost")
            continue
        if table.observed:
            table.emit(Spell, caster=f.name, spell=spell, target=target.name, result=result)
        effect(table, state, f, target, spell)


def interrupted(table: Table, state: OdndState, f: Fighter) -> str:
    """Rules 128–130, ODD-U32: hit and damaged this round before the caster's slot (by a foe
    who won initiative) → lost; in the caster's own slot (simultaneous) → save vs Paralysis +
    PSY, failing: d6 1–4 lost, 5–6 miscast; a caster who won initiative was not yet hit."""
    if f.hurt_segment < state.round_start:
        return "cast"
    if f.hurt_segment < state.segment:
        return "lost"
    if save(table, f, f.psy_bonus, "concentration, rule 128"):
        return "cast"
    return "lost" if table.roll(D6, by=f, reason=LOST_OR_MISCAST).total <= 4 else "miscast"


def miscast_target(table: Table, state: OdndState, f: Fighter, spell: str) -> Fighter | None:
    """ODD-U32: a miscast spell goes off on a random creature within its range, friend or foe."""
    near = [c for c in state.fighters() if c.active and c is not f and in_range(state, f, c, spell)]
    if not near:
        return None
    pick = table.roll(f"1d{len(near)}", by=f, reason=MISCAST_TARGET).total if len(near) > 1 else 1
    return near[pick - 1]


def effect(table: Table, state: OdndState, f: Fighter, target: Fighter, spell: str) -> None:
    row = data.spells()[spell]
    if row.effect == "haste":  # rule 125
        target.hasted = True
    if row.damage:
        amount = table.roll(row.damage, by=f, reason=f"{spell} damage").total
        attack.wound(state, f, target, amount)
        if table.observed:
            table.emit(
                Damage, attacker=f.name, target=target.name, amount=amount, penalty=0,
                weapon=spell, hp=target.hp, max_hp=target.max_hp,
            )  # fmt: skip
