"""`fracas sim`, `fracas balance` and `fracas bench`: the simulator's commands.

Standard output carries only the report (text, or one JSON document with `--json`); progress
goes to standard error, and only when it is a terminal.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from fracas.cli.errors import user_errors
from fracas.cli.policies import PolicyOption
from fracas.core.encounter import load, with_policies
from fracas.core.errors import FracasError
from fracas.sim.runner import Progress as OnProgress
from fracas.sim.runner import simulate, simulate_until

out = Console(highlight=False, width=100)
err = Console(stderr=True, highlight=False)


@contextmanager
def progress_bar(total: int | None, label: str) -> Iterator[OnProgress | None]:
    """A rich progress bar on standard error, for long runs in a terminal; elsewhere (a log,
    a pipe) one final line of timing. With no total (a run to a precision), the bar counts
    the battles fought and the time taken."""
    if total is not None and total < 2000:
        yield None
        return
    if not err.is_terminal:
        start, fought = time.perf_counter(), [0]
        yield lambda k: fought.__setitem__(0, fought[0] + k)
        seconds = time.perf_counter() - start
        n = fought[0]
        err.print(f"{label}: {n:,} battle{'s' if n != 1 else ''} in {seconds:.1f} s")
        return
    columns = (
        (label, BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        if total is not None
        else (label, BarColumn(), TextColumn("{task.completed:,} battles"), TimeElapsedColumn())
    )
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda k: bar.advance(task, k)


@contextmanager
def dask_client(scheduler: str | None) -> Iterator[Any]:
    if scheduler is None:
        yield None
        return
    try:
        from distributed import Client
    except ImportError:
        raise FracasError("--scheduler needs Dask: pip install 'fracas[dask]'") from None
    try:
        client = Client(scheduler, timeout="5s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as e:
        raise FracasError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
    try:
        yield client
    finally:
        client.close()  # type: ignore[no-untyped-call]


# Without -n, `sim` fights until each side's win probability is known to ± 2 points (95 %),
# at most this many battles (issue 10: the answer while the game master waits).
DEFAULT_PRECISION = 0.02
MOST_BATTLES = 1_000_000


def sim(
    file: Annotated[Path, typer.Argument(help="an encounter file (YAML or TOML)")],
    n: Annotated[
        int | None,
        typer.Option(
            "-n",
            "--battles",
            help="how many battles (default: as many as --precision needs)",
            min=1,
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="the seed of the whole run", min=0)] = 0,
    workers: Annotated[
        int | None, typer.Option(help="local worker processes (default: all cores)", min=1)
    ] = None,
    scheduler: Annotated[
        str | None, typer.Option(help="run on a Dask cluster: the scheduler's address")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document")] = False,
    plot: Annotated[Path | None, typer.Option(help="write a PNG of the results")] = None,
    precision: Annotated[
        float | None,
        typer.Option(
            help="stop once every win probability is known to ± this much (95 %), as a"
            f" fraction: 0.02 is ± 2 points; the default without -n is {DEFAULT_PRECISION};"
            " with -n, -n is the most battles fought",
            min=0.0001,
            max=0.49,
        ),
    ] = None,
    policy: PolicyOption = None,
) -> None:
    """Fight an encounter many times: who wins (with 95 % intervals), how long, who falls.
    Without -n it fights until every win probability is known to ± 2 points."""
    if n is None and precision is None:
        precision = DEFAULT_PRECISION
    most = n if n is not None else MOST_BATTLES
    with user_errors():
        encounter = with_policies(load(file), policy or [])
        if plot is not None:
            check_plot_path(plot)  # before the battles, not after
        with (
            dask_client(scheduler) as client,
            progress_bar(most if precision is None else None, "fighting") as bar,
        ):
            if precision is None:
                result = simulate(
                    encounter, most, seed=seed, workers=workers, client=client, progress=bar
                )
            else:
                result = simulate_until(
                    encounter, precision, most, seed=seed, workers=workers, client=client,
                    progress=bar,
                )  # fmt: skip
            report = result.to_dict()
            if precision is not None:
                report["precision"] = precision
    if as_json:
        sys.stdout.write(json.dumps(report) + "\n")
    else:
        print_report(report)
    if plot is not None:  # the report is out first: a failing plot never loses it
        from fracas.sim.plot import plot_report

        with user_errors():
            try:
                plot_report(report, plot)
            except OSError as e:
                raise FracasError(f"--plot: cannot write {plot}: {e.strerror}") from None


PLOT_FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(plot: Path) -> None:
    """Refuse a plot file that cannot be written, before any battle is fought."""
    if plot.suffix.lower() not in PLOT_FORMATS:
        raise FracasError(f"--plot {plot}: the file must end in {', '.join(PLOT_FORMATS)}")
    if plot.is_dir():
        raise FracasError(f"--plot {plot}: that is a folder; give a file name")
    if not plot.parent.is_dir():
        raise FracasError(f"--plot {plot}: the folder {plot.parent} does not exist")


def _pct(p: float) -> str:
    return f"{100 * p:5.1f} %"


def print_report(r: dict[str, Any]) -> None:
    n = r["battles"]
    battles = f"{n:,} battle{'s' if n != 1 else ''}"
    out.print(f"[bold]{escape(r['encounter'])}[/bold] — {battles}, seed {r['seed']}")
    if "precision" in r:
        points = f"{100 * r['precision']:g}"
        out.print(f"Every win probability known to ± {points} points after {battles} (95 %)")
    sides = Table("Side", "Wins", "Win probability", "95 % interval")
    for row in r["sides"]:
        lo, hi = row["ci95"]
        sides.add_row(
            escape(row["side"]), f"{row['wins']:,}", _pct(row["p"]), f"{_pct(lo)} – {_pct(hi)}"
        )
    lo, hi = r["draws"]["ci95"]
    sides.add_row(
        "draw", f"{r['draws']['count']:,}", _pct(r["draws"]["p"]), f"{_pct(lo)} – {_pct(hi)}"
    )
    out.print(sides)
    rounds = r["rounds"]
    out.print(
        f"Rounds: mean {rounds['mean']:.2f}, median {rounds['median']}, 90th percentile "
        f"{rounds['p90']}, longest {rounds['max']}"
    )
    hist = rounds["histogram"]
    top = max(hist.values())
    for k, count in hist.items():
        bar = "█" * max(1, round(40 * count / top))
        out.print(f"  {int(k):3d} {bar} {100 * count / r['battles']:.1f} %")
    people = Table("Combatant", "Side", "Went down", "Died", "Dealt (mean)", "Taken (mean)")
    for c in r["combatants"]:
        people.add_row(
            escape(c["name"]),
            escape(c["side"]),
            _pct(c["went_down"]),
            _pct(c["died"]),
            f"{c['damage_dealt']:.1f}",
            f"{c['damage_taken']:.1f}",
        )
    out.print(people)
    if r["extras"]:
        extras = Table("Per battle", "Mean")
        for k, v in r["extras"].items():
            extras.add_row(escape(k), f"{v:.2f}")
        out.print(extras)


def balance(
    file: Annotated[Path, typer.Argument(help="an encounter file (YAML or TOML)")],
    vary: Annotated[str, typer.Option(help="the combatant group (its name) to vary")],
    target: Annotated[float, typer.Option(help="the win probability wanted")] = 0.5,
    side: Annotated[
        str | None, typer.Option(help="whose win probability (default: the first side)")
    ] = None,
    stat: Annotated[
        str | None,
        typer.Option(help="vary this stat of the group instead of its count, e.g. skills.Sword"),
    ] = None,
    low: Annotated[int | None, typer.Option(help="smallest value tried")] = None,
    high: Annotated[int | None, typer.Option(help="largest value tried")] = None,
    seed: Annotated[int, typer.Option(help="the seed of the whole search", min=0)] = 0,
    workers: Annotated[int | None, typer.Option(help="local worker processes", min=1)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document")] = False,
    n: Annotated[
        int, typer.Option("-n", "--battles", help="the most battles for one value", min=100)
    ] = 6000,
    precision: Annotated[
        float,
        typer.Option(
            help="a value is placed once its win probability is known to ± this much, as a"
            " fraction (0.02 is ± 2 points)",
            min=0.001,
            max=0.25,
        ),
    ] = DEFAULT_PRECISION,
) -> None:
    """Find the group size (or stat) that brings a side's win probability nearest the target."""
    from fracas.sim.balance import balance as search

    with user_errors():
        encounter = load(file)
        result = search(
            encounter,
            vary,
            side=side,
            target=target,
            stat=stat,
            low=low,
            high=high,
            seed=seed,
            workers=workers,
            budget=n,
            precision=precision,
            batch=min(400, n),
        )
    doc = result.to_dict()
    if as_json:
        sys.stdout.write(json.dumps(doc) + "\n")
        return
    what = f"{vary}'s {stat}" if stat else f"the number of {vary}"
    best = doc["best"]
    lo, hi = best["ci95"]
    out.print(
        f"[bold]{escape(what)} = {best['value']}[/bold] gives {escape(doc['side'])} "
        f"{100 * best['p']:.1f} % (95 % interval {100 * lo:.1f} – {100 * hi:.1f} %) for a "
        f"target of {100 * target:.1f} %",
        soft_wrap=True,
    )
    table = Table(stat or "count", "Battles", f"P({doc['side']} wins)", "95 % interval")
    for t in doc["trials"]:
        a, b = t["ci95"]
        table.add_row(str(t["value"]), f"{t['battles']:,}", _pct(t["p"]), f"{_pct(a)} – {_pct(b)}")
    out.print(table)


