"""Hostile JSON values through the real views: wrong types, numbers past a float's range
or with thousands of digits, floats where integers belong, superscript digits, RTL and
non-BMP text. Each is refused with a 4xx whose JSON message names the problem, or served;
never a 500 (since issue 33 a plain ``ValueError`` is one)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from hostile_values import LONG, json_values
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GRID = ["...", "...", "..."]
SUDOKU = "..8..1....152.........6.7.1...73...9.84...36.7...85...9.3.5.........742....4..9..\n"
REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("/v1/fills", {"grid": GRID, "list": "tiny", "locked": {"1A": "WAS"}, "options": {"seed": 1}}),
    ("/v1/designs", {"size": [5, 5], "theme": ["WAS"], "list": "tiny", "count": 1}),
    ("/v1/suggestions", {"grid": GRID, "list": "tiny", "slot": "1A"}),
    ("/v1/grids/stats", {"grid": GRID, "circled": [[0, 0]]}),
    ("/v1/grids/render.svg", {"grid": GRID, "shaded": [[1, 1]]}),
    ("/v1/puzzles/sudoku/solve", {"puzzle": SUDOKU}),
    ("/v1/puzzles/sudoku/generate", {"options": {"level": 1, "size": 9, "difficulty": [1, 2]}}),
    ("/v1/puzzles/shikaku/solve", {"puzzle": "3 3\n3 - -\n- 3 -\n- - 3\n"}),
    ("/v1/puzzles/tents/generate", {"options": {"size": "6x6", "level": 1}}),
]
"""A valid request of each view that reads JSON (the fills on the ``tiny`` list)."""


def _assert_answered(answer: Any) -> None:
    """A 2xx, or a 4xx whose JSON body names the problem; never a 5xx."""
    assert answer.status_code < 500, answer.get_data(as_text=True)[:500]
    if answer.status_code >= 400:
        assert answer.get_json()["error"]["message"]


def test_a_hostile_value_in_any_field_is_never_a_500(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app(max_queued=1000).test_client()

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data(), value=json_values(max_leaves=5))
    def answered(data: st.DataObject, value: Any) -> None:
        path, body = data.draw(st.sampled_from(REQUESTS))
        body = json.loads(json.dumps(body))
        if data.draw(st.booleans()):
            body[data.draw(st.sampled_from(sorted(body)))] = value
        else:
            options = body.setdefault("options", {})
            options[data.draw(st.sampled_from([*sorted(options), "seed", "timeout"]))] = value
        _assert_answered(client.post(path, json=body))

    answered()


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/v1/fills", {"grid": GRID, "list": "tiny", "wait": 10**400}, "digits is too large"),
        ("/v1/fills", {"grid": GRID, "options": {"timeout": 10**400}}, "digits is too large"),
        ("/v1/fills", {"grid": GRID, "threshold": 10**400}, "threshold: a number of 401 digits"),
        (
            "/v1/fills?strategy=annealing",
            {"grid": GRID, "options": {"value_weight": 10**400}},
            "value_weight",
        ),
        ("/v1/fills", {"grid": GRID, "options": {"max_nodes": 5.0}}, "not of type 'integer'"),
        (
            "/v1/fills?strategy=genetic",
            {"grid": GRID, "options": {"population": 1e300}},
            "population",
        ),
        ("/v1/puzzles/sudoku/generate", {"options": {"difficulty": [10**400, 1]}}, "difficulty"),
        ("/v1/puzzles/sudoku/generate", {"options": {"size": "²x²"}}, "size '²x²'"),
        (
            "/v1/puzzles/sudoku/generate",
            {"options": {"size": f"{LONG}x{LONG}"}},
            "expected 4, 9",
        ),
        ("/v1/puzzles/shikaku/solve", {"puzzle": "² ²\n- -\n- -\n"}, "expected 'H W'"),
        ("/v1/puzzles/shikaku/solve", {"puzzle": f"{LONG} 2\n- -\n"}, "far too large"),
        ("/v1/puzzles/regex/solve", {"puzzle": "hex ²\n[rows]\nA\n"}, "'hex SIDE' expected"),
        ("/v1/fills", {"grid": "...\n...\n...\ncircled: ²,1\n"}, "bad cell '²,1'"),
        ("/v1/suggestions", {"grid": GRID, "list": "\ud800", "slot": "1A"}, "lone surrogate"),
        ("/v1/lists", {"name": "a", "description": "\udfff"}, "lone surrogate"),
    ],
    ids=lambda value: value if isinstance(value, str) and value.startswith("/") else None,
)
def test_values_int_or_float_cannot_take_are_400s(
    make_app: Callable[..., Flask], tiny_list: str, path: str, body: dict[str, Any], message: str
) -> None:
    answer = make_app().test_client().post(path, json=body)
    assert answer.status_code == 400, answer.get_data(as_text=True)[:500]
    assert message in answer.get_json()["error"]["message"]


def test_numbers_of_thousands_of_digits_in_the_query_or_body_are_400s(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app().test_client()
    for answer, name in (
        (client.post(f"/v1/fills?min_score={LONG}", json={"grid": GRID}), "'min_score'"),
        (
            client.post(f'/v1/fills?options={{"seed":{LONG}}}', json={"grid": GRID}),
            "'options'",
        ),
        (client.get(f"/v1/lists/tiny/words?limit={LONG}"), "'limit'"),
        (
            client.post("/v1/fills", data=f'{{"wait": {LONG}}}', content_type="application/json"),
            "'body'",
        ),
    ):
        assert answer.status_code == 400, answer.get_data(as_text=True)[:500]
        assert (
            f"{name} holds a number of more than 4300 digits"
            in answer.get_json()["error"]["message"]
        )


def test_a_wait_past_a_floats_range_in_the_query_is_the_longest_wait(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app(wait_limit=0.2).test_client()
    posted = client.post(f"/v1/fills?wait={10**400}", json={"grid": GRID, "list": "tiny"})
    assert posted.status_code in (200, 202), posted.get_data(as_text=True)[:500]
    job = posted.get_json()["id"]
    assert client.get(f"/v1/jobs/{job}?wait={10**400}").status_code == 200


def test_word_list_lines_with_numbers_of_thousands_of_digits_are_bad_lines(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app().test_client()
    for path, line in (
        ("/v1/lists/tiny/imports?format=jsonl", {"word": "ZZQ", "score": "LONG"}),
        (
            "/v1/lists/tiny/clues/imports?format=jsonl",
            {"answer": "WAS", "clue": "x", "difficulty": "LONG"},
        ),
    ):
        text = json.dumps(line).replace('"LONG"', LONG)
        answer = client.post(path, data=text, content_type="text/plain")
        assert answer.status_code == 400, answer.get_data(as_text=True)[:500]
        assert "line 1: a number of more than 4300 digits" in answer.get_json()["error"]["message"]


def test_a_clue_longer_than_an_import_takes_is_refused_by_its_start(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app().test_client()
    for clue in ("x" * 1001, {"text": "x" * 1_000_000}):
        answer = client.put("/v1/lists/tiny/words/ABC", json={"clues": [clue]})
        assert answer.status_code == 400, answer.get_data(as_text=True)[:500]
        message = answer.get_json()["error"]["message"]
        assert "characters) is too long" in message and len(message) < 200
