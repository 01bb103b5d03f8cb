"""Casting (seed "Casting Cleric Spells", "Casting Mage Spells", "The Initiative Round";
checklist rules 4–5, 33–35, 112–130; P15; SJ-U35–U37): when casting starts and the spell goes
off, spells that do not fit in the round, and the release with its optional cast chance and
minimal effect (damage or healing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.spelljammer import combat, data, decisions, space
from fracas.rulesets.spelljammer.events import (
    ActionLost,
    CastChance,
    Casting,
    Retargeted,
    SpellReleased,
)
from fracas.rulesets.spelljammer.hitting import wound_modifier
from fracas.rulesets.spelljammer.state import Fighter, Harm, Prepared, SjState

CAST_CHANCE: Final = "cast chance (SJ-U37)"
SPELL_DAMAGE: Final = "spell damage"
SPELL_HEAL: Final = "spell healing"
START: Final = 10  # rules 34–35: the start of a carried or 1-round spell


def timing(state: SjState, spell: Prepared, start: int) -> tuple[int, int] | None:
    """Rules 33–35, 113–115, 128–129, SJ-U36: (start, release) for casting begun on `start`;
    None when it does not fit in the round (a release below −5; a `1 round` spell not begun on
    10 or more, by default). A `1 round` spell starting on 10 or more starts on 10 and goes
    off on 0."""
    last = int(data.tables()["last_segment"])
    if spell.one_round and state.options.one_round_start == "ten":
        return (START, START - spell.casting_time) if start >= START else None
    release = start - spell.casting_time
    return (start, release) if release >= last else None


def begin(
    table: Table, state: SjState, caster: Fighter, spell: Prepared, start: int, carried: bool
) -> int | None:
    """Schedule a spell begun on `start`: the release segment, or None when it does not fit
    and casting starts on 10 next round, with no roll (SJ-U35: nothing this round, normal
    DEF, no interruption)."""
    at = timing(state, spell, start)
    if at is None:
        target = caster.plan.target if caster.plan is not None else None
        caster.carried, caster.carried_target = spell, target
        why = (
            "a 1-round spell must start on 10 (SJ-U36)" if spell.one_round
            else f"casting time {spell.casting_time}, below −5: it does not fit this round"
        )  # fmt: skip
        if table.observed:
            table.emit(
                Casting, who=caster.name, spell=spell.name, start=start,
                release=start - spell.casting_time, note=why, fits=False,
                next_release=START - spell.casting_time,
            )  # fmt: skip
        return None
    caster.casting, caster.cast_start, caster.release = spell, at[0], at[1]
    note = f"casting time {spell.casting_time}"
    if carried:
        held = "held from last round (SJ-U34)" if caster.held else "carried from last round"
        note = f"{held}: starts on 10 without a roll, casting time {spell.casting_time}"
    if table.observed:
        table.emit(
            Casting, who=caster.name, spell=spell.name, start=at[0], release=at[1], note=note
        )
    return at[1]


def fits(caster: Fighter, spell: Prepared, t: Fighter) -> bool:
    """A target for the spell: an able enemy for damage, an able ally for healing, in range."""
    if not t.able or space.gap(caster, t) > spell.range:
        return False
    return (t.side == caster.side) == bool(spell.heal)


def release(table: Table, state: SjState, caster: Fighter) -> None:
    """The spell goes off (rules 113, 128): at its target, or another it can reach (SJ-U7);
    the cast chance if it has one (SJ-U37); damage (PROT applies, can stun) or healing."""
    spell = caster.casting
    plan = caster.plan
    caster.casting = None
    if spell is None or plan is None:
        return
    spell.uses -= 1
    target = plan.target
    if target is None or not fits(caster, spell, target):
        others = [f for f in state.fighters() if fits(caster, spell, f)]
        if not others:
            if table.observed:
                table.emit(ActionLost, who=caster.name, what=spell.name, reason="no target")
            return
        was = target.name if target is not None else "nobody"
        target = table.choose(caster, decisions.RETARGET, others)
        if table.observed:
            table.emit(Retargeted, who=caster.name, was=was, now=target.name)
    if spell.cast_chance >= 0 and not cast_chance(table, caster, spell):
        return
    effect(table, state, caster, spell, target)


def cast_chance(table: Table, caster: Fighter, spell: Prepared) -> bool:
    """SJ-U37 with rule 87: d100 ≤ cast chance + wound modifier, or the energy is lost."""
    chance = spell.cast_chance + wound_modifier(caster)
    if table.quiet:  # (nobody reads what it needs: no closure made; `Table.quiet`)
        roll = table.roll(combat.D100, by=caster, reason=CAST_CHANCE).total
    else:
        roll = table.roll(
            combat.D100, by=caster, reason=CAST_CHANCE, needs=_cast_needs(chance)
        ).total
    works = roll <= chance
    if table.observed:
        table.emit(
            CastChance, who=caster.name, spell=spell.name, roll=roll, chance=chance, works=works
        )
    return works


def _cast_needs(chance: int) -> Callable[[], str]:
    """What the cast chance roll needs, worded only when read: a closure of its own, so that
    `cast_chance` builds no closure environment when the table is quiet (issue 35)."""
    return lambda: f"{chance} or less to cast"


def effect(table: Table, state: SjState, caster: Fighter, spell: Prepared, target: Fighter) -> None:
    """SJ-U37's vocabulary: `damage` (PROT applies, can stun, lands with the segment) or
    `heal` (at once, up to the maximum)."""
    state.tally["spells cast"] += 1
    if spell.heal:
        gain = table.roll(spell.heal, by=caster, reason=SPELL_HEAL).total
        gain = max(0, min(gain, target.max_hp - target.hp))
        target.hp += gain
        if table.observed:
            table.emit(
                SpellReleased, who=caster.name, spell=spell.name, target=target.name,
                effect="heal", amount=gain,
            )  # fmt: skip
        return
    rolled = table.roll(spell.damage, by=caster, reason=SPELL_DAMAGE).total
    amount = max(0, rolled - target.prot())
    if table.observed:
        table.emit(
            SpellReleased, who=caster.name, spell=spell.name, target=target.name,
            effect="damage", amount=amount, dice=spell.damage, rolled=rolled, prot=target.prot(),
        )  # fmt: skip
    state.harms.append(Harm(target, caster, amount, amount > target.stun_at))
    if state.by_im:
        combat.land(table, state)
