"""Puzzle files over HTTP: read one into JSON, write JSON back out as a file.

``POST /v1/grids/parse`` takes a ``.puz``, ``.ipuz``, ``.xd``, text or JSON file and
answers the server's JSON form of a puzzle (``grids.formats.json_format``: grid rows,
circled and shaded cells, clues by slot id, metadata, entries);
``POST /v1/grids/render.{fmt}`` takes that JSON form and answers the file;
``POST /v1/grids/stats`` answers its grid's statistics; ``GET /v1/grids/library`` lists
the sample grids to start from. All go through grids, so a client
(the construction page) never parses a file or counts a grid itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Blueprint, Response, jsonify, request

from crossforge.server.api.inputs import json_body, query_values
from crossforge.server.api.schemas import (
    GRID_STATS,
    LIBRARY,
    PARSE_QUERY,
    PUZZLE_DOCUMENT,
    PUZZLE_INPUT,
    RENDER_QUERY,
)
from crossforge.server.context import services
from crossforge.server.errors import ApiError
from crossforge.server.openapi import Media, documented

bp = Blueprint("grids", __name__, url_prefix="/v1/grids")

FILE_FORMATS = {
    # path suffix: (grids format, media type)
    "puz": ("puz", "application/x-crossword"),
    "ipuz": ("ipuz", "application/json"),
    "xd": ("xd", "text/plain; charset=utf-8"),
    "txt": ("text", "text/plain; charset=utf-8"),
    "json": ("json", "application/json"),
    "svg": ("svg", "image/svg+xml"),
}
"""What ``render`` writes, by the suffix of its path."""
UPLOAD = Media(
    {
        "multipart/form-data": {
            "type": "object",
            "properties": {"file": {"type": "string", "format": "binary"}},
            "required": ["file"],
        },
        "application/octet-stream": {"type": "string", "format": "binary"},
    }
)


@bp.post("/parse")
@documented({200: PUZZLE_DOCUMENT}, body=UPLOAD, query=PARSE_QUERY)
def parse() -> Response:
    """Read a puzzle file (.puz, .ipuz, .xd, text, JSON) into the JSON form of a puzzle.

    Upload it as the multipart part `file` (the format follows its file name unless
    `format` is given) or send the bytes as the body with `format`."""
    from crossforge.grids.formats import format_for, loads
    from crossforge.grids.formats.json_format import to_dict

    args = query_values(PARSE_QUERY)
    if request.mimetype == "multipart/form-data":
        upload = request.files.get("file")
        if upload is None:
            raise ApiError(400, "missing_field", "upload the puzzle file as the 'file' part")
        data, fmt = upload.read(), args.get("format") or format_for(upload.filename or "")
    else:
        if "format" not in args:
            raise ApiError(
                400, "missing_field", "name the file's 'format' (or upload it as 'file')"
            )
        data, fmt = request.get_data(), args["format"]
    if not data.strip():
        raise ApiError(400, "empty_file", "the puzzle file is empty")
    with _size_checked():
        puzzle = loads(data, fmt, services().config.max_grid_size)
    return jsonify({**to_dict(puzzle), "source_format": fmt})


@bp.post("/render.<fmt>")
@documented(
    {
        200: Media(
            {media.partition(";")[0]: {"type": "string"} for _, media in FILE_FORMATS.values()}
        )
    },
    body=PUZZLE_INPUT,
    query=RENDER_QUERY,
    path={"fmt": {"enum": list(FILE_FORMATS)}},
)
def render(fmt: str) -> Response:
    """Write a puzzle given in its JSON form as a file: puz, ipuz, xd, txt, json or svg
    (the grid with its clues below; with `blank`, the empty grid alone)."""
    from crossforge.grids.formats import dumps
    from crossforge.grids.formats.json_format import from_dict
    from crossforge.grids.svg import grid_svg, puzzle_svg

    if fmt not in FILE_FORMATS:
        known = ", ".join(FILE_FORMATS)
        raise ApiError(404, "unknown_format", f"no format {fmt!r}; choose one of {known}")
    blank = query_values(RENDER_QUERY)["blank"]
    if blank and fmt != "svg":
        raise ApiError(400, "invalid_field", "blank is for svg only", {"field": "blank"})
    body = json_body(PUZZLE_INPUT)
    with _size_checked():
        puzzle = from_dict(body, services().config.max_grid_size)
    name, media = FILE_FORMATS[fmt]
    content: Any
    if name != "svg":
        content = dumps(puzzle, name)
    elif blank:
        content = grid_svg(puzzle.grid, filled=False, title=puzzle.title or "Crossword grid")
    else:
        content = puzzle_svg(puzzle)
    response = Response(content, mimetype=media)
    filename = f"{_file_stem(puzzle.title)}.{fmt}"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/library")
@documented({200: LIBRARY})
def library() -> Response:
    """The sample library's square grids (minis, American 15x15 and 21x21 patterns,
    Canadian grids) no larger than the server takes, to start a puzzle from."""
    from crossforge.grids.library import CATALOGUE, load_grid

    limit = services().config.max_grid_size
    grids = []
    for found in CATALOGUE.values():
        if found.shape != "square":
            continue
        grid = load_grid(found.name)
        if max(grid.height, grid.width) > limit:
            continue
        grids.append(
            {
                "name": found.name,
                "rules": found.rules,
                "description": found.description,
                "height": grid.height,
                "width": grid.width,
                "grid": list(grid.rows),
                "circled": [list(cell) for cell in sorted(grid.circled)],
                "shaded": [list(cell) for cell in sorted(grid.shaded)],
            }
        )
    return jsonify({"grids": grids})


@bp.post("/stats")
@documented({200: GRID_STATS}, body=PUZZLE_INPUT)
def stats() -> Response:
    """The statistics of a puzzle's grid given in its JSON form: the figures of
    `crossforge grid stats` (entries, blocks, mean length, unchecked cells, two-letter
    entries, letter counts, ...), computed by the same function."""
    from crossforge.grids.formats.json_format import from_dict
    from crossforge.grids.stats import grid_stats

    with _size_checked():
        puzzle = from_dict(json_body(PUZZLE_INPUT), services().config.max_grid_size)
    return jsonify(grid_stats(puzzle.grid).to_dict())


@contextmanager
def _size_checked() -> Iterator[None]:
    """A grid past ``CROSSFORGE_MAX_GRID_SIZE`` (refused by the reader as soon as its
    size is known) as the 400 ``grid_too_large``."""
    from crossforge.grids.model import GridTooLarge

    try:
        yield
    except GridTooLarge as exc:
        raise ApiError(400, "grid_too_large", str(exc), {"field": "grid"}) from None


def _file_stem(title: str) -> str:
    from werkzeug.utils import secure_filename

    return secure_filename(title)[:60] or "crossword"
