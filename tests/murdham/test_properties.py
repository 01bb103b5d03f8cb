"""Properties of whole Murdham battles over random, valid encounters (hypothesis).

Each encounter is built as a plain document, the way a YAML file would give it, from the
bundled bestiary templates on a random grid of zones (dark and cover zones, ambushers, riders
on horses, factions that do or do not check morale), and validated by `fracas.from_document`.
Battles are fought by the default policy on random seeds. The properties are the contracts of
DESIGN.md §1 (determinism, replay, JSON events) and the bookkeeping of seed 001 and RULINGS.md
§2 (the round ends when every faction has passed in a row; one turn per character per round,
a reaction spends it; incapacitated and dead characters do nothing; damage less armour, M4–M7;
morale), read back from the event log and the final state.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app
from fracas.core.combatant import Status
from fracas.core.events import BattleEnded, BattleStarted, Event, RoundEnded, RoundStarted
from fracas.core.outcome import Ending
from fracas.rulesets.murdham.events import (
    Activated,
    AttackDeclared,
    BonusRound,
    Broke,
    Dying,
    FactionFirst,
    Harmed,
    Incapacitated,
    Killed,
    MoraleChecked,
    Moved,
    Passed,
    Reacted,
    TurnPlan,
)
from fracas.rulesets.murdham.state import Character, MurdhamState

PROPERTY = settings(
    max_examples=30,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "murdham").glob("*.yaml"))
FACTIONS = ("Red", "Blue", "Green")
HUMANS = ("bandit", "bandit_archer", "theobald", "sybilla", "balthasar", "bandit_leader")
# Weighted draw: the wyrm is rare, a horse with its rider occasional.
KINDS = (*HUMANS, *HUMANS, "wolf", "wolf", "skeletal_warrior", "skeletal_warrior", "horse",
         "horse", "horse", "wyrm")  # fmt: skip

# ----------------------------------------------------------------------------- strategies


def grid_zones(cols: int, rows: int) -> list[str]:
    """Grid zone names: a letter for the column, a number for the row (a1, b1, ...)."""
    return [f"{chr(ord('a') + c)}{r + 1}" for c in range(cols) for r in range(rows)]


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    cols, rows = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    zones = grid_zones(cols, rows)
    zone = st.sampled_from(zones)
    some_zones = st.lists(zone, max_size=max(1, len(zones) // 3), unique=True)
    factions = FACTIONS[: draw(st.integers(2, 3))]
    sides = []
    for faction in factions:
        size = draw(st.integers(1, 4))
        combatants: list[dict[str, Any]] = []
        while len(combatants) < size:
            kind = draw(st.sampled_from(KINDS))
            name = f"{faction} {kind.replace('_', ' ')} {len(combatants) + 1}"
            entry: dict[str, Any] = {"name": name, "template": kind, "zone": draw(zone)}
            if draw(st.integers(0, 4)) == 0:
                entry["concealed"] = True  # an ambusher
            if draw(st.integers(0, 5)) == 0:
                entry["cover"] = True
            combatants.append(entry)
            if kind == "horse" and len(combatants) < size and draw(st.booleans()):
                rider = draw(st.sampled_from(HUMANS))
                combatants.append(
                    {
                        "name": f"{faction} rider {len(combatants) + 1}",
                        "template": rider,
                        "zone": entry["zone"],
                        "rides": name,
                    }
                )
        side: dict[str, Any] = {"name": faction, "combatants": combatants}
        if draw(st.integers(0, 3)) == 0:
            side["morale"] = False
        sides.append(side)
    doc: dict[str, Any] = {
        "ruleset": "murdham",
        "name": "property",
        "max_rounds": draw(st.integers(3, 15)),
        "map": {"grid": [cols, rows], "dark": draw(some_zones), "cover": draw(some_zones)},
        "sides": sides,
        "options": {"pursue_retreat": draw(st.booleans())},
    }
    initiative = draw(st.none() | st.sampled_from(factions))
    if initiative is not None:
        doc["conditions"] = {"initiative": initiative}
    return doc


seeds = st.integers(0, 2**32 - 1)


def fight(doc: dict[str, Any], seed: int) -> fracas.Battle:
    battle = fracas.Battle(fracas.from_document(doc), seed=seed)
    battle.run()
    return battle


def start(doc: dict[str, Any]) -> MurdhamState:
    enc = fracas.from_document(doc)
    state = enc.ruleset.setup(enc.spec)
    assert isinstance(state, MurdhamState)
    return state


def characters(battle: fracas.Battle) -> list[Character]:
    state = battle.state
    assert isinstance(state, MurdhamState)
    return state.characters()


def rounds(events: list[Event]) -> Iterator[tuple[int, list[Event]]]:
    """Each round's number and its events, RoundStarted and RoundEnded excluded."""
    current: list[Event] | None = None
    number = 0
    for e in events:
        if isinstance(e, RoundStarted):
            current, number = [], e.round
        elif isinstance(e, RoundEnded):
            assert current is not None
            yield number, current
            current = None
        elif current is not None:
            current.append(e)


