"""Movement in the count-down (seed "The Initiative Round", "Combining Actions"; checklist
rules 19, 28–31, 131, 134, 145, 211; SJ-U2, SJ-U47): each mover covers a tenth of its own
allowance a segment from 10 to 1, all from the positions at the segment's start, stopping
once in reach of its target; the 5 ft free move."""

from __future__ import annotations

from typing import Final

from fracas.core.geometry import Position
from fracas.core.table import Table
from fracas.rulesets.spelljammer import data, space, withdrawal
from fracas.rulesets.spelljammer.events import Moved
from fracas.rulesets.spelljammer.hitting import wound_modifier
from fracas.rulesets.spelljammer.state import Fighter, Plan, SjState

# P3: TMR times by pace, read once (data/tables.yaml `pace_tmr`).
PACE_TMR: Final[dict[str, float]] = {k: float(v) for k, v in data.tables()["pace_tmr"].items()}


def tmr(state: SjState, f: Fighter) -> float:
    """P3, SJ-U16: TMR in squares, less a grievous wound's loss and the wound modifier
    (−10 % / −20 % / −30 %; with the option `flat`, the seed's words as written: −10 / −20 /
    −30 to TMR, which stops a wounded fighter)."""
    base = max(0, f.tmr - f.tmr_lost)
    mod = wound_modifier(f)
    if state.tmr_flat:
        return float(max(0, base + mod))
    return base * (100 + mod) / 100


def allowance(state: SjState, f: Fighter, plan: Plan) -> float:
    """SJ-U2: the round's movement — move and attack ½ TMR (rule 131), run and attack TMR
    (145), running up without attacking 2× TMR; standing, casting, no movement: none (the
    free move is apart, rule 134). Issue 30: running up at a sprint (3×) or a fast sprint
    (4×), fleeing at its pace (P3: walk TMR, run 2×, sprint 3×, fast sprint 4×)."""
    share = 1.0 if plan.extra != "potion" or plan.cost != "movement" else 0.5  # rule 159
    if plan.action in ("advance", "flee"):
        return PACE_TMR[plan.pace] * tmr(state, f) * share
    if plan.action == "full":
        return 0.5 * tmr(state, f)  # SJ-U27: only to stay with its attacker
    if plan.action != "attack":
        return 0.0
    part = 0.5 if plan.mode == "move" else 1.0 if plan.mode == "run" else 0.0
    return part * tmr(state, f) * share


def goal(state: SjState, f: Fighter) -> Fighter | None:
    """Its declared target, or the nearest able enemy once that one is down; a Full Defender
    stays with the nearest foe attacking it and then moving off (rule 187, SJ-U27), or stays
    put."""
    plan = f.plan
    if plan is not None and plan.action == "full":
        foes = [
            e for e in state.enemies_of(f)
            if isinstance(e, Fighter) and e.able and e.plan is not None and e.plan.target is f
            and leaving(e)
        ]  # fmt: skip
        return nearest(f, foes)
    if plan is not None and plan.target is not None and plan.target.able:
        return plan.target
    return nearest_foe(state, f)


def nearest(f: Fighter, foes: list[Fighter]) -> Fighter | None:
    """The first of `foes` nearest `f` (as `min` by the gap: no closure built per call)."""
    best: Fighter | None = None
    best_gap = 0.0
    for e in foes:
        g = space.gap(f, e)
        if best is None or g < best_gap:
            best, best_gap = e, g
    return best


def nearest_foe(state: SjState, f: Fighter) -> Fighter | None:
    best: Fighter | None = None
    best_gap = 0.0
    for e in state.enemies_of(f):
        if isinstance(e, Fighter) and e.able:
            g = space.gap(f, e)
            if best is None or g < best_gap:
                best, best_gap = e, g
    return best


def leaving(f: Fighter) -> bool:
    """Attack and Move (rule 135): it moves away once its attacks are done; a fleer (issue
    30, rule 202) from segment 10."""
    return f.plan is not None and (f.plan.mode == "then_move" or f.plan.action == "flee")


def wants_to_move(state: SjState, f: Fighter) -> bool:
    """Movement left this round, able and not stunned, and not yet in reach of its goal (or,
    leaving, from its first segment of movement, SJ-U29)."""
    return mover_target(state, f) is not None


def anyone_moves(state: SjState) -> bool:
    """`wants_to_move` of any fighter, asked only of those with movement left (issue 35: on
    most segments nobody has any, known from two fields of each without a call)."""
    for f in state.fighters():
        if f.allowance - f.moved > 1e-9 and mover_target(state, f) is not None:
            return True
    return False


