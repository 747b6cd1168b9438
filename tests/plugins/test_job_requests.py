"""The request seam: raw input → a checked JobRequest, through the plugin contract."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pytest

from crossforge.plugins.contract import Control, WordSource
from crossforge.plugins.job_requests import (
    JobRequest,
    RequestError,
    check_request,
    parse_request,
    request_defaults,
)
from crossforge.plugins.pipeline import run_request
from crossforge.plugins.registry import Registry
from crossforge.plugins.testing import MINI_WORDS, MiniCrossword, MiniCrosswordType
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.source import IndexWords

OPEN = ["...", "...", "..."]
WORDS = IndexWords({"default-en": WordIndex.build((w, 50) for w in MINI_WORDS)})


@pytest.fixture(scope="module")
def plugins() -> Registry:
    return Registry()


def test_defaults_come_from_the_plugins_schemas(plugins: Registry) -> None:
    request = parse_request({"grid": OPEN}, plugins)
    assert (request.action, request.type, request.strategy) == ("fill", "american", "backtrack")
    assert request.type_request["list"] == "default-en" and request.type_request["min_score"] == 35
    assert request.type_request["exclude_tags"] == [
        *("offensive", "sensitive", "partial", "british"),
        *("name", "place", "abbreviation", "informal"),
    ]
    assert request.type_request["no_duplicates"] is True
    backtrack = plugins.strategy("backtrack").parameters["properties"]
    assert set(request.params) == set(backtrack)
    expected = {k: spec.get("default") for k, spec in backtrack.items()}
    expected |= {"quality": "best", "best_seconds": 0.05}  # the root conftest's setting
    assert dict(request.params) == expected
    assert (request.timeout, request.seed) == (None, None)


def test_request_defaults_are_declared_by_the_strategy_and_set_by_a_setting(
    plugins: Registry, monkeypatch: pytest.MonkeyPatch
) -> None:
    schema = plugins.strategy("backtrack").parameters
    monkeypatch.delenv("CROSSFORGE_BEST_SECONDS")
    assert request_defaults(schema) == {"quality": "best", "best_seconds": 3.0}
    monkeypatch.setenv("CROSSFORGE_QUALITY", "first")
    monkeypatch.setenv("CROSSFORGE_BEST_SECONDS", "1.5")
    request = parse_request({"grid": OPEN}, plugins)
    assert (request.params["quality"], request.params["best_seconds"]) == ("first", 1.5)
    given = parse_request({"grid": OPEN, "options": {"best_seconds": 2}}, plugins)
    assert given.params["best_seconds"] == 2
    monkeypatch.setenv("CROSSFORGE_BEST_SECONDS", "-1")
    with pytest.raises(RequestError, match="best_seconds"):
        parse_request({"grid": OPEN}, plugins)


def test_options_are_split_between_job_strategy_and_type(plugins: Registry) -> None:
    raw = {
        "grid": OPEN,
        "options": {"min_score": 30, "timeout": 500, "seed": 7, "restarts": "none"},
    }
    request = parse_request(raw, plugins, defaults={"list": "mine"}, time_limit=60)
    assert request.type_request["min_score"] == 30 and request.type_request["list"] == "mine"
    assert request.params["restarts"] == "none"
    assert (request.timeout, request.seed) == (60.0, 7)
    assert JobRequest.from_json(request.to_json()) == request
    earlier = {**request.to_json(), "puzzle": dict(request.type_request)}  # an older record
    del earlier["type_request"]
    assert JobRequest.from_json(earlier) == request


@pytest.mark.parametrize(
    ("raw", "field", "code"),
    [
        ({"grid": OPEN, "options": {"bogus": 1}}, "options.bogus", "invalid_options"),
        ({"grid": OPEN, "colour": "red"}, "colour", "invalid_field"),
        ({"grid": OPEN, "options": {"min_score": 101}}, "min_score", "invalid_request"),
        ({"grid": OPEN, "options": {"restarts": "often"}}, "options.restarts", "invalid_request"),
        ({"grid": OPEN, "options": {"seed": 1.5}}, "options.seed", "invalid_request"),
        ({"grid": OPEN, "options": {"seed": 2**80}}, "options.seed", "invalid_request"),
        ({"grid": OPEN, "options": {"timeout": -1}}, "options.timeout", "invalid_request"),
        ({"grid": OPEN, "options": {"timeout": math.inf}}, "options.timeout", "invalid_request"),
        ({"grid": OPEN, "options": {"timeout": 10**400}}, "options.timeout", "invalid_request"),
        ({"grid": OPEN, "threshold": -(10**400)}, "threshold", "invalid_request"),
        ({"grid": OPEN, "options": {"max_nodes": 5.0}}, "options.max_nodes", "invalid_request"),
        ({"grid": OPEN, "options": {"restarts": 1e300}}, "options.restarts", "invalid_request"),
        ({"grid": OPEN, "options": {"max_nodes": True}}, "options.max_nodes", "invalid_request"),
        (
            {"grid": OPEN, "options": {"min_score": math.nan}},
            "options.min_score",
            "invalid_request",
        ),
        ({"grid": OPEN, "list": "a", "options": {"list": "b"}}, "list", "invalid_request"),
        ({"grid": OPEN, "options": []}, "options", "invalid_request"),
        ({"grid": 42}, "grid", "invalid_request"),
        ({"type": "sudoku", "puzzle": "1"}, "type", "not_a_crossword"),
    ],
)
def test_bad_requests_name_the_field(
    plugins: Registry, raw: dict[str, Any], field: str, code: str
) -> None:
    with pytest.raises(RequestError) as caught:
        parse_request(raw, plugins)
    assert (caught.value.field, caught.value.code) == (field, code)


def test_deep_nesting_is_refused(plugins: Registry) -> None:
    deep: Any = []
    for _ in range(100):
        deep = [deep]
    with pytest.raises(RequestError, match="nested deeper"):
        parse_request({"grid": OPEN, "options": {"banned": deep}}, plugins)


def test_unknown_plugins_are_lookup_errors(plugins: Registry) -> None:
    with pytest.raises(LookupError, match="unknown puzzle type 'nosuch'"):
        parse_request({"type": "nosuch", "grid": OPEN}, plugins)
    with pytest.raises(LookupError, match="unknown fill strategy 'nosuch'"):
        parse_request({"strategy": "nosuch", "grid": OPEN}, plugins)


def test_the_type_checks_the_content(plugins: Registry) -> None:
    for grid, message in ((["..#", "...", "..."], "american rules"), (["...", ".."], "ragged")):
        with pytest.raises(ValueError, match=message):
            check_request(parse_request({"grid": grid}, plugins), plugins, WORDS)
    locked = parse_request({"grid": OPEN, "options": {"locked": {"9D": "CAT"}}}, plugins)
    with pytest.raises(ValueError, match="9D"):
        check_request(locked, plugins, WORDS)
    elsewhere = parse_request({"grid": OPEN, "list": "nosuch"}, plugins)
    with pytest.raises(LookupError, match="nosuch"):
        check_request(elsewhere, plugins, WORDS)


@pytest.mark.parametrize(
    ("type_name", "options", "message"),
    [
        ("sudoku", {"size": 1000}, "size"),
        ("tents", {"size": 1000}, "size"),
        ("shikaku", {"difficulty": [50, 10]}, "low must be below high"),
        ("tents", {"level": "impossible"}, "level"),
        ("regex", {}, "not generated"),
    ],
)
def test_generate_requests_are_checked_before_queuing(
    plugins: Registry, type_name: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        raw = {"type": type_name, "options": options}
        check_request(parse_request(raw, plugins, "generate"), plugins, WORDS)


def test_logic_actions_take_their_own_fields(plugins: Registry) -> None:
    with pytest.raises(RequestError, match="needs a 'puzzle'"):
        parse_request({"type": "sudoku"}, plugins, "solve")
    with pytest.raises(RequestError, match="unknown option"):
        parse_request({"type": "sudoku", "puzzle": "1", "options": {"box": 3}}, plugins, "rate")
    with pytest.raises(RequestError, match="'strategy' applies to fill and solve"):
        parse_request({"type": "tents", "strategy": "backtrack"}, plugins, "generate")
    with pytest.raises(RequestError, match="takes fill or design, not solve"):
        parse_request({"grid": OPEN}, plugins, "solve")
    request = parse_request(
        {"type": "tents", "options": {"size": "6x8", "seed": 3}}, plugins, "generate"
    )
    assert request.type_request["size"] == "6x8" and request.seed == 3 and request.strategy is None


class CountingType(MiniCrosswordType):
    """A third-party puzzle type that counts the problems it builds."""

    built = 0

    def problem(self, request: Mapping[str, Any], words: WordSource) -> MiniCrossword:
        CountingType.built += 1
        return super().problem(request, words)


def test_a_third_party_type_is_checked_and_its_problem_built_once(plugins: Registry) -> None:
    plugins.register(CountingType(), "mini")
    try:
        with pytest.raises(RequestError, match="rows"):
            parse_request({"type": "mini", "rows": "..."}, plugins)
        request = parse_request({"type": "mini", "rows": OPEN, "options": {"seed": 1}}, plugins)
        CountingType.built = 0
        problem = check_request(request, plugins, WORDS)
        answer = run_request(request, plugins, WORDS, Control(seed=1), problem)
        assert CountingType.built == 1
        assert answer["status"] == "filled" and answer["strategy"] == "backtrack"
    finally:
        plugins.unregister("mini")
