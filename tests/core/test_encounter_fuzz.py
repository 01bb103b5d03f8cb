"""Bad encounters fail with an EncounterError (a message), never anything else: fuzzed."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fracas
from fracas.core.errors import EncounterError

EXAMPLES = sorted(Path("examples").glob("*/*.yaml"))
DOCS = [yaml.safe_load(p.read_text()) for p in EXAMPLES]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-1000, 1000),
    st.floats(allow_nan=False),
    st.text(max_size=12),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, (*prefix, i))
    return out


def accepts_or_explains(doc: Any, fight: bool = False) -> None:
    """Refused with a message naming the file; or accepted, and then it can be fought."""
    try:
        encounter = fracas.from_document(doc, source="fuzz.yaml")
    except EncounterError as err:
        assert str(err).startswith("fuzz.yaml")
        return
    if fight:
        fracas.Battle(encounter, seed=0, observe=False).run()


@settings(
    max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.sampled_from(range(len(DOCS))), st.data())
def test_a_mutated_example_is_accepted_or_explained(which, data):
    doc = copy.deepcopy(DOCS[which])
    doc["max_rounds"] = 3
    where = data.draw(st.sampled_from(paths(doc)[1:]))
    action = data.draw(st.sampled_from(["replace", "delete"]))
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    if action == "delete" and isinstance(parent, dict):
        del parent[where[-1]]
    elif action == "delete" and isinstance(parent, list):
        parent.pop(where[-1])
    else:
        parent[where[-1]] = data.draw(values)
    accepts_or_explains(doc, fight=True)


@settings(max_examples=200, deadline=None, database=None)
@given(st.sampled_from(["brp", "murdham", "gurps", 7, None]), values)
def test_any_document_is_accepted_or_explained(ruleset, body):
    doc = {"ruleset": ruleset, "sides": body} if ruleset is not None else {"sides": body}
    accepts_or_explains(doc)
