"""The conformance kit itself: its problems, its reference strategy, and that it catches
strategies, problems and puzzle types that break the contract."""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

from crossforge.plugins.contract import Control, Domains, Problem, SearchResult, WordSource
from crossforge.plugins.testing import (
    CASES,
    MINI_WORDS,
    Check,
    ConformanceError,
    MiniCrossword,
    MiniCrosswordType,
    Queens,
    ReferenceSearch,
    check_problem,
    check_puzzle_type,
    check_result,
    check_strategy,
    puzzle_type_checks,
    strategy_checks,
)


@pytest.mark.parametrize("check", strategy_checks(ReferenceSearch()), ids=str)
def test_reference_search_conforms(check: Check) -> None:
    check()


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_kit_problems_keep_the_contract(case: Any) -> None:
    problem = case.build()
    assert check_problem(problem) == []
    result = ReferenceSearch().solve(problem, Control.with_timeout(5))
    assert result.status == ("solved" if case.satisfiable else "unsatisfiable")
    if result.complete:
        assert check_problem(problem, [v for v in result.assignment if v is not None]) == []


@pytest.mark.parametrize(
    "case", [c for c in CASES if c.build().size <= 6 and not isinstance(c.build(), MiniCrossword)]
)
def test_small_cases_are_labelled_right_by_brute_force(case: Any) -> None:
    problem = case.build()
    sizes = [len(d) for d in problem.initial_domains()]
    domains = problem.initial_domains()
    solutions = (
        a
        for a in itertools.product(*(range(n) for n in sizes))
        if all(domains[v][x] for v, x in enumerate(a)) and problem.cost(list(a)) == 0
    )
    assert (next(solutions, None) is not None) == case.satisfiable


def test_mini_crossword_slots_and_decode() -> None:
    problem = MiniCrossword(["#..", "...", "..#"], ["AB", "ABC", "BC", "CA", "AC"])
    assert [len(cells) for cells in problem.slots] == [2, 3, 2, 2, 3, 2]
    assert problem.decode([None] * 6) == ["#..", "...", "..#"]
    assert problem.value_label(1, 0) == "ABC"
    assert problem.decode([0, None, None, None, None, None])[0] == "#AB"


# --- strategies that break the contract, one defect each ----------------------------


class Liar(ReferenceSearch):
    """Claims every problem unsatisfiable."""

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        return SearchResult([None] * problem.size, "unsatisfiable")


class Boaster(ReferenceSearch):
    """Claims a solution it does not have."""

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        values: list[int | None] = [int(np.flatnonzero(d)[0]) for d in problem.initial_domains()]
        return SearchResult(values, "solved")


class Deaf(ReferenceSearch):
    """Ignores the deadline and cancellation (stops on its own after 1.2 s)."""

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        return super().solve(problem, Control.with_timeout(1.2, progress=control.progress))


class Mute(ReferenceSearch):
    """Never reports progress."""

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        muted = Control(control.deadline, control.cancelled, lambda report: None, control.seed)
        return super().solve(problem, muted)


class Fickle(ReferenceSearch):
    """Gives up on every other call, whatever the seed."""

    calls = 0

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        Fickle.calls += 1
        if Fickle.calls % 2:
            return SearchResult([None] * problem.size, "gave_up", "felt like it")
        return super().solve(problem, control)


class Crashing(ReferenceSearch):
    """Raises on problems with more than six variables."""

    def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
        if problem.size > 6:
            raise RuntimeError("too many variables")
        return super().solve(problem, control, **params)


class Sloppy(ReferenceSearch):
    """Returns a plain dict."""

    description = ""

    def solve(self, problem: Problem, control: Control, **params: Any) -> Any:
        return {"assignment": [], "status": "solved"}


def failures_of(checks: Sequence[Check], name: str) -> str:
    (check,) = [c for c in checks if c.name == name]
    with pytest.raises(ConformanceError) as caught:
        check()
    return str(caught.value)


def test_kit_catches_false_unsatisfiable() -> None:
    message = failures_of(strategy_checks(Liar()), "case queens-6")
    assert "claimed unsatisfiable but a solution exists" in message


def test_kit_catches_a_false_solution() -> None:
    message = failures_of(strategy_checks(Boaster()), "case queens-3")
    assert "claimed solved but the cost is" in message


def test_kit_catches_ignored_deadline_and_cancel() -> None:
    checks = strategy_checks(Deaf())
    assert "s after the deadline" in failures_of(checks, "deadline")
    assert "s after the cancel" in failures_of(checks, "cancel")


def test_kit_catches_missing_progress() -> None:
    assert "no progress report" in failures_of(strategy_checks(Mute()), "deadline")


def test_kit_catches_nondeterminism() -> None:
    assert "seed 7 gave" in failures_of(strategy_checks(Fickle()), "determinism")


