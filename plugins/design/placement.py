"""Theme entries placed in symmetric slots, and the long slots a themeless grid keeps.

Entries of equal length go in mirrored slots (the first given on top, a revealer
last); an entry left without a partner goes in the centre line when it can sit there
symmetrically, or else in a slot whose mirror image is left to the fill. Entries go
across unless one asks for down or only fits down; a large set whose across lines
crowd also gets mixed placements, some pairs down (``_place_mixed``). Theme lines
follow the layouts that keep them (and their images, and the centre line) furthest
apart, at least one line apart; entries in neighbouring theme lines are staggered
(flush left, then right); entries with a position are placed there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import combinations, pairwise

from crossforge.grids.model import OPEN, Cell
from crossforge.grids.rules import mirror_cell
from crossforge.plugins.design.settings import DesignError, DesignSettings, ThemeEntry

Run = tuple[Cell, ...]

MIXED_FROM = 6
"""Theme sets of this many free entries or more whose best across layout puts theme
lines two apart also get mixed placements (a large Sunday set), when nobody asked
for a direction."""
MIXED_STEPS = 400
"""Slots a mixed placement tries before it gives up."""
CORNER_GAP = 3
"""Cells an edge needs between a corner and a block for an entry to fit between."""


@dataclass(frozen=True)
class ThemeSlot:
    """A theme entry in its cells."""

    entry: ThemeEntry
    cells: Run


@dataclass(frozen=True)
class Placement:
    """Theme entries in their slots, and slots kept open for the fill (the mirror image
    of an unpaired entry, a themeless grid's stacks)."""

    height: int
    width: int
    symmetry: str
    themes: tuple[ThemeSlot, ...] = ()
    kept: tuple[Run, ...] = ()
    letters: dict[Cell, str] = field(default_factory=dict)

    def image(self, cell: Cell) -> Cell:
        """The cell ``cell`` maps onto under the placement's symmetry."""
        return mirror_cell(self.height, self.width, cell, self.symmetry)

    def image_run(self, cells: Iterable[Cell]) -> Run:
        """The cells a slot over ``cells`` maps onto, in reading order."""
        return tuple(sorted(self.image(cell) for cell in cells))

    def pattern(self, cells: Iterable[Cell]) -> str:
        """The pattern of a slot over ``cells``: its theme letters, ``.`` elsewhere."""
        return "".join(self.letters.get(cell, OPEN) for cell in cells)

    def open_cells(self) -> set[Cell]:
        """Cells that must stay open: theme and kept slots, with their images."""
        cells = {cell for run in self.runs() for cell in run}
        return cells | {self.image(cell) for cell in cells}

    def end_blocks(self) -> set[Cell]:
        """The cells just before and after every theme and kept slot, and the one or two
        cells such a block would cut off against the edge, with their images."""
        ends = set()
        for run in self.runs():
            (r0, c0), (r1, c1) = run[0], run[-1]
            dr, dc = (0, 1) if r0 == r1 else (1, 0)
            for (r, c), sign in (((r0 - dr, c0 - dc), -1), ((r1 + dr, c1 + dc), 1)):
                beyond: list[Cell] = []
                while 0 <= r < self.height and 0 <= c < self.width and len(beyond) <= 3:
                    beyond.append((r, c))
                    r, c = r + sign * dr, c + sign * dc
                ends.update(beyond if len(beyond) <= 3 else beyond[:1])
        return ends | {self.image(cell) for cell in ends}

    def runs(self) -> Iterator[Run]:
        """The cells of every theme and kept slot."""
        yield from (theme.cells for theme in self.themes)
        yield from self.kept

    def consistent(self) -> bool:
        """No end block falls on a cell that must stay open."""
        return not (self.end_blocks() & self.open_cells())

    def blocks_a_corner(self) -> bool:
        """True when an end block lies on an edge within two cells of a corner: the
        cells between it and the corner are too few for an entry, so the corner cell
        must be a block too (a 13 in the third row of a 15x15, wherever it starts),
        which no printed grid has."""
        last_row, last_col = self.height - 1, self.width - 1
        return any(
            (c in (0, last_col) and min(r, last_row - r) < CORNER_GAP)
            or (r in (0, last_row) and min(c, last_col - c) < CORNER_GAP)
            for r, c in self.end_blocks()
        )


def is_across(cells: Iterable[Cell]) -> bool:
    """True when the slot over ``cells`` goes across (its cells share a row)."""
    return len({r for r, _ in cells}) == 1


def slot_cells(row: int, col: int, direction: str, length: int) -> Run:
    """The cells of a slot starting at (row, col)."""
    if direction == "across":
        return tuple((row, col + i) for i in range(length))
    return tuple((row + i, col) for i in range(length))


def theme_placements(settings: DesignSettings, rng: random.Random, tries: int) -> list[Placement]:
    """Up to ``tries`` distinct placements of the theme, the most even first, then
    other line layouts with their entries staggered or drawn: only those that leave
    every corner cell open (``Placement.blocks_a_corner``) unless none does;
    ``DesignError`` saying why when none exists."""
    fixed = [entry for entry in settings.theme if entry.fixed]
    free = [entry for entry in settings.theme if not entry.fixed]
    direction = _direction(settings, free)
    symmetry = "rotational" if settings.symmetry == "none" else settings.symmetry
    base = Placement(settings.height, settings.width, symmetry)
    base = _with_fixed(base, fixed)
    mixed = direction == "across" and not any(e.direction for e in free)
    mixed = mixed and _crowded(base, free) and _fits_down(settings, free)
    found: dict[tuple[Run, ...], Placement] = {}
    open_corners: list[Placement] = []
    for attempt in range(tries * 8):
        placement = (
            _place_mixed(base, free, rng)
            if mixed and attempt % 2 == 1
            else _place(base, free, direction, rng, attempt // 2 if mixed else attempt)
        )
        if placement is None or tuple(placement.runs()) in found:
            continue
        found[tuple(placement.runs())] = placement
        if not placement.blocks_a_corner():
            open_corners.append(placement)
        if len(open_corners) >= tries:
            break
    if not found:
        lines, span = (
            (settings.height, settings.width)
            if direction == "across"
            else (settings.width, settings.height)
        )
        uncentred = [e.answer for e in free if not _centres(span, len(e.answer))]
        if _line_image(base, direction, 0) == 0 and uncentred:
            raise DesignError(
                "theme",
                f"with {symmetry} symmetry every {direction} entry sits centred in its line "
                f"of {span} cells, and {', '.join(uncentred)} cannot; use rotational "
                "symmetry, give positions or change the size",
            )
        raise DesignError(
            "theme",
            f"the {len(settings.theme)} theme entries find no symmetric {direction} slots one "
            f"line apart in {lines} lines; give fewer entries, a larger size or positions",
        )
    return open_corners or list(found.values())[:tries]


def stack_placement(settings: DesignSettings, rng: random.Random) -> Placement:
    """A themeless placement: half the time nothing kept, the pattern search alone
    making the long slots (the patterns that fill most often); else a stack of two or
    three long across slots across the middle (up to the width), or in the top left
    corner (8 to 10 letters, where the list has the most words), or a pinwheel, that
    stack and a stack of long downs in the top right corner; kept open with their
    mirror images."""
    height, width = settings.height, settings.width
    base = Placement(height, width, _pattern_symmetry(settings.symmetry))
    draw = rng.random()
    if height < 7 or width < 7 or draw < 0.5:
        return base
    rows = rng.choice((2, 3))
    if draw < 0.6 and height % 2 == 1:
        length = rng.randint(min(9, width), width)
        middle = height // 2
        col = (
            (width - length) // 2 if base.symmetry == "rotational" or length % 2 == width % 2 else 0
        )
        runs = [slot_cells(middle + i, col, "across", length) for i in (-1, 0, 1)[:rows]]
    else:
        length = _stack_length(width, rng)
        runs = [slot_cells(row, 0, "across", length) for row in range(rows)]
        if draw >= 0.8 and base.symmetry == "rotational":
            length, cols = _stack_length(height, rng), rng.choice((2, 3))
            runs += [slot_cells(0, width - 1 - col, "down", length) for col in range(cols)]
    placement = Placement(height, width, base.symmetry, kept=tuple(runs))
    return placement if placement.consistent() else base


def _stack_length(span: int, rng: random.Random) -> int:
    """The length of a corner stack's slots: 8 to 10 letters on a 15 (the largest
    buckets of a list), about 60% of the span elsewhere."""
    most = round(span * 0.6)
    return min(span, rng.randint(most - 1, most + 1))


def _pattern_symmetry(symmetry: str) -> str:
    """``none`` places like ``rotational``: symmetric slots read best even when the
    blocks need not be."""
    return "rotational" if symmetry == "none" else symmetry


def _direction(settings: DesignSettings, free: list[ThemeEntry]) -> str:
    """The direction of the entries placed here: across unless asked or forced down."""
    asked = {entry.direction for entry in free if entry.direction}
    if len(asked) > 1:
        raise DesignError(
            "theme", "theme entries asked both across and down: give their positions (row, col)"
        )
    if asked:
        return asked.pop()
    if any(len(entry.answer) > settings.width for entry in free):
        if any(len(entry.answer) > settings.height for entry in free):
            raise DesignError(
                "theme", "some theme entries fit only across and others only down: give positions"
            )
        return "down"
    return "across"


def _fits_down(settings: DesignSettings, free: list[ThemeEntry]) -> bool:
    """True when every entry fits down as well as across."""
    return all(len(entry.answer) <= settings.height for entry in free)


def _crowded(base: Placement, entries: list[ThemeEntry]) -> bool:
    """True for a large set (``MIXED_FROM`` entries or more) in symmetric pairs whose
    best across layout puts theme lines two apart, or that has none: some pairs may
    then go down."""
    if _line_image(base, "across", 0) == 0 or len(entries) < MIXED_FROM:
        return False
    units = _units(entries, _centring(base.height, base.width))
    outer = [unit for unit in units if not unit.centre]
    used = _used_lines(base, "across")
    found = _ranked_layouts(base.height, len(outer), len(outer) < len(units), used)
    return not found or found[0][0] > -3


def _with_fixed(base: Placement, fixed: list[ThemeEntry]) -> Placement:
    """``base`` with the entries the request placed; an image slot no other entry
    fills is kept open for the fill."""
    themes: list[ThemeSlot] = []
    kept: list[Run] = []
    letters: dict[Cell, str] = {}
    for entry in fixed:
        assert entry.row is not None and entry.col is not None
        cells = slot_cells(entry.row, entry.col, entry.direction or "across", len(entry.answer))
        if not _put(letters, cells, entry.answer):
            raise DesignError("theme", f"{entry.answer} crosses another theme entry on a letter")
        themes.append(ThemeSlot(entry, cells))
    for theme in themes:
        image = base.image_run(theme.cells)
        if set(image) != set(theme.cells) and not any(set(image) == set(t.cells) for t in themes):
            kept.append(image)
    placed = Placement(base.height, base.width, base.symmetry, tuple(themes), tuple(kept), letters)
    if not placed.consistent():
        raise DesignError("theme", "the placed theme entries leave no room for their blocks")
    return placed


def _put(letters: dict[Cell, str], cells: Iterable[Cell], answer: str) -> bool:
    """Write ``answer`` into ``letters``; False when a cell already holds another letter."""
    for cell, letter in zip(cells, answer, strict=True):
        if letters.setdefault(cell, letter) != letter:
            return False
    return True


@dataclass
class _Unit:
    """Entries that go together: a pair in mirrored slots, or one entry alone."""

    entries: list[ThemeEntry]
    centre: bool = False


def _centring(lines: int, span: int) -> Callable[[ThemeEntry], bool]:
    """Whether an entry can sit centred in the middle one of ``lines`` lines of
    ``span`` cells: an odd count of lines, and as many cells left on either side."""
    return lambda entry: lines % 2 == 1 and _centres(span, len(entry.answer))


def _centres(span: int, length: int) -> bool:
    """Whether ``length`` cells sit centred in a line of ``span``: as many left on
    either side."""
    return (span - length) % 2 == 0


def _units(entries: list[ThemeEntry], centred: Callable[[ThemeEntry], bool]) -> list[_Unit]:
    """Pairs of equal length (a revealer second), then the entries left alone; one of
    them that can sit ``centred``, not a revealer when another will do, is marked for
    the centre line (the others take a slot whose image is left to the fill)."""
    by_length: dict[int, list[ThemeEntry]] = {}
    for entry in entries:
        by_length.setdefault(len(entry.answer), []).append(entry)
    units: list[_Unit] = []
    alone: list[ThemeEntry] = []
    for group in by_length.values():
        group.sort(key=lambda entry: entry.revealer)
        if len(group) % 2:
            plain = [entry for entry in group if not entry.revealer] or group
            single = plain[len(plain) // 2]  # the middle one given goes in the middle
            group.remove(single)
            alone.append(single)
        units += [_Unit(group[i : i + 2]) for i in range(0, len(group), 2)]
    units.sort(key=lambda unit: min(entries.index(e) for e in unit.entries))
    fitting = [entry for entry in alone if centred(entry)]
    if fitting:
        centre = min(fitting, key=lambda entry: (entry.revealer, -len(entry.answer)))
        alone.remove(centre)
        units.append(_Unit([centre], centre=True))
    units += [_Unit([entry]) for entry in alone]
    return units


def _place(
    base: Placement, entries: list[ThemeEntry], direction: str, rng: random.Random, attempt: int
) -> Placement | None:
    """Placement number ``attempt`` of ``entries`` in ``direction`` around ``base``
    (None when this one leaves no room): the first uses the most even line layout
    with entries flush with the edge; even attempts stagger the entries (left, right,
    left... from the top, so that neighbouring theme lines overlap little), odd ones
    draw where each starts; from the third on, other layouts are drawn."""
    if not entries:
        return base
    jitter = attempt > 0
    lines, span = (base.height, base.width) if direction == "across" else (base.width, base.height)
    paired = _line_image(base, direction, 0) != 0
    if not paired:
        return _place_self_symmetric(base, entries, direction, lines, span, rng, jitter)
    units = _units(entries, _centring(lines, span))
    outer = [unit for unit in units if not unit.centre]
    centred = len(outer) < len(units)
    used = _used_lines(base, direction)
    layouts = _layouts(lines, len(outer), centred, used)
    if not layouts:
        return None
    layout = layouts[0] if attempt < 2 else rng.choice(layouts[: max(2, len(layouts) // 2)])
    placed = base
    for i, (unit, line) in enumerate(zip(outer, layout, strict=True)):
        length = len(unit.entries[0].answer)
        if attempt % 2 == 1:
            offset = _offset(span, length, rng, jitter=True)
        else:
            offset = _offset(span, length, rng, jitter=False)
            if i % 2 == 1 and attempt > 0:
                offset = span - length - offset  # staggered: flush with the other edge
        step = _put_unit(placed, unit, direction, line, offset)
        if step is None:
            return None
        placed = step
        used |= {line, _line_image(base, direction, line)}
    for unit in units:
        if unit.centre:
            if not _apart(lines // 2, used):
                return None
            offset = (span - len(unit.entries[0].answer)) // 2
            return _put_unit(placed, unit, direction, lines // 2, offset)
    return placed


def _place_mixed(
    base: Placement, entries: list[ThemeEntry], rng: random.Random
) -> Placement | None:
    """A placement with some units across and some down (at most half of them, rounded
    up, either way): a depth-first search over the units (the centre entry first, then
    the longest), each in a drawn direction, line and offset among those that keep
    its line and image one line from the theme lines of its direction, agree on every
    letter it shares with an entry placed before (a crossing) and leave every end
    block off the open cells; None when ``MIXED_STEPS`` tries find none."""
    across, down = _centring(base.height, base.width), _centring(base.width, base.height)
    units = _units(entries, lambda entry: across(entry) and down(entry))
    units.sort(key=lambda unit: (not unit.centre, -len(unit.entries[0].answer)))
    most = (len(units) + 1) // 2
    steps = [MIXED_STEPS]

    def search(placed: Placement, depth: int, downs: int) -> Placement | None:
        if depth == len(units):
            return placed
        options = [
            option
            for option in _mixed_options(placed, units[depth])
            if (downs if option[0] == "down" else depth - downs) < most
        ]
        rng.shuffle(options)
        for direction, line, offset in options:
            steps[0] -= 1
            if steps[0] < 0:
                return None
            step = _put_unit(placed, units[depth], direction, line, offset)
            found = None if step is None else search(step, depth + 1, downs + (direction == "down"))
            if found is not None:
                return found
        return None

    return search(base, 0, 0)


def _mixed_options(placed: Placement, unit: _Unit) -> list[tuple[str, int, int]]:
    """Every (direction, line, offset) a unit of ``_place_mixed`` may take: the centre
    line for the centre entry, else a line of the top (left) half from the third on,
    one line from the used lines of that direction and their images."""
    length = len(unit.entries[0].answer)
    options: list[tuple[str, int, int]] = []
    for direction in ("across", "down"):
        lines, span = (
            (placed.height, placed.width)
            if direction == "across"
            else (placed.width, placed.height)
        )
        if length > span:
            continue
        used = _used_lines(placed, direction)
        first = 2 if lines >= 11 else 1
        candidates = [lines // 2] if unit.centre else range(first, lines // 2)
        for line in candidates:
            image_line = _line_image(placed, direction, line)
            if not (_apart(line, used) and _apart(image_line, used | {line} - {image_line})):
                continue
            offsets = [(span - length) // 2] if unit.centre else range(span - length + 1)
            options += [(direction, line, offset) for offset in offsets]
    return options


def _put_unit(
    placed: Placement, unit: _Unit, direction: str, line: int, offset: int
) -> Placement | None:
    """``placed`` with ``unit`` in ``line`` of ``direction`` from ``offset`` (its
    partner, or a kept slot, in the image); None when a letter or an end block
    clashes."""
    length = len(unit.entries[0].answer)
    cells = _line_cells(direction, line, offset, length)
    image = placed.image_run(cells)
    themes, kept, letters = list(placed.themes), list(placed.kept), dict(placed.letters)
    first = unit.entries[0]
    second = unit.entries[1] if len(unit.entries) > 1 else None
    if unit.centre and set(image) != set(cells):
        return None
    if first.revealer and second is None and not unit.centre:
        cells, image = image, cells  # an unpaired revealer reads last
    if not _put(letters, cells, first.answer):
        return None
    themes.append(ThemeSlot(first, cells))
    if second is not None:
        if not _put(letters, image, second.answer):
            return None
        themes.append(ThemeSlot(second, image))
    elif not unit.centre:
        kept.append(image)
    step = Placement(
        placed.height, placed.width, placed.symmetry, tuple(themes), tuple(kept), letters
    )
    return step if step.consistent() else None


def _layouts(lines: int, count: int, centred: bool, used: set[int]) -> list[tuple[int, ...]]:
    """The layouts of ``_ranked_layouts``, best first."""
    return [ranked[-1] for ranked in _ranked_layouts(lines, count, centred, used)]


def _ranked_layouts(
    lines: int, count: int, centred: bool, used: set[int]
) -> list[tuple[int, int, int, float, tuple[int, ...]]]:
    """Every choice of ``count`` lines in the top half for the paired entries (their
    images below), each at least one line from the others, their images, the centre
    line when it holds an entry, and ``used``; the most even first (largest smallest
    gap, then fewest three lines two apart, fewest smallest gaps, closest to even
    spacing), with what ranks them: (-smallest gap, three lines two apart, count of
    smallest gaps, drift, layout)."""
    half = lines // 2
    first = 2 if lines >= 11 else 1  # a theme line on the second line boxes the edge in
    total = 2 * count + int(centred)
    ideal = [(i + 1) * lines / (total + 1) for i in range(count)]
    found = []
    for layout in combinations(range(first, half), count):
        taken = {*layout, *(lines - 1 - line for line in layout)} | used
        if centred:
            taken.add(half)
        gaps = [b - a for a, b in pairwise(sorted(taken))]
        gap = min(gaps, default=lines)
        if gap < 2:
            continue
        # Three theme lines two apart box in the lines between: a down slot there
        # crosses three entries (S.S.R) and no word fits.
        runs = sum(a == b == 2 for a, b in pairwise(gaps))
        drift = sum(abs(line - want) for line, want in zip(layout, ideal, strict=True))
        found.append((-gap, runs, gaps.count(gap), drift, layout))
    found.sort()
    return found


def _place_self_symmetric(
    base: Placement,
    entries: list[ThemeEntry],
    direction: str,
    lines: int,
    span: int,
    rng: random.Random,
    jitter: bool,
) -> Placement | None:
    """Each entry centred in a line of its own (mirror symmetry across the lines)."""
    ordered = sorted(entries, key=lambda entry: entry.revealer)
    ideal = [(i + 1) * lines // (len(ordered) + 1) for i in range(len(ordered))]
    if jitter:
        ideal = [line + rng.choice((-1, 0, 0, 1)) for line in ideal]
    used = _used_lines(base, direction)
    themes, letters = list(base.themes), dict(base.letters)
    for entry, line in zip(ordered, ideal, strict=True):
        length = len(entry.answer)
        if not _centres(span, length) or not 0 <= line < lines or not _apart(line, used):
            return None
        cells = _line_cells(direction, line, (span - length) // 2, length)
        if not _put(letters, cells, entry.answer):
            return None
        themes.append(ThemeSlot(entry, cells))
        used.add(line)
    placed = Placement(base.height, base.width, base.symmetry, tuple(themes), base.kept, letters)
    return placed if placed.consistent() else None


def _line_cells(direction: str, line: int, offset: int, length: int) -> Run:
    return (
        slot_cells(line, offset, "across", length)
        if direction == "across"
        else slot_cells(offset, line, "down", length)
    )


def _line_image(base: Placement, direction: str, line: int) -> int:
    """The line that ``line`` maps onto under the placement's symmetry."""
    r, c = base.image((line, 0) if direction == "across" else (0, line))
    return r if direction == "across" else c


def _used_lines(base: Placement, direction: str) -> set[int]:
    """Lines already holding a theme or kept slot of ``direction``."""
    used = set()
    for run in base.runs():
        across = is_across(run)
        if across == (direction == "across"):
            used.add(run[0][0] if across else run[0][1])
    return used


def _apart(line: int, used: set[int]) -> bool:
    """True when ``line`` is neither used nor next to a used line."""
    return all(abs(line - other) >= 2 for other in used)


def _offset(span: int, length: int, rng: random.Random, jitter: bool) -> int:
    """Where an entry starts in its line: flush with the edge (or one or two cells from
    it, those cells then blocks), or anywhere when drawn."""
    flush = min(span - length, 0 if span - length != 1 else 1)
    return rng.randint(0, span - length) if jitter and rng.random() < 0.5 else flush
