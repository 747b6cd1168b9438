"""Puzzle files over HTTP (``/v1/grids/parse``, ``/v1/grids/render.{fmt}``), grid
statistics and the library (``/v1/grids/stats``, ``/v1/grids/library``), and the
construction page's own routes (``/``, ``/assets/…``)."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

GRID = ["#CREW", "THINE", "HANDS", "ASSET", "NEED#"]
CLUES = {"1A": "Ship's company", "5A": "Yours, of old", "1D": "Pursue"}
PUZZLE = {
    "grid": GRID,
    "clues": CLUES,
    "title": "Mini",
    "author": "Crossforge",
    "circled": [[1, 1]],
    "shaded": [[2, 2]],
}


@pytest.fixture
def client(make_app: Callable[..., Flask]) -> Any:
    return make_app().test_client()


@pytest.mark.parametrize("fmt", ["puz", "ipuz", "xd", "json"])
def test_a_rendered_file_parses_back_to_the_same_puzzle(client: Any, fmt: str) -> None:
    rendered = client.post(f"/v1/grids/render.{fmt}", json=PUZZLE)
    assert rendered.status_code == 200, rendered.get_json()
    assert rendered.headers["Content-Disposition"] == f'attachment; filename="Mini.{fmt}"'
    upload = {"file": (io.BytesIO(rendered.data), f"mini.{fmt}")}
    parsed = client.post("/v1/grids/parse", data=upload, content_type="multipart/form-data")
    assert parsed.status_code == 200, parsed.get_json()
    document = parsed.get_json()
    assert document["grid"] == GRID
    assert document["clues"] == CLUES
    assert document["title"] == "Mini"
    assert document["source_format"] == fmt
    assert document["circled"] == [[1, 1]] and document["shaded"] == [[2, 2]]
    assert [e["id"] for e in document["entries"]][:2] == ["1A", "1D"]


def test_parse_takes_a_raw_body_with_its_format(client: Any) -> None:
    text = "#....\n.....\n..X..\n.....\n....#\n"
    answer = client.post(
        "/v1/grids/parse?format=text", data=text, content_type="application/octet-stream"
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["grid"][2] == "..X.."


@pytest.mark.parametrize(
    ("upload", "query", "code"),
    [
        (None, "", "missing_field"),  # a body without a format
        (("grid.doc", b"#...."), "", "invalid_input"),  # an unknown extension
        (("grid.puz", b"not a puz file"), "", "invalid_input"),
        (("grid.txt", b"   \n"), "", "empty_file"),
        (("grid.txt", b"#..\n..\n"), "", "invalid_input"),  # ragged
        (("grid.txt", b"#...."), "?format=zip", "invalid_field"),
    ],
)
def test_bad_files_are_400s_that_say_why(
    client: Any, upload: tuple[str, bytes] | None, query: str, code: str
) -> None:
    if upload is None:
        answer = client.post("/v1/grids/parse", data=b"#...", content_type="text/plain")
    else:
        name, data = upload
        answer = client.post(
            f"/v1/grids/parse{query}",
            data={"file": (io.BytesIO(data), name)},
            content_type="multipart/form-data",
        )
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == code


def test_grids_past_the_size_limit_are_refused(make_app: Callable[..., Flask]) -> None:
    client = make_app(max_grid_size=5).test_client()
    rows = ["." * 6] * 6
    answer = client.post("/v1/grids/render.puz", json={"grid": rows})
    assert answer.status_code == 400 and answer.get_json()["error"]["code"] == "grid_too_large"
    upload = {"file": (io.BytesIO("\n".join(rows).encode()), "big.txt")}
    answer = client.post("/v1/grids/parse", data=upload, content_type="multipart/form-data")
    assert answer.status_code == 400 and answer.get_json()["error"]["code"] == "grid_too_large"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"clues": {}}, "request"),  # the message names 'grid'
        ({"grid": []}, "grid"),
        ({"grid": GRID, "clues": {"1A": 3}}, "clues.1A"),
        ({"grid": GRID, "circled": [[1]]}, "circled.0"),
    ],
)
def test_render_checks_the_body_against_its_schema(
    client: Any, body: dict[str, Any], field: str
) -> None:
    answer = client.post("/v1/grids/render.puz", json=body)
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error["details"]["field"] == field
    assert field.split(".")[0] in error["message"] or "'grid'" in error["message"]


def test_render_refuses_what_the_puzzle_cannot_hold(client: Any) -> None:
    clue_for_no_slot = client.post(
        "/v1/grids/render.puz", json={"grid": GRID, "clues": {"9A": "x"}}
    )
    assert clue_for_no_slot.status_code == 400
    assert "9A" in clue_for_no_slot.get_json()["error"]["message"]
    bad_cell = client.post("/v1/grids/render.ipuz", json={"grid": ["#..", ".?.", "..#"]})
    assert bad_cell.status_code == 400
    unknown = client.post("/v1/grids/render.pdf", json=PUZZLE)
    assert unknown.status_code == 404 and unknown.get_json()["error"]["code"] == "unknown_format"


def test_an_incomplete_grid_renders_with_empty_cells(client: Any) -> None:
    import puz

    rendered = client.post("/v1/grids/render.puz", json={"grid": ["#C...", *GRID[1:]]})
    assert rendered.status_code == 200
    read = puz.load(rendered.data)
    assert read.solution.startswith(".C---")


def test_svg_shows_the_grid_and_its_clues(client: Any) -> None:
    answer = client.post("/v1/grids/render.svg", json=PUZZLE)
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    svg = answer.get_data(as_text=True)
    assert "<title>Mini</title>" in svg
    assert "Ship&apos;s company" in svg or "Ship's company" in svg
    assert svg.index(">Across<") < svg.index(">Down<")
    assert ">W</text>" in svg  # the letters


def test_a_blank_svg_has_the_numbers_and_no_letters(client: Any) -> None:
    answer = client.post("/v1/grids/render.svg?blank=true", json=PUZZLE)
    assert answer.status_code == 200 and answer.mimetype == "image/svg+xml"
    svg = answer.get_data(as_text=True)
    assert ">W</text>" not in svg and ">Across<" not in svg
    assert ">1</text>" in svg and "<title>Mini</title>" in svg
    refused = client.post("/v1/grids/render.puz?blank=true", json=PUZZLE)
    assert refused.status_code == 400 and refused.get_json()["error"]["details"]["field"] == "blank"


@pytest.mark.parametrize("fmt", ["puz", "ipuz", "json"])
def test_rebus_cells_round_trip(client: Any, fmt: str) -> None:
    body = {**PUZZLE, "rebus": [[1, 0, "THOU"], [2, 4, "SEA"]]}
    rendered = client.post(f"/v1/grids/render.{fmt}", json=body)
    assert rendered.status_code == 200, rendered.get_json()
    upload = {"file": (io.BytesIO(rendered.data), f"mini.{fmt}")}
    document = client.post("/v1/grids/parse", data=upload, content_type="multipart/form-data")
    assert document.get_json()["rebus"] == [[1, 0, "THOU"], [2, 4, "SEA"]]
    entries = {entry["id"]: entry["answer"] for entry in document.get_json()["entries"]}
    assert entries["5A"] == "THOUHINE" and entries["6A"] == "HANDSEA"


def test_a_rebus_that_a_format_cannot_hold_is_a_400(client: Any) -> None:
    answer = client.post("/v1/grids/render.xd", json={**PUZZLE, "rebus": [[1, 0, "THOU"]]})
    assert answer.status_code == 400
    assert "the xd format keeps one letter per cell" in answer.get_json()["error"]["message"]
    wrong = client.post("/v1/grids/render.puz", json={**PUZZLE, "rebus": [[1, 0, "SEA"]]})
    assert wrong.status_code == 400 and "first letter" in wrong.get_json()["error"]["message"]


def test_stats_are_the_cli_figures(client: Any, tmp_path: Any) -> None:
    import json

    from click.testing import CliRunner

    from crossforge.grids.cli import grid

    rows = ["AB#..", "BAD..", "#.A..", ".....", "....#"]
    answer = client.post("/v1/grids/stats", json={"grid": rows})
    assert answer.status_code == 200, answer.get_json()
    figures = answer.get_json()
    (tmp_path / "g.txt").write_text("\n".join(rows) + "\n")
    printed = CliRunner().invoke(grid, ["stats", str(tmp_path / "g.txt"), "--json"])
    assert printed.exit_code == 0, printed.output
    assert figures == json.loads(printed.output)
    assert figures["letters"] == {"A": 3, "B": 2, "D": 1}
    assert figures["two_letter_entries"] == ["1A", "3A", "1D", "8D"]
    bad = client.post("/v1/grids/stats", json={"grid": ["#..", ".?."]})
    assert bad.status_code == 400


def test_the_library_lists_square_grids_to_start_from(make_app: Callable[..., Flask]) -> None:
    from crossforge.grids.library import load_grid

    grids = make_app(max_grid_size=15).test_client().get("/v1/grids/library").get_json()["grids"]
    names = [found["name"] for found in grids]
    assert "mini-5x5" in names and "american-15-themed-circles" in names
    assert not any(name.startswith(("hex-", "american-21")) for name in names)  # too large
    circles = next(found for found in grids if found["name"] == "american-15-themed-circles")
    grid = load_grid("american-15-themed-circles")
    assert circles["grid"] == list(grid.rows) and circles["rules"] == "american"
    assert circles["circled"] == [list(cell) for cell in sorted(grid.circled)] != []


def test_the_page_is_served_with_its_assets(make_app: Callable[..., Flask]) -> None:
    client = make_app(max_grid_size=21, default_list="my-words").test_client()
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert 'data-max-size="21"' in html and 'data-default-list="my-words"' in html
    assert "http://" not in html and "https://" not in html  # nothing from another host
    for asset in ("construct.css", "js/main.js", "js/gridview.js"):
        answer = client.get(f"/assets/{asset}")
        assert answer.status_code == 200, asset
        assert answer.mimetype in ("text/css", "text/javascript", "application/javascript")
    assert client.get("/assets/js/missing.js").status_code == 404


def test_the_page_imports_only_its_own_modules(make_app: Callable[..., Flask]) -> None:
    import re

    client = make_app().test_client()
    main = client.get("/assets/js/main.js").get_data(as_text=True)
    imports = re.findall(r'from "([^"]+)"', main)
    assert imports and all(name.startswith("./") for name in imports)
    for name in imports:
        assert client.get(f"/assets/js/{name[2:]}").status_code == 200, name
