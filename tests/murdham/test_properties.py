"""Properties of whole Murdham battles over random, valid encounters (hypothesis).

Each encounter is built as a plain document, the way a YAML file would give it, from the
bundled bestiary templates on a random grid of zones (dark and cover zones, ambushers, riders
on horses, factions that do or do not check morale), and validated by `fracas.from_document`.
Battles are fought on random seeds by the default policy, or by `Chaos` (half of the choices at
random, to reach the options the policy never takes). The properties are the contracts of
DESIGN.md §1 (determinism, replay, JSON events) and the bookkeeping of seed 001 and RULINGS.md
§2 (the round ends when every faction has passed in a row; one turn per character per round,
a reaction spends it; incapacitated and dead characters do nothing; damage less armour, M4–M7;
morale), read back from the event log and the final state. At the end, scripted scenes of
rules the engine once broke, found while writing these properties (now regression tests).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app
from fracas.core.audience import PLAYERS, Viewer
from fracas.core.combatant import Status
from fracas.core.dice_sources import SeededDice
from fracas.core.events import (
    BattleEnded,
    BattleStarted,
    Event,
    RoundEnded,
    RoundStarted,
    visible_to,
)
from fracas.core.outcome import Ending
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table
from fracas.rulesets.murdham import data, harm
from fracas.rulesets.murdham.attack import Counter
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
    ResumedFighting,
    Revealed,
    TurnPlan,
)
from fracas.rulesets.murdham.policy import MurdhamPolicy
from fracas.rulesets.murdham.round import activate
from fracas.rulesets.murdham.state import Character, MurdhamState
from fracas.rulesets.murdham.turn import Advance, SplitStrike, take_turn

# The nine properties fight random battles (and replays): on the compiled build only, where
# Murdham's rules are compiled (pyproject.toml; issue 35). The rules tests and worked examples
# cover the same rules on the pure build.
COMPILED = pytest.mark.compiled_build
PROPERTY = settings(
    max_examples=40,
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


def room(kind: str) -> float:
    """M14: the room a bestiary creature takes in a zone, in medium characters."""
    return float(data.room()[0][str(data.templates()[kind].get("size", "medium"))])


@st.composite
def encounters(draw: st.DrawFn) -> dict[str, Any]:
    cols, rows = draw(st.integers(2, 5)), draw(st.integers(2, 5))
    zones = grid_zones(cols, rows)
    zone = st.sampled_from(zones)
    some_zones = st.lists(zone, max_size=max(1, len(zones) // 3), unique=True)
    factions = FACTIONS[: draw(st.integers(2, 3))]
    sides = []
    used = dict.fromkeys(zones, 0.0)  # M14: room taken in each zone, in medium characters
    for faction in factions:
        size = draw(st.integers(1, 4))
        combatants: list[dict[str, Any]] = []
        while len(combatants) < size:
            kind = draw(st.sampled_from(KINDS))
            free = [z for z in zones if used[z] + room(kind) <= 8]
            if not free:
                break
            name = f"{faction} {kind.replace('_', ' ')} {len(combatants) + 1}"
            entry: dict[str, Any] = {
                "name": name,
                "template": kind,
                "zone": draw(st.sampled_from(free)),
            }
            used[entry["zone"]] += room(kind)
            if draw(st.integers(0, 7)) == 0:
                entry["concealed"] = True  # an ambusher
            if draw(st.integers(0, 5)) == 0:
                entry["cover"] = True
            combatants.append(entry)
            fits = used[entry["zone"]] + 1 <= 8
            if kind == "horse" and len(combatants) < size and fits and draw(st.booleans()):
                used[entry["zone"]] += 1
                rider = draw(st.sampled_from(HUMANS))
                combatants.append(
                    {
                        "name": f"{faction} rider {len(combatants) + 1}",
                        "template": rider,
                        "zone": entry["zone"],
                        "rides": name,
                    }
                )
        assume(combatants)  # (rare: every zone already full)
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


class Chaos:
    """Half the choices by the default policy, half at random among the options the rules
    offer (passing, holding, surrendering, grappling, splitting a large attacker's dice,
    mounting, stunts...): paths the default tactics never take get fought too. Seeded, so a
    battle is still a function of its seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.battle: fracas.Battle | None = None
        self.policy: MurdhamPolicy | None = None

    def choose(self, request: ChoiceRequest) -> int:
        assert self.battle is not None
        state = self.battle.state
        if self.policy is None or self.policy.state is not state:
            self.policy = MurdhamPolicy(state)
        if self.rng.random() < 0.5:
            return self.policy.choose(request)
        return self.rng.randrange(len(request.options))


