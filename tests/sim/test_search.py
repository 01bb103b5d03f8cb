"""The search policy (issue 34): it plays options forward without touching the battle, is
the same for a seed, takes a clearly better option, and is named by `--policy` and by an
encounter's `sides[].policy`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app
from fracas.core.battle import Battle
from fracas.core.controllers import ScriptedChoices
from fracas.core.encounter import from_document, with_policies
from fracas.core.errors import EncounterError, FracasError
from fracas.core.journal import Entry
from fracas.core.policy_names import SEARCH, PolicyChoice, parse_policy
from fracas.core.requests import ChoiceRequest, Pending, RollRequest
from fracas.core.search import EXTEND, AlignedDice, SearchPolicy, pick

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "src/fracas/rulesets/brp/bench/1v1.yaml"


def _duel(policy: str = "search:2") -> fracas.Encounter:
    return with_policies(fracas.load(DUEL), [f"Red={policy}"])


def test_a_searching_battle_is_the_same_for_its_seed() -> None:
    journals = []
    for _ in range(2):
        battle = Battle(_duel(), seed=11, observe=False)
        battle.run()
        journals.append(list(battle.journal))
        assert battle.search_effort["search decisions"] > 0
    assert journals[0] == journals[1]


def test_rollouts_leave_the_battle_and_its_dice_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """At every decision the journal and the state are as they were; and the battle's dice
    are the seed's own: the same choices, made by a script, give the very same journal."""
    searched = SearchPolicy.choose
    battle = Battle(_duel(), seed=3)

    def checked(self: SearchPolicy, request: ChoiceRequest) -> int:
        journal, standing = list(battle.journal), battle.encounter.ruleset.summary(battle.state)
        answer = searched(self, request)
        assert list(battle.journal) == journal
        assert battle.encounter.ruleset.summary(battle.state) == standing
        return answer

    monkeypatch.setattr(SearchPolicy, "choose", checked)
    battle.run()
    choices = [e for e in battle.journal if isinstance(e, int)]
    plain = fracas.load(DUEL)
    scripted = Battle(plain, seed=3, default_controller=ScriptedChoices(choices))
    scripted.run()
    assert scripted.journal == battle.journal


class FirstOption:
    """A poor default: always the first option."""

    def choose(self, request: ChoiceRequest) -> int:
        return 0


def _lone_fighter_facing(tough: int, weak: int) -> fracas.Encounter:
    """The toy ruleset's Ann against a tough and a weak foe, the tough one first."""
    document: dict[str, Any] = {
        "ruleset": "toy",
        "max_rounds": 30,
        "sides": [
            {"name": "Reds", "combatants": [{"name": "Ann", "hp": 12}]},
            {
                "name": "Blues",
                "combatants": [{"name": "Tough", "hp": tough}, {"name": "Weak", "hp": weak}],
            },
        ],
    }
    return from_document(document)


def _first_target_question(battle: Battle) -> ChoiceRequest:
    """Answer the Reds' questions with 0 until the first choice of a target."""
    while True:
        try:
            battle.run()
        except Pending as pending:
            request = pending.request
            assert isinstance(request, ChoiceRequest)
            if request.decision == "target":
                return request
            battle.journal.append(0)
        else:
            raise AssertionError("the battle ended before Ann chose a target")


def test_it_takes_the_clearly_better_option_over_a_poor_default() -> None:
    """Ann (12 HP) facing a foe of 30 HP and one of 1 HP: striking the weak one first takes a
    blade out of the fight at once. A default that strikes the first-listed is overruled."""
    encounter = _lone_fighter_facing(tough=30, weak=1)
    battle = Battle(encounter, seed=2, seats={"Reds": "person"})
    request = _first_target_question(battle)
    names = [option.name for option in request.options]
    journal: list[Entry] = list(battle.journal)
    search = SearchPolicy(
        encounter, "Reds", journal, FirstOption(), PolicyChoice(SEARCH, 64), Battle
    )
    assert names[search.choose(request)] == "Weak"
    assert journal == battle.journal  # played forward on copies only
    # Every option its 64 rollouts; one ahead, not yet confidently, up to EXTEND times that
    # beside the default's: never more.
    assert 64 * len(names) <= search.effort.rollouts <= 64 * EXTEND * len(names)


