"""Sudoku solving techniques: each finder lists the moves it sees on a candidate board.

A board is a list of candidate bit masks (bit ``d - 1`` for digit ``d``) plus the set of
placed cells. A move either places a digit or eliminates candidates; its detail says
why, so a person can follow the solve.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from crossforge.plugins.puzzles.logic import Technique
from crossforge.plugins.puzzles.sudoku.board import SYMBOLS, Geometry

LEVEL_NAMES = {1: "easy", 2: "medium", 3: "hard", 4: "expert", 5: "guessing"}

HIDDEN_SINGLE = Technique("hidden single", 1, 1, "a digit has one place left in a unit")
NAKED_SINGLE = Technique("naked single", 2, 1, "a cell has one candidate left")
POINTING = Technique(
    "pointing", 5, 2, "a digit's places in a box share a line: not elsewhere on that line"
)
BOX_LINE = Technique(
    "box-line reduction", 6, 2, "a digit's places on a line share a box: not elsewhere in it"
)
NAKED_PAIR = Technique("naked pair", 7, 2, "two cells of a unit hold the same two candidates")
HIDDEN_PAIR = Technique("hidden pair", 9, 2, "two digits have the same two places in a unit")
NAKED_TRIPLE = Technique("naked triple", 12, 3, "three cells of a unit hold three candidates")
HIDDEN_TRIPLE = Technique("hidden triple", 14, 3, "three digits share three places in a unit")
X_WING = Technique("X-wing", 16, 3, "a digit's places in two lines lie on two cross lines")
SIMPLE_COLOURING = Technique(
    "simple colouring", 25, 4, "two-colouring a digit's conjugate pairs traps candidates"
)
XY_CHAIN = Technique(
    "XY-chain", 30, 4, "a chain of two-candidate cells forces a digit at one of its ends"
)
GUESS = Technique("guess", 100, 5, "no technique applies: a cell's digit is guessed")

TECHNIQUES = (
    HIDDEN_SINGLE,
    NAKED_SINGLE,
    POINTING,
    BOX_LINE,
    NAKED_PAIR,
    HIDDEN_PAIR,
    NAKED_TRIPLE,
    HIDDEN_TRIPLE,
    X_WING,
    SIMPLE_COLOURING,
    XY_CHAIN,
    GUESS,
)

Eliminations = tuple[tuple[int, int], ...]
"""Candidates to remove, as (cell, digit bit) pairs."""

MAX_CHAIN = 8
"""Longest XY-chain (in cells) that the finder follows."""


@dataclass(frozen=True)
class Move:
    """One deduction: a placement (cell, digit) or eliminations ((cell, bit), …)."""

    technique: Technique
    detail: str
    place: tuple[int, int] | None = None
    eliminate: Eliminations = ()


def digits_text(mask: int) -> str:
    """``{2,7}`` for a candidate mask."""
    return "{" + ",".join(SYMBOLS[d] for d in range(mask.bit_length()) if mask >> d & 1) + "}"


def _cells_text(geo: Geometry, cells: Sequence[int]) -> str:
    return ", ".join(geo.cell_name(c) for c in cells)


class Board:
    """Candidates and placed cells of a solve in progress."""

    def __init__(self, geo: Geometry, givens: Sequence[int]) -> None:
        self.geo = geo
        self.cands = [geo.full] * geo.cells
        self.placed = [False] * geo.cells
        self._table: list[list[list[int]]] | None = None
        for cell, digit in enumerate(givens):
            if digit:
                self.place(cell, digit)

    def place(self, cell: int, digit: int) -> bool:
        """Put ``digit`` in ``cell`` and remove it from the peers; False on a contradiction."""
        bit = 1 << (digit - 1)
        self._table = None
        ok = bool(self.cands[cell] & bit)
        self.cands[cell] = bit
        self.placed[cell] = True
        for p in self.geo.peers[cell]:
            if self.cands[p] & bit:
                self.cands[p] &= ~bit
                ok = ok and bool(self.cands[p])
        return ok

    def apply(self, move: Move) -> bool:
        """Carry out a move; False when it exposed a contradiction."""
        if move.place is not None:
            return self.place(*move.place)
        self._table = None
        for cell, bit in move.eliminate:
            self.cands[cell] &= ~bit
            if not self.cands[cell]:
                return False
        return True

    @property
    def solved(self) -> bool:
        """True once every cell is placed."""
        return all(self.placed)

    def open_cells(self, unit: Sequence[int]) -> list[int]:
        """The unplaced cells of a unit."""
        return [c for c in unit if not self.placed[c]]

    def places(self, unit: int, digit: int) -> list[int]:
        """Unplaced cells of unit number ``unit`` where ``digit`` (0-based) may still go."""
        return self.table()[unit][digit]

    def table(self) -> list[list[list[int]]]:
        """For every unit and digit (0-based), the unplaced cells where it may still go."""
        if self._table is None:
            self._table = self._where_table()
        return self._table

    def _where_table(self) -> list[list[list[int]]]:
        n, cands, placed = self.geo.size, self.cands, self.placed
        table: list[list[list[int]]] = [[[] for _ in range(n)] for _ in self.geo.units]
        for cell, units in enumerate(self.geo.units_of):
            if placed[cell]:
                continue
            rows = [table[u] for u in units]
            v = cands[cell]
            while v:
                low = v & -v
                d = low.bit_length() - 1
                for row in rows:
                    row[d].append(cell)
                v ^= low
        return table


def singles(board: Board) -> list[Move]:
    """Hidden singles, then naked singles, one move per cell (the easiest reason)."""
    geo, moves, seen = board.geo, [], set()
    for u, row in enumerate(board.table()):
        for d, where in enumerate(row):
            if len(where) == 1 and where[0] not in seen:
                seen.add(where[0])
                moves.append(
                    Move(
                        HIDDEN_SINGLE,
                        f"{geo.cell_name(where[0])} = {SYMBOLS[d]}: "
                        f"its only place in {geo.unit_names[u]}",
                        place=(where[0], d + 1),
                    )
                )
    for cell, v in enumerate(board.cands):
        if not board.placed[cell] and v and not v & (v - 1) and cell not in seen:
            moves.append(
                Move(
                    NAKED_SINGLE,
                    f"{geo.cell_name(cell)} = {SYMBOLS[v.bit_length() - 1]}: its only candidate",
                    place=(cell, v.bit_length()),
                )
            )
    return moves


def _eliminations(board: Board, cells: Sequence[int], bit: int) -> Eliminations:
    return tuple((c, bit) for c in cells if not board.placed[c] and board.cands[c] & bit)


def _removal(geo: Geometry, technique: Technique, reason: str, gone: Eliminations) -> Move:
    """A move making eliminations ``gone``, its detail the reason and the cells cleared."""
    return Move(
        technique,
        f"{reason}: removed from {_cells_text(geo, [c for c, _ in gone])}",
        eliminate=gone,
    )


def _locked(
    board: Board,
    sources: range,
    kinds: Sequence[int],
    technique: Technique,
    prepositions: tuple[str, str],
) -> list[Move]:
    """A digit's places in a unit of ``sources`` all in one unit of a kind in ``kinds``
    (0 row, 1 column, 2 box): the digit leaves the rest of that unit."""
    geo = board.geo
    of, into = prepositions
    moves: list[Move] = []
    for u in sources:
        unit = geo.units[u]
        for d in range(geo.size):
            where = board.places(u, d)
            if len(where) < 2:
                continue
            for kind in kinds:
                targets = {geo.units_of[c][kind] for c in where}
                if len(targets) != 1:
                    continue
                target = targets.pop()
                rest = [c for c in geo.units[target] if c not in unit]
                gone = _eliminations(board, rest, 1 << d)
                if gone:
                    reason = (
                        f"{SYMBOLS[d]} {of} {geo.unit_names[u]} lies {into} "
                        f"{geo.unit_names[target]}"
                    )
                    moves.append(_removal(geo, technique, reason, gone))
    return moves


def pointing(board: Board) -> list[Move]:
    """A digit's places in a box on one line: the digit leaves the rest of that line."""
    n = board.geo.size
    return _locked(board, range(2 * n, 3 * n), (0, 1), POINTING, ("in", "on"))


