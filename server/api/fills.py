"""``POST /v1/fills``: a crossword grid to fill, checked and run as a job.

The grid arrives as JSON (rows, one text grid or a library grid's name), as a text
body, or as an uploaded puzzle file (.puz, .ipuz, .json, .txt, .xd). Whatever the body,
the query string (and an upload's form fields) may add the request's fields and options
by name, so all three become the same raw request for ``crossforge.plugins.job_requests``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import Blueprint, Response, request

from crossforge.server.api.grid_field import LIBRARY_NAMES, naming_library_grids, request_grid
from crossforge.server.api.inputs import json_object, request_fields, text_body, with_query
from crossforge.server.api.jobs import JOB_ANSWERS, job_bodies, job_query, submit_request
from crossforge.server.api.schemas import Schema
from crossforge.server.auth import requires
from crossforge.server.context import Services, services
from crossforge.server.errors import ApiError
from crossforge.server.openapi import Media, Where, documented

bp = Blueprint("fills", __name__, url_prefix="/v1/fills")

ENVELOPE = ("type", "strategy")
"""Text fields that are fields of the request rather than options."""


def _bodies(app: Services, where: Where) -> Media:
    """The JSON and text bodies of ``job_bodies`` (taking library grid names), and the
    upload."""
    upload: Schema = {
        "type": "object",
        "properties": {
            "grid": {"type": "string", "format": "binary", "description": ".puz, .ipuz, text"},
            **job_query(app, where, "fill")["properties"],
        },
        "required": ["grid"],
    }
    bodies = job_bodies(app, where, "fill")
    text = bodies["text/plain"]
    return Media(
        {
            "application/json": naming_library_grids(bodies["application/json"]),
            "text/plain": {**text, "description": text["description"] + LIBRARY_NAMES},
            "multipart/form-data": upload,
        }
    )


@bp.post("")
@requires("read")
@documented(
    JOB_ANSWERS,
    body=_bodies,
    query=partial(job_query, action="fill"),
    errors=(404, 429),
)
def create_fill() -> Response:
    """Fill a crossword grid (a job): 202 with its Location, 200 when `wait` sufficed.

    Whatever the body, other options may be given by name in the query string (or as
    upload form fields), decoded as JSON where they parse (`min_score=30`). The grid may
    be the name of a library grid (`american-15-themed`, as `crossforge fill` takes it);
    an unknown name is a 404."""
    raw = _read_request()
    request_grid(raw, services().config.max_grid_size)
    return submit_request(raw, "fill")


def _read_request() -> dict[str, Any]:
    """The raw request, whichever way it came."""
    if request.mimetype == "multipart/form-data":
        from crossforge.grids.formats import format_for, loads

        upload = request.files.get("grid")
        if upload is None:
            raise ApiError(400, "missing_field", "upload the grid file as the 'grid' part")
        grid = loads(upload.read(), format_for(upload.filename or "grid.txt")).grid
        return request_fields("grid", grid.to_text(), request.values, ENVELOPE)
    if request.mimetype == "text/plain":
        return request_fields("grid", text_body(), request.args, ENVELOPE)
    return with_query(json_object(), ENVELOPE)
