"""Conformance kit for plugin authors: check a fill strategy or puzzle type from pytest.

    from plugins.testing import check_puzzle_type, check_strategy

    def test_my_strategy_conforms():
        check_strategy(MyStrategy())                  # complete: solves and proves
        check_strategy(MyAnnealer(), complete=False)  # stochastic: never lies

    def test_my_puzzle_type_conforms():
        check_puzzle_type(MyType(), requests=[{...}], bad_requests=[{...}])

A check raises ``ConformanceError`` (an ``AssertionError``) listing every failure.
``strategy_checks`` and ``puzzle_type_checks`` return the same checks one by one, for
``pytest.mark.parametrize(..., ids=str)``. The kit's own problems (graph colouring,
n queens, a mini crossword; satisfiable and unsatisfiable) are real ``Problem``
subclasses, and ``ReferenceSearch`` is a plain complete backtracking strategy that
serves as a known-good test double.
"""

from __future__ import annotations

import json
import random
import time
from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from numbers import Integral
from typing import Any

import numpy as np

from plugins.contract import Control, Domains, FillStrategy, Problem, PuzzleType, SearchResult

__all__ = [
    "CASES",
    "Case",
    "Check",
    "ConformanceError",
    "GraphColouring",
    "MiniCrossword",
    "MiniCrosswordType",
    "PairwiseProblem",
    "Queens",
    "ReferenceSearch",
    "check_problem",
    "check_puzzle_type",
    "check_result",
    "check_strategy",
    "puzzle_type_checks",
    "strategy_checks",
]

GRACE = 0.75
"""Seconds a strategy may overrun its deadline or a cancellation before it fails the kit."""
STATUSES = ("solved", "unsatisfiable", "gave_up")


class ConformanceError(AssertionError):
    """A plugin broke the contract; the message lists every failure found."""


# --- the kit's problems -------------------------------------------------------------


class PairwiseProblem(Problem):
    """Variables under pairwise exclusions: a variable fixed to a value forbids values of
    its neighbours. Propagation is forward checking from every singleton domain."""

    def __init__(
        self,
        domain_sizes: Sequence[int],
        edges: Iterable[tuple[int, int]],
        givens: Mapping[int, int] | None = None,
    ) -> None:
        self.domain_sizes = list(domain_sizes)
        self._neighbours: list[list[int]] = [[] for _ in self.domain_sizes]
        self.edges = sorted({(min(a, b), max(a, b)) for a, b in edges if a != b})
        for a, b in self.edges:
            self._neighbours[a].append(b)
            self._neighbours[b].append(a)
        self.givens = dict(givens or {})

    @abstractmethod
    def forbidden(self, var: int, value: int, other: int) -> np.ndarray:
        """Mask of ``other``'s values that clash with ``var`` holding ``value``."""

    @property
    def size(self) -> int:
        return len(self.domain_sizes)

    def initial_domains(self) -> Domains:
        domains = [np.ones(n, dtype=bool) for n in self.domain_sizes]
        for var, value in self.givens.items():
            domains[var] = np.zeros(self.domain_sizes[var], dtype=bool)
            domains[var][value] = True
        return domains

    def neighbours(self, var: int) -> Sequence[int]:
        return self._neighbours[var]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        return _fixpoint(domains, changed, self._supported)

    def _supported(self, var: int, domains: Domains) -> list[tuple[int, np.ndarray]]:
        values = np.flatnonzero(domains[var])
        if len(values) != 1:
            return []
        return [(o, ~self.forbidden(var, int(values[0]), o)) for o in self._neighbours[var]]

    def cost(self, assignment: Sequence[int]) -> float:
        return float(
            sum(bool(self.forbidden(a, assignment[a], b)[assignment[b]]) for a, b in self.edges)
        )

    def decode(self, assignment: Sequence[int | None]) -> list[int | None]:
        return [None if v is None else int(v) for v in assignment]


class GraphColouring(PairwiseProblem):
    """Colour a graph's nodes with ``colours`` colours, adjacent nodes differing."""

    def __init__(
        self,
        nodes: int,
        edges: Iterable[tuple[int, int]],
        colours: int,
        givens: Mapping[int, int] | None = None,
    ) -> None:
        super().__init__([colours] * nodes, edges, givens)
        self.colours = colours

    @classmethod
    def clique(cls, nodes: int, colours: int) -> GraphColouring:
        """The complete graph: satisfiable exactly when ``colours >= nodes``."""
        return cls(nodes, [(a, b) for a in range(nodes) for b in range(a)], colours)

    def forbidden(self, var: int, value: int, other: int) -> np.ndarray:
        mask = np.zeros(self.colours, dtype=bool)
        mask[value] = True
        return mask


