from __future__ import annotations

import pytest

from crossforge.grids.model import Crossing, Grid, GridError, Slot

# The New York Times of Saturday, 1 January 1955 (Anthony Morse), as printed in the xd
# corpus's format documentation; its rebus cells (HEART, DIAMOND, SPADE, CLUB) are
# written with their first letter. Printed clues start A1, A6, A10 and D1, D2, D3.
NYT_1955 = """
HACHE#ADAM#DLIL
BLUER#GULL#MATA
EATIN#APEX#ICER
ATAR#TILE#SNEAK
TEN#MANI#ITE###
##DRUB#CANASTAS
FADED#BAGGY#OIL
ONES#KATES#TUNA
ETA#JOKER#JORUM
SILLABUB#SOON##
###ACE#RUIN#ARK
SWORK#JINX#CMAN
BIRD#WADS#SCENE
ISLE#EDGE#PANEL
DEER#BEET#ARTEL
"""


def test_numbering_of_a_published_grid() -> None:
    grid = Grid.from_text(NYT_1955)
    across = [s for s in grid.slots() if s.direction == "across"]
    down = [s for s in grid.slots() if s.direction == "down"]
    assert [s.number for s in across[:3]] == [1, 6, 10]
    assert [s.number for s in down[:3]] == [1, 2, 3]
    assert [grid.pattern(s) for s in across[:3]] == ["HACHE", "ADAM", "DLIL"]
    assert grid.pattern(grid.slot("1D")) == "HBEAT"
    assert grid.pattern(grid.slot("2D")) == "ALATE"
    assert grid.slot("10A").start == (0, 11)
    assert grid.numbering()[(0, 11)] == 10
    # every open cell of a daily is crossed: one crossing per open cell
    assert len(grid.crossings()) == len(grid.open_cells())
    assert grid.is_filled


def test_small_grid_slots_and_crossings() -> None:
    grid = Grid.from_rows(["#...", "....", "....", "...#"])
    ids = [s.id for s in grid.slots()]
    assert ids == ["1A", "4A", "5A", "6A", "1D", "2D", "3D", "4D"]
    one_across = grid.slot("1a")
    assert one_across == Slot(1, "across", ((0, 1), (0, 2), (0, 3)))
    assert one_across.length == 3
    assert grid.crossings()[0] == Crossing(a=0, b=4, i=0, j=0, cell=(0, 1))
    for crossing in grid.crossings():
        slots = grid.slots()
        assert slots[crossing.a].cells[crossing.i] == crossing.cell
        assert slots[crossing.b].cells[crossing.j] == crossing.cell


def test_min_length_changes_slots_and_checking() -> None:
    grid = Grid.from_rows(["..#", "...", "#.."])
    assert [s.id for s in grid.slots()] == ["1A", "3A", "5A", "1D", "2D", "4D"]
    assert [s.id for s in grid.slots(min_length=3)] == ["2A", "1D"]
    assert grid.unchecked_cells(min_length=3) == frozenset(
        {(0, 0), (0, 1), (1, 0), (1, 2), (2, 1), (2, 2)}
    )
    assert grid.checked_cells(min_length=2) == frozenset(grid.open_cells())


def test_letters_patterns_and_filling() -> None:
    grid = Grid.from_rows(["Я..", ".#.", "..."])
    assert grid.letter(0, 0) == "Я"
    assert grid.letter(0, 1) is None
    assert grid.letter(1, 1) is None and grid.is_block(1, 1)
    top = grid.slot("1A")
    assert grid.pattern(top) == "Я.."
    filled = grid.with_letters({top: "ЯМА", (2, 1): "Б"})
    assert filled.rows == ("ЯМА", ".#.", ".Б.")
    assert grid.rows == ("Я..", ".#.", "...")  # the original is untouched
    assert filled.blanked() == Grid.from_rows(["...", ".#.", "..."])
    assert not filled.is_filled
    with pytest.raises(GridError, match="conflicting"):
        grid.with_letters({top: "ОКО"})
    with pytest.raises(GridError, match="not an open cell"):
        grid.with_letters({(1, 1): "A"})
    with pytest.raises(GridError, match="3 letters"):
        grid.with_letters({top: "ЯМ"})


def test_text_round_trip_with_marks() -> None:
    grid = Grid.from_rows(["AB.", ".#.", "..."], circled=[(0, 0)], shaded=[(2, 2), (2, 1)])
    text = grid.to_text()
    assert text == "AB.\n.#.\n...\ncircled: 0,0\nshaded: 2,1 2,2\n"
    assert Grid.from_text(text) == grid


def test_bad_text_names_the_line() -> None:
    with pytest.raises(GridError, match="line 3: row has 2 cells, expected 3"):
        Grid.from_text("...\n...\n..\n")
    with pytest.raises(GridError, match="line 2, column 2: unknown character '3'"):
        Grid.from_text("...\n.3.\n")
    with pytest.raises(GridError, match="line 2: bad cell"):
        Grid.from_text("...\ncircled: 1;1\n")
    with pytest.raises(GridError, match="outside the grid"):
        Grid.from_text("...\ncircled: 4,4\n")
    with pytest.raises(GridError, match="no grid rows"):
        Grid.from_text("\n\n")
    with pytest.raises(ValueError, match="line 4: grid rows after a blank line"):
        Grid.from_text("..\n..\n\n..\n")


def test_public_surface() -> None:
    from crossforge import grids

    assert sorted(grids.__all__) == [
        "Crossing",
        "CrosswordFile",
        "FormatError",
        "Grid",
        "GridError",
        "HexGrid",
        "Slot",
        "Violation",
        "check",
    ]
    assert issubclass(grids.FormatError, ValueError)
