"""The designer: placements, then block patterns, ranked by fill estimate, then filled.

Theme placements are drawn (``PLACEMENT_DRAWS``): the first drawn are kept and, when
even the first is crowded, those whose theme letters are easiest to cross
(``crossings``), ``PLACEMENTS`` in all. Then, in rounds until ``count`` designs are
filled or the time runs out: patterns are drawn around the placements (column by
column when across theme lines two apart share a column in a crowded set,
``columns``; else by breaking long runs, ``patterns``), for a third of the time left,
``PATTERN_POOL`` live patterns or ``PATTERN_DRAWS`` draws in all. Each is kept only
when ``crossforge.grids.rules`` passes it (the type's rules, the symmetry, the word
and block limits), after its slots tightest on theme letters got a block. The kept
patterns are ranked by their fill estimate at the floor (``grids.stats.fillability``,
log₂ of the expected fills, the theme entries counted as given) less what editors
dislike (``patterns.shape_penalty``) and tight theme crossings, and the best
``FILLS_PER_ROUND`` are filled by the fill engine, the theme entries locked.
Placements whose patterns fail are drawn less in the next round. When nothing
filled, the best patterns come back unfilled, for a constructor to finish by hand.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import numpy as np

from crossforge.grids.model import OPEN, Grid, Slot
from crossforge.grids.rules import check, check_symmetry
from crossforge.grids.stats import Shares, fillability
from crossforge.plugins.contract import Control, WordSource
from crossforge.plugins.design.columns import ColumnSearch, crowded
from crossforge.plugins.design.crossings import crossing_plans, tightest, tightest_crossing
from crossforge.plugins.design.patterns import PatternSearch, shape_penalty
from crossforge.plugins.design.placement import (
    Placement,
    is_across,
    stack_placement,
    theme_placements,
)
from crossforge.plugins.design.settings import (
    DESIGN_FIELDS,
    DesignSettings,
    design_settings,
)
from crossforge.plugins.puzzles.crossword.plugin import left_out
from crossforge.wordbase.config import DEFAULT_LIST
from crossforge.wordbase.index import WordIndex
from crossforge.wordbase.layered_lists import layered

Fill = Callable[[dict[str, Any], Control], dict[str, Any]]
"""Fills a crossword request (a fill's puzzle fields) under a Control: the fill answer."""
PLACEMENT_DRAWS = 200
PLACEMENTS = 40
FIRST_PLACEMENTS = 12
STACKS = 12
"""Theme placements drawn, and the ones kept: the first drawn (the most even layouts),
then those whose theme letters are easiest to cross; themeless placements drawn."""
PATTERN_DRAWS = 60000
PATTERN_POOL = 40
PATTERN_SHARE = 1 / 3
"""The pattern search stops after this many draws, this many live patterns kept (a
word fits every slot), or this share of the time."""
FILL_SHARE = 1 / 4
FILL_LEAST = 8.0
"""Each fill gets this share of the time left, at least ``FILL_LEAST`` seconds (or
all that is left): a pattern that fills at all mostly fills fast, so several get a
turn."""
FILLS_PER_ROUND = 8
"""Patterns filled, best first, before more are drawn."""
BARREN = 50
"""Draws of a placement that give no live pattern count as one failed fill: a
placement that never yields a pattern to fill is drawn less, like one whose patterns
do not fill (``four-d`` once spent 10,331 of 12,843 draws on one with no live
pattern, while the others were drawn 0.5^20 as often for their failed fills)."""
NO_DEADLINE = 120.0
"""Seconds a design without a deadline may take."""
TIGHT = 64
TIGHT_BITS = 2.0
"""A slot crossing theme letters with fewer than ``TIGHT`` words costs ``TIGHT_BITS``
per halving below it."""
REPAIRS = 6
"""Blocks a drawn pattern may get to break its tightest slot crossing theme letters."""
THEMELESS_BELOW = 6
"""A themeless design aims at ``max_words``, and at least this many fewer."""
TUNE_STEPS = 1500
OVER_BITS = 12.0
"""A themeless pattern is tuned for this many moves before its fill; on the way, each
entry over ``max_words`` costs this many bits."""


@dataclass
class _Pattern:
    """A pattern that passed the rules, with its estimate and shape."""

    grid: Grid
    placement: Placement
    origin: int
    """The index of its placement in the drawer."""
    bits: float
    shape: dict[str, int]
    score: float
    fill_status: str = "not_tried"
    """What its fill answered (``unsatisfiable``, ``gave_up``…), or ``not_tried``."""


@dataclass
class _Tally:
    """What the pattern search drew and why it threw patterns away."""

    drawn: int = 0
    stuck: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    fewest_words: int | None = None
    dead: int = 0
    """Patterns that passed the rules with a slot no word fits."""


def check_design(puzzle: Mapping[str, Any], words: WordSource) -> None:
    """Refuse, before any search, a design request that cannot be met: an unknown list
    (``LookupError``), theme entries that do not fit (``DesignError`` naming the
    field)."""
    index = _index(puzzle, words)
    settings = design_settings(puzzle, index.alphabet_spec.normalize)
    if settings.theme:
        theme_placements(settings, random.Random(0), tries=1)


def _index(puzzle: Mapping[str, Any], words: WordSource) -> WordIndex:
    """The one word index the request's fills read: its list, or its lists layered."""
    return layered(puzzle.get("list"), DEFAULT_LIST, words.index)[2]


class _Usable:
    """Counts of the words a fill of the request may use (memoised): the index's words
    matching a pattern at a floor, less those the request leaves out (``left_out``:
    banned, or tagged as it excludes), which its fills never take."""

    def __init__(self, index: WordIndex, left: frozenset[str]) -> None:
        self.index = index
        by_length: dict[int, list[tuple[str, int]]] = {}
        for key in left:
            score = index.score(key)
            if score is not None:
                by_length.setdefault(len(key), []).append((key, score))
        self.left = {
            length: (
                np.array([[ord(ch) for ch in key] for key, _ in keys], dtype=np.int32),
                np.array([score for _, score in keys]),
            )
            for length, keys in by_length.items()
        }
        """Per length: the left-out keys' letters (code points) and scores."""
        self.counts: dict[tuple[str, int], int] = {}

    def count(self, pattern: str, floor: int) -> int:
        """Usable words matching ``pattern`` (``.`` open) at ``floor`` or above."""
        key = (pattern, floor)
        if key not in self.counts:
            found = self.index.count(pattern, floor)
            if len(pattern) in self.left:
                letters, scores = self.left[len(pattern)]
                matching = scores >= floor
                for position, letter in enumerate(pattern):
                    if letter != OPEN:
                        matching &= letters[:, position] == ord(letter)
                found -= int(matching.sum())
            self.counts[key] = found
        return self.counts[key]


def design(
    puzzle: Mapping[str, Any], words: WordSource, control: Control, fill: Fill, rules: str
) -> dict[str, Any]:
    """The design answer of a checked design request (``puzzle``: the design fields and
    the fill fields) on the puzzle type's ``rules``."""
    started = time.monotonic()
    index = _index(puzzle, words)
    settings = design_settings(puzzle, index.alphabet_spec.normalize)
    rng = random.Random(control.seed)
    floor = int(puzzle.get("min_score") or 0)
    usable = _Usable(index, left_out(index, puzzle))

    def count(pattern: str) -> int:
        return usable.count(pattern, floor)

    columns = False
    if settings.theme:
        placements = _crossable(theme_placements(settings, rng, PLACEMENT_DRAWS), count)
        columns = crowded(placements[0])
        if not columns:  # the most even layouts cross easily: the others add nothing
            placements = placements[:FIRST_PLACEMENTS]
    else:
        placements = [stack_placement(settings, rng) for _ in range(STACKS)]
    tally = _Tally()
    drawer = _Drawer(settings, placements, rules, index, floor, rng, control, tally, count, columns)
    end = control.deadline or started + NO_DEADLINE
    designs: list[dict[str, Any]] = []
    tried: list[_Pattern] = []
    first_at: float | None = None
    while len(designs) < settings.count and not control.should_stop():
        left = end - time.monotonic()
        passed = drawer.passed
        if left <= 0 or not drawer.draw(time.monotonic() + max(left * PATTERN_SHARE, 0.5)):
            if drawer.passed == passed or tally.drawn >= PATTERN_DRAWS:
                break  # no pattern passed the rules this round: more draws will not help
            continue
        control.progress({"phase": "filling", "patterns": len(drawer.pool), "designs": 0})
        for pattern in drawer.best(FILLS_PER_ROUND):
            if len(designs) >= settings.count or control.should_stop():
                break
            pattern = drawer.tuned(pattern)
            tried.append(pattern)
            answer = fill(
                _fill_request(puzzle, pattern.grid, pattern.placement, settings),
                _fill_control(control, len(tried), designs, end),
            )
            if answer.get("status") == "filled":
                designs.append(_design(answer, pattern, settings, index))
                first_at = first_at or time.monotonic() - started
            else:
                pattern.fill_status = str(answer.get("status"))
                drawer.failed(pattern)
    patterns = sorted(tried + drawer.pool, key=lambda p: p.score, reverse=True)
    stats = {
        "placements": len(placements),
        "patterns_drawn": tally.drawn,
        "patterns_kept": len(patterns),
        "patterns_dead": tally.dead,
        "patterns_refused": dict(sorted(tally.refused.items())),
        "fills_tried": len(tried),
        "first_design_s": None if first_at is None else round(first_at, 3),
    }
    return {
        "status": "designed" if designs else "no_design",
        "reason": ""
        if designs
        else _why_none(
            settings,
            patterns,
            tally,
            len(tried),
            control,
            floor,
            lambda: _hard_crossing(placements, usable, floor),
        ),
        "size": [settings.height, settings.width],
        "symmetry": settings.symmetry,
        "max_words": settings.max_words,
        "designs": designs,
        "patterns": [] if designs else _unfilled(patterns, settings, index),
        "stats": stats,
    }


class _Drawer:
    """Block patterns drawn around the placements in rounds: each round draws until
    ``PATTERN_POOL`` untried live patterns wait or its time is up. With ``columns``
    (the first, most even placement is crowded: across theme lines two apart share
    columns, ``columns.crowded``), crowded placements are searched column by column
    (their only live patterns come so; around a four-entry set's drawn layouts they
    came out live by the hundred and never filled); any other by breaking long runs
    (fewer cheaters). Placements are drawn by how often their patterns came out live
    and filled: one that crowds its theme lines yields refused, dead or unfillable
    patterns and is drawn less."""

    def __init__(
        self,
        settings: DesignSettings,
        placements: list[Placement],
        rules: str,
        index: Any,
        floor: int,
        rng: random.Random,
        control: Control,
        tally: _Tally,
        count: Callable[[str], int],
        columns: bool,
    ) -> None:
        self.settings, self.rules, self.index, self.floor = settings, rules, index, floor
        self.rng, self.control, self.tally = rng, control, tally
        self.memo = _theme_memo(placements, index, floor)
        symmetric = settings.symmetry != "none"
        max_blocks = int(settings.max_block_share * settings.height * settings.width)
        self.searches = [
            ColumnSearch(placement, symmetric, rng, count, max_blocks)
            if columns and crowded(placement)
            else PatternSearch(placement, symmetric, rng, count)
            for placement in placements
        ]
        self.drawn = [0] * len(self.searches)
        self.live = [0] * len(self.searches)
        self.fails = [0] * len(self.searches)
        self.themed = bool(settings.theme)
        self.side = max(settings.height, settings.width)
        self.longest = (
            min(7, max(5, round(self.side * 0.47))) if self.themed else round(self.side * 0.6)
        )
        self.seen: set[tuple[str, ...]] = set()
        self.passed = 0
        """Patterns drawn that passed the rules (live or dead)."""
        self.pool: list[_Pattern] = []
        """Live patterns not tried yet."""

    def draw(self, stop_at: float) -> bool:
        """Draw patterns until the pool is full, ``stop_at`` or the draw limit; True
        when the pool holds a pattern to try."""
        settings, tally = self.settings, self.tally
        while (
            tally.drawn < PATTERN_DRAWS
            and len(self.pool) < PATTERN_POOL * settings.count
            and time.monotonic() < stop_at
            and not self.control.should_stop()
        ):
            tally.drawn += 1
            weights = [
                (good + 1) / (tries + 2) * 0.5 ** min(fails + (tries - good) // BARREN, 20)
                for good, tries, fails in zip(self.live, self.drawn, self.fails, strict=True)
            ]
            chosen = self.rng.choices(range(len(self.searches)), weights)[0]
            self.drawn[chosen] += 1
            pattern = self._one(chosen)
            if pattern is not None:
                self.live[chosen] += 1
                self.pool.append(pattern)
            if tally.drawn % 20 == 0:
                self.control.progress(
                    {"phase": "patterns", "drawn": tally.drawn, "kept": len(self.pool)}
                )
        return bool(self.pool)

    def _one(self, chosen: int) -> _Pattern | None:
        """One pattern drawn around placement ``chosen``: None unless it is new, passes
        the rules and a word fits every slot."""
        settings, tally = self.settings, self.tally
        search = self.searches[chosen]
        grid = search.pattern(self.longest + self.rng.choice((-1, 0, 0, 1)))
        if grid is None:
            tally.stuck += 1
            return None
        entries = len(grid.slots(3))
        tally.fewest_words = min(entries, tally.fewest_words or entries)
        refused = _refusals(grid, settings, self.rules)
        if not self.themed and entries < settings.max_words - THEMELESS_BELOW:
            refused.append("too_few_words")
        if refused:
            for name in refused:
                tally.refused[name] = tally.refused.get(name, 0) + 1
            if "word_count" in refused:
                self.longest = min(self.side, self.longest + 1)
            elif "too_few_words" in refused:
                self.longest = max(4, self.longest - 1)
            return None
        estimate = fillability(grid, self.index, self.floor, 3, self.memo)
        for _ in range(REPAIRS):
            tight = _tightest(grid, estimate.candidates)
            if tight is None:
                break
            repaired = search.repair(
                grid, [cell for cell in tight.cells if cell not in search.keep_open]
            )
            if repaired is None or _refusals(repaired, settings, self.rules):
                break
            grid = repaired
            estimate = fillability(grid, self.index, self.floor, 3, self.memo)
        self.passed += 1
        if grid.rows in self.seen:
            return None
        self.seen.add(grid.rows)
        if not math.isfinite(estimate.log2_fills):
            tally.dead += 1
            return None
        penalty, shape = shape_penalty(grid)
        penalty += _tight_bits(grid, estimate.candidates)
        bits = estimate.log2_fills
        return _Pattern(grid, search.placement, chosen, bits, shape, bits - penalty)

    def best(self, count: int) -> list[_Pattern]:
        """The ``count`` best untried patterns, taken from the pool."""
        self.pool.sort(key=lambda p: p.score, reverse=True)
        taken, self.pool = self.pool[:count], self.pool[count:]
        return taken

    def tuned(self, pattern: _Pattern) -> _Pattern:
        """A themeless ``pattern`` moved to the best fill estimate less its shape penalty
        that keeps the rules and the word target (``PatternSearch.tune``); a themed one
        as it is."""
        if self.themed:
            return pattern
        settings = self.settings

        def score(grid: Grid) -> float | None:
            words = len(grid.slots(3))
            refused = set(_refusals(grid, settings, self.rules)) - {"word_count"}
            if refused or words < settings.max_words - THEMELESS_BELOW:
                return None
            bits = fillability(grid, self.index, self.floor, 3, self.memo).log2_fills
            over = max(0, words - settings.max_words)
            return bits - shape_penalty(grid)[0] - OVER_BITS * over

        def fits(grid: Grid) -> bool:
            return len(grid.slots(3)) <= settings.max_words

        grid = self.searches[pattern.origin].tune(pattern.grid, score, fits, TUNE_STEPS)
        if grid is pattern.grid:
            return pattern
        bits = fillability(grid, self.index, self.floor, 3, self.memo).log2_fills
        penalty, shape = shape_penalty(grid)
        return replace(pattern, grid=grid, bits=bits, shape=shape, score=bits - penalty)

    def failed(self, pattern: _Pattern) -> None:
        """A fill of ``pattern`` failed: its placement is drawn less."""
        self.fails[pattern.origin] += 1


def _tightest(grid: Grid, candidates: Mapping[str, int]) -> Slot | None:
    """The slot crossing theme letters (or any slot no word fits) with the fewest
    words, when under ``TIGHT``."""
    found: tuple[int, Slot] | None = None
    for slot in grid.slots(3):
        pattern = grid.pattern(slot)
        count = candidates.get(slot.id, TIGHT)
        lettered = OPEN in pattern and pattern.count(OPEN) < len(pattern)
        if (lettered or count == 0) and count < TIGHT and (found is None or count < found[0]):
            found = (count, slot)
    return None if found is None else found[1]


def _crossable(placements: list[Placement], count: Callable[[str], int]) -> list[Placement]:
    """The first ``FIRST_PLACEMENTS`` placements drawn (the most even layouts first),
    then the easiest to cross of the rest (the most words in the tightest line's best
    cut, ``crossings``), ``PLACEMENTS`` in all; none whose tightest line has no cut
    with words, unless every one is so."""
    crossable = [(tightest(crossing_plans(p, count)), i, p) for i, p in enumerate(placements)]
    alive = [(words, i, p) for words, i, p in crossable if words > 0] or crossable
    first = alive[:FIRST_PLACEMENTS]
    rest = sorted(alive[FIRST_PLACEMENTS:], key=lambda item: (-item[0], item[1]))
    return [p for _, _, p in (first + rest)[:PLACEMENTS]]


def _tight_bits(grid: Grid, candidates: Mapping[str, int]) -> float:
    """Bits charged for slots crossing theme letters that few words fit: such a slot
    (a long down through two theme entries) often leaves its crossings none, which
    the estimate, counting each slot alone, does not see."""
    bits = 0.0
    for slot in grid.slots(3):
        pattern = grid.pattern(slot)
        if OPEN in pattern and pattern.count(OPEN) < len(pattern):
            found = candidates.get(slot.id, TIGHT)
            if found < TIGHT:
                bits += TIGHT_BITS * math.log2(TIGHT / max(found, 1))
    return bits


def _refusals(grid: Grid, settings: DesignSettings, rules: str) -> list[str]:
    """The names of the rules ``grid`` breaks (the grids rules module decides)."""
    violations = check(
        grid,
        rules,
        symmetry=settings.symmetry,
        max_words=settings.max_words,
        max_block_share=settings.max_block_share,
    )
    if rules != "american" and settings.symmetry != "none":
        violations += check_symmetry(grid, settings.symmetry)
    return sorted({violation.rule for violation in violations})


def _theme_memo(
    placements: list[Placement], index: Any, floor: int
) -> dict[tuple[str, int], Shares]:
    """Estimate shares with every theme answer taken as given: one candidate, its own
    letters (the list may lack it, and it is never replaced)."""
    size = len(index.alphabet)
    memo: dict[tuple[str, int], Shares] = {}
    codes = {letter: i for i, letter in enumerate(index.alphabet)}
    for placement in placements:
        for theme in placement.themes:
            answer = theme.entry.answer
            shares = np.zeros((len(answer), size))
            for position, letter in enumerate(answer):
                if letter in codes:
                    shares[position, codes[letter]] = 1.0
            memo[(answer, floor)] = (1, shares)
    return memo


def _fill_request(
    puzzle: Mapping[str, Any], grid: Grid, placement: Placement, settings: DesignSettings
) -> dict[str, Any]:
    """The fill request of a pattern around ``placement``: the fill fields, the blank
    grid, the theme entries locked and marked."""
    rows = ["".join(ch if ch == "#" else OPEN for ch in row) for row in grid.rows]
    by_cells = {slot.cells: slot.id for slot in grid.slots(3)}
    locked = {by_cells[theme.cells]: theme.entry.answer for theme in placement.themes}
    request = {k: v for k, v in puzzle.items() if k not in DESIGN_FIELDS}
    request.update(grid=rows, locked=locked, symmetry=settings.symmetry)
    request.update(_marks(placement, settings))
    return request


def _marks(placement: Placement, settings: DesignSettings) -> dict[str, list[list[int]]]:
    """The theme cells as the request asks them marked: ``{"shaded": [[r, c], …]}``,
    ``circled`` likewise, or nothing."""
    marked = sorted({cell for theme in placement.themes for cell in theme.cells})
    if settings.marks == "none" or not marked:
        return {}
    return {settings.marks: [list(cell) for cell in marked]}


def _fill_control(
    control: Control, design: int, designs: list[dict[str, Any]], end: float
) -> Control:
    """The Control of one fill: a share of the time left before ``end``, the job's
    cancel, its progress reported as this design's."""
    left = end - time.monotonic()
    deadline = time.monotonic() + max(left * FILL_SHARE, min(left, FILL_LEAST))

    def progress(report: dict[str, Any]) -> None:
        control.progress(
            {"phase": "filling", "pattern": design, "designs": len(designs), "fill": report}
        )

    return replace(control, deadline=deadline, progress=progress)


def _design(
    answer: dict[str, Any], pattern: _Pattern, settings: DesignSettings, index: Any
) -> dict[str, Any]:
    """One design: the fill answer with its theme entries, statistics and estimate."""
    grid = Grid.from_rows(answer["grid"])
    design = {k: v for k, v in answer.items() if k not in ("status", "reason", "type")}
    design.update(
        theme=_theme_entries(grid, pattern.placement, index),
        statistics=_statistics(grid, pattern),
    )
    return design


UNFILLED_FIRST = ("gave_up", "not_tried")
"""Fill statuses of a pattern that a hand may still fill from the list: such patterns
come before those whose fill proved none."""


def _unfilled(
    patterns: list[_Pattern], settings: DesignSettings, index: Any
) -> list[dict[str, Any]]:
    """When nothing filled: the ``count`` best patterns that passed the rules, those no
    fill proved empty first, each with its theme letters, theme entries, statistics
    and what its fill answered, for a constructor to finish by hand."""
    ranked = sorted(patterns, key=lambda p: (p.fill_status not in UNFILLED_FIRST, -p.score))[
        : settings.count
    ]
    return [
        {
            "grid": list(p.grid.rows),
            **_marks(p.placement, settings),
            "theme": _theme_entries(p.grid, p.placement, index),
            "statistics": _statistics(p.grid, p),
            "fill_status": p.fill_status,
        }
        for p in ranked
    ]


def _theme_entries(grid: Grid, placement: Placement, index: Any) -> list[dict[str, Any]]:
    """The theme entries of ``grid``: answer, number, direction, start, revealer and
    whether the list holds it; across first, by number."""
    by_cells = {slot.cells: slot for slot in grid.slots(3)}
    theme = []
    for placed in placement.themes:
        slot = by_cells[placed.cells]
        theme.append(
            {
                "answer": placed.entry.answer,
                "number": slot.number,
                "direction": slot.direction,
                "row": slot.start[0],
                "col": slot.start[1],
                "revealer": placed.entry.revealer,
                "in_list": len(index.candidates(placed.entry.answer)) > 0,
            }
        )
    theme.sort(key=lambda entry: (entry["direction"], entry["number"]))
    return theme


def _statistics(grid: Grid, pattern: _Pattern) -> dict[str, Any]:
    """A design's or pattern's figures: words, blocks, mean length, shape counts and
    the fill estimate."""
    slots = grid.slots(3)
    blocks = len(grid.blocks())
    return {
        "words": len(slots),
        "blocks": blocks,
        "block_percent": round(100 * blocks / (grid.height * grid.width), 1),
        "mean_length": round(sum(slot.length for slot in slots) / len(slots), 2),
        **pattern.shape,
        "log2_fills": round(pattern.bits, 1),
    }


LOWER_FLOOR = 10
"""A hard crossing's words are also given at a floor this many points lower."""


def _hard_crossing(placements: list[Placement], usable: _Usable, floor: int) -> str:
    """A sentence naming the slot through theme letters that keeps the fewest words in
    the placement easiest to cross, when it keeps fewer than ``TIGHT``: where it is,
    the entries it crosses, its words at the floor and ``LOWER_FLOOR`` points lower;
    empty otherwise."""
    found = [(tightest_crossing(p, partial(usable.count, floor=floor)), p) for p in placements]
    crossings = [(crossing, p) for crossing, p in found if crossing is not None]
    if not crossings:
        return ""
    crossing, placement = max(crossings, key=lambda item: item[0].words)
    if crossing.words >= TIGHT:
        return ""
    crossed = [t.entry.answer for t in placement.themes if set(t.cells) & set(crossing.cells)]
    direction = "across" if is_across(crossing.cells) else "down"
    row, col = crossing.cells[0]
    plural = "" if crossing.words == 1 else "s"
    note = (
        f". The theme is hard to cross: in its easiest placement the {direction} slot "
        f"{crossing.pattern} from row {row}, column {col} (from 0) through "
        f"{' and '.join(crossed)} keeps {crossing.words} word{plural} at min_score {floor}"
    )
    lower = max(floor - LOWER_FLOOR, 0)
    if lower == floor:
        return note
    return f"{note}, {usable.count(crossing.pattern, lower)} at min_score {lower}"


def _why_none(
    settings: DesignSettings,
    patterns: list[_Pattern],
    tally: _Tally,
    tried: int,
    control: Control,
    floor: int,
    hard: Callable[[], str],
) -> str:
    """Why no design came back, in words: with ``hard`` (the theme's hardest
    crossing, ``_hard_crossing``) when patterns died or did not fill."""
    stopped = control.should_stop()
    if stopped == "canceled":
        return "canceled"
    if not patterns:
        refused = tally.refused
        if tally.fewest_words is not None and tally.fewest_words > settings.max_words:
            return (
                f"no pattern within the word limit: the fewest entries of {tally.drawn} "
                f"patterns drawn was {tally.fewest_words}, more than max_words "
                f"{settings.max_words}; allow more words or give shorter theme entries"
            )
        if tally.dead:
            return (
                f"every one of the {tally.dead} patterns that passed the rules has a slot no "
                f"word of the list fits at min_score {floor}; try a lower min_score, a larger "
                f"list or other theme entries{hard()}"
            )
        causes = ", ".join(f"{name} {count}" for name, count in sorted(refused.items()))
        return (
            f"no pattern passed the rules in {tally.drawn} draws ({tally.stuck} stuck"
            f"{'; ' + causes if causes else ''}); try another size, symmetry or theme"
        )
    return (
        f"none of the {tried} patterns tried filled at min_score {floor} within the time "
        f"({len(patterns)} passed the rules; the best estimate was {patterns[0].bits:.0f} "
        f"bits): allow more time or a lower min_score{hard()}"
    )
