"""A crossword fill answer as a puzzle file or picture, its circles and shading kept.

The answer is the JSON of ``crossforge fill --json`` (a finished fill job's result): its
``grid`` rows, ``circled`` and ``shaded`` cells and each entry's first clue become a
grids ``CrosswordFile``, written by grids' formats (``text``, ``json``, ``puz``, ``ipuz``,
``xd``) or drawn as ``svg``. The HTTP downloads and ``crossforge fill --output`` both
come from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crossforge.grids.crossword_file import CrosswordFile

MARKS = ("circled", "shaded")
"""The answer's lists of marked cells, as ``[row, col]``."""
TITLE = "Crossforge fill"


def fill_puzzle(answer: Mapping[str, Any]) -> CrosswordFile:
    """The grids ``CrosswordFile`` of a fill answer: its grid and marks, each entry's first clue."""
    from crossforge.grids.crossword_file import CrosswordFile
    from crossforge.grids.model import Grid

    circled, shaded = ([(r, c) for r, c in answer.get(name) or ()] for name in MARKS)
    grid = Grid.from_rows(answer["grid"], circled=circled, shaded=shaded)
    clues: dict[str, str] = {}
    for entry in answer.get("entries", []):
        texts = [clue_text(c) for c in entry.get("clues") or []]
        texts = [t for t in texts if t]
        if texts:
            clues[f"{entry['number']}{'A' if entry['direction'] == 'across' else 'D'}"] = texts[0]
    return CrosswordFile(grid=grid, clues=clues, title=TITLE)


def fill_file(answer: Mapping[str, Any], fmt: str) -> str | bytes:
    """The answer as ``svg`` (text) or in a grids format (``text``, ``json``, ``puz``,
    ``ipuz``, ``xd``: bytes)."""
    from crossforge.grids.formats import dumps
    from crossforge.grids.svg import grid_svg

    puzzle = fill_puzzle(answer)
    if fmt == "svg":
        return grid_svg(puzzle.grid, title=TITLE)
    return dumps(puzzle, fmt)


def clue_text(clue: Any) -> str:
    """The text of a clue as answers hold them (``{"text": ...}`` or plain text)."""
    return str(clue.get("text", "")) if isinstance(clue, Mapping) else str(clue)
