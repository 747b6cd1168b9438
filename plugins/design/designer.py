"""The designer: placements, then block patterns, ranked by fill estimate, then filled.

Patterns are drawn around the theme placements for at most a third of the time (and
``PATTERN_DRAWS`` draws); each is kept only when ``crossforge.grids.rules`` passes it
(the type's rules, the symmetry, the word and block limits). The kept patterns are
ranked by their fill estimate at the floor (``grids.stats.fillability``, log₂ of the
expected fills, the theme entries counted as given) less what editors dislike
(``patterns.shape_penalty``), and filled best first by the fill engine, the theme
entries locked, until ``count`` designs are filled or the time runs out.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from crossforge.grids.model import OPEN, Grid
from crossforge.grids.rules import check, check_symmetry
from crossforge.grids.stats import Shares, fillability
from crossforge.plugins.contract import Control, WordSource
from crossforge.plugins.design.patterns import PatternSearch, shape_penalty
from crossforge.plugins.design.placement import Placement, stack_placement, theme_placements
from crossforge.plugins.design.settings import (
    DESIGN_FIELDS,
    DesignSettings,
    design_settings,
)

Fill = Callable[[dict[str, Any], Control], dict[str, Any]]
"""Fills a crossword request (a fill's puzzle fields) under a Control: the fill answer."""

PATTERN_DRAWS = 600
PATTERN_POOL = 40
PATTERN_SHARE = 1 / 3
"""The pattern search stops after this many draws, this many patterns kept, or this
share of the time."""
THEMELESS_BELOW = 6
"""A themeless design aims at ``max_words``, and at least this many fewer."""


@dataclass
class _Pattern:
    """A pattern that passed the rules, with its estimate and shape."""

    grid: Grid
    placement: Placement
    bits: float
    shape: dict[str, int]
    score: float


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
    index = words.index(str(puzzle["list"]))
    settings = design_settings(puzzle, index.alphabet_spec.normalize)
    if settings.theme:
        theme_placements(settings, random.Random(0), tries=1)


def design(
    puzzle: Mapping[str, Any], words: WordSource, control: Control, fill: Fill, rules: str
) -> dict[str, Any]:
    """The design answer of a checked design request (``puzzle``: the design fields and
    the fill fields) on the puzzle type's ``rules``."""
    started = time.monotonic()
    index = words.index(str(puzzle["list"]))
    settings = design_settings(puzzle, index.alphabet_spec.normalize)
    rng = random.Random(control.seed)
    if settings.theme:
        placements = theme_placements(settings, rng, tries=8)
    else:
        placements = [stack_placement(settings, rng) for _ in range(12)]
    floor = int(puzzle.get("min_score") or 0)
    tally = _Tally()
    patterns = _patterns(settings, placements, rules, index, floor, rng, control, tally)
    control.progress({"phase": "filling", "patterns": len(patterns), "designs": 0})
    designs: list[dict[str, Any]] = []
    tried = 0
    first_at: float | None = None
    for pattern in patterns:
        if len(designs) >= settings.count or control.should_stop():
            break
        tried += 1
        answer = fill(
            _fill_request(puzzle, pattern, settings), _fill_control(control, tried, designs)
        )
        if answer.get("status") == "filled":
            designs.append(_design(answer, pattern, settings, index))
            first_at = first_at or time.monotonic() - started
    stats = {
        "placements": len(placements),
        "patterns_drawn": tally.drawn,
        "patterns_kept": len(patterns),
        "patterns_dead": tally.dead,
        "patterns_refused": dict(sorted(tally.refused.items())),
        "fills_tried": tried,
        "first_design_s": None if first_at is None else round(first_at, 3),
    }
    return {
        "status": "designed" if designs else "no_design",
        "reason": "" if designs else _why_none(settings, patterns, tally, tried, control, floor),
        "size": [settings.height, settings.width],
        "symmetry": settings.symmetry,
        "max_words": settings.max_words,
        "designs": designs,
        "stats": stats,
    }


def _patterns(
    settings: DesignSettings,
    placements: list[Placement],
    rules: str,
    index: Any,
    floor: int,
    rng: random.Random,
    control: Control,
    tally: _Tally,
) -> list[_Pattern]:
    """Patterns that pass the rules, best estimate first."""
    now = time.monotonic()
    budget = (control.deadline - now) * PATTERN_SHARE if control.deadline is not None else 30.0
    stop_at = now + max(budget, 0.5)
    memo = _theme_memo(placements, index, floor)
    searches = [PatternSearch(p, settings.symmetry != "none", rng) for p in placements]
    themed = bool(settings.theme)
    side = max(settings.height, settings.width)
    longest = min(7, max(5, round(side * 0.47))) if themed else round(side * 0.6)
    kept: dict[tuple[str, ...], _Pattern] = {}
    while (
        tally.drawn < PATTERN_DRAWS
        and len(kept) < PATTERN_POOL * settings.count
        and time.monotonic() < stop_at
        and not control.should_stop()
    ):
        tally.drawn += 1
        search = rng.choice(searches)
        grid = search.pattern(longest + rng.choice((-1, 0, 0, 1)))
        if grid is None:
            tally.stuck += 1
            continue
        entries = len(grid.slots(3))
        tally.fewest_words = min(entries, tally.fewest_words or entries)
        refused = _refusals(grid, settings, rules)
        if not themed and entries < settings.max_words - THEMELESS_BELOW:
            refused.append("too_few_words")
        if refused:
            for name in refused:
                tally.refused[name] = tally.refused.get(name, 0) + 1
            if "word_count" in refused:
                longest = min(side, longest + 1)
            elif "too_few_words" in refused:
                longest = max(4, longest - 1)
            continue
        key = grid.rows
        if key not in kept:
            bits = fillability(grid, index, floor, 3, memo).log2_fills
            penalty, shape = shape_penalty(grid)
            kept[key] = _Pattern(grid, search.placement, bits, shape, bits - penalty)
        if tally.drawn % 20 == 0:
            control.progress({"phase": "patterns", "drawn": tally.drawn, "kept": len(kept)})
    ranked = sorted(kept.values(), key=lambda p: p.score, reverse=True)
    tally.dead = sum(not math.isfinite(p.bits) for p in ranked)
    return [p for p in ranked if math.isfinite(p.bits)]


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
    puzzle: Mapping[str, Any], pattern: _Pattern, settings: DesignSettings
) -> dict[str, Any]:
    """The fill request of a pattern: the fill fields, the blank grid, the theme
    entries locked and marked."""
    grid = pattern.grid
    rows = ["".join(ch if ch == "#" else OPEN for ch in row) for row in grid.rows]
    by_cells = {slot.cells: slot.id for slot in grid.slots(3)}
    locked = {by_cells[theme.cells]: theme.entry.answer for theme in pattern.placement.themes}
    marked = sorted({cell for theme in pattern.placement.themes for cell in theme.cells})
    request = {k: v for k, v in puzzle.items() if k not in DESIGN_FIELDS}
    request.update(grid=rows, locked=locked, symmetry=settings.symmetry)
    if settings.marks != "none" and marked:
        request[settings.marks] = [list(cell) for cell in marked]
    return request


