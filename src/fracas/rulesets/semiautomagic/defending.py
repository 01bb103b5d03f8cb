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

    best = 0
    most: tuple[bool, bool, int, int] | None = None
    for i, o in enumerate(options):  # the best key (a plain loop: no key function per call)
        negates = area and (o.kind == attack.BLOCK or (o.kind != NONE and attack.evasion(t)))
        key = (o.kind != NONE, negates, o.bonus, -i)
        if most is None or key > most:
            best, most = i, key
    return best
