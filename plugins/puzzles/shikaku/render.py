"""Pictures of a Shikaku puzzle: plain text and SVG, with the rectangles when solved."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from crossforge.plugins.puzzles.shikaku.model import Rect, ShikakuPuzzle

CELL = 32
"""SVG cell size in pixels."""


def _owners(puzzle: ShikakuPuzzle, rects: Sequence[Rect]) -> list[list[int]]:
    """Each cell's rectangle number; without rectangles every cell is its own."""
    h, w = puzzle.height, puzzle.width
    if not rects:
        return [[r * w + c for c in range(w)] for r in range(h)]
    owner = [[-1] * w for _ in range(h)]
    for i, (r0, c0, rh, rw) in enumerate(rects):
        for y in range(max(0, r0), min(h, r0 + rh)):
            for x in range(max(0, c0), min(w, c0 + rw)):
                owner[y][x] = i
    return owner


def render_text(puzzle: ShikakuPuzzle, rects: Sequence[Rect] = ()) -> str:
    """A box drawing: ``+---+`` borders, drawn only between rectangles when solved."""
    h, w = puzzle.height, puzzle.width
    owner = _owners(puzzle, rects)
    grid = puzzle.grid()

    def cut(a: tuple[int, int], b: tuple[int, int]) -> bool:
        inside = [0 <= y < h and 0 <= x < w for y, x in (a, b)]
        if not all(inside):
            return any(inside)
        return owner[a[0]][a[1]] != owner[b[0]][b[1]]

    lines = []
    for r in range(h + 1):
        lines.append(
            "+" + "+".join("---" if cut((r - 1, c), (r, c)) else "   " for c in range(w)) + "+"
        )
        if r == h:
            break
        row = ""
        for c in range(w + 1):
            row += "|" if cut((r, c - 1), (r, c)) else " "
            if c < w:
                n = grid[r][c]
                row += " . " if n is None and not rects else f"{'' if n is None else n:^3}"
        lines.append(row)
    return "\n".join(lines) + "\n"


def render_svg(puzzle: ShikakuPuzzle, rects: Sequence[Rect] = ()) -> str:
    """An SVG drawing: the grid, the clues and, when solved, shaded rectangles."""
    h, w = puzzle.height, puzzle.width
    size_w, size_h = w * CELL + 2, h * CELL + 2
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size_w}" height="{size_h}" '
        f'viewBox="-1 -1 {size_w} {size_h}" font-family="sans-serif">',
        f"<title>{escape(f'Shikaku {h}x{w}')}</title>",
        f'<rect width="{w * CELL}" height="{h * CELL}" fill="#fff"/>',
    ]
    for i, (r, c, rh, rw) in enumerate(rects):
        hue = (i * 137) % 360
        parts.append(
            f'<rect x="{c * CELL}" y="{r * CELL}" width="{rw * CELL}" height="{rh * CELL}" '
            f'fill="hsl({hue},70%,88%)" stroke="#000" stroke-width="3"/>'
        )
    for r in range(h + 1):
        parts.append(
            f'<line x1="0" y1="{r * CELL}" x2="{w * CELL}" y2="{r * CELL}" stroke="#999"/>'
        )
    for c in range(w + 1):
        parts.append(
            f'<line x1="{c * CELL}" y1="0" x2="{c * CELL}" y2="{h * CELL}" stroke="#999"/>'
        )
    parts.append(
        f'<rect width="{w * CELL}" height="{h * CELL}" fill="none" stroke="#000" stroke-width="3"/>'
    )
    for clue in puzzle.clues:
        parts.append(
            f'<text x="{clue.col * CELL + CELL / 2}" y="{clue.row * CELL + CELL * 0.68:.1f}" '
            f'text-anchor="middle" font-size="{CELL // 2}">{clue.area}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
