"""How soon work stops at its limit, and how soon hostile input is refused: the time
bounds the tests once asserted, measured here instead (tests check the behaviour).

    .venv/bin/python scripts/bench_limits.py [--runs 5] [--section search|server|all]

``search``: the strategies at a 0.3 s deadline and at a cancellation (the pigeonhole
problem of the conformance kit, which no search finishes), the kit's own deadline
check, a 25x25 Sudoku asked for a level it cannot reach in 2 s, and a regex clue the
engine cannot match within a 0.05 s match limit. ``server``: the app on a temporary
SQLite database with its real worker, through Flask's test client: hostile bodies and
uploads, a regex bomb, catastrophic regex clues under a 3 s job limit, a fill stopping
at its own 0.5 s timeout, and ``wait`` returning 202 when the job is not done. Each row:
the limit, median and worst seconds over ``--runs`` runs, and the bound the tests once
asserted (on a loaded machine it was the bound, not the work, that failed).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crossforge.plugins.contract import Control, FillStrategy

if TYPE_CHECKING:
    from flask import Flask


@dataclass
class Case:
    """One row: ``work`` runs once and raises when the outcome is not the expected one."""

    name: str
    limit: str
    work: Callable[[], None]
    bound: str


def expect(condition: bool, what: str) -> None:
    """Fail the row when ``condition`` is false (the benchmark times only what works)."""
    if not condition:
        raise RuntimeError(what)


def search_cases() -> list[Case]:
    """The strategies, the conformance kit, Sudoku generation and regex matching."""
    from crossforge.plugins.puzzles.regexcross import RegexCrosswordType, syntax
    from crossforge.plugins.puzzles.sudoku import SudokuType
    from crossforge.plugins.puzzles.sudoku.generate import GenerationTimeout
    from crossforge.plugins.registry import registry
    from crossforge.plugins.testing import strategy_checks
    from crossforge.plugins.testing.cases import hard_problem

    def stops(strategy: FillStrategy, reason: str) -> Callable[[], None]:
        def run() -> None:
            if reason == "timeout":
                control = Control.with_timeout(0.3, seed=1)
            else:
                checks = iter(range(10**9))
                control = Control(cancelled=lambda: next(checks) > 3, seed=1)
            result = strategy.solve(hard_problem(), control)
            expect((result.status, result.reason) == ("gave_up", reason), str(result.reason))

        return run

    def kit_deadline() -> None:
        (check,) = [
            c for c in strategy_checks(registry().strategy("backtrack")) if c.name == "deadline"
        ]
        check()

    def sudoku_25() -> None:
        try:
            SudokuType().generate(
                random.Random(1), Control.with_timeout(2), size="25", level="hard"
            )
        except GenerationTimeout:
            return
        raise RuntimeError("a hard 25x25 Sudoku was generated")

    def slow_clue(solve: bool) -> Callable[[], None]:
        pattern = r"(?:(?:A){e<=1}^)*"

        def run() -> None:
            syntax.MATCH_TIMEOUT = 0.05
            try:
                if solve:
                    puzzle = RegexCrosswordType().parse_json(
                        {"rows": [pattern + "[ab]{2}"] * 2, "cols": ["[ab]{2}"] * 2}
                    )
                    RegexCrosswordType().solve_logically(puzzle, Control.with_timeout(20))
                else:
                    syntax.ClueMatcher(pattern).fullmatch("bb")
            except syntax.ClueTimeout:
                return
            finally:
                syntax.MATCH_TIMEOUT = default_timeout
            raise RuntimeError("the slow clue matched in time")

        return run

    default_timeout = syntax.MATCH_TIMEOUT
    cases = []
    for name in ("backtrack", "annealing", "genetic"):
        strategy = registry().strategy(name)
        cases += [
            Case(f"{name}: hard problem, deadline", "0.3 s", stops(strategy, "timeout"), "< 1 s"),
            Case(
                f"{name}: hard problem, canceled", "4th check", stops(strategy, "canceled"), "< 1 s"
            ),
        ]
    return [
        *cases,
        Case("conformance kit: deadline check (backtrack)", "0.3 s", kit_deadline, "< 1.5 s"),
        Case("sudoku: generate 25x25 hard", "2 s", sudoku_25, "< 3 s"),
        Case("regex: one slow clue, match", "0.05 s a match", slow_clue(False), "< 5 s"),
        Case("regex: slow clues, graded solve", "0.05 s a match", slow_clue(True), "< 10 s"),
    ]


ENDLESS = ["......"] * 6
"""No fill of it exists in the list below; annealing, which never proves that, searches
until its timeout."""


def server_cases(folder: Path, apps: list[Flask]) -> list[Case]:
    """The app with its real worker on a temporary SQLite database with a small list
    (added to ``apps``, for the caller to close)."""
    from wordfreq import top_n_list

    from crossforge.server.app import create_app
    from crossforge.server.config import ServerConfig
    from crossforge.wordbase.imports import import_lines
    from crossforge.wordbase.store import WordStore

    url = f"sqlite:///{folder / 'limits.db'}"
    words = [w for w in top_n_list("en", 3000) if w.isascii() and w.isalpha() and len(w) > 2]
    with WordStore(url) as store:
        import_lines(store, "words", [f"{w};50" for w in words], "stwl")
    config = ServerConfig(
        database_url=url, workers=1, job_time_limit=3.0, kill_grace=0.3, default_list="words"
    )
    apps.append(create_app(config))
    client = apps[-1].test_client()
    ipuz = json.dumps(
        {
            "version": "http://ipuz.org/v2",
            "kind": ["http://ipuz.org/crossword#1"],
            "dimensions": {"width": 100_000, "height": 100_000},
            "puzzle": [[1, 2], [3, 0]],
        }
    ).encode()

    def answers(
        status: int, method: str, path: str, upload: tuple[str, bytes] | None = None, **kwargs: Any
    ) -> Callable[[], Any]:
        """A run sending the request (``upload``: a grid file's name and bytes, multipart)
        that fails unless it is answered ``status``."""

        def run() -> Any:
            if upload is not None:
                kwargs["data"] = {"grid": (io.BytesIO(upload[1]), upload[0])}
                kwargs["content_type"] = "multipart/form-data"
            answer = client.open(path, method=method, **kwargs)
            expect(answer.status_code == status, f"{answer.status_code}: {answer.get_data()!r}")
            return answer.get_json()

        return run

    def catastrophic() -> None:
        for pattern in ("(A+)+B", "(A|AA)+$", "((A*)*)*$", r"(A*)*\1B", r"(?:(.)(?!.*\1))*"):
            puzzle = {"shape": "rect", "rows": [pattern] * 12, "cols": [pattern] * 12}
            answer = client.post("/v1/puzzles/regex/solve", json={"puzzle": puzzle, "wait": 10})
            expect(answer.status_code in (200, 400), f"{pattern}: {answer.status_code}")

    def fill_timeout() -> None:
        options = {"timeout": 0.5, "min_score": 0}
        body = {"grid": ENDLESS, "strategy": "annealing", "options": options, "wait": 10}
        answer = answers(200, "POST", "/v1/fills", json=body)()
        stopped = answer["result"] or {}
        expect(
            stopped.get("status") == "gave_up" or answer["error"]["code"] == "time_limit",
            str(answer),
        )

    def wait_202() -> None:
        options = {"timeout": 2, "min_score": 0}
        body = {"grid": ENDLESS, "strategy": "annealing", "options": options, "wait": 0.3}
        job = answers(202, "POST", "/v1/fills", json=body)()
        client.post(f"/v1/jobs/{job['id']}/cancel")

    bomb = "(?:(?:(?:A{40}){40}){40})"
    warm = {"grid": ["#....", ".....", ".....", ".....", "....#"], "wait": 30}
    answers(200, "POST", "/v1/fills", json=warm)()  # the worker started, the index built
    return [
        Case(
            "50 MB body to /v1/grids/parse: 413",
            "2 MiB",
            answers(413, "POST", "/v1/grids/parse?format=text", data=b"." * (50 * 1024 * 1024)),
            "",
        ),
        Case(
            "ipuz 100000x100000 upload to /v1/fills: 400",
            "max_grid_size 25",
            answers(400, "POST", "/v1/fills", upload=("g.ipuz", ipuz)),
            "< 2 s",
        ),
        Case(
            "JSON nested 100,000 deep upload to /v1/fills: 400",
            "",
            answers(400, "POST", "/v1/fills", upload=("g.json", b"[" * 100_000)),
            "< 2 s",
        ),
        Case(
            "regex bomb clue: 400",
            "max_unrolled",
            answers(
                400,
                "POST",
                "/v1/puzzles/regex/solve",
                json={"puzzle": {"shape": "rect", "rows": [bomb], "cols": ["A"] * 40}, "wait": 5},
            ),
            "< 1 s",
        ),
        Case(
            "five catastrophic regex 12x12 solves", "3 s job limit each", catastrophic, "< 8 s each"
        ),
        Case("fill of an endless 6x6, waited for", "0.5 s timeout", fill_timeout, "< 5 s"),
        Case("fill with wait 0.3 not done: 202", "0.3 s wait", wait_202, "0.3-5 s"),
    ]


def measure(case: Case, runs: int) -> list[float]:
    """Seconds of each run of ``case``."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        case.work()
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--section", choices=["search", "server", "all"], default="all")
    args = parser.parse_args()
    print("| case | limit | median s | max s | bound the tests asserted |")
    print("|---|---|---|---|---|")
    apps: list[Flask] = []
    with tempfile.TemporaryDirectory() as folder:
        cases = search_cases() if args.section in ("search", "all") else []
        if args.section in ("server", "all"):
            cases += server_cases(Path(folder), apps)
        try:
            for case in cases:
                times = measure(case, args.runs)
                print(
                    f"| {case.name} | {case.limit} | {statistics.median(times):.2f} "
                    f"| {max(times):.2f} | {case.bound} |",
                    flush=True,
                )
        finally:
            for app in apps:
                app.extensions["crossforge"].close()


if __name__ == "__main__":
    main()
