"""Job options: the shared ``timeout`` (capped) and ``seed``, and a check of the rest
against a plugin's parameter schema, so a bad option is a 400 rather than a failed job.

The schema subset understood is what plugins declare: ``type`` (one name or a list),
``enum``, ``minimum``, ``maximum``, ``items`` and ``additionalProperties``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from crossforge.server.api.inputs import number_arg
from crossforge.server.errors import ApiError

JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
    "null": (type(None),),
}


def job_options(raw: Any, time_limit: float) -> dict[str, Any]:
    """``raw`` checked as an options object; ``timeout`` is capped at ``time_limit``.

    ``wait`` concerns the request, not the job (see ``wait_seconds``): it is left out.
    """
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ApiError(400, "invalid_options", "'options' must be a JSON object")
    options = {k: v for k, v in raw.items() if k != "wait"}
    timeout = number_arg(options, "timeout", None, minimum=0.001)
    if timeout is not None:
        options["timeout"] = min(float(timeout), time_limit)
    seed = number_arg(options, "seed", None, integer=True)
    if seed is not None:
        options["seed"] = seed
    return options


def check_options(options: Mapping[str, Any], schema: Mapping[str, Any], owner: str) -> None:
    """Raise a 400 naming the first option whose value its schema property refuses."""
    properties: Mapping[str, Any] = schema.get("properties", {})
    for name, value in options.items():
        if name in properties:
            problem = _problem(value, properties[name])
            if problem:
                raise ApiError(400, "invalid_options", f"option {name!r} of {owner}: {problem}")


def _problem(value: Any, spec: Mapping[str, Any]) -> str | None:
    kinds = spec.get("type")
    if kinds is not None:
        names = [kinds] if isinstance(kinds, str) else list(kinds)
        if not any(_is(value, kind) for kind in names):
            return f"{value!r} is not {' or '.join(names)}"
    if "enum" in spec and value not in spec["enum"]:
        return f"{value!r} is not one of {', '.join(map(str, spec['enum']))}"
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in spec and value < spec["minimum"]:
            return f"{value} is below the minimum {spec['minimum']}"
        if "maximum" in spec and value > spec["maximum"]:
            return f"{value} is above the maximum {spec['maximum']}"
    if isinstance(value, list) and isinstance(spec.get("items"), Mapping):
        for i, item in enumerate(value):
            if problem := _problem(item, spec["items"]):
                return f"item {i}: {problem}"
    if isinstance(value, dict) and isinstance(spec.get("additionalProperties"), Mapping):
        for key, item in value.items():
            if problem := _problem(item, spec["additionalProperties"]):
                return f"{key!r}: {problem}"
    return None


def _is(value: Any, kind: str) -> bool:
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, JSON_TYPES.get(kind, object))
