"""The ``backtrack`` fill strategy: complete search along a plan, for any Problem.

Binary branching (``x = v`` then ``x != v``) with propagation after every step, dom/wdeg
variable choice and fragments (``plan``), conflict-directed backjumping on the
explanations ``Problem.propagate_explained`` keeps, nogoods recorded from the conflict
sets (``nogoods``) and restarts with growing limits. "unsatisfiable" is returned only
when an empty conflict set was derived, which is a proof. With ``quality="best"`` the
first fill is then improved on the problem's objective, and ``alternatives`` asks for
more fills (``improve``), every search being this one on narrowed domains.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from crossforge.plugins.bits import set_bits
from crossforge.plugins.contract import (
    Control,
    Domains,
    FillStrategy,
    Objective,
    Problem,
    SearchResult,
    Status,
    TableForm,
)
from crossforge.plugins.job_requests import resolve_parameters
from crossforge.plugins.strategies import improve, table_search
from crossforge.plugins.strategies.nogoods import NogoodStore
from crossforge.plugins.strategies.plan import Plan


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 …"""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


def restart_limits(kind: str, scale: int) -> Iterator[float]:
    """Failures allowed in each run: Luby or geometric (×1.5) growth, or no restarts."""
    run = 1
    while True:
        if kind == "luby":
            yield scale * luby(run)
        elif kind == "geometric":
            yield scale * 1.5 ** (run - 1)
        else:
            yield float("inf")
        run += 1


@dataclass
class _Frame:
    """The state before one decision, and the decision (``var = value``)."""

    domains: Domains
    reasons: list[int]
    var: int
    value: int


