"""Across Lite's text form of a puzzle (``.txt`` files starting ``<ACROSS PUZZLE>``),
read only: ``plain_text`` hands such a file here.

The file is tagged sections, each tag alone on a line: ``<ACROSS PUZZLE>`` (or
``<ACROSS PUZZLE V2>``), ``<TITLE>``, ``<AUTHOR>``, ``<COPYRIGHT>``, ``<SIZE>`` (``15x15``,
width first), ``<GRID>`` (one line per row: letters, ``.`` a block, ``:`` a diagramless
block, ``-`` an unknown letter as in ``.puz``), ``<REBUS>`` (version 2: ``MARK;``
circles the cells written in lower case; ``1:HEART:H`` lines define rebus cells),
``<ACROSS>`` and ``<DOWN>`` (one clue a line, in numbering order) and ``<NOTEPAD>``.
Rebus cells are refused, as in ``.puz`` files. The text is UTF-8 or, when it is not,
Windows-1252 (as version 1 ``.puz`` text).
"""

from __future__ import annotations

import re

from crossforge.grids.crossword_file import CrosswordFile, FormatError, decode_text
from crossforge.grids.formats.across_lite import FALLBACK, VERSION_1_TEXT
from crossforge.grids.model import BLOCK, OPEN, Grid, GridError, check_size

TAG = re.compile(r"^<([A-Z][A-Z0-9 ]*)>$", re.IGNORECASE)
SIZE = re.compile(r"^(\d+)\s*x\s*(\d+)$", re.IGNORECASE)


def is_across_lite_text(data: bytes) -> bool:
    """True when the file starts (after a byte-order mark and blank lines) with the
    ``<ACROSS PUZZLE…>`` tag."""
    return data.removeprefix(b"\xef\xbb\xbf").lstrip()[:14].upper() == b"<ACROSS PUZZLE"


def _sections(text: str) -> dict[str, list[tuple[int, str]]]:
    """The stripped lines (with their numbers) of each tag, by upper-case tag name."""
    sections: dict[str, list[tuple[int, str]]] = {}
    current: list[tuple[int, str]] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        tag = TAG.match(line)
        if tag:
            name = tag.group(1).upper()
            if name in sections:
                raise FormatError(f"line {number}: a second <{name}> section")
            current = sections[name] = []
        elif current is not None:
            current.append((number, line))
    return sections


def _size(sections: dict[str, list[tuple[int, str]]], max_side: int) -> tuple[int, int]:
    lines = [(n, line) for n, line in sections.get("SIZE", []) if line]
    match = SIZE.match(lines[0][1]) if len(lines) == 1 else None
    if not match:
        raise FormatError("<SIZE>: expected one line 'WIDTHxHEIGHT' (15x15)")
    width, height = int(match.group(1)), int(match.group(2))
    if width < 1 or height < 1:
        raise FormatError(f"<SIZE>: {width}x{height} is empty")
    check_size(height, width, max_side)
    return width, height


def _marks(sections: dict[str, list[tuple[int, str]]]) -> bool:
    """Whether ``MARK;`` is set; a rebus definition is refused by name."""
    marked = False
    for number, line in sections.get("REBUS", []):
        if ":" in line:
            raise FormatError(f"line {number}: rebus cells ({line!r}) are not supported")
        marked |= "MARK" in {part.strip().upper() for part in line.split(";")}
    return marked


def _text(data: bytes) -> str:
    try:
        return decode_text(data)
    except FormatError:
        return data.decode(VERSION_1_TEXT, errors=FALLBACK)


def read(data: bytes, max_side: int) -> CrosswordFile:
    """A puzzle from Across Lite text; errors name the line or section."""
    sections = _sections(_text(data))
    width, height = _size(sections, max_side)
    marked = _marks(sections)
    grid_lines = [(n, line) for n, line in sections.get("GRID", []) if line]
    if len(grid_lines) != height:
        raise FormatError(f"<GRID>: {len(grid_lines)} rows, <SIZE> says {height}")
    rows: list[str] = []
    circled = []
    for r, (number, line) in enumerate(grid_lines):
        if len(line) != width:
            raise FormatError(f"line {number}: {len(line)} cells, <SIZE> says {width}")
        row = ""
        for c, ch in enumerate(line):
            if marked and ch.islower():
                circled.append((r, c))
                ch = ch.upper()
            row += BLOCK if ch in ".:" else OPEN if ch == "-" else ch
        rows.append(row)
    try:
        grid = Grid.from_rows(rows, circled=circled)
    except GridError as exc:
        raise FormatError(f"<GRID>: {exc}") from None
    clues: dict[str, str] = {}
    for direction, tag in (("across", "ACROSS"), ("down", "DOWN")):
        slots = [slot for slot in grid.slots() if slot.direction == direction]
        given = [line for _, line in sections.get(tag, [])]
        while given and not given[-1]:  # blank lines before the next tag; a blank
            given.pop()  # line among the clues is an empty clue
        if len(given) > len(slots):
            raise FormatError(f"<{tag}>: {len(given)} clues for {len(slots)} entries")
        clues.update((slot.id, clue) for slot, clue in zip(slots, given, strict=False) if clue)
    notes = "\n".join(line for _, line in sections.get("NOTEPAD", [])).strip("\n")
    title, author, copyright_ = (
        " ".join(line for _, line in sections.get(key, []) if line)
        for key in ("TITLE", "AUTHOR", "COPYRIGHT")
    )
    return CrosswordFile(
        grid,
        clues,
        title=title,
        author=author,
        copyright=copyright_,
        notes=notes,
    )