def _fill_control(control: Control, design: int, designs: list[dict[str, Any]]) -> Control:
    """The Control of one fill: a share of the time left, the job's cancel, its
    progress reported as this design's."""
    deadline = control.deadline
    if deadline is not None:
        left = deadline - time.monotonic()
        deadline = time.monotonic() + max(left / 2, min(left, 10.0))

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
    slots = grid.slots(3)
    by_cells = {slot.cells: slot for slot in slots}
    theme = []
    for placed in pattern.placement.themes:
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
    blocks = len(grid.blocks())
    statistics = {
        "words": len(slots),
        "blocks": blocks,
        "block_percent": round(100 * blocks / (grid.height * grid.width), 1),
        "mean_length": round(sum(slot.length for slot in slots) / len(slots), 2),
        **pattern.shape,
        "log2_fills": round(pattern.bits, 1),
    }
    theme.sort(key=lambda entry: (entry["direction"], entry["number"]))
    design = {k: v for k, v in answer.items() if k not in ("status", "reason", "type")}
    design.update(theme=theme, statistics=statistics)
    return design


def _why_none(
    settings: DesignSettings,
    patterns: list[_Pattern],
    tally: _Tally,
    tried: int,
    control: Control,
    floor: int,
) -> str:
    """Why no design came back, in words."""
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
                "list or other theme entries"
            )
        causes = ", ".join(f"{name} {count}" for name, count in sorted(refused.items()))
        return (
            f"no pattern passed the rules in {tally.drawn} draws ({tally.stuck} stuck"
            f"{'; ' + causes if causes else ''}); try another size, symmetry or theme"
        )
    return (
        f"none of the {tried} patterns tried filled at min_score {floor} within the time "
        f"({len(patterns)} passed the rules; the best estimate was {patterns[0].bits:.0f} "
        "bits): allow more time or a lower min_score"
    )