def fight(doc: dict[str, Any], seed: int, chaos: bool = False) -> fracas.Battle:
    """Fight `doc` on `seed`: by the default policy, or (`chaos`) half at random."""
    encounter = fracas.from_document(doc)
    if not chaos:
        battle = fracas.Battle(encounter, seed=seed)
    else:
        controller = Chaos(seed)
        battle = fracas.Battle(encounter, seed=seed, default_controller=controller)
        controller.battle = battle
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


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_battles_end_within_max_rounds_and_rounds_are_paired(doc, seed, chaos):
    battle = fight(doc, seed, chaos)
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


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_turns_alternate_until_every_faction_passes_in_a_row(doc, seed, chaos):
    """Seed "Combat procedure": each character takes a turn once per round; the round ends
    when all factions pass consecutively; a faction with nobody left must pass (and nobody of
    it acts again that round). The bonus round of an ambush is for the concealed only."""
    battle = fight(doc, seed, chaos)
    factions = [s["name"] for s in doc["sides"]]
    concealed = {c.name for c in start(doc).characters() if c.hidden}
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
                # Nobody of it acts again this round, unless one of its surrendered fighters,
                # harmed by the enemy, took up the fight again (seed "Surrendering").
                after = events[events.index(e) :]
                resumed = {r.who for r in after if isinstance(r, ResumedFighting)}
                later = [m for m in moves[i:] if isinstance(m, Activated)]
                assert all(m.faction != e.faction or m.who in resumed for m in later), (
                    f"round {number}"
                )
        if any(isinstance(e, BonusRound) for e in events):
            assert number == 1
            assert set(activated) <= concealed
        # Factions take their chances in a fixed cycle, from the one chosen to go first.
        first = next(e.faction for e in events if isinstance(e, FactionFirst))
        assert moves[0].faction == first
        assert len({e.faction for e in moves[: len(factions)]}) == len(factions)
        for i in range(len(factions), len(moves)):
            assert moves[i].faction == moves[i - len(factions)].faction, f"round {number}"


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_a_reaction_spends_the_turn(doc, seed, chaos):
    """Seed "Taking a turn": a reaction takes the whole turn, out of sequence: who reacted is
    not activated later in the round, and nobody takes two turns (a plan or a reaction) in a
    round. Mounts and riders are skipped: they may hold their turn
    to react later (seed "Mounts and vehicles")."""
    battle = fight(doc, seed, chaos)
    skip = riders_and_mounts(doc)
    for number, events in rounds(battle.events):
        reacted: set[str] = set()
        turns: set[str] = set()  # took a turn, in sequence or out of it (a reaction)
        for e in events:
            if isinstance(e, Reacted):
                reacted.add(e.who)
            elif isinstance(e, Activated) and e.who not in skip:
                assert e.who not in reacted, f"round {number}: {e.who} reacted, then acted"
            if isinstance(e, (TurnPlan, Reacted)) and e.who not in skip:
                assert e.who not in turns, f"round {number}: a second turn for {e.who}: {e}"
                turns.add(e.who)
            if isinstance(e, TurnPlan) and e.plan.startswith(("mount ", "dismount")):
                # Getting on or off is half a move and the turn goes on (F-MUR-9); from
                # then on rider and mount are skipped like those who started mounted.
                skip |= {e.who, e.plan.removeprefix("mount ").removeprefix("dismount ")}


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_the_dead_and_incapacitated_do_nothing(doc, seed, chaos):
    """M8: an incapacitated character cannot act or react; the dead neither. After Killed,
    nobody is activated, plans, attacks, reacts or moves; after Incapacitated, nobody is
    activated, plans, reacts or moves, and declares no new attack (a blast or split attack
    already under way finishes its targets). The dead are never attacked nor harmed again."""
    battle = fight(doc, seed, chaos)
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
        if isinstance(e, AttackDeclared):
            assert e.target not in dead, f"{e.target} is dead, yet attacked: {e}"
        elif isinstance(e, Harmed):
            assert e.target not in dead, f"{e.target} is dead, yet harmed: {e}"
        if isinstance(e, Killed):
            dead.add(e.who)
            down.add(e.who)
            down_this_turn.add(e.who)
        elif isinstance(e, Incapacitated):
            down.add(e.who)
            down_this_turn.add(e.who)


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_same_seed_same_battle_and_replay(doc, seed, chaos):
    first = fight(doc, seed, chaos)
    second = fight(doc, seed, chaos)
    assert first.events == second.events
    assert first.journal == second.journal
    again = fracas.replay(fracas.from_document(doc), first.journal)
    assert again.events == first.events
    assert again.outcome == first.outcome


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_health_bookkeeping(doc, seed, chaos):
    """M4–M7 and M10: health stays within 0..max; each hit loses its damage less armour value
    (none when direct), no more than the health left; half or more of the health left at once
    incapacitates (M5), damage matching maximum health kills (M7); the dying die at the end of
    the next round (M6); the killed, and only they, end dead."""
    battle = fight(doc, seed, chaos)
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
        assert (s.status is Status.DEAD) == (s.name in killed)
        assert s.vitals["health"][0] == health[s.name]


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_the_winner_is_the_only_faction_still_fighting(doc, seed, chaos):
    battle = fight(doc, seed, chaos)
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


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_morale_only_where_it_applies(doc, seed, chaos):
    """Seed "Morale": factions with `morale: false` never check; those immune to fear (the
    mindless skeletons) never break; those who fled take no further part."""
    battle = fight(doc, seed, chaos)
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


