"""Regex crossword pictures: text rows (hexagons indented) and an SVG with the clues."""

from __future__ import annotations

import math
from html import escape

from grids.hexgrid import HexGrid
from plugins.puzzles.regexcross.puzzle import RegexCrossword

CELL = 34
"""SVG cell size (square side, or hexagon width) in pixels."""


def _letters(puzzle: RegexCrossword, solution: list[str] | None) -> list[str]:
    if solution is not None:
        return [ch for row in solution for ch in row]
    return ["."] * puzzle.cell_count


def render_text(puzzle: RegexCrossword, solution: list[str] | None = None) -> str:
    """The grid row by row; hexagon rows are indented to their shape; clues below."""
    rows = puzzle.rows_of(_letters(puzzle, solution))
    widest = max(len(r) for r in rows)
    out = [" " * (widest - len(row)) + " ".join(row) for row in rows]
    for family, lines in puzzle.clues.items():
        out.append(f"{family}:")
        out.extend(f"  {i + 1:2}. {'  &  '.join(clues)}" for i, clues in enumerate(lines))
    return "\n".join(out) + "\n"


def render_svg(puzzle: RegexCrossword, solution: list[str] | None = None) -> str:
    """Squares or pointy-top hexagons with the letters, and the clue lists beside them."""
    letters = _letters(puzzle, solution)
    shapes: list[str] = []
    if puzzle.shape == "hex":
        grid = HexGrid(puzzle.side)
        radius = CELL / math.sqrt(3)
        widest = grid.row_length(puzzle.side - 1)
        for i, (r, k) in enumerate(grid.cells()):
            x = CELL * (k + (widest - grid.row_length(r)) / 2 + 0.5)
            y = radius * (1 + 1.5 * r)
            corners = " ".join(
                f"{x + radius * math.cos(math.radians(60 * j + 30)):.1f},"
                f"{y + radius * math.sin(math.radians(60 * j + 30)):.1f}"
                for j in range(6)
            )
            shapes.append(f'<polygon points="{corners}" fill="white" stroke="black"/>')
            shapes.append(_letter(x, y, letters[i]))
        width, height = CELL * widest, radius * (2 + 1.5 * (grid.rows - 1))
    else:
        rows, cols = len(puzzle.clues["rows"]), len(puzzle.clues["cols"])
        for i, ch in enumerate(letters):
            r, c = divmod(i, cols)
            shapes.append(
                f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                'fill="white" stroke="black"/>'
            )
            shapes.append(_letter(c * CELL + CELL / 2, r * CELL + CELL / 2, ch))
        width, height = CELL * cols, CELL * rows
    clue_lines = [
        f"{family} {i + 1}: {' & '.join(clues)}"
        for family, lines in puzzle.clues.items()
        for i, clues in enumerate(lines)
    ]
    text_x = width + 20
    for j, line in enumerate(clue_lines):
        shapes.append(
            f'<text x="{text_x}" y="{14 + 14 * j}" font-size="12" '
            f'font-family="monospace">{escape(line)}</text>'
        )
    total_w = text_x + 8 * max((len(t) for t in clue_lines), default=0)
    total_h = max(height, 20 + 14 * len(clue_lines))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" height="{total_h:.0f}" '
        f'font-family="sans-serif">\n' + "\n".join(shapes) + "\n</svg>\n"
    )


def _letter(x: float, y: float, ch: str) -> str:
    if ch == ".":
        return ""
    return (
        f'<text x="{x:.1f}" y="{y + CELL * 0.2:.1f}" font-size="{CELL * 0.5:.0f}" '
        f'text-anchor="middle">{escape(ch)}</text>'
    )
