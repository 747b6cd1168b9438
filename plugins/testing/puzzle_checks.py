"""Checks of a problem's contract and of a puzzle type's requests and answers."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from numbers import Integral
from typing import Any

import numpy as np

from crossforge.plugins.contract import (
    ACTIONS,
    Control,
    Domains,
    FillStrategy,
    InputError,
    Problem,
    PuzzleType,
    SearchResult,
    TableForm,
    WordSource,
)
from crossforge.plugins.job_requests import puzzle_request
from crossforge.plugins.testing.checks import Check, json_error, metadata_failures, run_all
from crossforge.plugins.testing.doubles import ReferenceSearch
from crossforge.plugins.testing.strategy_checks import check_result
from crossforge.wordbase.source import IndexWords


def check_problem(problem: Problem, solution: Sequence[int] | None = None) -> list[str]:
    """What breaks the ``Problem`` contract in ``problem`` (empty: nothing).

    With a known ``solution``, also checks that it costs 0, propagation accepts it and
    ``conflicts``, ``value_conflicts``, ``delta`` and ``compound_moves`` agree with
    ``cost`` around it.
    """
    size = problem.size
    if not isinstance(size, int) or size < 0:
        return [f"size {size!r} is not a non-negative int"]
    domains = problem.initial_domains()
    failures = _domain_failures(problem, domains)
    if failures:
        return failures
    if problem.initial_domains() is domains:
        failures.append("initial_domains returned the same list twice")
    for var in range(size):
        for other in problem.neighbours(var):
            if not isinstance(other, Integral) or not 0 <= int(other) < size or other == var:
                failures.append(f"neighbours({var}) holds {other!r}")
            elif var not in problem.neighbours(int(other)):
                failures.append(f"{other} neighbours {var} but not the reverse")
    failures += _propagation_failures(problem, domains)
    rng = random.Random(0)
    for var in range(min(size, 10)):
        order = [int(v) for v in problem.value_order(var, domains, rng)]
        if len(set(order)) != len(order) or not all(domains[var][v] for v in order):
            failures.append(f"value_order({var}) repeats values or leaves the domain")
        if order and not isinstance(problem.value_label(var, order[0]), str):
            failures.append(f"value_label({var}, {order[0]}) is not a str")
    covered = {v for region in problem.regions() for v in region}
    if covered != set(range(size)):
        failures.append("regions() do not cover every variable exactly")
    try:
        problem.decode([None] * size)
    except Exception as exc:
        failures.append(f"decode of an empty assignment raised {type(exc).__name__}: {exc}")
    failures += _table_form_failures(problem, domains, solution)
    if solution is not None:
        failures += _solution_failures(problem, domains, list(solution), rng)
    return failures


def _table_form_failures(
    problem: Problem, domains: Domains, solution: Sequence[int] | None
) -> list[str]:
    """A ``table_form`` must describe the problem: shapes, codes within the alphabet,
    crossings listed both ways, and (with a known solution) the same verdict as ``cost``
    on the solution and on the solution with one variable changed."""
    form = problem.table_form()
    if form is None:
        return []
    size = problem.size
    if len(form.codes) != size or len(form.groups) != size or len(form.preference) != size:
        return ["table_form: codes, groups and preference need one entry per variable"]
    failures = []
    for v, (codes, mask) in enumerate(zip(form.codes, domains, strict=True)):
        if codes.ndim != 2 or codes.shape[0] != mask.size:
            failures.append(f"table_form: codes[{v}] is not one row per value of {v}")
        elif codes.size and int(codes.max()) >= form.alphabet_size:
            failures.append(f"table_form: codes[{v}] leave the alphabet")
        if len(form.preference[v]) != mask.size:
            failures.append(f"table_form: preference[{v}] is not one number per value")
        bits = None if form.bits is None else form.bits[v]
        if bits is not None and codes.ndim == 2 and not _bits_agree(bits, codes, form):
            failures.append(f"table_form: bits[{v}] disagree with codes[{v}]")
    crossings = {tuple(int(x) for x in row) for row in form.crossings}
    for v, p, w, q in crossings:
        if not (0 <= v < size and 0 <= w < size) or v == w:
            failures.append(f"table_form: crossing {(v, p, w, q)} names no pair of variables")
        elif not (0 <= p < form.codes[v].shape[1] and 0 <= q < form.codes[w].shape[1]):
            failures.append(f"table_form: crossing {(v, p, w, q)} is outside the rows")
        elif (w, q, v, p) not in crossings:
            failures.append(f"table_form: crossing {(v, p, w, q)} is not listed both ways")
    if failures or solution is None:
        return failures

    def satisfied(values: Sequence[int]) -> bool:
        agree = all(
            form.codes[v][values[v], p] == form.codes[w][values[w], q] for v, p, w, q in crossings
        )
        taken = [(form.groups[v], values[v]) for v in range(size) if form.groups[v] >= 0]
        return agree and len(set(taken)) == len(taken)

    trials = [list(solution)]
    for var in range(min(size, 10)):
        for value in np.flatnonzero(domains[var])[:3]:
            trials.append([*solution[:var], int(value), *solution[var + 1 :]])
    for trial in trials:
        if satisfied(trial) != (problem.cost(trial) == 0):
            failures.append(f"table_form and cost disagree on {trial[:10]}…")
            break
    return failures


def _bits_agree(bits: np.ndarray, codes: np.ndarray, form: TableForm) -> bool:
    """Whether letter bitsets hold, for each (position, code), exactly the rows with that
    code there (see ``TableForm.bits``)."""
    rows, length = codes.shape
    if bits.ndim != 3 or bits.shape[:2] != (length, form.alphabet_size):
        return False
    if bits.shape[2] * 64 < rows:
        return False
    flags = np.unpackbits(
        np.ascontiguousarray(bits, dtype="<u8").view(np.uint8), axis=2, bitorder="little"
    )[:, :, :rows].astype(bool)
    letters = np.arange(form.alphabet_size)[None, :, None]
    return bool(np.array_equal(flags, np.asarray(codes).T[:, None, :] == letters))


def _domain_failures(problem: Problem, domains: Any) -> list[str]:
    if not isinstance(domains, list) or len(domains) != problem.size:
        return [f"initial_domains is not a list of {problem.size} masks"]
    return [
        f"domain {v} is not a 1-D boolean numpy array"
        for v, mask in enumerate(domains)
        if not isinstance(mask, np.ndarray) or mask.dtype != bool or mask.ndim != 1
    ]


def _propagation_failures(problem: Problem, domains: Domains) -> list[str]:
    """Propagate from the root, then after fixing a few variables: masks are never changed
    in place and only shrink, wipe-outs are reported, ``propagate_explained`` prunes as
    ``propagate`` does and blames the decision, ``cut_rare`` only removes values."""
    root = list(domains)
    failures = _propagate_both(problem, "root", root, list(range(problem.size)), decided=False)
    if not all(mask.any() for mask in root):
        return failures
    snapshots = [mask.copy() for mask in root]
    cut = problem.cut_rare(root, 0.1)
    if len(cut) != problem.size or any(
        new.shape != old.shape or (new & ~old).any() for new, old in zip(cut, root, strict=False)
    ):
        failures.append("cut_rare added values or changed the number of domains")
    if any(not np.array_equal(old, new) for old, new in zip(snapshots, root, strict=True)):
        failures.append("cut_rare changed a mask in place")
    fixable = [v for v in range(problem.size) if root[v].sum() > 1][:5]
    for var in fixable:
        value = np.flatnonzero(root[var])[-1]
        fixed = list(root)
        fixed[var] = np.zeros_like(root[var])
        fixed[var][value] = True
        failures += _propagate_both(problem, f"fixing {var}={value}", fixed, [var], decided=True)
    return failures


def _propagate_both(
    problem: Problem, label: str, trial: Domains, changed: list[int], decided: bool
) -> list[str]:
    """Run ``propagate`` on ``trial`` (left propagated) and ``propagate_explained`` on a
    copy, with the variables in ``changed`` fixed by decision 0 when ``decided``."""
    failures: list[str] = []
    snapshots = [mask.copy() for mask in trial]
    originals = list(trial)
    explained = list(trial)
    wiped = problem.propagate(trial, changed)
    reasons = [1 if decided and v in changed else 0 for v in range(problem.size)]
    wiped_explained = problem.propagate_explained(explained, changed, reasons)
    for var, (mask, snapshot) in enumerate(zip(originals, snapshots, strict=True)):
        if not np.array_equal(mask, snapshot):
            failures.append(f"propagate ({label}) mutated the mask of {var} in place")
        elif trial[var].shape != snapshot.shape or (trial[var] & ~snapshot).any():
            failures.append(f"propagate ({label}) grew the domain of {var}")
    if wiped is not None and (
        not isinstance(wiped, Integral) or not 0 <= int(wiped) < problem.size
    ):
        failures.append(f"propagate ({label}) returned {wiped!r}")
    elif wiped is None and any(
        old.any() and not new.any() for old, new in zip(snapshots, trial, strict=True)
    ):
        failures.append(f"propagate ({label}) emptied a domain without reporting it")
    if (wiped is None) != (wiped_explained is None):
        failures.append(f"propagate_explained ({label}) disagrees with propagate on a wipe-out")
    elif wiped is None and any(
        not np.array_equal(a, b) for a, b in zip(trial, explained, strict=True)
    ):
        failures.append(f"propagate_explained ({label}) prunes differently from propagate")
    elif decided:
        pruned = [
            v
            for v, (old, new) in enumerate(zip(snapshots, explained, strict=True))
            if v not in changed and not np.array_equal(old, new)
        ]
        blamed = [*pruned, *([] if wiped_explained is None else [int(wiped_explained)])]
        unexplained = sorted({v for v in blamed if not reasons[v] & 1})
        if unexplained:
            failures.append(
                f"propagate_explained ({label}) does not blame the decision for {unexplained[:5]}"
            )
    return failures


def _solution_failures(
    problem: Problem, domains: Domains, solution: list[int], rng: random.Random
) -> list[str]:
    if len(solution) != problem.size:
        return [f"the solution has {len(solution)} values for {problem.size} variables"]
    failures = []
    if (cost := problem.cost(solution)) != 0:
        failures.append(f"cost of the known solution is {cost}")
    fixed = []
    for var, value in enumerate(solution):
        mask = np.zeros_like(domains[var])
        mask[value] = True
        fixed.append(mask)
    if problem.propagate(fixed, range(problem.size)) is not None:
        failures.append("propagate rejects the known solution")
    try:
        problem.decode(solution)
    except Exception as exc:
        failures.append(f"decode of the solution raised {type(exc).__name__}: {exc}")
    for var in range(min(problem.size, 10)):
        if problem.conflicts(solution, var, solution[var]) != 0:
            failures.append(f"conflicts({var}) of the solution's own value is not 0")
        values = np.flatnonzero(domains[var])[:20]
        each = [problem.conflicts(solution, var, int(v)) for v in values]
        if not np.allclose(problem.value_conflicts(solution, var, values), each):
            failures.append(f"value_conflicts({var}) disagrees with conflicts")
        others = [int(v) for v in np.flatnonzero(domains[var]) if v != solution[var]]
        for value in others[:3]:
            trial = list(solution)
            trial[var] = value
            expected = problem.cost(trial) - problem.cost(solution)
            if abs(problem.delta(solution, {var: value}) - expected) > 1e-9:
                failures.append(f"delta({var}: {value}) disagrees with cost")
    for move in problem.compound_moves(solution, rng):
        trial = list(solution)
        for var, value in move.items():
            trial[var] = value
        if not all(domains[v][x] for v, x in move.items()):
            failures.append(f"compound move {move} leaves the domains")
        elif abs(problem.delta(solution, move) - problem.cost(trial)) > 1e-9:
            failures.append(f"delta of compound move {move} disagrees with cost")
    return failures


def puzzle_type_checks(
    puzzle_type: PuzzleType,
    requests: Sequence[Mapping[str, Any]],
    *,
    bad_requests: Sequence[Mapping[str, Any]] = (),
    strategy: FillStrategy | None = None,
    timeout: float = 10.0,
    words: WordSource | None = None,
) -> list[Check]:
    """The checks ``check_puzzle_type`` runs: metadata, one per request, one per bad one.

    Each request must become a valid problem that ``strategy`` (default:
    ``ReferenceSearch``) solves within ``timeout``; ``result`` must give JSON for the
    solved outcome and for an empty gave-up one. Requests go through the checks a server
    makes (the type's schema, then its ``check`` hook) with ``words`` (default: no word
    lists); bad requests must be refused there with an ``InputError``.
    """
    source: WordSource = words or IndexWords({})
    solver = strategy or ReferenceSearch()
    checks = [
        Check("metadata", lambda: metadata_failures(puzzle_type)),
        Check("actions", lambda: actions_failures(puzzle_type)),
    ]
    for i, request in enumerate(requests):
        run = partial(_request_failures, puzzle_type, request, solver, timeout, source)
        checks.append(Check(f"request {i}", run))
    for i, request in enumerate(bad_requests):
        checks.append(
            Check(f"bad request {i}", partial(_bad_request_failures, puzzle_type, request, source))
        )
    return checks


LOGIC_HOOKS = ("load", "to_json", "to_text", "validate", "solve_logically", "render_svg")
"""What a type declaring ``solve``, ``rate`` or ``generate`` answers with (``LogicPuzzleType``)."""


def actions_failures(puzzle_type: PuzzleType) -> list[str]:
    """The declared ``actions`` must be known ones, and a type declaring a logic-puzzle
    action must have the hooks those requests call (``generate`` with ``generation_options``)."""
    actions = puzzle_type.actions
    if not isinstance(actions, frozenset | set) or not actions:
        return [f"actions {actions!r} is not a non-empty set"]
    failures = [f"unknown action {a!r} (known: {', '.join(ACTIONS)})" for a in actions - {*ACTIONS}]
    hooks = [*LOGIC_HOOKS] if actions & {"solve", "rate", "generate"} else []
    if "generate" in actions:
        hooks += ["generate", "generation_options"]
    failures += [
        f"declares {', '.join(sorted(actions))} but has no {hook}()"
        for hook in hooks
        if not callable(getattr(puzzle_type, hook, None))
    ]
    return failures


def check_puzzle_type(
    puzzle_type: PuzzleType, requests: Sequence[Mapping[str, Any]], **options: Any
) -> None:
    """Run every puzzle-type check; raises ``ConformanceError`` listing all failures.

    Options are those of ``puzzle_type_checks``.
    """
    run_all(puzzle_type_checks(puzzle_type, requests, **options))


def _request_failures(
    puzzle_type: PuzzleType,
    request: Mapping[str, Any],
    solver: FillStrategy,
    timeout: float,
    words: WordSource,
) -> list[str]:
    checked = puzzle_request(puzzle_type, type(puzzle_type).__name__, request)
    problem = puzzle_type.check(checked, words) or puzzle_type.problem(checked, words)
    if not isinstance(problem, Problem):
        return [f"problem() returned {type(problem).__name__}, not a Problem"]
    failures = check_problem(problem)
    if failures:
        return failures
    outcome = solver.solve(problem, Control.with_timeout(timeout, seed=1))
    failures = check_result(problem, outcome)
    if outcome.status != "solved":
        failures.append(f"{type(solver).__name__} did not solve it ({outcome.status})")
    else:
        solution = [int(v) for v in outcome.assignment if v is not None]
        failures += check_problem(problem, solution)
    empty = SearchResult([None] * problem.size, "gave_up", "timeout")
    for label, finished in (("solved", outcome), ("empty gave-up", empty)):
        try:
            answer = puzzle_type.result(problem, finished)
        except Exception as exc:
            failures.append(f"result() of the {label} outcome raised {type(exc).__name__}: {exc}")
            continue
        if not isinstance(answer, dict):
            failures.append(f"result() of the {label} outcome is not a dict")
        elif (error := json_error(answer)) is not None:
            failures.append(f"result() of the {label} outcome is not JSON: {error}")
    return failures


def _bad_request_failures(
    puzzle_type: PuzzleType, request: Mapping[str, Any], words: WordSource
) -> list[str]:
    try:
        puzzle_type.check(puzzle_request(puzzle_type, type(puzzle_type).__name__, request), words)
    except InputError:
        return []
    except Exception as exc:
        return [f"raised {type(exc).__name__} instead of InputError: {exc}"]
    return ["accepted it instead of raising InputError"]
