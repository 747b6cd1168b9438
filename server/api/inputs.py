"""Reading request input: JSON bodies and query parameters, with 400s that name the field."""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from flask import request

from crossforge.server.errors import ApiError


def json_object() -> dict[str, Any]:
    """The request body as a JSON object."""
    if not request.is_json:
        raise ApiError(415, "unsupported_media_type", "send a JSON body (application/json)")
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        raise ApiError(400, "invalid_json", "the body must be a JSON object")
    return body


def number_arg(
    source: dict[str, Any],
    name: str,
    default: float | None = None,
    *,
    minimum: float | None = None,
    maximum: float | None = None,
    integer: bool = False,
) -> Any:
    """``source[name]`` as a number within bounds (strings from a query are converted)."""
    raw = source.get(name)
    if raw is None or raw == "":
        return default
    try:
        if isinstance(raw, bool):
            raise ValueError
        value: float = int(raw) if integer else float(raw)
        if integer and isinstance(raw, float) and raw != value:
            raise ValueError
    except (TypeError, ValueError):
        what = "an integer" if integer else "a number"
        raise ApiError(400, "invalid_parameter", f"{name!r} must be {what}, not {raw!r}") from None
    if minimum is not None and value < minimum:
        raise ApiError(400, "invalid_parameter", f"{name!r} must be at least {minimum:g}")
    if maximum is not None and value > maximum:
        raise ApiError(400, "invalid_parameter", f"{name!r} must be at most {maximum:g}")
    return value


def string_arg(source: dict[str, Any], name: str, default: str | None = None) -> str | None:
    """``source[name]`` as a non-empty string, or ``default`` when absent."""
    raw = source.get(name)
    if raw is None:
        return default
    if not isinstance(raw, str) or not raw.strip():
        raise ApiError(400, "invalid_parameter", f"{name!r} must be a non-empty string")
    return raw.strip()


def form_request(
    main: str, value: Any, fields: Mapping[str, str], envelope: Collection[str]
) -> dict[str, Any]:
    """A raw request from text fields (query parameters, form fields) and the body's
    ``main`` field: ``envelope`` names stay fields (``type``, ``strategy``, ``wait``),
    ``options`` is a JSON object, and every other name is an option whose value is
    decoded as JSON where it is JSON (``min_score=30`` → 30, ``no_duplicates=false``)."""
    raw: dict[str, Any] = {main: value}
    options: dict[str, Any] = {}
    for name, text in fields.items():
        if name in envelope:
            raw[name] = text
        elif name == "options":
            decoded = _json(text, "options")
            if not isinstance(decoded, dict):
                raise ApiError(400, "invalid_options", "'options' must be a JSON object")
            options.update(decoded)
        else:
            options[name] = _decoded(text)
    raw["options"] = options
    return raw


def _decoded(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _json(text: str, name: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ApiError(400, "invalid_json", f"{name!r} is not JSON: {exc.msg}") from None
