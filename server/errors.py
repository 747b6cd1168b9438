"""JSON errors: every failure answers ``{"error": {"code": …, "message": …}}``.

Bad input from lower layers arrives as ``crossforge.errors.InputError`` (400) or
``NotFound`` (404), work out of its time as ``OutOfTime`` (422), an installation to fix
as ``NotReady`` (503, logged); HTTP errors keep their status; anything else, a plain
``ValueError``, ``LookupError`` or ``TimeoutError`` included, is our bug: a 500 whose
traceback is logged, never a bare page.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, has_request_context, jsonify, request
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from crossforge.errors import InputError, NotFound, NotReady, OutOfTime, shown


class ApiError(Exception):
    """An error with an HTTP status, a machine-readable code and a message."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers or {}


def error_response(
    status: int,
    code: str,
    message: str,
    details: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    """The JSON error document with ``status``."""
    body: dict[str, Any] = {"code": code, "message": shown(message)}
    if details:
        body["details"] = details
    response = jsonify({"error": body})
    response.status_code = status
    response.headers.update(headers or {})
    return response


def _http_code(exc: HTTPException) -> str:
    return (exc.name or "error").lower().replace(" ", "_").replace("'", "")


RETRY_AFTER = "5"
"""Seconds a client is asked to wait before retrying a 503."""


def database_error(exc: DBAPIError) -> Response:
    """A database error as an answer: a value the database refuses is a 400, a clash with
    a concurrent write a 409, and an unreachable (or busy) database a 503 with
    ``Retry-After``; details of the database stay in the log."""
    if isinstance(exc, DataError):
        return error_response(400, "invalid_input", "the database refused a value of the request")
    if isinstance(exc, IntegrityError):
        return error_response(409, "conflict", "a concurrent request changed the same data")
    logging.getLogger(__name__).warning("database unavailable: %s", exc.orig or exc)
    return error_response(
        503,
        "database_unavailable",
        "the database does not answer; try again shortly",
        headers={"Retry-After": RETRY_AFTER},
    )


def register_error_handlers(app: Flask) -> None:
    """Install the JSON handlers on ``app``."""

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError) -> Response:
        return error_response(exc.status, exc.code, exc.message, exc.details, exc.headers)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        if isinstance(exc.response, Response):  # the raiser wrote the answer already
            return exc.response
        headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
        message = exc.description or exc.name
        if isinstance(exc, RequestEntityTooLarge) and has_request_context():
            limit = request.max_content_length  # the route's own (imports) or the app's
            message = f"the request body is larger than the {limit:,} bytes allowed"
        return error_response(exc.code or 500, _http_code(exc), message, headers=headers)

    @app.errorhandler(DBAPIError)
    def _database_error(exc: DBAPIError) -> Response:
        return database_error(exc)

    @app.errorhandler(RedisConnectionError)
    @app.errorhandler(RedisTimeoutError)
    def _queue_error(exc: Exception) -> Response:
        logging.getLogger(__name__).warning("Redis does not answer: %s", exc)
        message = "the job queue (Redis) does not answer; try again shortly"
        return error_response(
            503, "queue_unavailable", message, headers={"Retry-After": RETRY_AFTER}
        )

    @app.errorhandler(InputError)
    def _input_error(exc: InputError) -> Response:
        return error_response(400, "invalid_input", str(exc))

    @app.errorhandler(NotFound)
    def _not_found(exc: NotFound) -> Response:
        return error_response(404, "not_found", str(exc))

    @app.errorhandler(OutOfTime)
    def _out_of_time(exc: OutOfTime) -> Response:
        return error_response(422, "timeout", str(exc) or "the work ran out of its time")

    @app.errorhandler(NotReady)
    def _not_ready(exc: NotReady) -> Response:
        app.logger.error("the installation is not ready: %s", exc)
        return error_response(503, "not_ready", str(exc))

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        app.logger.exception("unexpected error")
        return error_response(500, "internal_error", f"internal error: {type(exc).__name__}")
