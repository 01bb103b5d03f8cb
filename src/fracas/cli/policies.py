"""The `--policy` option of `run`, `sim` and `serve` (issue 34): who decides for a side."""

from __future__ import annotations

from typing import Annotated

import typer

from fracas.core.encounter import policy_item
from fracas.core.policy_names import SPELLING

POLICY_HELP = (
    "who decides for the sides nobody plays: POLICY for every side or SIDE=POLICY for one"
    f" (repeatable; overrides the file's sides[].policy). Policies: {SPELLING}. A search"
    " plays each option to the end of the battle N times (default 4) with the default"
    " policy and takes the best for its side"
)

PolicyOption = Annotated[list[str] | None, typer.Option("--policy", help=POLICY_HELP)]


def check_policies(given: tuple[str, ...]) -> None:
    """Refuse an unknown policy before a server starts (the sides are checked per table:
    a server's encounters come later)."""
    for item in given:
        policy_item(item)
