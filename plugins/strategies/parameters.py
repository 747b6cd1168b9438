"""Check a strategy's keyword parameters against its JSON schema and fill in defaults.

Only the schema subset strategies use is understood: ``type`` (integer, number, boolean,
string, or a list of them with ``null``), ``enum``, ``minimum``, ``maximum`` and
``default`` on the properties of an object schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class ParameterError(ValueError):
    """A parameter is unknown or its value is out of its schema."""


def _type_ok(value: Any, kind: str) -> bool:
    if kind == "null":
        return value is None
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    raise ParameterError(f"schema type {kind!r} is not supported")


def resolve_parameters(
    strategy: str, schema: Mapping[str, Any], params: Mapping[str, Any]
) -> dict[str, Any]:
    """The schema's defaults overridden by ``params``; raises ParameterError naming offenders."""
    properties: Mapping[str, Mapping[str, Any]] = schema.get("properties", {})
    unknown = sorted(set(params) - set(properties))
    if unknown:
        raise ParameterError(
            f"unknown parameter(s) for {strategy}: {', '.join(unknown)}"
            f" (known: {', '.join(sorted(properties))})"
        )
    resolved: dict[str, Any] = {}
    for name, spec in properties.items():
        value = params.get(name, spec.get("default"))
        kinds = spec.get("type", [])
        kinds = [kinds] if isinstance(kinds, str) else list(kinds)
        if kinds and not any(_type_ok(value, kind) for kind in kinds):
            raise ParameterError(
                f"parameter {name} of {strategy} must be {' or '.join(kinds)}, got {value!r}"
            )
        if "enum" in spec and value not in spec["enum"]:
            choices = ", ".join(map(str, spec["enum"]))
            raise ParameterError(
                f"parameter {name} of {strategy} must be one of {choices}, got {value!r}"
            )
        if isinstance(value, int | float) and not isinstance(value, bool):
            if "minimum" in spec and value < spec["minimum"]:
                raise ParameterError(
                    f"parameter {name} of {strategy} must be >= {spec['minimum']}, got {value}"
                )
            if "maximum" in spec and value > spec["maximum"]:
                raise ParameterError(
                    f"parameter {name} of {strategy} must be <= {spec['maximum']}, got {value}"
                )
        resolved[name] = value
    return resolved
