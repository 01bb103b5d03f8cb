"""Decisions scripted per decision name, for tests written like the seeds' worked examples
(shared by the rulesets' tests)."""

from __future__ import annotations

from collections import deque
from typing import Any

from fracas.core.requests import ChoiceRequest


class ByDecision:
    """Answers each decision with the next scripted pick for it: a callable on the options
    (returning the chosen option) or a fixed index."""

    def __init__(self) -> None:
        self.script: dict[str, deque[Any]] = {}

    def push(self, decision: str, *picks: Any) -> None:
        self.script.setdefault(decision, deque()).extend(picks)

    def choose(self, request: ChoiceRequest) -> int:
        queue = self.script.get(request.decision)
        if not queue:
            raise AssertionError(f"unscripted decision: {request.describe()}")
        pick = queue.popleft()
        options = list(request.options)
        if callable(pick):
            return options.index(next(o for o in options if pick(o)))
        return int(pick)