def box_line(board: Board) -> list[Move]:
    """A digit's places on a line in one box: the digit leaves the rest of that box."""
    return _locked(board, range(2 * board.geo.size), (2,), BOX_LINE, ("on", "in"))


def naked_subsets(board: Board, k: int, technique: Technique) -> list[Move]:
    """``k`` cells of a unit whose candidates number ``k`` in all."""
    geo, moves = board.geo, []
    for u, unit in enumerate(geo.units):
        open_cells = board.open_cells(unit)
        small = [c for c in open_cells if board.cands[c].bit_count() <= k]
        for group in combinations(small, k):
            union = 0
            for c in group:
                union |= board.cands[c]
            if union.bit_count() != k:
                continue
            gone = tuple(
                (c, board.cands[c] & union)
                for c in open_cells
                if c not in group and board.cands[c] & union
            )
            if gone:
                reason = (
                    f"{_cells_text(geo, group)} in {geo.unit_names[u]} hold {digits_text(union)}"
                )
                moves.append(_removal(geo, technique, reason, gone))
    return moves


def hidden_subsets(board: Board, k: int, technique: Technique) -> list[Move]:
    """``k`` digits whose places in a unit are the same ``k`` cells."""
    geo, moves = board.geo, []
    for u in range(len(geo.units)):
        places = {}
        for d in range(geo.size):
            where = board.places(u, d)
            if 2 <= len(where) <= k:
                places[d] = where
        for digits in combinations(places, k):
            cells = sorted({c for d in digits for c in places[d]})
            if len(cells) != k:
                continue
            keep = sum(1 << d for d in digits)
            gone = tuple((c, board.cands[c] & ~keep) for c in cells if board.cands[c] & ~keep)
            if gone:
                moves.append(
                    Move(
                        technique,
                        f"{digits_text(keep)} in {geo.unit_names[u]} only at "
                        f"{_cells_text(geo, cells)}: other candidates removed",
                        eliminate=gone,
                    )
                )
    return moves


