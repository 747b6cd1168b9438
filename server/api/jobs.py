"""Job resources: submission, status, cancel, server-sent events and result downloads."""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Response, jsonify, stream_with_context, url_for

from crossforge.errors import NotFound
from crossforge.server.api.inputs import checked_values, query_values
from crossforge.server.api.schemas import JOB, JOB_ENVELOPE, WAIT, WAIT_QUERY, Schema
from crossforge.server.auth import allowed, requires
from crossforge.server.context import Services, services
from crossforge.server.downloads import MEDIA_TYPES
from crossforge.server.errors import ApiError
from crossforge.server.jobs.records import CANCELED, Job, JobStore
from crossforge.server.jobs.runner import QueueFull
from crossforge.server.openapi import Media, Where, documented

if TYPE_CHECKING:
    from crossforge.plugins.job_requests import Action, JobRequest
    from crossforge.server.jobs.notify import Subscription

bp = Blueprint("jobs", __name__, url_prefix="/v1/jobs")

KEEPALIVE_SECONDS = 5.0
"""A stream without news for this long gets a keep-alive comment (the record is read again)."""
DOWNLOAD_MEDIA = sorted({media.partition(";")[0] for media in MEDIA_TYPES.values()})
FILE = {"application/json": {"type": "object"}}
EVENT = {
    "type": "object",
    "properties": {"event": {"enum": ["status", "progress", "done"]}, "data": {"type": "string"}},
    "required": ["event", "data"],
}
DOWNLOAD_QUERY: Schema = {
    "type": "object",
    "properties": {
        "design": {
            "type": "integer",
            "minimum": 0,
            "default": 0,
            "description": "of a design job: which design (0: the best)",
        }
    },
}
JOB_ANSWERS = {200: JOB, 202: JOB}
"""A submitted job: queued (202, with Location), or finished within ``wait`` (200)."""