def test_kit_checks_parameters() -> None:
    assert "an unknown parameter was accepted silently" in failures_of(
        strategy_checks(Liar()), "parameters"
    )

    class Strict(ReferenceSearch):
        parameters: dict[str, Any] = {
            "type": "object",
            "properties": {"depth": {"type": "integer", "default": 3}},
        }

        def solve(
            self, problem: Problem, control: Control, depth: int = 3, **params: Any
        ) -> SearchResult:
            return super().solve(problem, control, **params)

    (check,) = [c for c in strategy_checks(Strict()) if c.name == "parameters"]
    assert check.failures() == []

    class Rigid(ReferenceSearch):
        def solve(self, problem: Problem, control: Control) -> SearchResult:  # type: ignore[override]
            return super().solve(problem, control)

    message = failures_of(strategy_checks(Rigid()), "parameters")
    assert "an unknown parameter raised TypeError, not ValueError" in message


def test_kit_catches_wrong_types_and_metadata() -> None:
    checks = strategy_checks(Sloppy())
    assert "description is empty" in failures_of(checks, "metadata")
    assert "not a SearchResult" in failures_of(checks, "case empty")


def test_kit_reports_exceptions_as_failures_and_goes_on() -> None:
    checks = strategy_checks(Crashing(), cases=CASES[:4])
    assert "raised RuntimeError: too many variables" in failures_of(
        checks, "case colouring-petersen"
    )
    with pytest.raises(ConformanceError, match=r"^4 failure\(s\)") as caught:
        check_strategy(Crashing(), cases=CASES[:4])
    for check in ("case colouring-petersen", "deadline", "cancel", "determinism"):
        assert f"{check}: raised RuntimeError" in str(caught.value)


def test_check_strategy_lists_every_failure() -> None:
    with pytest.raises(ConformanceError, match=r"\d+ failure\(s\)") as caught:
        check_strategy(Liar(), cases=CASES[:4])
    assert str(caught.value).count("claimed unsatisfiable") == 5  # 4 cases + parameters


def test_incomplete_strategies_may_give_up_on_hard_cases_but_not_easy_ones() -> None:
    class Lazy(ReferenceSearch):
        def solve(self, problem: Problem, control: Control, **params: Any) -> SearchResult:
            if problem.size > 6:
                return SearchResult([None] * problem.size, "gave_up", "too big for me")
            return super().solve(problem, control)

    lazy = strategy_checks(Lazy(), complete=False)
    assert "did not solve it" in failures_of(lazy, "case colouring-petersen")
    mini = next(c for c in lazy if c.name == "case mini-crossword-blocks")
    assert mini.run() == []
    strict = strategy_checks(Lazy())
    assert "did not solve it" in failures_of(strict, "case mini-crossword-blocks")


def test_check_result_details() -> None:
    problem = Queens(4)
    assert check_result(problem, SearchResult([1, 3, 0, 2], "solved")) == []
    assert check_result(problem, SearchResult([None] * 4, "gave_up")) == [
        "gave up without a reason"
    ]
    assert check_result(problem, SearchResult([9, None, None, None], "gave_up", "x")) == [
        "variable 0 holds 9, outside its domain"
    ]
    odd = SearchResult([1, 3, 0, 2], "done", stats={"t": {1}})  # type: ignore[arg-type]
    assert check_result(problem, odd) == [
        "status 'done' is not one of solved, unsatisfiable, gave_up",
        "stats are not JSON-serialisable: Object of type set is not JSON serializable",
    ]


# --- problems that break the contract ---------------------------------------------


class InPlaceQueens(Queens):
    """Prunes masks in place."""

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        before = list(domains)
        wiped = super().propagate(domains, changed)
        for var, (old, new) in enumerate(zip(before, domains, strict=True)):
            old &= new
            domains[var] = old
        return wiped


class LopsidedQueens(Queens):
    """Neighbours that are not symmetric."""

    def neighbours(self, var: int) -> Sequence[int]:
        return [v for v in range(self.n) if v > var]


class QuietQueens(Queens):
    """Empties a domain without reporting the wipe-out; delta and value_conflicts lie."""

    def propagate(self, domains: Domains, changed: Sequence[int]) -> int | None:
        super().propagate(domains, changed)
        return None

    def delta(self, assignment: Sequence[int], changes: Mapping[int, int]) -> float:
        return 0.0

    def value_conflicts(
        self, assignment: Sequence[int], var: int, values: np.ndarray
    ) -> np.ndarray:
        return np.zeros(len(values))


class BlamelessQueens(Queens):
    """Explains nothing, and its rare-value cut adds values back."""

    def propagate_explained(
        self, domains: Domains, changed: Sequence[int], reasons: list[int]
    ) -> int | None:
        return self.propagate(domains, changed)

    def cut_rare(self, domains: Domains, fraction: float) -> Domains:
        return [np.ones_like(mask) for mask in domains]


