"""Construction rules for square grids: each check returns violations with their cells.

Rule sets (``check(grid, rules)``):

- ``american``: 180° rotational symmetry (or the ``symmetry`` asked: ``mirror``, left
  to right, or ``none``), every entry at least ``min_length`` (3) letters, every open
  cell checked, open cells connected.
- ``canadian`` (fully checked, the Canadian-crossword article): every entry at least ``min_length``
  letters and every letter of every entry crossed by another entry.
- ``british`` (chequered): entries at least ``min_length`` letters, no two consecutive
  unchecked cells in an entry, and per entry unchecked ≤ checked + 1.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from crossforge.errors import InputError
from crossforge.grids.model import Cell, Grid

RULE_SETS = ("american", "canadian", "british")
SYMMETRIES = ("rotational", "mirror", "none")


@dataclass(frozen=True)
class Violation:
    """One broken rule: its name, a readable message and the cells concerned."""

    rule: str
    message: str
    cells: tuple[Cell, ...]


def mirror_cell(height: int, width: int, cell: Cell, symmetry: str = "rotational") -> Cell:
    """The cell ``cell`` of a ``height`` × ``width`` grid maps onto under ``symmetry``
    (``none``: itself)."""
    r, c = cell
    if symmetry == "rotational":
        return height - 1 - r, width - 1 - c
    if symmetry == "mirror":
        return r, width - 1 - c
    if symmetry == "none":
        return cell
    raise InputError(f"unknown symmetry {symmetry!r}; choose one of {', '.join(SYMMETRIES)}")


def check_symmetry(grid: Grid, symmetry: str = "rotational") -> list[Violation]:
    """Blocks must map onto blocks under ``symmetry``: ``rotational`` (180°), ``mirror``
    (left to right) or ``none`` (one violation per cell pair)."""
    out = []
    name = {"rotational": "180° symmetry", "mirror": "mirror symmetry"}.get(symmetry, "")
    for cell in grid.cells():
        mirror = mirror_cell(grid.height, grid.width, cell, symmetry)
        if cell < mirror and grid.is_block(*cell) != grid.is_block(*mirror):
            out.append(
                Violation("symmetry", f"cells {cell} and {mirror} break {name}", (cell, mirror))
            )
    return out


def check_word_count(grid: Grid, max_words: int, min_length: int = 3) -> list[Violation]:
    """At most ``max_words`` entries (of ``min_length`` letters or more)."""
    count = len(grid.slots(min_length))
    if count <= max_words:
        return []
    return [Violation("word_count", f"{count} entries, more than {max_words}", ())]


def check_block_share(grid: Grid, max_share: float) -> list[Violation]:
    """At most ``max_share`` (0–1) of the cells may be blocks."""
    blocks = grid.blocks()
    cells = grid.height * grid.width
    if len(blocks) <= max_share * cells:
        return []
    return [
        Violation(
            "block_share",
            f"{len(blocks)} blocks are {100 * len(blocks) / cells:.1f}% of the cells, "
            f"more than {100 * max_share:.1f}%",
            tuple(blocks),
        )
    ]


def check_entry_length(grid: Grid, min_length: int = 3) -> list[Violation]:
    """Every run of two or more open cells must have at least ``min_length`` cells."""
    return [
        Violation(
            "entry_length",
            f"{slot.id} has {slot.length} letters, fewer than {min_length}",
            slot.cells,
        )
        for slot in grid.slots(min_length=2)
        if slot.length < min_length
    ]


def check_all_checked(grid: Grid) -> list[Violation]:
    """Every open cell must lie in both an across and a down run of two or more cells."""
    unchecked = sorted(grid.unchecked_cells(min_length=2))
    return [Violation("checked", f"cell {cell} is unchecked", (cell,)) for cell in unchecked]


def check_connected(grid: Grid) -> list[Violation]:
    """All open cells must form one region (4-neighbour connectivity)."""
    regions = open_regions(grid)
    if len(regions) <= 1:
        return []
    return [
        Violation(
            "connected",
            f"open cells form {len(regions)} separate regions; this one has {len(region)} cells",
            tuple(region),
        )
        for region in regions[1:]
    ]


def open_regions(grid: Grid) -> list[list[Cell]]:
    """Connected regions of open cells, largest first, each sorted row by row."""
    seen: set[Cell] = set()
    regions: list[list[Cell]] = []
    for start in grid.open_cells():
        if start in seen:
            continue
        seen.add(start)
        stack, region = [start], []
        while stack:
            r, c = stack.pop()
            region.append((r, c))
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if grid.contains(nr, nc) and grid.is_open(nr, nc) and (nr, nc) not in seen:
                    seen.add((nr, nc))
                    stack.append((nr, nc))
        regions.append(sorted(region))
    regions.sort(key=len, reverse=True)
    return regions


def check_fully_checked(grid: Grid, min_length: int = 3) -> list[Violation]:
    """Every cell of every entry (≥ ``min_length``) must be crossed by another entry."""
    checked = grid.checked_cells(min_length)
    out = []
    for slot in grid.slots(min_length):
        loose = tuple(cell for cell in slot.cells if cell not in checked)
        if loose:
            out.append(
                Violation(
                    "fully_checked",
                    f"{slot.id}: {len(loose)} letter(s) not crossed by another entry",
                    loose,
                )
            )
    return out


def check_chequered(grid: Grid, min_length: int = 3) -> list[Violation]:
    """British rules per entry: no two consecutive unchecked cells, unchecked ≤ checked + 1."""
    checked = grid.checked_cells(min_length=2)
    out = []
    for slot in grid.slots(min_length):
        flags = [cell not in checked for cell in slot.cells]
        pairs = [i for i in range(slot.length - 1) if flags[i] and flags[i + 1]]
        if pairs:
            cells = tuple(sorted({slot.cells[k] for i in pairs for k in (i, i + 1)}))
            out.append(
                Violation(
                    "consecutive_unchecked",
                    f"{slot.id} has two or more unchecked cells in a row",
                    cells,
                )
            )
        unchecked = sum(flags)
        if unchecked > slot.length - unchecked + 1:
            out.append(
                Violation(
                    "unchecked_ratio",
                    f"{slot.id} has {unchecked} unchecked and {slot.length - unchecked} "
                    "checked cells (at most checked + 1 allowed)",
                    tuple(cell for cell, flag in zip(slot.cells, flags, strict=True) if flag),
                )
            )
    return out


def _american(grid: Grid, min_length: int, symmetry: str) -> list[Violation]:
    return (
        check_symmetry(grid, symmetry)
        + check_entry_length(grid, min_length)
        + check_all_checked(grid)
        + check_connected(grid)
    )


def _canadian(grid: Grid, min_length: int, symmetry: str) -> list[Violation]:
    return check_entry_length(grid, min_length) + check_fully_checked(grid, min_length)


def _british(grid: Grid, min_length: int, symmetry: str) -> list[Violation]:
    return check_entry_length(grid, min_length) + check_chequered(grid, min_length)


_RULES: dict[str, Callable[[Grid, int, str], list[Violation]]] = {
    "american": _american,
    "canadian": _canadian,
    "british": _british,
}


def check(
    grid: Grid,
    rules: str = "american",
    min_length: int = 3,
    *,
    symmetry: str = "rotational",
    max_words: int | None = None,
    max_block_share: float | None = None,
) -> list[Violation]:
    """All violations of a rule set (see the module docstring); empty when the grid passes.

    ``symmetry`` is the one American grids must have (Canadian and British grids need
    none: ``check_symmetry`` checks theirs); a designed grid's limits add ``max_words``
    (entries) and ``max_block_share`` (0–1) when given."""
    try:
        rule_set = _RULES[rules]
    except KeyError:
        raise InputError(
            f"unknown rule set {rules!r}; choose one of {', '.join(RULE_SETS)}"
        ) from None
    mirror_cell(1, 1, (0, 0), symmetry)  # an unknown symmetry is refused by name
    found = rule_set(grid, min_length, symmetry)
    if max_words is not None:
        found += check_word_count(grid, max_words, min_length)
    if max_block_share is not None:
        found += check_block_share(grid, max_block_share)
    return found
