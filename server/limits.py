"""Per-client limits on job submission (Flask-Limiter): counted in memory in the embedded
default, or in Redis (any storage Flask-Limiter knows) so that every web process shares
one count. A client over its limit gets a 429 with ``Retry-After``."""

from __future__ import annotations

import math
import time

from flask import Flask, Response
from flask_limiter import Limiter, RequestLimit
from flask_limiter.util import get_remote_address

from crossforge.server.errors import error_response

SUBMISSIONS = ("fills.create_fill", "puzzles.solve", "puzzles.rate", "puzzles.generate")
"""The endpoints that queue jobs: they share one budget per client."""


def limit_submissions(app: Flask, rate: str, storage_uri: str) -> Limiter:
    """Limit each client (by address) to ``rate`` job submissions, e.g. ``"60/minute"``
    or ``"60/minute;1000/day"``, counted in ``storage_uri``."""
    limiter = Limiter(
        get_remote_address,
        app=app,
        storage_uri=storage_uri,
        key_prefix="crossforge",
        on_breach=_refused,
    )
    shared = limiter.shared_limit(rate, scope="job-submissions")
    for endpoint in SUBMISSIONS:
        app.view_functions[endpoint] = shared(app.view_functions[endpoint])  # type: ignore[assignment]
    return limiter


def _refused(limit: RequestLimit) -> Response:
    """The 429 of a client over its rate, with the seconds until it may submit again."""
    wait = max(1, math.ceil(limit.reset_at - time.time()))
    return error_response(
        429,
        "too_many_requests",
        f"more than {limit.limit} job submissions from this client; try again in {wait} s",
        headers={"Retry-After": str(wait)},
    )
