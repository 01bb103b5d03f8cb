"""Attack and Move, withdrawal and the Desperate Defense push (seed "Attack and Move",
"Withdrawing From Melee", "Desperate Defense"; checklist rules 135–144, 192, 194, 202–209;
P4, S-C7, SJ-U28, SJ-U29, SJ-U39, SJ-U40)."""

from __future__ import annotations

from typing import Final

from fracas.core.combatant import GM
from fracas.core.geometry import Position
from fracas.core.table import Table
from fracas.rulesets.spelljammer import combat, data, decisions, model, sight, space
from fracas.rulesets.spelljammer.events import AfterAttack, IntoHazard, NoMovementBroken, Pushed
from fracas.rulesets.spelljammer.hitting import casting_now, wound_modifier
from fracas.rulesets.spelljammer.state import Fighter, Harm, SjState

DEX_ROLL: Final = "DEX roll (attack and move, P4)"
FALL_ROLL: Final = "2× DEX roll or fall (no movement broken, rule 25)"
NO_PUSH: Final = "no push"
PUSH: Final = "push 10 ft"
_R: Final = 0.5**0.5
# Rule 192: "up to 10 feet in any direction" — the eight ways on the plane (north is +y).
WAYS: Final = {
    "north": (0.0, 1.0), "north-east": (_R, _R), "east": (1.0, 0.0), "south-east": (_R, -_R),
    "south": (0.0, -1.0), "south-west": (-_R, -_R), "west": (-1.0, 0.0), "north-west": (-_R, _R),
}  # fmt: skip
PUSH_SQUARES: Final = float(data.tables()["push"])  # SJ-U28, SJ-U47: 10 ft
FOOT: Final = 0.3048  # metres


band = sight.band  # P4: N× characteristic rolls


def after_attacks(table: Table, state: SjState, f: Fighter, last: int) -> None:
    """Rules 135–144, S-C7, SJ-U29: once the last attack is made — above 10: move ½ TMR from
    10; on 2 to 10: a DEX roll (with the wound modifier, SJ-U16), moving from `last − k` at
    the k× band, not at 5×; on 1 or later: no movement."""
    roll, k, start = 0, 0, 10
    if last <= 1:
        start = 0
    elif last <= 10:
        roll = table.roll(combat.D100, by=f, reason=DEX_ROLL).total
        k = band(roll - wound_modifier(f), f.dex)
        start = 0 if k == 5 else last - k
    f.move_from = start
    if start >= 1:  # rule 136: ½ TMR, 1/20 of TMR a segment; rule 143: none after 1
        f.allowance = f.moved + 0.5 * max(0.0, f.tmr - f.tmr_lost)
    if table.observed:
        table.emit(AfterAttack, who=f.name, last=last, roll=roll, band=k, start=max(0, start))


KEEP: Final = "keep attacking"
MOVE_NOW: Final = "give up the attacks left and move"


def move_now(table: Table, state: SjState, f: Fighter) -> bool:
    """SJ-U29: at each of its attack segments an attack-and-move fighter may give up the
    attacks left to move earlier (not on 1 or later: no movement would follow, S-C7)."""
    if state.segment <= 1:
        return False
    return table.choose(f, decisions.MOVE_NOW, [KEEP, MOVE_NOW]) == MOVE_NOW


def away(f: Fighter, foe: Fighter, squares: float) -> Position:
    """`squares` straight away from `foe`."""
    p, q = f.position, foe.position
    d = p.distance(q) or 1.0
    metres = squares * space.SQUARE
    return Position(p.x + (p.x - q.x) / d * metres, p.y + (p.y - q.y) / d * metres)


def free_attackers(state: SjState, f: Fighter) -> list[Fighter]:
    """SJ-U39, rules 205, 208: the engaged opponents who may strike at a withdrawer: able, in
    reach with a melee weapon, not stunned, not casting, not in Full or Desperate Defense,
    once per withdrawer a round. (Every test reads only; the reach, a measure, comes last:
    asked on each of a fleer's steps, issue 35.)"""
    out = []
    segment = state.segment
    for e in state.enemies_of(f):
        if not isinstance(e, Fighter) or not e.able or e.stunned or not e.armed:
            continue
        if e.unaware == "out_of_combat":
            continue  # rules 98–100: unaware of the fight (issue 30, item 2)
        if e.weapon.ranged or f in e.free_attacked:
            continue
        plan = e.plan
        if plan is not None and plan.action in ("full", "desperate", "caught"):
            continue  # SJ-U19: one caught by the ambush does not act
        if casting_now(e, segment) or on_ally(e, f) or not space.in_reach(e, f):
            continue
        out.append(e)
    return out


def on_ally(e: Fighter, f: Fighter) -> bool:
    """Rule 204, SJ-U39: two on one — an opponent who declared all its attacks against the
    withdrawer's ally gets no free attack on the withdrawer."""
    plan = e.plan
    t = plan.target if plan is not None else None
    return (
        plan is not None
        and plan.action == "attack"
        and t is not None
        and t is not f
        and (t.side == f.side)
    )


