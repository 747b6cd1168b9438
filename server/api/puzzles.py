"""Logic puzzles: ``POST /v1/puzzles/{type}/solve|rate|generate``, each run as a job.

The puzzle arrives in a JSON body (``{"puzzle": text | JSON, "strategy", "options"}``)
or as a text body; whatever the body, the query string may add fields and options by
name. The document has one path per logic type, with that type's options.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, request

from crossforge.server.api.inputs import json_object, request_fields, text_body, with_query
from crossforge.server.api.jobs import (
    JOB_ANSWERS,
    job_bodies,
    job_query,
    submit_request,
    types_for,
)
from crossforge.server.auth import requires
from crossforge.server.errors import ApiError
from crossforge.server.openapi import documented

if TYPE_CHECKING:
    from crossforge.plugins.job_requests import Action

bp = Blueprint("puzzles", __name__, url_prefix="/v1/puzzles")

ENVELOPE = ("strategy",)


def _documented(action: Action) -> Any:
    return documented(
        JOB_ANSWERS,
        body=partial(job_bodies, action=action),
        query=partial(job_query, action=action),
        errors=(404, 429),
        types=partial(types_for, action=action),
    )


@bp.post("/<type>/solve")
@requires("read")
@_documented("solve")
def solve(type: str) -> Response:
    """Solve a logic puzzle by graded techniques, or with a `strategy` (a job)."""
    return _puzzle_job(type, "solve")


@bp.post("/<type>/rate")
@requires("read")
@_documented("rate")
def rate(type: str) -> Response:
    """Rate a logic puzzle's difficulty (a job)."""
    return _puzzle_job(type, "rate")


@bp.post("/<type>/generate")
@requires("read")
@_documented("generate")
def generate(type: str) -> Response:
    """Generate a logic puzzle with a unique solution (a job)."""
    return _puzzle_job(type, "generate")


def _puzzle_job(type: str, action: Action) -> Response:
    """Check the request (bad input is a 4xx, not a failed job), then queue it."""
    raw = _read_request()
    if "type" in raw:
        raise ApiError(400, "invalid_field", "the puzzle type is named in the path, not the body")
    return submit_request({**raw, "type": type}, action)


def _read_request() -> dict[str, Any]:
    if request.mimetype == "text/plain":
        text = text_body()
        return request_fields("puzzle", text if text.strip() else None, request.args, ENVELOPE)
    return with_query(json_object(), ENVELOPE)
