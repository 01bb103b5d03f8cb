"""`fracas sim`, `balance` and `bench` from the command line."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from typer.testing import CliRunner

import fracas
from fracas.cli.app import app

runner = CliRunner()


def test_sim_json_is_one_document_and_reproducible():
    args = ["sim", "examples/brp/duel.yaml", "-n", "300", "--seed", "4", "--json"]
    a = runner.invoke(app, [*args, "--workers", "1"])
    b = runner.invoke(app, [*args, "--workers", "2"])
    assert a.exit_code == 0 and b.exit_code == 0
    assert a.stdout == b.stdout
    doc = json.loads(a.stdout)
    assert doc["battles"] == 300 and {s["side"] for s in doc["sides"]} == {"Red", "Blue"}


def test_sim_text_report_and_plot(tmp_path):
    png = tmp_path / "out.png"
    r = runner.invoke(
        app,
        ["sim", "examples/brp/skirmish.yaml", "-n", "200", "--workers", "1", "--plot", str(png)],
    )
    assert r.exit_code == 0, r.output
    assert "Win probability" in r.stdout and "Investigators" in r.stdout
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sim_bad_input_exits_2_without_traceback(tmp_path):
    cases = [
        ["sim", "examples/brp/duel.yaml", "-n", "0"],
        ["sim", "examples/brp/duel.yaml", "-n", "-3"],
        ["sim", "examples/brp/duel.yaml", "--workers", "0"],
        ["sim", str(tmp_path / "missing.yaml")],
        ["balance", "examples/brp/skirmish.yaml", "--vary", "Dragon"],
        ["balance", "examples/brp/skirmish.yaml", "--vary", "Cultist", "--target", "1.5"],
        ["balance", "examples/brp/skirmish.yaml", "--vary", "Cultist", "--side", "Nobody"],
        ["sim", "examples/brp/duel.yaml", "-n", "10", "--scheduler", "tcp://127.0.0.1:9"],
    ]
    for args in cases:
        r = runner.invoke(app, args)
        assert r.exit_code == 2, (args, r.output)
        assert "Traceback" not in r.output
        assert "error:" in r.output.lower()  # ours, or the command line's own (a usage error)


@pytest.mark.compiled_build  # BRP skirmishes to a precision, for each group size (pyproject.toml)
def test_balance_json():
    r = runner.invoke(
        app,
        [
            "balance",
            "examples/brp/skirmish.yaml",
            "--vary",
            "Cultist",
            "--low",
            "1",
            "--high",
            "3",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["group"] == "Cultist" and doc["vary"] == "count"
    assert doc["best"]["value"] in {t["value"] for t in doc["trials"]}


def test_bench_reports_every_ruleset_with_ratios(monkeypatch):
    import fracas.sim.bench as bench

    # The memory probe (two fresh processes a ruleset) measured for real on the first ruleset
    # only: the others' probes are the same code on another file (ten processes, 15 s).
    real_memory, probed = bench.memory, []

    def memory_once(text: str, sizes: tuple[int, int], workers: int) -> dict[str, Any]:
        probed.append(text)
        return real_memory(text, sizes, workers) if len(probed) == 1 else {"probed": text}

    monkeypatch.setattr(bench, "memory", memory_once)
    # A twentieth of a second a figure: at least one group of 25 battles each (`timed_rate`).
    result = bench.bench(seconds=0.05, workers=2, memory_sizes=(20, 40), least_per_worker=10)
    brp = result["rulesets"]["brp"]
    for name in ("1v1", "4v4"):
        assert brp[name]["one_core"] > 0 and brp[name]["ratio_one_core"] > 0
        assert brp[name]["workers"] == 2
    assert next(iter(result["rulesets"])) == "brp"
    assert brp["memory"]["projected"] is True
    assert brp["memory"]["million_battles_peak_mib"] > 0
    # every ruleset with a bench duel probed (a test's toy ruleset may have none)
    assert len(probed) == sum("1v1" in figures for figures in result["rulesets"].values()) >= 5
    assert result["yardstick"]["mean"]["1v1"] > 0
    # Which build was timed: under `make test-compiled` the compiled one, else pure Python.
    expected = "compiled" if os.environ.get("FRACAS_EXPECT_COMPILED") else "pure"
    assert result["build"] == expected


def test_balance_refuses_a_stat_that_is_not_on_the_sheet_before_fighting():
    """Issue 9: a typo in --stat used to vary nothing and report a flat line."""
    for stat, needle in (
        ("skills.Swrod", "did you mean 'skills.Sword'"),
        ("nothing.here", "has no 'nothing'"),
        ("skills", "not a number to vary"),
    ):
        r = runner.invoke(
            app,
            ["balance", "examples/brp/duel.yaml", "--vary", "Berend", "--stat", stat],
        )
        assert r.exit_code == 2, r.output
        assert f"--stat {stat}" in r.output and needle in r.output, r.output
        assert "Battles" not in r.output  # refused before any battle


def test_balance_takes_a_battle_budget_and_a_precision():
    r = runner.invoke(
        app,
        ["balance", "examples/brp/duel.yaml", "--vary", "Berend", "--stat", "skills.Sword",
         "--low", "30", "--high", "90", "-n", "200", "--precision", "0.1", "--json"],
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    trials = json.loads(r.stdout)["trials"]
    assert trials and all(t["battles"] <= 200 for t in trials)
    for bad in (["-n", "5"], ["--precision", "0"], ["--precision", "0.6"], ["--precision", "2"]):
        args = ["balance", "examples/brp/duel.yaml", "--vary", "Berend", *bad]
        assert runner.invoke(app, args).exit_code == 2


@pytest.mark.compiled_build  # some 9,000 BRP duels (pyproject.toml)
def test_sim_without_a_count_fights_until_the_default_precision():
    """Issue 10: without -n, `sim` stops once every side is known to ± 2 points, says how
    many battles that took and to what precision; -n alone fights exactly n."""
    from fracas.sim.runner import precise_enough

    r = runner.invoke(app, ["sim", "examples/brp/duel.yaml", "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["precision"] == 0.02
    enc = fracas.load("examples/brp/duel.yaml")
    again = fracas.simulate(enc, doc["battles"], seed=0, workers=1)
    assert again.to_dict() == {k: v for k, v in doc.items() if k != "precision"}
    assert precise_enough(again.tally, again.sides, 0.02)
    assert not precise_enough(
        fracas.simulate(enc, doc["battles"] // 2, seed=0, workers=1).tally, again.sides, 0.02
    )  # it did not fight twice as many as it needed
    text = runner.invoke(app, ["sim", "examples/brp/duel.yaml", "--workers", "1"])
    assert f"known to ± 2 points after {doc['battles']:,} battles" in text.output
    exact = runner.invoke(app, ["sim", "examples/brp/duel.yaml", "-n", "300", "--json"])
    assert json.loads(exact.stdout)["battles"] == 300 and "precision" not in exact.stdout
    for bad in ("0", "0.5", "2"):
        refused = runner.invoke(app, ["sim", "examples/brp/duel.yaml", "--precision", bad])
        assert refused.exit_code == 2 and "precision" in refused.output


def test_bench_profile_splits_the_time_by_layer(monkeypatch):
    """Issue 10: `bench --profile` tells where a battle's time goes, layer by layer."""
    import fracas.sim.profile as profiling
    from fracas.sim.profile import layer_of, profile

    assert layer_of("src/fracas/rulesets/brp/policy.py") == "policy"
    assert layer_of("src/fracas/rulesets/murdham/attack.py") == "rules"
    assert layer_of("src/fracas/core/table.py") == "table, dice, journal"
    result = profile(fracas.load("examples/brp/duel.yaml"), 30)
    shares = {k: v["share"] for k, v in result["layers"].items()}
    assert abs(sum(shares.values()) - 1) < 1e-9
    assert {"rules", "policy", "table, dice, journal"} <= set(shares)
    assert result["calls_per_battle"] > 100
    # A budget stops it early, in whole groups of ten battles.
    spent = profile(fracas.load("examples/semiautomagic/grenades_at_the_wall.yaml"), 300, 0.0)
    assert spent["battles"] == 10
    # The command profiles every bench battle with what `--quick` asks (300 battles, or a
    # second each), through the real `profile` with no time to spare: its first group of ten,
    # as above (issue 35: the ten seconds of budget were a third of this file's CPU).
    asked = []

    def profile_briefly(encounter, battles, budget=None):
        asked.append((battles, budget))
        return profile(encounter, battles, 0.0)

    monkeypatch.setattr(profiling, "profile", profile_briefly)
    r = runner.invoke(app, ["bench", "--profile", "--quick", "--json"])
    found = json.loads(r.stdout)
    assert r.exit_code == 0 and "brp 1v1" in found
    assert all(f["battles"] == 10 for f in found.values())
    assert set(asked) == {(300, 1.0)} and len(asked) == len(found) >= 10


