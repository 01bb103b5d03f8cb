"""What a fighter may declare (seed "Action Declaration", "Combining Actions", "Defending",
"Casting"; checklist rules 1, 18, 131, 145, 179–195, 112; SJ-U2, SJ-U6, SJ-U35): the legal
plans as things stand before the round. The rules list them; the policy chooses."""

from __future__ import annotations

from fracas.rulesets.spelljammer import data, movement, space
from fracas.rulesets.spelljammer.state import Fighter, Plan, Prepared, SjState


def attack_plans(state: SjState, f: Fighter, e: Fighter) -> list[Plan]:
    """Against one enemy: from where it stands (with the free move) or with no movement; the
    same Defending (about half, or all, of the most SC it may give up, rules 179–183); then
    moving away (rule 135); moving first (½ TMR) or running first (TMR) when that brings it
    in reach; else running up (2× TMR, no attack). Missiles: also Careful Aim (220)."""
    w = f.weapon
    gap = space.gap(f, e)
    reach = float(w.data.range) if w.data.ranged else space.REACH
    speed = movement.tmr(state, f)
    plans: list[Plan] = []
    free = 0.0 if w.data.ranged else float(data.tables()["free_move"])
    if gap <= reach + free:
        plans.append(Plan("attack", e))
        if w.rank and not w.data.ranged:
            most = w.rank * int(data.tables()["defending"]["per_rank"])  # rule 181
            for give in sorted({most // 4 * 2, most} - {0}):  # about half, and the most
                plans.append(Plan("attack", e, sacrifice=give))
        if not w.data.ranged:
            plans.append(Plan("attack", e, "then_move"))  # rules 135–144
    if gap <= reach:
        plans.append(Plan("attack", e, "still"))
        if w.data.ranged:
            plans.append(Plan("attack", e, "aim"))  # rules 220–223
    elif gap <= reach + speed / 2:
        plans.append(Plan("attack", e, "move"))
    elif gap <= reach + speed:
        plans.append(Plan("attack", e, "run"))
    elif not plans:
        plans.append(Plan("advance", e))
    return plans


def spell_plans(state: SjState, f: Fighter, spell: Prepared) -> list[Plan]:
    """Rules 112, 121: a spell at a target in range, standing or with no movement (+3
    initiative, rule 27's mage); healing only at a hurt ally."""
    plans = []
    for t in state.fighters():
        if not t.able or space.gap(f, t) > spell.range:
            continue
        if spell.heal and (t.side != f.side or t.hp >= t.max_hp):
            continue
        if spell.damage and t.side == f.side:
            continue
        plans.append(Plan("cast", t, spell=spell))
        plans.append(Plan("cast", t, "still", spell=spell))  # rule 27: a mage's earlier spell
    return plans


def plans(state: SjState, f: Fighter, carried: Prepared | None, aim: Fighter | None) -> list[Plan]:
    """SJ-U35: a spell carried from last round first (it may be dropped); the attacks and
    spells it can make; Full Defense (rules 184–186) with a weapon, Desperate Defense
    (190–191)."""
    out: list[Plan] = []
    if carried is not None and carried.uses > 0:
        out.append(Plan("continue", aim, spell=carried))
    foes = [e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.able]
    if f.arms:
        for e in foes:
            out.extend(attack_plans(state, f, e))
    for spell in f.spells:
        if spell.uses > 0:
            out.extend(spell_plans(state, f, spell))
    if f.arms:
        out.append(Plan("full", None))
    out.append(Plan("desperate", None))
    out.append(Plan("desperate", None, "still"))  # rules 18–26: a person may; policy never
    return out
