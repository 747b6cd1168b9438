"""Puzzle files: plain text, JSON, Across Lite ``.puz``, ``.ipuz`` and ``.xd``.

Every format module offers ``read(data: bytes) -> Puzzle`` and
``write(puzzle) -> bytes``; ``load`` and ``dump`` choose the module by file extension.
Unreadable input raises ``FormatError`` (a ``ValueError``) naming the line, field or byte.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from crossforge.grids.puzzle import FormatError, Puzzle

FORMATS = {
    "text": "crossforge.grids.formats.plain_text",
    "json": "crossforge.grids.formats.json_format",
    "puz": "crossforge.grids.formats.across_lite",
    "ipuz": "crossforge.grids.formats.ipuz",
    "xd": "crossforge.grids.formats.xd",
}
EXTENSIONS = {".txt": "text", ".grid": "text", ".json": "json", ".puz": "puz"}
EXTENSIONS.update({".ipuz": "ipuz", ".xd": "xd"})


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


def loads(data: bytes, fmt: str) -> Puzzle:
    """A puzzle from the bytes of a file in the named format."""
    puzzle: Puzzle = _module(fmt).read(data)
    return puzzle


def dumps(puzzle: Puzzle, fmt: str) -> bytes:
    """The bytes of a puzzle in the named format."""
    data: bytes = _module(fmt).write(puzzle)
    return data


def load(path: str | Path) -> Puzzle:
    """Read a puzzle file; the format follows the extension. Errors name the file."""
    fmt = format_for(path)
    data = Path(path).read_bytes()
    try:
        return loads(data, fmt)
    except FormatError as exc:
        raise FormatError(f"{path}: {exc}") from None


def dump(puzzle: Puzzle, path: str | Path) -> None:
    """Write a puzzle file; the format follows the extension."""
    Path(path).write_bytes(dumps(puzzle, format_for(path)))


__all__ = ["FORMATS", "FormatError", "Puzzle", "dump", "dumps", "format_for", "load", "loads"]
