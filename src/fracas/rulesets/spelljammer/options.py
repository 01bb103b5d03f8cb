"""What a fighter may declare (seed "Action Declaration", "Combining Actions", "Defending",
"Casting"; checklist rules 1, 18, 131, 145, 179–195, 112; SJ-U2, SJ-U6, SJ-U35): the legal
plans as things stand before the round. The rules list them; the policy chooses."""

from __future__ import annotations

from typing import Final

from fracas.rulesets.spelljammer import data, handling, hitting, missiles, movement, space
from fracas.rulesets.spelljammer.state import Arm, Fighter, Plan, Potion, Prepared, SjState

PER_RANK: Final = int(data.tables()["defending"]["per_rank"])  # rule 181: SC given up a rank


class Listed:
    """Each fighter's options as `plans` last listed them, in one state (issue 35: about half
    of a round's attack plans are listed again the same as the round before — the same foe,
    weapon and mode — and building and freeing one cost more than comparing it). A plan
    listed at the same place as before, equal field by field (`put`), is the object listed
    before, handed out again: the options are immutable (the plan declared is a copy,
    `Plan.copy`), so an equal one is the same option whatever state it came from; the
    listings are dropped when another state lists (a copy of the state, `clone_state`, or the
    next battle). No cycle: this names the state, its fighters and their plans, and nothing
    of the state names it."""

    __slots__ = ("by", "state")

    def __init__(self) -> None:
        self.state: SjState | None = None
        self.by: dict[Fighter, list[Plan]] = {}

    def of(self, state: SjState, f: Fighter) -> list[Plan]:
        """`f`'s last listing in `state` (empty: none)."""
        if self.state is not state:
            self.state, self.by = state, {}
        found = self.by.get(f)
        return found if found is not None else NO_PLANS


NO_PLANS: Final[list[Plan]] = []  # a listing with nothing in it (`Listed.of`), never changed
LISTED: Final = Listed()


def put(
    out: list[Plan],
    old: list[Plan],
    action: str,
    e: Fighter,
    mode: str,
    give: int,
    how: str,
    w: Arm,
) -> None:
    """Add `Plan(action, e, mode, give, None, how, w)` to `out`: the plan at the same place in
    the fighter's last listing `old` when it is that plan, field by field (`Listed`), else a
    new one."""
    k = len(out)
    if k < len(old):
        p = old[k]
        if (
            p.target is e and p.arm is w and p.sacrifice == give and p.mode == mode
            and p.action == action and p.handling == how and p.spell is None and not p.extra
            and not p.cost and p.potion is None
        ):  # fmt: skip
            out.append(p)
            return
    out.append(Plan(action, e, mode, give, None, how, w))


def attack_plans(
    f: Fighter,
    e: Fighter,
    w: Arm,
    how: str,
    speed: float,
    drink: Potion | None,
    out: list[Plan] | None = None,
    old: list[Plan] = NO_PLANS,
) -> list[Plan]:
    """Against one enemy: from where it stands (with the free move) or with no movement; the
    same Defending (about half, or all, of the most SC it may give up, rules 179–183); then
    moving away (rule 135); moving first (½ TMR) or running first (TMR) when that brings it
    in reach; else running up (2× TMR, no attack). Missiles: also Careful Aim (220). `w`
    and `how`: the weapon and how it comes to hand (rules 150–154); `speed`: its TMR
    (`movement.tmr`); `drink`: the potion it may drink alongside (`drinkable`). `out`: the
    list they are added to (issue 35: `plans` builds one list, not one per foe and weapon),
    returned; `old`: the fighter's last listing (`put`)."""
    plans = out if out is not None else []
    start = len(plans)
    reach_plans(f, e, w, how, speed, plans, old)
    if drink is not None or (f.shield_slung and not f.readying):
        more = extras(f, plans[start:], drink)
        if more:
            plans.extend(more)
    return plans


def reach_plans(
    f: Fighter,
    e: Fighter,
    w: Arm,
    how: str,
    speed: float,
    out: list[Plan] | None = None,
    old: list[Plan] = NO_PLANS,
) -> list[Plan]:
    """Stage 1's plans against one enemy with weapon `w`, brought to hand `how` (each plan
    built once, with its weapon, as `attack` builds it: called directly, issue 35), added to
    `out` (a new list by default); each built anew or, listed the same before, handed out
    again (`put`, from the fighter's last listing `old`)."""
    gap = space.gap(f, e)
    ranged = w.ranged
    reach = float(w.data.range) if ranged else space.REACH
    plans: list[Plan] = out if out is not None else []
    start = len(plans)
    free = 0.0 if ranged else space.FREE_MOVE
    if gap <= reach + free:
        put(plans, old, "attack", e, "stand", 0, how, w)
        if w.rank and not ranged:
            most = w.rank * PER_RANK  # rule 181
            half = most // 4 * 2  # about half (below `most`, as `most` is above 0), and the most
            if half:
                put(plans, old, "attack", e, "stand", half, how, w)
            put(plans, old, "attack", e, "stand", most, how, w)
        if not w.ranged:
            put(plans, old, "attack", e, "then_move", 0, how, w)  # rules 135–144
    if gap <= reach:
        put(plans, old, "attack", e, "still", 0, how, w)
        if w.ranged:
            # Rules 220–223: standing still; with no movement (issue 30).
            put(plans, old, "attack", e, "aim", 0, how, w)
            put(plans, old, "attack", e, "aim_still", 0, how, w)
    elif gap <= reach + speed / 2:
        put(plans, old, "attack", e, "move", 0, how, w)
    elif gap <= reach + speed:
        put(plans, old, "attack", e, "run", 0, how, w)
    elif len(plans) == start:  # nothing in reach: running up
        put(plans, old, "advance", e, "stand", 0, how, w)
        # Rules 216–217, P3 (issue 30): running up at a sprint or a fast sprint.
        for pace in ("sprint", "fast_sprint"):
            put(plans, old, "advance", e, pace, 0, how, w)
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
        old = LISTED.of(state, f)
        for how, arm in ways:
            for e in foes:
                attack_plans(f, e, arm, how, speed, drink, out, old)
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
    if ways and foes:
        LISTED.by[f] = out  # `Listed`: what the next round's listing compares with
    return out
