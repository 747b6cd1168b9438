"""``.ipuz`` files of the crossword kind (JSON, ipuz.org v2).

Written: dimensions, puzzle (numbers, ``#`` blocks, each marked cell's style: a circle
as ``"shapebg": "circle"``, shading as ``"highlight": true`` with a grey background
``"color"``), solution letters (``null`` where unknown), Across/Down clues and the
title, author, copyright and notes. Read: the same, with clues as ``[number, text]``
pairs or ``{"number", "clue"}`` objects, a style given by name from ``styles``, and
shading as ``highlight`` or any ``color`` but white; omitted cells (``null``) become blocks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from crossforge.grids.model import BLOCK, OPEN, Cell, Grid
from crossforge.grids.puzzle import FormatError, Puzzle, decode_json

VERSION = "http://ipuz.org/v2"
KIND = "http://ipuz.org/crossword#1"
META_FIELDS = ("title", "author", "copyright", "notes")
GROUPS = {"across": "Across", "down": "Down"}
SHADE_COLOR = "D0D0D0"
"""The background written for a shaded cell (RGB hex, as ipuz's ``color`` is)."""
WHITE = ("FFFFFF", "#FFFFFF")


def write(puzzle: Puzzle) -> bytes:
    """ipuz JSON bytes of a puzzle."""
    grid = puzzle.grid
    numbers = grid.numbering()
    cells: list[list[Any]] = []
    solution: list[list[str | None]] = []
    for r in range(grid.height):
        cells.append([])
        solution.append([])
        for c in range(grid.width):
            if grid.is_block(r, c):
                cells[r].append(BLOCK)
                solution[r].append(BLOCK)
                continue
            style: dict[str, Any] = {}
            if (r, c) in grid.circled:
                style["shapebg"] = "circle"
            if (r, c) in grid.shaded:
                style.update(highlight=True, color=SHADE_COLOR)
            number = numbers.get((r, c), 0)
            cells[r].append({"cell": number, "style": style} if style else number)
            solution[r].append(grid.letter(r, c))
    document: dict[str, Any] = {
        "version": VERSION,
        "kind": [KIND],
        "dimensions": {"width": grid.width, "height": grid.height},
        **{key: getattr(puzzle, key) for key in META_FIELDS if getattr(puzzle, key)},
        "block": BLOCK,
        "empty": 0,
        "puzzle": cells,
        "solution": solution,
        "clues": {
            GROUPS[direction]: [
                [slot.number, puzzle.clue(slot)]
                for slot in grid.slots()
                if slot.direction == direction
            ]
            for direction in GROUPS
        },
    }
    return (json.dumps(document, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _field(document: Mapping[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = document.get(name)
    if not isinstance(value, kind):
        raise FormatError(f"field {name!r}: missing or of the wrong type")
    return value


def _cell_row(value: Any, name: str, r: int, width: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != width:
        raise FormatError(f"field {name!r}, row {r}: expected {width} cells")
    return value


def read(data: bytes) -> Puzzle:
    """A puzzle from ipuz bytes; errors name the field and row."""
    document = decode_json(data)
    if not isinstance(document, dict):
        raise FormatError("expected a JSON object")
    kinds = _field(document, "kind", list)
    if not any(isinstance(k, str) and "ipuz.org/crossword" in k for k in kinds):
        raise FormatError(f"field 'kind': {kinds!r} is not a crossword")
    size = _field(document, "dimensions", dict)
    width, height = size.get("width"), size.get("height")
    if not isinstance(width, int) or not isinstance(height, int):
        raise FormatError("field 'dimensions': expected integer width and height")
    block = document.get("block", BLOCK)
    puzzle_rows = _field(document, "puzzle", list)
    solution_rows = document.get("solution") or [[None] * width for _ in range(height)]
    if len(puzzle_rows) != height or len(solution_rows) != height:
        raise FormatError(f"fields 'puzzle' and 'solution': expected {height} rows")
    named = document.get("styles")
    rows: list[str] = []
    circled: list[Cell] = []
    shaded: list[Cell] = []
    for r in range(height):
        row = ""
        cells = _cell_row(puzzle_rows[r], "puzzle", r, width)
        letters = _cell_row(solution_rows[r], "solution", r, width)
        for c in range(width):
            cell, letter = cells[c], letters[c]
            if isinstance(cell, dict):
                style = _style(cell.get("style"), named)
                if style.get("shapebg") == "circle":
                    circled.append((r, c))
                if style.get("highlight") or _shade(style.get("color")):
                    shaded.append((r, c))
                cell = cell.get("cell", 0)
            if cell is None or cell == block:
                row += BLOCK
                continue
            if isinstance(letter, dict):
                letter = letter.get("value")
            row += letter if isinstance(letter, str) and letter not in (block, "") else OPEN
        rows.append(row)
    try:
        grid = Grid.from_rows(rows, circled=circled, shaded=shaded)
    except FormatError:
        raise
    except ValueError as exc:
        raise FormatError(f"field 'solution': {exc}") from None
    return Puzzle(
        grid,
        _read_clues(grid, document.get("clues", {})),
        **{key: str(document.get(key, "")) for key in META_FIELDS},
    )


def _style(value: Any, named: Any) -> Mapping[str, Any]:
    """A cell's style: its own object, or the one ``styles`` names; {} otherwise."""
    if isinstance(value, str) and isinstance(named, Mapping):
        value = named.get(value)
    return value if isinstance(value, Mapping) else {}


def _shade(color: Any) -> bool:
    """True for a background ``color`` that is set and not white."""
    if isinstance(color, str):
        return bool(color.strip()) and color.strip().upper() not in WHITE
    return isinstance(color, int) and not isinstance(color, bool)


def _read_clues(grid: Grid, groups: Any) -> dict[str, str]:
    if not isinstance(groups, dict):
        raise FormatError("field 'clues': expected an object of clue lists")
    clues: dict[str, str] = {}
    for direction, group in GROUPS.items():
        for item in groups.get(group, []):
            if isinstance(item, list) and len(item) >= 2:
                number, text = item[0], item[1]
            elif isinstance(item, dict):
                number, text = item.get("number"), item.get("clue", "")
            else:
                raise FormatError(f"field 'clues', {group}: unreadable clue {item!r}")
            slot_id = f"{number}{direction[0].upper()}"
            if not isinstance(text, str):
                raise FormatError(f"field 'clues', {group} {number}: clue is not text")
            if text:
                clues[slot_id] = text
    return clues
