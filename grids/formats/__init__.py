"""Puzzle files: plain text, JSON, Across Lite ``.puz``, ``.ipuz`` and ``.xd``.

Every format module offers ``read(data: bytes, max_side: int) -> CrosswordFile`` and
``write(puzzle) -> bytes``; ``load`` and ``dump`` choose the module by file extension.
Unreadable input raises ``FormatError`` (a ``ValueError``) naming the line, field or byte;
a grid with more than ``max_side`` rows or columns (``MAX_SIDE`` unless told fewer)
raises ``GridTooLarge`` as soon as its size is known, before its cells are read.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from crossforge.grids.crossword_file import MAX_SIDE, CrosswordFile, FormatError
from crossforge.grids.model import GridError, GridTooLarge

FORMATS = {
    "text": "crossforge.grids.formats.plain_text",
    "json": "crossforge.grids.formats.json_format",
    "puz": "crossforge.grids.formats.across_lite",
    "ipuz": "crossforge.grids.formats.ipuz",
    "xd": "crossforge.grids.formats.xd",
}
REBUS_FORMATS = ("json", "puz", "ipuz")
"""The formats that keep rebus cells (several letters in one cell); the others refuse
to write a puzzle with them rather than drop letters."""
EXTENSIONS = {".txt": "text", ".grid": "text", ".json": "json", ".puz": "puz"}
EXTENSIONS.update({".ipuz": "ipuz", ".xd": "xd"})
MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest puzzle file ``load`` reads (a 255x255 puzzle with clues takes far less)."""


def format_for(path: str | Path) -> str:
    """The format name of a file, from its extension."""
    suffix = Path(path).suffix.lower()
    try:
        return EXTENSIONS[suffix]
    except KeyError:
        known = ", ".join(sorted(EXTENSIONS))
        raise FormatError(f"{path}: unknown extension {suffix!r} (known: {known})") from None


def _module(fmt: str) -> ModuleType:
    if fmt not in FORMATS:
        raise FormatError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    return importlib.import_module(FORMATS[fmt])


def loads(data: bytes, fmt: str, max_side: int = MAX_SIDE) -> CrosswordFile:
    """A puzzle from the bytes of a file in the named format, at most ``max_side`` rows
    and columns."""
    puzzle: CrosswordFile = _module(fmt).read(data, max_side)
    return puzzle


def dumps(puzzle: CrosswordFile, fmt: str) -> bytes:
    """The bytes of a puzzle in the named format."""
    if puzzle.rebus and fmt in FORMATS and fmt not in REBUS_FORMATS:
        (r, c), text = next(iter(puzzle.rebus.items()))
        raise FormatError(
            f"rebus cell ({r}, {c}) holds {text!r}: the {fmt} format keeps one letter per "
            f"cell; write it as {', '.join(REBUS_FORMATS)}"
        )
    data: bytes = _module(fmt).write(puzzle)
    return data


def load(path: str | Path, max_side: int = MAX_SIDE) -> CrosswordFile:
    """Read a puzzle file; the format follows the extension. Errors name the file."""
    fmt = format_for(path)
    with Path(path).open("rb") as file:
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise FormatError(f"{path}: larger than {MAX_FILE_BYTES} bytes, not a puzzle file")
    try:
        return loads(data, fmt, max_side)
    except GridError as exc:  # FormatError and GridTooLarge
        raise FormatError(f"{path}: {exc}") from None


def dump(puzzle: CrosswordFile, path: str | Path) -> None:
    """Write a puzzle file; the format follows the extension."""
    Path(path).write_bytes(dumps(puzzle, format_for(path)))


__all__ = [
    "FORMATS",
    "MAX_SIDE",
    "REBUS_FORMATS",
    "FormatError",
    "GridTooLarge",
    "CrosswordFile",
    "dump",
    "dumps",
    "format_for",
    "load",
    "loads",
]
