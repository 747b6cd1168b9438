"""``POST /v1/designs``: a grid designed around theme entries (or themeless) and filled,
checked and run as a job like a fill.

The request is a JSON object (``size``, ``theme``, ``symmetry``, ``max_words``,
``count``, ``marks`` and the fill fields but the grid's, in ``options`` or beside
them); the query string may add fields and options by name.
"""

from __future__ import annotations

from functools import partial

from flask import Blueprint, Response

from crossforge.server.api.inputs import json_object, with_query
from crossforge.server.api.jobs import JOB_ANSWERS, job_bodies, job_query, submit_request
from crossforge.server.auth import requires
from crossforge.server.context import Services
from crossforge.server.openapi import Media, Where, documented

bp = Blueprint("designs", __name__, url_prefix="/v1/designs")

ENVELOPE = ("type", "strategy")
"""Query fields that are fields of the request rather than options."""


def _bodies(app: Services, where: Where) -> Media:
    """The JSON body of ``job_bodies``: a design has no text form."""
    return Media({"application/json": job_bodies(app, where, "design")["application/json"]})


@bp.post("")
@requires("read")
@documented(
    JOB_ANSWERS,
    body=_bodies,
    query=partial(job_query, action="design"),
    errors=(404, 429),
)
def create_design() -> Response:
    """Design grids around theme entries and fill them (a job): 202 with its Location,
    200 when `wait` sufficed.

    The finished job's `result.designs` lists the filled designs, best first, each with
    its `grid`, `entries`, `theme` and `statistics`; a request that cannot be met (a
    theme entry too long for the size, no symmetric room for the theme) is a 400
    naming the field, and a search that finds no design answers `status`
    `no_design` with the `reason`."""
    return submit_request(with_query(json_object(), ENVELOPE), "design")
