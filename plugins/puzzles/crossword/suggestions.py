"""Suggestions for one slot of a partly filled crossword, and the grid's health.

Everything runs on the problem's own arc consistency (``CrosswordProblem.propagate``).
The grid's fixpoint gives its health: the letters still possible in each cell, the slots
left without a candidate, the letters forced, the candidates left per slot. A word of
the asked slot is *viable* when placing it and propagating over the whole grid (every
slot, not only the crossings) empties no slot: singleton arc consistency. Viable words
are ranked by score band, then by the choice they leave the crossing slots (the sum of
``log10`` of each crossing slot's candidates after placing the word), then by score.

Words are checked in the fill engine's own value order (``value_order``), so the best
come first; once ``limit`` viable words are found, the rest are counted exactly when
few, else estimated from a random sample. ``verify`` then runs a fill strategy from each
returned word's propagated domains, each within its share of the time left.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from crossforge.plugins.bits import set_bits
from crossforge.plugins.contract import (
    Control,
    Domains,
    FillStrategy,
    Problem,
    TableForm,
)
from crossforge.plugins.puzzles.crossword.problem import BLOCK, OPEN, CrosswordProblem, SlotLike

SAMPLE = 16
"""Unchecked words checked at random to estimate how many more are viable."""


def slot_id(slot: SlotLike) -> str:
    """A slot's id as requests name it: number and A or D (``17A``)."""
    return f"{slot.number}{'A' if slot.direction == 'across' else 'D'}"


@dataclass
class PropagatedGrid:
    """A problem at its arc-consistency fixpoint (``domains``), or, when propagation
    wiped a slot out (``wiped``), at its given letters alone."""

    problem: CrosswordProblem
    domains: Domains
    wiped: int | None

    @classmethod
    def of(cls, problem: CrosswordProblem) -> PropagatedGrid:
        """Propagate ``problem`` from its given letters over every slot."""
        initial = problem.initial_domains()
        domains = list(initial)
        wiped = problem.propagate(domains, list(range(problem.size)))
        return cls(problem, initial if wiped is not None else domains, wiped)

    @property
    def consistent(self) -> bool:
        return self.wiped is None

    def count(self, var: int) -> int:
        return self.problem.candidate_count(var, self.domains)

    def dead_slots(self) -> list[int]:
        """Slots with no candidate: those no word fits, else the one propagation emptied."""
        empty = [s for s in range(self.problem.size) if self.count(s) == 0]
        return empty or ([] if self.wiped is None else [self.wiped])

    def cell_letters(self) -> list[list[str | None]]:
        """Per cell the letters still possible (alphabet order); None for a block."""
        problem = self.problem
        alphabet = problem.alphabet
        everything = (1 << len(alphabet)) - 1
        allowed: dict[tuple[int, int], int] = {}
        for s, slot in enumerate(problem.slots):
            sets = problem.letter_sets(s, self.domains) if self.count(s) else None
            for p, cell in enumerate(slot.cells):
                allowed[cell] = allowed.get(cell, everything) & (sets[p] if sets else 0)
        rows: list[list[str | None]] = []
        for r, row in enumerate(problem.template):
            out: list[str | None] = []
            for c, ch in enumerate(row):
                if ch == BLOCK:
                    out.append(None)
                elif (r, c) in allowed:
                    out.append("".join(alphabet[i] for i in set_bits(allowed[(r, c)])))
                else:  # a cell of no slot: its given letter, or anything
                    out.append(alphabet if ch == OPEN else ch)
            rows.append(out)
        return rows

    def health(self) -> dict[str, Any]:
        """The JSON health: cells, dead slots, forced letters, candidates per slot."""
        problem = self.problem
        cells = self.cell_letters()
        forced = [
            {"row": r, "col": c, "letter": letters}
            for r, row in enumerate(cells)
            for c, letters in enumerate(row)
            if letters is not None and len(letters) == 1 and problem.template[r][c] == OPEN
        ]
        return {
            "consistent": self.consistent,
            "cells": cells,
            "dead_slots": [slot_id(problem.slots[s]) for s in self.dead_slots()],
            "forced": forced,
            "slots": [
                {"id": slot_id(slot), "count": self.count(s), "pattern": self.pattern(s)}
                for s, slot in enumerate(problem.slots)
            ],
        }

    def pattern(self, var: int) -> str:
        """The slot's given letters, ``.`` where open."""
        template = self.problem.template
        return "".join(template[r][c] for r, c in self.problem.slots[var].cells)