class Queens(PairwiseProblem):
    """``n`` queens on an ``n`` x ``n`` board: variable = row, value = column."""

    def __init__(self, n: int, givens: Mapping[int, int] | None = None) -> None:
        super().__init__([n] * n, [(a, b) for a in range(n) for b in range(a)], givens)
        self.n = n

    def forbidden(self, var: int, value: int, other: int) -> np.ndarray:
        mask = np.zeros(self.n, dtype=bool)
        shift = abs(var - other)
        for column in (value - shift, value, value + shift):
            if 0 <= column < self.n:
                mask[column] = True
        return mask


class MiniCrossword(Problem):
    """A tiny crossword: slots are the across and down runs of two or more cells of
    ``rows`` (``#`` a block, ``.`` an empty cell, a letter a given); values are the
    words of the slot's length; crossing letters must agree (cost: disagreeing cells).
    Propagation is arc consistency on the letter sets of crossing cells."""

    def __init__(self, rows: Sequence[str], words: Iterable[str]) -> None:
        self.rows = [row.upper() for row in rows]
        self.words: dict[int, list[str]] = {}
        for word in sorted({w.upper() for w in words}):
            self.words.setdefault(len(word), []).append(word)
        self.codes = {
            n: np.array([[ord(c) - 65 for c in w] for w in ws], dtype=np.int16).reshape(-1, n)
            for n, ws in self.words.items()
        }
        self.slots: list[list[tuple[int, int]]] = _runs(self.rows)
        owner: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for s, cells in enumerate(self.slots):
            for p, cell in enumerate(cells):
                owner.setdefault(cell, []).append((s, p))
        self.crossings: list[list[tuple[int, int, int]]] = [[] for _ in self.slots]
        for pairs in owner.values():
            if len(pairs) == 2:
                (s, p), (t, q) = pairs
                self.crossings[s].append((p, t, q))
                self.crossings[t].append((q, s, p))

    def _codes(self, slot: int) -> np.ndarray:
        n = len(self.slots[slot])
        return self.codes.get(n, np.zeros((0, n), dtype=np.int16))

    @property
    def size(self) -> int:
        return len(self.slots)

    def initial_domains(self) -> Domains:
        domains = []
        for s, cells in enumerate(self.slots):
            mask = np.ones(len(self._codes(s)), dtype=bool)
            for p, (r, c) in enumerate(cells):
                if self.rows[r][c].isalpha():
                    mask &= self._codes(s)[:, p] == ord(self.rows[r][c]) - 65
            domains.append(mask)
        return domains

    def neighbours(self, var: int) -> Sequence[int]:
        return [t for _, t, _ in self.crossings[var]]

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        return _fixpoint(domains, changed, self._supported)

    def _supported(self, s: int, domains: Domains) -> list[tuple[int, np.ndarray]]:
        supported = []
        for p, t, q in self.crossings[s]:
            letters = np.zeros(26, dtype=bool)
            letters[self._codes(s)[domains[s], p]] = True
            supported.append((t, letters[self._codes(t)[:, q]]))
        return supported

    def cost(self, assignment: Sequence[int]) -> float:
        clashes = 0
        for s, crossing in enumerate(self.crossings):
            for p, t, q in crossing:
                if s < t:
                    clashes += self._codes(s)[assignment[s], p] != self._codes(t)[assignment[t], q]
        return float(clashes)

    def decode(self, assignment: Sequence[int | None]) -> list[str]:
        grid = [list(row) for row in self.rows]
        for s, value in enumerate(assignment):
            if value is not None:
                for (r, c), letter in zip(self.slots[s], self.value_label(s, value), strict=True):
                    grid[r][c] = letter
        return ["".join(row) for row in grid]

    def value_label(self, var: int, value: int) -> str:
        return self.words[len(self.slots[var])][value]


def _fixpoint(
    domains: Domains,
    changed: Sequence[int],
    supported: Callable[[int, Domains], list[tuple[int, np.ndarray]]],
) -> int | None:
    """Narrow domains until nothing changes: ``supported(var, domains)`` lists, for the
    variables ``var`` constrains, the masks of their values ``var``'s domain still allows.
    Masks are replaced, never changed in place. Returns a wiped-out variable or None."""
    queue = list(changed)
    while queue:
        var = queue.pop()
        if not domains[var].any():
            return var
        for other, allowed in supported(var, domains):
            narrowed = domains[other] & allowed
            if narrowed.sum() < domains[other].sum():
                domains[other] = narrowed
                if not narrowed.any():
                    return other
                queue.append(other)
    return None


def _runs(rows: Sequence[str]) -> list[list[tuple[int, int]]]:
    """Across then down runs of at least two open cells."""
    runs: list[list[tuple[int, int]]] = []
    height, width = len(rows), max((len(r) for r in rows), default=0)
    lines = [[(r, c) for c in range(width)] for r in range(height)]
    lines += [[(r, c) for r in range(height)] for c in range(width)]
    for line in lines:
        run: list[tuple[int, int]] = []
        for r, c in [*line, (-1, -1)]:
            if r >= 0 and c < len(rows[r]) and rows[r][c] != "#":
                run.append((r, c))
                continue
            if len(run) >= 2:
                runs.append(run)
            run = []
    return runs


