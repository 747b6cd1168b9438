"""Region fill and grid markup in the crossword types' requests and answers."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.crossword import American
from crossforge.plugins.strategies.backtrack import Backtrack
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.source import IndexWords

# Every word of 3 and 4 letters over A, B, C, E: open 3x3 and 4x4 grids fill many ways.
WORDS = {
    "".join(p): 10 + 7 * i % 90
    for n in (3, 4)
    for i, p in enumerate(itertools.product("ABCE", repeat=n))
}
SOURCE = IndexWords({"default-en": WordIndex.build(WORDS.items())})
OPEN3 = ["...", "...", "..."]
OPEN4 = ["....", "....", "....", "...."]


def fill(request: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """The answer of a backtracking fill of ``request`` (American rules), with the
    search's ``status``."""
    puzzle_type = American()
    problem = puzzle_type.problem(request, SOURCE)
    outcome = Backtrack().solve(problem, Control.with_timeout(10, seed=seed))
    return {**puzzle_type.result(problem, outcome), "status": outcome.status}


def partial_grid(rows: list[str], rng: random.Random) -> list[str]:
    """A full fill of ``rows`` with a random share of its letters erased."""
    full = fill({"grid": rows}, seed=rng.randrange(1000))["grid"]
    erase = rng.random()
    return ["".join("." if rng.random() < erase else ch for ch in row) for row in full]


def test_random_region_fills_never_touch_a_cell_outside_the_region() -> None:
    rng = random.Random(14)
    solved = 0
    for trial in range(60):
        shape = OPEN3 if trial % 2 else OPEN4
        grid = partial_grid(shape, rng)
        cells = [(r, c) for r in range(len(shape)) for c in range(len(shape))]
        region = rng.sample(cells, rng.randrange(1, len(cells) + 1))
        answer = fill({"grid": grid, "region": {"cells": region}}, seed=trial)
        inside = set(region)
        for r, c in cells:
            if (r, c) not in inside:
                assert answer["grid"][r][c] == grid[r][c], (grid, region, answer["grid"])
        assert answer["region"] == sorted([r, c] for r, c in inside)
        if answer["status"] == "solved":
            solved += 1
            assert all(answer["grid"][r][c] != "." for r, c in inside)
            for entry in answer["entries"]:  # every entry agrees with what is placed
                cells_of = slot_cells(shape, entry["number"], entry["direction"])
                placed = [answer["grid"][r][c] for r, c in cells_of]
                assert all(p in (".", w) for p, w in zip(placed, entry["word"], strict=True))
    assert solved >= 40  # most random regions fill; the check above ran on them


def slot_cells(shape: list[str], number: int, direction: str) -> list[tuple[int, int]]:
    """The cells of a slot of an all-open square grid (numbers as printed)."""
    size = len(shape)
    starts = [(0, c) for c in range(size)] + [(r, 0) for r in range(1, size)]
    r, c = starts[number - 1]
    return [(r, c + i) if direction == "across" else (r + i, c) for i in range(size)]


def test_region_cells_are_filled_afresh_and_empty_cells_outside_stay_empty() -> None:
    grid = ["ABC", "...", "..."]
    answer = fill({"grid": grid, "region": {"cells": [[0, 0], [1, 1]]}, "banned": ["ABC"]})
    assert answer["status"] == "solved"
    rows = answer["grid"]
    assert rows[0][1:] == "BC" and rows[0][0] != "." and rows[1][1] != "."
    assert rows[1][0] == rows[1][2] == "." and rows[2] == "..."
    # 1A, 1D, 4A and 2D touch the region; 3D and 5A do not, and are not entries
    ids = [f"{e['number']}{e['direction'][0].upper()}" for e in answer["entries"]]
    assert ids == ["1A", "4A", "1D", "2D"]


def test_region_by_slots_is_the_union_of_their_cells() -> None:
    grid = fill({"grid": OPEN3}, seed=3)["grid"]
    answer = fill({"grid": grid, "region": {"slots": ["1a"], "cells": [[2, 2]]}})
    assert answer["region"] == [[0, 0], [0, 1], [0, 2], [2, 2]]
    assert answer["grid"][1] == grid[1] and answer["grid"][2][:2] == grid[2][:2]


def test_region_fill_does_not_repeat_a_word_complete_outside() -> None:
    # The downs through row 1 allow only AAA, BBB and CCC: 1A must read ABC, which 4A
    # (complete, outside the region) already holds.
    allowed = {"ABC", "AAA", "BBB", "CCC"}
    banned = [w for w in WORDS if len(w) == 3 and w not in allowed]
    request = {"grid": ["...", "ABC", "..."], "region": {"slots": ["1A"]}, "banned": banned}
    assert fill(request)["status"] == "unsatisfiable"
    repeated = fill({**request, "no_duplicates": False})
    assert repeated["status"] == "solved"
    assert repeated["grid"] == ["ABC", "ABC", "..."]


@pytest.mark.parametrize(
    ("region", "message"),
    [
        ({"cells": [[4, 0]]}, r"region cell \[4, 0\] lies outside the 4x4 grid"),
        ({"cells": [[0, -1]]}, r"region cell \[0, -1\] lies outside"),
        ({"cells": [[1, 1], [0, 0]]}, r"region cell \[0, 0\] is a block"),
        ({"slots": ["9A"]}, "region slot '9A' is not a slot of the grid"),
    ],
)
def test_bad_regions_are_refused_by_name(region: dict[str, Any], message: str) -> None:
    grid = ["#...", "....", "....", "...#"]
    with pytest.raises(ValueError, match=message):
        American().problem({"grid": grid, "region": region}, SOURCE)


def test_a_locked_entry_must_touch_the_region() -> None:
    request = {"grid": OPEN3, "region": {"cells": [[0, 0]]}, "locked": {"5A": "ABC"}}
    with pytest.raises(ValueError, match="locked entry '5A' does not touch the region"):
        American().problem(request, SOURCE)
    answer = fill({**request, "locked": {"1D": "ABC"}})
    assert answer["grid"] == ["A..", "...", "..."]  # only the region's cell is written


def test_marks_from_the_text_grid_and_the_fields_reach_the_answer() -> None:
    text = "...\n...\n...\ncircled: 0,0 2,2\n"
    answer = fill({"grid": text, "shaded": [[1, 1]], "circled": [[0, 2]]})
    assert answer["circled"] == [[0, 0], [0, 2], [2, 2]] and answer["shaded"] == [[1, 1]]
    assert "region" not in answer
    with pytest.raises(ValueError, match=r"shaded cell \(5, 5\) lies outside the grid"):
        American().problem({"grid": OPEN3, "shaded": [[5, 5]]}, SOURCE)