class OverEagerQueens(Queens):
    """Explained propagation that prunes more than plain propagation."""

    def propagate_explained(
        self, domains: Domains, changed: Sequence[int], reasons: list[int]
    ) -> int | None:
        wiped = super().propagate_explained(domains, changed, reasons)
        if wiped is None and domains[0].sum() > 1:
            domains[0] = domains[0] & (np.arange(self.n) != np.flatnonzero(domains[0])[0])
        return wiped


def test_check_problem_checks_explanations_and_the_rare_cut() -> None:
    failures = check_problem(BlamelessQueens(5, givens={0: 1}))
    assert "cut_rare added values or changed the number of domains" in failures
    assert any(
        f.startswith("propagate_explained (fixing 1=4) does not blame the decision for [")
        for f in failures
    )
    assert "propagate_explained (root) prunes differently from propagate" in check_problem(
        OverEagerQueens(5)
    )


def test_check_problem_catches_in_place_mutation() -> None:
    assert any("mutated the mask" in f for f in check_problem(InPlaceQueens(5)))


def test_check_problem_catches_asymmetric_neighbours() -> None:
    assert "1 neighbours 0 but not the reverse" in check_problem(LopsidedQueens(4))


def test_check_problem_catches_silent_wipe_out_and_bad_delta() -> None:
    failures = check_problem(QuietQueens(3), None)
    assert any("emptied a domain without reporting it" in f for f in failures)
    failures = check_problem(QuietQueens(4), [1, 3, 0, 2])
    assert any("delta(0: 0) disagrees with cost" in f for f in failures)
    assert "value_conflicts(0) disagrees with conflicts" in failures


def test_check_problem_catches_a_wrong_solution() -> None:
    failures = check_problem(Queens(4), [0, 1, 2, 3])
    assert "cost of the known solution is 6.0" in failures
    assert "propagate rejects the known solution" in failures


# --- puzzle types -------------------------------------------------------------------


class LeakyType(MiniCrosswordType):
    """Returns numpy values and accepts anything."""

    parameters: dict[str, Any] = {"type": "object", "properties": {"rows": {}}}

    def problem(self, request: Mapping[str, Any], words: WordSource) -> MiniCrossword:
        return MiniCrossword(request.get("rows") or ["..."], MINI_WORDS)

    def result(self, problem: Problem, outcome: SearchResult) -> dict[str, Any]:
        return {"grid": np.array(problem.decode(outcome.assignment))}


def test_check_puzzle_type_passes_a_good_type() -> None:
    check_puzzle_type(
        MiniCrosswordType(),
        [{"rows": ["...", "...", "..."]}, {"rows": BLOCKED}],
        bad_requests=[{}, {"rows": ["..."], "colour": "red"}],
    )


BLOCKED = ["#...", "....", "....", "...#"]


def test_check_puzzle_type_catches_bad_results_and_lax_requests() -> None:
    checks = puzzle_type_checks(LeakyType(), [{"rows": ["...", "...", "..."]}], bad_requests=[{}])
    assert "result() of the solved outcome is not JSON" in failures_of(checks, "request 0")
    assert "accepted it instead of raising InputError" in failures_of(checks, "bad request 0")


class RefusesWithValueError(MiniCrosswordType):
    """Refuses bad requests with a plain ``ValueError``, which the server takes for a bug."""

    def problem(self, request: Mapping[str, Any], words: WordSource) -> MiniCrossword:
        if not request.get("rows"):
            raise ValueError("rows: a grid needs at least one row of text")
        return super().problem(request, words)


def test_check_puzzle_type_wants_bad_requests_refused_with_input_error() -> None:
    checks = puzzle_type_checks(RefusesWithValueError(), [], bad_requests=[{"rows": []}])
    message = failures_of(checks, "bad request 0")
    assert "raised ValueError instead of InputError: rows: a grid needs" in message


class ClaimsToSolve(MiniCrosswordType):
    """Declares logic-puzzle actions (and one nobody knows) with none of their hooks."""

    actions = frozenset({"fill", "generate", "paint"})  # type: ignore[assignment]


def test_check_puzzle_type_checks_the_declared_actions() -> None:
    checks = puzzle_type_checks(ClaimsToSolve(), [{"rows": ["...", "...", "..."]}])
    found = failures_of(checks, "actions")
    assert "unknown action 'paint'" in found
    assert "has no solve_logically()" in found and "has no generation_options()" in found
    (good,) = [c for c in puzzle_type_checks(MiniCrosswordType(), []) if c.name == "actions"]
    good()


def test_check_puzzle_type_needs_solvable_requests() -> None:
    checks = puzzle_type_checks(MiniCrosswordType(), [{"rows": ["Q..", "...", "..."]}], timeout=2)
    assert "ReferenceSearch did not solve it (unsatisfiable)" in failures_of(checks, "request 0")


def test_deadline_check_takes_about_the_limit() -> None:
    started = time.monotonic()
    (deadline,) = [c for c in strategy_checks(ReferenceSearch()) if c.name == "deadline"]
    deadline()
    assert time.monotonic() - started < 1.5
