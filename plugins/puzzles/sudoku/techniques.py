"""Sudoku solving techniques: each finder lists the moves it sees on a candidate board.

A board is a list of candidate bit masks (bit ``d - 1`` for digit ``d``) plus the set of
placed cells. A move either places a digit or eliminates candidates; its detail says
why, so a person can follow the solve.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import Technique
from crossforge.plugins.puzzles.sudoku.board import SYMBOLS, Geometry
from crossforge.plugins.puzzles.sudoku.search_tables import search_tables

LEVEL_NAMES = {
    1: "easy",
    2: "medium",
    3: "hard",
    4: "expert",
    5: "master",
    6: "extreme",
    7: "guessing",
}
"""Level names by number: what a solver must know (see ``TECHNIQUES``)."""

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
SWORDFISH = Technique(
    "swordfish", 18, 3, "a digit's places in three lines lie on three cross lines"
)
XY_WING = Technique(
    "XY-wing", 20, 3, "a pivot {x,y} sees pincers {x,z} and {y,z}: z leaves what sees both"
)
XYZ_WING = Technique(
    "XYZ-wing", 22, 3, "a pivot {x,y,z} sees pincers {x,z} and {y,z}: z leaves what sees all"
)
FINNED_X_WING = Technique(
    "finned X-wing", 23, 4, "an X-wing but for extra places (fins) in one box"
)
SIMPLE_COLOURING = Technique(
    "simple colouring", 25, 4, "two-colouring a digit's conjugate pairs traps candidates"
)
UNIQUE_RECTANGLE_1 = Technique(
    "unique rectangle type 1", 26, 4, "three corners of a rectangle hold {a,b}: not the fourth"
)
UNIQUE_RECTANGLE_2 = Technique(
    "unique rectangle type 2", 27, 4, "the other corners of a {a,b} rectangle share one extra c"
)
UNIQUE_RECTANGLE_4 = Technique(
    "unique rectangle type 4", 27, 4, "a digit of a {a,b} rectangle is locked in its roof"
)
NAKED_QUAD = Technique("naked quad", 28, 4, "four cells of a unit hold four candidates")
JELLYFISH = Technique("jellyfish", 30, 4, "a digit's places in four lines lie on four cross lines")
FINNED_SWORDFISH = Technique("finned swordfish", 31, 4, "a swordfish but for fins in one box")
HIDDEN_QUAD = Technique("hidden quad", 32, 4, "four digits share four places in a unit")
BUG_PLUS_ONE = Technique(
    "BUG+1", 34, 4, "every open cell but one has two candidates: that one takes the odd digit"
)
X_CHAIN = Technique(
    "X-chain", 40, 5, "a chain of one digit's strong and weak links: one of its ends holds it"
)
XY_CHAIN = Technique(
    "XY-chain", 45, 5, "a chain of two-candidate cells forces a digit at one of its ends"
)
AIC = Technique(
    "AIC", 150, 6, "an alternating inference chain over cells and digits: one end is true"
)
GUESS = Technique("guess", 1000, 7, "no technique applies: a cell's digit is guessed")

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
    SWORDFISH,
    XY_WING,
    XYZ_WING,
    FINNED_X_WING,
    SIMPLE_COLOURING,
    UNIQUE_RECTANGLE_1,
    UNIQUE_RECTANGLE_2,
    UNIQUE_RECTANGLE_4,
    NAKED_QUAD,
    JELLYFISH,
    FINNED_SWORDFISH,
    HIDDEN_QUAD,
    BUG_PLUS_ONE,
    X_CHAIN,
    XY_CHAIN,
    AIC,
    GUESS,
)
"""Every technique, easiest first: the documented table (``ladder.LADDER`` runs them)."""

UNIQUENESS = frozenset({UNIQUE_RECTANGLE_1, UNIQUE_RECTANGLE_2, UNIQUE_RECTANGLE_4, BUG_PLUS_ONE})
"""Techniques that assume the puzzle has one solution: used only when search proved it."""

Eliminations = tuple[tuple[int, int], ...]
"""Candidates to remove, as (cell, digit bit) pairs."""


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


def cells_text(geo: Geometry, cells: Sequence[int]) -> str:
    """``r1c2, r3c4`` for a list of cells."""
    return ", ".join(geo.cell_name(c) for c in cells)


class Board:
    """Candidates and placed cells of a solve in progress."""

    def __init__(self, geo: Geometry, givens: Sequence[int]) -> None:
        self.geo = geo
        self.cands = [geo.full] * geo.cells
        self.placed = [False] * geo.cells
        self._table: list[list[list[int]]] | None = None
        self._lines: dict[tuple[int, int], list[int]] = {}
        self.derived: dict[str, object] = {}
        """What finders derive from the candidates, kept until the next change."""
        self.log: list[tuple[int, int]] = []
        """Every change, as (cell, digit bits it lost; a placed cell: all it held)."""
        self.quiet: dict[str, tuple[int, int]] = {}
        """For a finder that works digit by digit (or unit by unit): the log length when
        it last ran and the bit set of digits (units) where it then found nothing."""
        self.control: Control | None = None
        """The solve's control: the costlier finders stop early (finding nothing) once it
        says stop."""
        for cell, digit in enumerate(givens):
            if digit:
                self.place(cell, digit)

    def place(self, cell: int, digit: int) -> bool:
        """Put ``digit`` in ``cell`` and remove it from the peers; False on a contradiction."""
        bit = 1 << (digit - 1)
        self._lines, self.derived = {}, {}
        ok = bool(self.cands[cell] & bit)
        if not self.placed[cell]:
            self._drop(cell, self.cands[cell])
        self.log.append((cell, self.cands[cell] | bit))
        self.cands[cell] = bit
        self.placed[cell] = True
        for p in self.geo.peers[cell]:
            if self.cands[p] & bit:
                self._drop(p, bit)
                self.cands[p] &= ~bit
                self.log.append((p, bit))
                ok = ok and bool(self.cands[p])
        return ok

    def _drop(self, cell: int, bits: int) -> None:
        """Take an unplaced cell out of the place table for the digits of ``bits`` (the
        table is kept up to date rather than built again after every move)."""
        table = self._table
        if table is None:
            return
        units = self.geo.units_of[cell]
        while bits:
            low = bits & -bits
            bits ^= low
            d = low.bit_length() - 1
            for u in units:
                table[u][d].remove(cell)

    def apply(self, move: Move) -> bool:
        """Carry out a move; False when it exposed a contradiction."""
        if move.place is not None:
            return self.place(*move.place)
        self._lines, self.derived = {}, {}
        for cell, bit in move.eliminate:
            gone = bit & self.cands[cell]
            if not self.placed[cell]:
                self._drop(cell, gone)
            self.log.append((cell, gone))
            self.cands[cell] &= ~bit
            if not self.cands[cell]:
                return False
        return True

    def changed_digits(self, since: int) -> int:
        """The bit set of digits that lost a place since the log was ``since`` long."""
        changed = 0
        for _, bits in self.log[since:]:
            changed |= bits
        return changed

    def changed_units(self, since: int) -> int:
        """The bit set of units with a cell that changed since the log was ``since`` long."""
        unit_bits = search_tables(self.geo.box).unit_bits
        changed = 0
        for cell, _ in self.log[since:]:
            changed |= unit_bits[cell]
        return changed

    def stopping(self) -> bool:
        """True once the board's control (if any) says stop."""
        return self.control is not None and bool(self.control.should_stop())

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

    def line_masks(self, axis: int, digit: int) -> list[int]:
        """For every row (``axis`` 0) or column (1), the positions along it where
        ``digit`` (0-based) may still go, as a bit mask (bit ``j``: column or row ``j``)."""
        key = (axis, digit)
        masks = self._lines.get(key)
        if masks is None:
            n = self.geo.size
            masks = []
            for where in self.table()[axis * n : axis * n + n]:
                mask = 0
                for c in where[digit]:
                    mask |= 1 << (c % n if axis == 0 else c // n)
                masks.append(mask)
            self._lines[key] = masks
        return masks

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


def eliminations(board: Board, cells: Sequence[int], bit: int) -> Eliminations:
    return tuple((c, bit) for c in cells if not board.placed[c] and board.cands[c] & bit)


def removal(geo: Geometry, technique: Technique, reason: str, gone: Eliminations) -> Move:
    """A move making eliminations ``gone``, its detail the reason and the cells cleared."""
    return Move(
        technique,
        f"{reason}: removed from {cells_text(geo, [c for c, _ in gone])}",
        eliminate=gone,
    )


def _locked(
    board: Board,
    sources: range,
    kinds: Sequence[int],
    technique: Technique,
    prepositions: tuple[str, str],
    digits: Sequence[int] | None,
) -> list[Move]:
    """A digit's places in a unit of ``sources`` all in one unit of a kind in ``kinds``
    (0 row, 1 column, 2 box): the digit leaves the rest of that unit."""
    geo = board.geo
    of, into = prepositions
    moves: list[Move] = []
    for u in sources:
        unit = geo.units[u]
        for d in range(geo.size) if digits is None else digits:
            where = board.places(u, d)
            if len(where) < 2:
                continue
            for kind in kinds:
                targets = {geo.units_of[c][kind] for c in where}
                if len(targets) != 1:
                    continue
                target = targets.pop()
                rest = [c for c in geo.units[target] if c not in unit]
                gone = eliminations(board, rest, 1 << d)
                if gone:
                    reason = (
                        f"{SYMBOLS[d]} {of} {geo.unit_names[u]} lies {into} "
                        f"{geo.unit_names[target]}"
                    )
                    moves.append(removal(geo, technique, reason, gone))
    return moves


def pointing(board: Board, digits: Sequence[int] | None = None) -> list[Move]:
    """A digit's places in a box on one line: the digit leaves the rest of that line."""
    n = board.geo.size
    return _locked(board, range(2 * n, 3 * n), (0, 1), POINTING, ("in", "on"), digits)


def box_line(board: Board, digits: Sequence[int] | None = None) -> list[Move]:
    """A digit's places on a line in one box: the digit leaves the rest of that box."""
    return _locked(board, range(2 * board.geo.size), (2,), BOX_LINE, ("on", "in"), digits)


def bounded_groups(
    items: Sequence[tuple[int, int]], k: int, most: int | None = None
) -> list[tuple[list[int], int]]:
    """Every ``k`` of ``items`` ((key, bit mask) pairs) whose masks join into at most
    ``most`` bits (default ``k``), as (keys, joined mask). Groups are grown only while
    their join stays within bounds, so the search is small even on 25x25 boards."""
    most = k if most is None else most
    items = [item for item in items if item[1].bit_count() <= most]
    found: list[tuple[list[int], int]] = []
    if len(items) < k:
        return found
    if k == 2:
        for i, (first, mask) in enumerate(items):
            for second, other in items[i + 1 :]:
                joined = mask | other
                if joined.bit_count() <= most:
                    found.append(([first, second], joined))
        return found
    stack: list[tuple[int, int, list[int]]] = [(0, 0, [])]
    last = len(items)
    while stack:
        start, union, chosen = stack.pop()
        final = len(chosen) + 1 == k
        for i in range(start, last - k + len(chosen) + 1):
            key, mask = items[i]
            joined = union | mask
            if joined.bit_count() <= most:
                if final:
                    found.append(([*chosen, key], joined))
                else:
                    stack.append((i + 1, joined, [*chosen, key]))
    return found


def naked_subsets(
    board: Board, k: int, technique: Technique, units: Sequence[int] | None = None
) -> list[Move]:
    """``k`` cells of a unit whose candidates number ``k`` in all."""
    geo, cands, moves = board.geo, board.cands, []
    for u in range(len(geo.units)) if units is None else units:
        unit = geo.units[u]
        open_cells = board.open_cells(unit)
        if len(open_cells) <= k:
            continue
        small = [(c, cands[c]) for c in open_cells if cands[c].bit_count() <= k]
        for group, union in bounded_groups(small, k):
            if union.bit_count() != k:
                continue
            gone = tuple(
                (c, cands[c] & union) for c in open_cells if c not in group and cands[c] & union
            )
            if gone:
                reason = (
                    f"{cells_text(geo, group)} in {geo.unit_names[u]} hold {digits_text(union)}"
                )
                moves.append(removal(geo, technique, reason, gone))
    return moves


def hidden_subsets(
    board: Board, k: int, technique: Technique, units: Sequence[int] | None = None
) -> list[Move]:
    """``k`` digits whose places in a unit are the same ``k`` cells."""
    geo, moves = board.geo, []
    for u in range(len(geo.units)) if units is None else units:
        unit = geo.units[u]
        where_of = board.table()[u]
        if sum(1 for where in where_of if where) <= k:
            continue
        position = {c: i for i, c in enumerate(unit)}
        places = [
            (d, sum(1 << position[c] for c in where))
            for d, where in enumerate(where_of)
            if 2 <= len(where) <= k
        ]
        for digits, union in bounded_groups(places, k):
            if union.bit_count() != k:
                continue
            cells = [c for i, c in enumerate(unit) if union >> i & 1]
            keep = sum(1 << d for d in digits)
            gone = tuple((c, board.cands[c] & ~keep) for c in cells if board.cands[c] & ~keep)
            if gone:
                moves.append(
                    Move(
                        technique,
                        f"{digits_text(keep)} in {geo.unit_names[u]} only at "
                        f"{cells_text(geo, cells)}: other candidates removed",
                        eliminate=gone,
                    )
                )
    return moves
