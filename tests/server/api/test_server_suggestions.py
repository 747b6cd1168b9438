"""``POST /v1/suggestions``: candidates and health answered in the request; bad grids,
slots, options and lists are 4xx JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from jsonschema import Draft202012Validator

from crossforge.server.api.schemas import SUGGESTIONS

OPEN = ["...", "...", "..."]


@pytest.fixture
def client(make_app: Callable[..., Flask], tiny_list: str) -> Any:
    from crossforge.wordbase.store import WordStore

    app = make_app()
    with WordStore(app.extensions["crossforge"].config.database_url) as store:
        store.put_entry(tiny_list, "WAS", 60, display="Was")
    return app.test_client()


def test_suggestions_for_a_slot(client: Any) -> None:
    answer = client.post(
        "/v1/suggestions", json={"grid": OPEN, "list": "tiny", "slot": "1a", "verify": True}
    )
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    Draft202012Validator(SUGGESTIONS).validate(body)
    assert body["slot"] == {
        "id": "1A",
        "number": 1,
        "direction": "across",
        "cells": [[0, 0], [0, 1], [0, 2]],
        "pattern": "...",
    }
    found = {c["word"]: c for c in body["candidates"]}
    assert found["WAS"]["display"] == "Was" and found["WAS"]["fillable"] is True
    # WAS/ERA/BED across and its transpose are the only fills with six distinct words.
    assert {word for word, c in found.items() if c["fillable"]} == {"WAS", "WEB"}
    assert all(c["fillable"] is False for word, c in found.items() if word not in ("WAS", "WEB"))
    assert body["total"] == len(found) and body["total_exact"]
    assert set(found["WAS"]["crossings"]) == {"1D", "2D", "3D"}
    health = body["health"]
    assert health["consistent"] and health["dead_slots"] == []
    assert [s["id"] for s in health["slots"]] == ["1A", "4A", "5A", "1D", "2D", "3D"]
    assert all(len(row) == 3 for row in health["cells"])


def test_health_alone_and_a_dead_grid(client: Any) -> None:
    body = client.post("/v1/suggestions", json={"grid": OPEN, "list": "tiny"}).get_json()
    assert body["slot"] is None and body["candidates"] == []
    dead = client.post(
        "/v1/suggestions", json={"grid": ["QQ.", "...", "..."], "list": "tiny", "slot": "4A"}
    )
    assert dead.status_code == 200
    body = dead.get_json()
    Draft202012Validator(SUGGESTIONS).validate(body)
    assert not body["health"]["consistent"] and "1A" in body["health"]["dead_slots"]
    assert body["candidates"] == [] and body["total"] == 0


def test_health_of_a_library_grid_by_name(client: Any) -> None:
    answer = client.post("/v1/suggestions", json={"grid": "mini-5x5", "list": "tiny"})
    assert answer.status_code == 200, answer.get_json()
    cells = answer.get_json()["health"]["cells"]
    assert [[cell is None for cell in row] for row in cells][0] == [True] + [False] * 4


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"grid": OPEN, "list": "tiny", "slot": "9A"}, 400, "invalid_field"),
        ({"grid": OPEN, "list": "tiny", "slot": "north"}, 400, "invalid_request"),
        ({"grid": ["...", ".."], "list": "tiny"}, 400, "invalid_input"),
        ({"grid": 7, "list": "tiny"}, 400, "invalid_request"),
        ({"list": "tiny"}, 400, "invalid_request"),
        ({"grid": OPEN, "list": "nowhere", "slot": "1A"}, 404, "unknown_list"),
        ({"grid": OPEN, "list": "tiny", "limit": 0}, 400, "invalid_request"),
        ({"grid": OPEN, "list": "tiny", "colour": "red"}, 400, "invalid_field"),
        ({"grid": OPEN, "type": "sudoku"}, 400, "not_a_crossword"),
        ({"grid": OPEN, "type": "nonesuch"}, 404, "unknown_plugin"),
        ({"grid": ["." * 40] * 40, "list": "tiny"}, 400, "grid_too_large"),
    ],
)
def test_bad_requests_are_4xx_json(
    client: Any, body: dict[str, Any], status: int, code: str
) -> None:
    answer = client.post("/v1/suggestions", json=body)
    assert answer.status_code == status, answer.get_json()
    assert answer.get_json()["error"]["code"] == code


def test_a_body_that_is_not_json_is_415(client: Any) -> None:
    answer = client.post("/v1/suggestions", data="...", content_type="text/plain")
    assert answer.status_code == 415
    assert answer.get_json()["error"]["code"] == "unsupported_media_type"


def test_layered_lists_add_ban_and_rescore(client: Any) -> None:
    from crossforge.wordbase.layered_lists import BANNED

    assert client.post("/v1/lists", json={"name": "mine"}).status_code == 201
    client.put("/v1/lists/mine/words/WAS", json={"score": 20, "display": "Mine"})
    body = {"grid": ["...", "...", "..."], "slot": "1A", "min_score": 0, "list": ["mine", "tiny"]}
    layered = client.post("/v1/suggestions", json=body)
    assert layered.status_code == 200, layered.get_json()
    answer = layered.get_json()
    Draft202012Validator(SUGGESTIONS).validate(answer)
    assert answer["list"] == ["mine", "tiny"]
    found = {c["word"]: c for c in answer["candidates"]}
    assert (found["WAS"]["score"], found["WAS"]["display"]) == (20, "Mine")
    assert found["WEB"]["score"] == 55  # from the list below
    # WAS and WEB need each other (across and down): banning WEB leaves no candidate.
    client.put("/v1/lists/mine/words/WEB", json={"tags": [BANNED]})
    banned = client.post("/v1/suggestions", json=body).get_json()
    assert banned["candidates"] == [] and banned["health"]["consistent"] is False
    client.delete("/v1/lists/mine/words/WEB")
    undone = client.post("/v1/suggestions", json=body).get_json()
    assert {c["word"] for c in undone["candidates"]} == {"WAS", "WEB"}


@pytest.mark.parametrize(
    "value", [[], ["tiny", "tiny"], [""], [3], ["tiny"] * 2 + [f"l{i}" for i in range(8)]]
)
def test_bad_layered_lists_are_400(client: Any, value: Any) -> None:
    answer = client.post("/v1/suggestions", json={"grid": OPEN, "list": value})
    assert answer.status_code == 400, answer.get_json()
    assert answer.get_json()["error"]["details"]["field"].startswith("list")


def test_an_unknown_layer_is_404(client: Any) -> None:
    answer = client.post("/v1/suggestions", json={"grid": OPEN, "list": ["nope", "tiny"]})
    assert answer.status_code == 404
    assert "nope" in answer.get_json()["error"]["message"]
