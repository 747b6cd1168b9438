"""The fill pipeline: request → problem → strategy → answer, shared by CLI and server jobs.

A fill request is a JSON-ready mapping::

    {"type": "american", "strategy": "backtrack", "params": {...},   # who does the work
     "grid": ["#...", "....", ...], "list": "default", "min_score": 30, ...}

``type`` (default ``american``) names the puzzle type and ``strategy`` (default
``backtrack``) the fill strategy; ``params`` holds the strategy's keyword parameters;
every other key is the puzzle type's own request (its ``parameters`` schema says which).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from crossforge.plugins.contract import Control
from crossforge.plugins.registry import Registry

DEFAULT_TYPE = "american"
DEFAULT_STRATEGY = "backtrack"
FILL_STATUS = {"solved": "filled"}
"""A solved fill problem is a filled grid; the other statuses keep their names."""
PIPELINE_KEYS = ("type", "strategy", "params")
"""Request keys run_fill consumes; the rest goes to the puzzle type."""


def run_fill(request: Mapping[str, Any], registry: Registry, control: Control) -> dict[str, Any]:
    """Build the problem with the puzzle type, search it, and return the type's answer.

    The answer is the puzzle type's ``result`` (for crosswords: ``grid``, ``entries``,
    ``metrics``, ``stats``) plus ``status`` (``filled``, ``unsatisfiable`` or
    ``gave_up``), ``reason``, ``type``, ``strategy`` and ``time_s`` (wall time of the
    whole pipeline). Unknown plugins raise ``LookupError``,
    bad requests and parameters ``ValueError``.
    """
    started = time.monotonic()
    type_name = str(request.get("type") or DEFAULT_TYPE)
    strategy_name = str(request.get("strategy") or DEFAULT_STRATEGY)
    params = request.get("params") or {}
    if not isinstance(params, Mapping):
        raise ValueError(f"params must be an object of strategy parameters, got {params!r}")
    puzzle_type = registry.puzzle_type(type_name)
    strategy = registry.strategy(strategy_name)
    problem = puzzle_type.problem({k: v for k, v in request.items() if k not in PIPELINE_KEYS})
    outcome = strategy.solve(problem, control, **params)
    answer = dict(puzzle_type.result(problem, outcome))
    answer["status"] = FILL_STATUS.get(outcome.status, outcome.status)
    answer.setdefault("reason", outcome.reason)
    answer.setdefault("stats", outcome.stats)
    answer.update(
        type=type_name, strategy=strategy_name, time_s=round(time.monotonic() - started, 4)
    )
    return answer


def fill_request_from_file(
    path: str | Path,
    *,
    puzzle_type: str = DEFAULT_TYPE,
    strategy: str = DEFAULT_STRATEGY,
    params: Mapping[str, Any] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A fill request for the grid in a puzzle file (any format ``crossforge.grids.formats`` reads).

    Letters already in the file's grid stay as given letters of the fill. ``fields`` are
    the puzzle type's own (``list``, ``min_score``, ``locked`` …); None or empty ones
    are left out, so the type's defaults apply.
    """
    from crossforge.grids.formats import load

    request: dict[str, Any] = {
        "type": puzzle_type,
        "strategy": strategy,
        "grid": list(load(path).grid.rows),
    }
    if params:
        request["params"] = dict(params)
    request.update((k, v) for k, v in fields.items() if v is not None and v != [] and v != {})
    return request
