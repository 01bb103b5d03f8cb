"""A `Policy` (issue 35): the table asks it with `pick`, building no request and calling no
`choose`; its `choose` gives every other caller the same answer; any other controller is
still asked with a `ChoiceRequest`."""

from __future__ import annotations

from typing import Any

import pytest

from fracas.core.combatant import Combatant, Decider
from fracas.core.controllers import Policy, UnknownDecision
from fracas.core.dice_sources import ScriptedDice
from fracas.core.requests import ChoiceRequest
from fracas.core.table import Table


class Second(Policy):
    """Picks the second option, noting what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, list[Any]]] = []

    def pick(self, who: Decider, decision: str, options: list[Any]) -> int:
        self.asked.append((who.name, decision, list(options)))
        return 1


class NoRequests(Second):
    """Fails if anyone asks it through the protocol."""

    def choose(self, request: ChoiceRequest) -> int:
        raise AssertionError(f"asked with a request: {request!r}")


class Recorder:
    """A controller by the protocol alone (not a Policy)."""

    def __init__(self) -> None:
        self.requests: list[ChoiceRequest] = []

    def choose(self, request: ChoiceRequest) -> int:
        self.requests.append(request)
        return 2


def _fighter() -> Combatant:
    return Combatant(id="a", name="A", side="Red")


def test_the_table_asks_a_policy_by_pick_without_a_request():
    policy = NoRequests()
    table = Table(ScriptedDice([]), {"Red": policy})
    assert table.choose(_fighter(), "intent", ["x", "y", "z"]) == "y"
    assert policy.asked == [("A", "intent", ["x", "y", "z"])]
    assert table.journal == [1]


def test_a_policy_answers_a_request_as_it_picks():
    policy = Second()
    assert policy.choose(ChoiceRequest(_fighter(), "intent", ("x", "y"))) == 1
    assert policy.asked == [("A", "intent", ["x", "y"])]


def test_another_controller_is_still_asked_with_a_request():
    a = _fighter()
    controller = Recorder()
    table = Table(ScriptedDice([]), {"Red": controller})
    assert table.choose(a, "intent", ["x", "y", "z"]) == "z"
    (request,) = controller.requests
    assert request.who is a and request.decision == "intent"
    assert request.options == ["x", "y", "z"] and request.seat is None
    assert table.journal == [2]


def test_a_bare_policy_has_no_answer():
    with pytest.raises(UnknownDecision, match="Policy has no answer to 'intent'"):
        Policy().pick(_fighter(), "intent", ["x", "y"])
