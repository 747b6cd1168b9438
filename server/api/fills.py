"""``POST /v1/fills``: a crossword grid to fill, checked here and run as a job.

The grid arrives as JSON (rows or one text grid), as a text body (other fields and
options as query parameters), or as an uploaded puzzle file (.puz, .ipuz, .json, .txt,
.xd). Everything a job could only fail on
later (a bad grid, an unknown type, strategy or list, bad options) is a 4xx now.
Options are split: ``timeout`` and ``seed`` shape the job's Control, the strategy's
parameters go to the strategy, the rest is the puzzle type's request.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, request

from crossforge.server.api.inputs import json_object, query_options, string_arg
from crossforge.server.api.jobs import submit_job, wait_seconds
from crossforge.server.api.options import check_options, job_options
from crossforge.server.context import services
from crossforge.server.errors import ApiError
from crossforge.server.jobs.tasks import COMMON_OPTIONS

bp = Blueprint("fills", __name__, url_prefix="/v1/fills")

DEFAULT_TYPE = "american"
DEFAULT_STRATEGY = "backtrack"
FIELDS = ("grid", "type", "strategy", "list", "options", "wait")


@bp.post("")
def create_fill() -> Response:
    """Check a fill request and queue it: 202 with Location (200 when ``wait`` sufficed)."""
    body, rows = _read_request()
    app = services()
    limit = app.config.max_grid_size
    if len(rows) > limit or len(rows[0]) > limit:
        raise ApiError(
            400,
            "grid_too_large",
            f"the grid is {len(rows)}x{len(rows[0])}; the largest allowed is {limit}x{limit}",
        )
    type_name = string_arg(body, "type", DEFAULT_TYPE) or DEFAULT_TYPE
    strategy_name = string_arg(body, "strategy", DEFAULT_STRATEGY) or DEFAULT_STRATEGY
    list_name = string_arg(body, "list", app.config.default_list) or app.config.default_list
    ptype = app.registry.puzzle_type(type_name)
    from crossforge.plugins.puzzles.logic import LogicPuzzleType

    if isinstance(ptype, LogicPuzzleType):
        raise ApiError(400, "not_a_crossword", f"{type_name!r} is a logic puzzle: use /v1/puzzles")
    _check_rules(rows, getattr(ptype, "rules", None))
    strategy = app.registry.strategy(strategy_name)
    _check_list(list_name, app.config.default_list)
    options = job_options(body.get("options"), app.config.job_time_limit)
    params, type_options = _split(options, strategy_name, strategy.parameters, ptype.parameters)
    check_options(type_options, ptype.parameters, type_name)
    fill = {
        "type": type_name,
        "strategy": strategy_name,
        "params": params,
        "grid": rows,
        "list": list_name,
        **type_options,
    }
    _check_problem(ptype, {"grid": rows, "list": list_name, **type_options})
    control = {k: options[k] for k in COMMON_OPTIONS if k in options}
    return submit_job("fill", type_name, {"fill": fill, "options": control}, wait_seconds(body))


def _check_problem(ptype: Any, type_request: dict[str, Any]) -> None:
    """Build a crossword problem here as the worker will, on the server's own word store,
    so what only the word list can refuse (locked entries, given letters, allowed and
    banned words) is a 400 now rather than a failed job. The index is cached per process."""
    from crossforge.plugins.puzzles.crossword.plugin import CrosswordType
    from crossforge.wordbase.index import WordIndex

    if isinstance(ptype, CrosswordType):
        store = services().words
        type(ptype)(indexes=lambda name: WordIndex.for_list(store, name)).problem(type_request)


def _check_list(name: str, default: str) -> None:
    """An unknown list is a 404 now, not a failed job; the default one says how to build it."""
    from crossforge.wordbase.store import UnknownList

    try:
        services().words.get_list(name)
    except UnknownList as exc:
        hint = " (build it with 'crossforge words build-default')" if name == default else ""
        raise ApiError(404, "unknown_list", f"{exc}{hint}") from None


def _check_rules(rows: list[str], rules: Any) -> None:
    """A grid breaking its type's construction rules is a 400 (types that name them)."""
    if not isinstance(rules, str):
        return
    from crossforge.grids.model import Grid
    from crossforge.grids.rules import check

    violations = check(Grid.from_rows(rows), rules)
    if violations:
        raise ApiError(
            400,
            "grid_breaks_rules",
            f"the grid breaks the {rules} rules: "
            + "; ".join(v.message for v in violations[:5])
            + (f" (and {len(violations) - 5} more)" if len(violations) > 5 else ""),
        )


def _split(
    options: dict[str, Any],
    strategy_name: str,
    strategy_schema: dict[str, Any],
    type_schema: dict[str, Any],
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(strategy parameters, puzzle-type options) of ``options``; unknown keys are a 400."""
    from crossforge.plugins.strategies.parameters import resolve_parameters

    strategy_keys = set(strategy_schema.get("properties", {}))
    type_keys = set(type_schema.get("properties", {})) - set(FIELDS)
    params = {k: v for k, v in options.items() if k in strategy_keys}
    rest = {k: v for k, v in options.items() if k not in strategy_keys and k not in COMMON_OPTIONS}
    unknown = sorted(set(rest) - type_keys)
    if unknown:
        known = ", ".join(sorted(type_keys | strategy_keys | set(COMMON_OPTIONS)))
        raise ApiError(
            400, "invalid_options", f"unknown option(s) {', '.join(unknown)} (known: {known})"
        )
    resolve_parameters(strategy_name, strategy_schema, params)  # ValueError names the bad one
    return params, rest


def _read_request() -> tuple[dict[str, Any], list[str]]:
    """The request's fields and its grid rows, whichever way it came."""
    from crossforge.grids.model import Grid

    if request.mimetype == "multipart/form-data":
        return _read_upload()
    if request.mimetype == "text/plain":
        body: dict[str, Any] = {k: v for k, v in request.args.items() if k in FIELDS}
        body["options"] = query_options(FIELDS)
        return body, list(Grid.from_text(request.get_data(as_text=True)).rows)
    body = json_object()
    unknown = sorted(set(body) - set(FIELDS))
    if unknown:
        raise ApiError(400, "invalid_field", f"unknown field(s): {', '.join(unknown)}")
    grid = body.get("grid")
    if isinstance(grid, str):
        return body, list(Grid.from_text(grid).rows)
    if isinstance(grid, list) and grid and all(isinstance(row, str) for row in grid):
        return body, list(Grid.from_rows(grid).rows)
    raise ApiError(400, "invalid_grid", "'grid' must be a list of row strings or a text grid")


def _read_upload() -> tuple[dict[str, Any], list[str]]:
    from crossforge.grids.formats import format_for, loads

    upload = request.files.get("grid")
    if upload is None:
        raise ApiError(400, "missing_field", "upload the grid file as the 'grid' part")
    name = upload.filename or "grid.txt"
    puzzle = loads(upload.read(), format_for(name))
    body: dict[str, Any] = {k: v for k, v in request.form.items() if k in FIELDS}
    if "options" in body:
        body["options"] = _json_field(body["options"], "options")
    return body, list(puzzle.grid.rows)


def _json_field(text: str, name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, "invalid_json", f"{name!r} is not JSON: {exc.msg}") from None
