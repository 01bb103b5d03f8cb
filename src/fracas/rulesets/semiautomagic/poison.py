"""Poison and disease (seed "Poison and Disease", "Example Poisons and Diseases"; rules
202-216; RULINGS.md C13 as corrected by the checklist; SAM-A35; T-SAM-31, T-SAM-32, T-SAM-33).

A syndrome is caught by its primary transmission (an envenomed hit, even without a wound,
rule 203; a drink, rule 211; a cloud breathed in, rule 204; radiation, rule 214) or by an
infected creature's airborne spread (rule 206). Its Fortitude check comes at exposure, then at
its check rate: each round at the start of the afflicted creature's turn, six at once for a
rate of one a second, and after the fight for hours and days (SAM-A35). Each failure brings
its symptoms; three successes in a row cure it (rule 208). For every doubling of the dose the
DC rises by 1 and a failure counts as one poisoning more (rule 210, C13 corrected)."""

from __future__ import annotations

from typing import Any, Final

from fracas.core.combatant import Status
from fracas.core.table import Table
from fracas.rulesets.semiautomagic import data, harm, morale, setup, space
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.hazard_model import base_dc, overdose
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Syndrome

CURED_AFTER: Final = 3  # rule 208: three successes in a row
PARALYSED_AFTER: Final = 3  # rule 215: spider venom, three failures in a row
CHECKS_A_TURN: Final = {"second": 6, "round": 1}  # SAM-A35; hours, days, drinks: after the fight
GENERAL: Final = ("drunk", "nausea", "tired")  # SAM-A35, S16: -1 to all checks, not cumulative
AIRBORNE: Final[dict[str, Any]] = data.hazards()["airborne"]


def row(poison: str) -> dict[str, Any]:
    return data.poisons()[poison]


def afflict(
    table: Table, state: SamState, f: Fighter, poison: str, doses: int = 1, dc: int = 0
) -> Syndrome:
    """`f` catches `poison` (`dc`: a drink's or a cloud's own DC). Doses of one poison taken
    in the same round add up (rule 210); the first check is made at once (SAM-A35). Caught
    again in a later round, its run of successes starts over (F-SAM-86)."""
    found = next((s for s in f.syndromes if s.poison == poison), None)
    failures = 0
    if found is not None:
        f.syndromes.remove(found)
        failures = found.failures  # a run of failures goes on (spider venom, rule 215)
        if found.round == state.round:
            doses += found.doses
    dc, counts = overdose(dc or base_dc(poison), doses)
    if found is not None:
        dc = max(dc, found.dc)
    s = Syndrome(poison, dc, counts, doses, state.round, failures=failures)
    f.syndromes.append(s)
    state.tally["poisoned"] += 1
    table.emit(ev.Did, who=f.name, what=f"is afflicted by {poison}"
               + (f" ({doses} doses: DC {dc}, counts {counts}×, rule 210)" if doses > 1
                  else f" (Fortitude DC {dc})"))  # fmt: skip
    if found is None or found.round != state.round:
        s.checked_at = now(state)  # one of this instant's checks (issue 31 item 2)
        check(table, state, f, s)  # SAM-A35: the first check at exposure
    return s


def check(table: Table, state: SamState, f: Fighter, s: Syndrome) -> None:
    """Rule 208: Fortitude (d6 + bonus, with 3 x scale, SAM-A14) against the DC; a failure
    brings the symptoms, three successes in a row cure."""
    if s not in f.syndromes or f.status is Status.DEAD:
        return
    total = table.roll(f"1d6{f.bonus['fortitude']:+d}", by=f,
                       reason=f"{f.name}'s Fortitude against {s.poison}").total  # fmt: skip
    ok = total >= s.dc
    table.emit(ev.Did, who=f.name, what=f"checks against {s.poison}: Fortitude {total} vs DC "
               f"{s.dc}, {'resists' if ok else 'fails'} (rule 208)")  # fmt: skip
    if ok:
        s.successes, s.failures = s.successes + 1, 0
        if s.successes >= CURED_AFTER:
            f.syndromes.remove(s)
            table.emit(ev.Did, who=f.name, what=f"is cured of {s.poison}: three successes "
                       "in a row (rule 208)")  # fmt: skip
        return
    s.successes, s.failures = 0, s.failures + 1
    symptoms = row(s.poison)["symptoms"]
    span = rounds(table, f, s) if {"staggered", "blinded"} & set(symptoms) else 0
    for symptom in symptoms:
        suffer(table, state, f, s, symptom, span)


