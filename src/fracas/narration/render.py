"""Render a battle's events for people (a narrated log and a summary table) or for machines
(one JSON object per event per line, the last one the summary).

Output depends only on the events, so `fracas replay` prints exactly what `fracas run` did.
`viewer` decides what is shown: the GM sees everything, players only what the one filter of
the core (`visible_to`) lets through (DESIGN.md §2).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import IO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fracas.core.audience import GM_VIEW, Viewer
from fracas.core.events import (
    BattleEnded,
    BattleStarted,
    DiceRolled,
    Event,
    RoundStarted,
    visible_to,
)

WIDTH = 100  # fixed, so that the same battle prints the same bytes on any terminal


def visible(events: Iterable[Event], viewer: Viewer) -> Iterator[Event]:
    """The events as `viewer` may see them (some redacted, some dropped)."""
    for e in events:
        seen = visible_to(e, viewer)
        if seen is not None:
            yield seen


def json_lines(events: Iterable[Event], viewer: Viewer = GM_VIEW) -> Iterator[str]:
    """One compact JSON object per event, each stamped with its round."""
    current = 0
    for e in visible(events, viewer):
        if isinstance(e, RoundStarted):
            current = e.round
        doc = e.to_dict()
        doc.setdefault("round", current)
        yield json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of the narrated log, in the words `fracas run` prints: `kind` says how it is
    set ("headline", "round", "dice" or "line"), `depth` how far it is indented."""

    kind: str
    depth: int
    text: str
    event: Event


def log_lines(events: Iterable[Event]) -> Iterator[LogLine]:
    """The narrated log of events already filtered for their viewer (the terminal's log and
    the browser's are these lines)."""
    for e in events:
        if isinstance(e, (BattleStarted, BattleEnded)):
            yield LogLine("headline", 0, e.text(), e)
        elif isinstance(e, RoundStarted):
            yield LogLine("round", 0, e.text(), e)
        elif isinstance(e, DiceRolled):
            yield LogLine("dice", 2, e.text(), e)
        else:
            yield LogLine("line", e.depth, e.text(), e)


def narrate(
    events: Iterable[Event], file: IO[str], viewer: Viewer = GM_VIEW, color: bool = False
) -> None:
    """The readable log: headlines flush left, rules indented, dice under them."""
    console = Console(
        file=file,
        width=WIDTH,
        force_terminal=color,
        no_color=not color,
        highlight=False,
        soft_wrap=True,
        emoji=False,
    )
    for line in log_lines(visible(events, viewer)):
        text = escape(line.text)
        if line.kind == "round":
            console.print()
            console.rule(f"[bold]{text}[/bold]", style="dim")
        elif line.kind == "headline":
            if isinstance(line.event, BattleEnded):
                console.print()
            console.print(f"[bold]{text}[/bold]")
            if isinstance(line.event, BattleEnded):
                console.print(summary_table(line.event))
        elif line.kind == "dice":
            console.print(f"        [dim]🎲 {text}[/dim]")
        else:
            console.print(f"{'    ' * line.depth}{text}")


def summary_table(end: BattleEnded) -> Table:
    table = Table(title=None, show_lines=False)
    for col, just in (
        ("Combatant", "left"),
        ("Side", "left"),
        ("Status", "left"),
        ("Vitals", "right"),
        ("Dealt", "right"),
        ("Taken", "right"),
    ):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for c in end.combatants:
        table.add_row(
            escape(c.name),
            escape(c.side),
            escape(c.condition),
            escape(c.vitals_text()),
            str(c.damage_dealt),
            str(c.damage_taken),
        )
    return table