def riders_and_mounts(doc: dict[str, Any]) -> set[str]:
    """Every character that rides or is a mount (they share turns: seed "Mounts")."""
    out = set()
    for side in doc["sides"]:
        for c in side["combatants"]:
            if c["template"] == "horse" or "rides" in c:
                out.add(c["name"])
    return out


def actor(e: Event) -> str | None:
    """Who does something in this event: takes a turn, plans, attacks, reacts or moves."""
    if isinstance(e, (Activated, TurnPlan, Reacted, Moved)):
        return e.who
    if isinstance(e, AttackDeclared):
        return e.attacker
    return None


# ----------------------------------------------------------------------------- properties


@PROPERTY
@given(encounters(), seeds)
def test_battles_end_within_max_rounds_and_rounds_are_paired(doc, seed):
    battle = fight(doc, seed)
    events = battle.events
    outcome = battle.outcome
    assert outcome is not None
    assert 1 <= outcome.rounds <= doc["max_rounds"]
    assert isinstance(events[0], BattleStarted)
    assert isinstance(events[-1], BattleEnded)
    assert events[-1].rounds == outcome.rounds
    assert sum(isinstance(e, BattleEnded) for e in events) == 1
    started = [e.round for e in events if isinstance(e, RoundStarted)]
    ended = [e.round for e in events if isinstance(e, RoundEnded)]
    assert started == ended == list(range(1, outcome.rounds + 1))
    depth = 0
    for e in events:
        if isinstance(e, RoundStarted):
            depth += 1
        elif isinstance(e, RoundEnded):
            depth -= 1
        assert depth in (0, 1)  # RoundStarted, its RoundEnded, never nested
    if outcome.ending is Ending.ROUND_CAP:
        assert outcome.rounds == doc["max_rounds"]
        assert outcome.winner is None


@PROPERTY
@given(encounters(), seeds)
def test_turns_alternate_until_every_faction_passes_in_a_row(doc, seed):
    """Seed "Combat procedure": each character takes a turn once per round; the round ends
    when all factions pass consecutively; a faction with nobody left must pass (and nobody of
    it acts again that round). The bonus round of an ambush is for the concealed only."""
    battle = fight(doc, seed)
    factions = [s["name"] for s in doc["sides"]]
    concealed = {c.name for c in start(doc).characters() if c.concealed}
    for number, events in rounds(battle.events):
        moves = [e for e in events if isinstance(e, (Activated, Passed))]
        activated = [e.who for e in moves if isinstance(e, Activated)]
        assert len(activated) == len(set(activated)), f"round {number}: {activated}"
        tail = moves[-len(factions) :]
        assert all(isinstance(e, Passed) for e in tail), f"round {number}: {moves[-6:]}"
        assert sorted(e.faction for e in tail) == sorted(factions)
        if len(moves) > len(factions):
            assert isinstance(moves[-len(factions) - 1], Activated)
        for i, e in enumerate(moves):
            if isinstance(e, Passed) and e.forced:
                later = [m for m in moves[i:] if isinstance(m, Activated)]
                assert all(m.faction != e.faction for m in later), f"round {number}"
        if any(isinstance(e, BonusRound) for e in events):
            assert number == 1
            assert set(activated) <= concealed
        # Factions take their chances in a fixed cycle, from the one chosen to go first.
        first = next(e.faction for e in events if isinstance(e, FactionFirst))
        assert moves[0].faction == first
        assert len({e.faction for e in moves[: len(factions)]}) == len(factions)
        for i in range(len(factions), len(moves)):
            assert moves[i].faction == moves[i - len(factions)].faction, f"round {number}"


