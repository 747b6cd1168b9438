"""The Shikaku logical solver: the Shikaku article's techniques in levels, graded, with search.

A board keeps, per clue, the rectangles still possible and the cells proved to be the
clue's (*claimed*). Keeping the board tidy is free: a rectangle that misses the clue's
claimed cells or covers another clue's is dropped at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from crossforge.plugins.bits import set_bits
from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import Grade, LogicalSolve, Technique
from crossforge.plugins.puzzles.shikaku.geometry import Layout, core_of, union_of
from crossforge.plugins.puzzles.shikaku.model import Rect, ShikakuPuzzle
from crossforge.plugins.puzzles.technique_solver import (
    Contradiction,
    Rules,
    count_built,
    run_logic,
    solve_built,
)

ONLY_RECTANGLE = Technique(
    "only-rectangle",
    1,
    1,
    "A clue with one possible rectangle left takes it (complete intersection).",
)
COMMON_CELLS = Technique(
    "common-cells",
    2,
    2,
    "Cells inside every possible rectangle of a clue are its (partial intersection).",
)
SINGLE_REACH = Technique(
    "single-reach", 3, 3, "A cell only one clue can reach belongs to that clue's rectangle."
)
AREA_CHECK = Technique(
    "area-check",
    4,
    4,
    "An undecided region whose area the clues reaching it fill exactly: they spend all "
    "they need in it (or those that must stay inside fill it and the others keep out).",
)
SEPARATION = Technique(
    "separation",
    6,
    4,
    "A rectangle that would cut off an undecided region whose area no clue can fill "
    "exactly is impossible (separated regions, area check).",
)
GUESS = Technique("guess", 20, 5, "Logic is stuck: try a rectangle, proved by search.")

TECHNIQUES: tuple[Technique, ...] = (
    ONLY_RECTANGLE,
    COMMON_CELLS,
    SINGLE_REACH,
    AREA_CHECK,
    SEPARATION,
    GUESS,
)
LEVEL_NAMES = {
    0: "none",
    1: "placing",
    2: "overlap",
    3: "reach",
    4: "regions",
    5: "guess",
}
"""Level numbers of the technique table and their names."""


@dataclass
class Move:
    """A deduction about one clue: cells it claims and/or rectangles it keeps."""

    technique: Technique
    clue: int
    detail: str
    claim: int = 0
    keep: list[int] | None = None
    """Indices into the clue's options to keep (None: all)."""


