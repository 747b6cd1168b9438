"""What every conformance check shares: the error, the named check, running a list."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from crossforge.plugins.contract import FillStrategy, PuzzleType


class ConformanceError(AssertionError):
    """A plugin broke the contract; the message lists every failure found."""


@dataclass(frozen=True)
class Check:
    """One named conformance check; calling it raises ``ConformanceError`` on failure."""

    name: str
    run: Callable[[], list[str]]

    def failures(self) -> list[str]:
        """What the check found wrong; an exception the plugin raised counts as one."""
        try:
            return self.run()
        except Exception as exc:
            return [f"raised {type(exc).__name__}: {exc}"]

    def __call__(self) -> None:
        failures = self.failures()
        if failures:
            raise ConformanceError(f"{self.name}:\n  " + "\n  ".join(failures))

    def __str__(self) -> str:
        return self.name


def run_all(checks: Sequence[Check]) -> None:
    """Run every check; raise one ``ConformanceError`` listing all their failures."""
    failures = [f"{check.name}: {failure}" for check in checks for failure in check.failures()]
    if failures:
        raise ConformanceError(f"{len(failures)} failure(s):\n  " + "\n  ".join(failures))


def json_error(value: Any) -> str | None:
    """Why ``value`` cannot be written as JSON, or None when it can."""
    try:
        json.dumps(value)
    except (TypeError, ValueError) as exc:
        return str(exc)
    return None


def metadata_failures(plugin: FillStrategy | PuzzleType) -> list[str]:
    """A plugin needs a description and a JSON object schema of its parameters."""
    failures = []
    if not isinstance(plugin.description, str) or not plugin.description.strip():
        failures.append("description is empty")
    schema = plugin.parameters
    if not isinstance(schema, dict) or schema.get("type") != "object":
        failures.append('parameters is not a JSON object schema ({"type": "object", ...})')
    elif not isinstance(schema.get("properties", {}), dict):
        failures.append("parameters' properties is not a mapping")
    elif (error := json_error(schema)) is not None:
        failures.append(f"parameters is not JSON-serialisable: {error}")
    return failures
