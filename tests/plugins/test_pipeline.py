"""run_request: a checked request → problem → strategy → answer, with plugins registered
by hand."""

from __future__ import annotations

from typing import Any

import pytest

from crossforge.plugins.contract import Control, Problem, SearchResult
from crossforge.plugins.job_requests import parse_request
from crossforge.plugins.pipeline import run_request
from crossforge.plugins.registry import Registry
from crossforge.plugins.testing import MiniCrosswordType, ReferenceSearch
from crossforge.wordbase.source import IndexWords

NO_WORDS = IndexWords({})
ROWS = ["#...", "....", "....", "...#"]


class Recording(ReferenceSearch):
    """Remembers the parameters and control it was given."""

    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {"depth": {"type": "integer", "default": 1}},
    }

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


def fill(plugins: Registry, raw: dict[str, Any], control: Control) -> dict[str, Any]:
    return run_request(parse_request(raw, plugins), plugins, NO_WORDS, control)


def test_a_fill_builds_searches_and_answers(plugins: Registry) -> None:
    control = Control.with_timeout(5, seed=3)
    raw = {"type": "mini", "strategy": "ref", "options": {"depth": 2}, "rows": ROWS}
    answer = fill(plugins, raw, control)
    assert answer["status"] == "filled"
    assert answer["grid"] == ["#ARC", "AREA", "REAR", "CAR#"]
    assert (answer["type"], answer["strategy"], answer["reason"]) == ("mini", "ref", "")
    assert answer["stats"]["nodes"] > 0
    assert answer["time_s"] >= 0
    recording = plugins.strategy("ref")
    assert isinstance(recording, Recording)
    assert recording.calls == [({"depth": 2}, control)]


class OwnStatus(MiniCrosswordType):
    """A type whose answer carries a status and a reason of its own."""

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        return {**super().result(problem, outcome), "status": "done!", "reason": "mine"}


def test_the_pipeline_alone_writes_the_status_and_reason(plugins: Registry) -> None:
    plugins.register(OwnStatus(), "own")
    raw = {"type": "own", "strategy": "ref", "rows": ROWS}
    answer = fill(plugins, raw, Control.with_timeout(5, seed=3))
    assert (answer["status"], answer["reason"]) == ("filled", "")
    gave_up = fill(plugins, raw, Control(cancelled=lambda: True))
    assert (gave_up["status"], gave_up["reason"]) == ("gave_up", "canceled")


def test_a_fill_reports_giving_up(plugins: Registry) -> None:
    raw = {"type": "mini", "strategy": "ref", "rows": ROWS}
    answer = fill(plugins, raw, Control(cancelled=lambda: True))
    assert (answer["status"], answer["reason"]) == ("gave_up", "canceled")
    assert answer["grid"] == ROWS
    assert plugins.strategy("ref").calls[-1][0] == {"depth": 1}  # type: ignore[attr-defined]
