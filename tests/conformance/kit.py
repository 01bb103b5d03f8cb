"""What the conformance tests share: every registered ruleset and every bundled example,
and a way to play a battle through its questions.

Examples are `examples/<ruleset id>/*.yaml|toml` at the top of the repository, plus the kit's
own (`tests/conformance/examples/`, for the toy ruleset); each is grouped by the ruleset its
encounter names, so a new ruleset takes part by being registered and shipping an example.
"""

from __future__ import annotations

import ast
import copy
import json
import os
import sys
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import fracas
from fracas.core import table
from fracas.core.battle import Battle
from fracas.core.encounter import Encounter, from_document, read_document
from fracas.core.events import BattleStarted, Event
from fracas.core.question import Question
from fracas.core.requests import ChoiceRequest
from fracas.core.ruleset import registry

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXAMPLE_DIRS = (ROOT / "examples", HERE / "examples")


def _discover() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for folder in EXAMPLE_DIRS:
        for path in sorted(folder.glob("*/*")):
            if path.suffix in (".yaml", ".yml", ".toml"):
                ruleset = read_document(path).get("ruleset")
                found.setdefault(str(ruleset), []).append(path)
    return found


RULESETS: list[str] = list(registry())
EXAMPLES_BY_RULESET: dict[str, list[Path]] = _discover()
EXAMPLES: list[Path] = [p for r in RULESETS for p in EXAMPLES_BY_RULESET.get(r, [])]

# Known bugs of a ruleset, by test: {ruleset id: the bug}. Those cases are expected to fail
# (strictly: once the bug is mended they pass, and the entry must go).
Known = Mapping[str, str]


def _marks(ruleset_id: str, known: Known | None) -> list[pytest.MarkDecorator]:
    if known and ruleset_id in known:
        return [pytest.mark.xfail(reason=known[ruleset_id], strict=True)]
    return []


def example_id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def each_example(known: Known | None = None, *, quadratic: bool = False) -> pytest.MarkDecorator:
    """Parametrise a test by every bundled example of every registered ruleset.

    Each example is fought through the kit on one build at least (issue 35: the pure and the
    compiled runs of `make test` did the same work twice):
    - The compiled run fights every example of a ruleset whose rules it compiles. A
      `quadratic` check (one that replays the battle before every answer) runs there on the
      first example only of a ruleset it does not compile: it would replay the very
      interpreted rules the pure run checks on every example.
    - The pure run fights every example, but where `make test` says a compiled run follows
      (`FRACAS_KIT_COMPILED_RUN_FOLLOWS`), only the first example of each ruleset that
      setup.py compiles: the compiled run fights the rest, and the golden battles of every
      example are fought on both builds."""
    params = [
        pytest.param(p, id=example_id(p), marks=_marks(r, known))
        for r in RULESETS
        for p in _examples(r, quadratic)
    ]
    return pytest.mark.parametrize("path", params)


def examples_here() -> list[Path]:
    """The examples this run fights through the kit (see `each_example`), for a test that
    goes through them in one."""
    return [p for r in RULESETS for p in _examples(r, False)]


def _examples(ruleset_id: str, quadratic: bool) -> list[Path]:
    examples = EXAMPLES_BY_RULESET.get(ruleset_id, [])
    if _compiled(table):
        if quadratic and not _rules_compiled(ruleset_id):
            return examples[:1]
        return examples
    if os.environ.get("FRACAS_KIT_COMPILED_RUN_FOLLOWS") and ruleset_id in _COMPILED_RULESETS:
        return examples[:1]
    return examples


def _compiled_rulesets() -> frozenset[str]:
    """The rulesets setup.py's `COMPILED` compiles (`fracas/rulesets/<id>/...` paths)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED" for t in node.targets
        ):
            paths = ast.literal_eval(node.value)
            return frozenset(p.split("/")[2] for p in paths if p.startswith("fracas/rulesets/"))
    raise AssertionError("setup.py has no COMPILED list")


_COMPILED_RULESETS = _compiled_rulesets()


def _compiled(module: ModuleType) -> bool:
    """Whether a module is the compiled build's (mypyc: an extension, not a .py file)."""
    return not str(module.__file__).endswith(".py")


def _rules_compiled(ruleset_id: str) -> bool:
    """Whether a ruleset's rules are compiled: its package holds extension modules (its
    `__init__` stays Python either way)."""
    package = Path(str(sys.modules[registry()[ruleset_id].__module__].__file__)).parent
    return any(package.glob("*.so")) or any(package.glob("*.pyd"))


def each_ruleset(known: Known | None = None) -> pytest.MarkDecorator:
    params = [pytest.param(r, id=r, marks=_marks(r, known)) for r in RULESETS]
    return pytest.mark.parametrize("ruleset_id", params)


def first_example(ruleset_id: str) -> Path:
    examples = EXAMPLES_BY_RULESET.get(ruleset_id)
    if not examples:
        pytest.fail(f"ruleset {ruleset_id!r} ships no example (examples/{ruleset_id}/*.yaml)")
    return examples[0]


