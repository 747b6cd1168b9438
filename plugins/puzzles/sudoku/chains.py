"""Chains: simple colouring, X-chains, XY-chains and alternating inference chains (AIC).

A chain's nodes are candidates (a digit in a cell). A strong link joins two candidates of
which one at least is true: the two places of a digit in a unit (a conjugate pair) or the
two candidates of a cell. A weak link joins two that cannot both be true: one digit in
two cells that see each other, or two digits of one cell. An alternating chain starts
and ends with a strong link, so "the first node is false" implies "the last one is
true": one of its ends is true, and every candidate weakly linked to both ends goes.

X-chains use one digit's links only, XY-chains only two-candidate cells, AICs anything.
The search is breadth first from every start at once, one strong link deeper at a time,
and stops at the first depth that eliminates anything: the moves reported are the
shortest chains, and a chain's base difficulty grows with its length (``LENGTH_STEP``
per strong link past the shortest of its kind). Candidates are numbered digit-major
(``digit * cells + cell``) so that a set of them is an int and a cell's peers holding
one digit are its peer mask shifted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations

from crossforge.plugins.bits import set_bits
from crossforge.plugins.puzzles.logic import Technique
from crossforge.plugins.puzzles.sudoku.board import SYMBOLS, Geometry
from crossforge.plugins.puzzles.sudoku.search_tables import search_tables
from crossforge.plugins.puzzles.sudoku.techniques import (
    AIC,
    SIMPLE_COLOURING,
    X_CHAIN,
    XY_CHAIN,
    Board,
    Move,
    cells_text,
    eliminations,
)

LENGTH_STEP = 10.0
"""Base difficulty added per strong link past the shortest chain of its kind."""

SHORTEST = {X_CHAIN.name: 2, XY_CHAIN.name: 3, AIC.name: 2}
"""Strong links of the shortest chain of each kind (an XY-chain of three cells is an
XY-wing's shape)."""

LONGEST = {X_CHAIN.name: 6, XY_CHAIN.name: 8, AIC.name: 8}
"""Strong links of the longest chain each finder follows."""


def simple_colouring(board: Board, digits: Sequence[int] | None = None) -> list[Move]:
    """Two-colour each chain of a digit's conjugate pairs; a colour that sees itself is
    false, and a cell that sees both colours loses the digit."""
    geo, moves = board.geo, []
    for d in range(geo.size) if digits is None else digits:
        bit = 1 << d
        links: dict[int, set[int]] = {}
        for u in range(len(geo.units)):
            where = board.places(u, d)
            if len(where) == 2:
                a, b = where
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
        colour: dict[int, int] = {}
        for start in links:
            if start in colour:
                continue
            colour[start] = 0
            stack, component = [start], [start]
            while stack:
                cell = stack.pop()
                for other in links[cell]:
                    if other not in colour:
                        colour[other] = 1 - colour[cell]
                        stack.append(other)
                        component.append(other)
            if len(component) < 3:
                continue
            groups = [[c for c in component if colour[c] == k] for k in (0, 1)]
            for k, group in enumerate(groups):
                if any(b in geo.peer_sets[a] for a, b in combinations(group, 2)):
                    gone = eliminations(board, group, bit)
                    moves.append(
                        Move(
                            SIMPLE_COLOURING,
                            f"{SYMBOLS[d]}: colour {'AB'[k]} of the chain from "
                            f"{geo.cell_name(start)} sees itself: removed from "
                            f"{cells_text(geo, group)}",
                            eliminate=gone,
                        )
                    )
            coloured = set(component)
            trapped = [
                c
                for c in range(geo.cells)
                if c not in coloured
                and not board.placed[c]
                and board.cands[c] & bit
                and not geo.peer_sets[c].isdisjoint(groups[0])
                and not geo.peer_sets[c].isdisjoint(groups[1])
            ]
            if trapped:
                moves.append(
                    Move(
                        SIMPLE_COLOURING,
                        f"{SYMBOLS[d]}: {cells_text(geo, trapped)} see both colours of "
                        f"the chain from {geo.cell_name(start)}",
                        eliminate=eliminations(board, trapped, bit),
                    )
                )
    return moves


def x_chains(board: Board, digits: Sequence[int] | None = None) -> list[Move]:
    """One digit's chains: conjugate pairs as strong links, peers as weak ones."""
    mask = board.geo.full if digits is None else sum(1 << d for d in digits)
    return _Graph(board, X_CHAIN, bivalues=False, conjugates=True, digits=mask).moves()


def xy_chains(board: Board) -> list[Move]:
    """Chains of two-candidate cells, linked cell to cell by a shared digit."""
    return _Graph(board, XY_CHAIN, bivalues=True, conjugates=False).moves()


def aics(board: Board) -> list[Move]:
    """Alternating inference chains over every candidate and link."""
    return _Graph(board, AIC, bivalues=True, conjugates=True).moves()


@cache
def _cell_columns(box: int) -> tuple[int, ...]:
    """For every cell, the set of its candidates' node numbers (every digit)."""
    geo = Geometry.of(box)
    return tuple(sum(1 << (d * geo.cells + c) for d in range(geo.size)) for c in range(geo.cells))


@dataclass(frozen=True)
class _Candidates:
    """A board's candidates as chain nodes (``digit * cells + cell``) and strong links."""

    nodes: int
    cells_of: tuple[int, ...]
    """For every digit, the bit set of the open cells holding it."""
    bivalue: int
    """The bit set of the open cells with two candidates."""
    bivalue_links: tuple[tuple[int, int], ...]
    conjugate_links: tuple[tuple[int, int, int], ...]
    """(digit, node, node) for each unit where the digit has two places."""


def _candidates(board: Board) -> _Candidates:
    """The board's ``_Candidates``, derived once per board state."""
    found = board.derived.get("chain nodes")
    if isinstance(found, _Candidates):
        return found
    geo, cands = board.geo, board.cands
    cells = geo.cells
    cells_of = [0] * geo.size
    bivalue = 0
    bivalue_links = []
    for c in range(cells):
        if board.placed[c]:
            continue
        v = cands[c]
        for d in set_bits(v):
            cells_of[d] |= 1 << c
        if v.bit_count() == 2:
            bivalue |= 1 << c
            low = v & -v
            bivalue_links.append(
                ((low.bit_length() - 1) * cells + c, ((v ^ low).bit_length() - 1) * cells + c)
            )
    conjugate_links = [
        (d, d * cells + where[0], d * cells + where[1])
        for row in board.table()
        for d, where in enumerate(row)
        if len(where) == 2
    ]
    nodes = 0
    for d, where in enumerate(cells_of):
        nodes |= where << (d * cells)
    found = _Candidates(
        nodes, tuple(cells_of), bivalue, tuple(bivalue_links), tuple(conjugate_links)
    )
    board.derived["chain nodes"] = found
    return found


class _Graph:
    """The candidates and links a chain finder may use on one board."""

    def __init__(
        self,
        board: Board,
        technique: Technique,
        *,
        bivalues: bool,
        conjugates: bool,
        digits: int | None = None,
    ) -> None:
        geo = board.geo
        self.board, self.technique, self.cells = board, technique, geo.cells
        self.peer_masks = search_tables(geo.box).peer_masks
        self.columns = _cell_columns(geo.box)
        self.cell_links = bivalues and conjugates
        """Whether weak links join two digits of one cell (AIC only: X-chains keep to one
        digit, XY-chains step from cell to cell)."""
        found = _candidates(board)
        self.everything = found.nodes
        allowed = geo.full if digits is None else digits
        cells_mask = (1 << self.cells) - 1
        if conjugates or not bivalues:
            self.live = found.nodes
        else:
            self.live = 0
            for d, where in enumerate(found.cells_of):
                self.live |= (where & found.bivalue) << (d * self.cells)
        if digits is not None:
            for d in range(geo.size):
                if not allowed >> d & 1:
                    self.live &= ~(cells_mask << (d * self.cells))
        self.strong: dict[int, int] = {}
        for a, b in found.bivalue_links if bivalues else ():
            self._link(a, b)
        for d, a, b in found.conjugate_links if conjugates else ():
            if allowed >> d & 1:
                self._link(a, b)
        self.linked = sum(1 << node for node in self.strong)
        self._weak: dict[int, int] = {}
        self._all_weak: dict[int, int] = {}

    def _link(self, a: int, b: int) -> None:
        self.strong[a] = self.strong.get(a, 0) | 1 << b
        self.strong[b] = self.strong.get(b, 0) | 1 << a

    def all_weak(self, node: int) -> int:
        """Every candidate on the board weakly linked to ``node``."""
        found = self._all_weak.get(node)
        if found is None:
            d, c = divmod(node, self.cells)
            found = (self.peer_masks[c] << (d * self.cells) | self.columns[c]) & self.everything
            found &= ~(1 << node)
            self._all_weak[node] = found
        return found

    def weak(self, node: int) -> int:
        """The candidates a chain of this kind may step to from ``node`` by a weak link
        (only those with a strong link onward)."""
        found = self._weak.get(node)
        if found is None:
            d, c = divmod(node, self.cells)
            found = self.peer_masks[c] << (d * self.cells)
            if self.cell_links:
                found |= self.columns[c]
            found &= self.live & self.linked & ~(1 << node)
            self._weak[node] = found
        return found

    def moves(self) -> list[Move]:
        """The shortest chains that eliminate anything, one move per pair of ends."""
        strong, shortest = self.strong, SHORTEST[self.technique.name]
        state = {a: (0, 1 << a, 1 << a) for a in sorted(strong)}
        for depth in range(1, LONGEST[self.technique.name] + 1):
            found: dict[tuple[int, int], tuple[int, int, int]] = {}
            check = depth >= shortest
            for a, (true, false, frontier) in state.items():
                if not frontier:
                    continue
                reached = 0
                while frontier:
                    low = frontier & -frontier
                    reached |= strong[low.bit_length() - 1]
                    frontier ^= low
                reached &= ~true
                true |= reached
                weak_a = self.all_weak(a) if check else 0
                onward = 0
                while reached:
                    low = reached & -reached
                    b = low.bit_length() - 1
                    reached ^= low
                    onward |= self.weak(b)
                    if weak_a:
                        targets = weak_a & self.all_weak(b) & ~low
                        if targets:
                            found.setdefault((min(a, b), max(a, b)), (a, b, targets))
                onward &= ~false
                state[a] = (true, false | onward, onward)
            if found:
                technique = replace(
                    self.technique,
                    base=self.technique.base + LENGTH_STEP * max(0, depth - shortest),
                )
                return [self._move(technique, a, b, depth, t) for a, b, t in found.values()]
            if self.board.stopping():
                break
        return []

    def _path(self, start: int, end: int, depth: int) -> list[int]:
        """The nodes of a shortest chain from ``start`` (false) to ``end`` (true)."""
        parent: dict[tuple[int, bool], tuple[int, bool]] = {}
        frontier = [start]
        for step in range(depth):
            reached = []
            for node in frontier:
                for b in set_bits(self.strong[node]):
                    if (b, True) not in parent:
                        parent[(b, True)] = (node, False)
                        reached.append(b)
            if step == depth - 1:
                break
            frontier = []
            for node in reached:
                for b in set_bits(self.weak(node)):
                    if b != start and (b, False) not in parent:
                        parent[(b, False)] = (node, True)
                        frontier.append(b)
        path, key = [end], (end, True)
        while key[0] != start or key[1]:
            key = parent[key]
            path.append(key[0])
        return path[::-1]

    def _node_text(self, node: int) -> str:
        d, c = divmod(node, self.cells)
        return f"({SYMBOLS[d]}){self.board.geo.cell_name(c)}"

    def _move(self, technique: Technique, a: int, b: int, depth: int, targets: int) -> Move:
        path = self._path(a, b, depth)
        links = "".join(
            (" = " if i % 2 else " – ") + self._node_text(node) for i, node in enumerate(path)
        )[3:]
        ends = (
            f"{self._node_text(a)} is true"
            if a == b
            else f"{self._node_text(a)} or {self._node_text(b)} is true"
        )
        by_cell: dict[int, int] = {}
        for node in set_bits(targets):
            d, c = divmod(node, self.cells)
            by_cell[c] = by_cell.get(c, 0) | 1 << d
        gone = tuple(sorted(by_cell.items()))
        removed = ", ".join(self._node_text(node) for node in set_bits(targets))
        return Move(technique, f"{links}: {ends}, so not {removed}", eliminate=gone)
