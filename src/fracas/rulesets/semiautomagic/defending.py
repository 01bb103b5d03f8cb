"""The defence the default tactics take against a hit (rules 45-54, 75; SAM-A23, SAM-A24):
read by the policy and by the exact odds (`odds`, `odds_geometry`), which must pick as the
policy does, so it lives apart from both."""

from __future__ import annotations

from fracas.rulesets.semiautomagic import attack
from fracas.rulesets.semiautomagic.attack import NONE, Defence
from fracas.rulesets.semiautomagic.state import Fighter, SamState


def pick_defence(
    state: SamState, t: Fighter, options: list[Defence], damage: int, area: bool = False
) -> int:
    """The defence the policy takes against a hit of `damage` (also read by `odds`); against
    an area, one that negates (a block, a dodge with Evasion, rule 75) before a dodge that
    only takes 3 off (issue 31)."""
    harmless = damage <= t.min_toughness and not (
        state.wound_on_equal and damage == t.min_toughness
    )
    if harmless or len(options) == 1:
        return 0

    # The first of the best by (a defence at all, it negates, its bonus): compared field by
    # field in plain integers (issue 35: a tuple key a defence compared generically); the
    # first kept on a tie, as the key's -index did.
    best, b_real, b_negates, b_bonus = 0, False, False, 0
    for i in range(len(options)):
        o = options[i]
        real = o.kind != NONE
        negates = area and (o.kind == attack.BLOCK or (real and attack.evasion(t)))
        if i == 0 or real > b_real or (
            real == b_real
            and (negates > b_negates or (negates == b_negates and o.bonus > b_bonus))
        ):
            best, b_real, b_negates, b_bonus = i, real, negates, o.bonus
    return best
