"""The server's JSON form of a puzzle (documented with an example in grids/README.md).

``to_dict`` adds an ``entries`` list (id, number, direction, row, col, length, answer,
clue) for clients; ``from_dict`` reads only the fields that define the puzzle.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from crossforge.grids.crossword_file import (
    MAX_SIDE,
    CrosswordFile,
    FormatError,
    clue_order,
    decode_json,
)
from crossforge.grids.model import Cell, Grid, check_size

FORMAT_NAME = "crossforge-puzzle"
FORMAT_VERSION = 1
META_FIELDS = ("title", "author", "copyright", "notes")


def to_dict(puzzle: CrosswordFile) -> dict[str, Any]:
    """A JSON-ready dict of a puzzle."""
    grid = puzzle.grid
    order = clue_order(grid)
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "width": grid.width,
        "height": grid.height,
        "grid": list(grid.rows),
        "circled": [list(cell) for cell in sorted(grid.circled)],
        "shaded": [list(cell) for cell in sorted(grid.shaded)],
        "rebus": [[r, c, text] for (r, c), text in puzzle.rebus.items()],
        **{key: getattr(puzzle, key) for key in META_FIELDS},
        "clues": {slot.id: puzzle.clues[slot.id] for slot in order if slot.id in puzzle.clues},
        "entries": [
            {
                "id": slot.id,
                "number": slot.number,
                "direction": slot.direction,
                "row": slot.start[0],
                "col": slot.start[1],
                "length": slot.length,
                "answer": puzzle.answer(slot),
                "clue": puzzle.clue(slot),
            }
            for slot in order
        ],
    }


def _cells(value: Any, name: str) -> list[Cell]:
    if not isinstance(value, list) or not all(
        isinstance(cell, list) and len(cell) == 2 and all(isinstance(x, int) for x in cell)
        for cell in value
    ):
        raise FormatError(f"field {name!r}: expected a list of [row, col] pairs")
    return [(cell[0], cell[1]) for cell in value]


def _rebus(value: Any) -> dict[Cell, str]:
    if not isinstance(value, list) or not all(
        isinstance(item, list)
        and len(item) == 3
        and all(isinstance(x, int) for x in item[:2])
        and isinstance(item[2], str)
        for item in value
    ):
        raise FormatError("field 'rebus': expected a list of [row, col, letters]")
    return {(item[0], item[1]): item[2] for item in value}


def _text_field(data: Mapping[str, Any], name: str) -> str:
    value = data.get(name, "")
    if not isinstance(value, str):
        raise FormatError(f"field {name!r}: expected a string")
    return value


def from_dict(data: Mapping[str, Any], max_side: int = MAX_SIDE) -> CrosswordFile:
    """A puzzle from the dict form, at most ``max_side`` rows and columns; errors name
    the field."""
    if not isinstance(data, Mapping):
        raise FormatError("expected a JSON object")
    rows = data.get("grid")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise FormatError("field 'grid': expected a non-empty list of row strings")
    check_size(len(rows), max(len(row) for row in rows), max_side)
    try:
        grid = Grid.from_rows(
            rows,
            circled=_cells(data.get("circled", []), "circled"),
            shaded=_cells(data.get("shaded", []), "shaded"),
        )
    except FormatError:
        raise
    except ValueError as exc:
        raise FormatError(f"field 'grid': {exc}") from None
    for name, size in (("width", grid.width), ("height", grid.height)):
        if name in data and data[name] != size:
            raise FormatError(f"field {name!r} is {data[name]!r}, the grid has {size}")
    clues = data.get("clues", {})
    if not isinstance(clues, Mapping) or not all(isinstance(v, str) for v in clues.values()):
        raise FormatError("field 'clues': expected an object of slot id to clue text")
    return CrosswordFile(
        grid,
        dict(clues),
        rebus=_rebus(data.get("rebus", [])),
        **{key: _text_field(data, key) for key in META_FIELDS},
    )


def read(data: bytes, max_side: int = MAX_SIDE) -> CrosswordFile:
    """A puzzle from JSON bytes."""
    return from_dict(decode_json(data), max_side)


def write(puzzle: CrosswordFile) -> bytes:
    """Indented JSON bytes (UTF-8, letters unescaped)."""
    return (json.dumps(to_dict(puzzle), ensure_ascii=False, indent=2) + "\n").encode("utf-8")