# A skirmish has a handful of combatants; an example with many more (OD&D's mass battle has
# fifty units and heroes) asks as many questions in a round as a skirmish does in several.
SKIRMISH = 20


def load(path: Path, max_rounds: int | None = None) -> Encounter:
    """An example; with `max_rounds`, capped there (to keep question-by-question play short):
    for an example of more than `SKIRMISH` combatants the cap shrinks in proportion (never
    below one round), so that every example is played for about as many questions."""
    encounter = fracas.load(path)
    if max_rounds is None:
        return encounter
    size = len(encounter.ruleset.setup(encounter.spec).combatants)
    if size > SKIRMISH:
        max_rounds = max(1, max_rounds * SKIRMISH // size)
    document = copy.deepcopy(dict(encounter.document))
    document["max_rounds"] = min(max_rounds, encounter.spec.max_rounds)
    return from_document(document, source=encounter.source)


def dicts(events: list[Event]) -> list[dict[str, Any]]:
    """Events in their JSON form, through JSON (so a value JSON cannot carry fails here)."""
    out: list[dict[str, Any]] = json.loads(json.dumps([e.to_dict() for e in events]))
    return out


def started(battle: Battle) -> BattleStarted:
    first = battle.events[0]
    assert isinstance(first, BattleStarted)
    return first


def side_names(encounter: Encounter) -> list[str]:
    return [str(s.name) for s in encounter.spec.sides]


def first_names(encounter: Encounter) -> list[str]:
    """The name of each side's first combatant, as the battle names it."""
    state = encounter.ruleset.setup(encounter.spec)
    return [s.combatants[0].name for s in state.sides]


# --- answering questions ----------------------------------------------------------------------

Answer = list[int] | int
Answerer = Callable[[Battle, Question], Answer]


def faces_for(question: Question) -> list[int]:
    """Physical dice, as a person might type them: a function of the question id alone (so a
    rebuilt battle gets the same faces), spread over each die's sides."""
    h = zlib.crc32(question.id.encode())
    return [1 + (h // (i * 7 + 1)) % sides for i, sides in enumerate(question.dice)]


def policy_answer(battle: Battle, question: Question) -> Answer:
    """The answer the ruleset's own policy would give (for choices), typed in by a person;
    dice from `faces_for`."""
    if question.kind == "roll":
        return faces_for(question)
    assert isinstance(question.request, ChoiceRequest)
    choice = battle.encounter.ruleset.policy(battle.state).choose(question.request)
    assert isinstance(choice, int)
    return choice


def check_question(question: Question) -> None:
    """A question's JSON form holds what a front-end needs (test 11 of the kit)."""
    data = json.loads(json.dumps(question.to_dict()))
    for key in ("id", "kind", "decider", "prompt", "audience"):
        assert key in data, f"question JSON lacks {key!r}: {data}"
    assert data["id"] == question.id and data["kind"] in ("roll", "choice")
    assert data["decider"] == "gm" or data["decider"].startswith(("combatant:", "side:"))
    if data["kind"] == "choice":
        options = data["options"]
        assert len(options) >= 2, "a single option is no decision and must not be asked"
        assert [o["index"] for o in options] == list(range(len(options)))
        assert all(isinstance(o["label"], str) and o["label"] for o in options)
    else:
        assert data["dice"] and all(isinstance(s, int) and s >= 2 for s in data["dice"])


@dataclass(frozen=True)
class Step:
    question: Question
    answer: Answer


def play(
    battle: Battle,
    answerer: Answerer = policy_answer,
    *,
    before: Callable[[Battle, Question], Battle] | None = None,
    limit: int = 2000,
) -> tuple[Battle, list[Step]]:
    """Advance, then answer every question as its seat until the battle ends; returns the
    battle and the steps. `before` may replace the battle before each answer (save and load
    it, say): play goes on with the battle it returns, which must ask the same question."""
    steps: list[Step] = []
    question = battle.advance()
    while question is not None:
        if len(steps) >= limit:
            raise AssertionError(f"more than {limit} questions: the battle does not end")
        check_question(question)
        if before is not None:
            battle = before(battle, question)
            assert battle.question is not None and battle.question.id == question.id
            question = battle.question
        value = answerer(battle, question)
        steps.append(Step(question, value))
        question = battle.answer(question.id, value, by=question.seat or "gm")
    return battle, steps


def reloaded(battle: Battle, *, through_json: bool = True) -> Battle:
    """The battle saved and loaded back (through JSON text, as a file would be)."""
    document = battle.to_save()
    if through_json:
        document = json.loads(json.dumps(document))
    return fracas.load_battle(document)


def journal_json(battle: Battle) -> list[Any]:
    from fracas.core.journal import journal_to_json

    return journal_to_json(battle.journal, battle.authors)


def state_of(battle: Battle) -> Mapping[str, Any]:
    """Everything an answer or command may change, for "changes nothing" checks."""
    q = battle.question
    return {
        "journal": journal_json(battle),
        "question": q.to_dict() if q is not None else None,
        "events": dicts(battle.events),
        "outcome": battle.outcome,
    }
