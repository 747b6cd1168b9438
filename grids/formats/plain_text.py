"""Plain-text grids: one line per row (``#`` block, ``.`` open, letters), marks lines after.

Only the grid is stored; clues and metadata of a puzzle are not. A text file in Across
Lite's own text form (``<ACROSS PUZZLE>`` first) is read with its clues by
``across_lite_text``.
"""

from __future__ import annotations

from crossforge.grids.crossword_file import MAX_SIDE, CrosswordFile, FormatError, decode_text
from crossforge.grids.formats import across_lite_text
from crossforge.grids.model import Grid, GridError, GridTooLarge


def read(data: bytes, max_side: int = MAX_SIDE) -> CrosswordFile:
    """A clue-less puzzle from the text form of ``Grid.from_text``, or a whole puzzle
    from Across Lite text."""
    if across_lite_text.is_across_lite_text(data):
        return across_lite_text.read(data, max_side)
    try:
        return CrosswordFile(Grid.from_text(decode_text(data), max_side))
    except (FormatError, GridTooLarge):
        raise
    except GridError as exc:
        raise FormatError(str(exc)) from None


def write(puzzle: CrosswordFile) -> bytes:
    """The grid's text form (UTF-8)."""
    return puzzle.grid.to_text().encode("utf-8")
