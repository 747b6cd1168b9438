"""The Tents logical solver: named techniques in levels, graded steps, search for the rest.

The board keeps one state per cell (unknown, tent, grass, tree) and the tree ↔ tent
pairs proved so far. A tree's *sites* are its orthogonal neighbours that are not grass,
not banned for it by the matching technique, and not already paired with another tree.

The techniques include every deduction of the "Tricky" solver of Simon Tatham's Tents
(a tent's only tree, a tree's only site, the cell two diagonal sites share, and the
placements of a row or column with their effect on the lines beside it), so a puzzle his
generator labels Tricky never needs a guess here. Finders are incremental: the board
notes which cells, trees and lines each change touches, and each finder looks only at
those (a line's placements are cached by the line's contents).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

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
SHARED_NEIGHBOUR = Technique(
    "shared-neighbour",
    3,
    3,
    "A cell next to every site of a tree (two diagonal sites share one) touches its tent "
    "wherever it stands: grass.",
)
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
    "Trees and tents as a bipartite matching that must cover every unpaired tree and "
    "tent: a tree-site pair no such matching uses is dropped, a pair every one uses is "
    "made, and a cell every one uses is a tent.",
)
GUESS = Technique("guess", 20, 5, "Logic is stuck: try a cell, proved by search.")

TECHNIQUES: tuple[Technique, ...] = (
    NO_TREE,
    NEXT_TO_TENT,
    LINE_FULL,
    LINE_FILL,
    LAST_SITE,
    LAST_TREE,
    SHARED_NEIGHBOUR,
    LINE_SQUEEZE,
    MATCHING,
    GUESS,
)

LEVEL_NAMES = {0: "none", 1: "basic", 2: "pairing", 3: "squeeze", 4: "matching", 5: "guess"}
"""Level numbers of the technique table and their names."""

GUESS_LEVEL = GUESS.level


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


Squeezed = tuple[int, int, int]
"""A line's placements as bitmasks over its positions: tents in every one, open cells in
none, positions whose neighbouring-line cells every one touches."""

SQUEEZED: dict[tuple[bytes, int], Squeezed | None] = {}
"""Line placements by the line's contents and count, for every puzzle (None when nothing
follows); emptied when it reaches ``SQUEEZED_LIMIT`` entries."""

SQUEEZED_LIMIT = 20_000
"""About 5 MB of entries; one 25x25 generation fills some 3,000."""


def clear_caches() -> None:
    """Forget the cached line placements (benchmarks measure cold solves)."""
    SQUEEZED.clear()


@dataclass(frozen=True)
class Shape:
    """What depends on the grid's size alone (shared by every puzzle of that size)."""

    height: int
    width: int
    around: list[list[int]]
    """The up-to-eight neighbours of each cell."""
    around_set: list[frozenset[int]]
    line_names: list[str]
    line_cells: list[list[int]]
    """Rows first, then columns."""
    slices: list[slice]
    """Each line's cells as a slice of a board's state."""
    lines_of: list[tuple[int, int]]
    """The row and the column (as line numbers) of each cell."""
    side_lines: list[list[int]]
    """The parallel lines on either side of each line, by line number."""


