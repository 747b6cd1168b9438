"""The plugin registry: lazy single loads, CROSSFORGE_PLUGINS, broken plugins, register."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest

from crossforge.plugins import registry as registry_module
from crossforge.plugins.contract import Control, FillStrategy, Problem, PuzzleType, SearchResult
from crossforge.plugins.registry import (
    PUZZLE_GROUP,
    STRATEGY_GROUP,
    BrokenPlugin,
    Registry,
    UnknownPlugin,
    registry,
)

FAKE_MODULE = """
import time

from crossforge.plugins.contract import FillStrategy, PuzzleType, SearchResult

LOADS = []


class Quick(FillStrategy):
    description = "a quick strategy"
    parameters = {"type": "object", "properties": {"depth": {"type": "integer"}}}

    def __init__(self):
        LOADS.append("quick")

    def solve(self, problem, control, **params):
        return SearchResult([None] * problem.size, "gave_up", "test")


class Slow(Quick):
    '''A slow strategy, described by its docstring.'''

    description = ""

    def __init__(self):
        time.sleep(0.05)  # a slow import, so that threads asking at once overlap
        LOADS.append("slow")


class Exploding(Quick):
    def __init__(self):
        raise RuntimeError("boom at start-up")


class Grid(PuzzleType):
    description = "a puzzle type"

    def __init__(self):
        LOADS.append("grid")

    def problem(self, request):
        raise ValueError("no problems here")

    def result(self, problem, outcome):
        return {}


NOT_A_PLUGIN = 42
"""


@pytest.fixture
def fake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A freshly importable module of fake plugins; yields its name."""
    name = f"fake_plugins_{tmp_path.name.replace('-', '_')}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(FAKE_MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)


def source_for(module: str) -> registry_module.EntryPointSource:
    points = {
        STRATEGY_GROUP: [
            EntryPoint("quick", f"{module}:Quick", STRATEGY_GROUP),
            EntryPoint("slow", f"{module}:Slow", STRATEGY_GROUP),
            EntryPoint("exploding", f"{module}:Exploding", STRATEGY_GROUP),
            EntryPoint("missing", "no_such_module_xyz:Thing", STRATEGY_GROUP),
            EntryPoint("wrongtype", f"{module}:NOT_A_PLUGIN", STRATEGY_GROUP),
            EntryPoint("misfiled", f"{module}:Grid", STRATEGY_GROUP),
        ],
        PUZZLE_GROUP: [EntryPoint("grid", f"{module}:Grid", PUZZLE_GROUP)],
    }
    return lambda group: list(points[group])


def loads(module: str) -> list[str]:
    return list(sys.modules[module].LOADS)


def test_nothing_loads_until_asked_and_each_plugin_loads_once(fake: str) -> None:
    reg = Registry(source=source_for(fake))
    assert reg.load_count == 0
    assert fake not in sys.modules
    first = reg.strategy("quick")
    assert reg.strategy("quick") is first
    assert loads(fake) == ["quick"]  # asking for one plugin imports only that one
    reg.plugins()
    reg.plugins()
    reg.strategy("slow")
    assert sorted(loads(fake)) == ["grid", "grid", "quick", "slow"]  # grid: misfiled + grid
    assert reg.load_count == 7  # every entry point imported exactly once


def test_threads_asking_at_once_share_one_load(fake: str) -> None:
    from concurrent.futures import ThreadPoolExecutor

    reg = Registry(source=source_for(fake))
    with ThreadPoolExecutor(8) as pool:
        found = list(pool.map(lambda _: reg.strategy("slow"), range(8)))
    assert all(plugin is found[0] for plugin in found)
    assert loads(fake) == ["slow"]
    assert reg.load_count == 1


def test_broken_plugins_are_reported_and_the_others_work(fake: str) -> None:
    reg = Registry(source=source_for(fake))
    infos = {(i.role, i.name): i for i in reg.plugins()}
    errors = {name: info.error for (kind, name), info in infos.items() if info.error}
    assert set(errors) == {"exploding", "missing", "wrongtype", "misfiled"}
    assert errors["exploding"] == "RuntimeError: boom at start-up"
    assert errors["missing"].startswith("ModuleNotFoundError")
    assert "is not a FillStrategy" in errors["wrongtype"]
    assert "is not a FillStrategy" in errors["misfiled"]
    assert list(reg.strategies()) == ["quick", "slow"]
    assert list(reg.puzzle_types()) == ["grid"]
    with pytest.raises(BrokenPlugin, match="'exploding' failed to load: RuntimeError: boom"):
        reg.strategy("exploding")
    assert isinstance(reg.puzzle_type("grid"), PuzzleType)