def withdraw(table: Table, state: SjState, f: Fighter, to: Position) -> bool:
    """Rules 202, 207, 209, SJ-U39, SJ-U40: a step that takes `f` out of an engaged
    opponent's reach gives that opponent a free attack at once, at its Defending penalty,
    against `f`'s DEF without the shield; it costs the opponent none of its attacks. False
    when the withdrawer falls or is stunned before it steps."""
    struck = False
    for e in free_attackers(state, f):
        if e.position.distance(to) / space.SQUARE <= space.REACH:
            continue
        e.free_attacked.append(f)  # once a round, given or denied
        if allowed(table, f):
            state.tally["free attacks"] += 1
            combat.strike(table, state, e, f, 0, shield=False)
            struck = True
        else:
            state.tally["free attacks denied (flyer)"] += 1
    if struck:
        combat.land(table, state)
    return f.able and not f.stunned


ALLOW: Final = "allow the free attack"
DENY: Final = "no free attack: it climbs away"


def allowed(table: Table, f: Fighter) -> bool:
    """Rule 206, SJ-U39: an agile flyer withdrawing by gaining altitude may deny the free
    attack — the GM decides (`decisions.FLYER`); everyone else gives it."""
    if not f.flying:
        return True
    return table.choose(GM, decisions.FLYER, [ALLOW, DENY]) == ALLOW


def push_options() -> list[str]:
    """Rule 192 (issue 30, item 9): no push, or 10 ft in any of the eight ways."""
    return [NO_PUSH, *(f"{PUSH} {way}" for way in WAYS)]


def pushed_to(f: Fighter, option: str) -> Position:
    """Where a push `option` ("push 10 ft north") puts `f`."""
    dx, dy = WAYS[option.removeprefix(PUSH).strip()]
    metres = PUSH_SQUARES * space.SQUARE
    return Position(f.position.x + dx * metres, f.position.y + dy * metres)


def push(table: Table, state: SjState, attacker: Fighter, target: Fighter) -> None:
    """Rules 192–194, SJ-U28: once per attacking opponent a round, at its first attack on a
    desperate defender, hit or miss, the attacker may force it 10 ft in any direction it
    chooses, "even off the side of a cliff" (issue 30, item 9) — or not."""
    plan = target.plan
    if plan is None or plan.action != "desperate" or attacker in target.pushed_by:
        return
    if not target.able:
        return
    target.pushed_by.append(attacker)
    choice = table.choose(attacker, decisions.PUSH, push_options())
    if choice != NO_PUSH:
        target.position = pushed_to(target, choice)
        state.tally["pushes"] += 1
        if table.observed:
            table.emit(
                Pushed, who=target.name, by=attacker.name, gap=space.gap(attacker, target),
                way=choice.removeprefix(PUSH).strip(),
            )  # fmt: skip
        forced_move(table, state, target)
        into_hazard(table, state, target)


def hazard_at(state: SjState, where: Position) -> model.Hazard | None:
    """Rule 193, SJ-U28: the encounter's hazard area `where` lies in, if any."""
    for h in state.conditions.hazards:
        if where.distance(space.at_feet(h.at[0], h.at[1])) <= h.radius * FOOT:
            return h
    return None


def into_hazard(table: Table, state: SjState, f: Fighter) -> None:
    """Rule 193, SJ-U28: pushed into a hazard, it takes the hazard's damage, landing with the
    segment (no PROT, no stun: not a hit, SJ-U14)."""
    h = hazard_at(state, f.position)
    if h is None or not f.able:
        return
    amount = table.roll(h.damage, by=f, reason=f"hazard: {h.name} (rule 193)").total
    state.tally["pushed into hazards"] += 1
    if table.observed:
        table.emit(IntoHazard, who=f.name, hazard=h.name, amount=amount)
    state.harms.append(Harm(f, None, amount, stuns=False))
    if state.by_im:
        combat.land(table, state)


def forced_move(table: Table, state: SjState, f: Fighter) -> None:
    """Rules 23–26, SJ-U38: a fighter under no movement that is forced to move loses all its
    remaining actions (its spell is interrupted, its use spent) and must make a 2× DEX roll
    (with the wound modifier) or fall: prone, it loses half its next round's attacks, rounded
    up, standing. In stage 1 the push is the only forced move, and it falls on desperate
    defenders, who declare no movement only if a person seats them so."""
    plan = f.plan
    if plan is None or not plan.still or not f.able:
        return
    if f.casting is not None:
        f.casting.uses -= 1
        state.tally["spells interrupted"] += 1
    lost = combat.cancel(state, f)
    roll = table.roll(
        combat.D100,
        by=f,
        reason=FALL_ROLL,
        needs=lambda: f"{2 * f.dex + wound_modifier(f)} or less to stay up",
    ).total
    f.prone = roll - wound_modifier(f) > 2 * f.dex
    state.tally["falls"] += int(f.prone)
    if table.observed:
        table.emit(
            NoMovementBroken, who=f.name, lost=", ".join(lost), roll=roll, needed=2 * f.dex,
            falls=f.prone,
        )  # fmt: skip
