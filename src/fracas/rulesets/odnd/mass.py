"""Mass combat (seed "Mass Combat"; checklist rules 140–146; RULINGS.md T-ODD-11; ODD-U45).

A stat block with `unit: N` and `count: M` is fought as M/N units of N men, each one
combatant ("fought as one man", rule 140): hit points one d6 per member HD, totalled (141,
rolled as the fight begins); one hit throw a round against another unit on the members'
matrix row and the target's AC (142); a hit takes d6 × the unit size off its total (143; d6 ×
10 for tens, d6 × 5 for fives); at 0 the unit is slain to a man (144); the men left are one
per tenth (per 1/N) of the original total, fractions up (145). Player characters fight beside
the units (146, ODD-U45): a PC attacks a unit with its ordinary or sweeping attacks, each hit
taking its rolled damage off the unit's total (the unit's men are normal men); a unit
attacking a lone character makes up to 6 ordinary member attacks (the surround limit, rule
62). Each unit is its own initiative group and checks morale when it has lost half its hit
points (ODD-U45, U28).
"""

from __future__ import annotations

import math

from fracas.core.table import Table
from fracas.rulesets.odnd import data, setup
from fracas.rulesets.odnd.events import Survivors
from fracas.rulesets.odnd.state import Fighter, OdndState


def make_unit(f: Fighter, size: int) -> None:
    """Rules 140, 141, 143, ODD-U45: `f` stands for `size` men."""
    f.unit_size = size
    f.hp = f.max_hp = 0
    f.hit_dice = setup.notation(size * max(1, f.hd if f.kind == "monster" else 1), 6, 0)
    f.unit_damage = f"1d6*{size}"
    f.sweep_attacks, f.sweep_plus = 0, 0
    f.normal_man = True  # ODD-U45: a PC sweeps a unit of normal men


def survivors(unit: Fighter, hp: int) -> int:
    """Rule 145, T-ODD-11: one man per 1/size of the original total left, fractions up."""
    if hp <= 0 or unit.max_hp <= 0:
        return 0
    return min(unit.unit_size, math.ceil(hp * unit.unit_size / unit.max_hp - 1e-9))


def bodies(f: Fighter, target: Fighter) -> int:
    """How many attackers `f` puts around `target` (rules 62, 65): one, or for a unit on a
    lone character its member attacks — up to 6 (ODD-U45), no more than its men left nor
    the room left around the target (so that no more than 6 men attack one man)."""
    if not f.unit_size:
        return 1
    if target.unit_size:
        return 1  # rule 142: one throw against a unit
    most = int(data.table("unit_attacks_on_one"))
    room = max(1, data.surround(target.size) - target.declared_against)
    return max(1, min(most, room, survivors(f, f.hp) if f.max_hp else f.unit_size))


def half_lost(state: OdndState) -> list[str]:
    """ODD-U45: the units (groups) that have lost half their hit points."""
    return [
        f.group for f in state.units()
        if f.unit_size and f.active and f.max_hp and 2 * f.hp <= f.max_hp
    ]  # fmt: skip


def report(table: Table, state: OdndState) -> None:
    """Rule 145: the men each unit has left, whenever it changed."""
    for f in state.units():
        if not f.unit_size or not f.max_hp:
            continue
        men = survivors(f, f.hp)
        if state.men_reported.get(f.id, f.unit_size) != men:
            state.men_reported[f.id] = men
            if table.observed:
                table.emit(
                    Survivors, unit=f.name, men=men, size=f.unit_size, hp=max(0, f.hp),
                    original=f.max_hp,
                )  # fmt: skip
