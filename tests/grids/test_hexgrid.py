from __future__ import annotations

import pytest

from crossforge.grids.hexgrid import FAMILIES, HexGrid


def test_side_two_by_hand() -> None:
    hexagon = HexGrid(2)
    assert hexagon.rows == 3
    assert [hexagon.row_length(r) for r in range(3)] == [2, 3, 2]
    assert hexagon.lines("rows") == [[(0, 0), (0, 1)], [(1, 0), (1, 1), (1, 2)], [(2, 0), (2, 1)]]
    # nw: k - min(r, 1) = i - 1, read from the lowest cell upward
    assert hexagon.lines("nw") == [
        [(2, 0), (1, 0)],
        [(2, 1), (1, 1), (0, 0)],
        [(1, 2), (0, 1)],
    ]
    # sw: k - min(r, 1) + r - 1 = 1 - i, read from the highest cell downward
    assert hexagon.lines("sw") == [
        [(1, 2), (2, 1)],
        [(0, 1), (1, 1), (2, 0)],
        [(0, 0), (1, 0)],
    ]


@pytest.mark.parametrize("side", range(1, 8))
def test_families_partition_the_cells(side: int) -> None:
    hexagon = HexGrid(side)
    cells = list(hexagon.cells())
    assert len(cells) == hexagon.size == 3 * side * (side - 1) + 1
    for family in FAMILIES:
        lines = hexagon.lines(family)
        assert len(lines) == 2 * side - 1
        flat = [cell for line in lines for cell in line]
        assert sorted(flat) == cells
        assert [len(line) for line in lines] == [hexagon.row_length(r) for r in range(len(lines))]
        for i, line in enumerate(lines):
            assert all(hexagon.line_index(family, cell) == i for cell in line)


def test_side_seven_reading_directions() -> None:
    hexagon = HexGrid(7)
    assert hexagon.size == 127
    nw, sw = hexagon.lines("nw"), hexagon.lines("sw")
    # lines of both diagonal families start at the lower left / upper right edges
    assert nw[0] == [(r, 0) for r in range(12, 5, -1)]
    assert nw[12] == [(6, 12), (5, 11), (4, 10), (3, 9), (2, 8), (1, 7), (0, 6)]
    assert sw[0] == [(6 + t, 12 - t) for t in range(7)]
    assert sw[12] == [(r, 0) for r in range(7)]
    for line in nw:
        assert [r for r, _ in line] == sorted((r for r, _ in line), reverse=True)
    for line in sw:
        assert [r for r, _ in line] == sorted(r for r, _ in line)
    assert len(hexagon.all_lines()) == 39


def test_bad_sides_and_rows() -> None:
    with pytest.raises(ValueError):
        HexGrid(0)
    with pytest.raises(IndexError):
        HexGrid(3).row_length(5)
    with pytest.raises(ValueError, match="unknown line family"):
        HexGrid(3).line_index("ne", (0, 0))  # type: ignore[arg-type]
