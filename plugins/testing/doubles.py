"""Known-good test doubles: a plain complete strategy and a mini-crossword puzzle type."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

import numpy as np

from crossforge.plugins.contract import (
    Control,
    Domains,
    FillStrategy,
    InputError,
    Problem,
    PuzzleType,
    SearchResult,
    WordSource,
)
from crossforge.plugins.testing.cases import MINI_WORDS, MiniCrossword


class ReferenceSearch(FillStrategy):
    """Plain chronological backtracking with the problem's propagation (smallest domain
    first): slow, simple and complete. A known-good strategy for testing puzzle types."""

    description = "Reference chronological backtracking from the conformance kit."
    parameters: dict[str, Any] = {"type": "object", "properties": {}}

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        if params:
            raise InputError(f"unknown parameter(s) for the reference search: {sorted(params)}")
        rng = random.Random(control.seed) if control.seed is not None else None
        started = time.monotonic()
        stats: dict[str, float] = {"nodes": 0, "backtracks": 0}

        def finish(domains: Domains, status: Any, reason: str = "") -> SearchResult:
            stats["time_s"] = round(time.monotonic() - started, 4)
            return SearchResult(_singletons(domains), status, reason, dict(stats))

        domains = problem.initial_domains()
        if problem.propagate(domains, range(problem.size)) is not None:
            return finish(domains, "unsatisfiable")
        var = _smallest_open(domains)
        if var is None:
            return finish(domains, "solved")
        stack = [(domains, var, iter(problem.value_order(var, domains, rng)))]
        while stack:
            base, var, values = stack[-1]
            reason = control.should_stop()
            if reason:
                return finish(base, "gave_up", reason)
            value = next(values, None)
            if value is None:
                stack.pop()
                stats["backtracks"] += 1
                continue
            stats["nodes"] += 1
            if stats["nodes"] % 128 == 0:
                control.progress({**stats, "depth": len(stack)})
            trial = list(base)
            trial[var] = np.zeros_like(base[var])
            trial[var][value] = True
            if problem.propagate(trial, [var]) is not None:
                continue
            following = _smallest_open(trial)
            if following is None:
                return finish(trial, "solved")
            stack.append((trial, following, iter(problem.value_order(following, trial, rng))))
        return finish(domains, "unsatisfiable")


def _smallest_open(domains: Domains) -> int | None:
    """The variable with the fewest values among those with more than one."""
    open_vars = [(int(d.sum()), v) for v, d in enumerate(domains) if d.sum() > 1]
    return min(open_vars)[1] if open_vars else None


def _singletons(domains: Domains) -> list[int | None]:
    return [int(np.flatnonzero(d)[0]) if d.sum() == 1 else None for d in domains]


class MiniCrosswordType(PuzzleType):
    """A puzzle type of mini crosswords, a test double for pipelines and servers.

    Request: ``{"rows": ["#..", ...], "words": [...]}`` (``words`` defaults to the kit's
    list); answer: ``status``, ``grid`` (rows, ``.`` where unfilled) and ``words``.
    """

    description = "Mini crosswords from the conformance kit (a test double)."
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "rows": {"type": "array", "items": {"type": "string"}},
            "words": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["rows"],
    }

    def problem(self, request: Mapping[str, Any], words: WordSource) -> MiniCrossword:
        rows = request.get("rows")
        if not rows or not all(isinstance(row, str) for row in rows):
            raise InputError("rows: a grid needs at least one row of text")
        return MiniCrossword(rows, request.get("words", MINI_WORDS))

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        if not isinstance(problem, MiniCrossword):
            raise TypeError(f"not a mini crossword: {type(problem).__name__}")
        return {
            "status": outcome.status,
            "grid": problem.decode(outcome.assignment),
            "words": [
                None if value is None else problem.value_label(var, value)
                for var, value in enumerate(outcome.assignment)
            ],
        }
