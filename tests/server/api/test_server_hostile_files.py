"""Hostile files and patterns over HTTP (``/v1/grids/parse``, ``/v1/grids/render.*``,
the fill upload, word and clue imports, regex puzzles): every one is a 4xx with a JSON
body naming the problem (or, for a regex, an answer within the job's bounds), answered
at once and without a memory spike."""

from __future__ import annotations

import io
import json
import resource
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from crossforge.grids.crossword_file import CrosswordFile
from crossforge.grids.formats import dumps
from crossforge.grids.model import Grid

SMALL_PUZ = dumps(CrosswordFile(Grid.from_rows(["ABC", "DEF", "GHI"])), "puz")


def _header_size(data: bytes, side: int) -> bytes:
    damaged = bytearray(data)
    damaged[0x2C] = damaged[0x2D] = side  # width and height, the grid left as it was
    return bytes(damaged)


def _ipuz(**fields: Any) -> bytes:
    document = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 2, "height": 2},
        "puzzle": [[1, 2], [3, 0]],
        **fields,
    }
    return json.dumps(document).encode()


def _upload(client: Any, path: str, part: str, name: str, data: bytes) -> Any:
    """The answer to ``data`` uploaded as the multipart ``part`` (file ``name``)."""
    return client.post(
        path, data={part: (io.BytesIO(data), name)}, content_type="multipart/form-data"
    )


HOSTILE: list[tuple[str, str, bytes, int, str, str]] = [
    # id, file name, bytes, status, error code, words of the message
    ("puz 255x255", "x.puz", _header_size(SMALL_PUZ, 255), 400, "grid_too_large", "255x255"),
    ("puz 0x0", "x.puz", _header_size(SMALL_PUZ, 0), 400, "invalid_input", "size 0x0 is empty"),
    ("puz cut short", "x.puz", SMALL_PUZ[:70], 400, "invalid_input", "cut short at byte 70"),
    ("puz garbage", "x.puz", bytes(range(256)) * 8, 400, "invalid_input", "ACROSS&DOWN"),
    (
        "ipuz 100000x100000",
        "x.ipuz",
        _ipuz(dimensions={"width": 100_000, "height": 100_000}),
        400,
        "grid_too_large",
        "100000x100000",
    ),
    (
        "ipuz zero size",
        "x.ipuz",
        _ipuz(dimensions={"width": 0, "height": 0}),
        400,
        "invalid_input",
        "width 0 is not a positive integer",
    ),
    (
        "ipuz negative size",
        "x.ipuz",
        _ipuz(dimensions={"width": 2, "height": -5}),
        400,
        "invalid_input",
        "height -5",
    ),
    (
        "ipuz rebus of no letters",
        "x.ipuz",
        _ipuz(solution=[["A1", "C"], ["D", "E"]]),
        400,
        "invalid_input",
        "rebus",
    ),
    ("deep ipuz", "x.ipuz", b"[" * 200_000 + b"]" * 200_000, 400, "invalid_input", "nested"),
    ("deep json", "x.json", b'{"grid":' + b"[" * 100_000, 400, "invalid_input", "nested"),
    ("invalid UTF-8", "x.xd", b"Title: \xff\xfe\n\n\nAB\nCD\n", 400, "invalid_input", "UTF-8"),
    ("NUL in a grid", "x.txt", b"..\x00\n...\n", 400, "invalid_input", "'\\x00'"),
    ("garbage xd", "x.xd", bytes(range(256)) * 8, 400, "invalid_input", "UTF-8"),
    ("1.9 MB row", "x.txt", b"." * 1_900_000, 400, "grid_too_large", "at least 1x1900000"),
    ("1300 rows", "x.xd", b"Title: t\n\n\n" + b"AB\n" * 1300, 400, "grid_too_large", "1300x2"),
    ("empty", "x.puz", b"", 400, "empty_file", "empty"),
]


@pytest.mark.parametrize(
    ("name", "data", "status", "code", "words"),
    [case[1:] for case in HOSTILE],
    ids=[case[0] for case in HOSTILE],
)
def test_hostile_files_are_4xx_json_at_once(
    make_app: Callable[..., Flask], name: str, data: bytes, status: int, code: str, words: str
) -> None:
    client = make_app().test_client()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    answer = _upload(client, "/v1/grids/parse", "file", name, data)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak < 100 * 1024
    assert answer.status_code == status, answer.get_data(as_text=True)
    error = answer.get_json()["error"]
    assert error["code"] == code and words in error["message"]


