"""What a fighter may declare (seed "Action Declaration", "Combining Actions", "Defending",
"Casting"; checklist rules 1, 18, 131, 145, 179–195, 112; SJ-U2, SJ-U6, SJ-U35): the legal
plans as things stand before the round. The rules list them; the policy chooses."""

from __future__ import annotations

from typing import Final

from fracas.rulesets.spelljammer import data, handling, hitting, missiles, movement, space
from fracas.rulesets.spelljammer.state import Arm, Fighter, Plan, Potion, Prepared, SjState

PER_RANK: Final = int(data.tables()["defending"]["per_rank"])  # rule 181: SC given up a rank


def attack_plans(
    f: Fighter,
    e: Fighter,
    w: Arm,
    how: str,
    speed: float,
    drink: Potion | None,
    out: list[Plan] | None = None,
) -> list[Plan]:
    """Against one enemy: from where it stands (with the free move) or with no movement; the
    same Defending (about half, or all, of the most SC it may give up, rules 179–183); then
    moving away (rule 135); moving first (½ TMR) or running first (TMR) when that brings it
    in reach; else running up (2× TMR, no attack). Missiles: also Careful Aim (220). `w`
    and `how`: the weapon and how it comes to hand (rules 150–154); `speed`: its TMR
    (`movement.tmr`); `drink`: the potion it may drink alongside (`drinkable`). `out`: the
    list they are added to (issue 35: `plans` builds one list, not one per foe and weapon),
    returned."""
    plans = out if out is not None else []
    start = len(plans)
    reach_plans(f, e, w, how, speed, plans)
    if drink is not None or (f.shield_slung and not f.readying):
        more = extras(f, plans[start:], drink)
        if more:
            plans.extend(more)
    return plans


def reach_plans(
    f: Fighter, e: Fighter, w: Arm, how: str, speed: float, out: list[Plan] | None = None
) -> list[Plan]:
    """Stage 1's plans against one enemy with weapon `w`, brought to hand `how` (each plan
    built once, with its weapon, as `attack` builds it: called directly, issue 35), added to
    `out` (a new list by default)."""
    gap = space.gap(f, e)
    ranged = w.ranged
    reach = float(w.data.range) if ranged else space.REACH
    plans: list[Plan] = out if out is not None else []
    start = len(plans)
    free = 0.0 if ranged else space.FREE_MOVE
    if gap <= reach + free:
        plans.append(Plan("attack", e, "stand", 0, None, how, w))
        if w.rank and not ranged:
            most = w.rank * PER_RANK  # rule 181
            half = most // 4 * 2  # about half (below `most`, as `most` is above 0), and the most
            if half:
                plans.append(Plan("attack", e, "stand", half, None, how, w))
            plans.append(Plan("attack", e, "stand", most, None, how, w))
        if not w.ranged:
            plans.append(Plan("attack", e, "then_move", 0, None, how, w))  # rules 135–144
    if gap <= reach:
        plans.append(Plan("attack", e, "still", 0, None, how, w))
        if w.ranged:
            # Rules 220–223: standing still; with no movement (issue 30).
            plans.append(Plan("attack", e, "aim", 0, None, how, w))
            plans.append(Plan("attack", e, "aim_still", 0, None, how, w))
    elif gap <= reach + speed / 2:
        plans.append(Plan("attack", e, "move", 0, None, how, w))
    elif gap <= reach + speed:
        plans.append(Plan("attack", e, "run", 0, None, how, w))
    elif len(plans) == start:  # nothing in reach: running up
        plans.append(Plan("advance", e, "stand", 0, None, how, w))
        # Rules 216–217, P3 (issue 30): running up at a sprint or a fast sprint.
        for pace in ("sprint", "fast_sprint"):
            plans.append(Plan("advance", e, pace, 0, None, how, w))
    return plans


def attack(e: Fighter, mode: str, give: int, w: Arm, how: str, action: str = "attack") -> Plan:
    """A plan against `e` with weapon `w` (rules 131–149, 179–183)."""
    return Plan(action, e, mode, give, None, how, w)


def drinkable(state: SjState, f: Fighter) -> Potion | None:
    """Rules 157–159, SJ-U32: its first potion left, while hurt and not in melee as the round
    starts; None otherwise."""
    potion = first_potion(f)
    if potion is not None and f.hp < f.max_hp and not hitting.in_melee(state, f):
        return potion
    return None


def first_potion(f: Fighter) -> Potion | None:
    """Its first potion with a draught left (a loop: compiled, a generator is an object)."""
    for p in f.potions:
        if p.count > 0:
            return p
    return None


