"""Called shots (seed "Called Shots"; rules 116-124; SAM-A27, SAM-A28, SAM-A29; T-SAM-13).

A called shot is a single attack at a region: the region's modifier raises the Target; the
hit's damage is measured against Toughness and Minimum Toughness lowered by the region's
adjustment for that hit only; the region's row gives the result. Limbs never start dying
(rule 124, SAM-A29): their row at Toughness replaces it. The Fortitude DC is the damage as
rolled (SAM-A29). Offered: leg, arm, hand, head, critical region (a torso shot is an ordinary
attack); wings against a flyer (rule 123, SAM-A11)."""

from __future__ import annotations

from typing import Any, Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.needs import d6, d6_needs
from fracas.rulesets.semiautomagic.setup import wield
from fracas.rulesets.semiautomagic.state import Fighter, SamState

OFFERED: Final[tuple[str, ...]] = ("head", "critical", "arm", "leg", "hand")
WINGS: Final = "wings"  # rule 123: offered against a flyer (SAM-A11)
ALL: Final = (*OFFERED, WINGS)


def regions(t: Fighter) -> tuple[str, ...]:
    """The regions a called shot may aim at on `t`: wings only on a flyer (rule 123)."""
    return ALL if t.fly_squares > 0 else OFFERED


NONE: Final = "none"
MINIMUM: Final = "minimum"
TOUGHNESS: Final = "toughness"


def row(region: str) -> dict[str, Any]:
    found: dict[str, Any] = data.tables()["called_shots"][region]
    return found


def aim(sit: Any, region: str) -> None:
    """Rule 116: the region's Target modifier on the attack's situation."""
    sit.target += row(region)["target"]
    sit.rules = "; ".join(filter(None, (sit.rules, f"called shot at the {region}")))


def severity(region: str, damage: int, tough: int, least: int, on_equal: bool) -> str:
    """Which row of the region the hit reaches, against the adjusted Toughness (T-SAM-13:
    a head shot on 9/3 is measured against 6/0)."""
    adj = row(region)["toughness"]
    if damage >= tough + adj:
        return TOUGHNESS
    if damage > least + adj or (on_equal and damage == least + adj):
        return MINIMUM
    return NONE


def wound_effect(region: str, level: str) -> str:
    """The hit's wound result for `harm`: head, critical region and torso as any hit (a
    wound, or dying at Toughness); leg and arm a wound either way; hand and wings no wound at
    Minimum (SAM-A28), a wound at Toughness (SAM-A29)."""
    if level == NONE:
        return "no effect"
    if not row(region)["limb"]:
        return "dying" if level == TOUGHNESS else "wound"
    if level == MINIMUM and region in ("hand", "wings"):
        return "no effect"
    return "wound"


def fortitude(table: Table, t: Fighter, dc: int) -> bool:
    """A Fortitude check against the damage as rolled (SAM-A29)."""
    bonus = t.bonus["fortitude"]
    total = table.roll(
        d6(bonus),
        by=t,
        reason=f"{t.name}'s Fortitude (DC {dc})",
        needs=lambda: d6_needs(dc, bonus, "to resist"),
    ).total
    return total >= dc


def after(table: Table, state: SamState, t: Fighter, region: str, level: str, damage: int) -> None:
    """The region's own effects (rules 117-120), once the hit's wound is applied."""
    if level == NONE or not t.active:
        return
    state.tally[f"called shot {region}"] += 1
    if region == "head" and level == MINIMUM and not fortitude(table, t, damage):
        t.staggered = max(t.staggered, 1)  # SAM-A3: staggered one round = one roll
        say(table, t, "is staggered for a round (head, rule 120)")
    elif region == "leg":
        lame(table, t, level, damage)
    elif region == "arm" and level == TOUGHNESS:
        drop(table, t, "its arm is useless (rule 118)")
    elif region == WINGS:
        clip(table, t, level)
    elif region == "hand":
        if level == TOUGHNESS:
            drop(table, t, "its hand is useless (rule 119)")
            return
        t.hand_penalty += 1  # SAM-A28: -1 to its attacks to the end of the encounter
        if not fortitude(table, t, damage):
            drop(table, t, "drops what it holds (hand, rule 119)")


def clip(table: Table, t: Fighter, level: str) -> None:
    """Rule 123 (SAM-A28, SAM-A11): at Minimum, flight speed -1 square (no wound, to the end
    of the encounter); at Toughness it can no longer fly: aloft, it falls as the turn ends."""
    t.fly_squares = max(0, t.fly_squares - (1 if level == MINIMUM else t.fly_squares))
    if t.altitude > 0:
        t.move_squares = t.fly_squares
        t.run_squares = 3 * t.fly_squares
    say(table, t, "can no longer fly (wings, rule 123)" if t.fly_squares == 0
        else f"flies {t.fly_squares} square(s) a move (wings, rule 123)")  # fmt: skip


def lame(table: Table, t: Fighter, level: str, damage: int) -> None:
    """Rule 117: speed -1 square at Minimum, -1 more at Toughness; both legs hit at Toughness:
    crawl only; at Toughness a Fortitude check or fall prone."""
    t.move_squares = max(0, t.move_squares - (1 if level == MINIMUM else 2))
    say(table, t, f"is lamed: {t.move_squares} square(s) a move (leg, rule 117)")
    if level != TOUGHNESS:
        return
    t.legs_hit += 1
    if not fortitude(table, t, damage):
        t.posture = "prone"
        say(table, t, "falls prone (leg, rule 117)")


def drop(table: Table, t: Fighter, why: str) -> None:
    """Rules 118-119: the weapon in hand is dropped; the fighter goes on with the next it
    carries, or unarmed (a one-armed fighter's other hand, F-SAM-48)."""
    gone = t.weapons.pop(0)
    if not t.weapons:
        t.weapons.append(wield(t, data.weapons()["unarmed"]))
    say(table, t, f"{why}: the {gone.data.name} falls")


def say(table: Table, t: Fighter, what: str) -> None:
    table.emit(ev.Did, who=t.name, what=what)
