"""Exact odds of one OD&D attack (DESIGN.md §6, issue 11), from the dice distributions, not by
sampling: the kept d20 (one die, or two with advantage or disadvantage), the attack matrix and
its modifiers as `strikes.strike` and `attack.resolve` apply them, the fumble check after a
natural 1, the critical hit's doubled dice, the over-20 penalty, and whether the target falls
(at 0 hit points, rolled by D3 first when its sheet gives none). All arithmetic is in
Fractions; tested against the enumerated rules (tests/odnd/test_odds.py).
"""

from __future__ import annotations

import contextlib
from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache

from fracas.core.combatant import Status
from fracas.core.controllers import Controller
from fracas.core.events import Event
from fracas.core.journal import GM_SEAT
from fracas.core.requests import ChoiceRequest, RollRequest
from fracas.core.table import Table
from fracas.dice import compile_dice
from fracas.rulesets.odnd import attack, grapple, manoeuvres, round, strikes, subdual
from fracas.rulesets.odnd.events import Attack as AttackEvent
from fracas.rulesets.odnd.events import Fumble as FumbleEvent
from fracas.rulesets.odnd.events import Manoeuvre as ManoeuvreEvent
from fracas.rulesets.odnd.events import Save as SaveEvent
from fracas.rulesets.odnd.state import Fighter, OdndState

Outcomes = dict[tuple[str, int, bool], Fraction]  # (result, harm, target out) → probability

# The results of one attack, in OD&D words.
FUMBLE = "fumble"  # a natural 1 and a failed fumble check (rules 27–29, D9)
MISS = "miss"
NO_EFFECT = "no effect"  # the roll hit, but the weapon cannot hurt it (rule 31, ODD-U50)
HIT = "hit"
CRITICAL = "critical"  # a natural 20 that was not needed to hit (rules 32–33, D10)

SWEEP = " (sweep)"  # the action name's suffix for the first attack of a sweep (ODD-U11)

# Stage 2: grapples and manoeuvres (rules 40, 91, 93, 104), by their action names.
MANOEUVRES = ("grapple", "disarm", "dismount", "whip")
SUCCESS = {"grapple": "grappled", "disarm": "disarmed", "dismount": "unhorsed", "whip": "entangled"}
SAVED = "saved"  # the target's save (disarm, dismount) or the wielder's failed one (whip)


@dataclass(frozen=True, slots=True)
class Situation:
    """What the rules make of one attack as the state stands: the d20 needed (net of every
    modifier, ODD-U2), advantage (+1) or disadvantage (−1), whether it can hurt, and the
    damage multiplier of a charge, set spear or horns (ODD-U3)."""

    needed: int
    edge: int
    hurts: bool
    multiplier: int = 1
    auto: bool = False  # a pinned target is hit automatically (ODD-U44)
    unit: bool = False  # a unit's throw: no fumble, no critical (F-ODD-61)


def situation(state: OdndState, attacker: Fighter, target: Fighter, sweep: bool) -> Situation:
    """The modifiers `strikes.strike` and `attack.resolve` apply, read from the rules' own
    `strikes.modifiers` and `attack.to_hit` (one implementation); `sweep`: the attacker
    sweeps normal men."""
    m = strikes.modifiers(state, attacker, target, False, sweeping=sweep)
    shields = attack.shield_counts(attacker, target) and not m.exposed  # ODD-U4, U20
    dex = not m.exposed  # flank, rear, backstab (rules 67, 69, 72)
    needed, edge = attack.to_hit(state, attacker, target, m.bonus, m.edge, shields, dex)
    hurts = attack.can_hurt(attacker.weapons[0], attacker, target)
    times = attack.multiplier(state, m.multipliers)
    auto = target.grapple == "pinned"
    return Situation(needed, edge, hurts, times, auto, attacker.unit_size > 0)