class Board:
    """The possible rectangles of every clue and the cells claimed so far."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.domains = [list(range(len(opts))) for opts in layout.options]
        self.claimed = [0] * len(self.domains)
        self.placed = [False] * len(self.domains)
        self.claimed_all = 0
        if sum(c.area for c in layout.puzzle.clues) != layout.size:
            raise Contradiction(
                f"the clues add up to {sum(c.area for c in layout.puzzle.clues)}, "
                f"the grid has {layout.size} cells"
            )
        for k, cell in enumerate(layout.clue_cells):
            self.claimed[k] = 1 << cell
            self.claimed_all |= 1 << cell
        self.tidy()

    def copy(self) -> Board:
        """An independent copy for search."""
        other = Board.__new__(Board)
        other.layout = self.layout
        other.domains = [d[:] for d in self.domains]
        other.claimed = self.claimed[:]
        other.placed = self.placed[:]
        other.claimed_all = self.claimed_all
        return other

    def masks(self, k: int) -> list[int]:
        """Bitmasks of clue ``k``'s possible rectangles."""
        opts = self.layout.options[k]
        return [opts[i].mask for i in self.domains[k]]

    def solved(self) -> bool:
        """True when every clue has taken its rectangle."""
        return all(self.placed)

    def rects(self) -> list[Rect]:
        """The rectangle of each clue (the first possible one where still open)."""
        return [self.layout.options[k][d[0]].rect for k, d in enumerate(self.domains)]

    def undetermined(self) -> int:
        """Cells no clue has claimed yet."""
        return self.layout.size - self.claimed_all.bit_count()

    # --- changes ---------------------------------------------------------------

    def apply(self, move: Move) -> bool:
        """Carry out a move and tidy up; True when it changed anything."""
        k = move.clue
        changed = False
        if move.keep is not None and len(move.keep) < len(self.domains[k]):
            self.domains[k] = move.keep
            changed = True
        if move.technique is ONLY_RECTANGLE and not self.placed[k]:
            self.placed[k] = changed = True
        new = move.claim & ~self.claimed[k]
        if new:
            if new & self.claimed_all:
                raise Contradiction(f"clue {self.layout.name(k)} claims cells already taken")
            self.claimed[k] |= new
            self.claimed_all |= new
            changed = True
        if changed:
            self.tidy()
        return changed

    def tidy(self) -> None:
        """Drop rectangles that miss their clue's claimed cells or cover another's."""
        options = self.layout.options
        again = True
        while again:
            again = False
            for k, domain in enumerate(self.domains):
                mine = self.claimed[k]
                blocked = self.claimed_all & ~mine
                opts = options[k]
                kept = [
                    i for i in domain if not opts[i].mask & blocked and opts[i].mask & mine == mine
                ]
                if len(kept) < len(domain):
                    if not kept:
                        raise Contradiction(f"clue {self.layout.name(k)} has no rectangle left")
                    self.domains[k] = kept
                    again = True

    def check(self) -> None:
        """Raise ``Contradiction`` when some cell is out of every clue's reach."""
        reach = union_of(self.unions())
        if self.layout.full & ~reach:
            cells = self.layout.cell_names(self.layout.full & ~reach)
            raise Contradiction(f"no clue can reach {cells}")

    def unions(self) -> list[int]:
        """Per clue, the cells some possible rectangle covers."""
        return [union_of(self.masks(k)) for k in range(len(self.domains))]

    # --- techniques ----------------------------------------------------------------

    def only_rectangle(self) -> list[Move]:
        """Clues with a single rectangle left that have not taken it."""
        moves = []
        for k, domain in enumerate(self.domains):
            if len(domain) == 1 and not self.placed[k]:
                opt = self.layout.options[k][domain[0]]
                moves.append(
                    Move(
                        ONLY_RECTANGLE,
                        k,
                        f"clue {self.layout.name(k)} takes {list(opt.rect)}",
                        opt.mask,
                    )
                )
        return moves

    def common_cells(self) -> list[Move]:
        """Cells shared by every remaining rectangle of a clue, not yet claimed."""
        moves = []
        for k, domain in enumerate(self.domains):
            if len(domain) < 2:
                continue
            new = core_of(self.masks(k), self.layout.full) & ~self.claimed[k]
            if new:
                cells = self.layout.cell_names(new)
                moves.append(
                    Move(COMMON_CELLS, k, f"clue {self.layout.name(k)} covers {cells}", new)
                )
        return moves

    def single_reach(self) -> list[Move]:
        """Unclaimed cells that only one clue's rectangles reach."""
        unions = self.unions()
        once = twice = 0
        for union in unions:
            twice |= once & union
            once |= union
        if self.layout.full & ~once:
            self.check()
        lonely = once & ~twice & ~self.claimed_all
        moves = []
        for cell in set_bits(lonely):
            bit = 1 << cell
            k = next(k for k, union in enumerate(unions) if union & bit)
            opts = self.layout.options[k]
            keep = [i for i in self.domains[k] if opts[i].mask & bit]
            where = self.layout.cell_names(bit)
            moves.append(
                Move(SINGLE_REACH, k, f"only clue {self.layout.name(k)} reaches {where}", bit, keep)
            )
        return moves

    def _needs(self, skip: int = -1, avoid: int = 0) -> list[tuple[int, int, int]]:
        """(clue, cells it still needs, undecided cells its candidates could add) for
        every unfinished clue but ``skip``, counting only candidates clear of ``avoid``."""
        free = self.layout.full & ~self.claimed_all & ~avoid
        found = []
        for j, domain in enumerate(self.domains):
            if j == skip or self.placed[j]:
                continue
            need = self.layout.puzzle.clues[j].area - self.claimed[j].bit_count()
            if need:
                opts = self.layout.options[j]
                reach = union_of(opts[i].mask for i in domain if not opts[i].mask & avoid)
                found.append((j, need, reach & free))
        return found

    def area_check(self) -> list[Move]:
        """Undecided regions whose area the clues around them fill exactly: the clues
        that reach a region must spend all they still need in it, or clues that cannot
        stay out of it fill it and the others must keep out."""
        moves = []
        needs = self._needs()
        for region in self.layout.regions(self.layout.full & ~self.claimed_all):
            size = region.bit_count()
            touching = [(j, need, extra) for j, need, extra in needs if extra & region]
            inside = [(j, need) for j, need, extra in touching if not extra & ~region]
            if sum(n for _, n in inside) > size or sum(n for _, n, _ in touching) < size:
                cells = self.layout.cell_names(region)
                raise Contradiction(f"the clues around {cells} cannot fill it exactly")
            inside_ids = {j for j, _ in inside}
            if sum(n for _, n, _ in touching) == size:
                # Each clue reaching the region spends all it still needs there.
                forbidden = self.layout.full & ~self.claimed_all & ~region
                rule = "must spend all it needs in"
                bound = [j for j, _, _ in touching]
            elif sum(n for _, n in inside) == size:
                # The clues confined to the region fill it; the others keep out.
                forbidden, rule = region, "must keep out of"
                bound = [j for j, _, _ in touching if j not in inside_ids]
            else:
                continue
            for j in bound:
                opts = self.layout.options[j]
                keep = [i for i in self.domains[j] if not opts[i].mask & forbidden]
                if len(keep) < len(self.domains[j]):
                    where = self.layout.cell_names(region, 3)
                    detail = f"clue {self.layout.name(j)} {rule} the region of {where}"
                    moves.append(Move(AREA_CHECK, j, detail, keep=keep))
        return moves

    def separation(self) -> list[Move]:
        """Rectangles whose placement leaves an undecided region no clues can fill."""
        moves = []
        for k, domain in enumerate(self.domains):
            if len(domain) < 2:
                continue
            opts = self.layout.options[k]
            bad = [i for i in domain if not self._fits(k, opts[i].mask)]
            if bad and len(bad) < len(domain):
                keep = [i for i in domain if i not in bad]
                shown = ", ".join(str(list(opts[i].rect)) for i in bad[:3])
                detail = f"clue {self.layout.name(k)} cannot take {shown}"
                moves.append(Move(SEPARATION, k, detail, keep=keep))
            elif bad:
                raise Contradiction(
                    f"clue {self.layout.name(k)}: every rectangle cuts the grid badly"
                )
        return moves

    def _fits(self, k: int, mask: int) -> bool:
        """Could clue ``k`` take ``mask``, judging by the undecided regions it leaves?"""
        free = self.layout.full & ~self.claimed_all & ~mask
        if not free:
            return True
        reach = self._needs(skip=k, avoid=mask)
        covered = 0
        for _, _, extra in reach:
            if not extra:
                return False
            covered |= extra
        if free & ~covered:
            return False
        for region in self.layout.regions(free):
            size = region.bit_count()
            inside = sum(need for _, need, extra in reach if not extra & ~region)
            touching = sum(need for _, need, extra in reach if extra & region)
            if inside > size or touching < size:
                return False
        return True