def x_wings(board: Board) -> list[Move]:
    """A digit with two places in each of two rows (columns), on the same two columns (rows)."""
    geo, moves = board.geo, []
    n = geo.size
    for d in range(n):
        bit = 1 << d
        for base, cover in ((0, 1), (1, 0)):
            pairs = {}
            for u in range(base * n, base * n + n):
                where = board.places(u, d)
                if len(where) == 2:
                    pairs[u] = tuple(geo.units_of[c][cover] for c in where)
            for u1, u2 in combinations(pairs, 2):
                if pairs[u1] != pairs[u2]:
                    continue
                corners = set(board.places(u1, d) + board.places(u2, d))
                gone = _eliminations(
                    board,
                    [c for line in pairs[u1] for c in geo.units[line] if c not in corners],
                    bit,
                )
                if gone:
                    reason = (
                        f"{SYMBOLS[d]} on {geo.unit_names[u1]} and {geo.unit_names[u2]} "
                        f"only in {geo.unit_names[pairs[u1][0]]} and "
                        f"{geo.unit_names[pairs[u1][1]]}"
                    )
                    moves.append(_removal(geo, X_WING, reason, gone))
    return moves


def simple_colouring(board: Board) -> list[Move]:
    """Two-colour each chain of a digit's conjugate pairs; a colour that sees itself is
    false, and a cell that sees both colours loses the digit."""
    geo, moves = board.geo, []
    for d in range(geo.size):
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
                    gone = _eliminations(board, group, bit)
                    moves.append(
                        Move(
                            SIMPLE_COLOURING,
                            f"{SYMBOLS[d]}: colour {'AB'[k]} of the chain from "
                            f"{geo.cell_name(start)} sees itself: removed from "
                            f"{_cells_text(geo, group)}",
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
                        f"{SYMBOLS[d]}: {_cells_text(geo, trapped)} see both colours of "
                        f"the chain from {geo.cell_name(start)}",
                        eliminate=_eliminations(board, trapped, bit),
                    )
                )
    return moves