@COMPILED
@PROPERTY
@given(encounters(), seeds, st.booleans())
def test_events_round_trip_through_json(doc, seed, chaos):
    battle = fight(doc, seed, chaos)
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


# ------------------------------------------------------------ found by the properties
# Scenes the random battles led to, cut down to the rules functions and scripted: each is a
# rule of seed 001 that the engine once broke: regression tests.


class Picks:
    """Scripted answers for some decisions (a predicate on the options), the default policy
    for every other; every request asked is kept."""

    def __init__(self, state: MurdhamState, picks: dict[str, Any]) -> None:
        self.policy = MurdhamPolicy(state)
        self.picks = picks
        self.asked: list[ChoiceRequest] = []

    def choose(self, request: ChoiceRequest) -> int:
        self.asked.append(request)
        pick = self.picks.get(request.decision)
        if pick is None:
            return self.policy.choose(request)
        found = next((i for i, o in enumerate(request.options) if pick(request.who, o)), None)
        # An option the rules no longer offer (a rider's own Advance, a second counter):
        # the default policy decides instead.
        return found if found is not None else self.policy.choose(request)


class Scene:
    def __init__(self, grid: tuple[int, int], *factions: tuple[str, list[dict[str, Any]]],
                 picks: dict[str, Any]) -> None:  # fmt: skip
        doc = {
            "ruleset": "murdham",
            "name": "scene",
            "map": {"grid": list(grid)},
            "sides": [{"name": n, "combatants": cs} for n, cs in factions],
        }
        self.state = start(doc)
        self.state.round = 1
        self.state.initiative = factions[0][0]
        self.choices = Picks(self.state, picks)
        self.events: list[Event] = []
        controllers = {s.name: self.choices for s in self.state.sides}
        self.table = Table(SeededDice(0), controllers, sink=self.events.append)

    def __getitem__(self, name: str) -> Character:
        return next(c for c in self.state.characters() if c.name == name)


def test_a_rider_never_leaves_its_mount_behind():
    s = Scene(
        (4, 1),
        ("Riders", [{"name": "Horse", "template": "horse", "zone": "a1"},
                    {"name": "Rider", "template": "theobald", "zone": "a1", "rides": "Horse"}]),
        ("Foes", [{"name": "Bandit", "template": "bandit", "zone": "d1"}]),
        picks={"turn": lambda who, o: isinstance(o, Advance)},
    )  # fmt: skip
    horse, rider = s["Horse"], s["Rider"]
    horse.took_turn = True  # the horse reacted earlier this round (say, a dodge)
    activate(s.table, s.state, rider)
    assert not any(
        isinstance(o, Advance)
        for r in s.choices.asked
        if r.who is rider and r.decision == "turn"
        for o in r.options
    )
    assert rider.riding is None or rider.zones == horse.zones, (rider.zones, horse.zones)