def calculable(state: OdndState, attacker: Fighter, target: Fighter, action: str = "") -> bool:
    """Whether the calculator covers this attack: not a shot that may go astray into a
    melee (rule 47, ODD-U40), nor a subdual attack (its real and temporary damage, rules
    97–103), nor the whip (its area is the wielder's choice, rule 40), which the enumerator
    follows instead."""
    if action == "whip":
        return False
    if action not in MANOEUVRES and subdual.subduing(attacker, attacker.weapons[0]):
        return False
    if not attacker.weapons[0].data.ranged or strikes.sure_shot(attacker):
        return True
    return not any(
        isinstance(a, Fighter) and strikes.engaged_with(state, a, target)
        for a in state.allies_of(attacker)
    )


@cache
def kept_d20(edge: int) -> dict[int, Fraction]:
    """D11, ODD-U2: the d20 kept — one die, or the higher (advantage) or lower (disadvantage)
    of two; naturals are judged on it."""
    if edge == 0:
        return {face: Fraction(1, 20) for face in range(1, 21)}
    keep = max if edge > 0 else min
    counts: defaultdict[int, int] = defaultdict(int)
    for a in range(1, 21):
        for b in range(1, 21):
            counts[keep(a, b)] += 1
    return {face: Fraction(n, 400) for face, n in sorted(counts.items())}


@cache
def damage(notation: str, times: int, penalty: int) -> dict[int, Fraction]:
    """P(each loss of hit points): the damage dice times the situational multiplier, less the
    over-20 penalty, taken last and never below 0 (rule 32, ODD-U2, ODD-U3)."""
    dist = compile_dice(notation).distribution()
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for total in dist.outcomes():
        out[max(0, total * times - penalty)] += dist.probability(total)
    return dict(out)


@cache
def hit_points(notation: str) -> dict[int, Fraction]:
    """D3: hit points rolled as the fight begins, at least 1 (`round.play_round`)."""
    dist = compile_dice(notation).distribution()
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for total in dist.outcomes():
        out[max(1, total)] += dist.probability(total)
    return dict(out)


def attack_outcomes(state: OdndState, attacker: Fighter, target: Fighter, sweep: bool) -> Outcomes:
    """The exact outcomes of one attack as `strikes.strike` resolves it: the kept d20 against
    the number needed, a natural 1's fumble check, a hit's damage (doubled dice on a
    critical, less the over-20 penalty), and whether the target falls. A fumble's follow-up
    (a dropped weapon, a swing at an ally…) touches the attacker's side, not the target."""
    s = situation(state, attacker, target, sweep)
    out: defaultdict[tuple[str, int, bool], Fraction] = defaultdict(Fraction)
    unharmed = falls(target, 0)
    for name, p in d20_results(s, attacker.fumble_level).items():
        if name in (HIT, CRITICAL):
            for harm, q in wounds(attacker, target, s, name == CRITICAL).items():
                for down, r in falls(target, harm).items():
                    out[(name, harm, down)] += p * q * r
        else:
            for down, r in unharmed.items():
                out[(name, 0, down)] += p * r
    return dict(out)


@cache
def d20_results(s: Situation, fumble_level: int) -> dict[str, Fraction]:
    """P(each result) of the kept d20 against the number needed."""
    out: defaultdict[str, Fraction] = defaultdict(Fraction)
    for d20, p in kept_d20(s.edge).items():
        if d20 == 1 and s.unit:  # F-ODD-61: a unit's throw has no fumble
            out[MISS] += p
            continue
        if d20 == 1:  # rule 27: always a miss; rules 28, 29: d20 > level is a critical fumble
            fumbles = Fraction(max(0, min(20, 20 - fumble_level)), 20)
            out[FUMBLE] += p * fumbles
            out[MISS] += p * (1 - fumbles)
            continue
        if s.auto and s.hurts:  # ODD-U44: the pinned are hit automatically (not on a 1)
            out[CRITICAL if d20 == 20 and s.needed <= 18 else HIT] += p
            continue
        enough = d20 == 20 or d20 >= s.needed  # rule 30: a natural 20 always hits
        if not (enough and s.hurts):  # rule 31: no effect without the weapon it needs
            out[NO_EFFECT if enough else MISS] += p
            continue
        crit = d20 == 20 and s.needed <= 18 and not s.unit
        out[CRITICAL if crit else HIT] += p  # rules 32, 33 (D-C1)
    return {name: p for name, p in out.items() if p}


