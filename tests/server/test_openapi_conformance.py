"""The API against its OpenAPI document: schemathesis's examples, coverage, fuzzing and
stateful phases in process, and every plugin option in the document."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
import schemathesis
from flask import Flask
from schemathesis.engine import Status, events
from schemathesis.transport.wsgi import WSGITransport

from crossforge.plugins.registry import registry

TOKEN = "s3cret"
SETTINGS: dict[str, Any] = {
    "seed": 20261124,
    # Five examples per operation in the fuzzing and stateful phases: 40 took 132 s on a
    # quiet machine; the coverage phase (every boundary of every schema) is not bounded
    # by it and is most of what is left.
    "generation": {"max-examples": 5, "deterministic": True},
    "headers": {"Authorization": f"Bearer {TOKEN}"},
    # Every check runs but positive_data_acceptance: a request the document allows can
    # still be refused for what no schema says (grid rules, puzzle text, word keys).
    "checks": {"positive_data_acceptance": {"enabled": False}},
    # Links from Location headers only: guessed links rename a list onto a deleted one's
    # name, which use_after_free reads as the deleted list coming back.
    "phases": {"stateful": {"inference": {"algorithms": ["location-headers"]}}},
}


@pytest.fixture
def wsgi_probes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Drop the socket settings schemathesis 4 hands its WSGI transport with the auth
    probes (werkzeug's client takes no ``max_redirects``)."""
    send = WSGITransport.send

    def in_process(self: WSGITransport, case: Any, **kwargs: Any) -> Any:
        for name in ("max_redirects", "verify", "cert", "proxies"):
            kwargs.pop(name, None)
        return send(self, case, **kwargs)

    monkeypatch.setattr(WSGITransport, "send", in_process)


def _failures(stream: Iterator[Any]) -> list[str]:
    found = []
    for event in stream:
        if isinstance(event, events.ScenarioFinished) and event.status == Status.FAILURE:
            for checks in event.recorder.checks.values():
                for check in checks:
                    if check.status == Status.FAILURE and check.failure_info is not None:
                        failure = check.failure_info.failure
                        sample = check.failure_info.code_sample
                        found.append(f"{event.recorder.label}: {failure.title}\n{sample}")
        elif isinstance(event, events.NonFatalError):
            found.append(f"{event.label}: error {event.info.message}")
        elif isinstance(event, events.FatalError):
            found.append(f"fatal: {event.exception!r}")
    return found


def test_the_api_conforms_to_its_document(
    make_app: Callable[..., Flask], tiny_list: str, wsgi_probes: None
) -> None:
    app = make_app(
        api_token=TOKEN, wait_limit=1.0, submit_rate="100000/minute", suggest_rate="100000/minute"
    )
    config = schemathesis.Config.from_dict(SETTINGS)
    schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", app, config=config)
    failures = _failures(schemathesis.engine.from_schema(schema).execute())
    assert not failures, "\n\n".join(failures)


def test_every_plugin_option_is_in_the_document(make_app: Callable[..., Flask]) -> None:
    """Each strategy's parameters are the options of its fill bodies; each crossword
    type's are fields or options of its fill bodies; each logic type's are those of its
    generate bodies, and solve and rate take its puzzle."""
    paths = make_app().test_client().get("/v1/openapi.json").get_json()["paths"]

    def offered(path: str, **chosen: str) -> list[set[str]]:
        schema = paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"]
        return [
            set(body["properties"]) | set(body["properties"]["options"]["properties"])
            for body in schema["oneOf"]
            if all(body["properties"].get(k) == {"const": v} for k, v in chosen.items())
        ]

    for info in registry().plugins():
        assert info.error is None, info
        names = set(info.parameters.get("properties", {}))
        if info.role == "strategy":
            found = offered("/v1/fills", strategy=info.name)
        elif f"/v1/puzzles/{info.name}/generate" in paths:
            found = offered(f"/v1/puzzles/{info.name}/generate")
            names -= {"puzzle"}
            for action in ("solve", "rate"):
                assert all(
                    "puzzle" in body for body in offered(f"/v1/puzzles/{info.name}/{action}")
                )
        else:
            found = offered("/v1/fills", type=info.name)
        assert found and all(names <= body for body in found), info.name
