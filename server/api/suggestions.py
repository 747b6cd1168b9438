"""``POST /v1/suggestions``: the words that keep a partly filled grid fillable, and the
grid's health, answered in the request (not a job) within the server's time limit.

The body is a crossword fill request plus ``slot``, ``limit`` and ``verify``
(``crossforge.plugins.suggestions``); its work is bounded by the request's ``timeout``,
capped by ``suggest_time_limit``.
"""

from __future__ import annotations

import logging

from flask import Blueprint, Response, jsonify
from flask import request as flask_request

from crossforge.errors import InputError, NotFound
from crossforge.server.api.grid_field import naming_library_grids, request_grid
from crossforge.server.api.inputs import json_object
from crossforge.server.api.jobs import types_for
from crossforge.server.api.schemas import SUGGESTIONS
from crossforge.server.auth import requires
from crossforge.server.context import Services, services
from crossforge.server.disconnect import client_gone
from crossforge.server.errors import ApiError
from crossforge.server.openapi import Media, Where, documented

bp = Blueprint("suggestions", __name__, url_prefix="/v1/suggestions")
log = logging.getLogger(__name__)


def _bodies(app: Services, where: Where) -> Media:
    """One JSON body per crossword type and strategy: the fill request's, plus the
    suggestion's own fields."""
    from crossforge.plugins.job_requests import request_schema
    from crossforge.plugins.suggestions import FIELDS

    variants = [
        variant
        for name in types_for(app, "fill")
        for schema in [request_schema(app.registry, "fill", name, FIELDS)]
        for variant in schema.get("oneOf", [schema])
    ]
    return Media({"application/json": naming_library_grids({"oneOf": variants})})


@bp.post("")
@requires("read")
@documented({200: SUGGESTIONS}, body=_bodies, errors=(404, 429))
def suggest() -> Response:
    """Candidates for one slot that keep the whole grid arc consistent, and the grid's
    health (letters possible per cell, dead slots, forced letters).

    Synchronous: the answer comes within the request's `timeout` (capped by the
    server's `suggest_time_limit`); a client that closes its connection stops the work."""
    from crossforge.plugins.job_requests import RequestError
    from crossforge.plugins.registry import UnknownPlugin
    from crossforge.plugins.suggestions import parse_suggestion, run_suggestion, store_displays

    app = services()
    raw = json_object()
    request_grid(raw, app.config.max_grid_size)
    try:
        request = parse_suggestion(
            raw,
            app.registry,
            defaults={"list": app.config.default_list},
            time_limit=app.config.suggest_time_limit,
        )
        gone = client_gone(flask_request.environ)
        words, displays = app.word_source, store_displays(app.words)
        answer = run_suggestion(request, app.registry, words, displays, cancelled=gone)
        if gone():
            log.info("suggestion for %s stopped: the client went away", request.slot)
    except RequestError as exc:
        raise ApiError(400, exc.code, str(exc), {"field": exc.field}) from None
    except UnknownPlugin as exc:
        raise ApiError(404, "unknown_plugin", str(exc)) from None
    except NotFound as exc:
        raise ApiError(404, "unknown_list", str(exc)) from None
    except InputError as exc:
        raise ApiError(400, "invalid_input", str(exc)) from None
    return jsonify(answer)
