"""Server settings: limits, workers, the database and the API token.

Every field has a default and an environment variable (``CROSSFORGE_…``); the database
URL and instance folder come from the word store's own configuration so the server and
``crossforge words`` always share one database.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields
from typing import Any

from crossforge.errors import InputError
from crossforge.wordbase.config import DEFAULT_LIST

ENV_PREFIX = "CROSSFORGE_"


@dataclass(frozen=True)
class ServerConfig:
    """What ``create_app`` needs; build with ``from_env`` or directly in tests."""

    database_url: str
    """SQLAlchemy URL shared with the word store (job records live there too)."""
    workers: int = 2
    """Worker processes, hence the number of jobs running at once."""
    max_queued: int = 32
    """Jobs allowed to wait for a worker; one more is refused with 429."""
    job_time_limit: float = 300.0
    """Seconds a job may run; a request's own ``timeout`` is capped by it."""
    max_body_bytes: int = 2 * 1024 * 1024
    """Largest request body, except word-list imports."""
    max_import_bytes: int = 64 * 1024 * 1024
    """Largest word-list import body."""
    max_grid_size: int = 25
    """Largest grid side (rows and columns) a fill request may have."""
    suggest_time_limit: float = 2.0
    """Seconds one ``POST /v1/suggestions`` may compute (answered in the request's own
    thread); a request's ``timeout`` is capped by it, and is it when not given."""
    api_token: str | None = None
    """When set, word-list writes need ``Authorization: Bearer <token>``."""
    default_list: str = DEFAULT_LIST
    """Word list used when a fill request names none."""
    wait_limit: float = 60.0
    """Longest ``wait`` a request may ask for, in seconds."""
    job_retention_days: float = 7.0
    """Finished jobs older than this are deleted when the server starts."""
    kill_grace: float = 2.0
    """Seconds a job may overrun its time limit or ignore a cancel before its worker dies."""
    job_memory_limit: int = 2 * 1024**3
    """Bytes of memory each worker process may allocate; a job past it fails with
    ``memory_limit`` and its worker is replaced."""
    submit_rate: str = "120/minute"
    """Jobs one client (by address) may submit, as a rate such as ``60/minute`` or
    ``60/minute;1000/day``; more is a 429 with ``Retry-After``."""
    suggest_rate: str = "600/minute"
    """Suggestion requests one client (by address) may make, as a rate like ``submit_rate``;
    more is a 429 with ``Retry-After``."""
    rate_limit_storage: str = "memory://"
    """Where submission and suggestion counts live: ``memory://`` (this process) or ``redis://host:port``
    (shared by every web process)."""
    queue_url: str | None = None
    """Redis URL of the distributed job queue (``redis://host:port/db``): jobs then run on
    ``crossforge worker`` processes, on any machine; unset, in this server's own workers."""
    queue_name: str = "crossforge"
    """The distributed queue's name, which prefixes every Redis key and channel it uses
    (deployments sharing one Redis need different names)."""
    client_timeout: float = 30.0
    """Seconds a client connection may stall (sending its request or taking the answer)
    before ``crossforge serve`` closes it."""

    @classmethod
    def from_env(cls, **overrides: Any) -> ServerConfig:
        """Settings from ``CROSSFORGE_*`` variables, then ``overrides`` (None is ignored)."""
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = os.environ.get(ENV_PREFIX + f.name.upper())
            if raw is None or f.name == "database_url":
                continue
            values[f.name] = _parse(f.name, raw, f.type)
        if "database_url" not in overrides or overrides["database_url"] is None:
            from crossforge.wordbase.config import database_url

            values["database_url"] = database_url()
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values).checked()

    def checked(self) -> ServerConfig:
        """This configuration, after checking that every limit is sensible
        (``InputError`` naming the first that is not)."""
        if self.workers < 1:
            raise InputError(f"workers must be at least 1, not {self.workers}")
        for name in (
            "max_queued",
            "max_body_bytes",
            "max_import_bytes",
            "max_grid_size",
            "job_memory_limit",
        ):
            if getattr(self, name) < 1:
                raise InputError(f"{name} must be positive, not {getattr(self, name)}")
        for name in (
            "job_time_limit",
            "suggest_time_limit",
            "wait_limit",
            "kill_grace",
            "job_retention_days",
            "client_timeout",
        ):
            if getattr(self, name) <= 0:
                raise InputError(f"{name} must be positive, not {getattr(self, name)}")
        from limits import parse_many  # Flask-Limiter's rate notation

        for name in ("submit_rate", "suggest_rate"):
            try:
                parse_many(getattr(self, name))
            except ValueError:
                raise InputError(
                    f"{name} {getattr(self, name)!r} is not a rate such as 60/minute or "
                    "60/minute;1000/day"
                ) from None
        if self.api_token is not None and not self.api_token.strip():
            raise InputError(
                f"{ENV_PREFIX}API_TOKEN is set but empty: give a token, or unset it to "
                "leave word-list writes open"
            )
        return self


def _parse(name: str, raw: str, kind: Any) -> Any:
    text = str(kind)
    try:
        if text.startswith("int"):
            return int(raw)
        if text.startswith("float"):
            return float(raw)
    except ValueError:
        raise InputError(f"{ENV_PREFIX}{name.upper()}={raw!r} is not a number") from None
    return raw
