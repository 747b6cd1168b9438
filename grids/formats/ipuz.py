"""``.ipuz`` files of the crossword kind (JSON, ipuz.org v2).

Written: dimensions, puzzle (numbers, ``#`` blocks, each marked cell's style: a circle
as ``"shapebg": "circle"``, shading as ``"highlight": true`` with a grey background
``"color"``), solution letters (``null`` where unknown), Across/Down clues and the
title, author, copyright and notes. Read: the same, with clues as ``[number, text]``
pairs or ``{"number", "clue"}`` objects (numbers as integers or digit strings) in lists
named ``Across``/``Down`` or ``Across:<label>``/``Down:<label>``, a style given by name
from ``styles``, shading as ``highlight`` or any ``color`` but white, the file's own
``block`` character; omitted cells (``null``) become blocks, and a file wrapped in a
``name( … )`` call (JSONP) is unwrapped; a cell's given ``value`` is its letter when
the solution has none; a solution cell of several letters is a rebus cell (written so
too). Refused, with the field, row and column named: clue lists of other directions,
clues of several entries (``numbers``) or without a number, and ``dimensions`` that
are not positive or pass the size limit (before any row is read).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from crossforge.grids.crossword_file import MAX_SIDE, CrosswordFile, FormatError, decode_json
from crossforge.grids.model import BLOCK, OPEN, Cell, Grid, check_size

VERSION = "http://ipuz.org/v2"
KIND = "http://ipuz.org/crossword#1"
META_FIELDS = ("title", "author", "copyright", "notes")
GROUPS = {"across": "Across", "down": "Down"}
SHADE_COLOR = "D0D0D0"
"""The background written for a shaded cell (RGB hex, as ipuz's ``color`` is)."""
WHITE = ("FFFFFF", "#FFFFFF")


def write(puzzle: CrosswordFile) -> bytes:
    """ipuz JSON bytes of a puzzle."""
    grid = puzzle.grid
    numbers = grid.numbering()
    cells: list[list[Any]] = []
    solution: list[list[str | None]] = []
    for r in range(grid.height):
        cells.append([])
        solution.append([])
        for c in range(grid.width):
            style: dict[str, Any] = {}
            if (r, c) in grid.circled:
                style["shapebg"] = "circle"
            if (r, c) in grid.shaded:
                style.update(highlight=True, color=SHADE_COLOR)
            label = BLOCK if grid.is_block(r, c) else numbers.get((r, c), 0)
            cells[r].append({"cell": label, "style": style} if style else label)
            letter = puzzle.rebus.get((r, c)) or grid.letter(r, c)
            solution[r].append(BLOCK if grid.is_block(r, c) else letter)
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


def _rows(value: Any, name: str, height: int, width: int) -> list[list[Any]]:
    """The ``height`` rows of ``width`` cells of a grid field."""
    if not isinstance(value, list) or len(value) != height:
        raise FormatError(f"field {name!r}: expected {height} rows (the 'dimensions')")
    for r, row in enumerate(value):
        if not isinstance(row, list) or len(row) != width:
            raise FormatError(f"field {name!r}, row {r}: expected {width} cells")
    return value


def _size(document: Mapping[str, Any], max_side: int) -> tuple[int, int]:
    """Width and height from ``dimensions``: positive integers, at most ``max_side``."""
    size = _field(document, "dimensions", dict)
    width, height = size.get("width"), size.get("height")
    for name, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise FormatError(f"field 'dimensions': {name} {value!r} is not a positive integer")
    check_size(height, width, max_side)
    return width, height


def _unwrapped(data: bytes) -> bytes:
    """The JSON of a file, without the ``name( … )`` call ipuz allows around it (JSONP)."""
    text = data.strip()
    head, paren, rest = text.partition(b"(")
    if paren and rest.endswith(b")") and head.replace(b"_", b"").isalnum():
        return rest[:-1]
    return data


def _letters(value: Any, block: Any, r: int, c: int) -> str:
    """The letters of a solution cell (several in a rebus cell), or ``.`` when not
    given."""
    if isinstance(value, dict):
        value = value.get("value")
    if isinstance(value, list):
        raise FormatError(
            f"field 'solution', row {r}, column {c}: a list of values {value!r} is not supported"
        )
    if not isinstance(value, str) or value in (block, ""):
        return OPEN
    return value


def read(data: bytes, max_side: int = MAX_SIDE) -> CrosswordFile:
    """A puzzle from ipuz bytes; errors name the field and row."""
    document = decode_json(_unwrapped(data))
    if not isinstance(document, dict):
        raise FormatError("expected a JSON object")
    kinds = _field(document, "kind", list)
    if not any(isinstance(k, str) and "ipuz.org/crossword" in k for k in kinds):
        raise FormatError(f"field 'kind': {kinds!r} is not a crossword")
    width, height = _size(document, max_side)
    block = document.get("block", BLOCK)
    puzzle_rows = _rows(document.get("puzzle"), "puzzle", height, width)
    given = document.get("solution")
    solution_rows = [[None] * width] * height if given is None else given
    solution_rows = _rows(solution_rows, "solution", height, width)
    named = document.get("styles")
    rows: list[str] = []
    circled: list[Cell] = []
    shaded: list[Cell] = []
    rebus: dict[Cell, str] = {}
    for r in range(height):
        row = ""
        for c in range(width):
            cell, letter = puzzle_rows[r][c], solution_rows[r][c]
            if isinstance(cell, dict):
                style = _style(cell.get("style"), named)
                if style.get("shapebg") == "circle":
                    circled.append((r, c))
                if style.get("highlight") or _shade(style.get("color")):
                    shaded.append((r, c))
                letter = cell.get("value") if letter is None else letter
                cell = cell.get("cell", 0)
            letters = BLOCK if cell is None or cell == block else _letters(letter, block, r, c)
            if len(letters) > 1:
                rebus[(r, c)] = letters
            row += letters[0]
        rows.append(row)
    try:
        grid = Grid.from_rows(rows, circled=circled, shaded=shaded)
    except FormatError:
        raise
    except ValueError as exc:
        raise FormatError(f"field 'solution': {exc}") from None
    return CrosswordFile(
        grid,
        _read_clues(grid, document.get("clues", {})),
        rebus=rebus,
        **{key: _text(document, key) for key in META_FIELDS},
    )


def _text(document: Mapping[str, Any], name: str) -> str:
    value = document.get(name)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FormatError(f"field {name!r}: expected text, got {value!r}")
    return value


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
    """Clues by slot id from the ``Across`` and ``Down`` lists (``Across:Label`` too)."""
    if not isinstance(groups, dict):
        raise FormatError("field 'clues': expected an object of clue lists")
    clues: dict[str, str] = {}
    for group, items in groups.items():
        direction = group.partition(":")[0].strip().lower()
        if not isinstance(items, list):
            raise FormatError(f"field 'clues', {group}: expected a list of clues")
        if direction not in GROUPS:
            if items:
                raise FormatError(
                    f"field 'clues': {group!r} clues are not supported (only Across and Down)"
                )
            continue
        for item in items:
            number, text = _clue(item, group)
            if text:
                clues[f"{number}{direction[0].upper()}"] = text
    return clues


def _clue(item: Any, group: str) -> tuple[int, str]:
    """The number and text of one clue: ``[number, text]`` or ``{"number", "clue"}``."""
    if isinstance(item, list) and len(item) == 2:
        number, text = item
    elif isinstance(item, dict) and "number" in item:
        number, text = item["number"], item.get("clue", "")
    elif isinstance(item, dict) and "numbers" in item:
        raise FormatError(
            f"field 'clues', {group}: a clue of several entries ({item['numbers']!r}) "
            "is not supported"
        )
    else:
        raise FormatError(
            f"field 'clues', {group}: unreadable clue {item!r} "
            "(expected [number, text] or an object with a 'number')"
        )
    if isinstance(number, str) and number.strip().isdecimal() and len(number.strip()) < 9:
        number = int(number)  # a longer number names no slot (nor does int() read thousands)
    if not isinstance(number, int) or isinstance(number, bool):
        raise FormatError(f"field 'clues', {group}: clue number {number!r} is not a number")
    if not isinstance(text, str):
        raise FormatError(f"field 'clues', {group} {number}: clue is not text")
    return number, text
