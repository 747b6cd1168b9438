"""Service resources, JSON errors, limits, the token check and the OpenAPI document."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask import Flask

from crossforge.errors import InputError
from crossforge.plugins.contract import Control, FillStrategy, Problem, SearchResult
from crossforge.plugins.registry import Registry
from crossforge.server.config import ServerConfig


class _Echo(FillStrategy):
    description = "test strategy"
    parameters = {"type": "object", "properties": {"depth": {"type": "integer"}}}

    def solve(self, problem: Problem, control: Control, **params: object) -> SearchResult:
        return SearchResult([], "gave_up")


def test_health_reports_database_and_jobs(make_app: Callable[..., Flask]) -> None:
    answer = make_app().test_client().get("/v1/health")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["status"] == "ok" and body["database"] == "ok"
    assert body["jobs"] == {"workers": 1, "running": 0, "queued": 0}


def test_plugins_lists_the_registry(make_app: Callable[..., Flask]) -> None:
    plugins = Registry(source=lambda group: [])
    plugins.register(_Echo(), "echo")
    app = make_app(plugins=plugins)
    body = app.test_client().get("/v1/plugins").get_json()
    assert body == {"plugins": [plugins.plugins()[0].as_dict()]}
    assert body["plugins"][0]["name"] == "echo"
    assert body["plugins"][0]["parameters"] == _Echo.parameters


def test_errors_are_json_with_code_and_message(make_app: Callable[..., Flask]) -> None:
    client = make_app(max_body_bytes=100).test_client()
    missing = client.get("/v1/nothing-here")
    assert missing.status_code == 404
    assert missing.get_json()["error"]["code"] == "not_found"
    wrong_method = client.delete("/v1/health")
    assert wrong_method.status_code == 405
    assert wrong_method.get_json()["error"]["code"] == "method_not_allowed"
    assert "GET" in wrong_method.headers["Allow"]
    too_big = client.post("/v1/fills", json={"grid": ["." * 15] * 15})
    assert too_big.status_code == 413
    assert too_big.get_json()["error"]["code"] == "request_entity_too_large"


def test_openapi_describes_exactly_the_routes(make_app: Callable[..., Flask]) -> None:
    """Every described operation is served by the route it names, and every route is
    described (the puzzle routes once per logic type)."""
    app = make_app()
    document = app.test_client().get("/v1/openapi.json").get_json()
    assert document["openapi"] == "3.1.0"
    adapter = app.url_map.bind("localhost")
    described = set()
    for path, ops in document["paths"].items():
        for method, op in ops.items():
            endpoint, _ = adapter.match(re.sub(r"{\w+}", "x", path), method.upper())
            described.add((method.upper(), endpoint))
            declared = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
            assert declared == set(re.findall(r"{(\w+)}", path)), path
            assert {"summary", "responses", "operationId"} <= set(op)
    served = {
        (method, rule.endpoint)
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/v1")
        for method in (rule.methods or set()) - {"HEAD", "OPTIONS"}
    }
    assert described == served
    logic = {"regex", "shikaku", "sudoku", "tents"}
    for action in ("solve", "rate", "generate"):
        typed = {p.split("/")[3] for p in document["paths"] if p.endswith(f"/{action}")}
        assert typed == logic, action
    page = app.test_client().get("/v1/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    for path in document["paths"]:
        assert path in page.get_data(as_text=True)


def test_config_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROSSFORGE_WORKERS", "3")
    monkeypatch.setenv("CROSSFORGE_API_TOKEN", "t")
    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", "sqlite:///x.db")
    config = ServerConfig.from_env(max_queued=5, job_time_limit=None)
    assert (config.workers, config.api_token, config.max_queued) == (3, "t", 5)
    assert config.database_url == "sqlite:///x.db" and config.job_time_limit == 300.0
    monkeypatch.setenv("CROSSFORGE_WORKERS", "many")
    with pytest.raises(InputError, match="CROSSFORGE_WORKERS"):
        ServerConfig.from_env()
    with pytest.raises(InputError, match="workers"):
        ServerConfig("sqlite://", workers=0).checked()


def test_settings_and_a_missing_queue_are_plain_command_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from crossforge.server.cli import main

    monkeypatch.setenv("CROSSFORGE_DATABASE_URL", "sqlite:///x.db")
    monkeypatch.delenv("CROSSFORGE_QUEUE_URL", raising=False)
    assert main(["worker", "--burst"]) == 1
    assert capsys.readouterr().err == (
        "crossforge: error: set CROSSFORGE_QUEUE_URL (redis://host:port/db) to run a worker\n"
    )
    monkeypatch.setenv("CROSSFORGE_WORKERS", "many")
    for command in (["serve"], ["worker"]):
        assert main(command) == 1
        assert capsys.readouterr().err == (
            "crossforge: error: CROSSFORGE_WORKERS='many' is not a number\n"
        )