def xy_chains(board: Board) -> list[Move]:
    """Chains of bivalue cells: if the first cell is not z, the last one is z, so every
    cell seeing both ends loses z. Each start is searched breadth first (shortest chains)."""
    geo = board.geo
    bivalue = [
        c for c in range(geo.cells) if not board.placed[c] and board.cands[c].bit_count() == 2
    ]
    biset = set(bivalue)
    bivalue_peers = {c: [p for p in geo.peers[c] if p in biset] for c in bivalue}
    moves: list[Move] = []
    found: set[tuple[int, int, int]] = set()
    for start in bivalue:
        v = board.cands[start]
        for z in (v & -v, v & (v - 1)):
            begin = (start, v & ~z)
            parent: dict[tuple[int, int], tuple[int, int] | None] = {begin: None}
            layer = [begin]
            for depth in range(1, MAX_CHAIN):
                following = []
                for cell, link in layer:
                    for nxt in bivalue_peers[cell]:
                        if not board.cands[nxt] & link:
                            continue
                        state = (nxt, board.cands[nxt] & ~link)
                        if state in parent:
                            continue
                        parent[state] = (cell, link)
                        following.append(state)
                        if depth >= 2 and state[1] == z:
                            _xy_move(board, start, state, parent, z, found, moves)
                layer = following
    return moves


def _xy_move(
    board: Board,
    start: int,
    end: tuple[int, int],
    parent: dict[tuple[int, int], tuple[int, int] | None],
    z: int,
    found: set[tuple[int, int, int]],
    moves: list[Move],
) -> None:
    geo, last = board.geo, end[0]
    key = (min(start, last), max(start, last), z)
    if key in found:
        return
    targets = sorted(
        c
        for c in geo.peer_sets[start] & geo.peer_sets[last]
        if board.cands[c] & z and not board.placed[c]
    )
    if not targets:
        return
    found.add(key)
    chain: list[int] = []
    state: tuple[int, int] | None = end
    while state is not None:
        chain.append(state[0])
        state = parent[state]
    chain.reverse()
    moves.append(
        Move(
            XY_CHAIN,
            f"{SYMBOLS[z.bit_length() - 1]}: chain "
            + " – ".join(f"{geo.cell_name(c)}{digits_text(board.cands[c])}" for c in chain)
            + f" removes it from {_cells_text(geo, targets)}",
            eliminate=tuple((c, z) for c in targets),
        )
    )


ELIMINATION_FINDERS: tuple[tuple[Technique, Callable[[Board], list[Move]]], ...] = (
    (POINTING, pointing),
    (BOX_LINE, box_line),
    (NAKED_PAIR, lambda b: naked_subsets(b, 2, NAKED_PAIR)),
    (HIDDEN_PAIR, lambda b: hidden_subsets(b, 2, HIDDEN_PAIR)),
    (NAKED_TRIPLE, lambda b: naked_subsets(b, 3, NAKED_TRIPLE)),
    (HIDDEN_TRIPLE, lambda b: hidden_subsets(b, 3, HIDDEN_TRIPLE)),
    (X_WING, x_wings),
    (SIMPLE_COLOURING, simple_colouring),
    (XY_CHAIN, xy_chains),
)
"""Elimination techniques, easiest first, as the graded solver tries them."""