_MINI_TEXT = """
ACE ACT AGE AGO AIR ALE APE ARC ARE ART ATE BAT BED BEE CAB CAR CAT COT CUE DEN DOE EAR
EAT EEL EGO ERA ETA GEL HAT ICE ODE OAR OAT ORE RAT SEA SET TAR TEA TEN TOE
ABLE ACES ACRE AREA ARTS BEAR BEAT CARE CART CASE DARE DATE EACH EARN EAST EATS ERAS IDEA
IRON LATE NEAR NEAT NOTE ONCE ORAL OATS RACE RATE REAR REST ROSE SEAT SORE STAR TEAR TONE
"""
MINI_WORDS = tuple(_MINI_TEXT.split())
"""The mini crosswords' word list."""


@dataclass(frozen=True)
class Case:
    """A kit problem: its name, how to build it, whether it has a solution, and whether
    an incomplete (stochastic) strategy is expected to solve it."""

    name: str
    build: Callable[[], Problem]
    satisfiable: bool
    easy: bool = False


def _petersen() -> GraphColouring:
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return GraphColouring(10, outer + spokes + inner, 3)


BLOCKED = ("#...", "....", "....", "...#")
NO_FILL = ("O...", "....", "....", "....")
"""A grid the mini word list cannot fill, though propagation alone does not show it."""

CASES: tuple[Case, ...] = (
    Case("empty", lambda: GraphColouring(0, [], 3), True, easy=True),
    Case(
        "colouring-cycle",
        lambda: GraphColouring(5, [(i, (i + 1) % 5) for i in range(5)], 3),
        True,
        easy=True,
    ),
    Case("colouring-petersen", _petersen, True, easy=True),
    Case("queens-6", lambda: Queens(6), True, easy=True),
    Case("queens-8-given", lambda: Queens(8, givens={0: 0, 1: 4}), True),
    Case("mini-crossword", partial(MiniCrossword, ["...", "...", "..."], MINI_WORDS), True),
    Case("mini-crossword-blocks", partial(MiniCrossword, BLOCKED, MINI_WORDS), True),
    Case("colouring-k4-3", lambda: GraphColouring.clique(4, 3), False),
    Case("colouring-petersen-2", lambda: GraphColouring(10, _petersen().edges, 2), False),
    Case("queens-3", lambda: Queens(3), False),
    Case("mini-crossword-given", partial(MiniCrossword, NO_FILL, MINI_WORDS), False),
)
"""The problems every strategy is run on."""


def hard_problem() -> Problem:
    """An unsatisfiable pigeonhole problem no pairwise search finishes in seconds."""
    return GraphColouring.clique(13, 12)


# --- a reference strategy ---------------------------------------------------------------


class ReferenceSearch(FillStrategy):
    """Plain chronological backtracking with the problem's propagation (smallest domain
    first): slow, simple and complete. A known-good strategy for testing puzzle types."""

    description = "Reference chronological backtracking from the conformance kit."
    parameters: dict[str, Any] = {"type": "object", "properties": {}}

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        if params:
            raise ValueError(f"unknown parameter(s) for the reference search: {sorted(params)}")
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

    def problem(self, request: Mapping[str, Any]) -> MiniCrossword:
        unknown = sorted(set(request) - set(self.parameters["properties"]))
        if unknown:
            raise ValueError(f"unknown request field(s): {', '.join(unknown)}")
        rows = request.get("rows")
        if not rows or not all(isinstance(row, str) for row in rows):
            raise ValueError("rows: a grid needs at least one row of text")
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


# --- checks -------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One named conformance check; calling it raises ``ConformanceError`` on failure."""

    name: str
    run: Callable[[], list[str]]

    def failures(self) -> list[str]:
        """What the check found wrong; an exception the plugin raised counts as one."""
        try:
            return self.run()
        except Exception as exc:
            return [f"raised {type(exc).__name__}: {exc}"]

    def __call__(self) -> None:
        failures = self.failures()
        if failures:
            raise ConformanceError(f"{self.name}:\n  " + "\n  ".join(failures))

    def __str__(self) -> str:
        return self.name


def _run_all(checks: Sequence[Check]) -> None:
    failures = [f"{check.name}: {failure}" for check in checks for failure in check.failures()]
    if failures:
        raise ConformanceError(f"{len(failures)} failure(s):\n  " + "\n  ".join(failures))


def _json_problem(value: Any) -> str | None:
    try:
        json.dumps(value)
    except (TypeError, ValueError) as exc:
        return str(exc)
    return None


