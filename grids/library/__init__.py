"""The sample grid library: minis, American 15x15 and 21x21 patterns, fully checked
("Canadian") grids after the Canadian-crossword article, and hexagons for regex crosswords.

Square grids are plain-text ``.txt`` files (``crossforge.grids.formats.plain_text``); hexagons are
``format_hex`` text in ``.hex`` files. ``README.md`` in this folder describes each grid.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from crossforge.errors import InputError, NotFound
from crossforge.grids.hexgrid import HexCell, HexGrid, parse_hex
from crossforge.grids.model import Grid

FOLDER = Path(__file__).resolve().parent


@dataclass(frozen=True)
class LibraryGrid:
    """A catalogue entry: the file's stem, its shape and the rule set it satisfies."""

    name: str
    shape: str
    """"square" or "hex"."""
    rules: str | None
    """The rule set the grid passes ("american", "canadian"), None for hexagons."""
    description: str

    @property
    def path(self) -> Path:
        """The grid's file."""
        return FOLDER / f"{self.name}{'.hex' if self.shape == 'hex' else '.txt'}"


def _grids(shape: str, rules: str | None, *named: tuple[str, str]) -> list[LibraryGrid]:
    """Catalogue entries of one shape and rule set from ``(name, description)`` pairs."""
    return [LibraryGrid(name, shape, rules, description) for name, description in named]


CATALOGUE: dict[str, LibraryGrid] = {
    entry.name: entry
    for entry in [
        *_grids(
            "square",
            "american",
            ("mini-5x5", "5x5 mini, two corner blocks, 10 entries"),
            ("mini-7x7", "7x7 mini, 16 entries"),
            ("american-15-themed", "themed, three 15-letter rows, 76 words"),
            (
                "american-15-themed-circles",
                "themed, three 15s with circled middle letters, 76 words, 40 blocks",
            ),
            ("american-15-themed-stagger", "themed, 12/6+6/12 theme rows, 76 words, 37 blocks"),
            ("american-15-themeless-72", "themeless, 72 words, 30 blocks"),
            ("american-15-themeless-66", "themeless, 66 words, 31 blocks"),
            ("american-15-very-open", "very open themeless, 62 words, stacked 8-10 letter corners"),
            ("american-21-sunday-a", "21x21 Sunday, 140 words, 78 blocks"),
            ("american-21-sunday-b", "21x21 Sunday, 144 words, 78 blocks"),
        ),
        *_grids(
            "square",
            "canadian",
            ("canadian-small", "10x10, 35 words, complexity 249"),
            ("canadian-medium", "13x13, 46 words, complexity 372"),
            (
                "canadian-fragmented",
                "15x15, 73 words, complexity 519; one spine splits it into four fragments",
            ),
            ("canadian-78", "15x15, 78 words, complexity 570"),
            ("canadian-long-cross", "15x15, 68 words; four 15s cross 52 of the other 64 entries"),
        ),
        *_grids("hex", None, *((f"hex-side-{n}", f"hexagon of side {n}") for n in range(2, 8))),
    ]
}


class HexagonError(InputError):
    """A square grid was asked for by the name of a hexagon."""


def entry(name: str, shape: str | None = None) -> LibraryGrid:
    """The catalogue entry of ``name``, the one place a library grid's name is resolved:
    ``NotFound`` names the known grids; with ``shape``, an entry of another shape is an
    ``InputError`` (``HexagonError`` when a square grid was wanted)."""
    try:
        found = CATALOGUE[name]
    except KeyError:
        raise NotFound(f"no library grid {name!r}; known: {', '.join(CATALOGUE)}") from None
    if shape == "square" and found.shape != "square":
        raise HexagonError(f"library grid {name!r} is a hexagon; crosswords take square grids")
    if shape is not None and found.shape != shape:
        raise InputError(f"library grid {name!r} is {found.shape}, not {shape}")
    return found


def load_grid(name: str) -> Grid:
    """A square library grid (``entry``'s errors)."""
    return Grid.from_text(entry(name, "square").path.read_text(encoding="utf-8"))


def load_hexagon(name: str) -> tuple[HexGrid, dict[HexCell, str]]:
    """A hexagonal library grid and its letters (none for the blank shapes)."""
    return parse_hex(entry(name, "hex").path.read_text(encoding="utf-8"))