@dataclass
class Candidate:
    """A viable word: its value and what placing it leaves the crossing slots (its
    propagated domains are not kept: many would hold much memory; ``verify`` makes them
    again)."""

    value: int
    crossings: dict[str, int]
    choice: float | None
    """None when the word was not checked (``viable`` None)."""
    fillable: bool | None = None
    viable: bool | None = True
    """True: placing it keeps every slot some word; None: time ran out before it was
    checked (a word of the slot at the grid's fixpoint, returned so the caller has
    something to show)."""


@dataclass
class Suggestions:
    """The viable words found (ranked), how many there are and how that was counted."""

    candidates: list[Candidate]
    total: int
    exact: bool
    checked: int
    considered: int
    """Words of the slot at the grid's fixpoint, before any was checked."""


def suggest(
    grid: PropagatedGrid,
    var: int,
    limit: int,
    deadline: float,
    seed: int = 0,
    cancelled: Callable[[], bool] = lambda: False,
) -> Suggestions:
    """Up to ``limit`` viable words of slot ``var``, best first, and their total: exact
    when every word was checked, else estimated from a sample (or, with no time left
    for one, the count of words not refuted). Checking stops at ``deadline`` or once
    ``cancelled``; the places left then go to the next words not yet checked, in the
    same order, marked ``viable`` None."""
    if not grid.consistent:
        return Suggestions([], 0, True, 0, 0)
    problem = grid.problem
    order = problem.value_order(var, grid.domains)
    found: list[Candidate] = []
    checked = 0

    def stop() -> bool:
        return time.monotonic() >= deadline or cancelled()

    for value in order:
        if len(found) >= limit or stop():
            break
        checked += 1
        placed = _placed(grid, var, int(value))
        if placed is not None:
            found.append(placed)
    rest = [int(value) for value in order[checked:]]
    total, exact = len(found), not rest
    if rest:
        sample = rest if len(rest) <= SAMPLE else random.Random(seed).sample(rest, SAMPLE)
        hits = tried = 0
        for value in sample:
            if stop():
                break
            tried += 1
            hits += _placed(grid, var, value) is not None
        exact = tried == len(rest)
        share = hits / tried if tried else 1.0
        total += hits if exact else round(share * len(rest))
        checked += tried

    def rank(candidate: Candidate) -> tuple[float, float, float]:
        score = problem.score(var, candidate.value)
        return (-math.floor(score / problem.score_band), -(candidate.choice or 0), -score)

    unknown = [Candidate(value, {}, None, viable=None) for value in rest[: limit - len(found)]]
    if exact or not stop():
        unknown = []
    total = max(total, len(found) + len(unknown))
    ranked = sorted(found, key=rank) + unknown
    return Suggestions(ranked, total, exact, checked, int(order.size))


def _propagated(grid: PropagatedGrid, var: int, value: int) -> Domains | None:
    """The grid's domains after ``var = value`` and propagation; None on a wipe-out."""
    domains = list(grid.domains)
    single = np.zeros_like(domains[var])
    single[value] = True
    domains[var] = single
    return None if grid.problem.propagate(domains, [var]) is not None else domains


def _placed(grid: PropagatedGrid, var: int, value: int) -> Candidate | None:
    """The candidate of ``var = value`` when propagation keeps every slot non-empty."""
    problem = grid.problem
    domains = _propagated(grid, var, value)
    if domains is None:
        return None
    crossings = {
        slot_id(problem.slots[t]): problem.candidate_count(t, domains)
        for t in problem.neighbours(var)
    }
    choice = sum(math.log10(count) for count in crossings.values())
    return Candidate(value, crossings, round(choice, 3))


