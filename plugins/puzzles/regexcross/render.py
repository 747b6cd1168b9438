"""Regex crossword pictures: text rows (hexagons indented) and an SVG with the clues."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from crossforge.grids.hexgrid import HexGrid
from crossforge.grids.svg import hex_svg
from crossforge.plugins.puzzles.regexcross.puzzle import RegexCrossword

CELL = 34
"""SVG square cell size in pixels."""


def _letters(puzzle: RegexCrossword, solution: Sequence[str]) -> list[str]:
    return list(solution) if solution else ["."] * puzzle.cell_count


def render_text(puzzle: RegexCrossword, solution: Sequence[str] = ()) -> str:
    """The grid row by row; hexagon rows are indented to their shape; clues below."""
    rows = puzzle.rows_of(_letters(puzzle, solution))
    widest = max(len(r) for r in rows)
    out = [" " * (widest - len(row)) + " ".join(row) for row in rows]
    for family, lines in puzzle.clues.items():
        out.append(f"{family}:")
        out.extend(f"  {i + 1:2}. {'  &  '.join(clues)}" for i, clues in enumerate(lines))
    return "\n".join(out) + "\n"


def render_svg(puzzle: RegexCrossword, solution: Sequence[str] = ()) -> str:
    """The grid (``grids.svg``'s hexagon, or squares) with the letters, clues beside it."""
    letters = _letters(puzzle, solution)
    if puzzle.shape == "hex":
        grid = HexGrid(puzzle.side)
        picture = hex_svg(
            grid,
            {cell: ch for cell, ch in zip(grid.cells(), letters, strict=True) if ch != "."},
            title="Regex crossword",
        )
        size = re.search(r'width="([\d.]+)" height="([\d.]+)"', picture)
        assert size is not None
        width, height = float(size[1]), float(size[2])
        shapes = [picture.split("\n", 1)[1].replace("<svg ", '<svg x="0" y="0" ', 1)]
    else:
        rows, cols = len(puzzle.clues["rows"]), len(puzzle.clues["cols"])
        shapes = []
        for i, ch in enumerate(letters):
            r, c = divmod(i, cols)
            shapes.append(
                f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                'fill="white" stroke="black"/>'
            )
            if ch != ".":
                shapes.append(
                    f'<text x="{c * CELL + CELL / 2:g}" y="{r * CELL + CELL * 0.7:g}" '
                    f'font-size="{CELL * 0.5:g}" text-anchor="middle">{escape(ch)}</text>'
                )
        width, height = CELL * cols, CELL * rows
    clue_lines = [
        f"{family} {i + 1}: {' & '.join(clues)}"
        for family, lines in puzzle.clues.items()
        for i, clues in enumerate(lines)
    ]
    text_x = width + 20
    for j, line in enumerate(clue_lines):
        shapes.append(
            f'<text x="{text_x:g}" y="{14 + 14 * j}" font-size="12" '
            f'font-family="monospace">{escape(line)}</text>'
        )
    total_w = text_x + 8 * max((len(t) for t in clue_lines), default=0)
    total_h = max(height, 20 + 14 * len(clue_lines))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" height="{total_h:.0f}" '
        'font-family="sans-serif">\n' + "\n".join(shapes) + "\n</svg>\n"
    )
