"""Only bad input is the requester's mistake: ``InputError`` is a 400, ``NotFound`` a 404,
``OutOfTime`` a 422; ``NotReady`` (an installation to fix) a 503; any other exception (a
plain ``ValueError`` or ``TimeoutError`` included) a 500 whose traceback is logged, or a
job failed with ``internal_error``."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from importlib.metadata import EntryPoint
from typing import Any

import pytest
from flask import Flask
from job_doubles import buggy_strategy_execute, with_buggy_strategy

from crossforge.errors import InputError, NotFound, NotReady, OutOfTime
from crossforge.plugins.contract import Problem, PuzzleType, SearchResult, WordSource
from crossforge.plugins.registry import PUZZLE_GROUP, STRATEGY_GROUP, Registry

OPEN = ["...", "...", "..."]


class BuggyType(PuzzleType):
    """A puzzle type whose check has a bug: it reads a key the request does not hold."""

    parameters: dict[str, Any] = {"type": "object", "properties": {"grid": {"type": "array"}}}

    def problem(self, request: Mapping[str, Any], words: WordSource) -> Problem:
        problem: Problem = request["missing"]
        return problem

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        return {}


def test_only_declared_errors_are_4xx(
    make_app: Callable[..., Flask], caplog: pytest.LogCaptureFixture
) -> None:
    app = make_app()
    raised = {
        "input": InputError("bad grid"),
        "missing": NotFound("no list 'x'"),
        "value": ValueError("a bug's own ValueError"),
        "lookup": LookupError("a bug's own LookupError"),
        "key": KeyError("slot"),
        "socket": TimeoutError("timed out"),
        "late": OutOfTime("no 9x9 puzzle met the request (timeout, 40 tried)"),
        "unready": NotReady("the database is at revision 0007; run 'crossforge db upgrade'"),
    }

    @app.get("/boom/<kind>")
    def boom(kind: str) -> str:
        raise raised[kind]

    client = app.test_client()
    assert client.get("/boom/input").get_json() == {
        "error": {"code": "invalid_input", "message": "bad grid"}
    }
    assert client.get("/boom/missing").get_json() == {
        "error": {"code": "not_found", "message": "no list 'x'"}
    }
    late = client.get("/boom/late")
    assert (late.status_code, late.get_json()["error"]["code"]) == (422, "timeout")
    caplog.clear()
    with caplog.at_level(logging.ERROR):
        unready = client.get("/boom/unready")
    assert unready.status_code == 503
    assert unready.get_json()["error"] == {"code": "not_ready", "message": str(raised["unready"])}
    assert any("run 'crossforge db upgrade'" in r.getMessage() for r in caplog.records)
    for kind in ("value", "lookup", "key", "socket"):
        caplog.clear()
        with caplog.at_level(logging.ERROR):
            answer = client.get(f"/boom/{kind}")
        assert answer.status_code == 500, kind
        name = type(raised[kind]).__name__
        assert answer.get_json()["error"] == {
            "code": "internal_error",
            "message": f"internal error: {name}",
        }
        (record,) = [r for r in caplog.records if r.exc_info]
        assert record.exc_info and record.exc_info[1] is raised[kind]


def test_a_bug_in_a_types_check_is_a_500_with_its_traceback(
    make_app: Callable[..., Flask], caplog: pytest.LogCaptureFixture
) -> None:
    plugins = Registry()
    plugins.register(BuggyType(), "buggy")
    client = make_app(plugins=plugins).test_client()
    with caplog.at_level(logging.ERROR):
        answer = client.post("/v1/fills", json={"type": "buggy", "grid": OPEN})
    assert answer.status_code == 500
    assert answer.get_json()["error"]["message"] == "internal error: KeyError"
    (record,) = [r for r in caplog.records if r.exc_info]
    assert record.exc_info and isinstance(record.exc_info[1], KeyError)


def test_bad_grid_text_is_a_400_naming_the_problem(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    answer = client.post("/v1/fills", json={"grid": ["...", "..", "..."]})
    assert answer.status_code == 400
    assert "line 2: row has 2 cells, expected 3" in answer.get_json()["error"]["message"]
    text = client.post("/v1/fills", data="..?\n...\n...\n", content_type="text/plain")
    assert text.status_code == 400
    assert "'?'" in text.get_json()["error"]["message"]


def test_a_strategy_raising_value_error_fails_its_job_as_internal_error(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    app = make_app(execute=buggy_strategy_execute, plugins=with_buggy_strategy())
    body = {"grid": OPEN, "list": tiny_list, "strategy": "buggy", "wait": 20}
    job = app.test_client().post("/v1/fills", json=body).get_json()
    assert job["status"] == "failed"
    assert job["error"] == {"code": "internal_error", "message": "internal error: ValueError"}


def test_a_plugin_that_fails_to_load_is_the_servers_to_fix_not_unknown(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    points = {
        STRATEGY_GROUP: [EntryPoint("gone", "no_such_module_xyz:Strategy", STRATEGY_GROUP)],
        PUZZLE_GROUP: [],
    }
    plugins = Registry(source=lambda group: list(points[group]))
    plugins.register(Registry().puzzle_type("american"), "american")
    client = make_app(plugins=plugins).test_client()
    body = {"grid": OPEN, "list": tiny_list, "strategy": "gone"}
    answer = client.post("/v1/fills", json=body)
    assert answer.status_code == 503
    error = answer.get_json()["error"]
    assert error["code"] == "not_ready"
    assert "'gone' failed to load: ModuleNotFoundError" in error["message"]
    unknown = client.post("/v1/fills", json={**body, "strategy": "nonesuch"})
    assert (unknown.status_code, unknown.get_json()["error"]["code"]) == (404, "unknown_plugin")
