"""gunicorn settings for serving Crossforge in production (docs/deployment.md):

    gunicorn -c python:crossforge.server.gunicorn_conf --bind 0.0.0.0:8000

Threaded workers (``gthread``): a web process answers up to ``threads`` requests at once,
each long-poll (``wait``) and event stream holding one thread while it lasts. Jobs never
run in web processes here, so web processes stay small and start fast. With the
distributed runner (``CROSSFORGE_QUEUE_URL``) any number of web processes share the jobs
(``WEB_CONCURRENCY``, default 2); the embedded runner belongs to one process, so without a
queue there is exactly one.
"""

from __future__ import annotations

import os

wsgi_app = "crossforge.server.app:create_app()"
"""The application factory; settings come from the ``CROSSFORGE_*`` environment."""

worker_class = "gthread"
threads = int(os.environ.get("CROSSFORGE_WEB_THREADS", "32"))
"""Requests one web process answers at once (long-polls and event streams included)."""
workers = (
    int(os.environ.get("WEB_CONCURRENCY", "2")) if os.environ.get("CROSSFORGE_QUEUE_URL") else 1
)
preload_app = False
"""Each web process builds its own app: the runner's threads (job changes, reaping) and
database connections must not cross gunicorn's fork."""
worker_connections = 1000
"""Open connections one web process keeps (idle keep-alive ones included)."""

timeout = 30
"""A web process silent this long (stuck, not merely busy) is killed and replaced."""
graceful_timeout = 30
"""On a restart or SIGTERM, requests in flight get this long to finish."""
keepalive = 5
"""Seconds an idle keep-alive connection stays open."""

limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190
"""Request line and header limits: larger ones are refused with 4xx before the app runs."""

accesslog = "-"
errorlog = "-"