def test_noise_does_not_overrule_the_default() -> None:
    """Options alike within their rollouts' spread: the default's choice stands; one
    confidently better wins; a harm gain counts only where no win differed."""
    even = {0: [(1.0, 0.0), (0.0, 0.0), (1.0, 0.0)], 1: [(1.0, 0.0), (1.0, 0.0), (0.0, 0.0)]}
    assert pick(even, 0) == 0
    better = {0: [(0.0, 0.0)] * 4, 1: [(1.0, 0.0)] * 4, 2: [(0.5, 0.0)] * 4}
    assert pick(better, 0) == 1
    harm = {0: [(0.0, 1.0), (0.0, 2.0)] * 16, 1: [(0.0, 5.0), (0.0, 6.0)] * 16}
    assert pick(harm, 0) == 1
    # issue 34 (OD&D's duel): 8 rollouts that all lost, whatever the option, hide a win
    # chance; the retreat that took less harm must not overrule the attack on so few
    few = {0: [(0.0, -9.0)] * 8, 1: [(0.0, -5.0)] * 8}
    assert pick(few, 0) == 0
    too_few = {0: [(0.0, 0.0)] * 3, 1: [(1.0, 0.0)] * 3}  # three rollouts cannot overrule
    assert pick(too_few, 0) == 0


def test_an_option_chosen_for_more_rollouts_is_tested_on_the_later_ones() -> None:
    """An option ahead on the first (screening) rollouts by luck, even on the rest, does not
    overrule the default; one ahead on the rest does (issue 34: BRP's duels)."""
    lucky = {0: [(0.0, 0.0)] * 8, 1: [(1.0, 0.0)] * 4 + [(0.0, 0.0)] * 4}
    assert pick(lucky, 0) == 1  # counted on all eight, the luck that chose it counts twice
    assert pick(lucky, 0, screened=4) == 0
    later = {0: [(0.0, 0.0)] * 8, 1: [(0.0, 0.0)] * 4 + [(1.0, 0.0)] * 4}
    assert pick(later, 0, screened=4) == 1
    unscreened = {0: [(0.0, 0.0)] * 4, 1: [(1.0, 0.0)] * 4}  # no more than the screening
    assert pick(unscreened, 0, screened=4) == 1


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("default", PolicyChoice("default")),
        ("search", PolicyChoice(SEARCH)),
        ("search:12", PolicyChoice(SEARCH, 12)),
        ("search:3:500", PolicyChoice(SEARCH, 3, 500)),
    ],
)
def test_policy_names(name: str, expected: PolicyChoice) -> None:
    assert parse_policy(name) == expected


@pytest.mark.parametrize(
    "name", ["clever", "search:", "search:0", "search:x", "search:2:-1", "search:2:0.5"]
)
def test_an_unknown_policy_in_a_file_is_refused_by_name(name: str) -> None:
    document = yaml.safe_load(DUEL.read_text())
    document["sides"][1]["policy"] = name
    with pytest.raises(EncounterError, match=r"sides\[1\]\.policy: .*default, search"):
        from_document(document, "duel.yaml")


def test_a_file_may_name_a_side_search(tmp_path: Path) -> None:
    document = yaml.safe_load(DUEL.read_text())
    document["sides"][1]["policy"] = "search:2"
    path = tmp_path / "clever.yaml"
    path.write_text(yaml.safe_dump(document))
    battle = Battle(fracas.load(path), seed=1, observe=False)
    battle.run()
    assert list(battle.searches) == ["Blue"]


def test_policy_for_a_side_that_is_not_there() -> None:
    with pytest.raises(FracasError, match="no side is named 'Bandits'"):
        with_policies(fracas.load(DUEL), ["Bandits=search"])
    # a server's default names sides some encounters lack: those are left alone
    assert with_policies(fracas.load(DUEL), ["Bandits=search"], every_name_a_side=False)