def check_result(problem: Problem, result: Any, satisfiable: bool | None = None) -> list[str]:
    """What is wrong with a strategy's answer for ``problem`` (empty: nothing)."""
    if not isinstance(result, SearchResult):
        return [f"returned {type(result).__name__}, not a SearchResult"]
    failures = []
    if result.status not in STATUSES:
        failures.append(f"status {result.status!r} is not one of {', '.join(STATUSES)}")
    if not isinstance(result.stats, dict) or not all(isinstance(k, str) for k in result.stats):
        failures.append("stats is not a dict with string keys")
    elif (error := _json_problem(result.stats)) is not None:
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
        Check("metadata", partial(_metadata_failures, strategy)),
        Check("parameters", partial(_parameter_failures, strategy, timeout)),
    ]
    for case in cases:
        run = partial(_case_failures, strategy, case, complete, timeout, seed)
        checks.append(Check(f"case {case.name}", run))
    checks.append(Check("deadline", partial(_limit_failures, strategy, "deadline")))
    checks.append(Check("cancel", partial(_limit_failures, strategy, "cancel")))
    repeated = [c for c in cases if c.satisfiable and (complete or c.easy)][-3:]
    checks.append(Check("determinism", partial(_determinism_failures, strategy, repeated, seed)))
    return checks


def check_strategy(strategy: FillStrategy, **options: Any) -> None:
    """Run every strategy check; raises ``ConformanceError`` listing all failures.

    Options are those of ``strategy_checks``.
    """
    _run_all(strategy_checks(strategy, **options))


def _metadata_failures(plugin: FillStrategy | PuzzleType) -> list[str]:
    failures = []
    if not isinstance(plugin.description, str) or not plugin.description.strip():
        failures.append("description is empty")
    schema = plugin.parameters
    if not isinstance(schema, dict) or schema.get("type") != "object":
        failures.append('parameters is not a JSON object schema ({"type": "object", ...})')
    elif not isinstance(schema.get("properties", {}), dict):
        failures.append("parameters' properties is not a mapping")
    elif (error := _json_problem(schema)) is not None:
        failures.append(f"parameters is not JSON-serialisable: {error}")
    return failures


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
        if (error := _json_problem(dict(report))) is not None:
            failures.append(f"progress report is not JSON-serialisable: {error}")
            break
    return failures


def _determinism_failures(strategy: FillStrategy, cases: Sequence[Case], seed: int) -> list[str]:
    failures = []
    for case in cases:
        runs = [strategy.solve(case.build(), Control.with_timeout(10.0, seed=seed)) for _ in "ab"]
        first, second = ((r.status, r.assignment) for r in runs)
        if first != second:
            failures.append(f"{case.name}: seed {seed} gave {first} then {second}")
    return failures


# --- problems and puzzle types --------------------------------------------------------


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
    if solution is not None:
        failures += _solution_failures(problem, domains, list(solution), rng)
    return failures


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
) -> list[Check]:
    """The checks ``check_puzzle_type`` runs: metadata, one per request, one per bad one.

    Each request must become a valid problem that ``strategy`` (default:
    ``ReferenceSearch``) solves within ``timeout``; ``result`` must give JSON for the
    solved outcome and for an empty gave-up one. Bad requests must raise ``ValueError``.
    """
    solver = strategy or ReferenceSearch()
    checks = [Check("metadata", lambda: _metadata_failures(puzzle_type))]
    for i, request in enumerate(requests):
        run = partial(_request_failures, puzzle_type, request, solver, timeout)
        checks.append(Check(f"request {i}", run))
    for i, request in enumerate(bad_requests):
        checks.append(
            Check(f"bad request {i}", partial(_bad_request_failures, puzzle_type, request))
        )
    return checks


def check_puzzle_type(
    puzzle_type: PuzzleType, requests: Sequence[Mapping[str, Any]], **options: Any
) -> None:
    """Run every puzzle-type check; raises ``ConformanceError`` listing all failures.

    Options are those of ``puzzle_type_checks``.
    """
    _run_all(puzzle_type_checks(puzzle_type, requests, **options))


def _request_failures(
    puzzle_type: PuzzleType, request: Mapping[str, Any], solver: FillStrategy, timeout: float
) -> list[str]:
    problem = puzzle_type.problem(request)
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
        elif (error := _json_problem(answer)) is not None:
            failures.append(f"result() of the {label} outcome is not JSON: {error}")
    return failures


def _bad_request_failures(puzzle_type: PuzzleType, request: Mapping[str, Any]) -> list[str]:
    try:
        puzzle_type.problem(request)
    except ValueError:
        return []
    except Exception as exc:
        return [f"raised {type(exc).__name__} instead of ValueError: {exc}"]
    return ["accepted it instead of raising ValueError"]
