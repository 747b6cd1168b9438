"""The public namespace: ``import crossforge`` is the plugin contract (with what a
logic-puzzle author subclasses), ``crossforge.testing`` the conformance kit, and both work
from a built wheel in a fresh environment."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import crossforge
import crossforge.testing
from crossforge.plugins import contract
from crossforge.plugins import testing as kit
from crossforge.plugins.puzzles import grid_type, logic

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = {
    "Assignment",
    "ClashTable",
    "Control",
    "Domains",
    "FillStrategy",
    "InputError",
    "OutOfTime",
    "NotFound",
    "Objective",
    "Problem",
    "PuzzleType",
    "SearchResult",
    "Status",
    "TableForm",
    "WordSource",
}
LOGIC = {"Count", "Grade", "LogicPuzzleType", "LogicalSolve", "Technique"}


def test_top_level_names_are_exactly_the_contract() -> None:
    assert set(crossforge.__all__) == CONTRACT | LOGIC | {"GridPuzzleType", "__version__"}
    for name in CONTRACT:
        assert getattr(crossforge, name) is getattr(contract, name)
    for name in LOGIC:
        assert getattr(crossforge, name) is getattr(logic, name)
    assert crossforge.GridPuzzleType is grid_type.GridPuzzleType
    assert sorted(dir(crossforge)) == sorted(crossforge.__all__)
    with pytest.raises(AttributeError, match="no attribute 'registry'"):
        _ = crossforge.registry  # type: ignore[attr-defined]


def test_testing_is_the_conformance_kit() -> None:
    assert crossforge.testing.__all__ == kit.__all__
    for name in kit.__all__:
        assert getattr(crossforge.testing, name) is getattr(kit, name)


def test_no_generic_top_level_package_is_installed() -> None:
    import importlib.metadata

    top = importlib.metadata.distribution("crossforge").read_text("top_level.txt")
    assert top is None or top.split() == ["crossforge"]


@pytest.fixture(scope="module")
def wheel_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The crossforge wheel built from this checkout, installed alone into a folder."""
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dist), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("crossforge-*.whl")
    site = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), wheel],
        check=True,
        capture_output=True,
    )
    return site


def test_wheel_installs_only_crossforge_and_imports(wheel_site: Path) -> None:
    installed = {p.name for p in wheel_site.iterdir() if not p.name.endswith(".dist-info")}
    assert installed - {"bin"} == {"crossforge"}
    code = (
        "import crossforge, crossforge.testing, sys;"
        "from crossforge import Problem, WordSource, LogicPuzzleType;"
        "from crossforge.testing import check_strategy, ReferenceSearch;"
        "check_strategy(ReferenceSearch());"
        "print(crossforge.__file__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONPATH": str(wheel_site), "PATH": "/usr/bin:/bin"},
        cwd=wheel_site,
        check=True,
        capture_output=True,
        text=True,
    )
    assert out.stdout.strip().startswith(str(wheel_site))
