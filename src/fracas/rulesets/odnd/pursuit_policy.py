"""The default choices of a chase (rules 134–139, ODD-U26, U27): a fleer losing ground (caught,
or chased by a faster pursuer) drops what such a pursuer stops for, else takes the route's
next turning; otherwise it runs on; it turns to fight only
when caught by a pursuer it cannot outrun and has at least that pursuer's hit points. A
pursuer goes after the nearest quarry. It reads the state, never changes it."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.odnd import decisions, space
from fracas.rulesets.odnd.pursuit import LURES, RUN_ON, TURN
from fracas.rulesets.odnd.state import Fighter, OdndState


def choose(state: OdndState, who: Fighter, decision: str, options: list[Any]) -> int:
    if decision == decisions.PURSUE:
        if not state.positional:
            return 0
        return min(range(len(options)), key=lambda i: space.feet(who, options[i]))
    return options.index(flight(state, who, options))  # a flight's options are words


def flight(state: OdndState, fleer: Fighter, options: list[str]) -> str:
    pace = space.turn_move(state, fleer)  # (one list, not two; issue 35)
    chases = [
        c for c in state.chases
        if c.fleer is fleer and c.pursuer.chasing
        and (c.caught or space.turn_move(state, c.pursuer) > pace)
    ]  # fmt: skip
    if not chases:
        return RUN_ON  # it is not losing ground: the pursuit will tire (F-ODD-56)
    for c in chases:
        wants = LURES["treasure"] if c.pursuer.intelligent else LURES["food"]
        if wants in options:
            return wants
    turnings = [o for o in options if o.startswith("take the ")]
    if turnings:
        return turnings[0]
    for c in chases:
        faster = space.turn_move(state, c.pursuer) > space.turn_move(state, fleer)
        if c.caught and faster and fleer.hp - fleer.temp >= c.pursuer.hp:
            return TURN
    return RUN_ON