class _Stop(Exception):
    """Raised inside the search when a limit is reached."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Search:
    """One run of the strategy on one problem."""

    def __init__(self, problem: Problem, control: Control, options: dict[str, Any]) -> None:
        self.problem = problem
        self.control = control
        self.options = options
        self.n = problem.size
        # Values are randomised among near-equals from the start when a seed is given;
        # without one, the first run follows the heuristic alone and restarts diversify
        # with a fixed seed (the search stays deterministic either way).
        self.rng = None if control.seed is None else random.Random(control.seed)
        self.restart_rng = self.rng or random.Random(0)
        self.backjumping: bool = options["backjumping"]
        self.store = NogoodStore(options["max_nogood_size"]) if options["nogoods"] else None
        self.counts: list[tuple[np.ndarray, int, int | None] | None] = [None] * self.n
        self.orders: list[tuple[np.ndarray, list[np.ndarray]] | None] = [None] * self.n
        self.stats = {"nodes": 0, "backtracks": 0, "backjumps": 0, "restarts": 0, "nogoods": 0}
        self.started = time.monotonic()
        self.last_report = self.started
        self.best: list[int | None] = [None] * self.n
        self.best_filled = -1
        self.incomplete = ""

    # -- small helpers ------------------------------------------------------------

    def count(self, var: int, domain: np.ndarray) -> int:
        return self._facts(var, domain)[0]

    def value_of(self, var: int, domain: np.ndarray) -> int | None:
        return self._facts(var, domain)[1]

    def _facts(self, var: int, domain: np.ndarray) -> tuple[int, int | None]:
        """The domain's size and, when it holds a single value, that value."""
        cached = self.counts[var]
        if cached is not None and cached[0] is domain:
            return cached[1], cached[2]
        size = int(np.count_nonzero(domain))
        value = int(np.flatnonzero(domain)[0]) if size == 1 else None
        self.counts[var] = (domain, size, value)
        return size, value

    def assignment(self, domains: Domains) -> list[int | None]:
        return [self.value_of(v, domains[v]) for v in range(self.n)]

    def propagate(
        self, domains: Domains, reasons: list[int], changed: list[int], before: Domains, level: int
    ) -> int | None:
        """Propagate to a fixpoint (constraints, then nogoods); the conflict set or None."""
        everything = (1 << (level + 1)) - 2
        while True:
            if self.backjumping:
                wiped = self.problem.propagate_explained(domains, changed, reasons)
            else:
                wiped = self.problem.propagate(domains, changed)
            if wiped is not None:
                self.plan.failed(wiped)
                return reasons[wiped] if self.backjumping else everything
            if self.store is None or not len(self.store):
                return None
            fixed = []
            for var in range(self.n):
                if domains[var] is not before[var]:
                    value = self.value_of(var, domains[var])
                    if value is not None:
                        fixed.append((var, value))
            before = list(domains)
            changed, conflict = self.store.prune(domains, reasons, fixed, self.value_of)
            if conflict is not None:
                return conflict if self.backjumping else everything
            if not changed:
                return None

    def choose_value(self, var: int, domain: np.ndarray, domains: Domains) -> int:
        """The best value left for ``var``; its order is reused while the domains of its
        neighbours are the ones it was computed from."""
        context = [domains[t] for t in self.plan.neighbours[var]]
        cached = self.orders[var]
        if cached is not None and all(a is b for a, b in zip(cached[1], context, strict=True)):
            alive = cached[0][domain[cached[0]]]
            if alive.size == self.count(var, domain):
                return int(alive[0])
        rng = self.rng if self.rng or not self.stats["restarts"] else self.restart_rng
        order = self.problem.value_order(var, domains, rng)
        self.orders[var] = (order, context)
        return int(order[0])

    def check_limits(self, domains: Domains, sizes: list[int]) -> None:
        filled = sizes.count(1)
        if filled > self.best_filled:
            self.best_filled = filled
            self.best = self.assignment(domains)
        reason = self.poll(filled)
        if reason:
            raise _Stop(reason)

    def poll(self, filled: int) -> str | None:
        """Report progress when due; the reason to stop now, or None."""
        reason = self.control.should_stop()
        if reason is None and self.stats["nodes"] >= (self.options["max_nodes"] or np.inf):
            reason = "node limit"
        now = time.monotonic()
        if reason or now - self.last_report >= self.options["progress_interval"]:
            self.last_report = now
            self.control.progress(self.report(filled, now))
        return reason

    def report(self, filled: int, now: float) -> dict[str, Any]:
        return {
            "filled": filled,
            "variables": self.n,
            "best_filled": self.best_filled,
            "best": self.problem.decode(self.best),
            **self.stats,
            "time": round(now - self.started, 3),
        }

    # -- the search ---------------------------------------------------------------

    def run(self, domains: Domains | None = None) -> SearchResult:
        """Search from ``domains`` (the problem's initial domains by default)."""
        if domains is None:
            domains = self.problem.initial_domains()
        self.plan = Plan(
            self.problem,
            [self.count(v, domains[v]) for v in range(self.n)],
            self.options["fragments"],
        )
        fraction = self.options["rare_letter_cut"]
        form = None
        if self.options["engine"] == "compiled" and table_search.available():
            form = self.problem.table_form()
        if form is not None and not fraction:
            # The compiled search propagates the root itself, to the same fixpoint.
            return self.search_compiled(form, domains)
        reasons = [0] * self.n
        root = list(domains)
        if self.propagate(domains, reasons, list(range(self.n)), root, 0) is not None:
            return self.finish([None] * self.n, "unsatisfiable", "")
        if fraction > 0:
            self.incomplete = "rare-letter cut"
            cut = self.problem.cut_rare(domains, fraction)
            changed = [v for v in range(self.n) if cut[v] is not domains[v]]
            if self.propagate(cut, reasons, changed, domains, 0) is not None:
                return self.finish(
                    [None] * self.n, "gave_up", f"no fill under the {self.incomplete}"
                )
            domains = cut
        if form is not None:
            return self.search_compiled(form, domains)
        try:
            return self.search(domains, reasons)
        except _Stop as stop:
            return self.finish(self.best, "gave_up", stop.reason)

    def search_compiled(self, form: TableForm, domains: Domains) -> SearchResult:
        """The same search in C (``table_search``), with this run's limits and reports."""

        def poll(counters: dict[str, int], filled: int, best: list[int | None]) -> str | None:
            self.stats.update(counters)
            self.best = best
            self.best_filled = sum(value is not None for value in best)
            return self.poll(filled)

        outcome = table_search.table_search(
            form, domains, self.options, self.plan.rank, self.control.seed, poll
        )
        self.stats.update(outcome.counters)
        if outcome.stopped is not None:
            return self.finish(outcome.assignment, "gave_up", outcome.stopped)
        if outcome.exhausted:
            return self.exhausted(outcome.assignment)
        return self.finish(outcome.assignment, "solved", "")

    def exhausted(self, best: list[int | None]) -> SearchResult:
        """The search space ran out: a proof, unless a cut was applied first."""
        if self.incomplete:
            return self.finish(best, "gave_up", f"no fill under the {self.incomplete}")
        return self.finish([None] * self.n, "unsatisfiable", "")

    def search(self, root: Domains, root_reasons: list[int]) -> SearchResult:
        limits = restart_limits(self.options["restarts"], self.options["restart_scale"])
        limit = next(limits)
        failures = 0
        stack: list[_Frame] = []
        domains, reasons = list(root), list(root_reasons)
        while True:
            sizes = [self.count(v, domain) for v, domain in enumerate(domains)]
            self.check_limits(domains, sizes)
            var = self.plan.choose(sizes)
            if var is None:
                return self.finish(self.assignment(domains), "solved", "")
            value = self.choose_value(var, domains[var], domains)
            self.stats["nodes"] += 1
            stack.append(_Frame(domains, reasons, var, value))
            level = len(stack)
            before = domains
            domains, reasons = list(domains), list(reasons)
            single = np.zeros(domains[var].size, dtype=bool)
            single[value] = True
            domains[var] = single
            reasons[var] = 1 << level
            conflict = self.propagate(domains, reasons, [var], before, level)
            while conflict is not None:
                self.stats["backtracks"] += 1
                failures += 1
                if conflict == 0:
                    return self.exhausted(self.best)
                jump = conflict.bit_length() - 1
                if self.store is not None and self.store.add(
                    (stack[i - 1].var, stack[i - 1].value) for i in set_bits(conflict)
                ):
                    self.stats["nogoods"] += 1
                if jump < len(stack):
                    self.stats["backjumps"] += 1
                    self.plan.forget_fragment()
                frame = stack[jump - 1]
                del stack[jump - 1 :]
                domains, reasons = list(frame.domains), list(frame.reasons)
                refuted = domains[frame.var].copy()
                refuted[frame.value] = False
                domains[frame.var] = refuted
                reasons[frame.var] |= conflict & ~(1 << jump)
                conflict = self.propagate(domains, reasons, [frame.var], frame.domains, jump - 1)
            if not stack:
                root, root_reasons = domains, reasons
            if failures >= limit:
                failures = 0
                limit = next(limits)
                self.stats["restarts"] += 1
                self.plan.forget_fragment()
                self.orders = [None] * self.n
                stack = []
                domains, reasons = list(root), list(root_reasons)

    def finish(self, assignment: list[int | None], status: Status, reason: str) -> SearchResult:
        stats = dict(self.stats, time=round(time.monotonic() - self.started, 4))
        filled = sum(1 for value in assignment if value is not None)
        self.control.progress(
            {
                "filled": filled,
                "variables": self.n,
                **stats,
                "best": self.problem.decode(assignment),
            }
        )
        return SearchResult(assignment, status, reason, stats)


