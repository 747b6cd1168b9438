"""SVG pictures of square and hexagonal grids, standalone files a browser opens as is."""

from __future__ import annotations

import math
import re
import textwrap
from collections.abc import Iterable, Mapping
from xml.sax.saxutils import escape, quoteattr

from crossforge.grids.crossword_file import CrosswordFile, clue_order
from crossforge.grids.hexgrid import HexCell, HexGrid
from crossforge.grids.model import Cell, Grid, Slot

BLOCK_FILL = "#111"
SHADE_FILL = "#d0d0d0"
HIGHLIGHT_FILL = "#fff2a8"
LINE = "#222"
FONT = "Helvetica, Arial, sans-serif"
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold, even escaped."""


def _text(value: str) -> str:
    """``value`` as XML character data: escaped, and each character XML cannot hold
    shown as U+FFFD (a title or clue may hold control characters; the file must parse)."""
    return escape(NOT_XML.sub("\ufffd", value))


def _document(width: float, height: float, title: str, body: list[str]) -> str:
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}" font-family={quoteattr(FONT)}>',
            f"<title>{_text(title)}</title>",
            f'<rect width="{width:g}" height="{height:g}" fill="white"/>',
            *body,
            "</svg>",
            "",
        ]
    )


def grid_svg(
    grid: Grid,
    *,
    filled: bool = True,
    numbers: bool = True,
    highlight: Iterable[Slot | Cell] = (),
    cell: int = 32,
    title: str = "Crossword grid",
) -> str:
    """An SVG of ``grid``: blocks, shading, circles, numbers and (if ``filled``) letters.

    ``highlight`` takes slots or cells to tint, e.g. the entries of a theme.
    """
    body = _grid_shapes(grid, filled, numbers, highlight, cell)
    return _document(*_grid_size(grid, cell), title, body)


MARGIN = 2
"""Space around the grid, in pixels."""


def _grid_size(grid: Grid, cell: int) -> tuple[int, int]:
    return 2 * MARGIN + grid.width * cell, 2 * MARGIN + grid.height * cell


def _grid_shapes(
    grid: Grid, filled: bool, numbers: bool, highlight: Iterable[Slot | Cell], cell: int
) -> list[str]:
    """The SVG elements of the grid's cells, from (MARGIN, MARGIN)."""
    marked: set[Cell] = set()
    for item in highlight:
        marked.update(item.cells if isinstance(item, Slot) else [item])
    margin = MARGIN
    numbering = grid.numbering() if numbers else {}
    body: list[str] = []
    for r, c in grid.cells():
        x, y = margin + c * cell, margin + r * cell
        if grid.is_block(r, c):
            fill = BLOCK_FILL
        elif (r, c) in marked:
            fill = HIGHLIGHT_FILL
        elif (r, c) in grid.shaded:
            fill = SHADE_FILL
        else:
            fill = "white"
        body.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
            f'stroke="{LINE}" stroke-width="1"/>'
        )
        if (r, c) in grid.circled:
            body.append(
                f'<circle cx="{x + cell / 2:g}" cy="{y + cell / 2:g}" r="{cell / 2 - 1.5:g}" '
                f'fill="none" stroke="{LINE}" stroke-width="0.8"/>'
            )
        if (r, c) in numbering:
            body.append(
                f'<text x="{x + 2}" y="{y + cell * 0.3:g}" font-size="{cell * 0.28:g}">'
                f"{numbering[(r, c)]}</text>"
            )
        letter = grid.letter(r, c)
        if filled and letter:
            body.append(
                f'<text x="{x + cell / 2:g}" y="{y + cell * 0.82:g}" font-size="{cell * 0.6:g}" '
                f'text-anchor="middle">{_text(letter)}</text>'
            )
    return body


CLUE_FONT = 12
"""Font size of the clue lists of ``puzzle_svg``, in pixels."""


def puzzle_svg(puzzle: CrosswordFile, *, cell: int = 32) -> str:
    """An SVG of a puzzle: its title, the grid with its letters, then its clues (Across,
    then Down, long ones wrapped) below the grid; slots without a clue are left out."""
    grid = puzzle.grid
    width, height = _grid_size(grid, cell)
    width = max(width, 480)
    line = CLUE_FONT * 1.4
    top = line * 1.6 if puzzle.title else 0
    body = []
    if puzzle.title:
        body.append(
            f'<text x="{MARGIN}" y="{line:g}" font-size="{CLUE_FONT * 1.3:g}" '
            f'font-weight="bold">{_text(puzzle.title)}</text>'
        )
    body.append(f'<g transform="translate(0 {top:g})">')
    body += _grid_shapes(grid, True, True, (), cell)
    body.append("</g>")
    y = top + height + line
    per_line = max(20, int((width - 2 * MARGIN) / (CLUE_FONT * 0.55)))
    for direction in ("across", "down"):
        slots = [s for s in clue_order(grid) if s.direction == direction and puzzle.clue(s)]
        if not slots:
            continue
        y += line
        body.append(
            f'<text x="{MARGIN}" y="{y:g}" font-size="{CLUE_FONT}" font-weight="bold">'
            f"{direction.capitalize()}</text>"
        )
        for slot in slots:
            for text in textwrap.wrap(f"{slot.number}. {puzzle.clue(slot)}", per_line):
                y += line
                body.append(
                    f'<text x="{MARGIN}" y="{y:g}" font-size="{CLUE_FONT}">{_text(text)}</text>'
                )
    return _document(width, round(y + line / 2, 1), puzzle.title or "Crossword", body)


def hex_svg(
    hexagon: HexGrid,
    letters: Mapping[HexCell, str] | None = None,
    *,
    highlight: Iterable[HexCell] = (),
    radius: float = 18,
    title: str = "Hexagonal grid",
) -> str:
    """An SVG of a hexagonal grid (pointy-top cells), with optional letters."""
    letters = letters or {}
    marked = set(highlight)
    step = math.sqrt(3) * radius
    widest = hexagon.rows
    margin = 4.0
    body: list[str] = []
    for r, k in hexagon.cells():
        cx = margin + (widest - hexagon.row_length(r)) * step / 2 + k * step + step / 2
        cy = margin + radius + r * 1.5 * radius
        corners = " ".join(
            f"{cx + radius * math.cos(math.radians(60 * i - 30)):.2f},"
            f"{cy + radius * math.sin(math.radians(60 * i - 30)):.2f}"
            for i in range(6)
        )
        fill = HIGHLIGHT_FILL if (r, k) in marked else "white"
        body.append(f'<polygon points="{corners}" fill="{fill}" stroke="{LINE}"/>')
        letter = letters.get((r, k))
        if letter:
            body.append(
                f'<text x="{cx:.2f}" y="{cy + radius * 0.35:.2f}" font-size="{radius:g}" '
                f'text-anchor="middle">{_text(letter)}</text>'
            )
    width = 2 * margin + widest * step
    height = 2 * margin + radius * (2 + 1.5 * (hexagon.rows - 1))
    return _document(round(width, 2), round(height, 2), title, body)
