"""Tents techniques one by one: each on a board that shows it and on a puzzle that needs
it (the solve stops without it); the line placements against listing them; every
deduction on random small puzzles against all their solutions."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

import pytest

import crossforge.plugins.puzzles.tents as tents_package
from crossforge.plugins.puzzles.technique_solver import Contradiction, Rules, propagate
from crossforge.plugins.puzzles.tents.generate import random_layout
from crossforge.plugins.puzzles.tents.geometry import GRASS, TENT, TREE, UNKNOWN, Geometry
from crossforge.plugins.puzzles.tents.model import (
    TentsPuzzle,
    orthogonal,
    parse_text,
    validate,
)
from crossforge.plugins.puzzles.tents.solver import LEVELS, RULES, solve
from crossforge.plugins.puzzles.tents.squeeze import SQUEEZED, Squeezed, clear_caches, squeeze
from crossforge.plugins.puzzles.tents.techniques import (
    GUESS,
    LINE_SQUEEZE,
    MATCHING,
    SHARED_NEIGHBOUR,
    Board,
    Move,
)

DATA = Path(tents_package.__file__).parent / "samples"
SHARED_EXAMPLE = "10x10:al_a_dc_addffgfbacgdh,2,3,1,2,2,2,2,2,1,3,2,3,1,3,1,4,1,3,1,1"
"""Tatham Tricky: needs shared-neighbour (it needed a guess before that technique)."""
MATCHING_EXAMPLE = "10x10:c_bbjfmccbbbmacabahd,4,0,3,1,2,2,2,1,2,2,3,1,1,2,1,2,2,3,2,2"
"""Generated at level matching (seed 4): its matching step bans, pairs and finds tents."""


def board(text: str, grass: tuple[tuple[int, int], ...] = ()) -> Board:
    puzzle = parse_text(text)
    b = Board(Geometry(puzzle))
    for r, c in grass:
        b.set_cell(r * puzzle.width + c, GRASS)
    return b


def without(finder: Callable[[Board], list[Move]]) -> Rules[Board]:
    """The solver's rules less one finder."""
    levels = tuple(tuple(f for f in level if f is not finder) for level in LEVELS)
    return Rules(levels, GUESS, RULES.branches)


def stops_without(text: str, finder: Callable[[Board], list[Move]]) -> bool:
    b = Board(Geometry(parse_text(text)))
    propagate(b, without(finder))
    return not b.solved()


def test_shared_neighbour_grasses_the_cell_two_diagonal_sites_share() -> None:
    # The tree at (1,1) can only use (0,1) and (1,2): either touches (0,2).
    b = board("3 3\n... 1\n.T. 0\n... 0\n0 1 0\n", grass=((1, 0), (2, 1)))
    (move,) = b.shared_neighbour()
    assert move.technique is SHARED_NEIGHBOUR and move.cells == [(2, GRASS)]
    assert b.shared_neighbour() == []  # nothing changed since it looked
    # Opposite sites (up, down) share the cells left and right of the tree, once the
    # matching has banned them for it.
    b = board("3 3\n... 1\n.T. 0\n... 0\n0 1 0\n")
    b.apply(Move(MATCHING, "test", bans=[(0, 3), (0, 5)]))
    assert b.shared_neighbour()[0].cells == [(3, GRASS), (5, GRASS)]


def test_shared_neighbour_is_needed_for_a_tatham_tricky_puzzle() -> None:
    assert stops_without(SHARED_EXAMPLE, Board.shared_neighbour)
    result = solve(parse_text(SHARED_EXAMPLE))
    assert result.grade.level == SHARED_NEIGHBOUR.level and result.unique is True
    assert "matching" not in {s.technique for s in result.grade.steps}


def test_line_squeeze_is_needed_for_the_article_18x18() -> None:
    text = (DATA / "article003_18x18.txt").read_text()
    assert stops_without(text, Board.line_squeeze)
    assert solve(parse_text(text)).grade.level == LINE_SQUEEZE.level


def listed(line: bytes, need: int) -> Squeezed | None:
    """What squeeze finds, by listing every placement."""
    size = len(line)
    open_pos = [i for i, v in enumerate(line) if v == UNKNOWN]
    tents = {i for i, v in enumerate(line) if v == TENT}
    found = []
    for chosen in combinations(open_pos, need):
        every = tents | set(chosen)
        if all(i + 1 not in every for i in every):
            found.append(set(chosen))
    if not found:
        raise Contradiction("none")
    always = sum(1 << i for i in open_pos if all(i in p for p in found))
    never = sum(1 << i for i in open_pos if all(i not in p for p in found))
    touched = sum(
        1 << i for i in range(size) if all((tents | p) & {i - 1, i, i + 1} for p in found)
    )
    return (always, never, touched) if always or never or touched else None


def test_line_placements_by_dynamic_programming_match_the_listing() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        size = rng.randint(1, 11)
        line = bytes(rng.choice([UNKNOWN] * 4 + [TENT, GRASS, TREE]) for _ in range(size))
        need = rng.randint(1, 4)
        try:
            expected = listed(line, need)
        except Contradiction:
            with pytest.raises(Contradiction):
                squeeze(line, need)
            continue
        assert squeeze(line, need) == expected, (line, need)


