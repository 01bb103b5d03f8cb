"""Confused (seed "Conditions", the Confusion chart; rules 177-183; S15; SAM-A6, SAM-A45).

A confused creature rolls the d20 chart once each round, at the start of its turn (SAM-A6's
anchor), and does what it says (`data/mind.yaml`). An attack it is driven to make is an
ordinary turn with one creature as its only foe (`Fighter.victim`, friend or foe), the
deadliest attack being the policy's choice (SAM-A45); what it does instead of acting is done
at once and the turn has no other action (`Fighter.compelled`). The GM's re-roll of a result
that makes no sense is not modelled (rule 177: a GM's judgement)."""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from fracas.core.table import Table
from fracas.rulesets.semiautomagic import attack, data, setup, wander
from fracas.rulesets.semiautomagic import events as ev
from fracas.rulesets.semiautomagic.state import Fighter, SamState, Wielded

# Results that take the whole turn with no other action (rules 180-181).
FROZEN: Final = ("drop", "stare", "walk", "run", "hallucinate", "prone", "sit", "throw")
THROWN_INCREMENT: Final = 5  # F-SAM-106: metres, for a held thing thrown (chart 7)


def chart() -> dict[int, dict[str, Any]]:
    return {int(k): v for k, v in data.mind()["confusion"].items()}


def others(state: SamState, f: Fighter) -> list[Fighter]:
    """The creatures it may turn on: anyone present and able, not a possessor hidden in a
    body."""
    return [o for o in state.fighters() if o is not f and o.active and o.present and not o.inside]


def draw(table: Table, f: Fighter, ignore: set[int]) -> int:
    while True:
        face = table.roll("1d20", by=f, reason=f"{f.name} is confused (rule 177)").total
        if face not in ignore:
            return face


def roll(table: Table, state: SamState, f: Fighter) -> None:
    """Rules 177-178: one roll a round; 1 re-rolls (ignoring 1s) and adds 1d6 rounds; 6
    re-rolls (ignoring 5s) with a scream."""
    ignore: set[int] = set()
    face = draw(table, f, ignore)
    while face in (1, 6):
        tell(table, f, face)
        if face == 1:
            more = table.roll(data.mind()["more_rounds"], by=f, reason="more confused rounds")
            f.confused_extra += more.total
        ignore.add(5 if face == 6 else 1)
        face = draw(table, f, ignore)
    tell(table, f, face)
    state.tally["confusion rolls"] += 1
    apply(table, state, f, face)


def tell(table: Table, f: Fighter, face: int) -> None:
    if table.observed:
        text = chart()[face]["text"]
        table.emit(ev.Did, who=f.name, what=f"rolls {face} on the Confusion chart: {text}")


def apply(table: Table, state: SamState, f: Fighter, face: int) -> None:
    """Rules 179-183: the result's behaviour."""
    row = chart()[face]
    do: str = row["do"]
    if do in ("deadly_scatter", "throw"):
        d = wander.scatter(table, f, "confusion")
        victim = wander.toward(f, d, others(state, f))
    elif do == "deadly_disliked":  # SAM-A45: its dislike, else who harmed it last
        victim = disliked(state, f)
    else:
        victim = wander.nearest(f, others(state, f))
    if do.startswith("deadly") or do == "weakest":
        f.victim = victim.id if victim is not None else ""
        f.compelled = "weakest" if do == "weakest" else ""
    elif do == "panic":  # rule 180: panicked this round, fleeing the nearest danger
        f.compelled = "panic"
        f.victim = victim.id if victim is not None else ""
    elif do == "lucid":
        lucid(table, f, str(row["rounds"]))
    elif do != "normal":
        f.compelled = do
        act(table, state, f, do, victim)


def disliked(state: SamState, f: Fighter) -> Fighter | None:
    for ident in (f.dislikes, f.harmed_by):
        found = next((o for o in others(state, f) if o.id == ident), None)
        if found is not None:
            return found
    return wander.nearest(f, others(state, f))


def lucid(table: Table, f: Fighter, rounds: str) -> None:
    """Rule 183 (SAM-A6): control for this round, 1d6 rounds or a minute (10 rounds)."""
    n = table.roll(rounds, by=f, reason="rounds in control").total if "d" in rounds else int(rounds)
    f.lucid = n - 1  # this round is the first


def act(table: Table, state: SamState, f: Fighter, do: str, victim: Fighter | None) -> None:
    """Rules 179-181: what it does instead of acting this turn."""
    if do in ("walk", "run"):
        d = wander.scatter(table, f, do)
        run = do == "run"
        budget = 3 * (f.run_squares if run else f.move_squares)  # 3 s of moves, or a 3 s run
        moved, cost = wander.drift(state, f, d, budget, run)
        if table.observed:
            table.emit(ev.Moved, who=f.name, how="run" if run else "move", squares=moved,
                       cost=cost, to=f"{f.position} ({wander.named(d)})")  # fmt: skip
    elif do == "throw" and victim is not None:
        throw(table, state, f, victim)
    elif do == "drop":
        drop(table, f)
    elif do == "hallucinate":
        f.hallucinating = True  # rule 179: flanked until its next turn (SAM-A6)
    elif do in ("prone", "sit"):
        f.posture = "prone" if do == "prone" else "crouched"


def drop(table: Table, f: Fighter) -> None:
    """Rule 181 (chart 9; F-SAM-33: not picked up again): its hands are empty."""
    if f.wielded.data.name == "unarmed":
        return
    held = f.weapons.pop(0)
    f.weapons.insert(0, setup.wield(f, data.weapons()["unarmed"]))
    table.emit(ev.Did, who=f.name, what=f"drops the {held.data.name}")


def throw(table: Table, state: SamState, f: Fighter, victim: Fighter) -> None:
    """Rule 179 (chart 7; F-SAM-106): the thing in hand thrown at the creature, an attack
    with Ranged Skill and the thing's damage, increment 5 m; then it is gone."""
    held = f.wielded
    if held.data.name == "unarmed":
        table.emit(ev.Did, who=f.name, what="has nothing in hand to throw")
        return
    thrown = dataclasses.replace(
        held.data, kind="thrown", reach=(0, 0), increment=THROWN_INCREMENT, reload=False, delay=0
    )
    w = Wielded(data=thrown, damage=held.damage)
    sit = attack.situation(state, f, victim, w, False)
    drop(table, f)
    if sit is None:
        table.emit(ev.Did, who=f.name, what=f"throws it at {victim.name}: out of range")
        return
    attack.resolve(table, state, f, w, [attack.Swing(victim, sit)])