def first_mover(state: SjState) -> int:
    """`anyone_moves`, answering the place in `state.fighters()` of the first fighter that moves
    (−1: nobody), its target kept in `state.first_target` for `step` (issue 35: on a segment
    where nothing else happens, `step` asks again only those after it)."""
    fighters = state.fighters()
    for i in range(len(fighters)):
        f = fighters[i]
        if f.allowance - f.moved > 1e-9:
            target = mover_target(state, f)
            if target is not None:
                state.first_target = target
                return i
    return -1


def a_leaver_moves(state: SjState) -> bool:
    """`anyone_moves` asked of the leavers only (`leaving`): on a segment of movement that
    follows one where nobody acted or moved, the others' answers are as they were (only a
    leaver's reads the segment, SJ-U29; `round.run_segment`)."""
    for f in state.fighters():
        if f.allowance - f.moved > 1e-9 and leaving(f) and mover_target(state, f) is not None:
            return True
    return False


def mover_target(state: SjState, f: Fighter) -> Fighter | None:
    """`wants_to_move`, saying whom it moves by: its goal, or the nearest foe when leaving;
    None when it does not move this segment."""
    if f.allowance - f.moved <= 1e-9 or not f.able or f.stunned:
        return None
    if f.unaware == "out_of_combat":
        return None  # rules 98–100: it does not know of the fight yet (issue 30, item 2)
    if leaving(f):
        return nearest_foe(state, f) if state.segment <= f.move_from else None
    target = goal(state, f)
    if target is not None and space.gap(f, target) > space.STAND_OFF + 1e-6:
        return target
    return None


def step(table: Table, state: SjState, first: int = -1) -> None:
    """Rule 30, SJ-U2: one segment's movement, everyone at once from where they stood.
    `first`: `first_mover`'s answer, asked with nothing happening since (`round.run_segment`),
    so those before it do not move and its target is `state.first_target`; −1: ask all."""
    moves: list[tuple[Fighter, Fighter, Position]] = []
    fighters = state.fighters()
    for i in range(len(fighters)):
        f = fighters[i]
        if i < first or f.allowance - f.moved <= 1e-9:
            continue  # (`mover_target`'s first test, without the call: most have none left)
        # The nearest foe when leaving, else its goal.
        target = state.first_target if i == first else mover_target(state, f)
        if target is None:
            continue
        squares = min(f.allowance - f.moved, f.allowance / 10)
        if leaving(f):
            to = withdrawal.away(f, target, squares)
        else:
            to = space.step_toward(f, target, squares)
        moves.append((f, target, to))
    for f, target, to in moves:
        if leaving(f) and not withdrawal.withdraw(table, state, f, to):
            continue
        done = f.position.distance(to) / space.SQUARE
        f.position = to
        f.moved += done  # in reach, it stops (SJ-U2); it goes on if the target moves off
        if done >= 0.005 and table.observed:  # issue 30: no "0.00 sq" steps
            how = manner(f)
            table.emit(
                Moved, who=f.name, squares=done, toward=target.name,
                gap=space.gap(f, target), how=how,
            )  # fmt: skip


def manner(f: Fighter) -> str:
    """The log's word for a step: moves, runs, sprints (P3), moves away."""
    plan = f.plan
    pace = plan.pace if plan is not None else ""
    word = {"walking": "moves", "running": "runs", "sprinting": "sprints",
            "fast_sprinting": "sprints flat out"}.get(pace, "moves")  # fmt: skip
    if plan is not None and plan.mode == "run":
        word = "runs"
    return word + " away" if leaving(f) else word


def free_move(table: Table, f: Fighter, target: Fighter) -> bool:
    """Rules 19, 134, SJ-U47: one square, once a round, never under no movement; taken when an
    attack falls due with its target a square out of reach."""
    plan = f.plan
    if not f.free_move or plan is None or plan.standing or plan.action == "hold":
        return False
    if f.arms and f.weapon.ranged:
        return False
    if space.gap(f, target) > space.REACH + space.FREE_MOVE:
        return False
    f.free_move = False
    f.position = space.step_toward(f, target, 1.0)
    if table.observed:
        table.emit(
            Moved, who=f.name, squares=1.0, toward=target.name, gap=space.gap(f, target),
            how="takes the 5 ft free move,",
        )  # fmt: skip
    return True
