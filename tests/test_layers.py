"""Layers point down and no modules import each other: read from the sources with ``ast``.

The layers, bottom up: ``crossforge.cli_support`` (click and the standard library only) and
``crossforge.errors`` (the standard library only),
``wordbase``, ``grids``, ``plugins``, ``server``. Every import counts, at the top of a
module, inside a function or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("wordbase", "grids", "plugins", "server")
"""The packages, lowest first: each may import those before it, never those after."""


def module_name(path: Path) -> str:
    """``crossforge.…`` of a source file under the checkout."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[0] == "crossforge":
        parts = parts[1:]
    if parts and parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["crossforge", *parts])


def sources() -> dict[str, Path]:
    """Every module of the installed package, by name."""
    found = {module_name(path): path for path in (ROOT / "crossforge").glob("*.py")}
    for package in LAYERS:
        found |= {module_name(path): path for path in (ROOT / package).rglob("*.py")}
    return found


def imported(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The project modules ``path`` (module ``name``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            for alias in node.names:  # ``from package import module`` imports the module
                full = f"{base}.{alias.name}"
                targets.add(full if full in known else base)
    found = set()
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    known = sources()
    return {name: imported(name, path, known) for name, path in known.items()}


def layer(name: str) -> int:
    """The layer of a module: -1 for the package's own modules (``cli_support``, the
    contract's namespace and the conformance kit's re-export are read separately)."""
    package = (name.split(".") + [""])[1]
    return LAYERS.index(package) if package in LAYERS else -1


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in order:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], order[target])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return found


GRAPH = import_graph()


def upward(graph: Mapping[str, set[str]], package: str) -> list[str]:
    """The imports of ``package``'s modules from a layer above it."""
    return sorted(
        f"{name} imports {target}"
        for name, targets in graph.items()
        if layer(name) == LAYERS.index(package)
        for target in targets
        if layer(target) > layer(name)
    )


WORDBASE_LAYERS = ("database", "building", "commands")
"""The parts of ``wordbase``, lowest first, as ``wordbase_part`` names them."""
WORDBASE_COMMANDS = ("cli", "clue_cli", "db_cli")
"""The command modules of ``wordbase``: the top, where the building meets the database."""


def wordbase_part(name: str) -> str:
    """The part of ``wordbase`` a module of it belongs to (see ``WORDBASE_LAYERS``)."""
    inner = name.split(".")[2:]
    if inner[:1] == ["building"]:
        return "building"
    return "commands" if inner in ([c] for c in WORDBASE_COMMANDS) else "database"


def wordbase_upward(graph: Mapping[str, set[str]]) -> list[str]:
    """The imports of ``wordbase``'s modules from a part of it above their own."""

    def rank(name: str) -> int:
        return WORDBASE_LAYERS.index(wordbase_part(name))

    return sorted(
        f"{name} imports {target}"
        for name, targets in graph.items()
        if layer(name) == LAYERS.index("wordbase")
        for target in targets
        if layer(target) == layer(name) and rank(target) > rank(name)
    )


def test_the_graph_is_read() -> None:
    assert "crossforge.server.cli_support" not in GRAPH
    assert "crossforge.cli_support" in GRAPH["crossforge.wordbase.cli"]
    assert "crossforge.wordbase.config" in GRAPH["crossforge.server.config"]  # at the top
    assert "crossforge.plugins.registry" in GRAPH["crossforge.plugins.pipeline"]  # in a def
    assert "crossforge.wordbase.models" in GRAPH["crossforge.wordbase.index"]  # TYPE_CHECKING


@pytest.mark.parametrize("package", LAYERS[:-1])
def test_no_module_imports_a_layer_above_its_own(package: str) -> None:
    assert upward(GRAPH, package) == []


def test_an_upward_import_is_found() -> None:
    graph = {"crossforge.grids.cli": {"crossforge.server.config", "crossforge.wordbase.store"}}
    assert upward(graph, "grids") == ["crossforge.grids.cli imports crossforge.server.config"]


def test_the_command_line_helpers_and_the_errors_import_nothing_of_the_project() -> None:
    assert GRAPH["crossforge.cli_support"] == set()
    assert GRAPH["crossforge.errors"] == set()


def test_no_modules_import_each_other() -> None:
    assert cycles(GRAPH) == []


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_database_never_imports_the_building_of_the_default_lists() -> None:
    assert wordbase_upward(GRAPH) == []


def test_an_import_of_the_building_from_the_database_is_found() -> None:
    graph = {
        "crossforge.wordbase.store": {"crossforge.wordbase.building.english.editor_tags"},
        "crossforge.wordbase.building.defaults": {"crossforge.wordbase.store"},
        "crossforge.wordbase.cli": {"crossforge.wordbase.building.defaults"},
        "crossforge.wordbase.building.english.editor_tags": {"crossforge.wordbase.clue_cli"},
    }
    assert wordbase_upward(graph) == [
        "crossforge.wordbase.building.english.editor_tags imports crossforge.wordbase.clue_cli",
        "crossforge.wordbase.store imports crossforge.wordbase.building.english.editor_tags",
    ]