@PROPERTY
@given(encounters(), seeds)
def test_a_reaction_spends_the_turn(doc, seed):
    """Seed "Taking a turn": a reaction takes the whole turn, out of sequence: who reacted is
    not activated later in the round. Mounts and riders are skipped: they may hold their turn
    to react later (seed "Mounts and vehicles")."""
    battle = fight(doc, seed)
    skip = riders_and_mounts(doc)
    for number, events in rounds(battle.events):
        reacted: set[str] = set()
        for e in events:
            if isinstance(e, Reacted):
                reacted.add(e.who)
            elif isinstance(e, Activated) and e.who not in skip:
                assert e.who not in reacted, f"round {number}: {e.who} reacted, then acted"


@PROPERTY
@given(encounters(), seeds)
def test_the_dead_and_incapacitated_do_nothing(doc, seed):
    """M8: an incapacitated character cannot act or react; the dead neither. After Killed,
    nobody is activated, plans, attacks, reacts or moves; after Incapacitated, nobody is
    activated, plans, reacts or moves, and declares no new attack (a blast or split attack
    already under way finishes its targets)."""
    battle = fight(doc, seed)
    dead: set[str] = set()
    down: set[str] = set()
    down_this_turn: set[str] = set()
    for e in battle.events:
        if isinstance(e, (Activated, TurnPlan)):
            down_this_turn = set()
        who = actor(e)
        if who is not None:
            assert who not in dead, f"{who} is dead, yet: {e}"
            if who in down:
                assert isinstance(e, AttackDeclared) and who in down_this_turn, (
                    f"{who} is incapacitated, yet: {e}"
                )
        if isinstance(e, Killed):
            dead.add(e.who)
            down.add(e.who)
            down_this_turn.add(e.who)
        elif isinstance(e, Incapacitated):
            down.add(e.who)
            down_this_turn.add(e.who)


@PROPERTY
@given(encounters(), seeds)
def test_same_seed_same_battle_and_replay(doc, seed):
    first = fight(doc, seed)
    second = fight(doc, seed)
    assert first.events == second.events
    assert first.journal == second.journal
    again = fracas.replay(fracas.from_document(doc), first.journal)
    assert again.events == first.events
    assert again.outcome == first.outcome


@PROPERTY
@given(encounters(), seeds)
def test_health_bookkeeping(doc, seed):
    """M4–M7 and M10: health stays within 0..max; each hit loses its damage less armour value
    (none when direct), no more than the health left; half or more of the health left at once
    incapacitates (M5), damage matching maximum health kills (M7); the dying die at the end of
    the next round (M6); the killed, and only they, end dead."""
    battle = fight(doc, seed)
    health = {c.name: c.health for c in start(doc).characters()}
    maximum = {c.name: c.max_health for c in start(doc).characters()}
    critical: set[str] = set()
    outright: set[str] = set()
    killed: set[str] = set()
    dying: dict[str, int] = {}
    for e in battle.events:
        if isinstance(e, Harmed):
            before = health[e.target]
            assert 0 <= e.armour <= 3
            if e.direct:
                assert e.armour == 0
            through = e.damage if e.direct else max(0, e.damage - e.armour)
            assert e.lost == min(through, before), e
            assert e.health == before - e.lost, e
            assert e.max_health == maximum[e.target]
            health[e.target] = e.health
            if through >= e.max_health:
                outright.add(e.target)
            elif e.lost and 2 * e.lost >= before:
                critical.add(e.target)
        elif isinstance(e, Killed):
            assert e.who not in killed, f"{e.who} killed twice"
            killed.add(e.who)
        elif isinstance(e, Dying):
            dying.setdefault(e.who, e.until_round)
    final = {c.name: c for c in characters(battle)}
    for name, c in final.items():
        assert 0 <= c.health <= c.max_health, name
        assert c.health == health[name], name
        assert (c.status is Status.DEAD) == (name in killed), name
    for name in outright:
        assert final[name].status is Status.DEAD, f"{name}: damage ≥ max health (M7)"
    for name in critical:
        assert final[name].status in (Status.DOWN, Status.DEAD), f"{name}: critical (M5)"
    assert battle.outcome is not None
    for name, until in dying.items():
        if battle.outcome.rounds >= until:
            assert final[name].status is Status.DEAD, f"{name}: dying until round {until}"
    ended = battle.events[-1]
    assert isinstance(ended, BattleEnded)
    for s in ended.combatants:
        assert (s.status == "dead") == (s.name in killed)
        assert s.hp == health[s.name]


