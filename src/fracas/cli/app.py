"""`fracas`: rulesets, check, schema, run, replay.

Every error a user can cause (a bad file, an unknown ruleset, a broken save) is printed as
one clear message on standard error with exit status 2 — never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from fracas.cli.errors import user_errors
from fracas.cli.policies import PolicyOption
from fracas.core.audience import GM_VIEW, PLAYERS, Viewer
from fracas.core.battle import Battle, replay
from fracas.core.encounter import load, with_policies
from fracas.core.errors import FracasError, ReplayError
from fracas.core.ruleset import get_ruleset, registry
from fracas.core.save import battle_from_save, read_save
from fracas.core.schema import encounter_schema
from fracas.narration.render import json_lines, narrate

app = typer.Typer(
    name="fracas",
    help="Tabletop role-playing combat, run by the book.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no "<bool>" type column under flags
)


@app.command()
def rulesets() -> None:
    """List the installed rulesets."""
    table = Table("id", "ruleset", "implements")
    for rid, cls in registry().items():
        table.add_row(rid, cls.title, cls.source)
    Console(highlight=False).print(table)


@app.command()
def check(file: Annotated[Path, typer.Argument(help="an encounter file (YAML or TOML)")]) -> None:
    """Validate an encounter file and say what it holds."""
    with user_errors():
        enc = load(file)
    sides = ", ".join(f"{s.name} ({sum(c.count for c in s.combatants)})" for s in enc.spec.sides)
    typer.echo(f"{file}: ok — {enc.ruleset.title}, {enc.spec.name}: {sides}")


@app.command()
def schema(ruleset: Annotated[str, typer.Argument(help="a ruleset id, e.g. brp")]) -> None:
    """Print the JSON Schema of a ruleset's encounter files."""
    with user_errors():
        rs = get_ruleset(ruleset)
    typer.echo(json.dumps(encounter_schema(rs), indent=2))


@app.command(name="list")
def list_names(
    ruleset: Annotated[str, typer.Argument(help="a ruleset id, e.g. brp")],
    kind: Annotated[
        str | None, typer.Argument(help="what to list: templates, weapons... (default: all)")
    ] = None,
) -> None:
    """List the names an encounter of a ruleset may use: templates, weapons, armour..."""
    with user_errors():
        rs = get_ruleset(ruleset)
        lists = {
            "templates": sorted(rs.templates()),
            **{k: sorted(v) for k, v in rs.names().items()},
        }
        if kind is not None and kind not in lists:
            raise FracasError(f"{ruleset} has no list {kind!r} (lists: {', '.join(lists)})")
    for name, names in lists.items():
        if kind is None or kind == name:
            # One name a line: names hold commas ("Sword, Broad"), issue 33.
            listed = "".join(f"\n  {n}" for n in names)
            typer.echo(f"{name}:{listed}" if names else f"{name}: (none)")


@app.command()
def run(
    file: Annotated[Path, typer.Argument(help="an encounter file (YAML or TOML)")],
    seed: Annotated[int | None, typer.Option(help=SEED_HELP, min=0)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON event per line")] = False,
    player: Annotated[bool, typer.Option("--player", help=PLAYER_HELP)] = False,
    view: Annotated[str | None, typer.Option("--view", help=VIEW_HELP)] = None,
    save: Annotated[Path | None, typer.Option(help="save the battle (encounter + journal)")] = None,
    policy: PolicyOption = None,
) -> None:
    """Fight an encounter by the book, narrating every roll and rule."""
    with user_errors():
        if save is not None and save.exists() and save.resolve() == file.resolve():
            raise FracasError(f"--save {save}: that is the encounter being read; save elsewhere")
        encounter = with_policies(load(file), policy or [])
        battle = Battle(encounter, seed=seed)  # no seed: a fresh one, printed and saved
        viewer = _viewer(battle, player, view)
        battle.run()
        if save is not None:
            battle.save(save)
    _print(battle, as_json, viewer, battle.seed)
    _print_search_effort(battle)


def _print_search_effort(battle: Battle) -> None:
    """What each searching side's decisions cost (issue 34), on standard error."""
    for side, search in battle.searches.items():
        effort = search.effort
        typer.echo(
            f"search ({side}): {effort.decisions} decisions, {effort.rollouts} rollouts,"
            f" {effort.steps} steps, {effort.seconds:.2f} s",
            err=True,
        )


@app.command(name="replay")
def replay_cmd(
    saved: Annotated[Path, typer.Argument(help="a battle saved by `fracas run --save`")],
    as_json: Annotated[bool, typer.Option("--json", help="one JSON event per line")] = False,
    player: Annotated[bool, typer.Option("--player", help=PLAYER_HELP)] = False,
    view: Annotated[str | None, typer.Option("--view", help=VIEW_HELP)] = None,
) -> None:
    """Replay a saved battle from its journal; prints exactly what `run` printed. A battle
    saved at a table (`fracas serve`) is shown as far as it went, and what it waits for."""
    with user_errors():
        saved_battle = battle_from_save(read_save(saved), str(saved))
        viewer = _viewer(saved_battle, player, view)
        if saved_battle.seating.seats:  # people at seats: it may stop at an open question
            try:
                waiting = saved_battle.advance()
            except ReplayError as e:
                raise ReplayError(f"{saved}: {e}") from None
            _print(saved_battle, as_json, viewer, saved_battle.seed)
            if waiting is not None and not as_json and viewer.may_see(waiting.audience):
                sys.stdout.write(f"The battle waits for {waiting.prompt} (question {waiting.id})\n")
            return
        try:
            battle = replay(
                saved_battle.encounter,
                saved_battle.journal,
                authors=saved_battle.authors,
            )
        except ReplayError as e:
            raise ReplayError(f"{saved}: {e}") from None
    _print(battle, as_json, viewer, saved_battle.seed)


SEED_HELP = "the dice seed; the same seed, the same battle (default: a fresh one, printed)"
PLAYER_HELP = "the players' view: only what every player may see"
VIEW_HELP = "one side's view: what that side's players may see"


def _viewer(battle: Battle, player: bool, view: str | None) -> Viewer:
    """The GM's view by default; `--player` for the players at large, `--view SIDE` for one
    side's players."""
    if view is None:
        return PLAYERS if player else GM_VIEW
    sides = [s.name for s in battle.encounter.spec.sides]
    if view not in sides:
        raise FracasError(f"--view: no side is named {view!r} (sides: {', '.join(sides)})")
    return Viewer(side=view)


def _print(battle: Battle, as_json: bool, viewer: Viewer, seed: int | None) -> None:
    """The battle as `viewer` sees it; the seed heads the log (for JSON, on standard error),
    so that any fight can be fought again."""
    if as_json:
        if seed is not None:
            typer.echo(f"seed {seed}", err=True)
        for line in json_lines(battle.events, viewer):
            sys.stdout.write(line + "\n")
    else:
        if seed is not None:
            sys.stdout.write(f"Seed {seed}\n")
        narrate(battle.events, sys.stdout, viewer, color=sys.stdout.isatty())


def _register_simulator() -> None:
    from fracas.cli import odds, serve, sim

    app.command(name="sim")(sim.sim)
    app.command(name="balance")(sim.balance)
    app.command(name="bench")(sim.bench)
    app.command(name="odds")(odds.odds)
    app.command(name="serve")(serve.serve)


_register_simulator()


def main() -> None:
    app()
