"""The ``crossforge`` command: a click group of the ``crossforge.commands`` entry points.

Every command, built in or from another distribution, is an entry point naming a click
command or group (``words = "crossforge.wordbase.cli:words"``). One is imported when the
group is listed (``--help``) or the command runs, and only once; one that fails to load
becomes a command that reports why, and the others work as usual. Command modules import
only click at the top, so ``crossforge --help`` stays fast.

Errors: bad input (``InputError``, ``NotFound``), an installation to fix (``NotReady``)
and a failing file or connection (``OSError``, a database or Redis that does not answer)
print ``crossforge: error: …`` with exit status 1, click's own (a malformed command
line) exit 2; anything else is a bug of ours,
shown with its traceback and ``crossforge: internal error: …``, exit status 1.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import click

from crossforge.cli_support import CommandError
from crossforge.errors import InputError, NotFound, NotReady, shown

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

COMMAND_GROUP = "crossforge.commands"


def installed_commands() -> list[EntryPoint]:
    """The ``crossforge.commands`` entry points of every installed distribution."""
    from importlib.metadata import entry_points

    return list(entry_points(group=COMMAND_GROUP))


class EntryPointGroup(click.Group):
    """A click group whose commands are entry points, each loaded on first use, once."""

    def __init__(
        self,
        *args: Any,
        source: Callable[[], Iterable[EntryPoint]] = installed_commands,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.source = source
        self._found: dict[str, EntryPoint] | None = None

    def entry_points(self) -> dict[str, EntryPoint]:
        """The entry points by command name (the first one of a name wins)."""
        if self._found is None:
            self._found = {}
            for point in self.source():
                self._found.setdefault(point.name, point)
        return self._found

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.entry_points()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        point = self.entry_points().get(cmd_name)
        if cmd_name not in self.commands and point is not None:
            self.add_command(load_command(point), cmd_name)
        return self.commands.get(cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (InputError, NotFound, NotReady, OSError) as exc:
            raise CommandError(shown(str(exc))) from exc
        except (click.ClickException, click.exceptions.Exit, click.Abort, EOFError):
            raise  # click shows these (EOFError: it aborts, as on Ctrl-D)
        except Exception as exc:
            if unanswered_service(exc):
                raise CommandError(f"a service does not answer: {_first_line(exc)}") from exc
            raise InternalError(exc) from exc


def unanswered_service(exc: BaseException) -> bool:
    """Whether ``exc`` is a database or Redis that does not answer: the operator's to
    fix, not a bug. Read from the loaded modules, so ``--help`` imports neither library."""
    database = sys.modules.get("sqlalchemy.exc")
    queue = sys.modules.get("redis.exceptions")
    return (database is not None and isinstance(exc, database.OperationalError)) or (
        queue is not None and isinstance(exc, queue.ConnectionError | queue.TimeoutError)
    )


def _first_line(exc: BaseException) -> str:
    """The driver's own message where SQLAlchemy wraps one, first line only."""
    return str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]


class InternalError(click.ClickException):
    """A command failed on a bug of ours: its traceback, then ``crossforge: internal
    error: …``; exit status 1."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.cause = cause

    def show(self, file: Any = None) -> None:
        click.echo("".join(traceback.format_exception(self.cause)), err=True, nl=False)
        click.echo(
            f"crossforge: internal error (a bug, not your input; please report it with the "
            f"traceback above): {self.format_message()}",
            err=True,
        )


def load_command(point: EntryPoint) -> click.Command:
    """The click command an entry point names, or one reporting why it did not load."""
    try:
        command = point.load()
        if not isinstance(command, click.Command):
            raise TypeError(f"{type(command).__name__} is not a click command")
        return command
    except Exception as exc:  # a broken plugin must not take the other commands down
        dist = f" (from {point.dist.name})" if point.dist is not None else ""
        message = f"cannot load {point.value}{dist}: {type(exc).__name__}: {exc}"

        def fail() -> None:
            raise CommandError(message)

        return click.Command(
            point.name,
            callback=fail,
            help=f"BROKEN: {message}",
            context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
        )


@click.group(
    "crossforge",
    cls=EntryPointGroup,
    context_settings={"help_option_names": ["-h", "--help"], "show_default": True},
)
def cli() -> None:
    """Crossword construction server and word database."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (130 on Ctrl-C)."""
    try:
        status = cli.main(
            list(argv) if argv is not None else None, prog_name="crossforge", standalone_mode=False
        )
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except click.Abort as exc:
        return 130 if isinstance(exc.__context__, KeyboardInterrupt) else 1
    return status if isinstance(status, int) else 0


if __name__ == "__main__":
    sys.exit(main())
