"""Stepping out of a cloud of gas or a radiation zone (rules 204, 214, 223; SAM-A35): a move
(rule 28, 1 s) straight toward the nearest free square outside every hazard, square by square
(rules 33-34, SAM-A7), stopping as soon as the footprint is out (issue 31: fighters leave
gas and radiation). The policy takes it when offered; a person at a seat may too."""

from __future__ import annotations

from typing import Final

from fracas.core.geometry import Position
from fracas.rulesets.semiautomagic import exposure, moves, poison, space, wander
from fracas.rulesets.semiautomagic.state import Fighter, SamState

ESCAPE: Final = "escape"  # the action's kind
TURN_OF_MOVES: Final = 6  # rule 7: a turn is six seconds, a move one (rule 28)


def inside(state: SamState, f: Fighter, at: Position) -> bool:
    """Even partly in a cloud, or in a radiation zone whose checks come in the fight (a rate
    of a round or a second, rule 214), at `at` (SAM-A22)."""
    if any(exposure.in_gas(f, g, at) for g in state.conditions.gas):
        return True
    sev = exposure.radiation_at(state, f, at) if state.conditions.radiation else None
    return sev is not None and poison.row(f"radiation ({sev})")["rate"] in poison.CHECKS_A_TURN


def way_out(state: SamState, f: Fighter) -> tuple[int, int] | None:
    """The direction whose straight line of free squares leaves every hazard soonest within
    a turn of moves (rule 7: six 1 s moves; orthogonal first on a tie); None when `f` is in
    none or cannot get out. Each escape is one move along it (issue 34: a cloud wider than
    one move is left over several, not stood in)."""
    if not state.clouded:  # (`conditions.gas or conditions.radiation`, read once)
        return None
    if not inside(state, f, f.position):
        return None
    best: tuple[int, tuple[int, int]] | None = None
    for d in wander.COMPASS:
        for n in range(1, TURN_OF_MOVES * f.move_squares + 1):
            at = space.shifted(f, d, n)
            if not space.free(state, f, at):
                break
            if not inside(state, f, at):
                key = n * 2 + (1 if d[0] and d[1] else 0)
                if best is None or key < best[0]:
                    best = (key, d)
                break
    return None if best is None else best[1]


def step_out(state: SamState, f: Fighter) -> tuple[int, int]:
    """Walk the way out, stopping once out (squares moved, their cost)."""
    d = way_out(state, f)
    if d is None:
        return 0, 0
    alternate = state.alternate
    moved = cost = 0
    while inside(state, f, f.position) and moved < f.move_squares:
        at = space.shifted(f, d)
        diagonal = bool(d[0] and d[1])  # SAM-A7: the turn's diagonals alternate (issue 31)
        step = space.step_cost(space.terrain_factor(state, f, at), diagonal, f.diagonals,
                               alternate)  # fmt: skip
        if cost + step > f.move_squares or not space.free(state, f, at):
            break
        cost += step
        moved += 1
        f.diagonals += diagonal
        moves.go(f, at, d)
    return moved, cost
