"""``POST /v1/fills``: a crossword grid to fill, checked and run as a job.

The grid arrives as JSON (rows or one text grid), as a text body (the other fields and
options as query parameters), or as an uploaded puzzle file (.puz, .ipuz, .json, .txt,
.xd; the other fields and options as form fields). All three become the same raw
request for ``crossforge.plugins.requests``, so options are honoured alike.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from crossforge.server.api.inputs import form_request, json_object
from crossforge.server.api.jobs import submit_request
from crossforge.server.context import services
from crossforge.server.errors import ApiError

bp = Blueprint("fills", __name__, url_prefix="/v1/fills")

ENVELOPE = ("type", "strategy", "wait")
"""Form and query names that are fields of the request rather than options."""


@bp.post("")
def create_fill() -> Response:
    """Check a fill request and queue it: 202 with Location (200 when ``wait`` sufficed)."""
    raw = _read_request()
    _check_size(raw.get("grid"), services().config.max_grid_size)
    return submit_request(raw, "fill")


def _read_request() -> dict[str, Any]:
    """The raw request, whichever way it came."""
    if request.mimetype == "multipart/form-data":
        from crossforge.grids.formats import format_for, loads

        upload = request.files.get("grid")
        if upload is None:
            raise ApiError(400, "missing_field", "upload the grid file as the 'grid' part")
        rows = list(loads(upload.read(), format_for(upload.filename or "grid.txt")).grid.rows)
        return form_request("grid", rows, request.form, ENVELOPE)
    if request.mimetype == "text/plain":
        return form_request("grid", request.get_data(as_text=True), request.args, ENVELOPE)
    return json_object()


def _check_size(grid: Any, limit: int) -> None:
    """A grid larger than ``limit`` on a side is a 400 before anything parses it."""
    if isinstance(grid, str):
        rows = [line.strip() for line in grid.splitlines() if line.strip() and ":" not in line]
    elif isinstance(grid, list):
        rows = [row for row in grid if isinstance(row, str)]
    else:
        return
    width = max((len(row) for row in rows), default=0)
    if len(rows) > limit or width > limit:
        raise ApiError(
            400,
            "grid_too_large",
            f"the grid is {len(rows)}x{width}; the largest allowed is {limit}x{limit}",
            {"field": "grid"},
        )