def verify(
    grid: PropagatedGrid,
    var: int,
    candidates: Sequence[Candidate],
    strategy: FillStrategy,
    params: Mapping[str, Any],
    deadline: float,
    seed: int | None = None,
    cancelled: Callable[[], bool] = lambda: False,
) -> None:
    """Set each candidate's ``fillable`` (words of slot ``var``): True when ``strategy``
    fills the grid from the word's propagated domains, False when it proves none exists
    (a word not checked before that propagation wipes out: ``viable`` False too), None
    when it gave up; each search gets an equal share of the time left before
    ``deadline``, and none starts once ``cancelled``."""
    for i, candidate in enumerate(candidates):
        left = deadline - time.monotonic()
        if left <= 0 or cancelled():
            return
        domains = _propagated(grid, var, candidate.value)
        if domains is None:  # not viable: no fill through it
            candidate.viable = candidate.fillable = False
            continue
        candidate.viable = True
        share = time.monotonic() + left / (len(candidates) - i)
        control = Control(deadline=share, cancelled=cancelled, seed=seed)
        outcome = strategy.solve(Pinned(grid.problem, domains), control, **params)
        candidate.fillable = {"solved": True, "unsatisfiable": False}.get(outcome.status)


class Pinned(Problem):
    """``problem`` searched from ``domains`` (a slot pinned to a word, propagated)
    instead of its own initial domains; every other hook is the problem's."""

    def __init__(self, problem: Problem, domains: Domains) -> None:
        self.problem = problem
        self.domains = list(domains)

    @property
    def size(self) -> int:
        return self.problem.size

    def initial_domains(self) -> Domains:
        return list(self.domains)

    def neighbours(self, var: int) -> Sequence[int]:
        return self.problem.neighbours(var)

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        return self.problem.propagate(domains, changed)

    def propagate_explained(
        self, domains: Domains, changed: Sequence[int], reasons: list[int]
    ) -> int | None:
        return self.problem.propagate_explained(domains, changed, reasons)

    def cost(self, assignment: Sequence[int]) -> float:
        return self.problem.cost(assignment)

    def decode(self, assignment: Sequence[int | None]) -> Any:
        return self.problem.decode(assignment)

    def table_form(self) -> TableForm | None:
        return self.problem.table_form()

    def cut_rare(self, domains: Domains, fraction: float) -> Domains:
        return self.problem.cut_rare(domains, fraction)

    def value_order(
        self, var: int, domains: Domains, rng: random.Random | None = None
    ) -> np.ndarray:
        return self.problem.value_order(var, domains, rng)

    def value_conflicts(
        self, assignment: Sequence[int], var: int, values: np.ndarray
    ) -> np.ndarray:
        return self.problem.value_conflicts(assignment, var, values)

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        return self.problem.delta(assignment, changes)

    def compound_moves(self, assignment: Sequence[int], rng: random.Random) -> list[dict[int, int]]:
        return self.problem.compound_moves(assignment, rng)

    def regions(self) -> list[list[int]]:
        return self.problem.regions()

    def value_label(self, var: int, value: int) -> str:
        return self.problem.value_label(var, value)


def slot_json(grid: PropagatedGrid, var: int) -> dict[str, Any]:
    """The JSON of slot ``var``: id, number, direction, cells and pattern."""
    slot = grid.problem.slots[var]
    return {
        "id": slot_id(slot),
        "number": slot.number,
        "direction": slot.direction,
        "cells": [[r, c] for r, c in slot.cells],
        "pattern": grid.pattern(var),
    }


def candidate_json(
    grid: PropagatedGrid, var: int, candidate: Candidate, verified: bool
) -> dict[str, Any]:
    """The JSON of a candidate (``display`` is the key until the caller sets it;
    ``fillable`` only when ``verified``)."""
    word = grid.problem.value_label(var, candidate.value)
    found: dict[str, Any] = {
        "word": word,
        "display": word,
        "score": grid.problem.score(var, candidate.value),
        "choice": candidate.choice,
        "crossings": candidate.crossings,
        "viable": candidate.viable,
    }
    if verified:
        found["fillable"] = candidate.fillable
    return found
