"""Job resources: submission, status, cancel, server-sent events and result downloads."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, jsonify, request, stream_with_context, url_for

from crossforge.server.api.inputs import number_arg
from crossforge.server.context import services
from crossforge.server.errors import ApiError
from crossforge.server.jobs.records import CANCELED, Job, JobStore
from crossforge.server.jobs.runner import QueueFull

if TYPE_CHECKING:
    from crossforge.plugins.requests import Action

bp = Blueprint("jobs", __name__, url_prefix="/v1/jobs")

KEEPALIVE_SECONDS = 15.0


def job_document(job: Job) -> dict[str, Any]:
    """The JSON form of a job, with links to its events, cancel and downloads."""
    links: dict[str, Any] = {
        "self": url_for("jobs.get_job", job_id=job.id),
        "events": url_for("jobs.events", job_id=job.id),
        "cancel": url_for("jobs.cancel", job_id=job.id),
    }
    if job.result is not None:
        from crossforge.server.downloads import formats_for

        links["downloads"] = {
            fmt: url_for("jobs.download", job_id=job.id, fmt=fmt) for fmt in formats_for(job)
        }
    return {
        "id": job.id,
        "kind": job.kind,
        "type": job.puzzle_type,
        "status": job.status,
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "progress": job.progress,
        "result": job.result,
        "error": job.error,
        "links": links,
    }


def submit_request(raw: dict[str, Any], action: Action) -> Response:
    """Check a raw request through the plugins and queue it as a job: 202 with its
    Location, or 200 when it finished within the request's ``wait``."""
    from crossforge.plugins.registry import BrokenPlugin, UnknownPlugin
    from crossforge.plugins.requests import RequestError, check_request, parse_request

    app = services()
    wait = _pop_wait(raw)
    try:
        job_request = parse_request(
            raw,
            app.registry,
            action,
            defaults={"list": app.config.default_list},
            time_limit=app.config.job_time_limit,
        )
    except RequestError as exc:
        raise ApiError(400, exc.code, str(exc), {"field": exc.field}) from None
    except (UnknownPlugin, BrokenPlugin) as exc:
        raise ApiError(404, "unknown_plugin", str(exc)) from None
    try:
        check_request(job_request, app.registry, app.word_source)
    except RequestError as exc:
        raise ApiError(400, exc.code, str(exc), {"field": exc.field}) from None
    except LookupError as exc:
        hint = ""
        if job_request.puzzle.get("list") == app.config.default_list:
            hint = " (build it with 'crossforge words build-default')"
        raise ApiError(404, "unknown_list", f"{exc}{hint}") from None
    return queue_job(job_request.action, job_request.type, job_request.to_json(), wait)


def queue_job(kind: str, puzzle_type: str, job_request: dict[str, Any], wait: float) -> Response:
    """Record and queue a job: 202 with its Location, or 200 when done within ``wait`` s."""
    app = services()
    job = app.jobs.create(kind, puzzle_type, job_request)
    try:
        app.runner.submit(job)
    except QueueFull as exc:
        app.jobs.discard(job.id)
        raise ApiError(429, "queue_full", str(exc), headers={"Retry-After": "5"}) from None
    if wait > 0:
        job = _wait_until_finished(app.jobs, job, wait)
    response = jsonify(job_document(job))
    location = url_for("jobs.get_job", job_id=job.id)
    response.status_code = 200 if job.finished else 202
    response.headers["Location"] = location
    return response


def _pop_wait(raw: dict[str, Any]) -> float:
    """The request's ``wait`` (a field or an option, taken out of both), capped at the
    server's ``wait_limit``."""
    options = raw.get("options")
    found: dict[str, Any] = {}
    if isinstance(options, dict) and "wait" in options:
        raw["options"] = {k: v for k, v in options.items() if k != "wait"}
        found["wait"] = options["wait"]
    if "wait" in raw:
        found["wait"] = raw.pop("wait")
    return _capped_wait(found)


def wait_seconds() -> float:
    """The query's ``wait`` in seconds, capped at ``wait_limit``."""
    return _capped_wait(dict(request.args))


def _capped_wait(source: dict[str, Any]) -> float:
    limit = services().config.wait_limit
    return min(float(number_arg(source, "wait", 0.0, minimum=0)), limit)


def _wait_until_finished(store: JobStore, job: Job, seconds: float) -> Job:
    deadline = time.monotonic() + seconds
    while not job.finished:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        job = store.wait_for_change(job.id, job.revision, remaining)
    return job


@bp.get("/<job_id>")
def get_job(job_id: str) -> Response:
    """A job's status, progress and, once finished, its result (``?wait=`` long-polls)."""
    store = services().jobs
    return jsonify(job_document(_wait_until_finished(store, store.get(job_id), wait_seconds())))


@bp.post("/<job_id>/cancel")
def cancel(job_id: str) -> Response:
    """Ask a queued or running job to stop; 409 once it has finished."""
    app = services()
    job = app.jobs.get(job_id)
    if job.finished:
        raise ApiError(409, "job_finished", f"job {job_id} already {job.status}")
    if not app.runner.cancel(job_id):
        app.jobs.finish(job_id, CANCELED)  # no runner holds it (e.g. a previous server's)
    response = jsonify(job_document(app.jobs.get(job_id)))
    response.status_code = 202
    return response


@bp.get("/<job_id>/events")
def events(job_id: str) -> Response:
    """Server-sent events: ``status`` and ``progress`` as they change, then ``done``."""
    store = services().jobs
    job = store.get(job_id)
    return Response(
        stream_with_context(_stream(store, job)),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _event(name: str, data: Any, event_id: int) -> str:
    return f"id: {event_id}\nevent: {name}\ndata: {json.dumps(data)}\n\n"


def _stream(store: JobStore, job: Job) -> Iterator[str]:
    yield "retry: 1000\n\n"
    status: str | None = None
    progress: Any = None
    while True:
        if job.status != status:
            status = job.status
            yield _event("status", {"status": status}, job.revision)
        if job.progress is not None and job.progress != progress:
            progress = job.progress
            yield _event("progress", progress, job.revision)
        if job.finished:
            yield _event("done", job_document(job), job.revision)
            return
        changed = store.wait_for_change(job.id, job.revision, KEEPALIVE_SECONDS)
        if changed.revision == job.revision:
            yield ": keepalive\n\n"
        job = changed


@bp.get("/<job_id>/result.<fmt>")
def download(job_id: str, fmt: str) -> Response:
    """A finished job's result as a file: json, puz, ipuz, svg or txt where they apply."""
    from crossforge.server.downloads import render

    job = services().jobs.get(job_id)
    if job.result is None:
        raise ApiError(409, "no_result", f"job {job_id} is {job.status} and has no result yet")
    return render(job, fmt)
