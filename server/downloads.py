"""A finished job's result as a file: JSON always; puzzle files and pictures per action.

Fill results, and each design of a design result, are written by
``crossforge.plugins.puzzles.crossword.files`` (their circles and shading kept);
logic-puzzle results are drawn by their puzzle type.
"""

from __future__ import annotations

import json
from typing import Any, cast

from flask import Response

from crossforge.server.context import services
from crossforge.server.errors import ApiError
from crossforge.server.jobs.records import Job

MEDIA_TYPES = {
    "json": "application/json",
    "txt": "text/plain; charset=utf-8",
    "svg": "image/svg+xml",
    "puz": "application/x-crossword",
    "ipuz": "application/json",
    "xd": "text/plain; charset=utf-8",
}


def formats_for(job: Job) -> list[str]:
    """The download formats a job's result offers."""
    if job.result is None:
        return []
    if job.action == "design":
        return (
            ["json", "txt", "svg", "puz", "ipuz", "xd"] if job.result.get("designs") else ["json"]
        )
    if job.action == "fill" and _complete(job.result):
        return ["json", "txt", "svg", "puz", "ipuz", "xd"]
    if job.action == "fill" and not isinstance(job.result.get("grid"), list):
        return ["json"]
    if job.action == "generate" and "puzzle" not in job.result:
        return ["json"]
    return ["json", "txt", "svg"]


def render(job: Job, fmt: str, design: int = 0) -> Response:
    """The result of ``job`` in ``fmt`` as an attachment; of a design job, its design
    number ``design`` (from 0, the best) in any format but JSON, which is the whole
    result."""
    offered = formats_for(job)
    if fmt not in offered:
        raise ApiError(
            400,
            "unknown_format",
            f"this {job.action} result downloads as {', '.join(offered)}, not {fmt!r}",
        )
    body: str | bytes
    if fmt == "json":
        body = json.dumps(job.result, indent=2)
    elif job.action == "fill":
        body = _fill_file(job.result or {}, fmt)
    elif job.action == "design":
        designs = (job.result or {}).get("designs") or []
        if design >= len(designs):
            raise ApiError(
                404, "no_design", f"job {job.id} has {len(designs)} design(s), not {design + 1}"
            )
        body = _fill_file(designs[design], fmt)
    else:
        body = _logic_file(job, fmt)
    response = Response(body, mimetype=MEDIA_TYPES[fmt])
    response.headers["Content-Disposition"] = f'attachment; filename="{job.action}-{job.id}.{fmt}"'
    return response


def _complete(result: dict[str, Any]) -> bool:
    rows = result.get("grid")
    return (
        result.get("status") in ("filled", "solved")
        and isinstance(rows, list)
        and all(isinstance(row, str) and "." not in row for row in rows)
    )


def _fill_file(result: dict[str, Any], fmt: str) -> str | bytes:
    from crossforge.plugins.puzzles.crossword.files import fill_file

    return fill_file(result, "text" if fmt == "txt" else fmt)


def _logic_file(job: Job, fmt: str) -> str:
    from crossforge.plugins.job_requests import JobRequest
    from crossforge.plugins.puzzles.logic import LogicPuzzleType

    found = services().registry.puzzle_type(job.puzzle_type)
    if job.action not in found.actions:
        raise ApiError(404, "no_download", f"{job.puzzle_type!r} jobs have no puzzle files")
    ptype = cast(LogicPuzzleType, found)  # it solves, rates or generates: a logic puzzle
    result = job.result or {}
    if job.action == "generate":
        puzzle, solution = ptype.load(result["puzzle"]), None
    else:
        request = JobRequest.from_json(job.request)
        puzzle, solution = ptype.load(request.type_request["puzzle"]), result.get("solution")
    if fmt == "svg":
        return ptype.render_svg(puzzle, solution)
    return ptype.render_text(puzzle, solution)
