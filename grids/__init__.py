"""Grid geometry, slots, construction rules, file formats, pictures and sample grids."""

from __future__ import annotations

from crossforge.grids.crossword_file import CrosswordFile, FormatError
from crossforge.grids.hexgrid import HexGrid
from crossforge.grids.model import Crossing, Grid, GridError, Slot
from crossforge.grids.rules import Violation, check

__all__ = [
    "Crossing",
    "FormatError",
    "Grid",
    "GridError",
    "HexGrid",
    "CrosswordFile",
    "Slot",
    "Violation",
    "check",
]
