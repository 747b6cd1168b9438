"""Per-client limits (Flask-Limiter) on job submission and on the work a web process does
in the request (suggestions): counted in memory in the embedded default, or in Redis (any
storage Flask-Limiter knows) so that every web process shares one count. A client over its
limit gets a 429 with ``Retry-After``."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from flask import Flask, Response
from flask_limiter import Limiter, RequestLimit
from flask_limiter.util import get_remote_address

from crossforge.server.errors import error_response

SUBMISSIONS = ("fills.create_fill", "puzzles.solve", "puzzles.rate", "puzzles.generate")
"""The endpoints that queue jobs: they share one budget per client."""
IN_REQUEST = ("suggestions.suggest",)
"""The endpoints that compute in the web process (each bounded in time): a budget of their
own, since a construction page asks on every keystroke."""


def limit_clients(app: Flask, submit_rate: str, suggest_rate: str, storage_uri: str) -> Limiter:
    """Limit each client (by address) to ``submit_rate`` job submissions and
    ``suggest_rate`` suggestions, e.g. ``"60/minute"`` or ``"60/minute;1000/day"``,
    counted in ``storage_uri``."""
    limiter = Limiter(get_remote_address, app=app, storage_uri=storage_uri, key_prefix="crossforge")
    budgets = (
        (submit_rate, "job-submissions", SUBMISSIONS),
        (suggest_rate, "suggestions", IN_REQUEST),
    )
    for rate, scope, endpoints in budgets:
        shared = limiter.shared_limit(rate, scope=scope, on_breach=_refusal(scope))
        for endpoint in endpoints:
            app.view_functions[endpoint] = shared(app.view_functions[endpoint])  # type: ignore[assignment]
    return limiter


def _refusal(what: str) -> Callable[[RequestLimit], Response]:
    """The 429 of a client over its rate of ``what``, with the seconds until it may ask
    again."""

    def refused(limit: RequestLimit) -> Response:
        wait = max(1, math.ceil(limit.reset_at - time.time()))
        return error_response(
            429,
            "too_many_requests",
            f"more than {limit.limit} {what.replace('-', ' ')} from this client; "
            f"try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )

    return refused
