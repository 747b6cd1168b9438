"""Logic puzzles: ``POST /v1/puzzles/{type}/solve|rate|generate``, each run as a job.

The puzzle arrives in a JSON body (``{"puzzle": text | JSON, "strategy", "options"}``) or
as a text body with the other fields and options as query parameters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, request

from crossforge.server.api.inputs import form_request, json_object
from crossforge.server.api.jobs import submit_request
from crossforge.server.errors import ApiError

if TYPE_CHECKING:
    from crossforge.plugins.requests import Action

bp = Blueprint("puzzles", __name__, url_prefix="/v1/puzzles")

ACTIONS = ("solve", "rate", "generate")
ENVELOPE = ("strategy", "wait")


def puzzle_job(type: str, action: Action) -> Response:
    """Check the request (bad input is a 4xx, not a failed job), then queue it."""
    raw = _read_request()
    if "type" in raw:
        raise ApiError(400, "invalid_field", "the puzzle type is named in the path, not the body")
    return submit_request({**raw, "type": type}, action)


def _read_request() -> dict[str, Any]:
    if request.mimetype == "text/plain":
        raw = form_request("puzzle", request.get_data(as_text=True), request.args, ENVELOPE)
        if not raw["puzzle"].strip():
            del raw["puzzle"]
        return raw
    return json_object()


for _action in ACTIONS:
    bp.add_url_rule(
        f"/<type>/{_action}",
        endpoint=_action,
        view_func=puzzle_job,
        methods=["POST"],
        defaults={"action": _action},
    )
