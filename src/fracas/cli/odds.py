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
from fracas.core.errors import FracasError
from fracas.exact.action import ActionOdds, OutcomeOdds, action_odds
from fracas.exact.duel import DuelOdds, duel_odds

out = Console(highlight=False)


def odds(
    file: Annotated[Path, typer.Argument(help="an encounter file (YAML or TOML)")],
    actor: Annotated[str | None, typer.Option(help="who acts (a combatant's name)")] = None,
    target: Annotated[str | None, typer.Option(help="against whom (a combatant's name)")] = None,
    action: Annotated[
        str | None, typer.Option(help="which action (default: the first the rules offer)")
    ] = None,
    duel: Annotated[
        bool, typer.Option("--duel", help="who wins the whole fight, one against one")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON document")] = False,
) -> None:
    """The exact odds of one action at the start of the encounter: each result, the harm
    done and the chance the target is out of the fight, for each way the target may defend.
    With --duel, the exact odds of the whole fight, one against one: who wins, both out of
    the fight, a draw at the round cap."""
    with user_errors():
        encounter = load(file)
        if duel and action is not None:
            raise FracasError("--action names one action; a --duel is the whole fight")
        if duel:
            fight = duel_odds(encounter, actor, target)
        elif actor is None or target is None:
            raise FracasError("name the --actor and the --target (or ask for the --duel)")
        else:
            result = action_odds(encounter, actor, target, action)
    if duel:
        if as_json:
            sys.stdout.write(json.dumps(fight.to_dict()) + "\n")
        else:
            print_duel(fight)
        return
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


def print_duel(result: DuelOdds) -> None:
    a, b = result.fighters
    out.print(f"[bold]{escape(a)} against {escape(b)}: the whole fight[/bold]")
    table = Table("Ending", "Chance")
    for fighter, side in zip(result.fighters, result.sides, strict=True):
        table.add_row(escape(f"{side} wins ({fighter} left standing)"), _pct(result.wins[side]))
    table.add_row("both out of the fight", _pct(result.both_out))
    table.add_row(f"draw at the round cap ({result.rounds} rounds)", _pct(result.round_cap))
    out.print(table)
    out.print(
        f"Exact, over {result.states:,} states; left out (ways less likely than 1 in 10⁹):"
        f" {float(result.truncated):.1e}."
    )


def _pct(p: Fraction | int) -> str:
    return f"{100 * float(p):5.1f} %"