@lru_cache(maxsize=32)
def shape(height: int, width: int) -> Shape:
    """The ``Shape`` of a height x width grid."""
    h, w = height, width
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]
    around = [
        [(r + dr) * w + c + dc for dr, dc in steps if 0 <= r + dr < h and 0 <= c + dc < w]
        for r in range(h)
        for c in range(w)
    ]
    return Shape(
        h,
        w,
        around,
        [frozenset(cells) for cells in around],
        [f"row {r}" for r in range(h)] + [f"column {c}" for c in range(w)],
        [list(range(r * w, r * w + w)) for r in range(h)]
        + [list(range(c, h * w, w)) for c in range(w)],
        [slice(r * w, r * w + w) for r in range(h)] + [slice(c, h * w, w) for c in range(w)],
        [(i // w, h + i % w) for i in range(h * w)],
        [[x for x in (r - 1, r + 1) if 0 <= x < h] for r in range(h)]
        + [[h + x for x in (c - 1, c + 1) if 0 <= x < w] for c in range(w)],
    )


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
        grid = self.shape = shape(h, w)
        self.around, self.around_set = grid.around, grid.around_set
        counts = puzzle.row_counts + puzzle.col_counts
        self.lines: list[tuple[str, list[int], int]] = list(
            zip(grid.line_names, grid.line_cells, counts, strict=True)
        )
        self.slices, self.lines_of, self.side_lines = grid.slices, grid.lines_of, grid.side_lines

    def name(self, cell: int) -> str:
        """``(row, col)`` of a cell index."""
        return f"({cell // self.width}, {cell % self.width})"

    def tree_name(self, t: int) -> str:
        """``(row, col)`` of tree ``t``."""
        return self.name(self.tree_cells[t])


class Board:
    """A partly solved grid; ``apply`` enforces the rules and raises ``Contradiction``.

    Besides the cells and pairs it keeps, for each incremental finder, what changed
    since that finder last looked."""

    def __init__(self, geo: Geometry) -> None:
        self.geo = geo
        self.state = bytearray(geo.size)
        for cell in geo.tree_cells:
            self.state[cell] = TREE
        self.pair_tree = [-1] * len(geo.tree_cells)
        self.pair_cell = [-1] * geo.size
        self.banned: set[tuple[int, int]] = set()
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
        trees = set(range(len(geo.tree_cells)))
        self.new_tents: set[int] = set()
        """Tents whose neighbours next-to-tent has not yet seen."""
        self.touched_lines: set[int] = set(range(len(geo.lines)))
        """Lines line-full and line-fill have not seen since they changed."""
        self.touched_cells: set[int] = set(range(geo.size))
        """Cells that may have lost their last tree since no-tree looked."""
        self.site_trees: set[int] = set(trees)
        """Trees that may have lost sites since last-site looked."""
        self.owner_tents: set[int] = set()
        """Tents that may have lost owners since last-tree looked."""
        self.shared_trees: set[int] = set(trees)
        """Trees that may have lost sites since shared-neighbour looked."""

    def copy(self) -> Board:
        """An independent copy for search."""
        other = Board.__new__(Board)
        other.geo = self.geo
        other.state = self.state[:]
        other.pair_tree = self.pair_tree[:]
        other.pair_cell = self.pair_cell[:]
        other.banned = set(self.banned)
        other.line_tents = self.line_tents[:]
        other.line_open = self.line_open[:]
        other.new_tents = set(self.new_tents)
        other.touched_lines = set(self.touched_lines)
        other.touched_cells = set(self.touched_cells)
        other.site_trees = set(self.site_trees)
        other.owner_tents = set(self.owner_tents)
        other.shared_trees = set(self.shared_trees)
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
            changed |= self.pair(t, cell)
        for t, cell in move.bans:
            changed |= self.ban(t, cell)
        return changed

    def set_cell(self, cell: int, value: int) -> bool:
        """Decide a cell, keeping the line counts; True when it changed."""
        state, geo = self.state, self.geo
        current = state[cell]
        if current == value:
            return False
        if current != UNKNOWN:
            raise Contradiction(f"{geo.name(cell)} cannot change")
        state[cell] = value
        for line in geo.lines_of[cell]:
            self.line_open[line] -= 1
            if value == TENT:
                self.line_tents[line] += 1
            tents = self.line_tents[line]
            _, _, count = geo.lines[line]
            if tents > count or tents + self.line_open[line] < count:
                raise Contradiction(f"{geo.lines[line][0]} cannot hold {count} tents")
            self.touched_lines.add(line)
        if value == TENT:
            for n in geo.around[cell]:
                if state[n] == TENT:
                    raise Contradiction(f"tents at {geo.name(cell)} and {geo.name(n)} touch")
            self.new_tents.add(cell)
            self.owner_tents.add(cell)
        else:
            self._lost_site(geo.trees_of[cell])
        return True

    def _lost_site(self, trees: list[int]) -> None:
        """Note unpaired ``trees`` as having lost a site, for the finders that count sites."""
        for t in trees:
            if self.pair_tree[t] < 0:
                self.site_trees.add(t)
                self.shared_trees.add(t)

    def pair(self, t: int, cell: int) -> bool:
        """Give tree ``t`` the tent on ``cell``; True when new."""
        if self.pair_tree[t] == cell:
            return False
        if self.pair_tree[t] >= 0 or self.pair_cell[cell] >= 0 or (t, cell) in self.banned:
            tree, site = self.geo.tree_name(t), self.geo.name(cell)
            raise Contradiction(f"tree {tree} cannot pair with {site}")
        self.set_cell(cell, TENT)
        self.pair_tree[t], self.pair_cell[cell] = cell, t
        state, geo = self.state, self.geo
        for c in geo.candidates[t]:
            self.touched_cells.add(c)
            if state[c] == TENT:
                self.owner_tents.add(c)
        self._lost_site(geo.trees_of[cell])
        return True

    def ban(self, t: int, cell: int) -> bool:
        """Forbid tree ``t`` its tent on ``cell``; True when new."""
        if (t, cell) in self.banned:
            return False
        if self.pair_tree[t] == cell:
            raise Contradiction(f"tree {self.geo.tree_name(t)} owns {self.geo.name(cell)}")
        self.banned.add((t, cell))
        self.touched_cells.add(cell)
        self._lost_site([t])
        if self.state[cell] == TENT:
            self.owner_tents.add(cell)
        return True

    def check(self) -> None:
        """Raise ``Contradiction`` when a rule can no longer be met. Each change checks
        the line counts and touching tents as it is made; a solved board is checked in
        full (counts, touching, and a tree for every tent)."""
        geo = self.geo
        for (name, _, count), tents, unknown in zip(
            geo.lines, self.line_tents, self.line_open, strict=True
        ):
            if tents > count or tents + unknown < count:
                raise Contradiction(f"{name} cannot hold {count} tents")
        if self.solved():
            state = self.state
            for cell in [i for i, s in enumerate(state) if s == TENT]:
                if any(state[n] == TENT for n in geo.around[cell]):
                    raise Contradiction(f"tent at {geo.name(cell)} touches another")
            self.matching()

    # --- techniques ----------------------------------------------------------------

    def no_tree(self) -> list[Move]:
        """Unknown cells no tree can use."""
        moves = []
        state, pair_tree, banned, geo = self.state, self.pair_tree, self.banned, self.geo
        for c in sorted(self.touched_cells):
            if state[c] == UNKNOWN and not any(
                pair_tree[t] < 0 and (t, c) not in banned for t in geo.trees_of[c]
            ):
                moves.append(
                    Move(NO_TREE, f"{geo.name(c)} is grass: no tree can use it", [(c, GRASS)])
                )
        self.touched_cells.clear()
        return moves

    def next_to_tent(self) -> list[Move]:
        """Unknown neighbours of each new tent."""
        moves = []
        state = self.state
        for cell in sorted(self.new_tents):
            free = [n for n in self.geo.around[cell] if state[n] == UNKNOWN]
            if free:
                detail = f"around the tent at {self.geo.name(cell)}: grass"
                moves.append(Move(NEXT_TO_TENT, detail, [(n, GRASS) for n in free]))
        self.new_tents.clear()
        return moves

    def line_counts(self) -> list[Move]:
        """line-full and line-fill moves."""
        moves = []
        state, lines = self.state, self.geo.lines
        for line in sorted(self.touched_lines):
            name, cells, count = lines[line]
            tents, unknown = self.line_tents[line], self.line_open[line]
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
        self.touched_lines.clear()
        return moves

    def last_site(self) -> list[Move]:
        """Unpaired trees with a single site."""
        moves = []
        geo = self.geo
        for t in sorted(self.site_trees):
            if self.pair_tree[t] >= 0:
                continue
            sites = self.sites(t)
            if not sites:
                raise Contradiction(f"tree {geo.tree_name(t)} has no site")
            if len(sites) == 1:
                detail = f"tree {geo.tree_name(t)} has one site: tent at {geo.name(sites[0])}"
                moves.append(Move(LAST_SITE, detail, pairs=[(t, sites[0])]))
        self.site_trees.clear()
        return moves

    def last_tree(self) -> list[Move]:
        """Unpaired tents with a single possible tree."""
        moves = []
        geo = self.geo
        for cell in sorted(self.owner_tents):
            if self.state[cell] != TENT or self.pair_cell[cell] >= 0:
                continue
            owners = self.owners(cell)
            if not owners:
                raise Contradiction(f"tent at {geo.name(cell)} has no tree")
            if len(owners) == 1:
                tree = geo.tree_name(owners[0])
                detail = f"tent {geo.name(cell)} belongs to tree {tree}"
                moves.append(Move(LAST_TREE, detail, pairs=[(owners[0], cell)]))
        self.owner_tents.clear()
        return moves

    def shared_neighbour(self) -> list[Move]:
        """Cells next to every site of an unpaired tree with two sites or more: wherever
        its tent goes it touches them (Tatham's two diagonal sites are the usual case)."""
        moves = []
        state, geo = self.state, self.geo
        for t in sorted(self.shared_trees):
            if self.pair_tree[t] >= 0:
                continue
            sites = self.sites(t)
            if len(sites) < 2:
                continue
            common = geo.around_set[sites[0]].intersection(*(geo.around_set[s] for s in sites[1:]))
            free = sorted(c for c in common if state[c] == UNKNOWN and c not in sites)
            if free:
                detail = f"every site of tree {geo.tree_name(t)} touches: grass"
                moves.append(Move(SHARED_NEIGHBOUR, detail, [(c, GRASS) for c in free]))
        self.shared_trees.clear()
        return moves

    def line_squeeze(self) -> list[Move]:
        """Cells every placement of a line's missing tents agrees on, and cells of the
        lines beside it that every placement touches."""
        moves = []
        state, geo = self.state, self.geo
        cache = SQUEEZED
        for line, (name, cells, count) in enumerate(geo.lines):
            need = count - self.line_tents[line]
            if need <= 0 or not self.line_open[line]:
                continue
            key = (bytes(state[geo.slices[line]]), count)
            if key in cache:
                found = cache[key]
            else:
                if len(cache) >= SQUEEZED_LIMIT:
                    cache.clear()
                found = cache[key] = _squeeze(key[0], need)
            if found is None:
                continue
            always, never, touched = found
            span = range(len(cells))
            sets = [(cells[i], TENT) for i in span if always >> i & 1]
            sets += [(cells[i], GRASS) for i in span if never >> i & 1]
            for side in geo.side_lines[line]:
                side_cells = geo.lines[side][1]
                sets += [
                    (side_cells[i], GRASS)
                    for i in span
                    if touched >> i & 1 and state[side_cells[i]] == UNKNOWN
                ]
            if sets:
                moves.append(
                    Move(LINE_SQUEEZE, f"{name}: every placement of {need} tents agrees", sets)
                )
        return moves

    def matching(self) -> list[Move]:
        """Tree-site pairs, cells and pairs every complete matching settles.

        A complete matching gives each unpaired tree its own site and covers every
        unpaired tent (the solution's pairs are one). Cells no tree takes are matched to
        stand-ins; an edge lies in some complete matching when its ends share a strongly
        connected component of the alternating graph (Régin's all-different filtering,
        with one node for all the stand-ins)."""
        geo, state = self.geo, self.state
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

        # Tents first, so that the trees' matching covers them where it can.
        for t in free_trees:
            sites[t].sort(key=lambda c: state[c] != TENT)
            if not augment(t, set()):
                raise Contradiction(f"tree {geo.tree_name(t)} finds no tent in any matching")
        takers: dict[int, list[int]] = {}
        for t in free_trees:
            for c in sites[t]:
                takers.setdefault(c, []).append(t)
        cells = set(takers)
        for x in [c for c in cells if state[c] == TENT and c not in match_cell]:
            if not _cover(x, state, takers, match_cell, match_tree):
                raise Contradiction(f"tent at {geo.name(x)} finds no tree in any matching")
        for c, s in enumerate(state):
            if s == TENT and self.pair_cell[c] < 0 and c not in cells:
                raise Contradiction(f"tent at {geo.name(c)} has no tree")
        stand_ins = len(cells) - len(free_trees)
        # Alternating graph over trees (their numbers), cells (size + index) and the
        # stand-ins (one node, -1): tree → unmatched site, cell → its tree or stand-in,
        # stand-in → every open cell a tree took.
        n = geo.size
        graph: dict[int, list[int]] = {}
        for t in free_trees:
            own = match_tree[t]
            graph[t] = [n + c for c in sites[t] if c != own]
        taken_open = []
        for c in cells:
            if c in match_cell:
                graph[n + c] = [match_cell[c]]
                if state[c] == UNKNOWN:
                    taken_open.append(n + c)
            else:
                graph[n + c] = [-1]
        graph[-1] = taken_open if stand_ins else []
        comp = _components(graph)
        bans = [
            (t, c)
            for t in free_trees
            for c in sites[t]
            if c != match_tree[t] and comp[t] != comp[n + c]
        ]
        tents = sorted(c - n for c in taken_open if comp[c] != comp[-1])
        pairs = []
        banned = set(bans)
        for t in free_trees:
            left = [c for c in sites[t] if (t, c) not in banned]
            if len(left) == 1 and len(sites[t]) > 1:
                pairs.append((t, left[0]))
        paired = {c for _, c in pairs}
        for c in cells:
            if state[c] == TENT and c not in paired:
                owners = takers[c]
                left = [t for t in owners if (t, c) not in banned]
                if len(left) == 1 and len(owners) > 1:
                    pairs.append((left[0], c))
        if not (bans or tents or pairs):
            return []
        parts = []
        if bans:
            parts.append("no tree takes " + ", ".join(_pair_names(geo, bans)))
        if pairs:
            parts.append("every tree takes " + ", ".join(_pair_names(geo, pairs)))
        if tents:
            parts.append("tents at " + ", ".join(geo.name(c) for c in tents))
        detail = "in every complete matching: " + "; ".join(parts)
        return [Move(MATCHING, detail, [(c, TENT) for c in tents], sorted(pairs), bans)]


def _cover(
    x: int,
    state: bytearray,
    takers: dict[int, list[int]],
    match_cell: dict[int, int],
    match_tree: dict[int, int],
) -> bool:
    """Bring the unmatched tent ``x`` into the matching along an alternating path: a tree
    that could take ``x`` gives up its cell, and so on until a tree gives up an open
    cell. False when no such path exists (no matching covers ``x``)."""
    parent: dict[int, tuple[int, int]] = {}
    queue = [x]
    seen = {x}
    for cell in queue:
        for t in takers.get(cell, ()):
            own = match_tree[t]
            if own in seen:
                continue
            seen.add(own)
            parent[own] = (t, cell)
            if state[own] != UNKNOWN:
                queue.append(own)
                continue
            del match_cell[own]
            while True:
                tree, prev = parent[own]
                match_tree[tree], match_cell[prev] = prev, tree
                if prev == x:
                    return True
                own = prev
    return False


def _pair_names(geo: Geometry, pairs: list[tuple[int, int]]) -> list[str]:
    return [f"{geo.tree_name(t)}→{geo.name(c)}" for t, c in pairs]


def _components(graph: dict[int, list[int]]) -> dict[int, int]:
    """Strongly connected components (iterative Tarjan): node → component number."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    comp: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, i = work[-1]
            edges = graph.get(node, ())
            if i < len(edges):
                work[-1] = (node, i + 1)
                nxt = edges[i]
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    comp[member] = node
                    if member == node:
                        break
    return comp


def _squeeze(line: bytes, need: int) -> Squeezed | None:
    """The placements of ``need`` more tents on a line's open cells (never two tents side
    by side), counted by dynamic programming over the positions rather than listed:
    bitmasks of open cells that are tents in every placement, open cells that are tents
    in none, and positions whose neighbouring-line cells every placement touches. None
    when nothing follows; ``Contradiction`` when there is no placement."""
    size = len(line)
    # fwd0[i] / fwd1[i]: bit k when k new tents fit on positions before i, with the
    # position before i free / a tent.
    fwd0, fwd1 = [0] * (size + 1), [0] * (size + 1)
    f0, f1 = 1, 0
    for i, v in enumerate(line):
        fwd0[i], fwd1[i] = f0, f1
        if v == UNKNOWN:
            f0, f1 = f0 | f1, f0 << 1
        elif v == TENT:
            f0, f1 = 0, f0
        else:
            f0, f1 = f0 | f1, 0
    # bwd0[i] / bwd1[i]: bit m when, m new tents being placed before i, positions i on
    # can take the rest, the position before i being free / a tent.
    bwd0, bwd1 = [0] * (size + 1), [0] * (size + 1)
    g0 = g1 = 1 << need
    bwd0[size] = bwd1[size] = g0
    for i in range(size - 1, -1, -1):
        v = line[i]
        if v == UNKNOWN:
            g0, g1 = g0 | (g1 >> 1), g0
        elif v == TENT:
            g0, g1 = g1, 0
        else:
            g1 = g0
        bwd0[i], bwd1[i] = g0, g1
    if not bwd0[0] & 1:
        raise Contradiction("a line's tents cannot be placed apart")
    always = never = 0
    tents = 0
    for i, v in enumerate(line):
        if v == TENT:
            tents |= 1 << i
        elif v == UNKNOWN:
            if not (fwd0[i] << 1) & bwd1[i + 1]:
                never |= 1 << i
            elif not (fwd0[i] | fwd1[i]) & bwd0[i + 1]:
                always |= 1 << i
    # Positions within one of a placed tent are touched anyway; for the others, some
    # placement leaves positions i-1..i+1 free unless every one touches position i.
    touched = (tents | tents << 1 | tents >> 1) & ((1 << size) - 1)
    for i in range(size):
        if touched >> i & 1:
            continue
        lo = i - 1 if i else 0
        hi = i + 2 if i + 1 < size else size
        if not (fwd0[lo] | fwd1[lo]) & bwd0[hi]:
            touched |= 1 << i
    if not (always or never or touched):
        return None
    return always, never, touched


LEVELS: tuple[tuple[Callable[[Board], list[Move]], ...], ...] = (
    (Board.no_tree, Board.next_to_tent, Board.line_counts),
    (Board.last_site, Board.last_tree),
    (Board.shared_neighbour, Board.line_squeeze),
    (Board.matching,),
)
"""Technique finders, cheapest level first."""


def _branches(board: Board) -> list[Move]:
    """Guesses at a stuck board: the first open cell of the line with the least slack
    (open cells less missing tents; then the fewest open cells), grass first, then tent.
    On 16 random 25x25 layouts the graded solve (a search after each guess) took 49 s in
    all, 11 s at most, where a site of the tree with fewest sites, tent first, took 140 s
    and up to 58 s."""
    best, best_key = -1, (board.geo.size, 0)
    for line, (_, _, count) in enumerate(board.geo.lines):
        left = board.line_open[line]
        need = count - board.line_tents[line]
        if left and need > 0 and (left - need, left) < best_key:
            best, best_key = line, (left - need, left)
    state = board.state
    if best < 0:
        cell = state.index(UNKNOWN)
    else:
        cell = next(c for c in board.geo.lines[best][1] if state[c] == UNKNOWN)
    name = board.geo.name(cell)
    return [
        Move(GUESS, f"guess {name} is grass", [(cell, GRASS)]),
        Move(GUESS, f"guess {name} is a tent", [(cell, TENT)]),
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
