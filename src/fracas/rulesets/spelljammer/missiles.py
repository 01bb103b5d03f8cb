"""Missiles stuck in the target (seed "Critical or Grievous Hits" under "Ranged Modifiers";
checklist rules 238–244; S-C1, SJ-U46): the DEX penalty and the bleeding, adding up, and
pulling them out with First Aid."""

from __future__ import annotations

from typing import Final

from fracas.core.table import Table
from fracas.rulesets.spelljammer import data, space
from fracas.rulesets.spelljammer.events import Bleeding, FirstAid, MissileStuck
from fracas.rulesets.spelljammer.hitting import GRIEVOUS, HIT, MISS, wound_modifier
from fracas.rulesets.spelljammer.state import Fighter, SjState, Stuck

FIRST_AID: Final = "First Aid (SJ-U46)"


def spend(f: Fighter) -> None:
    """Issue 30, item 10: a missile shot or thrown is spent — the quiver counts down; the
    last thrown weapon leaves the hand and is gone until picked up where it fell (which the
    engine does not walk to do)."""
    w = f.weapon
    if not w.ranged or w.ammo is None:
        return
    w.ammo = max(0, w.ammo - 1)
    if w.ammo == 0 and w.data.kind == "thrown":
        w.state = "thrown"


def empty(f: Fighter) -> str:
    """Why `f` cannot shoot or throw now ("" when it can): nothing in hand, or no missile
    left (issue 30, item 10)."""
    if not f.armed:
        gone = f.arms and f.arms[0].state == "thrown"
        return f"its {f.arms[0].data.name} is thrown and gone" if gone else "no weapon in hand"
    w = f.weapon
    if w.ammo == 0:
        return "no arrows or quarrels left" if w.data.kind != "thrown" else "nothing left to throw"
    return ""


def sticks(attacker: Fighter, result: str) -> Stuck | None:
    """Rules 238–243: a critical or grievous hit with a penetrating missile leaves it in the
    target: arrow or quarrel −2 DEX and 1 bleeding, javelin −3 and 2, spear −4 and 5; a
    grievous hit 1 DEX worse."""
    w = attacker.weapon.data
    if result in (MISS, HIT) or not w.stuck:
        return None
    t = data.tables()
    dex, bleed = (int(v) for v in t["stuck"][w.stuck])
    if result == GRIEVOUS:
        dex += int(t["stuck_grievous_dex"])
    return Stuck(w.stuck, dex, bleed)


def lodge(table: Table, f: Fighter, stuck: Stuck) -> None:
    """SJ-U46: penalties add up; the DEX penalty reaches N× DEX rolls and IM through P2."""
    f.stuck.append(stuck)
    recompute(f)
    if table.observed:
        table.emit(
            MissileStuck, who=f.name, missile=stuck.missile, dex=stuck.dex, bleed=stuck.bleed
        )


def recompute(f: Fighter) -> None:
    """SJ-U46: DEX less every stuck missile's penalty (and, SJ-U13, DEX lost to grievous
    wounds); IM moves by P2's table."""
    f.dex = max(1, f.base_dex + f.dex_lost + sum(s.dex for s in f.stuck))
    f.im = f.base_im + data.dex_im(f.dex) - data.dex_im(f.base_dex)


def bleed(table: Table, f: Fighter) -> int:
    """Rules 240–242, SJ-U46: bleeding from stuck missiles at the end of every round of the
    battle, no PROT, no stun."""
    amount = sum(s.bleed for s in f.stuck)
    if amount and f.active:
        f.hp -= amount
        if table.observed:
            table.emit(Bleeding, who=f.name, amount=amount, hp=f.hp, cause="stuck missile")
    return amount


def patients(state: SjState, f: Fighter) -> list[Fighter]:
    """SJ-U46: itself or an adjacent ally with a missile stuck in it."""
    return [
        a for a in state.fighters()
        if a.side == f.side and a.active and a.stuck and (a is f or space.gap(f, a) <= space.REACH)
    ]  # fmt: skip


def first_aid(table: Table, state: SjState, f: Fighter, patient: Fighter) -> None:
    """SJ-U46: d100 ≤ First Aid + the wound modifier pulls the worst missile out; on a
    failure it stays. It costs all that round's attacks (the declaration)."""
    if not patient.stuck or not f.able or f.stunned:
        return
    worst = max(patient.stuck, key=lambda s: (s.bleed, -s.dex))
    needed = f.first_aid + wound_modifier(f)
    roll = table.roll(
        "1d100", by=f, reason=FIRST_AID, needs=lambda: f"{needed} or less to pull it out"
    ).total
    if table.observed:
        table.emit(
            FirstAid, who=f.name, patient=patient.name, missile=worst.missile, roll=roll,
            needed=needed,
        )  # fmt: skip
    if roll <= needed:
        patient.stuck.remove(worst)
        recompute(patient)
        state.tally["missiles pulled out"] += 1
