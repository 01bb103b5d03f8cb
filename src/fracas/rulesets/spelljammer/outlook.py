"""How the fight is going, as the default tactics judge it (issue 34; a policy's sibling:
it reads the state and never changes it).

One attack's expected harm is read from the rules' own d100 table and damage rule, face by
face (`hitting.classify`: hits, criticals and grievous hits by the modified SC, rules 37,
39–69, SJ-U8; `hitting.damage_taken`: PROT off a hit, a critical or grievous hit doubled
through PROT, rules 61–63, SJ-U11) — the odds calculator's figures (`odds.on_target`) less
the grievous wound's extra hit points (the same distributions, `odds.d100` and
`odds.damage_of`), as a float cached by weapon dice, SC − DEF and PROT.

A side's pace of harm is each able fighter's best expected damage a round at a visible foe;
its time to win is the foes' hit points left over that pace. A side that needs more than
`LOST_RATIO` times as long to win as to lose has lost the fight: its fighters down to a
third of their hit points flee rather than stand to the round cap (issue 34)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from fracas.rulesets.spelljammer import hitting, odds
from fracas.rulesets.spelljammer.state import Arm, Fighter, SjState

LOST_RATIO = 3.0  # three times as long to win as to lose: the fight is lost


@lru_cache(maxsize=4096)
def expected_harm(dice: str, modified: int, prot: int) -> float:
    """The mean hit points one attack of `dice` at SC − DEF `modified` takes off a target
    with `prot`, misses counted as 0."""
    return float(
        sum(
            p * q * taken
            for result, p in odds.d100(modified).items() if result != hitting.MISS
            for taken, q in odds.damage_of(dice, result, prot).items()
        )
    )  # fmt: skip


# One attack's expected harm (`expected_harm`) by dice and PROT, then by SC − DEF: kept for
# the process and read through plain dictionaries (issue 35: the `lru_cache` wrapper is a
# Python call with its key built per question; the policy reads a pair's table once).
HARMS: Final[dict[str, dict[int, dict[int, float]]]] = {}


def harm_table(dice: str, prot: int) -> dict[int, float]:
    """The expected harms of `dice` against `prot`, by SC − DEF, as far as worked out."""
    by_prot = HARMS.get(dice)
    if by_prot is None:
        by_prot = HARMS[dice] = {}
    found = by_prot.get(prot)
    if found is None:
        found = by_prot[prot] = {}
    return found


def harm_of(dice: str, modified: int, prot: int) -> float:
    """`expected_harm`, read from `HARMS` (worked out on the first question)."""
    table = harm_table(dice, prot)
    found = table.get(modified)
    if found is None:
        found = table[modified] = expected_harm(dice, modified, prot)
    return found


def attack_harm(state: SjState, f: Fighter, e: Fighter, w: Arm | None = None) -> float:
    """`f`'s expected harm to `e` from one attack with `w` (the weapon in hand)."""
    w = w or f.weapon
    return harm_of(w.damage, hitting.declared(state, f, e, w), e.prot())  # SC − DEF


def harm_saved(state: SjState, e: Fighter, f: Fighter, more_def: int) -> float:
    """How much less harm one attack of `e` at `f` does with `more_def` more DEF on `f`
    (a readied shield, rule 155)."""
    if not e.arms:
        return 0.0
    w = e.weapon
    modified = hitting.declared(state, e, f, w)  # SC − DEF before the round
    return expected_harm(w.damage, modified, f.prot()) - expected_harm(
        w.damage, modified - more_def, f.prot()
    )


def able_foes(state: SjState, f: Fighter) -> list[Fighter]:
    return [e for e in state.enemies_of(f) if isinstance(e, Fighter) and e.able and not e.hidden]


class ExpectedHarm:
    """`attack_harm` of `a` at `e` with the weapon in hand, as a caller keeps it (`of`; the
    policy's `RoundHarm` reads its round's pairs): a native method, so `time_to_win` makes
    a C call per pair where a `Callable` made a Python-level one (issue 35)."""

    def of(self, state: SjState, a: Fighter, e: Fighter) -> float:
        return attack_harm(state, a, e)


def time_to_win(state: SjState, f: Fighter, harm: ExpectedHarm | None = None) -> float:
    """Rounds `f`'s side needs, at its pace of harm, to take the foes' hit points left.
    `harm`: `attack_harm` with the weapon in hand, as the caller keeps it (the policy, from
    the round's pairs). Summed by loops in the order `sum` and `max` read (the first of
    equal harms, from 0), so the pace is the same float (issue 35: no generator objects)."""
    foes = able_foes(state, f)
    if not foes:
        return 0.0
    ours = [
        a for s in state.sides if s.name == f.side for a in s.combatants
        if isinstance(a, Fighter) and a.able and a.arms
    ]  # fmt: skip
    of = harm if harm is not None else ExpectedHarm()
    pace = 0.0
    for a in ours:
        best = of.of(state, a, foes[0])
        for e in foes[1:]:
            h = of.of(state, a, e)
            if h > best:
                best = h
        pace += max(a.attacks, 1) * best
    hp = 0
    for e in foes:
        hp += max(1, e.hp)
    return hp / pace if pace > 0 else float("inf")


def odds_against(
    state: SjState, f: Fighter, time_to: Callable[[Fighter], float] | None = None
) -> float:
    """How many times as long `f`'s side needs to win as the foes' side (the side of its
    first visible foe, when there are several) needs to beat it; 0 with no foe in sight.
    `time_to`: `time_to_win` of a fighter's side as the caller keeps it (the policy, once a
    round and side)."""
    foes = able_foes(state, f)
    if not foes:
        return 0.0
    theirs = time_to(foes[0]) if time_to is not None else time_to_win(state, foes[0])
    ours = time_to(f) if time_to is not None else time_to_win(state, f)
    return ours / theirs if theirs > 0 else float("inf")


def lost(odds: float, hurt: float) -> bool:
    """The fight is lost for a fighter hurt to `hurt` (the share of its hit points gone) whose
    side has `odds` against it (`odds_against`): it is badly hurt (a third of its hit points
    left or less, as the policy's Defending reads it) and its side needs more than
    `LOST_RATIO` times as long to win as to lose."""
    return hurt >= 2 / 3 and odds > LOST_RATIO
