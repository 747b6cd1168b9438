"""What ``crossforge fill`` and ``crossforge design`` share: their options, declared
once, and how a run is reported and written.

A request option sets the request field of its name (``--lock`` sets ``locked``) to the
value that field takes, or to None when it is not given, so that the default is the one
the schema declaring the field gives (``FIELD_SCHEMAS`` says which schema;
``tests/plugins/test_cli_options.py`` checks every option against it). Click and the
standard library only: ``crossforge fill --help`` imports no plugin.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from crossforge.cli_support import BadInput, KeyValue, StatusLine

if TYPE_CHECKING:
    from crossforge.plugins.contract import Action

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


class RegionItem(click.ParamType):
    """A region item: a slot id (``17A``) into ``("slots", "17A")``, a cell ``ROW,COL``
    into ``("cells", [row, col])``."""

    name = "region"

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[str, Any]:
        if isinstance(value, tuple):
            return value
        text = str(value).strip()
        row, sep, col = text.partition(",")
        cell = [_number(row), _number(col)]
        if sep and None not in cell:
            return "cells", cell
        if _number(text[:-1]) is not None and text[-1:].upper() in ("A", "D"):
            return "slots", text.upper()
        raise BadInput(f"{value!r}: expected a slot such as 17A or a cell ROW,COL", ctx, param)


def _number(text: str) -> int | None:
    """``text`` as a slot or cell number (decimal digits, fewer than nine), else None:
    '²' and thousands of digits are no number ``int()`` takes."""
    text = text.strip()
    return int(text) if text.isdecimal() and len(text) < 9 else None


def _words(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> Any:
    return list(value) or None


def _entries(ctx: click.Context, param: click.Parameter, value: tuple[Any, ...]) -> Any:
    return dict(value) or None


def _region(ctx: click.Context, param: click.Parameter, value: tuple[Any, ...]) -> Any:
    return {kind: [v for k, v in value if k == kind] for kind, _ in value} or None


def _flag(flag: str, field: str, value: bool, help: str) -> Decorator:
    """A flag setting ``field`` to ``value`` (None when not given)."""
    return click.option(flag, field, flag_value=value, default=None, help=help)


def _at_least(flag: str, minimum: int, metavar: str, help: str) -> Decorator:
    """A whole number of at least ``minimum``."""
    return click.option(flag, type=click.IntRange(min=minimum), metavar=metavar, help=help)


REQUEST_OPTIONS: dict[str, Decorator] = {
    "min_score": click.option(
        "--min-score", type=float, metavar="S", help="Lowest word score allowed."
    ),
    "seed": click.option(
        "--seed",
        type=int,
        metavar="N",
        help="Random seed: the same seed, the same answer (unless the clock ended an "
        "improving search).",
    ),
    "timeout": click.option(
        "--timeout", type=float, default=60.0, metavar="SEC", help="Time limit in seconds."
    ),
    "locked": click.option(
        "--lock",
        "locked",
        multiple=True,
        type=KeyValue(),
        callback=_entries,
        metavar="ID=WORD",
        help="Fix an entry in advance, e.g. --lock 17A=THEMEANSWER (repeatable).",
    ),
    "allowed": click.option(
        "--allow",
        "allowed",
        multiple=True,
        callback=_words,
        metavar="WORD",
        help="Allow a word (repeatable).",
    ),
    "banned": click.option(
        "--ban",
        "banned",
        multiple=True,
        callback=_words,
        metavar="WORD",
        help="Ban a word (repeatable).",
    ),
    "no_duplicates": _flag(
        "--allow-duplicates", "no_duplicates", False, "Let an entry appear more than once."
    ),
    "shared_substring": _at_least(
        "--shared-substring", 2, "N", "Forbid two entries sharing N or more letters in a row."
    ),
    "shared_stems": _flag(
        "--shared-stems", "shared_stems", True, "Forbid two entries with the same stem."
    ),
    "quality": click.option(
        "--quality",
        type=click.Choice(["first", "best"]),
        help="best (default): improve the fill for CROSSFORGE_BEST_SECONDS; first: the first fill.",
    ),
    "alternatives": _at_least("--alternatives", 1, "K", "Fills wanted."),
    "min_difference": _at_least(
        "--min-difference", 1, "N", "Entries in which every two fills differ (with --alternatives)."
    ),
    "region": click.option(
        "--region",
        multiple=True,
        type=RegionItem(),
        callback=_region,
        metavar="ID|ROW,COL",
        help="Fill only this slot (17A) or cell (3,4, from 0); other cells keep their letter "
        "or stay empty (repeatable).",
    ),
}
"""Each option by the request field it sets."""

FIELD_SCHEMAS: dict[str, str] = {
    "min_score": "type",
    "seed": "job",
    "timeout": "job",
    "locked": "type",
    "allowed": "type",
    "banned": "type",
    "no_duplicates": "type",
    "shared_substring": "type",
    "shared_stems": "type",
    "quality": "strategy",
    "alternatives": "strategy",
    "min_difference": "strategy",
    "region": "type",
}
"""Which schema declares each field: the crossword type's, backtrack's or every job's."""


