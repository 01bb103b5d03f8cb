"""A question: what the battle asks a person, in a form that can cross a wire (DESIGN.md §2).

The battle stops at a question when a seat's person must answer: a roll of physical dice
(`kind` "roll": one face per die) or a decision (`kind` "choice": an option's index). Its id
is stable: it is derived from the journal so far and the request, so a battle rebuilt from its
save asks the same question under the same id, and an answer to a question no longer open is
recognised as stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from fracas.core.journal import Entry, journal_to_json
from fracas.core.requests import ChoiceRequest, Request, RollRequest


@dataclass(frozen=True, slots=True)
class Option:
    index: int
    label: str


def label(option: object) -> str:
    """How an option reads on a screen."""
    if option is None:
        return "nothing (pass)"
    if isinstance(option, bool):
        return "yes" if option else "no"
    return str(option)


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    kind: Literal["roll", "choice"]
    decider: str  # "combatant:<id>", "side:<name>" or "gm"
    decider_name: str
    seat: str | None  # the seat that must answer (the GM may answer any question)
    audience: str  # who may see the question (core.audience)
    prompt: str
    options: tuple[Option, ...] = ()
    dice: tuple[int, ...] = ()
    notation: str = ""
    request: Request | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "decider": self.decider,
            "decider_name": self.decider_name,
            "seat": self.seat,
            "audience": self.audience,
            "prompt": self.prompt,
        }
        if self.kind == "choice":
            out["options"] = [{"index": o.index, "label": o.label} for o in self.options]
        else:
            out["dice"] = list(self.dice)
            out["notation"] = self.notation
        return out


def question_for(request: Request, journal: Sequence[Entry]) -> Question:
    """The question a request asks, its id derived from the journal before it (not from who
    gave the answers: the GM answering for a seat leaves the same game, and the same ids)."""
    position = len(journal)
    digest = hashlib.blake2b(digest_size=5)
    digest.update(json.dumps(journal_to_json(journal), separators=(",", ":")).encode())
    digest.update(request.describe().encode())
    qid = f"q{position}-{digest.hexdigest()}"
    if isinstance(request, RollRequest):
        by = request.by
        return Question(
            id=qid,
            kind="roll",
            decider=by.decider if by is not None else "gm",
            decider_name=by.name if by is not None else "GM",
            seat=request.seat,
            audience=request.audience,
            prompt=f"{by.name + ': ' if by else ''}roll {request.notation} for {request.reason}",
            dice=request.dice,
            notation=request.notation,
            request=request,
        )
    assert isinstance(request, ChoiceRequest)
    return Question(
        id=qid,
        kind="choice",
        decider=request.who.decider,
        decider_name=request.who.name,
        seat=request.seat,
        audience=request.audience,
        prompt=f"{request.who.name}: {request.decision}",
        options=tuple(Option(i, label(o)) for i, o in enumerate(request.options)),
        request=request,
    )
