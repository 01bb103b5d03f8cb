"""Building a fighter from its stat block: every figure the round reads computed once (rules
8, 11, 71–86, 112–127; P2, P5, P7, P11; SJ-U15, SJ-U17)."""

from __future__ import annotations

import math

from fracas.rulesets.spelljammer import data, model, space
from fracas.rulesets.spelljammer.state import Arm, Fighter, Potion, Prepared


def stun_con(sheet: model.Fighter) -> int:
    """Rules 83–86, SJ-U15: CON for stun: +2 Large, +4 Giant, +1 per 10 maximum HP (or
    fraction) above 100 — adventurers too."""
    size: int = data.tables()["stun_size"][sheet.size]
    extra = math.ceil((sheet.hp - 100) / 10) if sheet.hp > 100 else 0
    return sheet.CON + size + extra


def arm(w: model.Weapon) -> Arm:
    """A weapon on the sheet; a thrown weapon counts itself (one) unless `ammo` says more
    (issue 30, item 10)."""
    row = data.weapons()[w.weapon]
    ammo = 1 if w.ammo is None and row.kind == "thrown" else w.ammo
    return Arm(row, w.sc, w.rank, w.damage or row.damage, w.offhand, w.specialist, w.state, ammo)


def prepare(s: model.Spell) -> Prepared:
    """Rules 113, 121–127, SJ-U36: a cleric's casting time as given ("1 round": 10 segments,
    must start on 10); a mage's from rank and GK/SK."""
    if s.caster == "mage":
        time, one_round = data.mage_casting_time(s.rank, s.knowledge), False
    elif s.casting_time == "1 round":
        time, one_round = 10, True
    else:
        assert isinstance(s.casting_time, int)
        time, one_round = s.casting_time, False
    chance = -1 if s.cast_chance is None else s.cast_chance
    return Prepared(s.name, time, one_round, chance, s.damage or "", s.heal or "", s.range, s.uses)


def build(sheet: model.Fighter, name: str, ident: str, side: str, order: int) -> Fighter:
    f = Fighter(id=ident, name=name, side=side)
    f.order = order
    f.im = sheet.IM if sheet.IM is not None else data.dex_im(sheet.DEX)  # rule 11, P2
    f.con = sheet.CON
    f.dex = sheet.DEX
    f.stun_at = data.stun_threshold(stun_con(sheet))
    f.max_hp = f.wound_base = sheet.hp
    f.hp = sheet.current_hp if sheet.current_hp is not None else sheet.hp
    f.tmr = sheet.TMR
    f.size = sheet.size
    f.attacks = sheet.attacks
    arms = [arm(w) for w in sheet.weapons]  # the weapon in hand first (rules 150–154)
    f.arms = sorted(arms, key=lambda a: a.state != "in_hand")
    f.spells = [prepare(s) for s in sheet.spells]
    d, p = sheet.DEF, sheet.PROT
    f.def_dex, f.def_skill, f.def_shield = d.dex, d.skill, d.shield
    f.def_magic_always, f.def_magic_other = d.magic_always, d.magic_other
    f.prot_armour, f.prot_natural = p.armour, p.natural
    f.encumbered, f.ambidextrous, f.darkvision = (
        sheet.encumbered,
        sheet.ambidextrous,
        sheet.darkvision,
    )
    f.tentacle_pairs, f.cover = sheet.tentacle_pairs, sheet.cover
    stage_two(f, sheet)
    return f


def stage_two(f: Fighter, sheet: model.Fighter) -> None:
    """The stage-2 fields: PER, Luck, First Aid, Range of Field, Master Bowman, sight,
    surprise, a slung shield, potions (rules 96–110, 155–169, 238–256; P9)."""
    f.base_dex, f.base_im = f.dex, f.im
    f.per, f.luck, f.first_aid = sheet.PER, sheet.luck, sheet.first_aid
    f.range_of_field, f.master_bowman = sheet.range_of_field, sheet.master_bowman
    f.invisible, f.targeting_sense = sheet.invisible, sheet.targeting_sense
    f.alert, f.unaware, f.shield_slung = sheet.alert, sheet.unaware, sheet.shield_slung
    f.flying = sheet.flying
    f.mounted, f.fast_target, f.waits = sheet.mounted, sheet.fast_target, sheet.waits
    f.potions = [Potion(p.name, p.heal, p.count) for p in sheet.potions]


def place(f: Fighter, sheet: model.Fighter, copy: int, side: int, index: int, apart: int) -> None:
    """The sheet's position in feet (copies of a `count` 5 ft apart); without positions each
    side stands in a line, the sides `conditions.distance` feet apart."""
    if sheet.position is not None:
        x, y = sheet.position
        f.position = space.at_feet(x, y + 5 * copy)
    else:
        f.position = space.at_feet(side * apart, 5 * index)
