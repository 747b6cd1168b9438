"""`crossforge plugins` and a real third-party plugin installed with pip.

The distribution under ``tests/plugins/thirdparty`` (``crossforge-minconflicts``) is
installed into a temporary folder, next to a hand-made broken distribution; both are put
on ``PYTHONPATH`` of ``crossforge`` subprocesses, as a user's environment would hold them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib.metadata import distributions
from pathlib import Path

import pytest

from crossforge.plugins.registry import STRATEGY_GROUP, Registry
from crossforge.plugins.testing import check_strategy
from crossforge.server.cli import main

THIRDPARTY = Path(__file__).parent / "thirdparty"
BROKEN_METADATA = "Metadata-Version: 2.1\nName: crossforge-shaky\nVersion: 1.0\n"
BROKEN_ENTRY_POINTS = f"[{STRATEGY_GROUP}]\nshaky = crossforge_shaky_missing:Shaky\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the pip-installed plugin and a broken distribution (the plugin
    is built from a copy, so the build leaves nothing in the source tree)."""
    target = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("source") / "thirdparty"
    shutil.copytree(THIRDPARTY, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
         str(source)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    broken = target / "crossforge_shaky-1.0.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: crossforge-shaky\nVersion: 1.0\n"
    )
    (broken / "entry_points.txt").write_text(BROKEN_ENTRY_POINTS)
    return target


def crossforge(site: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run the ``crossforge`` command with ``site`` on the path."""
    environment = {**os.environ, "PYTHONPATH": str(site)}
    environment.pop("CROSSFORGE_PLUGINS", None)
    environment.update(env)
    return subprocess.run(
        [str(Path(sys.executable).with_name("crossforge")), *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )


def test_installed_plugin_is_listed_with_its_version(site: Path) -> None:
    run = crossforge(site, "plugins", "--json")
    assert run.returncode == 0, run.stderr
    listed = {(p["kind"], p["name"]): p for p in json.loads(run.stdout)}
    mine = listed[("strategy", "minconflicts")]
    assert (mine["version"], mine["distribution"], mine["error"]) == (
        "0.2.0",
        "crossforge-minconflicts",
        None,
    )
    assert mine["entry_point"] == "crossforge_minconflicts:MinConflicts"
    assert mine["parameters"]["properties"]["walk"]["default"] == 0.1
    shaky = listed[("strategy", "shaky")]
    assert shaky["error"].startswith("ModuleNotFoundError: No module named 'crossforge_shaky")
    ours = [p for p in listed.values() if p["distribution"] == "crossforge"]
    assert ours and all(p["error"] is None for p in ours)


def test_plugins_table_shows_versions_and_errors(site: Path) -> None:
    run = crossforge(site, "plugins")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["KIND", "NAME", "VERSION", "DISTRIBUTION", "DESCRIPTION"]
    mine = next(line for line in lines if " minconflicts " in line)
    assert mine.split()[:4] == ["strategy", "minconflicts", "0.2.0", "crossforge-minconflicts"]
    shaky = next(line for line in lines if " shaky " in line)
    assert "BROKEN: ModuleNotFoundError" in shaky


def test_crossforge_plugins_env_limits_what_loads(site: Path) -> None:
    run = crossforge(site, "plugins", "--json", CROSSFORGE_PLUGINS="minconflicts")
    assert run.returncode == 0, run.stderr
    assert [p["name"] for p in json.loads(run.stdout)] == ["minconflicts"]


def test_installed_plugin_passes_the_conformance_kit(
    site: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(site))
    found = [
        ep for dist in distributions(path=[str(site)]) for ep in dist.entry_points
        if ep.group == STRATEGY_GROUP and ep.name == "minconflicts"
    ]  # fmt: skip
    plugins = Registry(source=lambda group: [ep for ep in found if ep.group == group])
    check_strategy(plugins.strategy("minconflicts"), complete=False)


def test_plugins_command_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugins", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert {"name", "kind", "version", "distribution", "parameters", "error"} <= set(listed[0])


def test_installed_plugin_fills_a_grid(site: Path, tiny_words: str, tmp_path: Path) -> None:
    grid = tmp_path / "open3.txt"
    grid.write_text("...\n...\n...\n")
    run = crossforge(
        site, "fill", str(grid), "--strategy", "minconflicts", "--list", "tiny", "--seed", "1",
        "--timeout", "20", "--json",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert (answer["status"], answer["strategy"]) == ("filled", "minconflicts")
    assert all(row.isalpha() for row in answer["grid"])
    assert answer["stats"]["steps"] >= 0
    assert answer["metrics"]["duplicates"]["ok"] is True