def bench(
    quick: Annotated[bool, typer.Option(help="about a second per figure")] = False,
    workers: Annotated[
        int | None, typer.Option(help="workers for the all-cores figures", min=1)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document")] = False,
    profile: Annotated[
        bool,
        typer.Option(help="where the time goes instead, by layer (run it on the pure build)"),
    ] = False,
    serve: Annotated[
        bool,
        typer.Option(help="a real server under 50 tables of 4 seats instead (answers/s, latency)"),
    ] = False,
) -> None:
    """Battles per second of every ruleset (1v1, 4v4; one core and all), and peak memory."""
    from fracas.sim.bench import bench as run_bench

    if serve:
        print_serve_bench(as_json, quick)
        return
    if profile:
        print_profiles(as_json, 300 if quick else 2000, 1.0 if quick else 20.0)
        return
    result = run_bench(quick=quick, workers=workers)
    if as_json:
        sys.stdout.write(json.dumps(result) + "\n")
        return
    yard = result["yardstick"]["mean"]
    out.print(f"Build: {result['build']}")
    out.print(
        f"Yardstick (bare d20 loop, this process): 1v1 {yard['1v1']:,.0f}/s, "
        f"4v4 {yard['4v4']:,.0f}/s"
    )
    table = Table(
        "Ruleset", "Battle", "One core /s", "× yardstick", "Workers", "All /s", "Speed-up"
    )
    for rid, figures in result["rulesets"].items():
        for name in ("1v1", "4v4"):
            if name in figures:
                f = figures[name]
                table.add_row(
                    rid,
                    name,
                    f"{f['one_core']:,.0f}",
                    f"{f['ratio_one_core']:.3f}",
                    str(f["workers"]),
                    f"{f['all_workers']:,.0f}" if f["all_workers"] is not None else "—",
                    f"{f['speedup']:.2f}×" if f["speedup"] is not None else "—",
                )
    out.print(table)
    for rid, figures in result["rulesets"].items():
        mem = figures.get("memory")
        if mem:
            runs = ", ".join(f"{r['battles']:,}: {r['peak_mib']:.0f} MiB" for r in mem["runs"])
            out.print(
                f"{rid} peak memory ({runs}); 1,000,000 battles projected: "
                f"{mem['million_battles_peak_mib']:.0f} MiB"
            )


def print_profiles(as_json: bool, battles: int, budget: float) -> None:
    """`bench --profile`: each ruleset's bench battles under cProfile, time by layer (up to
    `battles` of each, or `budget` seconds of each)."""
    from fracas.sim.bench import bench_encounters
    from fracas.sim.profile import profile

    found = {
        f"{rid} {name}": profile(enc, battles, budget) for rid, name, enc in bench_encounters()
    }
    if as_json:
        sys.stdout.write(json.dumps(found) + "\n")
        return
    for title, result in found.items():
        per = result["calls_per_battle"]
        out.print(
            f"[bold]{escape(title)}[/bold]: {per:,.0f} Python calls a battle"
            f" ({result['battles']:,} battles profiled)"
        )
        table = Table("Layer", "Share of time", "Calls a battle")
        for layer, figures in result["layers"].items():
            share, calls = figures["share"], figures["calls_per_battle"]
            table.add_row(escape(layer), f"{100 * share:4.1f} %", f"{calls:,.0f}")
        out.print(table)


def print_serve_bench(as_json: bool, quick: bool) -> None:
    """`fracas bench --serve`: answers per second and latency of a real server process."""
    from fracas.serve.bench import bench_flood, bench_serve

    tables = 10 if quick else 50
    # As fast as the seats can (the server's capacity), then at a table's pace: each table
    # answering once a second (the latency people feel).
    results = [
        bench_serve(tables=tables, answers=300 if quick else 3000),
        bench_serve(tables=tables, answers=100 if quick else 1000, pause=1.0),
    ]
    flood = bench_flood(gets=50 if quick else 200)
    if as_json:
        sys.stdout.write(json.dumps({"load": results, "flood": flood}) + "\n")
        return
    for result in results:
        latency = result["latency_ms"]
        pace = f"one answer a table every {result['pause']:g} s" if result["pause"] else "flat out"
        out.print(
            f"{result['tables']} tables, {pace}: {result['answers']} answers in"
            f" {result['seconds']:.1f} s, {result['answers_per_second']:,.0f} answers/s; answer"
            f" to stream p50 {latency['p50']:.1f} ms, p95 {latency['p95']:.1f} ms; server"
            f" {result['server_cpu_ms_per_answer']:.1f} ms CPU an answer,"
            f" {result['server_rss_mb']:.0f} MB"
        )
    for name, f in flood.items():  # issue 32: one client's streams do not slow the others
        before, during = f["get_ms_before"], f["get_ms_during"]
        out.print(
            f"{f['streams_asked']} streams asked by one client ({name}: {f['streams_open']} open,"
            f" {f['refused_429']} refused): another table's GET p95 {before['p95']:.1f} ms"
            f" before, {during['p95']:.1f} ms while they are open"
        )
