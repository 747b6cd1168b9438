"""The Tents logical solver: named techniques in levels, graded steps, search for the rest.

The board keeps one state per cell (unknown, tent, grass, tree) and the tree ↔ tent
pairs proved so far. A tree's *sites* are its orthogonal neighbours that are not grass,
not banned for it by the matching technique, and not already paired with another tree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import LogicalSolve, Technique
from crossforge.plugins.puzzles.technique_solver import (
    Contradiction,
    Rules,
    count_built,
    solve_built,
)
from crossforge.plugins.puzzles.tents.model import TentsPuzzle, orthogonal

UNKNOWN, TENT, GRASS, TREE = 0, 1, 2, 3

NO_TREE = Technique("no-tree", 1, 1, "A cell that no tree can still use is grass.")
NEXT_TO_TENT = Technique("next-to-tent", 1, 1, "The eight neighbours of a tent are grass.")
LINE_FULL = Technique("line-full", 1, 1, "A row or column with all its tents: the rest is grass.")
LINE_FILL = Technique(
    "line-fill", 1, 1, "A row or column with as many open cells as missing tents: all tents."
)
LAST_SITE = Technique("last-site", 2, 2, "A tree with one site left: its tent stands there.")
LAST_TREE = Technique("last-tree", 2, 2, "A tent that one tree alone can own: they pair up.")
LINE_SQUEEZE = Technique(
    "line-squeeze",
    4,
    3,
    "Every way to place a line's missing tents (never two side by side) agrees on a cell, "
    "or covers a neighbouring-line cell with a touching tent.",
)
MATCHING = Technique(
    "matching",
    8,
    4,
    "A tree-site pair in no complete tree-to-tent matching is dropped (Régin's all-different).",
)
GUESS = Technique("guess", 20, 5, "Logic is stuck: try a cell, proved by search.")

TECHNIQUES: tuple[Technique, ...] = (
    NO_TREE,
    NEXT_TO_TENT,
    LINE_FULL,
    LINE_FILL,
    LAST_SITE,
    LAST_TREE,
    LINE_SQUEEZE,
    MATCHING,
    GUESS,
)

LEVEL_NAMES = {0: "none", 1: "basic", 2: "pairing", 3: "squeeze", 4: "matching", 5: "guess"}
"""Level numbers of the technique table and their names."""

SQUEEZE_LIMIT = 400
"""Placements a line may have before line-squeeze skips it."""


@dataclass
class Move:
    """A deduction: cells to set, tree-tent pairs to make and tree sites to ban."""

    technique: Technique
    detail: str
    cells: list[tuple[int, int]] = field(default_factory=list)
    """(cell index, TENT or GRASS)."""
    pairs: list[tuple[int, int]] = field(default_factory=list)
    """(tree number, cell index)."""
    bans: list[tuple[int, int]] = field(default_factory=list)
    """(tree number, cell index)."""


class Geometry:
    """The fixed facts of a puzzle, shared by every board of one solve."""

    def __init__(self, puzzle: TentsPuzzle) -> None:
        self.puzzle = puzzle
        h, w = self.height, self.width = puzzle.height, puzzle.width
        self.size = h * w
        self.tree_cells = [r * w + c for r, c in puzzle.trees]
        tree_at = set(self.tree_cells)
        self.candidates = [
            [r * w + c for r, c in orthogonal(*puzzle.trees[t], h, w) if r * w + c not in tree_at]
            for t in range(len(self.tree_cells))
        ]
        self.trees_of: list[list[int]] = [[] for _ in range(self.size)]
        for t, cells in enumerate(self.candidates):
            for cell in cells:
                self.trees_of[cell].append(t)
        steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
        self.around = [
            [(r + dr) * w + c + dc for dr, dc in steps if 0 <= r + dr < h and 0 <= c + dc < w]
            for r in range(h)
            for c in range(w)
        ]
        self.lines: list[tuple[str, list[int], int]] = [
            (f"row {r}", list(range(r * w, r * w + w)), puzzle.row_counts[r]) for r in range(h)
        ] + [(f"column {c}", list(range(c, h * w, w)), puzzle.col_counts[c]) for c in range(w)]

        self.lines_of = [(i // w, h + i % w) for i in range(self.size)]
        """The row and the column (as line numbers) of each cell."""
        rows = [list(range(r * w, r * w + w)) for r in range(h)]
        cols = [list(range(c, h * w, w)) for c in range(w)]
        self.sides = {f"row {r}": [rows[x] for x in (r - 1, r + 1) if 0 <= x < h] for r in range(h)}
        self.sides.update(
            {f"column {c}": [cols[x] for x in (c - 1, c + 1) if 0 <= x < w] for c in range(w)}
        )
        """The parallel lines on either side of each line, by line name."""

    def name(self, cell: int) -> str:
        """``(row, col)`` of a cell index."""
        return f"({cell // self.width}, {cell % self.width})"


class Board:
    """A partly solved grid; ``apply`` enforces the rules and raises ``Contradiction``."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.state = [UNKNOWN] * geo.size
        for cell in geo.tree_cells:
            self.state[cell] = TREE
        self.pair_tree = [-1] * len(geo.tree_cells)
        self.pair_cell = [-1] * geo.size
        self.banned: set[tuple[int, int]] = set()
        self.quiet: set[int] = set()
        """Tents whose neighbours are all decided."""
        self.line_tents = [0] * len(geo.lines)
        self.line_open = [len(cells) for _, cells, _ in geo.lines]
        for cell in geo.tree_cells:
            for line in geo.lines_of[cell]:
                self.line_open[line] -= 1
        if len(geo.tree_cells) != sum(geo.puzzle.row_counts):
            raise Contradiction(
                f"{len(geo.tree_cells)} trees but the counts ask for "
                f"{sum(geo.puzzle.row_counts)} tents"
            )

    def copy(self) -> Board:
        """An independent copy for search."""
        other = Board.__new__(Board)
        other.geo = self.geo
        other.state = self.state[:]
        other.pair_tree = self.pair_tree[:]
        other.pair_cell = self.pair_cell[:]
        other.banned = set(self.banned)
        other.quiet = set(self.quiet)
        other.line_tents = self.line_tents[:]
        other.line_open = self.line_open[:]
        return other

    # --- facts -------------------------------------------------------------------

    def sites(self, t: int) -> list[int]:
        """Cells tree ``t`` may still put its tent on."""
        if self.pair_tree[t] >= 0:
            return [self.pair_tree[t]]
        state, pair_cell, banned = self.state, self.pair_cell, self.banned
        return [
            c
            for c in self.geo.candidates[t]
            if state[c] != GRASS and pair_cell[c] < 0 and (t, c) not in banned
        ]

    def owners(self, cell: int) -> list[int]:
        """Unpaired trees that may still put their tent on ``cell``."""
        if self.pair_cell[cell] >= 0:
            return [self.pair_cell[cell]]
        return [
            t
            for t in self.geo.trees_of[cell]
            if self.pair_tree[t] < 0 and (t, cell) not in self.banned
        ]

    def solved(self) -> bool:
        """True when no cell is left unknown."""
        return UNKNOWN not in self.state

    def tents(self) -> list[tuple[int, int]]:
        """The tent cells as (row, col)."""
        w = self.geo.width
        return [(i // w, i % w) for i, s in enumerate(self.state) if s == TENT]

    # --- changes -----------------------------------------------------------------

    def apply(self, move: Move) -> bool:
        """Carry out a move; True when it changed anything."""
        changed = False
        for cell, value in move.cells:
            changed |= self.set_cell(cell, value)
        for t, cell in move.pairs:
            if self.pair_tree[t] == cell:
                continue
            if self.pair_tree[t] >= 0 or self.pair_cell[cell] >= 0:
                raise Contradiction(f"tree {t} cannot pair with {self.geo.name(cell)}")
            self.set_cell(cell, TENT)
            self.pair_tree[t], self.pair_cell[cell] = cell, t
            changed = True
        for ban in move.bans:
            if ban not in self.banned:
                self.banned.add(ban)
                changed = True
        return changed

    def set_cell(self, cell: int, value: int) -> bool:
        """Decide a cell, keeping the line counts; True when it changed."""
        current = self.state[cell]
        if current == value:
            return False
        if current != UNKNOWN:
            raise Contradiction(f"{self.geo.name(cell)} cannot change")
        self.state[cell] = value
        for line in self.geo.lines_of[cell]:
            self.line_open[line] -= 1
            if value == TENT:
                self.line_tents[line] += 1
        return True

    def check(self) -> None:
        """Raise ``Contradiction`` when a rule can no longer be met."""
        state, geo = self.state, self.geo
        for (name, _, count), tents, unknown in zip(
            geo.lines, self.line_tents, self.line_open, strict=True
        ):
            if tents > count or tents + unknown < count:
                raise Contradiction(f"{name} cannot hold {count} tents")
        for cell in [i for i, s in enumerate(state) if s == TENT]:
            if TENT in [state[n] for n in geo.around[cell]]:
                raise Contradiction(f"tent at {geo.name(cell)} touches another")
            if self.pair_cell[cell] < 0 and not self.owners(cell):
                raise Contradiction(f"tent at {geo.name(cell)} has no tree")
        for t, paired in enumerate(self.pair_tree):
            if paired < 0 and not self.sites(t):
                raise Contradiction(f"tree {geo.name(geo.tree_cells[t])} has no site")
        if self.solved():
            self.matching()

    # --- techniques ----------------------------------------------------------------

    def no_tree(self) -> list[Move]:
        """Unknown cells no tree can use."""
        usable = {c for c, t in enumerate(self.pair_cell) if t >= 0}
        for t, paired in enumerate(self.pair_tree):
            if paired < 0:
                usable.update(self.sites(t))
        return [
            Move(NO_TREE, f"{self.geo.name(c)} is grass: no tree can use it", [(c, GRASS)])
            for c, s in enumerate(self.state)
            if s == UNKNOWN and c not in usable
        ]

    def next_to_tent(self) -> list[Move]:
        """Unknown neighbours of each tent."""
        moves = []
        state, quiet = self.state, self.quiet
        for cell in [i for i, s in enumerate(state) if s == TENT and i not in quiet]:
            free = [n for n in self.geo.around[cell] if state[n] == UNKNOWN]
            if free:
                detail = f"around the tent at {self.geo.name(cell)}: grass"
                moves.append(Move(NEXT_TO_TENT, detail, [(n, GRASS) for n in free]))
            else:
                quiet.add(cell)
        return moves

    def line_counts(self) -> list[Move]:
        """line-full and line-fill moves."""
        moves = []
        state = self.state
        for (name, cells, count), tents, unknown in zip(
            self.geo.lines, self.line_tents, self.line_open, strict=True
        ):
            if not unknown or count not in (tents, tents + unknown):
                continue
            free = [c for c in cells if state[c] == UNKNOWN]
            if tents == count:
                moves.append(
                    Move(LINE_FULL, f"{name} has its {count} tents", [(c, GRASS) for c in free])
                )
            else:
                moves.append(
                    Move(LINE_FILL, f"{name} needs all its open cells", [(c, TENT) for c in free])
                )
        return moves

    def last_site(self) -> list[Move]:
        """Unpaired trees with a single site."""
        moves = []
        for t, paired in enumerate(self.pair_tree):
            if paired < 0:
                sites = self.sites(t)
                if len(sites) == 1:
                    tree = self.geo.name(self.geo.tree_cells[t])
                    moves.append(
                        Move(
                            LAST_SITE,
                            f"tree {tree} has one site: tent at {self.geo.name(sites[0])}",
                            pairs=[(t, sites[0])],
                        )
                    )
        return moves

    def last_tree(self) -> list[Move]:
        """Unpaired tents with a single possible tree."""
        moves = []
        for cell, s in enumerate(self.state):
            if s == TENT and self.pair_cell[cell] < 0:
                owners = self.owners(cell)
                if len(owners) == 1:
                    tree = self.geo.name(self.geo.tree_cells[owners[0]])
                    moves.append(
                        Move(
                            LAST_TREE,
                            f"tent {self.geo.name(cell)} belongs to tree {tree}",
                            pairs=[(owners[0], cell)],
                        )
                    )
        return moves

    def line_squeeze(self) -> list[Move]:
        """Cells every placement of a line's missing tents agrees on."""
        moves = []
        state, geo = self.state, self.geo
        for name, cells, count in geo.lines:
            open_pos = [i for i, c in enumerate(cells) if state[c] == UNKNOWN]
            need = count - sum(1 for c in cells if state[c] == TENT)
            if need <= 0 or need >= len(open_pos):
                continue
            found = _squeeze(open_pos, need, len(cells))
            if found is None:
                continue
            always, never, touched = found
            sets = [(cells[i], TENT) for i in open_pos if always >> i & 1]
            sets += [(cells[i], GRASS) for i in open_pos if never >> i & 1]
            for side in geo.sides[name]:
                sets += [
                    (n, GRASS)
                    for i, n in enumerate(side)
                    if touched >> i & 1 and state[n] == UNKNOWN
                ]
            if sets:
                moves.append(
                    Move(LINE_SQUEEZE, f"{name}: every placement of {need} tents agrees", sets)
                )
        return moves

    def matching(self) -> list[Move]:
        """Tree-site pairs outside every complete matching of unpaired trees (Régin)."""
        free_trees = [t for t, p in enumerate(self.pair_tree) if p < 0]
        sites = {t: self.sites(t) for t in free_trees}
        match_cell: dict[int, int] = {}
        match_tree: dict[int, int] = {}

        def augment(t: int, seen: set[int]) -> bool:
            for c in sites[t]:
                if c not in seen:
                    seen.add(c)
                    if c not in match_cell or augment(match_cell[c], seen):
                        match_cell[c], match_tree[t] = t, c
                        return True
            return False

        for t in free_trees:
            if not augment(t, set()):
                name = self.geo.name(self.geo.tree_cells[t])
                raise Contradiction(f"tree {name} finds no tent in any matching")
        # Alternating graph: tree → its matched cell, cell → trees that could take it.
        takers: dict[int, list[int]] = {}
        for t in free_trees:
            for c in sites[t]:
                if c != match_tree[t]:
                    takers.setdefault(c, []).append(t)
        reach_free = _alternating_reach(
            [c for c in takers if c not in match_cell], takers, match_tree
        )
        bans = []
        for t in free_trees:
            own = match_tree[t]
            # Cells reachable from tree t: t → own cell → takers → their cells …
            reached = _alternating_reach([own], takers, match_tree)
            for c in sites[t]:
                if c != own and c not in reach_free and c not in reached:
                    bans.append((t, c))
        if not bans:
            return []
        detail = ", ".join(
            f"{self.geo.name(self.geo.tree_cells[t])}→{self.geo.name(c)}" for t, c in bans
        )
        return [Move(MATCHING, f"no complete matching uses {detail}", bans=bans)]


def _alternating_reach(
    starts: list[int], takers: dict[int, list[int]], match_tree: dict[int, int]
) -> set[int]:
    """Cells reached from ``starts`` in the alternating graph: from a cell to the matched
    cell of every tree that could take it, and so on."""
    reached = set(starts)
    stack = list(starts)
    while stack:
        c = stack.pop()
        for t in takers.get(c, ()):
            nxt = match_tree[t]
            if nxt not in reached:
                reached.add(nxt)
                stack.append(nxt)
    return reached


def _squeeze(open_pos: list[int], need: int, length: int) -> tuple[int, int, int] | None:
    """Bitmasks over a line's positions: tents in every placement of ``need`` tents on
    ``open_pos`` (never two side by side), open cells in none, and positions whose
    neighbouring-line cells every placement touches. None when nothing follows or the
    placements are too many to list."""
    full = (1 << length) - 1
    open_mask = sum(1 << i for i in open_pos)
    always, used, touched = full, 0, full
    placements = 0

    def place(start: int, left: int, chosen: int) -> bool:
        nonlocal always, used, touched, placements
        if left == 0:
            placements += 1
            always &= chosen
            used |= chosen
            touched &= (chosen | chosen << 1 | chosen >> 1) & full
            return placements < SQUEEZE_LIMIT and bool(always or touched or open_mask & ~used)
        for k in range(start, len(open_pos) - left + 1):
            i = open_pos[k]
            nxt = k + 1
            if nxt < len(open_pos) and open_pos[nxt] == i + 1:
                nxt += 1
            if not place(nxt, left - 1, chosen | 1 << i):
                return False
        return True

    finished = place(0, need, 0)
    if placements == 0:
        raise Contradiction("a line's tents cannot be placed apart")
    if not finished:
        return None
    return always, open_mask & ~used, touched


LEVELS: tuple[tuple[Callable[[Board], list[Move]], ...], ...] = (
    (Board.no_tree, Board.next_to_tent, Board.line_counts),
    (Board.last_site, Board.last_tree),
    (Board.line_squeeze,),
    (Board.matching,),
)
"""Technique finders, cheapest level first."""


def _branches(board: Board) -> list[Move]:
    """Guesses at a stuck board: a site of the unpaired tree with fewest sites (any open
    cell when none), tent first, then grass."""
    best, best_len = -1, 99
    for t, paired in enumerate(board.pair_tree):
        if paired < 0:
            sites = [c for c in board.sites(t) if board.state[c] == UNKNOWN]
            if sites and len(sites) < best_len:
                best, best_len = sites[0], len(sites)
    if best < 0:
        best = board.state.index(UNKNOWN)
    name = board.geo.name(best)
    return [
        Move(GUESS, f"guess {name} is a tent", [(best, TENT)]),
        Move(GUESS, f"guess {name} is grass", [(best, GRASS)]),
    ]


RULES: Rules[Board] = Rules(LEVELS, GUESS, _branches)
"""How Tents boards are solved."""


def solve(puzzle: TentsPuzzle, control: Control | None = None) -> LogicalSolve:
    """Solve by techniques, level by level, guessing (proved by search) only when stuck;
    the solution is the list of tent cells."""
    return solve_built(lambda: Board(Geometry(puzzle)), RULES, Board.tents, control)


def count_solutions(puzzle: TentsPuzzle, limit: int = 2, control: Control | None = None) -> int:
    """Distinct tent layouts, counted no further than ``limit``."""
    return count_built(lambda: Board(Geometry(puzzle)), RULES, limit, control)
