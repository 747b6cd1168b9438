"""Sudoku search: the top95 collection, counts against a brute-force reference, the
segment tables of locked candidates, and generation that runs out of time."""

from __future__ import annotations

import random
from collections.abc import Sequence
from importlib.resources import files

import pytest

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.sudoku.board import Geometry, Sudoku, parse_collection
from crossforge.plugins.puzzles.sudoku.generate import GenerationTimeout, generate, random_solution
from crossforge.plugins.puzzles.sudoku.search import count_solutions, initial_candidates
from crossforge.plugins.puzzles.sudoku.search_tables import search_tables
from crossforge.server.cli import main


def _top95() -> list[Sudoku]:
    text = (files("crossforge.plugins.puzzles.sudoku") / "samples" / "top95.txt").read_text()
    return parse_collection(text)


def _is_solution(geo: Geometry, givens: Sequence[int], grid: Sequence[int]) -> bool:
    digits = set(range(1, geo.size + 1))
    kept = all(g in (0, d) for g, d in zip(givens, grid, strict=True))
    return kept and all({grid[c] for c in unit} == digits for unit in geo.units)


def _brute_force(geo: Geometry, givens: Sequence[int]) -> set[tuple[int, ...]]:
    """Every solution, by plain backtracking on the first empty cell (no propagation)."""
    grid = list(givens)
    found: set[tuple[int, ...]] = set()

    def fill(start: int) -> None:
        if 0 not in grid[start:]:
            found.add(tuple(grid))
            return
        cell = grid.index(0, start)
        used = {grid[p] for p in geo.peers[cell]}
        for digit in range(1, geo.size + 1):
            if digit not in used:
                grid[cell] = digit
                fill(cell + 1)
        grid[cell] = 0

    fill(0)
    return found


def test_top95_is_read_whole_and_every_puzzle_is_solved_uniquely() -> None:
    puzzles = _top95()
    assert len(puzzles) == 95 and len({p.givens for p in puzzles}) == 95
    for puzzle in puzzles:
        counted = count_solutions(puzzle.geometry, puzzle.givens)
        assert counted.complete and counted.count == 1, str(puzzle)
        assert _is_solution(puzzle.geometry, puzzle.givens, counted.solutions[0])


@pytest.mark.parametrize("seed", range(6))
def test_counts_match_brute_force_on_9x9_with_several_solutions(seed: int) -> None:
    rng = random.Random(seed)
    puzzle = rng.choice(_top95())
    geo = puzzle.geometry
    full = count_solutions(geo, puzzle.givens).solutions[0]
    givens = list(full)
    for cell in rng.sample(range(geo.cells), 44):
        givens[cell] = 0
    reference = _brute_force(geo, givens)
    found = count_solutions(geo, givens, limit=10_000)
    assert {tuple(s) for s in found.solutions} == reference and found.count == len(reference)
    assert count_solutions(geo, givens).count == min(2, len(reference))


def test_several_solutions_are_found_among_the_9x9_cases() -> None:
    counts = []
    for seed in range(6):
        rng = random.Random(seed)
        puzzle = rng.choice(_top95())
        full = count_solutions(puzzle.geometry, puzzle.givens).solutions[0]
        givens = list(full)
        for cell in rng.sample(range(81), 44):
            givens[cell] = 0
        counts.append(count_solutions(puzzle.geometry, givens, limit=10_000).count)
    assert max(counts) >= 2


@pytest.mark.parametrize("seed", range(8))
def test_every_solution_of_sparse_4x4_puzzles_is_counted(seed: int) -> None:
    rng = random.Random(seed)
    geo = Geometry.of(2)
    full = random_solution(geo, rng)
    givens = [d if rng.random() < 0.3 else 0 for d in full]
    reference = _brute_force(geo, givens)
    found = count_solutions(geo, givens, limit=1000)
    assert {tuple(s) for s in found.solutions} == reference and len(reference) >= 1


def test_no_solution_and_the_start_candidates_are_left_alone() -> None:
    geo = Geometry.of(2)
    # r1c2 sees 1 in its row, 2 and 3 in its column and 4 in its box: no digit is left.
    givens = [1, 0, 0, 0, 4, 0, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0]
    counted = count_solutions(geo, givens)
    assert counted.count == 0 and counted.complete
    puzzle = _top95()[0]
    start = initial_candidates(puzzle.geometry, puzzle.givens)
    assert start is not None
    before = list(start)
    assert count_solutions(puzzle.geometry, puzzle.givens, start=start).count == 1
    assert start == before


@pytest.mark.parametrize("box", [2, 3, 4])
def test_segments_split_every_line_and_box(box: int) -> None:
    geo = Geometry.of(box)
    tables = search_tables(box)
    assert len(tables.segments) == 2 * geo.size * box
    for s, cells in enumerate(tables.segments):
        line = set(geo.units[s // box])
        in_box = set(geo.units[geo.units_of[cells[0]][2]])
        assert set(cells) <= line & in_box and len(cells) == box
        assert set(tables.line_rest[s]) == line - set(cells)
        assert set(tables.box_rest[s]) == in_box - set(cells)
        group = tables.groups[tables.group_of[s]]
        assert s in group and {c for g in group for c in tables.segments[g]} == in_box
    for cell in range(geo.cells):
        assert tables.peer_masks[cell] == sum(1 << p for p in geo.peers[cell])
        assert tables.unit_bits[cell] == sum(1 << u for u in geo.units_of[cell])


def test_4x4_full_grids_are_always_drawn() -> None:
    geo = Geometry.of(2)
    for seed in range(40):
        grid = random_solution(geo, random.Random(seed))
        assert _is_solution(geo, [0] * geo.cells, grid)


def test_generation_timeout_is_a_timeout_error_and_a_clean_cli_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert issubclass(GenerationTimeout, TimeoutError)
    with pytest.raises(GenerationTimeout, match="no Sudoku at level guessing"):
        generate(random.Random(1), Control.with_timeout(0.05), box=2, level="guessing")
    argv = ["puzzle", "generate", "sudoku", "--size", "4", "--level", "guessing"]
    code = main([*argv, "--timeout", "0.05"])
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("crossforge: error: no Sudoku at level guessing")
    assert "Traceback" not in err
