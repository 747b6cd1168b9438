"""Circles and shading survive every puzzle format, whatever the grid holds."""

from __future__ import annotations

import itertools
import json
import random

import puz
import pytest

from crossforge.grids.crossword_file import CrosswordFile
from crossforge.grids.formats import FORMATS, dumps, loads
from crossforge.grids.model import Grid

ROWS = ["#CA.", "A.EA", "HALO", ".NT#"]


def marked_grids(count: int) -> list[Grid]:
    """Grids with random circles and shading: on letters, on empty cells, both at once."""
    rng = random.Random(14)
    open_cells = [(r, c) for r, row in enumerate(ROWS) for c, ch in enumerate(row) if ch != "#"]
    grids = []
    for _ in range(count):
        circled = rng.sample(open_cells, rng.randrange(len(open_cells)))
        shaded = rng.sample(open_cells, rng.randrange(len(open_cells)))
        grids.append(Grid.from_rows(ROWS, circled=circled, shaded=shaded))
    return grids


@pytest.mark.parametrize(("fmt", "grid"), list(itertools.product(FORMATS, marked_grids(12))))
def test_marks_round_trip(fmt: str, grid: Grid) -> None:
    back = loads(dumps(CrosswordFile(grid), fmt), fmt).grid
    assert (back.rows, back.circled, back.shaded) == (grid.rows, grid.circled, grid.shaded)


def test_xd_keeps_the_standard_form_when_it_says_everything() -> None:
    grid = Grid.from_rows(["#CAT", "AREA"], circled=[(0, 1), (1, 2)])
    text = dumps(CrosswordFile(grid), "xd").decode()
    assert "Special: circle" in text and "#cAT\nAReA" in text
    assert "## Design" not in text


def test_xd_design_section_for_both_kinds() -> None:
    grid = Grid.from_rows(["#CA.", "AREA"], circled=[(0, 1)], shaded=[(0, 1), (0, 3)])
    text = dumps(CrosswordFile(grid), "xd").decode()
    assert "Special: circle" in text and "#cA." in text  # readers of the standard see circles
    design = text.split("## Design\n\n", 1)[1]
    assert design.splitlines()[-2:] == ["#B.S", "...."]


def test_xd_design_written_by_another_tool() -> None:
    text = (
        "## Metadata\nTitle: Theirs\n\n## Grid\n\n##AB\nCDEF\n\n## Clues\n\n"
        "A1. x ~ AB\nA3. y ~ CDEF\n\nD1. z ~ AE\nD2. w ~ BF\n\n"
        "## Design\n\n<style>\nX, Y { background: circle }\nZ { background: shaded }\n</style>\n\n"
        "##X.\nY..Z\n"
    )
    grid = loads(text.encode(), "xd").grid
    assert grid.rows == ("##AB", "CDEF")
    assert grid.circled == {(0, 2), (1, 0)} and grid.shaded == {(1, 3)}


def test_xd_design_without_rules_is_refused() -> None:
    text = "## Grid\n\nAB\nCD\n\n## Design\n\nO.\n..\n"
    with pytest.raises(ValueError, match="<style>"):
        loads(text.encode(), "xd")


def test_puzpy_reads_circles_and_the_shading_stand_in() -> None:
    grid = Grid.from_rows(["ABC", "DEF"], circled=[(0, 0), (1, 1)], shaded=[(1, 1), (1, 2)])
    theirs = puz.load(dumps(CrosswordFile(grid), "puz"))
    assert theirs.markup().get_markup_squares(puz.GridMarkup.Circled) == [0, 4, 5]
    assert loads(theirs.tobytes(), "puz").grid == grid


def test_ipuz_styles_by_name_and_colour() -> None:
    document = {
        "version": "http://ipuz.org/v2",
        "kind": ["http://ipuz.org/crossword#1"],
        "dimensions": {"width": 2, "height": 2},
        "styles": {"ring": {"shapebg": "circle"}, "grey": {"color": "cccccc"}},
        "puzzle": [
            [{"cell": 1, "style": "ring"}, {"cell": 2, "style": "grey"}],
            [{"cell": 3, "style": {"color": "FFFFFF"}}, {"cell": 0, "style": {"color": 3}}],
        ],
        "solution": [["A", "B"], ["C", "D"]],
    }
    grid = loads(json.dumps(document).encode(), "ipuz").grid
    assert grid.circled == {(0, 0)} and grid.shaded == {(0, 1), (1, 1)}