def job_document(job: Job) -> dict[str, Any]:
    """The JSON form of a job, with links to its events, cancel and downloads."""
    links: dict[str, Any] = {
        "self": url_for("jobs.get_job", job_id=job.id),
        "events": url_for("jobs.events", job_id=job.id),
        "cancel": url_for("jobs.cancel", job_id=job.id),
    }
    if job.result is not None:
        from crossforge.server.downloads import formats_for

        formats = formats_for(job)
        links["downloads"] = {
            fmt: url_for("jobs.download", job_id=job.id, fmt=fmt) for fmt in formats
        }
        if job.action == "design":
            links["designs"] = [
                {fmt: url_for("jobs.download", job_id=job.id, fmt=fmt, design=n) for fmt in formats}
                for n in range(len(job.result.get("designs") or []))
            ]
    return {
        "id": job.id,
        "kind": job.action,
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
    from crossforge.plugins.job_requests import RequestError, check_request, parse_request
    from crossforge.plugins.registry import UnknownPlugin

    app = services()
    checked_values(raw, JOB_ENVELOPE)
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
    except UnknownPlugin as exc:
        raise ApiError(404, "unknown_plugin", str(exc)) from None
    words = app.word_source
    try:
        check_request(job_request, app.registry, words)
    except RequestError as exc:
        raise ApiError(400, exc.code, str(exc), {"field": exc.field}) from None
    except NotFound as exc:
        hint = ""
        if job_request.type_request.get("list") == app.config.default_list:
            hint = " (build it with 'crossforge words build-default')"
        raise ApiError(404, "unknown_list", f"{exc}{hint}") from None
    return queue_job(job_request, wait, words.stamps)


def queue_job(
    job_request: JobRequest, wait: float, lists: Mapping[str, str] | None = None
) -> Response:
    """Record and queue a job: 202 with its Location, or 200 when done within ``wait`` s;
    ``lists``: the word list versions its check read, for its worker."""
    app = services()
    owner = allowed("read").key_id
    job = app.jobs.create(job_request.action, job_request.type, job_request.to_json(), owner)
    with app.jobs.notifier.subscribe(job.id) as changes:  # before it can end
        try:
            app.runner.submit(job, lists)
        except QueueFull as exc:
            app.jobs.discard(job.id)
            raise ApiError(429, "queue_full", str(exc), headers={"Retry-After": "5"}) from None
        except Exception:  # no record may stay queued with no runner to run it
            with contextlib.suppress(Exception):
                app.runner.cancel(job.id)
            with contextlib.suppress(Exception):
                app.jobs.discard(job.id)
            raise
        if wait > 0:
            job = _wait_until_finished(app.jobs, job, changes, wait)
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
    return _capped_wait(checked_values(found, WAIT_QUERY))


def _capped_wait(values: dict[str, Any]) -> float:
    """The ``wait`` in seconds, capped at the server's ``wait_limit``; a value that is no
    number of seconds (NaN, which every comparison lets through) is a 400. It is capped
    before ``float()``: an integer past the range of a float is a long wait, not an error."""
    wait = values.get("wait", 0)
    if isinstance(wait, float) and math.isnan(wait):
        raise ApiError(
            400, "invalid_field", "'wait' must be a number of seconds", {"field": "wait"}
        )
    return float(min(max(wait, 0), services().config.wait_limit))


def types_for(app: Services, action: Action) -> list[str]:
    """The puzzle types that declare ``action`` (crossword types fill and design, logic
    types the rest)."""
    plugins = app.registry
    return [name for name in plugins.puzzle_types() if action in plugins.puzzle_type(name).actions]


def job_bodies(app: Services, where: Where, action: Action) -> Media:
    """A job view's bodies: the JSON request built from the plugins' schemas (one
    alternative per type and strategy), and the text form of the grid or puzzle."""
    from crossforge.plugins.job_requests import request_schema

    variants = [
        variant
        for name in ([where["type"]] if "type" in where else types_for(app, action))
        for schema in [request_schema(app.registry, action, name, {"wait": WAIT})]
        for variant in schema.get("oneOf", [schema])
    ]
    text = {"type": "string", "description": "the grid" if action == "fill" else "the puzzle"}
    return Media({"application/json": {"oneOf": variants}, "text/plain": text})


def job_query(app: Services, where: Where, action: Action) -> Schema:
    """A job view's query parameters: ``type`` (fills and designs), ``strategy`` (fills,
    designs and solves), ``options`` as one JSON object, and ``wait``."""
    from crossforge.plugins.job_requests import SEARCHES

    json = job_bodies(app, where, action)["application/json"]
    options = [variant["properties"]["options"] for variant in json["oneOf"]]
    properties: dict[str, Schema] = {}
    if action in SEARCHES:
        properties["type"] = {"enum": types_for(app, action)}
    if action in (*SEARCHES, "solve"):
        properties["strategy"] = {"enum": list(app.registry.strategies())}
    properties["options"] = {
        "type": "string",
        "contentMediaType": "application/json",
        "contentSchema": {"anyOf": options},
        "description": "options as one JSON object; or each option by name",
    }
    return {"type": "object", "properties": {**properties, "wait": WAIT}}


def _wait_until_finished(store: JobStore, job: Job, changes: Subscription, seconds: float) -> Job:
    """The job once finished (its record comes with the change that ended it), or as it
    stands after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not job.finished:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return store.get(job.id)
        job = store.follow(job, changes, remaining)
    return job


def _callers_job(job_id: str) -> Job:
    """The job, when the caller may see it: the key that submitted it or an admin's; to
    any other key a 403 (job ids are random UUIDs, 122 bits, so it tells of no job that
    could be guessed)."""
    job = services().jobs.get(job_id)
    caller = allowed("read")
    if not caller.owns(job.owner):
        raise ApiError(
            403,
            "forbidden",
            f"job {job_id!r} belongs to another key; only that key and admin keys see it",
            {"job": job_id},
        )
    return job


@bp.get("/<job_id>")
@requires("read", owned=True)
@documented({200: JOB}, query=WAIT_QUERY)
def get_job(job_id: str) -> Response:
    """A job's status, progress and, once finished, its result (``wait`` long-polls)."""
    store = services().jobs
    wait = _capped_wait(query_values(WAIT_QUERY))
    if wait <= 0:
        return jsonify(job_document(_callers_job(job_id)))
    with store.notifier.subscribe(job_id) as changes:
        job = _wait_until_finished(store, _callers_job(job_id), changes, wait)
    return jsonify(job_document(job))


@bp.post("/<job_id>/cancel")
@requires("read", owned=True)
@documented({202: JOB}, errors=(409,))
def cancel(job_id: str) -> Response:
    """Ask a queued or running job to stop; 409 once it has finished."""
    app = services()
    job = _callers_job(job_id)
    if job.finished:
        raise ApiError(409, "job_finished", f"job {job_id} already {job.status}")
    if not app.runner.cancel(job_id):
        app.jobs.finish(job_id, CANCELED)  # no runner holds it (e.g. a previous server's)
    response = jsonify(job_document(app.jobs.get(job_id)))
    response.status_code = 202
    return response


@bp.get("/<job_id>/events")
@requires("read", owned=True)
@documented({200: Media({"text/event-stream": EVENT})})
def events(job_id: str) -> Response:
    """Server-sent events: ``status`` and ``progress`` as they change, then ``done``."""
    store = services().jobs
    changes = store.notifier.subscribe(job_id)
    try:
        job = _callers_job(job_id)
    except Exception:
        changes.close()
        raise
    return Response(
        stream_with_context(_stream(store, job, changes)),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


def _event(name: str, data: Any, event_id: int) -> str:
    return f"id: {event_id}\nevent: {name}\ndata: {json.dumps(data)}\n\n"


def _stream(store: JobStore, job: Job, changes: Subscription) -> Iterator[str]:
    """The events of ``job`` as ``changes`` bring them (each event's id counts up)."""
    with changes:
        yield "retry: 1000\n\n"
        status: str | None = None
        progress: Any = None
        count = 0
        while True:
            if job.status != status:
                status, count = job.status, count + 1
                yield _event("status", {"status": status}, count)
            if job.progress is not None and job.progress != progress:
                progress, count = job.progress, count + 1
                yield _event("progress", progress, count)
            if job.finished:
                yield _event("done", job_document(job), count + 1)
                return
            changed = store.follow(job, changes, KEEPALIVE_SECONDS)
            if changed == job:
                yield ": keepalive\n\n"
            job = changed


@bp.get("/<job_id>/result.<fmt>")
@requires("read", owned=True)
@documented(
    {200: Media({media: FILE.get(media, {"type": "string"}) for media in DOWNLOAD_MEDIA})},
    path={"fmt": {"enum": list(MEDIA_TYPES)}},
    query=DOWNLOAD_QUERY,
    errors=(409,),
)
def download(job_id: str, fmt: str) -> Response:
    """A finished job's result as a file: json, puz, ipuz, xd, svg or txt where they apply
    (of a design job, the design numbered `design`, from 0, the best)."""
    from crossforge.server.downloads import render

    job = _callers_job(job_id)
    if job.result is None:
        raise ApiError(409, "no_result", f"job {job_id} is {job.status} and has no result yet")
    return render(job, fmt, query_values(DOWNLOAD_QUERY)["design"])
