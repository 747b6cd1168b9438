"""Pictures of a Tents puzzle: plain text and SVG, solved when tents are given."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from crossforge.plugins.puzzles.tents.model import TentsPuzzle

CELL = 32
"""SVG cell size in pixels."""


def render_text(puzzle: TentsPuzzle, tents: Sequence[tuple[int, int]] = ()) -> str:
    """Rows of cells (``.`` open, ``T`` tree, ``A`` tent) with counts right and below."""
    width = max(len(str(n)) for n in puzzle.col_counts)
    lines = [
        " ".join(ch.rjust(width) for ch in row) + f" | {n}"
        for row, n in zip(puzzle.rows(tents), puzzle.row_counts, strict=True)
    ]
    lines.append("-" * (puzzle.width * (width + 1) - 1))
    lines.append(" ".join(str(n).rjust(width) for n in puzzle.col_counts))
    return "\n".join(lines) + "\n"


def _tree(x: float, y: float) -> str:
    return (
        f'<rect x="{x + CELL * 0.44:.1f}" y="{y + CELL * 0.6:.1f}" width="{CELL * 0.12:.1f}" '
        f'height="{CELL * 0.3:.1f}" fill="#7a4b1c"/>'
        f'<circle cx="{x + CELL / 2:.1f}" cy="{y + CELL * 0.4:.1f}" r="{CELL * 0.3:.1f}" '
        'fill="#2e8b3a"/>'
    )


def _tent(x: float, y: float) -> str:
    points = (
        f"{x + CELL * 0.5:.1f},{y + CELL * 0.15:.1f} {x + CELL * 0.85:.1f},{y + CELL * 0.85:.1f} "
        f"{x + CELL * 0.15:.1f},{y + CELL * 0.85:.1f}"
    )
    return f'<polygon points="{points}" fill="#e07a1f" stroke="#8a4200"/>'


def render_svg(puzzle: TentsPuzzle, tents: Sequence[tuple[int, int]] = ()) -> str:
    """An SVG drawing: grid, trees, tents and the counts right of rows and below columns."""
    h, w = puzzle.height, puzzle.width
    total_w, total_h = (w + 1) * CELL, (h + 1) * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}" font-family="sans-serif">',
        f"<title>{escape(f'Tents and Trees {h}x{w}')}</title>",
        f'<rect width="{w * CELL}" height="{h * CELL}" fill="#f4f8ec" stroke="#333"/>',
    ]
    for r in range(1, h):
        parts.append(
            f'<line x1="0" y1="{r * CELL}" x2="{w * CELL}" y2="{r * CELL}" stroke="#999"/>'
        )
    for c in range(1, w):
        parts.append(
            f'<line x1="{c * CELL}" y1="0" x2="{c * CELL}" y2="{h * CELL}" stroke="#999"/>'
        )
    parts += [_tree(c * CELL, r * CELL) for r, c in puzzle.trees]
    parts += [_tent(c * CELL, r * CELL) for r, c in tents]
    style = f'text-anchor="middle" font-size="{CELL // 2}"'
    for r, n in enumerate(puzzle.row_counts):
        parts.append(
            f'<text x="{w * CELL + CELL / 2}" y="{r * CELL + CELL * 0.68:.1f}" {style}>{n}</text>'
        )
    for c, n in enumerate(puzzle.col_counts):
        parts.append(
            f'<text x="{c * CELL + CELL / 2}" y="{h * CELL + CELL * 0.68:.1f}" {style}>{n}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
