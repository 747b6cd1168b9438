from __future__ import annotations

import pytest

from crossforge.errors import InputError, NotFound
from crossforge.grids import library
from crossforge.grids.hexgrid import HexGrid, format_hex, parse_hex
from crossforge.grids.model import Grid
from crossforge.grids.rules import check, open_regions
from crossforge.grids.stats import grid_stats

SQUARE = [e for e in library.CATALOGUE.values() if e.shape == "square"]


def test_every_file_is_catalogued_and_described() -> None:
    files = {path.stem for path in library.FOLDER.glob("*.txt")}
    files |= {path.stem for path in library.FOLDER.glob("*.hex")}
    assert files == set(library.CATALOGUE)
    assert all(entry.path.exists() for entry in library.CATALOGUE.values())
    readme = (library.FOLDER / "README.md").read_text(encoding="utf-8")
    for name in library.CATALOGUE:
        assert f"`{name}`" in readme


@pytest.mark.parametrize("item", SQUARE, ids=lambda e: e.name)
def test_square_grids_pass_their_rules(item: library.LibraryGrid) -> None:
    grid = library.load_grid(item.name)
    assert item.rules is not None
    assert check(grid, item.rules) == []


def test_the_issue_asks_for_these_shapes() -> None:
    stats = {e.name: grid_stats(library.load_grid(e.name)) for e in SQUARE}
    american_15 = [n for n in stats if n.startswith("american-15")]
    assert len(american_15) >= 6
    themed = [n for n in american_15 if "themed" in n]
    assert all(16 <= stats[n].block_percent <= 18 for n in themed)
    assert stats["american-15-themeless-72"].entries == 72
    assert stats["american-15-themeless-66"].entries == 66
    assert stats["american-15-very-open"].entries <= 64
    assert [(stats[n].height, stats[n].width) for n in stats if "21" in n] == [(21, 21)] * 2
    assert (stats["mini-5x5"].height, stats["mini-7x7"].height) == (5, 7)
    canadian = ["canadian-small", "canadian-medium", "canadian-fragmented", "canadian-78"]
    complexity = [stats[n].complexity for n in canadian]
    assert complexity == sorted(complexity)
    assert stats["canadian-78"].entries == 78
    assert library.load_grid("american-15-themed-circles").circled


def test_long_entries_cross_nearly_everything() -> None:
    grid = library.load_grid("canadian-long-cross")
    slots = grid.slots()
    longest = {i for i, slot in enumerate(slots) if slot.length == 15}
    assert len(longest) == 4
    crossings = grid.crossings()
    touched = {c.a for c in crossings if c.b in longest}
    touched |= {c.b for c in crossings if c.a in longest}
    assert len(touched - longest) >= 0.8 * (len(slots) - 4)


def test_fragmented_grid_falls_apart_without_its_spine() -> None:
    grid = library.load_grid("canadian-fragmented")
    spine = next(s for s in grid.slots() if s.length == 15)
    rows = [list(row) for row in grid.rows]
    for r, c in spine.cells:
        rows[r][c] = "#"
    assert len(open_regions(Grid.from_rows(["".join(r) for r in rows]))) == 4


@pytest.mark.parametrize("side", range(2, 8))
def test_hexagons(side: int) -> None:
    hexagon, letters = library.load_hexagon(f"hex-side-{side}")
    assert hexagon == HexGrid(side) and letters == {}


def test_hex_text_round_trip_and_errors() -> None:
    letters = {(0, 0): "A", (2, 3): "Ж"}
    text = format_hex(HexGrid(3), letters)
    assert text.splitlines()[0] == "  A . ."
    assert parse_hex(text) == (HexGrid(3), letters)
    with pytest.raises(InputError, match="line 2: row 1 has 3 cells, expected 4"):
        parse_hex(". . .\n. . .\n. . . . .\n. . . .\n. . .\n")
    with pytest.raises(ValueError, match="odd number of rows"):
        parse_hex(". .\n. . .\n")
    with pytest.raises(ValueError, match="line 1: '7'"):
        parse_hex("7 .\n. . .\n. .\n")


def test_unknown_names() -> None:
    with pytest.raises(NotFound, match="no library grid 'nope'"):
        library.load_grid("nope")
    with pytest.raises(InputError, match="is a hexagon"):
        library.load_grid("hex-side-2")
    with pytest.raises(InputError, match="is square, not hex"):
        library.load_hexagon("mini-5x5")
