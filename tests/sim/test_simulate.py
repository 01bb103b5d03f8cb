"""The simulator: statistically checked against an exact answer, reproducible whatever the
workers, streaming, and on a Dask cluster."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from fractions import Fraction

import pytest

import fracas
from fracas.core.errors import FracasError
from fracas.rulesets.brp import combat, odds
from fracas.sim.balance import balance
from fracas.sim.runner import battle_seed, simulate
from fracas.sim.stats import quantile, wilson

CAP = 30


def brawl_duel() -> dict:
    """Two brawlers at arm's length, no armour, no parry (fists have no hit points to parry
    with) and no Dodge: small enough to solve exactly."""

    def brawler(name, str_, con, dex, skill, x):
        return {
            "name": name,
            "characteristics": {
                "STR": str_,
                "CON": con,
                "SIZ": 12,
                "INT": 10,
                "POW": 10,
                "DEX": dex,
                "APP": 10,
            },
            "skills": {"Brawl": skill, "Dodge": 0},
            "position": [x, 0],
        }

    return {
        "ruleset": "brp",
        "name": "Brawl",
        "max_rounds": CAP,
        "sides": [
            {"name": "A", "combatants": [brawler("Ann", 15, 12, 12, 50, 0)]},  # db 1D4, 12 HP
            {"name": "B", "combatants": [brawler("Bob", 11, 10, 10, 45, 1)]},  # db 0, 11 HP
        ],
    }


def exact_brawl() -> tuple[Fraction, Fraction, Fraction]:
    """P(A wins), P(B wins), P(draw) by a Markov chain over hit points: each round Ann (DEX 12)
    strikes first; Bob (DEX 10) strikes back only if still conscious (3 HP or more, §5.12)."""
    special = combat.special_damage("1D3+db")
    ann = odds.undefended_injury(50, "1D3+db", special, "1D4", 0)
    bob = odds.undefended_injury(45, "1D3+db", special, "0", 0)
    states: dict[tuple[int, int], Fraction] = {(12, 11): Fraction(1)}
    win_a = win_b = Fraction(0)
    for _ in range(CAP):
        after: defaultdict[tuple[int, int], Fraction] = defaultdict(Fraction)
        for (ha, hb), p in states.items():
            for ia, qa in ann.items():
                if hb - ia <= 2:
                    win_a += p * qa
                    continue
                for ib, qb in bob.items():
                    if ha - ib <= 2:
                        win_b += p * qa * qb
                    else:
                        after[(ha - ib, hb - ia)] += p * qa * qb
        states = after
    return win_a, win_b, sum(states.values(), Fraction(0))


@pytest.mark.compiled_build  # 6,000 BRP duels: fought once, on the compiled build (pyproject.toml)
def test_simulated_win_rate_agrees_with_the_exact_markov_chain():
    win_a, win_b, draw = exact_brawl()
    assert win_a + win_b + draw == 1
    enc = fracas.from_document(brawl_duel())
    n = 6000
    report = simulate(enc, n, seed=99, workers=1)
    for side, p in (("A", win_a), ("B", win_b)):
        p = float(p)
        se = math.sqrt(p * (1 - p) / n)
        assert abs(report.win_probability(side) - p) <= 4 * se, (side, p)
    assert report.tally.draws <= max(5, 4 * math.sqrt(float(draw) * n) + float(draw) * n)


def test_same_seed_same_report_whatever_the_workers_and_chunks():
    enc = fracas.load("examples/brp/duel.yaml")
    one = simulate(enc, 600, seed=5, workers=1).to_dict()
    two = simulate(enc, 600, seed=5, workers=2).to_dict()
    odd = simulate(enc, 600, seed=5, workers=2, chunk=37).to_dict()
    assert json.dumps(one) == json.dumps(two) == json.dumps(odd)


def test_different_seeds_differ():
    enc = fracas.load("examples/brp/duel.yaml")
    a = simulate(enc, 300, seed=1, workers=1).to_dict()
    b = simulate(enc, 300, seed=2, workers=1).to_dict()
    assert a != b


def test_battle_seeds_are_the_children_spawn_would_give():
    import numpy as np

    children = np.random.SeedSequence(42).spawn(5)
    for i, child in enumerate(children):
        assert battle_seed(42, i).generate_state(4).tolist() == child.generate_state(4).tolist()


def test_a_simulated_battle_is_the_battle_run_would_fight():
    """No second implementation: battle i of a simulation, replayed observed, is a battle."""
    from fracas.core.dice_sources import SeededDice

    enc = fracas.load("examples/brp/duel.yaml")
    one = simulate(enc, 1, seed=3, first=7, workers=1)
    battle = fracas.Battle(enc, dice=SeededDice(battle_seed(3, 7), block=256))
    outcome = battle.run()
    assert one.tally.rounds == {outcome.rounds: 1}
    assert one.tally.wins.get(outcome.winner or "", 0) == (1 if outcome.winner else 0)


def test_report_has_every_figure():
    enc = fracas.load("examples/brp/skirmish.yaml")
    r = simulate(enc, 200, seed=1, workers=1).to_dict()
    assert r["battles"] == 200
    assert sum(s["wins"] for s in r["sides"]) + r["draws"]["count"] == 200
    for s in r["sides"]:
        lo, hi = s["ci95"]
        assert lo <= s["p"] <= hi
    assert set(r["rounds"]) == {"mean", "median", "p90", "max", "histogram"}
    assert sum(r["rounds"]["histogram"].values()) == 200
    assert len(r["combatants"]) == 7
    for c in r["combatants"]:
        assert 0 <= c["died"] <= c["went_down"] <= 1
    assert r["extras"]["attacks"] > 0


def test_bad_numbers_are_refused():
    enc = fracas.load("examples/brp/duel.yaml")
    for n in (0, -5):
        with pytest.raises(FracasError, match="n must be a whole number ≥ 1"):
            simulate(enc, n)
    with pytest.raises(FracasError):
        simulate(enc, 10, workers=0)


def test_wilson_interval_and_quantiles():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    hist = {1: 5, 2: 3, 3: 2}
    assert (quantile(hist, 0.5), quantile(hist, 0.9), quantile(hist, 1.0)) == (1, 3, 3)


def test_on_a_dask_cluster_the_report_is_the_same():
    distributed = pytest.importorskip("distributed")
    enc = fracas.load("examples/brp/duel.yaml")
    local = simulate(enc, 300, seed=8, workers=1).to_dict()
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = simulate(enc, 300, seed=8, client=client, chunk=40).to_dict()
    assert remote == local


@pytest.mark.compiled_build  # BRP battles to a precision, for each group size (pyproject.toml)
def test_balance_finds_the_group_size_nearest_the_target():
    doc = {
        "ruleset": "brp",
        "name": "One against many",
        "max_rounds": 20,
        "sides": [
            {"name": "Hero", "combatants": [{"name": "Hero", "template": "swordsman"}]},
            {
                "name": "Mob",
                "combatants": [
                    {"name": "Cultist", "template": "cultist", "count": 1, "position": [3, 0]}
                ],
            },
        ],
    }
    enc = fracas.from_document(doc)
    result = balance(enc, "Cultist", target=0.5, low=1, high=5, batch=200, budget=600, workers=1)
    trials = sorted(result.trials, key=lambda t: t.value)
    ps = [t.p for t in trials]
    assert ps[0] > 0.5 > ps[-1]  # one cultist is easy, five are not
    assert result.best in result.trials
    assert all(abs(result.best.p - 0.5) <= abs(t.p - 0.5) for t in result.trials)
    with pytest.raises(FracasError, match="no combatant group"):
        balance(enc, "Dragon")


def test_balance_can_vary_a_stat_instead_of_a_count():
    from fracas.sim.balance import with_value

    enc = fracas.load("examples/brp/duel.yaml")
    tuned = with_value(enc, "Berend", "skills.Sword", 90)
    assert tuned.spec.sides[1].combatants[0].skills["Sword"] == 90
    with pytest.raises(fracas.core.errors.FracasError, match=r"--stat skills\.Sword = 150: .*100"):
        with_value(enc, "Berend", "skills.Sword", 150)
    result = balance(
        enc,
        "Berend",
        stat="skills.Sword",
        target=0.5,
        low=20,
        high=90,
        batch=100,
        budget=200,
        workers=1,
    )
    by_value = {t.value: t.p for t in result.trials}
    assert by_value[20] > by_value[90]  # a better Berend makes Red's win less likely


def test_a_huge_n_is_generated_lazily():
    """Issue 9: `sim -n 1000000000000` must start fighting at once with flat memory, not
    first build a list of every chunk."""
    import tracemalloc

    import fracas

    class Enough(Exception):
        pass

    def stop_after_first_chunk(battles: int) -> None:
        raise Enough

    encounter = fracas.load("examples/brp/duel.yaml")
    tracemalloc.start()
    try:
        with pytest.raises(Enough):
            fracas.simulate(encounter, 10**8, workers=1, chunk=20, progress=stop_after_first_chunk)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * 2**20, peak


@pytest.mark.compiled_build  # BRP duels to a precision, twice (pyproject.toml)
def test_simulating_to_a_precision_stops_when_every_interval_is_narrow_enough():
    """Issue 9: "roughly who wins" in seconds; the report is the plain one for that many."""
    from fracas.sim.runner import precise_enough, simulate_until

    enc = fracas.load("examples/brp/duel.yaml")
    report = simulate_until(enc, 0.03, 50_000, seed=4, workers=1)
    n = report.tally.battles
    assert n < 50_000 and precise_enough(report.tally, report.sides, 0.03)
    assert report.to_dict() == fracas.simulate(enc, n, seed=4, workers=1).to_dict()
    capped = simulate_until(enc, 0.001, 700, seed=4, workers=1)
    assert capped.tally.battles == 700  # the most battles, when the precision is out of reach
    with pytest.raises(fracas.core.errors.FracasError, match="precision"):
        simulate_until(enc, 0.7, 100)
