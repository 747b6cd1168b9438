"""run_fill: request → problem → strategy → answer, with plugins registered by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crossforge.plugins.contract import Control, Problem, SearchResult
from crossforge.plugins.fill import fill_request_from_file, run_fill
from crossforge.plugins.registry import Registry, UnknownPlugin
from crossforge.plugins.testing import MiniCrosswordType, ReferenceSearch

ROWS = ["#...", "....", "....", "...#"]


class Recording(ReferenceSearch):
    """Remembers the parameters and control it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[dict[str, Any], Control]] = []

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        self.calls.append((params, control))
        return super().solve(problem, control)


@pytest.fixture
def plugins() -> Registry:
    reg = Registry(source=lambda group: [])
    reg.register(MiniCrosswordType(), "mini")
    reg.register(Recording(), "ref")
    return reg


def test_run_fill_builds_searches_and_answers(plugins: Registry) -> None:
    control = Control.with_timeout(5, seed=3)
    request = {"type": "mini", "strategy": "ref", "params": {"depth": 2}, "rows": ROWS}
    answer = run_fill(request, plugins, control)
    assert answer["status"] == "filled"
    assert answer["grid"] == ["#ARC", "AREA", "REAR", "CAR#"]
    assert (answer["type"], answer["strategy"], answer["reason"]) == ("mini", "ref", "")
    assert answer["stats"]["nodes"] > 0
    assert answer["time_s"] >= 0
    recording = plugins.strategy("ref")
    assert isinstance(recording, Recording)
    assert recording.calls == [({"depth": 2}, control)]


def test_run_fill_reports_giving_up(plugins: Registry) -> None:
    answer = run_fill(
        {"type": "mini", "strategy": "ref", "rows": ROWS}, plugins, Control(cancelled=lambda: True)
    )
    assert (answer["status"], answer["reason"]) == ("gave_up", "canceled")
    assert answer["grid"] == ROWS


def test_run_fill_rejects_unknown_plugins_and_bad_requests(plugins: Registry) -> None:
    control = Control.with_timeout(5)
    with pytest.raises(UnknownPlugin, match="unknown puzzle type 'american'"):
        run_fill({"strategy": "ref", "rows": ROWS}, plugins, control)
    with pytest.raises(UnknownPlugin, match="unknown fill strategy 'backtrack'"):
        run_fill({"type": "mini", "rows": ROWS}, plugins, control)
    with pytest.raises(ValueError, match="params must be an object"):
        run_fill({"type": "mini", "strategy": "ref", "params": [1], "rows": ROWS}, plugins, control)
    with pytest.raises(ValueError, match="unknown request field"):
        run_fill({"type": "mini", "strategy": "ref", "rows": ROWS, "size": 4}, plugins, control)


def test_fill_request_from_file_keeps_given_letters(tmp_path: Path) -> None:
    grid = tmp_path / "mini.txt"
    grid.write_text("#A..\n....\n....\n...#\n")
    request = fill_request_from_file(
        grid,
        strategy="ref",
        params={"restarts": False},
        list="tiny",
        min_score=0,
        locked={},
        banned=["ZOO"],
        no_duplicates=None,
    )
    assert request == {
        "type": "american",
        "strategy": "ref",
        "grid": ["#A..", "....", "....", "...#"],
        "params": {"restarts": False},
        "list": "tiny",
        "min_score": 0,
        "banned": ["ZOO"],
    }
    assert set(fill_request_from_file(grid)) == {"type", "strategy", "grid"}
    (tmp_path / "bad.txt").write_text("#A..\n...\n")
    with pytest.raises(ValueError, match="ragged"):
        fill_request_from_file(tmp_path / "bad.txt")
