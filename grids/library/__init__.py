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


def _square(name: str, rules: str, description: str) -> LibraryGrid:
    return LibraryGrid(name, "square", rules, description)


CATALOGUE: dict[str, LibraryGrid] = {
    entry.name: entry
    for entry in [
        _square("mini-5x5", "american", "5x5 mini, two corner blocks, 10 entries"),
        _square("mini-7x7", "american", "7x7 mini, 16 entries"),
        _square("american-15-themed", "american", "themed, three 15-letter rows, 76 words"),
        _square(
            "american-15-themed-circles",
            "american",
            "themed, three 15s with circled middle letters, 76 words, 40 blocks",
        ),
        _square(
            "american-15-themed-stagger",
            "american",
            "themed, 12/6+6/12 theme rows, 76 words, 37 blocks",
        ),
        _square("american-15-themeless-72", "american", "themeless, 72 words, 30 blocks"),
        _square("american-15-themeless-66", "american", "themeless, 66 words, 31 blocks"),
        _square(
            "american-15-very-open",
            "american",
            "very open themeless, 62 words, stacked 8-10 letter corners",
        ),
        _square("american-21-sunday-a", "american", "21x21 Sunday, 140 words, 78 blocks"),
        _square("american-21-sunday-b", "american", "21x21 Sunday, 144 words, 78 blocks"),
        _square("canadian-small", "canadian", "10x10, 35 words, complexity 249"),
        _square("canadian-medium", "canadian", "13x13, 46 words, complexity 372"),
        _square(
            "canadian-fragmented",
            "canadian",
            "15x15, 73 words, complexity 519; one spine splits it into four fragments",
        ),
        _square("canadian-78", "canadian", "15x15, 78 words, complexity 570"),
        _square(
            "canadian-long-cross",
            "canadian",
            "15x15, 68 words; four 15s cross 52 of the other 64 entries",
        ),
        *(LibraryGrid(f"hex-side-{n}", "hex", None, f"hexagon of side {n}") for n in range(2, 8)),
    ]
}


def entry(name: str) -> LibraryGrid:
    """The catalogue entry of ``name``; NotFound names the known grids."""
    try:
        return CATALOGUE[name]
    except KeyError:
        raise NotFound(f"no library grid {name!r}; known: {', '.join(CATALOGUE)}") from None


class HexagonError(InputError):
    """A square grid was asked for by the name of a hexagon."""


def square_entry(name: str) -> LibraryGrid:
    """The catalogue entry of the square grid ``name`` (what a crossword takes):
    ``NotFound`` for an unknown name, ``HexagonError`` for a hexagon's."""
    found = entry(name)
    if found.shape != "square":
        raise HexagonError(f"library grid {name!r} is a hexagon; crosswords take square grids")
    return found


def load_grid(name: str) -> Grid:
    """A square library grid (``square_entry``'s errors)."""
    found = square_entry(name)
    return Grid.from_text(found.path.read_text(encoding="utf-8"))


def load_hexagon(name: str) -> tuple[HexGrid, dict[HexCell, str]]:
    """A hexagonal library grid and its letters (none for the blank shapes)."""
    found = entry(name)
    if found.shape != "hex":
        raise InputError(f"library grid {name!r} is square; use load_grid")
    return parse_hex(found.path.read_text(encoding="utf-8"))
