"""Tents solving techniques: the named techniques in levels, and the board whose finders
list the moves each one sees.

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

from dataclasses import dataclass, field

from crossforge.plugins.puzzles.logic import Technique
from crossforge.plugins.puzzles.technique_solver import Contradiction
from crossforge.plugins.puzzles.tents.geometry import GRASS, TENT, TREE, UNKNOWN, Geometry
from crossforge.plugins.puzzles.tents.matching import components, cover, pair_names
from crossforge.plugins.puzzles.tents.squeeze import SQUEEZED, SQUEEZED_LIMIT, squeeze

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
                found = cache[key] = squeeze(key[0], need)
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
            if not cover(x, state, takers, match_cell, match_tree):
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
        comp = components(graph)
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
            parts.append("no tree takes " + ", ".join(pair_names(geo, bans)))
        if pairs:
            parts.append("every tree takes " + ", ".join(pair_names(geo, pairs)))
        if tents:
            parts.append("tents at " + ", ".join(geo.name(c) for c in tents))
        detail = "in every complete matching: " + "; ".join(parts)
        return [Move(MATCHING, detail, [(c, TENT) for c in tents], sorted(pairs), bans)]
