"""Exposure to hazards where a fighter stands, at the start of its turn (SAM-A35): radiation
zones (seed "Radiation"; rules 214, 223; T-SAM-34), clouds of gas (rule 204), an infected
creature's airborne spread (rule 206), and the checks of the syndromes it has (rule 208).
Also EMP against electronic devices (seed "Special Damage Types"; rule 200; T-SAM-38)."""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import Status
from fracas.core.geometry import Position
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data, poison, space
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.hazard_model import Gas, RadiationSource, base_dc
from fracas.rulesets.semiautomagic.state import Fighter, SamState

SEVERITIES: Final[list[str]] = data.hazards()["radiation_severities"]
EMP: Final[dict[str, int]] = data.hazards()["emp_toughness"]


def zones(source: RadiationSource) -> list[tuple[str, int]]:
    """Rule 223 (T-SAM-34): (severity, area scale) from the source outward: its severity over
    the area one scale larger than it, one severity less for each scale beyond, to none."""
    first = SEVERITIES.index(source.severity)
    return [(sev, source.scale + 1 + k) for k, sev in enumerate(SEVERITIES[first:])]


def inside(f: Fighter, centre: list[float], side: float, at: Position | None = None) -> bool:
    """Even partly in a square area of `side` metres centred on `centre` (SAM-A22), `f`
    standing where it is or at `at`."""
    x0, x1, y0, y1 = space.bounds(f, at)
    h = side / 2
    return (
        x0 < centre[0] + h - space.EPS and centre[0] - h < x1 - space.EPS
        and y0 < centre[1] + h - space.EPS and centre[1] - h < y1 - space.EPS
    )  # fmt: skip


def radiation_at(state: SamState, f: Fighter, at: Position | None = None) -> str | None:
    """The worst radiation reaching `f`'s footprint (where it is, or at `at`), or None (rule
    223)."""
    worst: int | None = None
    for source in state.conditions.radiation:
        for sev, scale in zones(source):
            if inside(f, source.at, 2.0**scale, at):
                rank = SEVERITIES.index(sev)
                worst = rank if worst is None else min(worst, rank)
                break  # the innermost zone of this source reaching it
    return None if worst is None else SEVERITIES[worst]


def in_gas(f: Fighter, gas: Gas, at: Position | None = None) -> bool:
    """Even partly in the cloud's rectangle (SAM-A22), where it is or at `at`."""
    x0, x1, y0, y1 = space.bounds(f, at)
    return (
        x0 < gas.x[1] - space.EPS and gas.x[0] < x1 - space.EPS
        and y0 < gas.y[1] - space.EPS and gas.y[0] < y1 - space.EPS
    )  # fmt: skip


def radiate(table: Table, state: SamState, f: Fighter) -> None:
    """Rules 214, 223: in a zone, the radiation of its severity afflicts it unless it already
    has that radiation or a worse one."""
    sev = radiation_at(state, f)
    if sev is None:
        return
    worse = {f"radiation ({s})" for s in SEVERITIES[: SEVERITIES.index(sev) + 1]}
    if not any(s.poison in worse for s in f.syndromes):
        poison.afflict(table, state, f, f"radiation ({sev})")


def breathe(table: Table, state: SamState, f: Fighter) -> None:
    """Rule 204: in a cloud, the gas afflicts it; its DC +1 for every full round already
    spent breathing it."""
    for gas in state.conditions.gas:
        if not in_gas(f, gas):
            continue
        spent = f.breathed.get(gas.poison, 0)
        f.breathed[gas.poison] = spent + 1
        found = next((s for s in f.syndromes if s.poison == gas.poison), None)
        if found is None:
            poison.afflict(table, state, f, gas.poison, 1, base_dc(gas.poison) + spent)
        else:
            found.dc = max(found.dc, base_dc(gas.poison) + spent)


def start_of_turn(table: Table, state: SamState, f: Fighter) -> None:
    """SAM-A35: exposures where it stands, then its syndromes' checks for this turn."""
    if not state.hazardous or f.status is Status.DEAD or not f.present:
        return
    if f.to_drink:  # rule 211: the drinks it had this hour, rolled at its first turn
        for dc in f.to_drink:
            poison.drink(table, state, f, dc)
        f.to_drink = []
    if state.conditions.radiation:
        radiate(table, state, f)
    if state.conditions.gas:
        breathe(table, state, f)
    poison.airborne(table, state, f)
    poison.start_of_turn(table, state, f)


def emp_toughness(complexity: str | None) -> int:
    """Rule 200 (T-SAM-38): a device's EMP Toughness by complexity; 0 for anything not
    electronic (it is immune)."""
    return 0 if complexity is None else EMP[complexity]


def emp(table: Table, state: SamState, a: Fighter, t: Fighter, damage: int) -> str:
    """Rule 200: EMP affects only electronic devices, whatever their armour or size; damage
    above the EMP Toughness stops the device until it is repaired."""
    if not t.emp_toughness:
        result = "no effect (not electronic)"
    elif damage > t.emp_toughness:
        result = "stops"
        t.status, t.went_down = Status.DOWN, True
        state.tally["stopped by EMP"] += 1
    else:
        result = "no effect"
    table.emit(ev.Struck, attacker=a.name, target=t.name, damage=damage,
               toughness=t.emp_toughness, minimum=t.emp_toughness,
               effect=f"EMP: {result} (rule 200)")  # fmt: skip
    return result