def suffer(table: Table, state: SamState, f: Fighter, s: Syndrome, symptom: str, span: int) -> None:
    """Rules 213-216 (SAM-A35): one failed check's symptom, `s.counts` times over; `span`:
    the rounds of a staggering or blinding symptom (tear gas: "both for 1d6 rounds")."""
    if symptom == "random":  # zombie virus: a wound, a morale penalty or a mobility penalty
        pick = table.roll("1d3", by=f, reason=f"{f.name}'s {s.poison} symptom").total
        symptom = ("wound", "morale", "mobility")[pick - 1]
    if symptom == "wound":
        wounds(table, state, f, s.counts, s.poison)
    elif symptom == "morale":
        morale.penalty(table, state, f, s.counts, f"{s.poison} (rule 215)")
    elif symptom == "mobility":
        hobble(table, f, s.counts)
    elif symptom == "unconscious":
        knock_out(table, state, f, s)
    elif symptom == "staggered":
        f.staggered = max(f.staggered, span)
        say(table, f, f"is staggered by {s.poison}: {f.staggered} round(s) (rule 215)")
    elif symptom == "paralysed" and s.failures >= PARALYSED_AFTER:
        paralyse(table, state, f, s.poison)
    elif symptom == "blinded":
        f.symptoms.add("blinded")
        f.blind_rounds = max(f.blind_rounds, span)
        say(table, f, f"is blinded by {s.poison}: {f.blind_rounds} round(s) (SAM-A35)")
    elif symptom in GENERAL:
        sicken(table, f, symptom, s.poison)


def wounds(table: Table, state: SamState, f: Fighter, n: int, poison: str) -> None:
    """A cumulative wound a poisoning (rule 165); a wound while dying kills (rule 166)."""
    was_dying = f.dying
    harm.wound(table, state, f, n)
    if was_dying:
        harm.die(table, state, f, f"a wound from {poison} while dying (rule 166)")


def knock_out(table: Table, state: SamState, f: Fighter, s: Syndrome) -> None:
    """Sedative, chloroform: unconscious 1d4 x 10 minutes a poisoning: out of the fight."""
    notation = row(s.poison).get("minutes", "1d4*10")
    minutes = table.roll(notation.replace("1d", f"{s.counts}d", 1), by=f,
                         reason=f"{f.name} sleeps off {s.poison} (minutes)").total  # fmt: skip
    f.unconscious, f.status, f.went_down = True, Status.DOWN, True
    state.tally["knocked out"] += 1
    table.emit(ev.Fell, who=f.name, how=f"falls unconscious for {minutes} minutes",
               rule=f"{s.poison} (rule 215)")  # fmt: skip


def rounds(table: Table, f: Fighter, s: Syndrome) -> int:
    """Spider venom's one round, tear gas's 1d6 (more dice for an overdose, rule 210);
    staggered is a d6 of stun at the start of each of those rounds (SAM-A3)."""
    notation = str(row(s.poison).get("rounds", "1"))
    if "d" not in notation:
        return int(notation) * s.counts
    return table.roll(notation.replace("1d", f"{s.counts}d", 1), by=f,
                      reason=f"rounds of {s.poison}").total  # fmt: skip


def paralyse(table: Table, state: SamState, f: Fighter, poison: str) -> None:
    """Rule 215 (SAM-A35): three failures in a row against spider venom: paralysed for an hour,
    Helpless: out of the fight."""
    f.unconscious, f.status, f.went_down = True, Status.DOWN, True
    state.tally["paralysed"] += 1
    table.emit(ev.Fell, who=f.name, how="is paralysed for an hour",
               rule=f"three failures against {poison} (rule 215, SAM-A35)")  # fmt: skip


