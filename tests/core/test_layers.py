"""The house as drawn (issue 36): every import of `src/fracas` — at module level, under
`TYPE_CHECKING` or inside a function — goes to the importing module's own layer or one below
it (docs/ARCHITECTURE.md, "Layers"), a ruleset never imports another, and no files import each
other in a cycle, however long."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

SRC = Path(__file__).parents[2] / "src"

# Bottom to top, as docs/ARCHITECTURE.md draws them; a layer may import its own and those
# before it. Rulesets share a rank but may not import one another.
LAYERS = (
    ("immutable",),
    ("dice",),
    ("core",),
    ("exact",),
    ("rulesets",),
    ("narration", "sim"),
    ("serve",),
    ("cli",),
    ("__init__", "__main__"),
)
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted((SRC / "fracas").rglob("*.py"))}


def imported(name: str, path: Path) -> Iterator[str]:
    """The fracas modules `name` imports: `from fracas.x import y` names module `fracas.x.y`
    where that is a module, else `fracas.x`; relative imports resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [(a.name, ()) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [(base, tuple(a.name for a in node.names))]
        else:
            continue
        for module, names in targets:
            if not module.startswith("fracas"):
                continue
            subs = [f"{module}.{n}" for n in names if f"{module}.{n}" in MODULES]
            yield from subs or [module]


GRAPH = {name: sorted(set(imported(name, path)) - {name}) for name, path in MODULES.items()}


def layer(module: str) -> tuple[str, str | None]:
    """A module's layer, and for a ruleset which one."""
    parts = module.split(".")
    if len(parts) == 1:
        return "__init__", None
    if parts[1] == "rulesets":
        return "rulesets", parts[2] if len(parts) > 2 else None
    return parts[1], None


def test_every_layer_is_drawn() -> None:
    assert {layer(m)[0] for m in MODULES} <= set(RANK)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down(module: str) -> None:
    here, ruleset = layer(module)
    wrong = []
    for target in GRAPH[module]:
        there, other = layer(target)
        if RANK[there] > RANK[here]:
            wrong.append(f"{target} ({there} is above {here})")
        elif here == there == "rulesets" and ruleset != other and None not in (ruleset, other):
            wrong.append(f"{target} (another ruleset)")
    assert not wrong, f"{module} imports " + ", ".join(wrong)


def test_no_files_import_each_other_in_a_cycle() -> None:
    try:
        tuple(TopologicalSorter(GRAPH).static_order())
    except CycleError as err:
        pytest.fail(f"an import cycle: {' → '.join(err.args[1])}")


def test_the_checker_sees_a_cycle_and_an_arrow_up() -> None:
    """The checks above can fail: a cycle and an upward import, made up, are found."""
    with pytest.raises(CycleError):
        tuple(TopologicalSorter({"a": ["b"], "b": ["c"], "c": ["a"]}).static_order())
    assert RANK[layer("fracas.core.battle")[0]] < RANK[layer("fracas.exact.duel")[0]]
    assert layer("fracas.rulesets.brp.state") == ("rulesets", "brp")


LONGEST = 80  # lines a function may take (issue 36: "as today")


def test_every_function_fits_on_a_screen() -> None:
    long = [
        f"{name}.{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for name, path in MODULES.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > LONGEST
    ]
    assert not long, ", ".join(long)
