"""Grid geometry, slots, construction rules, file formats, pictures and sample grids."""

from __future__ import annotations

from grids.hexgrid import HexGrid
from grids.model import Crossing, Grid, GridError, Slot
from grids.puzzle import FormatError, Puzzle
from grids.rules import Violation, check

__all__ = [
    "Crossing",
    "FormatError",
    "Grid",
    "GridError",
    "HexGrid",
    "Puzzle",
    "Slot",
    "Violation",
    "check",
]
