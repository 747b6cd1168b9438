"""Sudoku pictures: a plain-text grid with box rules, and an SVG."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from crossforge.plugins.puzzles.sudoku.board import SYMBOLS, Sudoku

CELL = 36
"""SVG cell size in pixels."""


def _digits(puzzle: Sudoku, solution: Sequence[int]) -> list[str]:
    return [SYMBOLS[d - 1] if d else "." for d in (solution or puzzle.givens)]


def render_text(puzzle: Sudoku, solution: Sequence[int] = ()) -> str:
    """Rows of digits (``.`` open) with ``|`` and ``-`` between boxes."""
    n, box = puzzle.size, puzzle.box
    digits = _digits(puzzle, solution)
    rule = "+".join(["-" * (2 * box + 1)] * box)
    lines = []
    for r in range(n):
        if r and r % box == 0:
            lines.append(rule)
        groups = [
            " ".join(digits[r * n + c] for c in range(b * box, b * box + box)) for b in range(box)
        ]
        lines.append(" " + " | ".join(groups))
    return "\n".join(lines) + "\n"


def render_svg(puzzle: Sudoku, solution: Sequence[int] = ()) -> str:
    """An SVG of the grid: givens in black, solved digits in blue."""
    n, box = puzzle.size, puzzle.box
    digits = _digits(puzzle, solution)
    side = n * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side + 4}" height="{side + 4}" '
        f'viewBox="-2 -2 {side + 4} {side + 4}" font-family="sans-serif">',
        f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>',
    ]
    for i in range(n + 1):
        width = 3 if i % box == 0 else 1
        pos = i * CELL
        parts.append(
            f'<line x1="{pos}" y1="0" x2="{pos}" y2="{side}" stroke="black" '
            f'stroke-width="{width}"/>'
        )
        parts.append(
            f'<line x1="0" y1="{pos}" x2="{side}" y2="{pos}" stroke="black" '
            f'stroke-width="{width}"/>'
        )
    for cell, ch in enumerate(digits):
        if ch in ".0":
            continue
        given = bool(puzzle.givens[cell])
        style = 'fill="black" font-weight="bold"' if given else 'fill="#1f4fbf"'
        x = (cell % n) * CELL + CELL / 2
        y = (cell // n) * CELL + CELL * 0.7
        parts.append(
            f'<text x="{x}" y="{y}" font-size="{CELL * 0.6:.0f}" text-anchor="middle" '
            f"{style}>{escape(ch)}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
