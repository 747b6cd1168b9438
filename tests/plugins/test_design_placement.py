"""Theme placement (``crossforge.plugins.design.placement``): theme lines apart, never
three of them two apart, neighbouring entries staggered, images symmetric."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from crossforge.grids.rules import mirror_cell
from crossforge.plugins.design.placement import Placement, ThemeSlot, theme_placements
from crossforge.plugins.design.settings import DesignError, ThemeEntry, design_settings

FIVE = ["BLUEBERRYHILL", "TOPBANANA", "ORANGEJUICE", "HOTPOTATO", "GOOSEBERRYPIE"]
FOUR = ["THIRDWHEEL", "FIFTHCOLUMN", "PEARLHARBOR", "SIXTHSENSE"]


def placements(theme: list[str], tries: int = 12) -> list[Placement]:
    settings = design_settings({"size": [15, 15], "theme": theme}, str.upper)
    return theme_placements(settings, random.Random(4), tries)


def rows_of(placement: Placement) -> list[int]:
    return sorted(theme.cells[0][0] for theme in placement.themes)


def test_theme_lines_keep_apart_and_the_first_layout_boxes_in_no_middle() -> None:
    found = placements(FIVE)
    assert rows_of(found[0]) == [2, 4, 7, 10, 12]  # 13s, 9s, the 11 in the centre
    assert rows_of(placements(FOUR)[0]) == [2, 5, 9, 12]
    for placement in found:
        rows = rows_of(placement)
        gaps = [b - a for a, b in pairwise(rows)]
        assert min(gaps) >= 2 and len(set(rows)) == 5
        assert {14 - row for row in rows} == set(rows)  # symmetric lines
        cells = {cell for theme in placement.themes for cell in theme.cells}
        assert {mirror_cell(15, 15, cell) for cell in cells} == cells  # symmetric slots
    gaps = [b - a for a, b in pairwise(rows_of(found[0]))]
    assert not any(a == b == 2 for a, b in pairwise(gaps))  # no boxed-in middle


def test_later_placements_stagger_neighbouring_entries() -> None:
    starts = set()
    for placement in placements(FOUR):
        top = sorted(placement.themes, key=lambda theme: theme.cells[0][0])[:2]
        starts.add(tuple(theme.cells[0][1] for theme in top))
    # flush left for the top entry, flush right (15 - 11 = 4) for the next one
    assert (0, 4) in starts and (0, 0) in starts


def test_an_unpaired_entry_that_cannot_be_centred_keeps_its_image_open() -> None:
    """An even entry on an odd width (and the odd one out of 13, 13, 12) cannot sit
    centred: it takes a slot off the centre line, its mirror image kept for the fill."""
    for theme in (["ECLAIR"], ["BLUEBERRYHILL", "GOOSEBERRYPIE", "ORANGEJUICES"]):
        found = placements(theme)
        assert found, theme
        for placement in found:
            (alone,) = [t for t in placement.themes if len(t.entry.answer) % 2 == 0]
            image = tuple(sorted(mirror_cell(15, 15, cell) for cell in alone.cells))
            assert alone.cells[0][0] != 7 and placement.kept == (image,)


def test_mirror_symmetry_refuses_an_entry_it_cannot_centre_by_name() -> None:
    settings = design_settings(
        {"size": [15, 15], "theme": ["STARSANDSTRIPE", "ECLAIRS"], "symmetry": "mirror"},
        str.upper,
    )
    with pytest.raises(
        DesignError, match="every across entry sits centred .* STARSANDSTRIPE cannot"
    ):
        theme_placements(settings, random.Random(4), 12)


def test_a_set_that_also_goes_down_still_gets_entries_drawn_anywhere_in_their_lines() -> None:
    """Every other placement of a crowded Sunday set is a mixed one; the across ones
    between still go through the whole sequence of ``_place``, drawn starts included,
    not only the flush and staggered ones (6 distinct placements of 200 asked, before)."""
    theme = [
        "ONCEINABLUEMOON", "STRAWBERRYFIELDS", "RAININGCATSANDDOGS", "MAKEALONGSTORYSHORT",
        "HAPPYBIRTHDAYTOYOU", "GOLDENGATEBRIDGE", "UNDERTHEWEATHER",
    ]  # fmt: skip
    settings = design_settings({"size": [21, 21], "theme": theme}, str.upper)
    found = theme_placements(settings, random.Random(1), 40)
    fifteens = [t for placement in found for t in placement.themes if len(t.entry.answer) == 15]
    starts = {min(t.cells)[1] for t in fifteens}
    assert len(found) == 40 and len(starts) > 2  # not only flush left (0) and right (6)


def test_no_placement_blocks_a_corner_cell_when_another_does_not() -> None:
    """A 13 in the third row of a 15x15 leaves one or two cells to an edge, which must
    be blocks, and the two cells above them too: the corner cell is blocked wherever
    the 13 starts. From the fourth row on its end blocks leave the corners open."""
    thirteen = ThemeEntry("BLUEBERRYHILL")
    for row, blocked in ((2, True), (3, False), (12, True), (11, False)):
        for col in (0, 1, 2):
            cells = tuple((row, col + i) for i in range(13))
            placement = Placement(15, 15, "rotational", (ThemeSlot(thirteen, cells),))
            assert placement.blocks_a_corner() is blocked, (row, col)
    found = placements(["BLUEBERRYHILL", "BANANASPLIT", "GOOSEBERRYPIE"], tries=40)
    assert found and not any(placement.blocks_a_corner() for placement in found)
    assert all(rows_of(placement)[0] >= 3 for placement in found)
    # five entries of 9-13 find no layout that spares the corners: they keep the rest
    assert all(placement.blocks_a_corner() for placement in placements(FIVE))
