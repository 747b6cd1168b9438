"""Transitional: the old flat fill request, run through ``crossforge.plugins.requests``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from crossforge.plugins.contract import Control
from crossforge.plugins.registry import Registry


def run_fill(request: Mapping[str, Any], registry: Registry, control: Control) -> dict[str, Any]:
    """Fill a flat request ``{"type", "strategy", "params", "grid", "list", ...}``."""
    from crossforge.plugins.pipeline import run_request
    from crossforge.plugins.requests import check_request, parse_request
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    params = request.get("params") or {}
    if not isinstance(params, Mapping):
        raise ValueError(f"params must be an object of strategy parameters, got {params!r}")
    fields = {k: v for k, v in request.items() if k in ("type", "strategy", "grid", "list")}
    options = {k: v for k, v in request.items() if k not in fields and k != "params"}
    job = parse_request({**fields, "options": {**options, **params}}, registry)
    with WordStore() as store:
        words = StoreWords(store)
        problem = check_request(job, registry, words)
        return run_request(job, registry, words, control, problem)


def fill_request_from_file(
    path: str | Path,
    *,
    puzzle_type: str = "american",
    strategy: str = "backtrack",
    params: Mapping[str, Any] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """A flat fill request for the grid in a puzzle file."""
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
