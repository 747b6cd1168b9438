"""Solving regex crosswords: letter-set propagation through every clue, then search.

Each cell holds a bit mask over the puzzle's alphabet. Revising a line runs each of its
clues' automata forward and backward over the line's masks; a line with a clue the
automaton only over-approximates (backreferences, conditionals, lookarounds, atomic
groups…) is then matched over the letter sets and, once few enough letter combinations
remain, enumerated and checked with the ``regex`` engine (under a timeout), which makes
revision exact on every complete line. Search branches on the cell with the fewest
letters left.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import prod

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import Count, Grade, LogicalSolve, Technique
from crossforge.plugins.puzzles.regexcross.automaton import (
    Automaton,
    compile_clue,
    matcher,
    set_matcher,
)
from crossforge.plugins.puzzles.regexcross.puzzle import RegexCrossword
from crossforge.plugins.puzzles.regexcross.setmatch import SetMatcher, TooManySteps
from crossforge.plugins.puzzles.regexcross.syntax import ClueMatcher

ENUMERATION_LIMIT = 2048
"""Most letter combinations of a line enumerated against the ``regex`` engine."""

CACHE_LIMIT = 100_000
"""Exact line revisions remembered before the cache is cleared."""

CHECK_EVERY = 64
"""Search nodes between two looks at the control."""

AUTOMATON = Technique(
    "clue automaton", 1, 1, "a clue's automaton run over the line's letter sets drops letters"
)
ENUMERATION = Technique(
    "backreference matching",
    4,
    2,
    "a clue with backreferences, conditionals or lookarounds is matched over the line's "
    "letter sets (and its few remaining letter combinations checked by the regex engine) "
    "and drops letters its automaton keeps",
)
GUESS = Technique("guess", 50, 3, "nothing narrows further: a cell's letter is guessed")
TECHNIQUES = (AUTOMATON, ENUMERATION, GUESS)
LEVEL_NAMES = {1: "easy", 2: "medium", 3: "guessing"}


class Stopped(Exception):
    """The search was stopped by its control."""


class Engine:
    """A puzzle compiled for solving: alphabet, lines, automata and matchers."""

    def __init__(self, puzzle: RegexCrossword, alphabet: str | None = None) -> None:
        self.puzzle = puzzle
        self.alphabet = puzzle.alphabet() if alphabet is None else alphabet
        self.full = (1 << len(self.alphabet)) - 1
        self.lines = puzzle.lines()
        self.automata: list[list[Automaton]] = [
            [compile_clue(c, self.alphabet, len(line.cells)) for c in line.clues]
            for line in self.lines
        ]
        self.matchers: list[list[ClueMatcher]] = [
            [matcher(c) for c in line.clues] for line in self.lines
        ]
        self.exact = [all(a.exact for a in autos) for autos in self.automata]
        self.set_matchers: list[list[SetMatcher]] = [
            [
                walker
                for c, a in zip(line.clues, autos, strict=True)
                if not a.exact and (walker := set_matcher(c, self.alphabet)) is not None
            ]
            for line, autos in zip(self.lines, self.automata, strict=True)
        ]
        self.lines_of: list[list[int]] = [[] for _ in range(puzzle.cell_count)]
        for li, line in enumerate(self.lines):
            for cell in line.cells:
                self.lines_of[cell].append(li)
        self._enumerated: dict[tuple[int, tuple[int, ...]], list[int] | None] = {}

    def letters(self, mask: int) -> str:
        """The letters of a mask, in alphabet order."""
        return "".join(ch for i, ch in enumerate(self.alphabet) if mask >> i & 1)

    def fresh(self) -> list[int]:
        """Every cell allowing every letter."""
        return [self.full] * self.puzzle.cell_count

    def matches(self, li: int, text: str) -> bool:
        """True when every clue of line ``li`` matches the whole of ``text``."""
        return all(m.fullmatch(text) for m in self.matchers[li])

    def revise(self, li: int, masks: Sequence[int]) -> tuple[list[int] | None, bool]:
        """The line's narrowed masks (None: no way to satisfy it), and whether matching
        beyond the automata (set matching, enumeration) removed more than they did."""
        current = list(masks)
        for automaton in self.automata[li]:
            narrowed = automaton.narrow(current)
            if narrowed is None:
                return None, False
            current = narrowed
        key = (li, tuple(current))
        if self.exact[li]:
            if any(m & (m - 1) for m in current):
                return current, False
            # a complete line: the engine has the last word, even on exact clues
            if key not in self._enumerated:
                self._remember(key, self._enumerate(li, current))
            return self._enumerated[key], False
        if key not in self._enumerated:
            self._remember(key, self._exact(li, current))
        exact = self._enumerated[key]
        return exact, exact != current

    def _remember(self, key: tuple[int, tuple[int, ...]], masks: list[int] | None) -> None:
        if len(self._enumerated) >= CACHE_LIMIT:
            self._enumerated.clear()
        self._enumerated[key] = masks

    def _exact(self, li: int, masks: list[int]) -> list[int] | None:
        """Narrow a line with inexact clues: set matching, then enumeration when small."""
        current = masks
        for walker in self.set_matchers[li]:
            try:
                narrowed = walker.narrow(current)
            except TooManySteps:
                continue
            if narrowed is None:
                return None
            current = narrowed
        if prod([m.bit_count() for m in current]) > ENUMERATION_LIMIT:
            return current
        return self._enumerate(li, current)

    def _enumerate(self, li: int, masks: list[int]) -> list[int] | None:
        choices = [
            [(1 << i, ch) for i, ch in enumerate(self.alphabet) if m >> i & 1] for m in masks
        ]
        kept = [0] * len(masks)
        for combo in product(*choices):
            if self.matches(li, "".join(ch for _, ch in combo)):
                for i, (bit, _) in enumerate(combo):
                    kept[i] |= bit
        return kept if kept[0] or not masks else None

    def propagate(self, cells: list[int], queue: Sequence[int]) -> int:
        """Revise lines to a fixpoint, in place, starting from lines ``queue``.

        Returns -1 when consistent, else a cell of the line that failed.
        """
        pending = list(dict.fromkeys(queue))
        waiting = set(pending)
        while pending:
            li = pending.pop()
            waiting.discard(li)
            line = self.lines[li].cells
            narrowed, _ = self.revise(li, [cells[c] for c in line])
            if narrowed is None:
                return line[0]
            for cell, mask in zip(line, narrowed, strict=True):
                if mask != cells[cell]:
                    cells[cell] = mask
                    for other in self.lines_of[cell]:
                        if other != li and other not in waiting:
                            waiting.add(other)
                            pending.append(other)
        return -1

    def solution_rows(self, cells: Sequence[int]) -> list[str]:
        """Row strings of fully decided cells."""
        return self.puzzle.rows_of([self.letters(m) for m in cells])


def count_solutions(engine: Engine, limit: int = 2, control: Control | None = None) -> Count:
    """Propagate, then search for up to ``limit`` solutions."""
    result = Count()
    cells = engine.fresh()
    if engine.propagate(cells, range(len(engine.lines))) >= 0:
        return result
    try:
        _search(engine, cells, limit, result, control)
    except Stopped:
        result.complete = False
    return result


def _search(
    engine: Engine, cells: list[int], limit: int, result: Count, control: Control | None
) -> None:
    result.nodes += 1
    if control is not None and result.nodes % CHECK_EVERY == 0 and control.should_stop():
        raise Stopped
    best, best_count = -1, 1 << 30
    for cell, mask in enumerate(cells):
        n = mask.bit_count()
        if 1 < n < best_count:
            best, best_count = cell, n
    if best < 0:
        result.solutions.append(list(cells))
        return
    mask = cells[best]
    while mask:
        bit = mask & -mask
        mask ^= bit
        trial = list(cells)
        trial[best] = bit
        if engine.propagate(trial, engine.lines_of[best]) < 0:
            _search(engine, trial, limit, result, control)
            if len(result.solutions) >= limit:
                return


def solve_graded(
    puzzle: RegexCrossword, control: Control | None = None, alphabet: str | None = None
) -> LogicalSolve:
    """Solve by rounds of line revisions, each a graded step; guess where they stop
    (``alphabet``: the letters to solve over, the puzzle's own by default)."""
    engine = Engine(puzzle, alphabet)
    grade = Grade()
    counted = count_solutions(engine, 2, control)
    stats: dict[str, object] = {"search_nodes": counted.nodes, "alphabet": engine.alphabet}
    if not counted.solutions:
        return counted.unsolved(grade, stats)
    answer, unique = counted.solutions[0], counted.unique
    cells = engine.fresh()
    guesses = rounds = 0
    while any(m & (m - 1) for m in cells):
        if control is not None and control.should_stop():
            break
        rounds += 1
        moves = []
        for li, line in enumerate(engine.lines):
            narrowed, enumerated = engine.revise(li, [cells[c] for c in line.cells])
            if narrowed is not None and any(
                n != cells[c] for c, n in zip(line.cells, narrowed, strict=True)
            ):
                moves.append((li, narrowed, ENUMERATION if enumerated else AUTOMATON))
        if not moves:
            cell = min(
                (c for c, m in enumerate(cells) if m & (m - 1)),
                key=lambda c: cells[c].bit_count(),
            )
            grade.record(
                GUESS,
                [GUESS.base],
                f"{puzzle.cell_name(cell)} = {engine.letters(answer[cell])} guessed among "
                f"{{{engine.letters(cells[cell])}}}",
            )
            cells[cell] = answer[cell]
            guesses += 1
            continue
        bases = [technique.base for _, _, technique in moves]
        for i, (li, narrowed, technique) in enumerate(moves):
            line = engine.lines[li]
            changed = [
                (c, cells[c] & n)
                for c, n in zip(line.cells, narrowed, strict=True)
                if cells[c] & n != cells[c]
            ]
            if not changed:
                continue
            detail = f"{line.name} {' & '.join(line.clues)}: " + ", ".join(
                f"{puzzle.cell_name(c)} {{{engine.letters(m)}}}" for c, m in changed
            )
            grade.record(technique, bases[i:], detail)
            for c, m in changed:
                cells[c] = m
    stats.update(guesses=guesses, rounds=rounds, level=LEVEL_NAMES.get(grade.level, "none"))
    return LogicalSolve(engine.solution_rows(answer), "solved", unique, grade, stats)
