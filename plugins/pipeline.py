"""Running a checked ``JobRequest``: a strategy or the type's logical solver does the
work, the puzzle type writes the answer. The CLI and the job workers both run here."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

from crossforge.plugins.contract import (
    Assignment,
    Control,
    Problem,
    PuzzleType,
    SearchResult,
    WordSource,
)
from crossforge.plugins.job_requests import Action, JobRequest
from crossforge.plugins.puzzles.logic import LogicPuzzleType
from crossforge.plugins.registry import Registry

FILL_STATUS = {"solved": "filled"}
"""A solved fill problem is a filled grid; the other statuses keep their names."""
UNSATISFIABLE = {"unsatisfiable": "the search proved that no solution exists"}
"""The reason of an outcome that says none."""


def run_here(
    raw: dict[str, Any], action: Action, progress: Callable[[dict[str, Any]], None] | None = None
) -> dict[str, Any]:
    """Check and run a raw request in this process on the configured word store, through
    the same seam as the server's views and workers (the problem is built once); the
    commands' way to run a job."""
    from crossforge.plugins.job_requests import check_request, parse_request
    from crossforge.plugins.registry import registry
    from crossforge.wordbase.source import StoreWords
    from crossforge.wordbase.store import WordStore

    plugins = registry()
    request = parse_request(raw, plugins, action)
    with WordStore() as store:
        words = StoreWords(store)
        problem = check_request(request, plugins, words)
        return run_request(request, plugins, words, request.control(progress=progress), problem)


def run_request(
    request: JobRequest,
    plugins: Registry,
    words: WordSource,
    control: Control,
    problem: Problem | None = None,
) -> dict[str, Any]:
    """The JSON answer of ``request``; ``problem`` is the one ``check_request`` built in
    this process, if any (it is built here otherwise).

    A fill answers with the type's ``result`` (for crosswords: ``grid``, ``entries``,
    ``metrics``, ``stats``) plus ``status`` (``filled``, ``unsatisfiable`` or
    ``gave_up``), ``reason``, ``type``, ``strategy`` and ``time_s``; with the problem's
    ``objective`` when the fill has one, ``optimal`` when the best was looked for, and
    ``alternatives`` when more fills were asked for (each the type's result without
    ``stats``, with its ``objective``). A logic puzzle's
    solve or rate answers with the graded solve, a generate with the puzzle and its rating.
    """
    started = time.monotonic()
    ptype = plugins.puzzle_type(request.type)
    if request.action == "design":
        answer = _design(ptype, request, plugins, words, control)
        answer.update(type=request.type, time_s=round(time.monotonic() - started, 4))
        return answer
    if request.action == "fill":
        answer = _search(ptype, request, plugins, words, control, problem)
        answer.update(type=request.type, time_s=round(time.monotonic() - started, 4))
        return answer
    logic = cast(LogicPuzzleType, ptype)  # it declares the action: parse_request checked
    if request.action == "generate":
        return _generate(logic, request, control)
    if request.strategy:
        return _search(ptype, request, plugins, words, control, problem)
    return _logical(logic, logic.load(request.type_request["puzzle"]), control)


def _design(
    ptype: PuzzleType,
    request: JobRequest,
    plugins: Registry,
    words: WordSource,
    control: Control,
) -> dict[str, Any]:
    """A design answer (``crossforge.plugins.design``): its patterns filled by this
    request's strategy, as fills are."""
    from crossforge.plugins.design.designer import design

    def fill(puzzle: dict[str, Any], fill_control: Control) -> dict[str, Any]:
        fill_request = replace(request, action="fill", type_request=puzzle)
        return _search(ptype, fill_request, plugins, words, fill_control, None)

    answer = design(request.type_request, words, control, fill, getattr(ptype, "rules", "american"))
    answer["strategy"] = request.strategy
    return answer


def _search(
    ptype: PuzzleType,
    request: JobRequest,
    plugins: Registry,
    words: WordSource,
    control: Control,
    problem: Problem | None,
) -> dict[str, Any]:
    name = str(request.strategy)
    if problem is None:
        problem = ptype.problem(request.type_request, words)
    outcome = plugins.strategy(name).solve(problem, control, **request.params)
    answer = dict(ptype.result(problem, outcome))
    if outcome.objective is not None:
        answer.setdefault("objective", outcome.objective.summary)
    if outcome.optimal is not None:
        answer.setdefault("optimal", outcome.optimal)
    if outcome.alternatives:
        answer["alternatives"] = [_alternative(ptype, problem, a) for a in outcome.alternatives]
    # The status and reason of every search answer are written here alone (a type's own
    # are replaced): fills, designs' fills and strategy solves all pass this way.
    status = outcome.status
    answer["status"] = FILL_STATUS.get(status, status) if request.action == "fill" else status
    answer["reason"] = outcome.reason or UNSATISFIABLE.get(outcome.status, "")
    answer.setdefault("stats", outcome.stats)
    answer.setdefault("strategy", name)
    return answer


def _alternative(ptype: PuzzleType, problem: Problem, assignment: Assignment) -> dict[str, Any]:
    """One alternative fill as the type answers it, without search statistics."""
    answer = dict(ptype.result(problem, SearchResult(assignment, "solved")))
    for key in ("stats", "status", "reason"):
        answer.pop(key, None)
    objective = problem.objective([int(v) for v in assignment if v is not None])
    if objective is not None:
        answer["objective"] = objective.summary
    return answer


def _logical(ptype: LogicPuzzleType, puzzle: Any, control: Control) -> dict[str, Any]:
    from crossforge.plugins.puzzles.answers import solve_answer

    return solve_answer(ptype.solve_logically(puzzle, control), ptype.levels())


def _generate(ptype: LogicPuzzleType, request: JobRequest, control: Control) -> dict[str, Any]:
    rng = random.Random(control.seed)
    puzzle = ptype.generate(rng, control, **request.type_request)
    rating = _logical(ptype, puzzle, Control(cancelled=control.cancelled))
    return {"puzzle": ptype.to_json(puzzle), "text": ptype.to_text(puzzle), "rating": rating}
