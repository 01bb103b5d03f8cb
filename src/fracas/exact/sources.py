"""What the exact odds are taken from (issue 32: checked at the door): an encounter at its
start, or a battle as it stands. Here, above the battle, which the core's argument checks
are below (issue 36)."""

from __future__ import annotations

from fracas.core import arguments
from fracas.core.battle import Battle
from fracas.core.encounter import Encounter


def encounter_or_battle(value: object, name: str = "source") -> Encounter | Battle:
    """An `Encounter` or a `Battle`, or the error naming `name` and how to make one."""
    if isinstance(value, Battle):
        return value
    return arguments.encounter(value, name, "an Encounter from fracas.load() or a Battle")