def extras(f: Fighter, plans: list[Plan], potion: Potion | None) -> list[Plan]:
    """Rules 155–159: readying a slung shield or drinking a potion (`drinkable`) alongside,
    paid with half the attacks (standing, with 2 or more), or, for a potion, half the
    movement (keeping every attack; SJ-U32)."""
    out: list[Plan] = []
    shield = f.shield_slung and not f.readying
    if not shield and potion is None:
        return out
    for p in plans:
        if p.action != "attack" or p.sacrifice or p.mode not in ("stand", "move", "run"):
            continue
        if p.mode == "stand" and f.attacks > 1:
            if shield:
                out.append(p.with_extra("shield", "attacks"))
            if potion is not None:
                out.append(p.with_extra("potion", "attacks", potion))
        if potion is not None:
            out.append(p.with_extra("potion", "movement", potion))
    return out


def away_plans() -> list[Plan]:
    """Issue 30: a plain withdrawal or flight — no attacks, straight away from the nearest
    foe at a walk (TMR), a run (2×), a sprint (3×) or a fast sprint (4×) (P3, rules 202,
    215–217; leaving an engaged foe's reach gives its free attack, SJ-U39) — and dodging (rule
    218: no attacks, −20 to missiles at it, SJ-U41): `AWAY`."""
    return list(AWAY)


# The plans with no target or weapon, built once a process and handed out again (issue 35):
# no rule changes an option, the plan declared is a copy (`Plan.copy`).
AWAY: Final = (
    Plan("flee", None, "walk"), Plan("flee", None, "run"), Plan("flee", None, "sprint"),
    Plan("flee", None, "fast_sprint"), Plan("dodge", None),
)  # fmt: skip
HOLD: Final = Plan("hold", None)  # rule 36, SJ-U34
SHIELD: Final = Plan("shield", None)  # rule 155
CAUGHT: Final = Plan("caught", None)  # rules 107–110, SJ-U19
FULL: Final = Plan("full", None)  # rules 184–186
DESPERATE: Final = Plan("desperate", None)  # rules 190–191
DESPERATE_STILL: Final = Plan("desperate", None, "still")  # rules 18–26 with 190–191


def own_plans(state: SjState, f: Fighter, into: list[Plan] | None = None) -> list[Plan]:
    """Stage 2's plans that need no foe (rules 36, 155–159, 199–201, 244): hold, pick up a
    dropped weapon, ready a shield, drink a potion, First Aid on a stuck missile. `into`: the
    list they are added to (issue 35: `plans` extends no second list), returned."""
    out = into if into is not None else []
    out.append(HOLD)
    arm = handling.dropped(f)
    if arm is not None:
        foes = [e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.able]
        near = [e for e in foes if space.gap(f, e) <= space.REACH]
        out.append(Plan("pickup", near[0] if near else None, arm=arm))
    if f.shield_slung and not f.readying:
        out.append(SHIELD)
    potion = first_potion(f)
    if potion is not None and f.hp < f.max_hp and not hitting.in_melee(state, f):
        drink = Plan("drink", None)
        drink.potion = potion
        out.append(drink)
    if f.first_aid:
        out.extend(Plan("aid", a) for a in missiles.patients(state, f))
    return out


def visible_foes(state: SjState, f: Fighter) -> list[Fighter]:
    """Able enemies it may declare against: not a hidden ambusher (SJ-U19: a 1× or 2× PER
    roll reveals them, rules 103–106); an invisible foe is a target, at its penalty."""
    return [e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.able and not e.hidden]


def spell_plans(state: SjState, f: Fighter, spell: Prepared) -> list[Plan]:
    """Rules 112, 121: a spell at a target in range, standing or with no movement (+3
    initiative, rule 27's mage); healing only at a hurt ally."""
    plans = []
    for t in state.fighters():
        if not t.able or space.gap(f, t) > spell.range or (t.hidden and t.side != f.side):
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
    foes = visible_foes(state, f)
    if f.ambush_band >= 3 and state.surprise_round:
        return [CAUGHT]  # rules 107–110, SJ-U19: it cannot act this round
    ways = handling.ways(f)
    if ways and foes:
        speed = movement.tmr(state, f)
        drink = drinkable(state, f)
        for how, arm in ways:
            for e in foes:
                attack_plans(f, e, arm, how, speed, drink, out)
    for spell in f.spells:
        if spell.uses > 0:
            out.extend(spell_plans(state, f, spell))
    if foes:
        out.extend(AWAY)
    if f.armed:
        out.append(FULL)
    out.append(DESPERATE)
    out.append(DESPERATE_STILL)  # rules 18–26: a person may; policy never
    own_plans(state, f, out)
    return out
