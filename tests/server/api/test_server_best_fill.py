"""Fill quality over HTTP: ``quality`` best by default, alternatives, stricter
duplicates, and refusals of bad values."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from crossforge.server.jobs.tasks import execute

OPEN = ["...", "...", "..."]


def fill(client: Any, tiny_list: str, **options: Any) -> dict[str, Any]:
    body = {"grid": OPEN, "list": tiny_list, "options": {"seed": 1, **options}, "wait": 20}
    answer = client.post("/v1/fills", json=body)
    assert answer.status_code == 200, answer.get_json()
    result: dict[str, Any] = answer.get_json()["result"]
    return result


def test_best_is_the_default_within_the_setting(
    make_app: Callable[..., Flask], tiny_list: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CROSSFORGE_BEST_SECONDS", "0.2")
    client = make_app(execute=execute).test_client()
    best = fill(client, tiny_list)
    assert best["status"] == "filled" and best["stats"]["quality"] == "best"
    assert set(best["objective"]) == {"lowest_band", "in_lowest_band", "min_score", "mean_score"}
    assert isinstance(best["optimal"], bool)
    first = fill(client, tiny_list, quality="first")
    assert "optimal" not in first and "quality" not in first["stats"]
    assert first["objective"]["min_score"] <= best["objective"]["min_score"]


def test_alternatives_and_stricter_duplicates(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    client = make_app(execute=execute).test_client()
    answer = fill(client, tiny_list, alternatives=3, min_difference=2, shared_substring=3)
    fills = [answer["grid"], *(other["grid"] for other in answer.get("alternatives", []))]
    for other in answer.get("alternatives", []):
        assert set(other) >= {"grid", "entries", "metrics", "objective"}
    for i, a in enumerate(fills):
        for b in fills[i + 1 :]:
            across = sum(x != y for x, y in zip(a, b, strict=True))
            down = sum(
                x != y for x, y in zip(zip(*a, strict=True), zip(*b, strict=True), strict=True)
            )
            assert across + down >= 2
    for rows in fills:
        words = [*rows, *("".join(c) for c in zip(*rows, strict=True))]
        triples = [{w[i : i + 3] for i in range(len(w) - 2)} for w in words]
        assert all(not (a & b) for n, a in enumerate(triples) for b in triples[n + 1 :])


@pytest.mark.parametrize(
    "options",
    [
        {"quality": "perfect"},
        {"quality": 1},
        {"best_seconds": -1},
        {"alternatives": 0},
        {"alternatives": 1000},
        {"min_difference": 0},
        {"shared_substring": 1},
        {"shared_substring": "five"},
        {"shared_stems": "yes"},
    ],
)
def test_bad_quality_options_are_400(
    make_app: Callable[..., Flask], tiny_list: str, options: dict[str, Any]
) -> None:
    client = make_app(execute=execute).test_client()
    body = {"grid": OPEN, "list": tiny_list, "options": options, "wait": 5}
    answer = client.post("/v1/fills", json=body)
    assert answer.status_code == 400
    field = answer.get_json()["error"]["details"]["field"]
    assert field.split(".")[-1] == next(iter(options))


def test_options_of_other_strategies_are_refused(
    make_app: Callable[..., Flask], tiny_list: str
) -> None:
    """``genetic`` has no ``quality``: asking for it is a 400, not a silent default."""
    client = make_app(execute=execute).test_client()
    body = {"grid": OPEN, "list": tiny_list, "strategy": "genetic", "options": {"quality": "best"}}
    assert client.post("/v1/fills", json=body).status_code == 400
