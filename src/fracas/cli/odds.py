"""`fracas odds`: the exact odds of one action, before anyone rolls (issue 11)."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fracas.cli.errors import user_errors
from fracas.core.encounter import load
from fracas.exact.action import ActionOdds, OutcomeOdds, action_odds

out = Console(highlight=False)


def odds(
    file: Annotated[Path, typer.Argument(help="an encounter file (YAML or TOML)")],
    actor: Annotated[str, typer.Option(help="who acts (a combatant's name)")],
    target: Annotated[str, typer.Option(help="against whom (a combatant's name)")],
    action: Annotated[
        str | None, typer.Option(help="which action (default: the first the rules offer)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document")] = False,
) -> None:
    """The exact odds of one action at the start of the encounter: each result, the harm
    done and the chance the target is out of the fight, for each way the target may defend."""
    with user_errors():
        result = action_odds(load(file), actor, target, action)
    if as_json:
        sys.stdout.write(json.dumps(result.to_dict()) + "\n")
    else:
        print_odds(result)


def print_odds(result: ActionOdds) -> None:
    title = f"{result.actor} → {result.target}: {result.action}"
    out.print(f"[bold]{escape(title)}[/bold]")
    columns: list[tuple[str, OutcomeOdds]] = [("as the policy defends", result.policy)]
    columns += [(f"{label}", odds) for label, odds in result.choices]
    table = Table("Result", *(escape(name) for name, _ in columns))
    names = list(dict.fromkeys(k for _, odds in columns for k in odds.results))
    for name in names:
        table.add_row(escape(name), *(_pct(odds.results.get(name, 0)) for _, odds in columns))
    table.add_row("mean harm", *(f"{float(o.mean_harm()):.2f}" for _, o in columns))
    table.add_row("out of the fight", *(_pct(o.down) for _, o in columns))
    out.print(table)
    if result.decision is not None:
        out.print(
            f"Each column after the first: {escape(result.target)}'s "
            f"'{escape(result.decision)}' decision taken so, whatever the policy would choose."
        )
    if any(o.truncated for _, o in columns):
        worst = max(float(o.truncated) for _, o in columns)
        out.print(f"Exploding dice: ways less likely than 1 in 10⁹ left out ({worst:.1e} in all).")


def _pct(p: Fraction | int) -> str:
    return f"{100 * float(p):5.1f} %"
