"""The options every job request shares: ``timeout`` (capped) and ``seed``."""

from __future__ import annotations

from typing import Any

from server.api.inputs import number_arg
from server.errors import ApiError


def job_options(raw: Any, time_limit: float) -> dict[str, Any]:
    """``raw`` checked as an options object; ``timeout`` is capped at ``time_limit``."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ApiError(400, "invalid_options", "'options' must be a JSON object")
    options = dict(raw)
    timeout = number_arg(options, "timeout", None, minimum=0.001)
    if timeout is not None:
        options["timeout"] = min(float(timeout), time_limit)
    seed = number_arg(options, "seed", None, integer=True)
    if seed is not None:
        options["seed"] = seed
    return options