MAX_ALTERNATIVES = 20
"""Most fills one request may ask for (``alternatives``)."""


class Backtrack(FillStrategy):
    """Ordered backtracking with propagation, backjumping, nogoods and restarts."""

    description = (
        "Complete search (after the Canadian-crossword article): plan by length and "
        "difficulty, dom/wdeg, fragments, arc consistency, conflict-directed backjumping, "
        "nogoods, restarts"
    )
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {
            "max_nodes": {"type": ["integer", "null"], "minimum": 1, "default": None},
            "restarts": {
                "type": "string",
                "enum": ["luby", "geometric", "none"],
                "default": "luby",
            },
            "restart_scale": {"type": "integer", "minimum": 1, "default": 100},
            "backjumping": {"type": "boolean", "default": True},
            "nogoods": {"type": "boolean", "default": True},
            "max_nogood_size": {"type": "integer", "minimum": 1, "default": 100},
            "fragments": {"type": "boolean", "default": True},
            "rare_letter_cut": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "default": 0,
                "description": "share below which a crossing letter is cut (0: off)",
            },
            "progress_interval": {"type": "number", "minimum": 0, "default": 0.25},
            "engine": {
                "type": "string",
                "enum": ["compiled", "python"],
                "default": "compiled",
                "description": "compiled: the C search for problems in table form "
                "(crosswords); python: this module's search for every problem",
            },
            "quality": {
                "type": "string",
                "enum": ["first", "best"],
                "default": "first",
                "x-request-default": "best",
                "description": "first: the first fill found; best: keep improving the "
                "problem's objective until best_seconds, the deadline or a proof of "
                "optimality (the HTTP API and the CLI default to best)",
            },
            "best_seconds": {
                "type": ["number", "null"],
                "minimum": 0,
                "default": None,
                "x-request-default": 3.0,
                "description": "with quality best: seconds to keep improving after the "
                "first fill (null: until the deadline); the HTTP API and the CLI "
                "default to 3, or to the setting CROSSFORGE_BEST_SECONDS",
            },
            "alternatives": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_ALTERNATIVES,
                "default": 1,
                "description": "fills wanted, best first (1: just the best)",
            },
            "min_difference": {
                "type": "integer",
                "minimum": 1,
                "default": 1,
                "description": "entries (variables) in which every two fills must differ",
            },
        },
    }

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        options = resolve_parameters("backtrack", self.parameters, params)
        if options["quality"] == "first" and options["alternatives"] == 1:
            outcome = _Search(problem, control, options).run()
            if outcome.complete:
                outcome.objective = problem.objective(improve.filled(outcome.assignment))
            return outcome
        return _best(problem, control, options)


