"""A finished job's result as a file: JSON always; puzzle files and pictures per kind."""

from __future__ import annotations

import json

from flask import Response

from server.errors import ApiError
from server.jobs.records import Job

MEDIA_TYPES = {
    "json": "application/json",
    "txt": "text/plain; charset=utf-8",
}


def formats_for(job: Job) -> list[str]:
    """The download formats a job's result offers."""
    return ["json"]


def render(job: Job, fmt: str) -> Response:
    """The result of ``job`` in ``fmt`` as an attachment."""
    offered = formats_for(job)
    if fmt not in offered:
        raise ApiError(
            400,
            "unknown_format",
            f"a {job.kind} result downloads as {', '.join(offered)}, not {fmt!r}",
        )
    body = json.dumps(job.result, indent=2)
    response = Response(body, mimetype=MEDIA_TYPES[fmt])
    response.headers["Content-Disposition"] = f'attachment; filename="{job.kind}-{job.id}.{fmt}"'
    return response
