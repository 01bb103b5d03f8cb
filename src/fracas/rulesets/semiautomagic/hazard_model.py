"""Encounter fields for stage 2's movement and hazards (checklist "Encounter fields": mounts
paired to riders; rules 131-134, 145-151, 200, 202-216, 223; SAM-A11, SAM-A35, SAM-A38):
doses of poison, radiation sources, clouds of gas, and the check that a rider's mount is a
combatant of its side."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal, Protocol

from pydantic import Field, field_validator, model_validator

from fracas.core.encounter import StrictModel, unknown
from fracas.rulesets.semiautomagic import data

Severity = Literal["extreme", "heavy", "moderate", "light", "minor"]  # rule 214
Complexity = Literal["very simple", "simple", "moderate", "complicated", "advanced"]  # 200


def doublings(doses: int) -> int:
    """Rule 210: full doublings of a standard dose (2 → 1, 3 → 1, 4 → 2)."""
    return int(math.log2(doses) + 1e-9) if doses > 1 else 0


def overdose(base: int, doses: int) -> tuple[int, int]:
    """Rule 210 (C13 as corrected, T-SAM-31): the DC +1 per doubling; a failure counts as
    1 + doublings poisonings (a double dose twice, a quadruple dose three times)."""
    n = doublings(doses)
    return base + n, 1 + n


def base_dc(poison: str) -> int:
    """The table's Fortitude DC (alcohol's "3-6": its lowest; a drink gives its own)."""
    dc = data.poisons()[poison]["dc"]
    return int(dc[0]) if isinstance(dc, list) else int(dc)


def known_poison(name: str) -> str:
    if name not in data.poisons():
        raise unknown("poison", name, list(data.poisons()))
    return name


class Dose(StrictModel):
    """A syndrome a combatant has as the fight starts (rules 208, 210): `doses` standard
    doses taken at once (an overdose: DC +1 a doubling, C13 as corrected)."""

    poison: str = Field(description="a name from the poison table (rules 213-215)")
    doses: int = Field(default=1, ge=1, le=1024)

    @field_validator("poison")
    @classmethod
    def _poison(cls, name: str) -> str:
        return known_poison(name)


class RadiationSource(StrictModel):
    """Rule 223: a radioactive object of `scale` at `at` radiating `severity` over the area of
    one scale larger, one severity less for each scale beyond."""

    severity: Severity
    scale: int = Field(default=0, ge=-1, le=10)
    at: list[float] = Field(min_length=2, max_length=2, description="[x, y] in metres")


class Gas(StrictModel):
    """Rule 204: a cloud of an inhaled poison (tear gas, chloroform) over a rectangle."""

    poison: str
    x: list[float] = Field(min_length=2, max_length=2, description="[west, east] in metres")
    y: list[float] = Field(min_length=2, max_length=2, description="[south, north] in metres")

    @field_validator("poison")
    @classmethod
    def _inhaled(cls, name: str) -> str:
        known_poison(name)
        if "inhalation" not in data.poisons()[name]["primary"]:
            raise ValueError(f"{name!r} is not breathed in (rule 204): it cannot be a gas")
        return name

    @model_validator(mode="after")
    def _ordered(self) -> Gas:
        if self.x[0] >= self.x[1] or self.y[0] >= self.y[1]:
            raise ValueError(f"gas x {self.x} and y {self.y} must each go from low to high")
        return self


class _Sheet(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def rides(self) -> str | None: ...
    @property
    def arrives(self) -> int: ...


class _Side(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def combatants(self) -> Sequence[_Sheet]: ...


def mount_problem(sides: Sequence[_Side]) -> str | None:
    """Rules 131-134: a rider's `rides` names one combatant of its own side (count 1), not
    itself, not a rider, arriving with it (rule 4), and not ridden by two."""
    ridden: set[str] = set()
    for side in sides:
        sheets = {c.name: c for c in side.combatants}
        for c in side.combatants:
            if c.rides is None:
                continue
            mount = sheets.get(c.rides)
            if mount is None:
                return f"{c.name} rides {c.rides!r}: no combatant of side {side.name} is called so"
            if mount is c or mount.rides is not None:
                return f"{c.name} rides {c.rides!r}, which is itself a rider"
            if c.count != 1 or mount.count != 1:
                return f"{c.name} and its mount {c.rides!r} must each have count 1"
            if c.arrives != mount.arrives:
                return f"{c.name} and its mount {c.rides!r} must arrive in the same round"
            if c.rides in ridden:
                return f"{c.rides!r} is ridden by two riders"
            ridden.add(c.rides)
    return None