def _best(problem: Problem, control: Control, options: dict[str, Any]) -> SearchResult:
    """The first fill, improved on the problem's objective when ``quality`` is best, with
    up to ``alternatives`` - 1 more fills (each improved in turn), best first."""
    started = time.monotonic()
    first = _Search(problem, control, options).run()
    objective = problem.objective(improve.filled(first.assignment)) if first.complete else None
    if objective is None:
        if first.complete and options["quality"] == "best":
            first.stats["quality"] = "first: the problem defines no objective"
        return first
    wanted = options["quality"] == "best"
    budget = options["best_seconds"] if wanted else None
    # The budget is the improving's own: a first fill that took long (an open grid) is
    # improved as long as an easy one.
    until = None if budget is None else time.monotonic() + budget
    if not wanted:
        until = control.deadline
    rng = random.Random(control.seed)
    root = problem.initial_domains()
    problem.propagate(root, range(problem.size))
    quiet = dict(options, progress_interval=float("inf"))
    count = options["alternatives"]
    improvements = [0]
    shown: dict[str, Any] = {}

    def report(assignment: list[int], found: Objective) -> None:
        """Report the best fill so far (its objective never worsens between reports)."""
        shown.update(at=time.monotonic(), fill=assignment, objective=found)
        control.progress(
            {
                "filled": problem.size,
                "variables": problem.size,
                "improvements": improvements[0],
                "objective": found.summary,
                "objective_key": list(found.key),
                "best": problem.decode(assignment),
                "time": round(time.monotonic() - started, 3),
            }
        )

    def solve(domains: Domains, sub: Control, nodes: int | None) -> SearchResult:
        # The best fill is reported again every progress_interval, so that a report a
        # throttling caller dropped is soon made good.
        if time.monotonic() - shown["at"] >= options["progress_interval"]:
            report(shown["fill"], shown["objective"])
        return _Search(problem, sub, dict(quiet, max_nodes=nodes)).run(list(domains))

    def improved(assignment: list[int], found: Objective) -> None:
        if found.beats(shown["objective"]):  # an alternative may not beat the best
            improvements[0] += 1
            report(assignment, found)

    def polish(domains: Domains, assignment: list[int], share: float) -> improve.Incumbent:
        incumbent = improve.Incumbent(assignment, _objective(problem, assignment))
        if not wanted:
            return incumbent
        end = None if until is None else time.monotonic() + (until - time.monotonic()) * share
        return improve.improve(problem, domains, incumbent, control, solve, end, rng, improved)

    assignment = improve.filled(first.assignment)
    report(assignment, objective)
    best = polish(root, assignment, 1 / count)
    others = improve.alternatives(
        problem,
        root,
        best.assignment,
        count - 1,
        options["min_difference"],
        control,
        solve,
        until,
        rng,
        lambda domains, found, left: polish(domains, found, 1 / left).assignment,
    )
    fills = sorted(
        [best.assignment, *others], key=lambda a: _objective(problem, a).key, reverse=True
    )
    top = _objective(problem, fills[0])
    stats = dict(
        first.stats,
        quality=options["quality"],
        improvements=improvements[0],
        rounds=best.rounds,
        time=round(time.monotonic() - started, 4),
    )
    if wanted:
        stats["improving_ended"] = best.ended
    return SearchResult(
        list(fills[0]),
        "solved",
        "",
        stats,
        objective=top,
        optimal=(best.optimal and fills[0] is best.assignment) if wanted else None,
        alternatives=[list(a) for a in fills[1:]],
    )


def _objective(problem: Problem, assignment: list[int]) -> Objective:
    found = problem.objective(assignment)
    if found is None:
        raise RuntimeError("the problem's objective changed its mind")
    return found