@PROPERTY
@given(encounters(), seeds)
def test_the_winner_is_the_only_faction_still_fighting(doc, seed):
    battle = fight(doc, seed)
    assert battle.outcome is not None
    winner = battle.outcome.winner
    fighting = {c.side for c in characters(battle) if c.status is Status.ACTIVE}
    if winner is None:
        assert len(fighting) != 1
    else:
        assert fighting == {winner}
        assert battle.outcome.ending is Ending.VICTORY
    ended = battle.events[-1]
    assert isinstance(ended, BattleEnded)
    assert ended.winner == winner


@PROPERTY
@given(encounters(), seeds)
def test_morale_only_where_it_applies(doc, seed):
    """Seed "Morale": factions with `morale: false` never check; those immune to fear (the
    mindless skeletons) never break; those who fled take no further part."""
    battle = fight(doc, seed)
    no_morale = {s["name"] for s in doc["sides"] if s.get("morale") is False}
    immune = {c.name for c in start(doc).characters() if c.immune_to_fear}
    final = {c.name: c.status for c in characters(battle)}
    gone: set[str] = set()
    for e in battle.events:
        if isinstance(e, MoraleChecked):
            assert e.faction not in no_morale
        elif isinstance(e, Broke):
            assert e.who not in immune
            if final[e.who] is Status.FLED:
                gone.add(e.who)
        elif isinstance(e, Harmed):
            assert e.target not in gone, f"{e.target} fled, yet is harmed"
        elif isinstance(e, RoundEnded):
            continue
        who = actor(e)
        assert who is None or who not in gone, f"{who} fled, yet: {e}"


@PROPERTY
@given(encounters(), seeds)
def test_events_round_trip_through_json(doc, seed):
    battle = fight(doc, seed)
    for e in battle.events:
        d = e.to_dict()
        assert d["type"] == type(e).__name__
        assert json.loads(json.dumps(d)) == d


# ----------------------------------------------------------------------------- the CLI

runner = CliRunner()


def test_run_every_example_as_json():
    assert EXAMPLES
    for path in EXAMPLES:
        factions = {s.name for s in fracas.load(path).spec.sides}
        result = runner.invoke(app, ["run", str(path), "--json", "--seed", "3"])
        assert result.exit_code == 0, (path.name, result.output)
        lines = result.stdout.strip().splitlines()
        events = [json.loads(line) for line in lines]
        assert events[0]["type"] == "BattleStarted"
        last = events[-1]
        assert last["type"] == "BattleEnded", path.name
        assert last["winner"] is None or last["winner"] in factions, path.name


def test_sim_bandit_ambush_reports_every_battle():
    path = ROOT / "examples" / "murdham" / "bandit_ambush.yaml"
    result = runner.invoke(app, ["sim", str(path), "-n", "200", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["battles"] == 200
    wins = sum(row["wins"] for row in report["sides"])
    assert wins + report["draws"]["count"] == 200
    assert {row["side"] for row in report["sides"]} == {"Travellers", "Bandits"}
