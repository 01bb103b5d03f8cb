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
    row: Row | None = None,
) -> list[Plan]:
    """Against one enemy: from where it stands (with the free move) or with no movement; the
    same Defending (about half, or all, of the most SC it may give up, rules 179–183); then
    moving away (rule 135); moving first (½ TMR) or running first (TMR) when that brings it
    in reach; else running up (2× TMR, no attack). Missiles: also Careful Aim (220). `w`
    and `how`: the weapon and how it comes to hand (rules 150–154); `speed`: its TMR
    (`movement.tmr`); `drink`: the potion it may drink alongside (`drinkable`). `out`: the
    list they are added to (issue 35: `plans` builds one list, not one per foe and weapon),
    returned; `row`: the plans kept from earlier rounds (`reach_plans`)."""
    plans = out if out is not None else []
    start = len(plans)
    reach_plans(f, e, w, how, speed, plans, row)
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
    row: Row | None = None,
) -> list[Plan]:
    """Stage 1's plans against one enemy with weapon `w`, brought to hand `how` (each plan
    built once, with its weapon, as `attack` builds it: called directly, issue 35), added to
    `out` (a new list by default). `row`: the plans against `e` with `w` brought `how` kept
    from earlier rounds (`Row`, `Bank`), handed out again; None: each built anew."""
    gap = space.gap(f, e)
    ranged = w.ranged
    reach = float(w.data.range) if ranged else space.REACH
    plans: list[Plan] = out if out is not None else []
    start = len(plans)
    free = 0.0 if ranged else space.FREE_MOVE
    r = row if row is not None else Row(e, w, how)
    if gap <= reach + free:
        plans.append(r.plan(STAND, "attack", "stand", 0))
        if w.rank and not ranged:
            most = w.rank * PER_RANK  # rule 181
            half = most // 4 * 2  # about half (below `most`, as `most` is above 0), and the most
            if half:
                plans.append(r.plan(HALF, "attack", "stand", half))
            plans.append(r.plan(MOST, "attack", "stand", most))
        if not w.ranged:
            plans.append(r.plan(THEN_MOVE, "attack", "then_move", 0))  # rules 135–144
    if gap <= reach:
        plans.append(r.plan(STILL, "attack", "still", 0))
        if w.ranged:
            # Rules 220–223: standing still; with no movement (issue 30).
            plans.append(r.plan(AIM, "attack", "aim", 0))
            plans.append(r.plan(AIM_STILL, "attack", "aim_still", 0))
    elif gap <= reach + speed / 2:
        plans.append(r.plan(MOVE, "attack", "move", 0))
    elif gap <= reach + speed:
        plans.append(r.plan(RUN, "attack", "run", 0))
    elif len(plans) == start:  # nothing in reach: running up
        plans.append(r.plan(ADVANCE, "advance", "stand", 0))
        # Rules 216–217, P3 (issue 30): running up at a sprint or a fast sprint.
        plans.append(r.plan(SPRINT, "advance", "sprint", 0))
        plans.append(r.plan(FAST_SPRINT, "advance", "fast_sprint", 0))
    return plans


# A `Row`'s places, one for each plan `reach_plans` may offer against a foe (`Final`: mypyc
# reads each as a C constant).
STAND: Final = 0
HALF: Final = 1
MOST: Final = 2
THEN_MOVE: Final = 3
STILL: Final = 4
AIM: Final = 5
AIM_STILL: Final = 6
MOVE: Final = 7
RUN: Final = 8
ADVANCE: Final = 9
SPRINT: Final = 10
FAST_SPRINT: Final = 11
PLACES: Final = 12


class Row:
    """The plans `reach_plans` offers against `target` with `arm` brought to hand `how`, by
    place, each built on the first offer and handed out again in later rounds (issue 35: a
    4v4 built and freed about 500 plans a battle, each offered about three times). Safe: a
    plan's content is the key's (`target`, `arm`, `how`) and its place's action, mode and SC
    given up, none of which reads the state; the plan a fighter declares is a copy
    (`round.declare`, `Plan.copy`), and the one field a rule changes, a declared plan's
    target (a retarget, rules 188, 194, SJ-U7), is checked before a plan is handed out
    again (a test declaring an option itself, then retargeting it, gets a new one)."""

    __slots__ = ("arm", "how", "plans", "target")

    def __init__(self, target: Fighter, arm: Arm, how: str) -> None:
        self.target, self.arm, self.how = target, arm, how
        self.plans: list[Plan | None] = [None] * PLACES

    def plan(self, place: int, action: str, mode: str, give: int) -> Plan:
        """The plan at `place`: the one kept, when still against the row's target and giving
        up `give` (the SC given up follows the weapon's rank); else a new one."""
        found = self.plans[place]
        if found is None or found.target is not self.target or found.sacrifice != give:
            found = Plan(action, self.target, mode, give, None, self.how, self.arm)
            self.plans[place] = found
        return found


class Bank:
    """The `Row`s of one battle's state, by weapon (a list per weapon, searched by target and
    how it comes to hand: a few, compared by identity). Keyed on the state (`rows_of`): a
    copy of the state (`clone_state`, a deep copy) is another state with other fighters, and
    starts a new bank. It names the last state asked (so that state is freed when another
    is asked, not when its battle ends) and nothing names the bank but this module: no
    cycle."""

    __slots__ = ("rows", "state")

    def __init__(self) -> None:
        self.state: SjState | None = None
        self.rows: dict[Arm, list[Row]] = {}


BANK: Final = Bank()


def rows_of(state: SjState, w: Arm) -> list[Row]:
    """The bank's rows of `w` in `state`'s battle (a new bank for another state)."""
    bank = BANK
    if bank.state is not state:
        bank.state, bank.rows = state, {}
    rows = bank.rows.get(w)
    if rows is None:
        rows = bank.rows[w] = []
    return rows


def row_in(rows: list[Row], e: Fighter, w: Arm, how: str) -> Row:
    """The row of `e` and `how` among `w`'s `rows`, made on the first ask."""
    for r in rows:
        if r.target is e and r.how == how:
            return r
    r = Row(e, w, how)
    rows.append(r)
    return r


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


def own_plans(state: SjState, f: Fighter) -> list[Plan]:
    """Stage 2's plans that need no foe (rules 36, 155–159, 199–201, 244): hold, pick up a
    dropped weapon, ready a shield, drink a potion, First Aid on a stuck missile."""
    out = [HOLD]
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


def plans(
    state: SjState, f: Fighter, carried: Prepared | None, aim: Fighter | None, kept: bool = True
) -> list[Plan]:
    """SJ-U35: a spell carried from last round first (it may be dropped); the attacks and
    spells it can make; Full Defense (rules 184–186) with a weapon, Desperate Defense
    (190–191). `kept`: the attack plans kept from earlier rounds are handed out again
    (`Row`); False: every plan built anew (the full form the kept ones are tested against)."""
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
            rows = rows_of(state, arm) if kept else []
            for e in foes:
                row = row_in(rows, e, arm, how) if kept else None
                attack_plans(f, e, arm, how, speed, drink, out, row)
    for spell in f.spells:
        if spell.uses > 0:
            out.extend(spell_plans(state, f, spell))
    if foes:
        out.extend(AWAY)
    if f.armed:
        out.append(FULL)
    out.append(DESPERATE)
    out.append(DESPERATE_STILL)  # rules 18–26: a person may; policy never
    out.extend(own_plans(state, f))
    return out
