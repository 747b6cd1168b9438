"""Logic puzzles: ``POST /v1/puzzles/{type}/solve|rate|generate``, each run as a job."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request

from crossforge.server.api.inputs import json_object, query_options
from crossforge.server.api.jobs import submit_job, wait_seconds
from crossforge.server.api.options import check_options, job_options
from crossforge.server.context import services
from crossforge.server.errors import ApiError
from crossforge.server.jobs.tasks import logic_type, plugin_options

bp = Blueprint("puzzles", __name__, url_prefix="/v1/puzzles")

ACTIONS = ("solve", "rate", "generate")


def puzzle_job(type: str, action: str) -> Response:
    """Check the request here (bad input is a 4xx, not a failed job), then queue it."""
    body = _body()
    ptype = logic_type(services().registry, type)
    options = job_options(body.get("options"), services().config.job_time_limit)
    job_request: dict[str, Any] = {"options": options}
    if action == "generate":
        check_options(plugin_options(job_request), ptype.parameters, type)
    if action != "generate":
        if "puzzle" not in body:
            raise ApiError(400, "missing_field", f"{action} needs a 'puzzle' (text or JSON)")
        source = body["puzzle"]
        if not isinstance(source, str | dict):
            raise ApiError(400, "invalid_field", "'puzzle' must be text or a JSON object")
        ptype.load(source)  # raises ValueError naming what is wrong
        job_request["puzzle"] = source
    strategy = body.get("strategy")
    if strategy is not None:
        if action != "solve":
            raise ApiError(400, "invalid_field", "'strategy' applies to solve only")
        _check_strategy(str(strategy), plugin_options(job_request))
        job_request["strategy"] = strategy
    return submit_job(action, type, job_request, wait_seconds(body))


def _body() -> dict[str, Any]:
    if request.mimetype == "text/plain":
        text = request.get_data(as_text=True)
        fields = ("strategy", "wait")
        body: dict[str, Any] = {k: v for k, v in request.args.items() if k in fields}
        body["options"] = query_options(fields)
        return {**body, "puzzle": text} if text.strip() else body
    return json_object()


def _check_strategy(name: str, params: dict[str, Any]) -> None:
    from crossforge.plugins.strategies.parameters import resolve_parameters

    strategy = services().registry.strategy(name)
    resolve_parameters(name, strategy.parameters, params)


for _action in ACTIONS:
    bp.add_url_rule(
        f"/<type>/{_action}",
        endpoint=_action,
        view_func=puzzle_job,
        methods=["POST"],
        defaults={"action": _action},
    )
