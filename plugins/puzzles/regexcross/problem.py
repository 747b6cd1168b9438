"""A regex crossword as a contract ``Problem``: one variable per cell, values = letters.

``propagate`` is the solver's line revision (automata, set matching, enumeration).
``cost`` grades partial matches: for each clue, the fewest cells of its line that must
change for the clue's automaton to accept it (plus one when only the ``regex`` engine
sees a backreference or lookaround fail) — the gradient the regex-crossword article's GA lacked.
Compound moves rewrite a violated line to a nearest accepted one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np

from crossforge.plugins.contract import Domains, Problem
from crossforge.plugins.puzzles.regexcross.puzzle import RegexCrossword
from crossforge.plugins.puzzles.regexcross.solver import Engine

CACHE_LIMIT = 200_000
"""Line costs remembered before the cache is cleared."""

REPAIRS_PER_CALL = 4
"""Violated lines offered as compound moves per ``compound_moves`` call."""


class RegexProblem(Problem):
    """A regex crossword for the fill strategies."""

    def __init__(self, puzzle: RegexCrossword) -> None:
        self.puzzle = puzzle
        self.engine = Engine(puzzle)
        self.width = len(self.engine.alphabet)
        self._weights = [1 << i for i in range(self.width)]
        self._neighbours = [
            sorted({c for li in lines for c in self.engine.lines[li].cells} - {cell})
            for cell, lines in enumerate(self.engine.lines_of)
        ]
        self._costs: dict[tuple[int, tuple[int, ...]], float] = {}

    @property
    def size(self) -> int:
        return self.puzzle.cell_count

    def initial_domains(self) -> Domains:
        return [np.ones(self.width, dtype=bool) for _ in range(self.size)]

    def neighbours(self, var: int) -> Sequence[int]:
        return self._neighbours[var]

    def _mask(self, domain: np.ndarray) -> int:
        return sum(w for w, on in zip(self._weights, domain.tolist(), strict=True) if on)

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        cells = [self._mask(d) for d in domains]
        for cell, mask in enumerate(cells):
            if not mask:
                return cell
        before = list(cells)
        lines = {li for var in changed for li in self.engine.lines_of[var]}
        wiped = self.engine.propagate(cells, sorted(lines))
        if wiped >= 0:
            return wiped
        bits = np.arange(self.width)
        for cell, mask in enumerate(cells):
            if mask != before[cell]:
                domains[cell] = (mask >> bits) & 1 == 1
        return None

    def line_cost(self, li: int, letters: tuple[int, ...]) -> float:
        """Graded violation of line ``li`` holding the letter indices ``letters``."""
        key = (li, letters)
        cached = self._costs.get(key)
        if cached is not None:
            return cached
        total = 0.0
        text = None
        for automaton, matcher in zip(
            self.engine.automata[li], self.engine.matchers[li], strict=True
        ):
            distance, _ = automaton.distance(letters)
            if distance == 0 and not automaton.exact:
                text = text or "".join(self.engine.alphabet[a] for a in letters)
                distance = 0 if matcher.fullmatch(text) else 1
            total += min(distance, len(letters))
        if len(self._costs) > CACHE_LIMIT:
            self._costs.clear()
        self._costs[key] = total
        return total

    def _line_letters(self, li: int, assignment: Sequence[int]) -> tuple[int, ...]:
        return tuple(assignment[c] for c in self.engine.lines[li].cells)

    def cost(self, assignment: Sequence[int]) -> float:
        return sum(
            self.line_cost(li, self._line_letters(li, assignment))
            for li in range(len(self.engine.lines))
        )

    def conflicts(self, assignment: Sequence[int], var: int, value: int) -> float:
        trial = list(assignment)
        trial[var] = value
        return sum(
            self.line_cost(li, self._line_letters(li, trial)) for li in self.engine.lines_of[var]
        )

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        lines = {li for var in changes for li in self.engine.lines_of[var]}
        trial = list(assignment)
        for var, value in changes.items():
            trial[var] = value
        return sum(
            self.line_cost(li, self._line_letters(li, trial))
            - self.line_cost(li, self._line_letters(li, assignment))
            for li in lines
        )

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        """Rewrite violated lines to a nearest line one of their clues accepts."""
        violated = [
            li
            for li in range(len(self.engine.lines))
            if self.line_cost(li, self._line_letters(li, assignment)) > 0
        ]
        moves = []
        for li in rng.sample(violated, min(REPAIRS_PER_CALL, len(violated))):
            cells = self.engine.lines[li].cells
            letters = self._line_letters(li, assignment)
            automaton = rng.choice(self.engine.automata[li])
            _, path = automaton.distance(letters)
            move = {}
            for cell, letter, mask in zip(cells, letters, path, strict=False):
                if not mask >> letter & 1:
                    choices = [a for a in range(self.width) if mask >> a & 1]
                    move[cell] = rng.choice(choices)
            if move:
                moves.append(move)
        return moves

    def regions(self) -> list[list[int]]:
        """The rows (a partition of the cells)."""
        return [list(line.cells) for line in self.engine.lines if line.family == "rows"]

    def decode(self, assignment: Sequence[int | None]) -> list[str]:
        alphabet = self.engine.alphabet
        return self.puzzle.rows_of(["?" if v is None else alphabet[v] for v in assignment])

    def value_label(self, var: int, value: int) -> str:
        return self.engine.alphabet[value]