def _all(options: Sequence[Decorator]) -> Decorator:
    """One decorator adding ``options`` in their order (click lists them as declared)."""

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


@dataclass(frozen=True)
class Run:
    """How a fill or design command runs besides its request's fields: the puzzle type
    and strategy, further options (``--param``), the file to write, the reports."""

    puzzle_type: str
    strategy: str
    param: Mapping[str, Any] | None
    output: Path | None
    progress: bool
    as_json: bool

    def request(self, fields: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        """The raw request of ``fields`` and ``options`` (each without its None values),
        ``--param`` over ``options``; checks first that ``--output`` names a format."""
        self._format()
        return {
            "type": self.puzzle_type,
            "strategy": self.strategy,
            **given(fields),
            "options": given({**options, **(self.param or {})}),
        }

    def answer(self, raw: dict[str, Any], action: Action, label: str) -> dict[str, Any]:
        """Run ``raw`` in this process under a status line named ``label`` (``--progress``:
        the reports as JSON lines on stderr instead)."""
        from crossforge.plugins.pipeline import run_here

        with StatusLine(label, shown=not self.progress) as status:
            return run_here(raw, action, _print_report if self.progress else status.report)

    def show(self, answer: Mapping[str, Any], report: Callable[[Any], str]) -> None:
        """Print ``answer`` as JSON (``--json``) or as ``report`` writes it."""
        print(json.dumps(answer, indent=2) if self.as_json else report(answer))

    def write(self, filled: Mapping[str, Any] | None) -> None:
        """Write a filled grid answer to ``--output``, when given, in its file's format."""
        if self.output is None or filled is None:
            return
        from crossforge.plugins.puzzles.crossword.files import fill_file

        data = fill_file(filled, self._format())
        self.output.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)

    def _format(self) -> str:
        from crossforge.grids.formats import format_for

        if self.output is None:
            return ""
        return "svg" if self.output.suffix.lower() == ".svg" else format_for(self.output)


def _print_report(report: Mapping[str, Any]) -> None:
    print(json.dumps(dict(report), default=str), file=sys.stderr, flush=True)


def command_options(written: str, *request_fields: str) -> Decorator:
    """A decorator adding, in this order, ``--type`` and ``--strategy``, the options of
    ``request_fields`` (each passed to the command by its field's name), ``--param``,
    ``--output`` (which writes ``written``), ``--progress`` and ``--json``; all but the
    request options are passed to the command as one ``run`` (a ``Run``)."""
    first = [
        click.option(
            "--type", "puzzle_type", default="american", help="Puzzle type (american, canadian)."
        ),
        click.option("--strategy", default="backtrack", help="Fill strategy."),
    ]
    last = [
        click.option(
            "--param",
            multiple=True,
            type=KeyValue(json_value=True),
            callback=_entries,
            metavar="KEY=JSON",
            help="Any other option or strategy parameter, e.g. --param restarts=none (repeatable).",
        ),
        click.option(
            "--output",
            "-o",
            type=click.Path(dir_okay=False, path_type=Path),
            metavar="FILE",
            help=f"Also write {written}: .svg or a puzzle file (.txt .grid .json .puz .ipuz .xd).",
        ),
        click.option(
            "--progress", is_flag=True, help="Print progress reports to stderr as JSON lines."
        ),
        click.option("--json", "as_json", is_flag=True, help="Print JSON."),
    ]
    names = [field.name for field in dataclasses.fields(Run)]

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(command)
        def with_run(**kwargs: Any) -> Any:
            run = Run(**{name: kwargs.pop(name) for name in names})
            return command(run=run, **kwargs)

        requested = [REQUEST_OPTIONS[field] for field in request_fields]
        return _all([*first, *requested, *last])(with_run)

    return decorate


def given(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The fields that were given (not None)."""
    return {k: v for k, v in fields.items() if v is not None}
