"""``crossforge puzzle solve|rate|generate TYPE …``: the commands of every logic-puzzle type.

Works for any ``LogicPuzzleType`` in the registry. FILE holds the type's text format, or
its JSON form when it starts with ``{`` (``-`` reads standard input). With
``--strategy NAME`` the fill strategy searches the type's ``problem({"puzzle": SOURCE})``
(SOURCE: the file's text, or its JSON object) and the type's ``result`` answers;
otherwise the type's logical solver runs. ``generate`` passes ``size`` (the ``--size``
text, e.g. ``9`` or ``10x10``), ``level`` (text), ``difficulty`` ([low, high]) and any
``--option key=value`` to the type's ``generate``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add ``crossforge puzzle`` and its subcommands."""
    parser = subparsers.add_parser("puzzle", help="solve, rate and generate logic puzzles")
    commands = parser.add_subparsers(dest="puzzle_command", metavar="SUBCOMMAND")
    parser.set_defaults(handler=lambda args: parser.print_help() or 2)

    solve = commands.add_parser("solve", help="solve a puzzle file")
    solve.add_argument("type", metavar="TYPE", help="puzzle type (e.g. sudoku, regex)")
    solve.add_argument("file", metavar="FILE", help="puzzle file, text or JSON ('-': stdin)")
    solve.add_argument("--strategy", help="a fill strategy (backtrack, genetic, annealing)")
    solve.add_argument("--seed", type=int, default=None)
    solve.add_argument("--timeout", type=float, default=None, help="seconds")
    solve.add_argument("--json", action="store_true", help="print the JSON answer")
    solve.add_argument("--svg", metavar="OUT", help="also write the solved picture as SVG")
    solve.set_defaults(handler=run_solve)

    rate = commands.add_parser("rate", help="grade a puzzle's difficulty")
    rate.add_argument("type", metavar="TYPE")
    rate.add_argument("file", metavar="FILE")
    rate.add_argument("--timeout", type=float, default=None, help="seconds")
    rate.add_argument("--json", action="store_true")
    rate.set_defaults(handler=run_rate)

    gen = commands.add_parser("generate", help="generate a puzzle with a unique solution")
    gen.add_argument("type", metavar="TYPE")
    gen.add_argument("--size", help="board size, as the type reads it (9, 10x10 …)")
    gen.add_argument("--level", help="wanted level (name or number)")
    gen.add_argument("--difficulty", nargs=2, type=float, metavar=("LOW", "HIGH"))
    gen.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    gen.add_argument("--seed", type=int, default=None)
    gen.add_argument("--timeout", type=float, default=60.0, help="seconds (default 60)")
    gen.add_argument("--json", action="store_true")
    gen.add_argument("--svg", metavar="OUT", help="also write the puzzle as SVG")
    gen.set_defaults(handler=run_generate)


def _logic_type(name: str) -> Any:
    from crossforge.plugins.puzzles.logic import LogicPuzzleType
    from crossforge.plugins.registry import registry

    ptype = registry().puzzle_type(name)
    if not isinstance(ptype, LogicPuzzleType):
        raise LookupError(f"puzzle type {name!r} is not a logic puzzle")
    return ptype


def read_source(path: str) -> str | dict[str, Any]:
    """The puzzle source of FILE: its JSON object when it starts with ``{``, else its text."""
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: bad JSON at line {exc.lineno}: {exc.msg}") from exc
        if not isinstance(data, dict):
            raise ValueError(f"{path}: the JSON must be an object")
        return data
    return text


def level_names(ptype: Any) -> Mapping[int, str]:
    """The type's level labels, or its techniques' names by level."""
    names = getattr(ptype, "level_names", None)
    if names:
        return dict(names)
    return {t.level: t.name for t in ptype.techniques}


def _control(timeout: float | None, seed: int | None = None) -> Any:
    from crossforge.plugins.contract import Control

    return Control.with_timeout(timeout, seed=seed)


def run_solve(args: argparse.Namespace) -> int:
    """Solve FILE logically, or with ``--strategy``; print the answer."""
    from crossforge.plugins.puzzles.answers import solve_answer

    ptype = _logic_type(args.type)
    source = read_source(args.file)
    puzzle = ptype.load(source)
    control = _control(args.timeout, args.seed)
    if args.strategy:
        from crossforge.plugins.registry import registry

        strategy = registry().strategy(args.strategy)
        problem = ptype.problem({"puzzle": source})
        answer = ptype.result(problem, strategy.solve(problem, control))
        answer.setdefault("strategy", args.strategy)
    else:
        answer = solve_answer(ptype.solve_logically(puzzle, control), level_names(ptype))
    if args.svg and answer.get("solution") is not None:
        Path(args.svg).write_text(ptype.render_svg(puzzle, answer["solution"]), encoding="utf-8")
    if args.json:
        print(json.dumps(answer, indent=2))
    else:
        _print_answer(ptype, puzzle, answer)
    return 0 if answer["status"] == "solved" else 1


def _print_answer(ptype: Any, puzzle: Any, answer: Mapping[str, Any]) -> None:
    difficulty = answer["difficulty"]
    if answer["status"] == "solved":
        unique = {True: "unique", False: "not unique", None: "uniqueness unknown"}
        print(f"status: solved ({unique[answer['unique']]})")
    else:
        print(f"status: {answer['status']}")
    if answer.get("solution") is not None:
        print(ptype.render_text(puzzle, answer["solution"]), end="")
    print(
        f"difficulty: {difficulty['score']} points, level {difficulty['level']} "
        f"({difficulty.get('level_label', difficulty['level_name'])}), "
        f"{len(difficulty['steps'])} steps"
    )


def run_rate(args: argparse.Namespace) -> int:
    """Grade FILE: score, level and the numbered step list."""
    from crossforge.plugins.puzzles.answers import solve_answer

    ptype = _logic_type(args.type)
    puzzle = ptype.load(read_source(args.file))
    answer = solve_answer(ptype.solve_logically(puzzle, _control(args.timeout)), level_names(ptype))
    if args.json:
        print(json.dumps(answer, indent=2))
        return 0 if answer["status"] == "solved" else 1
    _print_answer(ptype, puzzle, answer)
    for i, step in enumerate(answer["difficulty"]["steps"], 1):
        print(f"{i:4}. [{step['technique']}, {step['difficulty']}] {step['detail']}")
    return 0 if answer["status"] == "solved" else 1


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option {pair!r}: KEY=VALUE expected")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def run_generate(args: argparse.Namespace) -> int:
    """Generate a puzzle of TYPE; print it (text, or JSON with its rating)."""
    from crossforge.plugins.puzzles.answers import solve_answer

    ptype = _logic_type(args.type)
    options = _options(args.option)
    for key in ("size", "level"):
        if getattr(args, key) is not None:
            options[key] = getattr(args, key)
    if args.difficulty is not None:
        options["difficulty"] = list(args.difficulty)
    rng = random.Random(args.seed)
    puzzle = ptype.generate(rng, _control(args.timeout, args.seed), **options)
    if args.svg:
        Path(args.svg).write_text(ptype.render_svg(puzzle), encoding="utf-8")
    if args.json:
        rated = solve_answer(ptype.solve_logically(puzzle, _control(None)), level_names(ptype))
        print(json.dumps({"puzzle": ptype.to_json(puzzle), "rating": rated}, indent=2))
    else:
        print(ptype.to_text(puzzle), end="")
    return 0