def sicken(table: Table, f: Fighter, symptom: str, poison: str) -> None:
    """SAM-A35, S16: Drunk, Nausea, Tired: -1 to all checks while they last (the fight)."""
    if symptom in f.symptoms:
        return  # not cumulative (rule 202)
    f.symptoms.add(symptom)
    for skill in f.bonus:
        f.bonus[skill] -= 1
    say(table, f, f"is {'nauseous' if symptom == 'nausea' else symptom} ({poison}): −1 to all "
        "checks (SAM-A35)")  # fmt: skip


def hobble(table: Table, f: Fighter, n: int) -> None:
    """Zombie virus: a mobility penalty (rule 174, SAM-A12)."""
    f.mobility += n
    for skill in setup.MOBILITY_SKILLS:
        f.bonus[skill] -= n
    f.move_squares = setup.squares_per_move(f.speed, f.square, f.mobility)
    f.run_squares = setup.squares_per_move(3 * f.speed, f.square, 3 * f.mobility)
    say(table, f, f"takes {n} mobility penalt{'y' if n == 1 else 'ies'} (rule 174)")


def drink(table: Table, state: SamState, f: Fighter, dc: int) -> None:
    """Rule 211 (T-SAM-32): a drink of DC 3-6, +1 for every drink before it this hour, even
    after successes; a failure makes the drinker Drunk (1d4 hours: the rest of the fight)."""
    f.drinks += 1
    afflict(table, state, f, "alcohol", 1, dc + f.drinks - 1)
    f.syndromes = [s for s in f.syndromes if s.poison != "alcohol"]  # one check a drink


def envenom(table: Table, state: SamState, a: Fighter, t: Fighter, hits: int) -> None:
    """Rule 203: a hit of a weapon carrying poison afflicts, even without a wound; the hits of
    one action are doses taken together (rule 210)."""
    if a.venom and hits > 0 and t.status is not Status.DEAD:
        afflict(table, state, t, a.venom, hits)


def airborne(table: Table, state: SamState, f: Fighter) -> None:
    """Rule 206 (T-SAM-33): each round within 3 m of a creature infected with an airborne
    disease, a d6: on a 1 it is caught."""
    for other in state.fighters():
        if other is f or other.status is Status.DEAD or not other.present:
            continue
        for s in other.syndromes:
            spreads = row(s.poison)["secondary"] == "airborne"
            if not spreads or any(m.poison == s.poison for m in f.syndromes):
                continue
            if space.metres(state, f, other) > AIRBORNE["metres"]:
                continue
            face = table.roll(AIRBORNE["die"], by=f, reason=f"{f.name} near {other.name}'s "
                              f"{s.poison} (rule 206)").total  # fmt: skip
            if face <= AIRBORNE["infected_on"]:
                afflict(table, state, f, s.poison)


def now(state: SamState) -> tuple[int, str, int]:
    """The instant: round, who is acting, its second."""
    return state.round, state.acting, state.second


def start_of_turn(table: Table, state: SamState, f: Fighter) -> None:
    """SAM-A35: a round's checks at the start of the afflicted creature's turn, six for a rate
    of one a second; a check at exposure in this same instant is one of them (issue 31 item
    2: a rate of 1/round checks once in the round a fighter walks into a cloud or a zone, not
    twice at once); tear gas's blindness counts down."""
    if f.blind_rounds > 0:
        f.blind_rounds -= 1
        if f.blind_rounds == 0:
            f.symptoms.discard("blinded")
            say(table, f, "can see again")
    for s in list(f.syndromes):
        n = CHECKS_A_TURN.get(row(s.poison)["rate"], 0)
        for _ in range(n - 1 if n and s.checked_at == now(state) else n):
            if s in f.syndromes and f.active:
                check(table, state, f, s)


def say(table: Table, f: Fighter, what: str) -> None:
    table.emit(ev.Did, who=f.name, what=what)
