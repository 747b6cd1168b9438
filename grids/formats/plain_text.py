"""Plain-text grids: one line per row (``#`` block, ``.`` open, letters), marks lines after.

Only the grid is stored; clues and metadata of a puzzle are not.
"""

from __future__ import annotations

from crossforge.grids.model import Grid, GridError, GridTooLarge
from crossforge.grids.puzzle import MAX_SIDE, FormatError, Puzzle, decode_text


def read(data: bytes, max_side: int = MAX_SIDE) -> Puzzle:
    """A clue-less puzzle from the text form of ``Grid.from_text``."""
    try:
        return Puzzle(Grid.from_text(decode_text(data), max_side))
    except (FormatError, GridTooLarge):
        raise
    except GridError as exc:
        raise FormatError(str(exc)) from None


def write(puzzle: Puzzle) -> bytes:
    """The grid's text form (UTF-8)."""
    return puzzle.grid.to_text().encode("utf-8")
