"""Checks of a fill strategy: answers on the kit's cases, limits, progress, seeds and
parameters."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from functools import partial
from numbers import Integral
from typing import Any

from crossforge.plugins.contract import Control, FillStrategy, Problem, SearchResult
from crossforge.plugins.testing.cases import CASES, SCORED_CASES, Case, Queens, hard_problem
from crossforge.plugins.testing.checks import Check, json_error, metadata_failures, run_all

GRACE = 0.75
"""Seconds a strategy may overrun its deadline or a cancellation before it fails the kit."""
STATUSES = ("solved", "unsatisfiable", "gave_up")


def check_result(problem: Problem, result: Any, satisfiable: bool | None = None) -> list[str]:
    """What is wrong with a strategy's answer for ``problem`` (empty: nothing)."""
    if not isinstance(result, SearchResult):
        return [f"returned {type(result).__name__}, not a SearchResult"]
    failures = []
    if result.status not in STATUSES:
        failures.append(f"status {result.status!r} is not one of {', '.join(STATUSES)}")
    if not isinstance(result.stats, dict) or not all(isinstance(k, str) for k in result.stats):
        failures.append("stats is not a dict with string keys")
    elif (error := json_error(result.stats)) is not None:
        failures.append(f"stats are not JSON-serialisable: {error}")
    if result.status == "gave_up" and not result.reason:
        failures.append("gave up without a reason")
    assignment = result.assignment
    if not isinstance(assignment, list) or len(assignment) != problem.size:
        return [*failures, f"assignment is not a list of {problem.size} values"]
    domains = problem.initial_domains()
    for var, value in enumerate(assignment):
        if value is None:
            continue
        if not isinstance(value, Integral) or isinstance(value, bool):
            failures.append(f"variable {var} holds {value!r}, not an integer index")
        elif not 0 <= int(value) < len(domains[var]) or not domains[var][int(value)]:
            failures.append(f"variable {var} holds {value}, outside its domain")
    if failures:
        return failures
    if result.status == "solved":
        if any(value is None for value in assignment):
            failures.append("claimed solved with unassigned variables")
        elif (cost := problem.cost([int(v) for v in assignment if v is not None])) != 0:
            failures.append(f"claimed solved but the cost is {cost}")
        elif satisfiable is False:
            failures.append("claimed solved an unsatisfiable problem")
    if result.status == "unsatisfiable" and satisfiable:
        failures.append("claimed unsatisfiable but a solution exists")
    return failures


def strategy_checks(
    strategy: FillStrategy,
    *,
    complete: bool = True,
    cases: Sequence[Case] = CASES,
    timeout: float = 10.0,
    seed: int = 7,
) -> list[Check]:
    """The checks ``check_strategy`` runs, one per case plus the limits and metadata.

    ``complete``: the strategy must solve every satisfiable case and prove every
    unsatisfiable one; otherwise it must solve the ``easy`` cases and never answer
    wrongly. ``timeout``: seconds allowed per case.
    """
    checks = [
        Check("metadata", partial(metadata_failures, strategy)),
        Check("parameters", partial(_parameter_failures, strategy, timeout)),
    ]
    for case in cases:
        run = partial(_case_failures, strategy, case, complete, timeout, seed)
        checks.append(Check(f"case {case.name}", run))
    checks.append(Check("deadline", partial(_limit_failures, strategy, "deadline")))
    checks.append(Check("cancel", partial(_limit_failures, strategy, "cancel")))
    repeated = [c for c in cases if c.satisfiable and (complete or c.easy)][-3:]
    checks.append(Check("determinism", partial(_determinism_failures, strategy, repeated, seed)))
    properties = strategy.parameters.get("properties", {})
    if "best" in properties.get("quality", {}).get("enum", ()):
        for case in SCORED_CASES:
            run = partial(_quality_failures, strategy, case, timeout, seed)
            checks.append(Check(f"quality best, {case.name}", run))
    if "alternatives" in properties:
        for case in SCORED_CASES:
            run = partial(_alternatives_failures, strategy, case, timeout, seed)
            checks.append(Check(f"alternatives, {case.name}", run))
    return checks


def check_strategy(strategy: FillStrategy, **options: Any) -> None:
    """Run every strategy check; raises ``ConformanceError`` listing all failures.

    Options are those of ``strategy_checks``.
    """
    run_all(strategy_checks(strategy, **options))


def _parameter_failures(strategy: FillStrategy, timeout: float) -> list[str]:
    """The schema's defaults are accepted; a parameter it does not name is a ValueError."""
    failures = []
    properties = strategy.parameters.get("properties", {})
    defaults = {k: spec["default"] for k, spec in properties.items() if "default" in spec}
    problem = Queens(6)
    result = strategy.solve(problem, Control.with_timeout(timeout, seed=1), **defaults)
    failures += [f"with its default parameters: {f}" for f in check_result(problem, result, True)]
    try:
        strategy.solve(problem, Control.with_timeout(timeout, seed=1), kit_unknown_parameter=1)
    except ValueError:
        pass
    except Exception as exc:
        failures.append(f"an unknown parameter raised {type(exc).__name__}, not ValueError")
    else:
        failures.append("an unknown parameter was accepted silently (raise ValueError)")
    return failures


def _case_failures(
    strategy: FillStrategy, case: Case, complete: bool, timeout: float, seed: int
) -> list[str]:
    problem = case.build()
    limit = timeout if complete or case.satisfiable else min(timeout, 0.5)
    result = strategy.solve(problem, Control.with_timeout(limit, seed=seed))
    failures = check_result(problem, result, case.satisfiable)
    if failures:
        return failures
    if case.satisfiable and result.status != "solved" and (complete or case.easy):
        return [f"did not solve it ({result.status}: {result.reason})"]
    if not case.satisfiable and result.status != "unsatisfiable" and complete:
        return [f"did not prove it unsatisfiable ({result.status}: {result.reason})"]
    return []