@pytest.mark.parametrize(
    "args",
    [
        ["run", str(DUEL), "--policy", "clever"],
        ["run", str(DUEL), "--policy", "Nobody=search"],
        ["sim", str(DUEL), "-n", "2", "--policy", "search:0"],
        ["serve", "--policy", "Red=wise"],
    ],
)
def test_a_bad_policy_exits_2_with_a_message(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    assert "--policy" in result.stderr
    assert "Traceback" not in result.output


def test_run_with_search_shows_its_effort() -> None:
    result = CliRunner().invoke(app, ["run", str(DUEL), "--seed", "1", "--policy", "search:2"])
    assert result.exit_code == 0, result.output
    assert "search (Red):" in result.stderr
    assert "search (Blue):" in result.stderr


def test_sim_with_search_tallies_its_effort() -> None:
    result = CliRunner().invoke(
        app, ["sim", str(DUEL), "-n", "4", "--workers", "1", "--json", "--policy", "Red=search:2"]
    )
    assert result.exit_code == 0, result.output
    assert '"search rollouts"' in result.stdout


def test_a_server_plays_the_sides_its_policy_names(tmp_path: Path) -> None:
    """`fracas serve --policy Blue=search:1`: a new table's Blue searches; a side name an
    encounter lacks is no error on a server (its encounters come later)."""
    from fastapi.testclient import TestClient

    from fracas.core.save import load_battle
    from fracas.serve import Store, create_app
    from fracas.serve.limits import Limits

    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    store.migrate()
    limits = Limits(policies=("Blue=search:1", "Bandits=search"))
    client = TestClient(create_app(store, limits))
    made = client.post("/api/tables", json={"example": "brp/duel", "seed": 5})
    assert made.status_code == 201, made.text
    table, gm = made.json()["id"], {"Authorization": f"Bearer {made.json()['gm_token']}"}
    assert client.post(f"/api/tables/{table}/seats", headers=gm, json={"name": "Red"}).is_success
    assert client.post(f"/api/tables/{table}/start", headers=gm).is_success
    battle = load_battle(client.get(f"/api/tables/{table}/save", headers=gm).json())
    assert [side.policy for side in battle.encounter.spec.sides] == ["default", "search:1"]
    assert list(battle.searches) == ["Blue"]


def test_mirrored_pairs_stop_on_counted_work() -> None:
    """`sim.mirror`: each pair is two battles, the search on each side once; a bound in steps
    stops starting pairs after the same pair on any machine, and the same seed gives the same
    tally."""
    from fracas.sim.mirror import mirrored

    encounter = fracas.load(DUEL)
    full = mirrored(encounter, "search:2", pairs=3)
    assert full["pairs"] == 3
    assert full["battles"] == 6 == full["wins"] + full["losses"] + full["draws"]
    assert full["search steps"] > 0
    cut = mirrored(encounter, "search:2", pairs=3, steps=1)
    assert cut["pairs"] == 1  # one pair spends a step: no second is started
    again = mirrored(encounter, "search:2", pairs=3)
    assert {k: full[k] for k in ("wins", "losses", "draws", "search steps")} == {
        k: again[k] for k in ("wins", "losses", "draws", "search steps")
    }


def test_gaps_measure_each_option_at_each_decision() -> None:
    """`sim.gaps`: at each of the first side's decisions, the default's choice and every
    option's share of wins over its rollouts (a draw counts half); the same seed gives the
    same shares."""
    from fracas.sim.gaps import shares, summary

    encounter = fracas.load(DUEL)
    found = shares(encounter, rollouts=3, battles=1)
    assert found and all(0 <= chosen < len(rates) for chosen, rates in found)
    halves = {k / 6 for k in range(7)}
    assert all(any(abs(r - h) < 1e-12 for h in halves) for _, rs in found for r in rs)
    assert shares(encounter, rollouts=3, battles=1) == found
    report = summary(encounter, found, 3)
    assert report["decisions"] == len(found)
    assert 0.0 <= report["mean_gap"] <= report["largest_gap"] <= 1.0


def _rolls(dice: AlignedDice, rolls: list[tuple[str, str]]) -> list[tuple[int, ...]]:
    """Each (reason, notation) of `rolls` rolled by nobody in particular, 1D6 or 2D10."""
    sides = {"1D6": (6,), "2D10": (10, 10)}
    return [dice.faces(RollRequest(n, sides[n], None, reason)) for reason, n in rolls]


def test_aligned_dice_give_the_same_roll_the_same_faces_wherever_it_falls() -> None:
    """Rollout r of two options meets the same faces for the same roll, even where one option
    rolled something else first; each further roll of the same kind is a new die."""
    plain = _rolls(AlignedDice((1, 2)), [("to hit", "1D6"), ("damage", "2D10")])
    shifted = _rolls(AlignedDice((1, 2)), [("parry", "1D6"), ("to hit", "1D6"), ("damage", "2D10")])
    assert shifted[1:] == plain
    other_key = _rolls(AlignedDice((1, 3)), [("to hit", "1D6"), ("damage", "2D10")] * 20)
    assert len(set(other_key)) > 10  # the tenth "to hit" is not the first again


def test_aligned_dice_are_fair() -> None:
    """6,000 d6 of one rollout, each face within 4.5 standard deviations of 1,000."""
    counts = [0] * 6
    for (face,) in _rolls(AlignedDice((5, 8)), [("to hit", "1D6")] * 6000):
        counts[face - 1] += 1
    assert all(abs(c - 1000) < 4.5 * (6000 * (1 / 6) * (5 / 6)) ** 0.5 for c in counts)
