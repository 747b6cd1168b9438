"""What a worker does for each job kind; plugins do the work, this module only wires.

Runs inside worker processes. Word indexes are cached per process by the word store
(``WordIndex.for_list``), so a worker loads a list's index once, not once per job.
"""

from __future__ import annotations

import random
from typing import Any

from crossforge.plugins.contract import Control
from crossforge.plugins.puzzles.logic import LogicPuzzleType
from crossforge.plugins.registry import Registry, registry

COMMON_OPTIONS = ("timeout", "seed")
"""Options every job takes: they shape the Control, not the plugin call."""


def logic_type(plugins: Registry, name: str) -> LogicPuzzleType:
    """The logic-puzzle type ``name`` (``LookupError``/``ValueError`` otherwise)."""
    ptype = plugins.puzzle_type(name)
    if not isinstance(ptype, LogicPuzzleType):
        raise ValueError(f"puzzle type {name!r} is a crossword type: submit it to /v1/fills")
    return ptype


def plugin_options(request: dict[str, Any]) -> dict[str, Any]:
    """The request's options without the common ones (timeout, seed)."""
    return {k: v for k, v in request.get("options", {}).items() if k not in COMMON_OPTIONS}


def execute(
    kind: str, puzzle_type: str, request: dict[str, Any], control: Control
) -> dict[str, Any]:
    """Run one job and return its JSON result."""
    if kind == "fill":
        from crossforge.plugins.fill import run_fill

        return run_fill(request["fill"], registry(), control)
    ptype = logic_type(registry(), puzzle_type)
    if kind == "generate":
        return _generate(ptype, request, control)
    if kind == "solve" and request.get("strategy"):
        return _search(ptype, request, control)
    if kind in ("solve", "rate"):
        return _logical(ptype, ptype.load(request["puzzle"]), control)
    raise ValueError(f"unknown job kind {kind!r}")


def _levels(ptype: LogicPuzzleType) -> dict[int, str]:
    from crossforge.plugins.puzzles.cli import level_names

    return dict(level_names(ptype))


def _logical(ptype: LogicPuzzleType, puzzle: Any, control: Control) -> dict[str, Any]:
    from crossforge.plugins.puzzles.answers import solve_answer

    return solve_answer(ptype.solve_logically(puzzle, control), _levels(ptype))


def _search(ptype: LogicPuzzleType, request: dict[str, Any], control: Control) -> dict[str, Any]:
    name = request["strategy"]
    problem = ptype.problem({"puzzle": request["puzzle"]})
    outcome = registry().strategy(name).solve(problem, control, **plugin_options(request))
    answer = ptype.result(problem, outcome)
    answer.setdefault("strategy", name)
    return answer


def _generate(ptype: LogicPuzzleType, request: dict[str, Any], control: Control) -> dict[str, Any]:
    rng = random.Random(control.seed)
    puzzle = ptype.generate(rng, control, **plugin_options(request))
    rating = _logical(ptype, puzzle, Control(cancelled=control.cancelled))
    return {"puzzle": ptype.to_json(puzzle), "text": ptype.to_text(puzzle), "rating": rating}