def test_line_squeeze_caches_by_line_contents() -> None:
    clear_caches()
    b = board("3 5\nT.T.T 0\n..... 3\n..... 0\n1 0 1 0 1\n")
    moves = b.line_squeeze()
    assert any(m.detail.startswith("row 1") for m in moves) and SQUEEZED
    assert (bytes(5), 3) in SQUEEZED  # row 1, open, count 3
    assert [m.detail for m in b.line_squeeze()] == [m.detail for m in moves]  # from the cache
    assert (bytes([TREE, 0, TREE, 0, TREE]), 0) not in SQUEEZED  # full lines skip
    clear_caches()
    assert not SQUEEZED


RING = "4 5\n..... 0\n.T.T. 3\n..T.T 0\n...T. 2\n1 0 2 0 2\n"
"""Trees (1,3), (2,2), (2,4), (3,3) ring the grass at (2,3): with (0,3) grass they can
only use (1,2), (1,4), (3,2), (3,4), one each, so all four are tents; the tree at (1,1)
must then leave (1,2) and take (1,0)."""
RING_GRASS = ((2, 3), (0, 3), (0, 1), (2, 1))


def test_matching_finds_the_tents_a_ring_of_trees_needs() -> None:
    b = board(RING, RING_GRASS)
    (move,) = b.matching()
    assert move.technique is MATCHING
    assert move.cells == [(c, TENT) for c in (5, 7, 9, 17, 19)]
    assert move.bans == [(0, 7)]  # tree (1,1) cannot take (1,2)
    assert move.pairs == [(0, 5)]  # … so it takes (1,0)
    assert "no tree takes (1, 1)→(1, 2)" in move.detail
    b.apply(move)
    assert b.sites(0) == [5] and b.matching() == []


def test_matching_keeps_every_edge_some_matching_uses() -> None:
    # Without the grass at (0,3) the tree at (1,3) may also take it: nothing follows.
    b = board(RING, RING_GRASS[:1] + RING_GRASS[2:])
    assert b.matching() == []


def test_matching_needs_the_trees_to_cover_every_tent() -> None:
    # The tents at (0,0) and (0,2) can only belong to the tree at (0,1): the counts
    # allow both, no matching covers both.
    b = board("3 5\n.T... 2\n..... 0\n....T 0\n1 0 1 0 0\n")
    b.set_cell(0, TENT)
    b.set_cell(2, TENT)
    with pytest.raises(Contradiction, match="tent at \\(0, 2\\) finds no tree"):
        b.matching()


def test_matching_is_needed_for_a_generated_puzzle() -> None:
    assert stops_without(MATCHING_EXAMPLE, Board.matching)
    result = solve(parse_text(MATCHING_EXAMPLE))
    assert result.unique is True and result.grade.level == MATCHING.level
    assert all(s.technique != "guess" for s in result.grade.steps)


def solutions(puzzle: TentsPuzzle) -> list[set[int]]:
    spots = sorted(
        {n for tree in puzzle.trees for n in orthogonal(*tree, puzzle.height, puzzle.width)}
        - set(puzzle.trees)
    )
    w = puzzle.width
    return [
        {r * w + c for r, c in tents}
        for tents in combinations(spots, len(puzzle.trees))
        if not validate(puzzle, tents)
    ]


def test_every_deduction_holds_in_every_solution() -> None:
    rng = random.Random(17)
    checked = 0
    while checked < 150:
        h, w = rng.randint(3, 5), rng.randint(3, 6)
        puzzle = random_layout(h, w, rng)
        if rng.random() < 0.3:  # move a tent between rows: often no solution at all
            rows = list(puzzle.row_counts)
            i, j = rng.sample(range(h), 2)
            if rows[i]:
                rows[i], rows[j] = rows[i] - 1, rows[j] + 1
            puzzle = TentsPuzzle(h, w, puzzle.trees, tuple(rows), puzzle.col_counts)
        if len(puzzle.trees) > 7:
            continue
        checked += 1
        every = solutions(puzzle)
        b = Board(Geometry(puzzle))
        try:
            propagate(b, RULES)
        except Contradiction:
            assert not every, puzzle
            continue
        for tents in every:
            for cell, state in enumerate(b.state):
                assert state != TENT or cell in tents, (puzzle, cell)
                assert state != GRASS or cell not in tents, (puzzle, cell)
            for cell in b.pair_tree:
                assert cell < 0 or cell in tents


def test_incremental_finders_miss_nothing_a_full_scan_finds() -> None:
    # At a fixpoint, every finder told that everything changed finds nothing new, also
    # after a guess (as in search).
    rng = random.Random(9)
    for _ in range(60):
        puzzle = random_layout(rng.randint(5, 12), rng.randint(5, 12), rng)
        b = Board(Geometry(puzzle))
        try:
            propagate(b, RULES)
            if not b.solved():
                b.apply(rng.choice(RULES.branches(b)))
                propagate(b, RULES)
        except Contradiction:
            continue
        geo = b.geo
        tents = {i for i, s in enumerate(b.state) if s == TENT}
        b.touched_cells, b.touched_lines = set(range(geo.size)), set(range(len(geo.lines)))
        b.site_trees = set(range(len(geo.tree_cells)))
        b.shared_trees, b.owner_tents, b.new_tents = set(b.site_trees), set(tents), set(tents)
        moves = [m for level in LEVELS for finder in level for m in finder(b)]
        assert not any(b.apply(m) for m in moves), [m.detail for m in moves]
