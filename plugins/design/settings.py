"""A design request's own fields, checked: size, theme entries, symmetry, limits."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from crossforge.grids.rules import SYMMETRIES
from crossforge.plugins.contract import InputError

MAX_SIDE = 21
MIN_SIDE = 3
MAX_DESIGNS = 10
MARKS = ("circled", "shaded", "none")
THEME_ENTRY: dict[str, Any] = {
    "oneOf": [
        {"type": "string", "minLength": 1},
        {
            "type": "object",
            "properties": {
                "answer": {"type": "string", "minLength": 1},
                "row": {"type": "integer", "minimum": 0},
                "col": {"type": "integer", "minimum": 0},
                "direction": {"enum": ["across", "down"]},
                "revealer": {"type": "boolean", "default": False},
            },
            "required": ["answer"],
            "additionalProperties": False,
        },
    ]
}
DESIGN_FIELDS: dict[str, Any] = {
    "size": {
        "type": "array",
        "items": {"type": "integer", "minimum": MIN_SIDE, "maximum": MAX_SIDE},
        "minItems": 2,
        "maxItems": 2,
        "default": [15, 15],
        "description": "[rows, cols] of the grid",
    },
    "theme": {
        "type": "array",
        "items": THEME_ENTRY,
        "maxItems": 12,
        "default": [],
        "description": "theme answers, or objects with answer, row, col, direction and "
        "revealer; none: a themeless pattern",
    },
    "symmetry": {"enum": list(SYMMETRIES), "default": "rotational"},
    "max_words": {
        "type": ["integer", "null"],
        "minimum": 4,
        "default": None,
        "description": "most entries a design may have (null: 78 themed, 72 themeless on "
        "15x15, scaled by area); themeless designs aim at it",
    },
    "max_block_share": {
        "type": "number",
        "exclusiveMinimum": 0,
        "maximum": 0.5,
        "default": 0.2,
        "description": "largest share of the cells that may be blocks",
    },
    "count": {
        "type": "integer",
        "minimum": 1,
        "maximum": MAX_DESIGNS,
        "default": 1,
        "description": "designs to return at most, best first",
    },
    "marks": {
        "enum": list(MARKS),
        "default": "shaded",
        "description": "how the theme entries' cells are marked",
    },
}
"""The fields a design request adds to its puzzle type's fill fields."""
FILL_ONLY = ("grid", "circled", "shaded", "region", "locked")
"""Fill fields a design sets itself."""


_SCHEMAS: dict[int, tuple[Mapping[str, Any], dict[str, Any]]] = {}


def design_schema(fill_schema: Mapping[str, Any]) -> dict[str, Any]:
    """The schema of a design request on a crossword type whose fill request has
    ``fill_schema``: its fields but the grid's, and the design fields (made once per
    schema, so its validator is built once too)."""
    found = _SCHEMAS.get(id(fill_schema))
    if found is None or found[0] is not fill_schema:
        fields = {
            name: spec
            for name, spec in fill_schema.get("properties", {}).items()
            if name not in FILL_ONLY
        }
        schema = {"type": "object", "properties": {**fields, **DESIGN_FIELDS}}
        found = _SCHEMAS[id(fill_schema)] = (fill_schema, schema)
    return found[1]


class DesignError(InputError):
    """A design request that cannot be met; ``field`` names the part to change."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class ThemeEntry:
    """A theme answer (letters only) and where it must go, if the request says."""

    answer: str
    row: int | None = None
    col: int | None = None
    direction: str | None = None
    revealer: bool = False

    @property
    def fixed(self) -> bool:
        """True when the request gives its position."""
        return self.row is not None


@dataclass(frozen=True)
class DesignSettings:
    """A checked design request (the fill fields stay in the request)."""

    height: int
    width: int
    theme: tuple[ThemeEntry, ...]
    symmetry: str
    max_words: int
    max_block_share: float
    count: int
    marks: str


def default_max_words(height: int, width: int, themed: bool) -> int:
    """78 themed or 72 themeless entries on 15x15, in proportion to the area elsewhere
    (21x21: 140 themed, the Sunday limit)."""
    per_cell = (140 / 441 if height * width > 300 else 78 / 225) if themed else 72 / 225
    return max(4, round(per_cell * height * width))


def design_settings(puzzle: Mapping[str, Any], normalize: Callable[[str], str]) -> DesignSettings:
    """The settings of a schema-checked design request; ``normalize`` spells answers as
    the word list does. ``DesignError`` when the theme cannot go in the grid, or a
    themeless target is more entries than the grid holds (a row of ``w`` cells holds
    at most ``(w + 1) // 4`` entries of three letters or more)."""
    height, width = (int(side) for side in puzzle.get("size") or (15, 15))
    theme = tuple(
        _entry(item, i, height, width, normalize)
        for i, item in enumerate(puzzle.get("theme") or ())
    )
    themed = bool(theme)
    max_words = puzzle.get("max_words") or default_max_words(height, width, themed)
    settings = DesignSettings(
        height=height,
        width=width,
        theme=theme,
        symmetry=str(puzzle.get("symmetry") or "rotational"),
        max_words=int(max_words),
        max_block_share=float(puzzle.get("max_block_share") or 0.2),
        count=int(puzzle.get("count") or 1),
        marks=str(puzzle.get("marks") or "shaded"),
    )
    most = height * ((width + 1) // 4) + width * ((height + 1) // 4)
    if not themed and settings.max_words > most:
        raise DesignError(
            "max_words",
            f"a themeless design aims at max_words, and a {height}x{width} grid holds at most "
            f"{most} entries of 3 or more letters, not {settings.max_words}",
        )
    letters = sum(len(entry.answer) for entry in theme)
    if letters > height * width * (1 - settings.max_block_share):
        raise DesignError("theme", f"the theme's {letters} letters do not fit a {height}x{width}")
    return settings


def _entry(
    item: Any, i: int, height: int, width: int, normalize: Callable[[str], str]
) -> ThemeEntry:
    """One theme entry, its answer normalised and its position checked against the size."""
    where = f"theme[{i}]"
    given: dict[str, Any] = {"answer": item} if isinstance(item, str) else dict(item)
    answer = "".join(ch for ch in normalize(str(given["answer"])) if ch.isalpha())
    if len(answer) < 3:
        raise DesignError(where, f"{where}: {given['answer']!r} has fewer than 3 letters")
    row, col, direction = given.get("row"), given.get("col"), given.get("direction")
    if (row is None) != (col is None):
        raise DesignError(where, f"{where}: give both row and col, or neither")
    longest = (
        max(height, width) if direction is None else (width if direction == "across" else height)
    )
    if len(answer) > longest:
        side = "side" if direction is None else ("width" if direction == "across" else "height")
        raise DesignError(
            where,
            f"{where}: {answer} has {len(answer)} letters, too long for a {height}x{width} "
            f"grid (its {side} is {longest})",
        )
    if row is not None and col is not None:
        direction = direction or "across"
        end_r, end_c = (
            (row, col + len(answer) - 1) if direction == "across" else (row + len(answer) - 1, col)
        )
        if row >= height or col >= width or end_r >= height or end_c >= width:
            raise DesignError(
                where, f"{where}: {answer} at ({row}, {col}) {direction} runs off the grid"
            )
    return ThemeEntry(answer, row, col, direction, bool(given.get("revealer", False)))
