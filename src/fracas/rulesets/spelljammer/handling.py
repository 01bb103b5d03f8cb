"""Weapon handling and the half-round actions (seed "Draw Weapon", "Ready Shield", "Drink
Potion", "Free Actions", "Picking Up a Dropped Weapon"; checklist rules 150–162, 199–201;
SJ-U4, SJ-U30–U34): what getting a weapon in hand costs, the "two −5 actions" rule, free
actions, readying a shield, drinking a potion, picking a weapon up."""

from __future__ import annotations

import math
from typing import Final

from fracas.core.table import Table
from fracas.rulesets.spelljammer import data
from fracas.rulesets.spelljammer.events import Handling
from fracas.rulesets.spelljammer.hitting import wound_modifier
from fracas.rulesets.spelljammer.sight import band
from fracas.rulesets.spelljammer.state import Arm, Fighter, Plan, SjState

PICK_UP: Final = "DEX roll to pick up a weapon (rule 200)"
POTION: Final = "potion"
MINUS_FIVE: Final = {"": 0, "draw": 1, "switch": 2, "drop_draw": 1}  # rules 150–152
MINUS_FIVE_INITIATIVE: Final = int(data.tables()["minus_five"])  # rule 150: each one's −5


def ways(f: Fighter) -> list[tuple[str, Arm]]:
    """Rules 150–154, SJ-U33: how each weapon can be in hand to attack this round — the one
    in hand as it is; a sheathed one drawn (−5), or, with another in hand, that one sheathed
    first (−10 and an action, rule 153) or dropped (a free action) and this one drawn."""
    held = f.arms[0] if f.armed else None
    out: list[tuple[str, Arm]] = []
    for a in f.arms:
        if a.ammo == 0:
            continue  # issue 30, item 10: nothing left to shoot or throw
        if a is held:
            out.append(("", a))
        elif a.state == "sheathed" and held is None:
            out.append(("draw", a))
        elif a.state == "sheathed":
            out.extend((("switch", a), ("drop_draw", a)))
    return out


def dropped(f: Fighter) -> Arm | None:
    """Rules 199–201: a weapon at its feet it can pick up (its hands empty)."""
    if f.armed:
        return None
    for a in f.arms:  # (a loop: compiled, a generator is an object)
        if a.state == "dropped":
            return a
    return None


def initiative(plan: Plan) -> tuple[int, str]:
    """Rules 150–152, SJ-U30: −5 for each draw or sheathe, on every initiative roll."""
    n = MINUS_FIVE[plan.handling]
    if not n:
        return 0, ""
    words = {1: "−5 drawing", 2: "−10 sheathing and drawing"}[n]
    return initiative_penalty(plan), words


def initiative_penalty(plan: Plan) -> int:
    """`initiative` without the words (the policy scores every plan by it); no handling, none
    (issue 35: most plans, answered without the table's look-up)."""
    if not plan.handling:
        return 0
    return MINUS_FIVE[plan.handling] * MINUS_FIVE_INITIATIVE


def minus_fives(state: SjState, plan: Plan) -> int:
    """SJ-U30: the declared −5 actions — draw, sheathe, and move-and-attack (unless the option
    `two_minus_five: weapon_handling`)."""
    n = MINUS_FIVE[plan.handling] if plan.handling else 0  # (most plans: no look-up)
    if plan.mode == "move" and state.two_minus_five_any:
        n += 1
    return n


def free_actions(state: SjState, f: Fighter, plan: Plan) -> int:
    """Rules 160–162, SJ-U33: dropping a weapon, and the warning shouted in an ambush."""
    return int(plan.handling == "drop_draw") + int(state.surprise_round and f.warned)


def lost(state: SjState, f: Fighter, plan: Plan, attacks: int) -> int:
    """SJ-U4, SJ-U30, SJ-U31, SJ-U32, SJ-U33: attacks a declaration loses besides moving
    and aiming — every two −5 actions one; a shield or a potion paid with attacks, half the
    attacks rounded up (rules 156, 159); each free action after the first one."""
    out = minus_fives(state, plan) // 2
    if plan.extra == "shield" or (plan.extra == "potion" and plan.cost == "attacks"):
        out += math.ceil(attacks / 2)
    return out + max(0, free_actions(state, f, plan) - 1)


def equip(table: Table, f: Fighter, plan: Plan) -> None:
    """Rules 150–154: the declared weapon comes to hand; the one held is sheathed (switch) or
    dropped at its feet (drop_draw, a free action)."""
    arm = plan.arm
    if not plan.handling or arm is None or (arm is f.arms[0] and f.armed):
        return
    held = f.arms[0] if f.armed else None
    words = f"draws its {arm.data.name}"
    if held is not None:
        held.state = "sheathed" if plan.handling == "switch" else "dropped"
        how = "sheathes" if plan.handling == "switch" else "drops (a free action)"
        words = f"{how} its {held.data.name} and {words}"
    arm.state = "in_hand"
    f.arms.remove(arm)
    f.arms.insert(0, arm)
    if table.observed:
        table.emit(Handling, who=f.name, what=words)


def pick_up(table: Table, state: SjState, f: Fighter, plan: Plan) -> bool:
    """Rules 199–201: a DEX roll (with the wound modifier, SJ-U16): 4× or better retrieves
    the weapon; 1× also leaves one attack at −5. True when that attack is left."""
    arm = plan.arm
    assert arm is not None
    roll = table.roll("1d100", by=f, reason=PICK_UP).total
    k = band(roll - wound_modifier(f), f.dex)
    t = data.tables()["pick_up"]
    got = k <= int(t["retrieve"])
    if got:
        arm.state = "in_hand"
        f.arms.remove(arm)
        f.arms.insert(0, arm)
        state.tally["weapons picked up"] += 1
    verdict = "retrieves it" if got else "fumbles: the weapon stays on the ground"
    if k <= int(t["attack"]):
        verdict += ", and can still attack once at −5"
    if table.observed:
        table.emit(Handling, who=f.name, what=f"picks up its {arm.data.name}: DEX roll d100 "
                   f"{roll:02d} ({k}× DEX) — {verdict}")  # fmt: skip
    return k <= int(t["attack"])


def ready_shield(state: SjState, f: Fighter) -> None:
    """Rule 155, SJ-U31: the shield counts from the next round (option `segment_5`: from 5)."""
    f.readying = True
    if state.options.shield_counts == "segment_5":
        f.shield_at = 5


def drink(table: Table, f: Fighter, plan: Plan) -> None:
    """Rules 157–159, SJ-U32: the potion takes effect at the drinker's first initiative slot;
    its effect is data (hit points restored, up to the maximum)."""
    potion = plan.potion
    if potion is None or potion.count <= 0 or not f.able or f.stunned:
        return
    potion.count -= 1
    rolled = table.roll(potion.heal, by=f, reason=POTION).total
    gained = max(0, min(rolled, f.max_hp - f.hp))
    f.hp += gained
    if table.observed:
        table.emit(Handling, who=f.name, what=f"drinks {potion.name}: {rolled} rolled, regains "
                   f"{gained} hp ({f.hp}/{f.max_hp})")  # fmt: skip