LEVELS: tuple[tuple[Callable[[Board], list[Move]], ...], ...] = (
    (Board.only_rectangle,),
    (Board.common_cells,),
    (Board.single_reach,),
    (Board.area_check,),
    (Board.separation,),
)
"""Technique finders, cheapest first (area-check is tried before separation; both are
level 4, the Shikaku article's work on undecided regions)."""


def _branches(board: Board) -> list[Move]:
    """Guesses at a stuck board: each rectangle of the open clue with the fewest."""
    k = min(
        (k for k, placed in enumerate(board.placed) if not placed),
        key=lambda k: len(board.domains[k]),
    )
    opts = board.layout.options[k]
    name = board.layout.name(k)
    return [
        Move(GUESS, k, f"guess clue {name} takes {list(opts[i].rect)}", keep=[i])
        for i in board.domains[k]
    ]


RULES: Rules[Board] = Rules(LEVELS, GUESS, _branches)
"""How Shikaku boards are solved."""


def logic_only(puzzle: ShikakuPuzzle) -> tuple[Board | None, Grade]:
    """The graded solve without guessing: the board where logic stops (None: contradiction)."""
    grade = Grade()
    try:
        board = Board(Layout(puzzle))
        run_logic(board, RULES, grade)
    except Contradiction:
        return None, grade
    return board, grade


def solve(puzzle: ShikakuPuzzle, control: Control | None = None) -> LogicalSolve:
    """Solve by techniques, level by level, guessing (proved by search) only when stuck;
    the solution is one ``[row, col, height, width]`` per clue."""
    return solve_built(lambda: Board(Layout(puzzle)), RULES, _rect_lists, control)


def _rect_lists(board: Board) -> list[list[int]]:
    return [list(r) for r in board.rects()]


def count_solutions(puzzle: ShikakuPuzzle, limit: int = 2, control: Control | None = None) -> int:
    """Solutions counted no further than ``limit``."""
    return count_built(lambda: Board(Layout(puzzle)), RULES, limit, control)