def _limit_failures(strategy: FillStrategy, which: str) -> list[str]:
    """Run the hard problem until a deadline or a cancellation 0.3 s in."""
    reports: list[Any] = []
    stop_at = time.monotonic() + 0.3
    if which == "deadline":
        control = Control(deadline=stop_at, progress=reports.append, seed=1)
    else:
        control = Control(cancelled=lambda: time.monotonic() >= stop_at, progress=reports.append)
    problem = hard_problem()
    result = strategy.solve(problem, control)
    overrun = time.monotonic() - stop_at
    failures = check_result(problem, result, satisfiable=False)
    if overrun > GRACE:
        failures.append(f"returned {overrun:.2f} s after the {which}")
    if not reports:
        failures.append("no progress report during a 0.3 s search")
    for report in reports[:50]:
        if not isinstance(report, Mapping) or not all(isinstance(k, str) for k in report):
            failures.append(f"progress report {report!r} is not a mapping with string keys")
            break
        if (error := json_error(dict(report))) is not None:
            failures.append(f"progress report is not JSON-serialisable: {error}")
            break
    return failures


BEST_SECONDS = 0.5
"""Improvement budget of the quality checks (when the strategy declares ``best_seconds``)."""


def _budget(strategy: FillStrategy) -> dict[str, Any]:
    declared = strategy.parameters.get("properties", {})
    return {"best_seconds": BEST_SECONDS} if "best_seconds" in declared else {}


def _quality_failures(strategy: FillStrategy, case: Case, timeout: float, seed: int) -> list[str]:
    """``quality="best"`` answers a solution no worse than ``"first"``, with its objective;
    progress reports carrying an objective never see it worsen; a problem without an
    objective is still solved."""
    problem = case.build()
    first = strategy.solve(problem, Control.with_timeout(timeout, seed=seed), quality="first")
    reports: list[Mapping[str, Any]] = []
    control = Control.with_timeout(timeout, seed=seed, progress=reports.append)
    best = strategy.solve(problem, control, quality="best", **_budget(strategy))
    failures = check_result(problem, first, True) + check_result(problem, best, True)
    if failures or first.status != "solved" or best.status != "solved":
        return failures or [f"did not solve it ({first.status}, then {best.status})"]
    mine = problem.objective([int(v) for v in best.assignment if v is not None])
    theirs = problem.objective([int(v) for v in first.assignment if v is not None])
    if mine is None or theirs is None:
        return ["the kit's problem has no objective"]
    if mine.key < theirs.key:
        failures.append(f"best {mine.summary} is worse than first {theirs.summary}")
    if best.objective is None or best.objective.key != mine.key:
        failures.append(f"objective {best.objective} is not the answer's ({mine})")
    if not isinstance(best.optimal, bool):
        failures.append(f"optimal is {best.optimal!r}, not True or False")
    keys = [tuple(r["objective_key"]) for r in reports if "objective_key" in r]
    if any(later < earlier for earlier, later in zip(keys, keys[1:], strict=False)):
        failures.append(f"the objective worsened across progress reports: {keys}")
    if keys and keys[-1] != mine.key:
        failures.append(f"the last reported objective {keys[-1]} is not the answer's {mine.key}")
    plain = strategy.solve(Queens(6), Control.with_timeout(timeout, seed=seed), quality="best")
    failures += [f"without an objective: {f}" for f in check_result(Queens(6), plain, True)]
    if plain.status != "solved":
        failures.append(f"without an objective: did not solve it ({plain.status})")
    return failures


def _alternatives_failures(
    strategy: FillStrategy, case: Case, timeout: float, seed: int
) -> list[str]:
    """``alternatives=3, min_difference=2``: every fill is a solution, each differs from
    every other in at least 2 variables, best first."""
    problem = case.build()
    result = strategy.solve(
        problem, Control.with_timeout(timeout, seed=seed), alternatives=3, min_difference=2
    )
    failures = check_result(problem, result, True)
    if failures or result.status != "solved":
        return failures or [f"did not solve it ({result.status})"]
    if not result.alternatives:
        return ["no alternative fill, though the problem has many"]
    fills = [result.assignment, *result.alternatives]
    if len(fills) > 3:
        failures.append(f"{len(fills)} fills, though 3 were asked for")
    for alternative in result.alternatives:
        probe = SearchResult(alternative, "solved")
        failures += [f"an alternative: {f}" for f in check_result(problem, probe, True)]
    for i, a in enumerate(fills):
        for b in fills[i + 1 :]:
            if sum(x != y for x, y in zip(a, b, strict=True)) < 2:
                failures.append(f"fills {a} and {b} differ in fewer than 2 variables")
    keys = [problem.objective([int(v) for v in f if v is not None]) for f in fills]
    ranks = [k.key for k in keys if k is not None]
    if ranks != sorted(ranks, reverse=True):
        failures.append(f"fills are not best first: {ranks}")
    return failures


def _determinism_failures(strategy: FillStrategy, cases: Sequence[Case], seed: int) -> list[str]:
    failures = []
    for case in cases:
        runs = [strategy.solve(case.build(), Control.with_timeout(10.0, seed=seed)) for _ in "ab"]
        first, second = ((r.status, r.assignment) for r in runs)
        if first != second:
            failures.append(f"{case.name}: seed {seed} gave {first} then {second}")
    return failures