def test_a_body_past_the_limit_is_a_413_with_json(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    body = b"." * (50 * 1024 * 1024)
    for answer in (
        client.post("/v1/grids/parse?format=text", data=body, content_type="text/plain"),
        _upload(client, "/v1/grids/parse", "file", "big.txt", body),
    ):
        assert answer.status_code == 413
        assert answer.get_json()["error"] == {
            "code": "request_entity_too_large",
            "message": "the request body is larger than the 2,097,152 bytes allowed",
        }


def test_a_fill_upload_is_read_within_the_size_bound(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    huge = _ipuz(dimensions={"width": 100_000, "height": 100_000})
    for data, name, words in (
        (huge, "g.ipuz", "100000x100000"),
        (b"[" * 100_000, "g.json", "nested too deeply"),
    ):
        answer = _upload(client, "/v1/fills", "grid", name, data)
        assert answer.status_code == 400, answer.get_data(as_text=True)
        assert words in answer.get_json()["error"]["message"]


def test_render_refuses_text_the_format_cannot_hold(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    answer = client.post("/v1/grids/render.xd", json={"grid": ["..."], "title": "a\n\n\nb"})
    assert answer.status_code == 400
    assert "line break" in answer.get_json()["error"]["message"]
    big = client.post("/v1/grids/render.puz", json={"grid": ["." * 26]})
    assert big.status_code == 400 and big.get_json()["error"]["code"] == "grid_too_large"


@pytest.mark.parametrize(
    ("path", "body", "words"),
    [
        ("/v1/lists/w/imports?format=csv", b'CAT,50,"' + b"x" * 200_000, "line 1: field larger"),
        ("/v1/lists/w/clues/imports?format=tsv", b"CAT\t" + b"x" * 200_000, "line 1: field"),
        (
            "/v1/lists/w/clues/imports?format=csv",
            b'CAT,"never closed\n' + b"more text\n" * 20_000,
            "line 1: field larger",
        ),
        ("/v1/lists/w/imports", bytes(range(256)) * 64, "not UTF-8"),
        ("/v1/lists/w/imports?format=jsonl", b"[" * 100_000, "line 1: JSON nested too deeply"),
        ("/v1/lists/w/clues/imports?format=jsonl", b"{}\n" + b"[" * 100_000, "line 2: JSON nested"),
        (
            "/v1/lists/w/clues/imports?format=jsonl&add_words=true",
            b'{"answer": "CAT", "clue": "a \\ud800 b"}\n',
            "line 1: a \\u escape makes a lone surrogate",
        ),
    ],
    ids=[
        "word csv field",
        "clue tsv field",
        "clue csv open quote",
        "binary",
        "deep",
        "deep clue",
        "lone surrogate",
    ],
)
def test_imports_of_hostile_files_are_400s(
    make_app: Callable[..., Flask], path: str, body: bytes, words: str
) -> None:
    client = make_app().test_client()
    assert client.post("/v1/lists", json={"name": "w"}).status_code == 201
    answer = client.post(path, data=body, content_type="application/octet-stream")
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert words in answer.get_json()["error"]["message"]


@pytest.mark.parametrize(
    "pattern", ["(A+)+B", "(A|AA)+$", "((A*)*)*$", r"(A*)*\1B", r"(?:(.)(?!.*\1))*"]
)
def test_catastrophic_regex_clues_are_answered_within_bounds(
    make_app: Callable[..., Flask], pattern: str
) -> None:
    from crossforge.server.jobs.tasks import execute

    client = make_app(execute=execute, job_time_limit=3.0).test_client()
    puzzle = {"shape": "rect", "rows": [pattern] * 12, "cols": [pattern] * 12}
    answer = client.post("/v1/puzzles/regex/solve", json={"puzzle": puzzle, "wait": 10})
    # Ended by the job's 3 s time limit, not left running past the client's wait (202).
    assert answer.status_code in (200, 400), answer.get_data(as_text=True)
    if answer.status_code == 200:
        assert answer.get_json()["status"] in ("succeeded", "failed")


def test_deep_json_in_query_and_form_fields_is_a_400(make_app: Callable[..., Flask]) -> None:
    client = make_app().test_client()
    deep = "[" * 50_000
    grid = b"...\n...\n...\n"
    for answer, name in (
        (client.post(f"/v1/fills?min_score={deep}", json={"grid": ["..."]}), "min_score"),
        (_upload_with(client, {"options": deep}, grid), "options"),
        (_upload_with(client, {"min_score": deep}, grid), "min_score"),
    ):
        assert answer.status_code == 400, answer.get_data(as_text=True)
        assert answer.get_json()["error"] == {
            "code": "invalid_json",
            "message": f"{name!r} is JSON nested too deeply",
        }


def _upload_with(client: Any, fields: dict[str, str], grid: bytes) -> Any:
    data: dict[str, Any] = {"grid": (io.BytesIO(grid), "g.txt"), **fields}
    return client.post("/v1/fills", data=data, content_type="multipart/form-data")


def test_deep_json_on_the_command_line_is_a_clean_error(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from crossforge.server.cli import main

    deep = "[" * 50_000
    source = tmp_path / "deep.json"
    source.write_text("{" + '"puzzle": ' + deep)
    assert main(["puzzle", "solve", "sudoku", str(source)]) == 1
    assert "deep.json: the JSON is nested too deeply" in capsys.readouterr().err
    assert main(["puzzle", "generate", "sudoku", "--option", f"size={deep}"]) == 1
    assert "size: the JSON value is nested too deeply" in capsys.readouterr().err


@pytest.mark.parametrize("path", ["/v1/fills", "/v1/puzzles/sudoku/solve"])
def test_a_text_body_that_is_not_utf8_is_named(make_app: Callable[..., Flask], path: str) -> None:
    answer = make_app().test_client().post(path, data=b"..\xff\n", content_type="text/plain")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == {
        "code": "invalid_encoding",
        "message": "byte 2: not UTF-8 text",
    }


def test_an_import_past_its_own_limit_names_that_limit(make_app: Callable[..., Flask]) -> None:
    client = make_app(max_import_bytes=100).test_client()
    answer = client.post("/v1/lists/w/imports?create=true", data="ERA;50\n" * 50)
    assert answer.status_code == 413
    assert answer.get_json()["error"]["message"] == (
        "the request body is larger than the 100 bytes allowed"
    )