def test_unreadable_entry_points_are_reported(fake: str) -> None:
    def source(group: str) -> list[EntryPoint]:
        if group == STRATEGY_GROUP:
            raise ValueError("bad entry_points.txt in some-dist")
        return source_for(fake)(group)

    reg = Registry(source=source)
    infos = reg.plugins()
    assert [(i.role, i.name, i.error) for i in infos] == [
        (
            "strategy",
            "(unreadable)",
            "reading the entry points failed: ValueError: bad entry_points.txt in some-dist",
        ),
        ("puzzle_type", "grid", None),
    ]
    assert list(reg.strategies()) == []
    assert isinstance(reg.puzzle_type("grid"), PuzzleType)


def test_plugin_info_carries_description_schema_and_entry_point(fake: str) -> None:
    reg = Registry(source=source_for(fake))
    infos = {i.name: i for i in reg.plugins()}
    quick = infos["quick"].as_dict()
    assert quick["kind"] == "strategy"
    assert quick["description"] == "a quick strategy"
    assert quick["parameters"]["properties"] == {"depth": {"type": "integer"}}
    assert quick["entry_point"] == f"{fake}:Quick"
    assert quick["error"] is None
    assert infos["slow"].description == "A slow strategy, described by its docstring."
    assert infos["grid"].role == "puzzle_type"


def test_only_limits_what_loads(fake: str) -> None:
    reg = Registry(source=source_for(fake), only={"slow", "grid"})
    assert [i.name for i in reg.plugins()] == ["slow", "grid"]
    assert reg.load_count == 2
    with pytest.raises(UnknownPlugin, match=r"unknown fill strategy 'quick' \(known: slow\)"):
        reg.strategy("quick")


def test_default_registry_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROSSFORGE_PLUGINS", " alpha, beta ,")
    assert registry_module.only_from_env() == {"alpha", "beta"}
    limited = registry()
    assert registry() is limited
    monkeypatch.delenv("CROSSFORGE_PLUGINS")
    assert registry_module.only_from_env() is None
    assert registry() is not limited


def test_register_overrides_and_unregister_restores(fake: str) -> None:
    reg = Registry(source=source_for(fake))
    original = reg.strategy("quick")

    class Mine(FillStrategy):
        """Mine, by hand."""

        def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
            raise NotImplementedError

    mine = Mine()
    reg.register(mine, "quick")
    reg.register(mine, "extra")
    assert reg.strategy("quick") is mine
    extra = next(i for i in reg.plugins() if i.name == "extra")
    assert (extra.description, extra.version, extra.entry_point) == ("Mine, by hand.", None, None)
    reg.unregister("quick")
    reg.unregister("extra")
    assert reg.strategy("quick") is original
    with pytest.raises(UnknownPlugin):
        reg.strategy("extra")
    with pytest.raises(TypeError, match="neither"):
        reg.register(object(), "nothing")  # type: ignore[arg-type]


def test_same_name_from_two_distributions_is_reported(
    fake: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from importlib.metadata import PathDistribution

    def declared(dist_name: str, target: str) -> EntryPoint:
        """An entry point declared by a real (on-disk) distribution."""
        info = tmp_path / f"{dist_name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(f"[{STRATEGY_GROUP}]\nquick = {fake}:{target}\n")
        (ep,) = PathDistribution(info).entry_points
        return ep

    first, second = declared("aaa-dist", "Quick"), declared("zzz-dist", "Slow")
    reg = Registry(source=lambda group: [second, first] if group == STRATEGY_GROUP else [])
    infos = reg.plugins()
    assert [(i.name, i.distribution, i.version) for i in infos] == [
        ("quick", "aaa-dist", "1.0"),
        ("quick", "zzz-dist", "1.0"),
    ]
    assert infos[1].error == "name 'quick' is already taken by aaa-dist"
    assert reg.strategy("quick").description == "a quick strategy"


def test_installed_builtins_are_listed_with_our_version() -> None:
    from importlib.metadata import version

    infos = Registry().plugins()
    ours = [i for i in infos if i.distribution == "crossforge"]
    assert all(i.version == version("crossforge") for i in ours)
    assert all(i.error is None for i in ours), [i.as_dict() for i in ours if i.error]