def wounds(attacker: Fighter, target: Fighter, s: Situation, critical: bool) -> dict[int, Fraction]:
    """P(each loss of hit points) of a hit: ODD-U22, two weapons of different sizes — a d6,
    1–3 the main weapon, 4–6 the off-hand; D10: a critical doubles the dice's roll; rule 86:
    the lance's dice against large foes; ODD-U3: the situational multiplier; rule 32: the
    over-20 penalty comes off last."""
    hands = attacker.weapons
    chosen = hands if len(hands) == 2 and hands[1].data.size != hands[0].data.size else hands[:1]
    dice = tuple(attack.damage_dice(attacker, target, w, critical) for w in chosen)
    halves = tuple(target.skeleton and not (w.data.blunt or w.data.unarmed) for w in chosen)
    return _wounds(dice, halves, s.multiplier, s.needed - 20 if s.needed > 20 else 0)


@cache
def _wounds(
    dice: tuple[str, ...], halves: tuple[bool, ...], times: int, penalty: int
) -> dict[int, Fraction]:
    """Each of `dice` equally likely, multiplied by `times`, less `penalty`, halved against
    a skeleton for edged weapons (rule 39, ODD-U48)."""
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for notation, half in zip(dice, halves, strict=True):
        for harm, q in damage(notation, times, penalty).items():
            out[harm // 2 if half else harm] += q / len(dice)
    return dict(out)


def falls(target: Fighter, harm: int) -> dict[bool, Fraction]:
    """P(the target is out of the fight) after losing `harm`: slain at 0 hit points (rule 121,
    ODD-U31: as its slot ends), its hit points rolled first when not yet rolled (D3)."""
    if target.status.out or target.pending_down:
        return {True: Fraction(1)}
    if harm <= 0:
        return {False: Fraction(1)}
    if not target.hit_dice:
        return {target.hp - target.temp - harm <= 0: Fraction(1)}
    return felled(target.hit_dice, harm)


@cache
def felled(hit_dice: str, harm: int) -> dict[bool, Fraction]:
    """P(hit points rolled on `hit_dice` are at most `harm`), D3."""
    down = sum((p for hp, p in hit_points(hit_dice).items() if hp <= harm), Fraction(0))
    return {k: v for k, v in ((True, down), (False, 1 - down)) if v}


def manoeuvre_outcomes(state: OdndState, attacker: Fighter, target: Fighter, kind: str) -> Outcomes:
    """A grapple, disarm or dismount: the to-hit roll as for an attack (no damage, ODD-U16),
    then for disarm and dismount the target's save, +1 per full 3 levels above (T-ODD-13)."""
    s = situation(state, attacker, target, False)
    if kind == "grapple":  # issue 29 item 19: no weapon, so no weapon immunity
        s = replace(s, hurts=True)
    out: defaultdict[tuple[str, int, bool], Fraction] = defaultdict(Fraction)
    still = falls(target, 0)
    saved = Fraction(0)
    if kind != "grapple":
        saved = manoeuvres.save_chance(target, manoeuvres.save_bonus(target, attacker))
    for name, p in d20_results(s, attacker.fumble_level).items():
        for down, r in still.items():
            if name in (HIT, CRITICAL):
                out[(SUCCESS[kind], 0, down)] += p * r * (1 - saved)
                out[(SAVED, 0, down)] += p * r * saved
            else:
                out[(MISS if name == NO_EFFECT else name, 0, down)] += p * r
    return {k: v for k, v in out.items() if v}


# --- one attack carried out by the rules, for the enumerator and `fracas odds` --------------


def attack_name(attacker: Fighter) -> str:
    """The attack of a fighter's weapon in hand (both, Florentine: rule 74, ODD-U22)."""
    return " & ".join(w.data.name for w in attacker.weapons)


def perform(
    table: Table, state: OdndState, attacker: Fighter, target: Fighter, sweep: bool, kind: str = ""
) -> str:
    """One attack by `strikes.strike`, every roll and decision through `table`, named by what
    came of it (read from the rules' own events). The target's hit points are rolled first
    when not yet rolled (D3, as the first round starts); at 0 it is out (rule 121, ODD-U31:
    it falls as its slot ends — the morale checks that follow are not this attack's). A
    critical fumble ends the attack as it is known (D9: what follows befalls the attacker's
    side, and a swing at an ally could fumble again without end)."""
    if sweep:
        attacker.plan_sweep = True  # ODD-U11
    if target.hit_dice:
        roll = table.roll(target.hit_dice, by=target, reason=round.HIT_POINTS)
        target.hp = target.max_hp = max(1, roll.total)
        target.hit_dice = ""
    watch = _Watch()
    relay = _Relay(table)
    controllers: dict[str, Controller] = {s.name: relay for s in state.sides}
    controllers[GM_SEAT] = relay
    inner = Table(relay, controllers, sink=watch)
    with contextlib.suppress(_Fumbled):
        if kind == "grapple":
            grapple.attempt(inner, state, attacker, target)
        elif kind in MANOEUVRES:
            attacker.plan_target = target  # the whip's area is chosen against it
            manoeuvres.attempt(inner, state, attacker, target, kind)
        else:
            strikes.strike(inner, state, attacker, target)
    if target.pending_down and target.status is Status.ACTIVE:
        target.status, target.went_down = Status.DEAD, True
    if kind in MANOEUVRES:
        return manoeuvre_name(watch.events, kind)
    return result_name(watch.events)


def manoeuvre_name(events: list[Event], kind: str) -> str:
    """A grapple's or manoeuvre's result from its `Manoeuvre` and `Save` events."""
    swing = next(e for e in events if isinstance(e, ManoeuvreEvent))
    if any(isinstance(e, FumbleEvent) and e.effect for e in events):
        return FUMBLE
    if not swing.hit:
        return MISS
    saves = [e for e in events if isinstance(e, SaveEvent)]
    if kind == "whip":
        return SUCCESS[kind] if saves and saves[0].passed else SAVED
    return SAVED if saves and saves[0].passed else SUCCESS[kind]


def result_name(events: list[Event]) -> str:
    """The attack's result from its `Attack` event and, after a natural 1, whether the
    fumble check failed (a `Fumble` event with an effect: rules 28, 29)."""
    swing = next(e for e in events if isinstance(e, AttackEvent))
    if swing.natural == "natural 1":
        fumbled = any(isinstance(e, FumbleEvent) and e.effect for e in events)
        return FUMBLE if fumbled else MISS
    if swing.hit:
        return CRITICAL if swing.critical else HIT
    return NO_EFFECT if swing.roll == 20 or swing.roll >= swing.needed else MISS


class _Fumbled(Exception):
    """A critical fumble: the attack's result is known."""


class _Watch:
    """The events of one attack, stopping it at a critical fumble."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def __call__(self, event: Event) -> None:
        self.events.append(event)
        if isinstance(event, FumbleEvent) and event.effect:
            raise _Fumbled


class _Relay:
    """Dice source and controller of a table that watches the rules' events: every roll and
    decision it is asked is asked of the outer table, so the outer table's dice (seeded,
    forced by the enumerator) and controllers answer as if the rules ran on it."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def faces(self, request: RollRequest) -> tuple[int, ...]:
        by, reason, audience = request.by, request.reason, request.audience
        return self.table.roll(request.notation, by=by, reason=reason, audience=audience).faces

    def choose(self, request: ChoiceRequest) -> int:
        options = request.options
        chosen = self.table.choose(request.who, request.decision, options)
        return next(i for i, option in enumerate(options) if option is chosen)
