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

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from crossforge.cli_support import KeyValue, StatusLine
from crossforge.errors import InputError

if TYPE_CHECKING:
    from crossforge.plugins.puzzles.logic import LogicPuzzleType

type_argument = click.argument("type_name", metavar="TYPE")
file_argument = click.argument("file", metavar="FILE")
timeout_option = click.option("--timeout", type=float, help="Time limit in seconds.")
json_option = click.option("--json", "as_json", is_flag=True, help="Print the JSON answer.")
svg_option = click.option("--svg", metavar="OUT", help="Also write the picture as SVG.")


@click.group()
def puzzle() -> None:
    """Solve, rate and generate logic puzzles.

    TYPE is a logic puzzle type (sudoku, regex, shikaku, tents …).
    FILE holds the type's text format, or its JSON form when it starts with '{'
    ('-' reads standard input).
    """


def _logic_type(name: str) -> LogicPuzzleType:
    from crossforge.plugins.registry import registry

    ptype = registry().puzzle_type(name)
    if "solve" not in ptype.actions:
        raise InputError(f"puzzle type {name!r} is not a logic puzzle")
    return cast("LogicPuzzleType", ptype)


def read_source(path: str) -> str | dict[str, Any]:
    """The puzzle source of FILE: its JSON object when it starts with ``{``, else its text
    (``InputError`` naming the file and the byte, or the JSON's line and column)."""
    from crossforge.grids.crossword_file import FormatError, decode_json, decode_text

    data = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
    try:
        text = decode_text(data)
        return decode_json(data) if text.lstrip().startswith("{") else text
    except FormatError as exc:
        raise InputError(f"{path}: {exc}") from None


def _job_options(timeout: float | None, seed: int | None) -> dict[str, Any]:
    """The job options given on the command line."""
    return {k: v for k, v in (("timeout", timeout), ("seed", seed)) if v is not None}


def _level(level: str | None) -> str | int | None:
    """A --level as its number when it is one, else its name."""
    if level is not None and level.strip().isdecimal() and len(level.strip()) < 9:
        return int(level)
    return level  # a name, or digits no level has ('²', thousands of them): the type names it


@puzzle.command()
@type_argument
@file_argument
@click.option("--strategy", help="Search with a fill strategy (backtrack, genetic, annealing).")
@click.option("--seed", type=int, help="Random seed of the strategy.")
@timeout_option
@json_option
@svg_option
def solve(
    type_name: str,
    file: str,
    strategy: str | None,
    seed: int | None,
    timeout: float | None,
    as_json: bool,
    svg: str | None,
) -> None:
    """Solve a puzzle file, logically or with --strategy (exit status 1 unless solved)."""
    ptype = _logic_type(type_name)
    source = read_source(file)
    raw = {"type": type_name, "puzzle": source, "strategy": strategy}
    from crossforge.plugins.pipeline import run_here

    answer = run_here({**raw, "options": _job_options(timeout, seed)}, "solve")
    loaded = ptype.load(source)
    if svg and answer.get("solution") is not None:
        Path(svg).write_text(ptype.render_svg(loaded, answer["solution"]), encoding="utf-8")
    if as_json:
        print(json.dumps(answer, indent=2))
    else:
        _print_answer(ptype, loaded, answer)
    _exit_unless_solved(answer)


def _print_answer(ptype: LogicPuzzleType, puzzle: Any, answer: Mapping[str, Any]) -> None:
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


def _exit_unless_solved(answer: Mapping[str, Any]) -> None:
    if answer["status"] != "solved":
        click.get_current_context().exit(1)


@puzzle.command()
@type_argument
@file_argument
@timeout_option
@json_option
def rate(type_name: str, file: str, timeout: float | None, as_json: bool) -> None:
    """Grade a puzzle's difficulty: score, level and the numbered steps."""
    ptype = _logic_type(type_name)
    source = read_source(file)
    raw = {"type": type_name, "puzzle": source, "options": _job_options(timeout, None)}
    from crossforge.plugins.pipeline import run_here

    answer = run_here(raw, "rate")
    loaded = ptype.load(source)
    if as_json:
        print(json.dumps(answer, indent=2))
    else:
        _print_answer(ptype, loaded, answer)
        for i, step in enumerate(answer["difficulty"]["steps"], 1):
            print(f"{i:4}. [{step['technique']}, {step['difficulty']}] {step['detail']}")
    _exit_unless_solved(answer)


@puzzle.command()
@type_argument
@click.option("--size", help="Board size, as the type reads it (9, 10x10 …).")
@click.option("--level", help="Wanted level (name or number).")
@click.option(
    "--difficulty", nargs=2, type=float, metavar="LOW HIGH", help="Wanted difficulty score range."
)
@click.option(
    "--option",
    "options",
    multiple=True,
    type=KeyValue(json_value=True),
    metavar="KEY=VALUE",
    help="Another option of the type (repeatable).",
)
@click.option("--seed", type=int, help="Random seed (same seed, same puzzle).")
@click.option("--timeout", type=float, default=60.0, help="Time limit in seconds.")
@click.option("--json", "as_json", is_flag=True, help="Print the puzzle and its rating as JSON.")
@click.option("--svg", metavar="OUT", help="Also write the puzzle as SVG.")
def generate(
    type_name: str,
    size: str | None,
    level: str | None,
    difficulty: tuple[float, float] | None,
    options: tuple[tuple[str, Any], ...],
    seed: int | None,
    timeout: float,
    as_json: bool,
    svg: str | None,
) -> None:
    """Generate a puzzle with a unique solution.

    The type's generate gets size and level (text), difficulty ([low, high]) and every
    --option. On a terminal a status line shows the time spent.
    """
    wanted: dict[str, Any] = dict(options)
    wanted.update((k, v) for k, v in (("size", size), ("level", _level(level))) if v is not None)
    if difficulty is not None:
        wanted["difficulty"] = list(difficulty)
    raw = {"type": type_name, "options": {**wanted, **_job_options(timeout, seed)}}
    from crossforge.plugins.pipeline import run_here

    with StatusLine(f"generate {type_name}") as status:
        answer = run_here(raw, "generate", status.report)
    ptype = _logic_type(type_name)
    made = ptype.load(answer["puzzle"])
    if svg:
        Path(svg).write_text(ptype.render_svg(made), encoding="utf-8")
    if as_json:
        print(json.dumps({"puzzle": answer["puzzle"], "rating": answer["rating"]}, indent=2))
    else:
        print(ptype.to_text(made), end="")
