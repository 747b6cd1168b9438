"""What grid puzzle generators read alike: a size, and a target level and score band."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crossforge.plugins.contract import Control, InputError, OutOfTime
from crossforge.plugins.puzzles.logic import Grade


class GenerationTimeout(OutOfTime):
    """No puzzle met the request before the deadline."""


def stop_if_asked(control: Control, height: int, width: int, tries: int) -> None:
    """Raise ``GenerationTimeout`` (naming the size and the puzzles tried) when the
    control says stop."""
    stop = control.should_stop()
    if stop:
        raise GenerationTimeout(
            f"no {height}x{width} puzzle met the request ({stop}, {tries} tried)"
        )


@dataclass(frozen=True)
class Target:
    """What a generated puzzle must meet: an exact level and/or a score band [low, high)."""

    level: int | None = None
    low: float | None = None
    high: float | None = None

    def met(self, grade: Grade) -> bool:
        """True when the grade is on the level and inside the band."""
        return (
            (self.level is None or grade.level == self.level)
            and (self.low is None or grade.score >= self.low)
            and (self.high is None or grade.score < self.high)
        )

    @classmethod
    def from_options(cls, options: Mapping[str, Any], level_names: Mapping[int, str]) -> Target:
        """The target of ``level`` (number or name) and ``difficulty`` ([low, high])."""
        level = options.get("level")
        low, high = band(options.get("difficulty"))
        return cls(None if level is None else level_number(level, level_names), low, high)


@dataclass(frozen=True)
class GridGoal:
    """What a grid puzzle generator is asked for: a size and a target."""

    height: int
    width: int
    target: Target

    @classmethod
    def from_options(cls, options: Mapping[str, Any], level_names: Mapping[int, str]) -> GridGoal:
        """The goal of ``size`` (default 10), ``level`` and ``difficulty``."""
        height, width = grid_size(options.get("size") or 10)
        return cls(height, width, Target.from_options(options, level_names))


DIFFICULTY_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {"type": "number"},
    "minItems": 2,
    "maxItems": 2,
    "description": "a band [low, high) on the difficulty score",
}
"""The schema of a wanted difficulty band (``band`` checks that low < high)."""


def level_schema(level_names: Mapping[int, str]) -> dict[str, Any]:
    """The schema of a wanted ``level``: one of the names, or its number."""
    wanted = {n: name for n, name in level_names.items() if n}
    return {
        "anyOf": [
            {"enum": list(wanted.values())},
            {"type": "integer", "minimum": min(wanted), "maximum": max(wanted)},
        ],
        "description": "the wanted level, by name or number",
    }


def request_schema(level_names: Mapping[int, str], **extra: Any) -> dict[str, Any]:
    """The JSON schema of a grid type's request and generation options (plus ``extra``)."""
    return {
        "type": "object",
        "properties": {
            "puzzle": {"description": "the puzzle: text or JSON"},
            "size": {
                "type": ["integer", "string", "array"],
                "items": {"type": "integer"},
                "description": "N or HxW",
                "default": "10",
            },
            "level": level_schema(level_names),
            "difficulty": DIFFICULTY_SCHEMA,
            **extra,
        },
    }


def grid_size(size: Any, smallest: int = 2, largest: int = 60) -> tuple[int, int]:
    """``10``, ``"10"``, ``"10x12"`` or ``[10, 12]`` as (height, width)."""
    if isinstance(size, Sequence) and not isinstance(size, str):
        parts = [str(x) for x in size]
    else:
        parts = str(size).lower().split("x")
    try:
        dims = [int(p) for p in parts]
    except ValueError:
        raise InputError(f"size {size!r}: expected N or HxW") from None
    if len(dims) == 1:
        dims *= 2
    if len(dims) != 2 or min(dims) < smallest or max(dims) > largest:
        raise InputError(f"size {size!r}: expected N or HxW between {smallest} and {largest}")
    return dims[0], dims[1]


def level_number(level: Any, names: Mapping[int, str]) -> int:
    """A level given by number or name among ``names`` (level 0, "none", is not one)."""
    wanted = {n: name for n, name in names.items() if n}
    for number, name in wanted.items():
        if str(level).lower() in (str(number), name):
            return number
    raise InputError(
        f"level {level!r}: expected {min(wanted)}-{max(wanted)} or one of "
        f"{', '.join(wanted.values())}"
    )


def band(difficulty: Any) -> tuple[float | None, float | None]:
    """A difficulty band ``[low, high)`` (None: no band)."""
    if difficulty is None:
        return None, None
    if not isinstance(difficulty, Sequence) or isinstance(difficulty, str) or len(difficulty) != 2:
        raise InputError(f"difficulty {difficulty!r}: expected [low, high]")
    low, high = (float(x) for x in difficulty)
    if low >= high:
        raise InputError(f"difficulty {difficulty!r}: low must be below high")
    return low, high
