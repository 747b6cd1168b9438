"""Fills over HTTP keep the grid's circles in every download, and fill regions."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import puz
import pytest
from flask import Flask
from planted import planted_words

from crossforge.grids.formats import loads
from crossforge.grids.library import load_grid
from crossforge.grids.model import Grid
from crossforge.server.config import ServerConfig
from crossforge.server.jobs.tasks import execute
from crossforge.wordbase.store import WordStore

THEMED = load_grid("american-15-themed-circles")


@pytest.fixture
def planted(config: ServerConfig) -> str:
    """List 'planted': the words of a random filling of the themed grid."""
    with WordStore(config.database_url) as store:
        store.create_list("planted")
        for word, score in planted_words(THEMED).items():
            store.put_entry("planted", word, score)
    return "planted"


def check_every_download(client: object, job: dict[str, object], grid: Grid) -> None:
    """Every download of a finished fill holds the circles and shading of ``grid``."""
    links = job["links"]["downloads"]  # type: ignore[index]
    assert set(links) == {"json", "txt", "svg", "puz", "ipuz", "xd"}
    get = client.get  # type: ignore[attr-defined]
    result = get(links["json"]).get_json()
    assert result["circled"] == [list(cell) for cell in sorted(grid.circled)]
    assert result["shaded"] == [list(cell) for cell in sorted(grid.shaded)]
    for fmt, name in (("text", "txt"), ("puz", "puz"), ("ipuz", "ipuz"), ("xd", "xd")):
        back = loads(get(links[name]).data, fmt).grid
        assert (back.circled, back.shaded) == (grid.circled, grid.shaded), fmt
        assert list(back.rows) == result["grid"]
    across_lite = puz.load(get(links["puz"]).data)
    circled = across_lite.markup().get_markup_squares(puz.GridMarkup.Circled)
    assert circled == sorted(r * grid.width + c for r, c in grid.circled | grid.shaded)
    svg = get(links["svg"]).get_data(as_text=True)
    assert len(re.findall(r"<circle ", svg)) == len(grid.circled)


def test_a_filled_themed_circles_grid_keeps_its_circles_in_every_download(
    make_app: Callable[..., Flask], planted: str
) -> None:
    client = make_app(execute=execute, wait_limit=60).test_client()
    text = Path("grids/library/american-15-themed-circles.txt").read_bytes()
    answer = client.post(
        f"/v1/fills?list={planted}&wait=60", data=text, content_type="text/plain"
    ).get_json()
    assert answer["result"]["status"] == "filled", answer
    assert len(THEMED.circled) == 9
    check_every_download(client, answer, THEMED)


def test_marks_given_as_fields_or_in_an_uploaded_file(
    make_app: Callable[..., Flask], planted: str
) -> None:
    client = make_app(execute=execute, wait_limit=60).test_client()
    marked = Grid(THEMED.rows, THEMED.circled, frozenset({(0, 0), (7, 7)}))
    body = {
        "grid": list(THEMED.rows),
        "circled": [list(cell) for cell in THEMED.circled],
        "shaded": [[0, 0], [7, 7]],
        "list": planted,
        "wait": 60,
    }
    check_every_download(client, client.post("/v1/fills", json=body).get_json(), marked)
    from crossforge.grids.crossword_file import CrosswordFile
    from crossforge.grids.formats import dumps

    upload = client.post(
        "/v1/fills",
        data={"grid": (io.BytesIO(dumps(CrosswordFile(marked), "xd")), "m.xd"), "list": planted},
    )
    events = client.get(upload.headers["Location"] + "/events").get_data(as_text=True)
    assert "event: done" in events
    job = client.get(upload.headers["Location"]).get_json()
    check_every_download(client, job, marked)


def test_region_fill_over_http(make_app: Callable[..., Flask], planted: str) -> None:
    client = make_app(execute=execute, wait_limit=60).test_client()
    filled = client.post(
        "/v1/fills", json={"grid": list(THEMED.rows), "list": planted, "wait": 60}
    ).get_json()["result"]["grid"]
    rows = [  # the middle 5x5 erased, the region its middle 3x3
        "".join(
            "." if ch != "#" and 5 <= r < 10 and 5 <= c < 10 else ch for c, ch in enumerate(row)
        )
        for r, row in enumerate(filled)
    ]
    region = [[r, c] for r in range(6, 9) for c in range(6, 9) if rows[r][c] != "#"]
    body = {"grid": rows, "list": planted, "wait": 60, "options": {"region": {"cells": region}}}
    result = client.post("/v1/fills", json=body).get_json()["result"]
    assert result["status"] == "filled" and result["region"] == region
    for r, row in enumerate(result["grid"]):
        for c, ch in enumerate(row):
            expected = filled[r][c] if [r, c] in region else rows[r][c]
            assert ch == expected, (r, c)
    for bad, message in (
        ({"cells": [[15, 0]]}, "region cell [15, 0] lies outside the 15x15 grid"),
        ({"cells": [[0, 4]]}, "region cell [0, 4] is a block"),
        ({"slots": ["99A"]}, "region slot '99A' is not a slot of the grid"),
        ({"cells": []}, "region.cells: [] should be non-empty"),
        ({}, "region: {} should be non-empty"),
        ({"rows": [1, 2]}, "region: Additional properties are not allowed"),
        ({"cells": [[1, 2, 3]]}, "region.cells.0"),
    ):
        body = {"grid": rows, "list": planted, "options": {"region": bad}}
        answer = client.post("/v1/fills", json=body)
        assert answer.status_code == 400, bad
        assert message in answer.get_json()["error"]["message"], answer.get_json()