def test_sim_on_a_cluster_without_dask_says_how_to_install_it(monkeypatch):
    """Issue 33: --scheduler with Dask's `distributed` missing names the extra to install."""
    import sys

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    r = runner.invoke(
        app, ["sim", "examples/brp/duel.yaml", "-n", "10", "--scheduler", "tcp://127.0.0.1:9"]
    )
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert "pip install 'fracas[dask]'" in r.output


def test_bench_with_one_worker_gives_no_speed_up(monkeypatch):
    """Issue 33: one worker has no all-cores figure, so no speed-up is printed."""
    import fracas.sim.bench as bench

    # The memory probes (ten fresh processes) are the ratios test's to check; not this one's.
    probed = {"runs": [], "million_battles_peak_mib": 1.0, "projected": True, "how": "stub"}
    monkeypatch.setattr(bench, "memory", lambda *_: probed)
    result = bench.bench(seconds=0.05, workers=1, memory_sizes=(20, 40))
    for figures in result["rulesets"].values():
        for name in ("1v1", "4v4"):
            if name in figures:
                assert figures[name]["all_workers"] is None and figures[name]["speedup"] is None
    monkeypatch.setattr("fracas.sim.bench.bench", lambda **_: result)
    r = runner.invoke(app, ["bench", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "×" not in r.output.split("Speed-up", 1)[1].split("peak memory", 1)[0]
