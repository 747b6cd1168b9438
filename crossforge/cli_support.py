"""Pieces the ``crossforge`` commands share: errors, ``KEY=VALUE`` options and progress
drawn on standard error while it is a terminal. Imports only click and the standard
library, so the command module of every package (``wordbase``, ``grids``, ``plugins``,
``server``) and of a third-party distribution can use it without importing upwards."""

from __future__ import annotations

import json
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from types import TracebackType
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

Progress = Callable[[int, int], None]
"""``progress(done, total)``, as bulk word-list writes call it."""


LAYERED_LISTS = click.option(
    "--list",
    "word_list",
    multiple=True,
    metavar="NAME",
    help="Word list (default: the default list); repeat to layer lists, top first: the "
    "first list holding a word gives its score and clues, and its bans remove it below.",
)
"""The ``--list`` option of the commands that fill, design or suggest."""


def list_field(names: tuple[str, ...]) -> str | list[str] | None:
    """A request's ``list`` from ``--list`` values: a name, several top first, or None."""
    if not names:
        return None
    return names[0] if len(names) == 1 else list(names)


class CommandError(click.ClickException):
    """A command's input or environment is wrong: ``crossforge: error: …``, exit status 1."""

    def show(self, file: Any = None) -> None:
        click.echo(f"crossforge: error: {self.format_message()}", err=True)


class BadInput(click.BadParameter):
    """A malformed argument value; exit status 1 (bad input), as for errors found later."""

    exit_code = 1


class KeyValue(click.ParamType):
    """``KEY=VALUE`` into ``(key, value)``; with ``json_value`` the value is JSON when it
    parses (``true``, ``3``, ``"x"``) and plain text otherwise."""

    name = "key=value"

    def __init__(self, json_value: bool = False) -> None:
        self.json_value = json_value

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> tuple[str, Any]:
        if isinstance(value, tuple):
            return value
        key, sep, text = str(value).partition("=")
        if not sep or not key:
            raise BadInput(f"{value!r}: expected KEY=VALUE", ctx, param)
        if not self.json_value:
            return key, text
        try:
            return key, json.loads(text)
        except json.JSONDecodeError:
            return key, text
        except RecursionError:
            raise BadInput(f"{key}: the JSON value is nested too deeply", ctx, param) from None


def on_terminal() -> bool:
    """True when standard error is a terminal, where progress is drawn."""
    return sys.stderr.isatty()


@contextmanager
def progress_bar(label: str) -> Iterator[Progress]:
    """A ``progress(done, total)`` callback drawing a click progress bar on a terminal
    (the bar starts at the first call, which tells the total); a no-op when piped."""
    if not on_terminal():
        yield lambda done, total: None
        return
    with ExitStack() as stack:
        bars: list[ProgressBar[int]] = []

        def advance(done: int, total: int) -> None:
            if not bars:
                bar = click.progressbar(length=total, label=label, show_pos=True, file=sys.stderr)
                bars.append(stack.enter_context(bar))
            bars[0].update(done - bars[0].pos)

        yield advance


class StatusLine:
    """A line on a terminal's standard error, redrawn in place with the elapsed time and
    the latest progress report; for work of unknown length. Draws nothing when piped or
    not ``shown``."""

    def __init__(self, label: str, shown: bool = True, interval: float = 0.1) -> None:
        self.label = label
        self.interval = interval
        self.latest: Mapping[str, Any] = {}
        self._shown = shown
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._started = time.monotonic()

    def report(self, report: Mapping[str, Any]) -> None:
        """A ``Control.progress`` callback: show ``report`` from the next redraw on."""
        self.latest = report

    def __enter__(self) -> StatusLine:
        if self._shown and on_terminal():
            self._thread.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._thread.is_alive():
            self._stop.set()
            self._thread.join()
            click.echo("\r\x1b[K", nl=False, err=True)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            elapsed = time.monotonic() - self._started
            line = f"{self.label} {elapsed:.1f} s  {report_line(self.latest)}"
            width = shutil.get_terminal_size().columns - 1
            click.echo(f"\r\x1b[K{line[:width]}", nl=False, err=True)


def report_line(report: Mapping[str, Any]) -> str:
    """A strategy's progress report on one line: filled variables, then its counters."""
    parts = []
    if "filled" in report and "variables" in report:
        parts.append(f"{report['filled']}/{report['variables']} filled")
    for key, value in report.items():
        if key in ("filled", "variables", "time", "elapsed") or isinstance(value, bool):
            continue
        if isinstance(value, int):
            parts.append(f"{key} {value:,}")
        elif isinstance(value, float):
            parts.append(f"{key} {value:.4g}")
    return ", ".join(parts)
