from __future__ import annotations

import xml.etree.ElementTree as ET

from crossforge.grids.hexgrid import HexGrid
from crossforge.grids.model import Grid
from crossforge.grids.svg import BLOCK_FILL, HIGHLIGHT_FILL, SHADE_FILL, grid_svg, hex_svg

NS = {"svg": "http://www.w3.org/2000/svg"}


def _parse(text: str) -> ET.Element:
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_filled_grid_picture() -> None:
    grid = Grid.from_rows(["#CAT", "AREA", "HALO", "ANT#"], circled=[(1, 1)], shaded=[(2, 0)])
    root = _parse(grid_svg(grid, highlight=[grid.slot("1A")], title="A & B"))
    rects = root.findall("svg:rect", NS)[1:]  # the first one is the background
    assert len(rects) == 16
    fills = [rect.get("fill") for rect in rects]
    assert fills.count(BLOCK_FILL) == 2
    assert fills[1:4] == [HIGHLIGHT_FILL] * 3
    assert fills[8] == SHADE_FILL
    assert len(root.findall("svg:circle", NS)) == 1
    texts = [t.text for t in root.findall("svg:text", NS)]
    assert texts[:3] == ["1", "C", "2"]
    assert sorted(t for t in texts if t and t.isalpha()) == sorted("CATAREAHALOANT")
    assert root.find("svg:title", NS).text == "A & B"  # type: ignore[union-attr]


def test_blank_grid_without_numbers() -> None:
    grid = Grid.from_rows(["AB", ".."])
    root = _parse(grid_svg(grid, filled=False, numbers=False))
    assert root.findall("svg:text", NS) == []
    assert root.get("width") == "68" and root.get("viewBox") == "0 0 68 68"


def test_hex_picture() -> None:
    hexagon = HexGrid(3)
    letters = {(0, 0): "X", (2, 4): "<"}
    root = _parse(hex_svg(hexagon, letters, highlight=hexagon.lines("nw")[0]))
    polygons = root.findall("svg:polygon", NS)
    assert len(polygons) == hexagon.size == 19
    assert sum(p.get("fill") == HIGHLIGHT_FILL for p in polygons) == 3
    assert [t.text for t in root.findall("svg:text", NS)] == ["X", "<"]


def test_text_xml_cannot_hold_still_parses() -> None:
    from crossforge.grids.crossword_file import CrosswordFile
    from crossforge.grids.svg import puzzle_svg

    hostile = "</text><script>alert('&')</script> ]]> \x01\x1f\ufffe"
    puzzle = CrosswordFile(Grid.from_rows(["AB", "CD"]), {"1A": hostile}, title=hostile)
    root = _parse(puzzle_svg(puzzle))
    assert (
        root.find("svg:title", NS).text
        == "</text><script>alert('&')</script> ]]> \ufffd\ufffd\ufffd"
    )
    assert not root.findall(".//svg:script", NS)