def test_a_rider_on_a_mount_at_full_speed_makes_no_opportunity_attack():
    s = Scene(
        (3, 1),
        ("Riders", [{"name": "Horse", "template": "horse", "zone": "a1"},
                    {"name": "Rider", "template": "theobald", "zone": "a1", "rides": "Horse"},
                    {"name": "Squire", "template": "bandit", "zone": "a1"}]),
        ("Foes", [{"name": "Bandit", "template": "bandit", "zone": "c1"}]),
        picks={
            "turn": lambda who, o: isinstance(o, Advance)
            and o.toward.name == ("Bandit" if who.name == "Horse" else "Squire"),
            "opportunity attack": lambda who, o: o is not None,
        },
    )  # fmt: skip
    horse, rider, bandit = s["Horse"], s["Rider"], s["Bandit"]
    activate(s.table, s.state, horse)  # the horse charges at full speed, the rider aboard
    assert rider.riding_locked and rider.zone == bandit.zone == "c1"
    take_turn(s.table, s.state, bandit)  # the bandit runs off toward the squire
    asked = [r for r in s.choices.asked if r.who is rider and r.decision == "opportunity attack"]
    reacted = [e for e in s.events if isinstance(e, Reacted) and e.who == "Rider"]
    assert not asked and not reacted


def test_a_split_attack_is_countered_by_one_target_at_most():
    s = Scene(
        (2, 1),
        ("Wyrm", [{"name": "Wyrm", "template": "wyrm", "zone": "a1"}]),
        ("Men", [{"name": "Man", "template": "bandit", "zone": "a1", "count": 2}]),
        picks={
            "turn": lambda who, o: isinstance(o, SplitStrike),
            "stunt": lambda who, o: o is None,
            "react": lambda who, o: isinstance(o, Counter) and o.kind == "damage",
        },
    )
    take_turn(s.table, s.state, s["Wyrm"])
    declared = [e for e in s.events if isinstance(e, AttackDeclared)]
    assert {e.target for e in declared} == {"Man 1", "Man 2"}  # one bite, split in two
    counters = [e for e in s.events if isinstance(e, Reacted) and e.reaction.startswith("counter")]
    assert len(counters) <= 1, [e.who for e in counters]


def test_a_surrendering_character_harmed_by_an_ally_stays_surrendered():
    s = Scene(
        (2, 1),
        ("Red", [{"name": "Quitter", "template": "bandit", "zone": "a1"},
                 {"name": "Ally", "template": "bandit", "zone": "a1"}]),
        ("Blue", [{"name": "Foe", "template": "bandit", "zone": "b1"}]),
        picks={},
    )  # fmt: skip
    quitter = s["Quitter"]
    quitter.status = Status.SURRENDERED
    harm.harm(s.table, s.state, quitter, 2, by=s["Ally"])
    assert quitter.status is Status.SURRENDERED


def test_players_never_hear_of_a_sneaking_character_before_it_is_revealed():
    s = Scene(
        (3, 1),
        ("Red", [{"name": "Sneak", "template": "bandit", "zone": "a1", "concealed": True}]),
        ("Blue", [{"name": "Guard", "template": "bandit", "zone": "a1"},
                  {"name": "Target", "template": "bandit", "zone": "c1"}]),
        picks={
            "turn": lambda who, o: isinstance(o, Advance) and o.toward.name == "Target",
            "opportunity attack": lambda who, o: o is not None,
        },
    )  # fmt: skip
    take_turn(s.table, s.state, s["Sneak"])  # it sneaks off, past the guard, toward the target
    revealed = False
    for e in s.events:
        if isinstance(e, Revealed) and e.who == "Sneak":
            revealed = True
        for viewer in (PLAYERS, Viewer(side="Blue")):
            if visible_to(e, viewer) is not None and not revealed:
                assert "Sneak" not in e.text(), (viewer, e.text())
